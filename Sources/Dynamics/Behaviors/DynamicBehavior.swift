internal import Foundation

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

    // MARK: The animator's hooks: the one channel between behaviors and the physics world
    //
    // The animator calls these at fixed points and passes a `BehaviorContext`; behaviors never hold the world.
    // A behavior whose parameter changed calls `setNeedsBodySettingsUpdate()` (gravity, item properties: the
    // next step rebuilds every body's settings), `setNeedsWorldUpdate()` (its joints or bodies: the next step
    // calls its `applyChanges(in:)`), or `wakeAnimator()` (read at the next step anyway, e.g. a push).

    /// True for the built-in primitive behaviors, which keep no children.
    var keepsNoChildren: Bool { false }

    /// Whether this behavior lets the animator pause: a composite does when it has no action and all of its
    /// children do (so an empty custom behavior stops the animator); primitive behaviors never do.
    var allowsAnimatorToStop: Bool {
        !keepsNoChildren && action == nil && childBehaviors.allSatisfy { $0.allowsAnimatorToStop }
    }

    /// Items this behavior needs bodies for.
    var bodyItems: [any DynamicItem] { [] }

    /// Called once the behavior is registered and its items have bodies: create joints and the like.
    func register(in context: BehaviorContext) {}

    /// Called when the behavior leaves the animator, before its items' bodies are released.
    func unregister(from context: BehaviorContext) {}

    /// Adds what this behavior asks of its items' bodies (gravity, properties). Called in hierarchy order for
    /// every registered behavior whenever any of them asked for a body-settings update.
    func contributeBodySettings(to table: inout BodySettingsTable) {}

    /// Applies parameter changes recorded since `setNeedsWorldUpdate()`, at the start of the next step.
    func applyChanges(in context: BehaviorContext) {}

    /// True for behaviors whose ``prepareStep(in:)`` does something (pushes); the animator calls only those.
    var actsBeforeStep: Bool { false }

    /// Called before every physics step (pushes apply their forces here).
    func prepareStep(in context: BehaviorContext) {}

    /// True for behaviors that hear the step's contacts (collision behaviors with a delegate).
    var reportsContacts: Bool { false }

    /// Called after the physics step and before the `action`s, once per phase: every reporting behavior hears
    /// the began contacts, then every one the ended contacts.
    func reportContacts(_ contacts: StepContacts, phase: StepContacts.Phase, in context: BehaviorContext) {}

    /// Adds what the behavior shows in a debug drawing (its joints, boundaries or field), as it is now; called by
    /// ``DynamicAnimator/debugDrawing()``.
    func contributeDebugDrawing(to drawing: inout DebugDrawing, in context: BehaviorContext) {}

    /// Set while this behavior waits for ``applyChanges(in:)``, so it is queued once.
    var isAwaitingWorldUpdate = false

    /// Body settings changed: every body's settings are rebuilt before the next step, and the animator wakes.
    func setNeedsBodySettingsUpdate() {
        dynamicAnimator?.bodySettingsDidChange()
    }

    /// This behavior's joints or bodies must change: ``applyChanges(in:)`` runs before the next step, and the
    /// animator wakes.
    func setNeedsWorldUpdate() {
        dynamicAnimator?.scheduleWorldUpdate(for: self)
    }

    /// A parameter the next step reads anyway changed: only wake the animator.
    func wakeAnimator() {
        dynamicAnimator?.resume()
    }
}
