import Foundation

/// Sets physical properties of its items and reads or adds to their velocities: UIKit's
/// `UIDynamicItemBehavior`.
///
/// Defaults are what UIKit's implementation does (not its documentation's zeros): elasticity 0.2, friction
/// 0.2, density 1, resistance 0.1, angular resistance 0.1, charge 0, not anchored, rotation allowed. A property
/// overrides a body's value only once it has been set to something other than its current value; when several
/// item behaviors set the same property of one item, the last in hierarchy order wins. Removing the behavior
/// returns its items to the values the remaining behaviors give them.
@MainActor
open class DynamicItemBehavior: DynamicBehavior {
    private var list: ItemList
    /// The properties explicitly set on this behavior.
    private(set) var explicitProperties = ItemProperties()
    /// Velocity added before the behavior was in an animator, applied when it is added.
    private var pendingVelocities: [ObjectIdentifier: (linear: CGPoint, angular: CGFloat)] = [:]

    /// Creates an item behavior for `items` (default none).
    public init(items: [any DynamicItem] = []) {
        list = ItemList(items)
        super.init()
    }

    /// The items configured.
    public var items: [any DynamicItem] { list.items }

    /// Adds an item (duplicates are ignored).
    public func addItem(_ item: any DynamicItem) { insertItem(item, into: &list) }

    /// Removes an item; its properties return to what the other item behaviors (or the defaults) give it.
    public func removeItem(_ item: any DynamicItem) {
        pendingVelocities[ObjectIdentifier(item)] = nil
        removeItem(item, from: &list)
    }

    private var current: ResolvedItemProperties { explicitProperties.resolved }

    private func set<T: Equatable>(_ keyPath: WritableKeyPath<ItemProperties, T?>, _ value: T, current: T) {
        guard value != current || explicitProperties[keyPath: keyPath] != nil else { return }
        explicitProperties[keyPath: keyPath] = value
        setNeedsUpdate()
    }

    /// Restitution of collisions: 0 = no bounce … 1 = elastic. ≥ 0. Default 0.2.
    public var elasticity: CGFloat {
        get { current.elasticity }
        set {
            requireNonNegative(newValue, "DynamicItemBehavior.elasticity")
            set(\.elasticity, newValue, current: current.elasticity)
        }
    }

    /// Sliding friction: 0 = none, 1 = strong. ≥ 0. Default 0.2.
    public var friction: CGFloat {
        get { current.friction }
        set {
            requireNonNegative(newValue, "DynamicItemBehavior.friction")
            set(\.friction, newValue, current: current.friction)
        }
    }

    /// Density: mass = density × area / 10 000 kg, so a 100 × 100 item of density 1 weighs 1 kg. > 0. Default 1.
    public var density: CGFloat {
        get { current.density }
        set {
            requirePositive(newValue, "DynamicItemBehavior.density")
            set(\.density, newValue, current: current.density)
        }
    }

    /// Linear velocity damping c in 1/s: without forces, speed decays as e^(−c·t). ≥ 0. Default 0.1.
    public var resistance: CGFloat {
        get { current.resistance }
        set {
            requireNonNegative(newValue, "DynamicItemBehavior.resistance")
            set(\.resistance, newValue, current: current.resistance)
        }
    }

    /// Angular velocity damping in 1/s. ≥ 0. Default 0.1.
    public var angularResistance: CGFloat {
        get { current.angularResistance }
        set {
            requireNonNegative(newValue, "DynamicItemBehavior.angularResistance")
            set(\.angularResistance, newValue, current: current.angularResistance)
        }
    }

    /// Electric charge for electric and magnetic fields (unitless). Default 0.
    public var charge: CGFloat {
        get { current.charge }
        set {
            requireFinite(newValue, "DynamicItemBehavior.charge")
            set(\.charge, newValue, current: current.charge)
        }
    }

    /// Anchored items never move and ignore forces, but others still collide with them. Default false.
    public var isAnchored: Bool {
        get { current.isAnchored }
        set { set(\.isAnchored, newValue, current: current.isAnchored) }
    }

    /// False keeps the items' rotation fixed. Default true.
    public var allowsRotation: Bool {
        get { current.allowsRotation }
        set { set(\.allowsRotation, newValue, current: current.allowsRotation) }
    }

    /// Adds `velocity` (pt/s) to `item`'s linear velocity. Ignored for items not in this behavior and for
    /// zero vectors; before the behavior is in an animator it is kept and added when it joins one.
    public func addLinearVelocity(_ velocity: CGPoint, for item: any DynamicItem) {
        requireFinite(velocity, "DynamicItemBehavior.addLinearVelocity velocity")
        guard velocity != .zero else { return }
        addVelocity(linear: velocity, angular: 0, for: item)
    }

    /// `item`'s linear velocity in pt/s, or zero when it is not in this behavior or not animated.
    public func linearVelocity(for item: any DynamicItem) -> CGPoint {
        guard list.contains(item), let state = dynamicAnimator?.bodyState(of: item) else { return .zero }
        return CGPoint(x: state.vx, y: state.vy)
    }

    /// Adds `velocity` rad/s (positive = clockwise on screen) to `item`'s angular velocity.
    public func addAngularVelocity(_ velocity: CGFloat, for item: any DynamicItem) {
        requireFinite(velocity, "DynamicItemBehavior.addAngularVelocity velocity")
        guard velocity != 0 else { return }
        addVelocity(linear: .zero, angular: velocity, for: item)
    }

    /// Adds to a member item's body now, or keeps it until the behavior joins an animator.
    private func addVelocity(linear: CGPoint, angular: CGFloat, for item: any DynamicItem) {
        guard list.contains(item) else { return }
        if let animator = dynamicAnimator {
            animator.addVelocity(to: item, linear: linear, angular: angular)
        } else {
            let key = ObjectIdentifier(item)
            let old = pendingVelocities[key] ?? (.zero, 0)
            pendingVelocities[key] = (CGPoint(x: old.linear.x + linear.x, y: old.linear.y + linear.y), old.angular + angular)
        }
    }

    /// `item`'s angular velocity in rad/s, or zero when it is not in this behavior or not animated.
    public func angularVelocity(for item: any DynamicItem) -> CGFloat {
        guard list.contains(item), let state = dynamicAnimator?.bodyState(of: item) else { return 0 }
        return CGFloat(state.angularVelocity)
    }

    override var keepsNoChildren: Bool { true }
    override var bodyItems: [any DynamicItem] { list.items }

    override func didRegister(in animator: DynamicAnimator) {
        // Properties first, so the velocities land on bodies with their final mass and flags.
        animator.configureBodiesIfNeeded()
        for item in list.items {
            guard let pending = pendingVelocities[ObjectIdentifier(item)] else { continue }
            animator.addVelocity(to: item, linear: pending.linear, angular: pending.angular)
        }
        pendingVelocities.removeAll()
    }
}
