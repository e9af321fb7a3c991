import Foundation

/// A behavior the animator runs: UIKit's `UIDynamicBehavior`.
///
/// Use it directly as a composite: give it child behaviors (also from a subclass's initializer) and an
/// ``action`` that runs once per animator step. The built-in behaviors (gravity, push, item properties, …) are
/// subclasses that keep no children. Changing a parameter of a behavior that is already in an animator takes
/// effect on the next step and wakes the animator.
@MainActor
open class DynamicBehavior {
    /// Creates an empty composite behavior.
    public init() {}

    /// The children, in the order they were added.
    public private(set) var childBehaviors: [DynamicBehavior] = []

    /// The behavior this one is a child of, if any.
    public private(set) weak var parentBehavior: DynamicBehavior?

    /// The animator this behavior is registered in (directly or through a parent), or nil.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?

    /// Called once per animator step, after the physics step and the write-back to items.
    public var action: (@MainActor () -> Void)? {
        didSet { dynamicAnimator?.steppingBehaviorsCache = nil }
    }

    /// Called when the behavior is added to an animator (after ``dynamicAnimator`` is set) and with nil when
    /// it is removed. Override to react; the default does nothing.
    open func willMove(to dynamicAnimator: DynamicAnimator?) {}

    /// Adds a child behavior. Adding a child twice is ignored. When this behavior is already in an animator,
    /// the child is registered there at once.
    public func addChildBehavior(_ behavior: DynamicBehavior) {
        guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
        precondition(!keepsNoChildren, "\(type(of: self)) is a primitive behavior and keeps no child behaviors")
        precondition(behavior !== self, "A behavior cannot be its own child")
        precondition(
            behavior.parentBehavior == nil,
            "\(type(of: behavior)) is already a child of \(type(of: behavior.parentBehavior!)); remove it there first")
        var ancestor: DynamicBehavior? = self
        while let a = ancestor {
            precondition(a !== behavior, "Adding \(type(of: behavior)) as a child would make a cycle")
            ancestor = a.parentBehavior
        }
        childBehaviors.append(behavior)
        behavior.parentBehavior = self
        dynamicAnimator?.register(behavior)
    }

    /// Removes a child behavior (and unregisters it from the animator). Unknown behaviors are ignored.
    public func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: index)
        behavior.parentBehavior = nil
        dynamicAnimator?.unregister(behavior)
    }

    // MARK: Hooks for the built-in behaviors

    /// True for the built-in primitive behaviors, which keep no children.
    var keepsNoChildren: Bool { false }

    /// Whether this behavior lets the animator pause: a composite does when it has no action and all of its
    /// children do (so an empty custom behavior stops the animator); primitive behaviors never do.
    var allowsAnimatorToStop: Bool {
        !keepsNoChildren && action == nil && childBehaviors.allSatisfy { $0.allowsAnimatorToStop }
    }

    /// Items this behavior needs bodies for.
    var bodyItems: [any DynamicItem] { [] }

    /// Called after the behavior is registered and its items have bodies.
    func didRegister(in animator: DynamicAnimator) {}

    /// Called when the behavior leaves the animator, before its items' bodies are released.
    func willUnregister(from animator: DynamicAnimator) {}

    /// True for behaviors whose ``prepareStep(in:)`` does something (pushes); the animator calls only those.
    var actsBeforeStep: Bool { false }

    /// Called before every physics step (pushes apply their forces here).
    func prepareStep(in animator: DynamicAnimator) {}

    /// Tells the animator that a parameter changed: it is applied on the next step, and the animator wakes.
    func setNeedsUpdate() {
        dynamicAnimator?.behaviorDidChange()
    }
}
