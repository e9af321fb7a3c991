public import Foundation
internal import SolverBackend

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
    /// Velocity added since the last step (or before the behavior was in an animator), applied to the bodies
    /// at the start of the next step; the velocity getters include it.
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
        setNeedsBodySettingsUpdate()
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

    /// Density: mass = density × area / 10 000 kg, so a 100 × 100 item of density 1 weighs 1 kg. 1e-9 … 1e9 (the
    /// solvers' bounds: beyond them mass or its inverse would overflow). Default 1.
    public var density: CGFloat {
        get { current.density }
        set {
            requireInside(newValue, Validate.densities, "DynamicItemBehavior.density")
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

    /// Adds `velocity` (pt/s) to `item`'s linear velocity and wakes the animator. Ignored for items not in this
    /// behavior and for zero vectors; before the behavior is in an animator it is kept and added when it joins
    /// one.
    public func addLinearVelocity(_ velocity: CGPoint, for item: any DynamicItem) {
        requireFinite(velocity, "DynamicItemBehavior.addLinearVelocity velocity")
        guard velocity != .zero else { return }
        addVelocity(linear: velocity, angular: 0, for: item)
    }

    /// `item`'s linear velocity in pt/s (including velocity added since the last step), or zero when it is not
    /// in this behavior or not animated.
    public func linearVelocity(for item: any DynamicItem) -> CGPoint {
        guard list.contains(item), let state = dynamicAnimator?.bodyState(of: item) else { return .zero }
        // Recorded velocity is added at the next step, where anchored bodies ignore it.
        let pending = state.mass > 0 ? pendingVelocities[ObjectIdentifier(item)]?.linear ?? .zero : .zero
        return CGPoint(x: CGFloat(state.vx) + pending.x, y: CGFloat(state.vy) + pending.y)
    }

    /// Adds `velocity` rad/s (positive = clockwise on screen) to `item`'s angular velocity.
    public func addAngularVelocity(_ velocity: CGFloat, for item: any DynamicItem) {
        requireFinite(velocity, "DynamicItemBehavior.addAngularVelocity velocity")
        guard velocity != 0 else { return }
        addVelocity(linear: .zero, angular: velocity, for: item)
    }

    /// `item`'s angular velocity in rad/s (including velocity added since the last step), or zero when it is
    /// not in this behavior or not animated.
    public func angularVelocity(for item: any DynamicItem) -> CGFloat {
        guard list.contains(item), let state = dynamicAnimator?.bodyState(of: item) else { return 0 }
        let pending = state.inertia > 0 ? pendingVelocities[ObjectIdentifier(item)]?.angular ?? 0 : 0
        return CGFloat(state.angularVelocity) + pending
    }

    /// Records velocity for a member item; it reaches the body at the start of the next step.
    private func addVelocity(linear: CGPoint, angular: CGFloat, for item: any DynamicItem) {
        guard list.contains(item) else { return }
        let key = ObjectIdentifier(item)
        let old = pendingVelocities[key] ?? (.zero, 0)
        pendingVelocities[key] = (CGPoint(x: old.linear.x + linear.x, y: old.linear.y + linear.y), old.angular + angular)
        setNeedsWorldUpdate()
    }

    override var keepsNoChildren: Bool { true }
    override var bodyItems: [any DynamicItem] { list.items }

    /// Later item behaviors (in hierarchy order) override what earlier ones set, property by property.
    override func contributeBodySettings(to table: inout BodySettingsTable) {
        for item in list.items {
            table.update(item) { $0.properties = $0.properties.merging(explicitProperties) }
        }
    }

    override func register(in context: BehaviorContext) {
        if !pendingVelocities.isEmpty { setNeedsWorldUpdate() }
    }

    /// Adds the recorded velocities (the animator has applied body settings first, so a body that became
    /// anchored or non-rotating ignores them as it should).
    override func applyChanges(in context: BehaviorContext) {
        for item in list.items {
            guard let pending = pendingVelocities[ObjectIdentifier(item)], let body = context.body(of: item) else { continue }
            context.run {
                try $0.addVelocity(body, dvx: Double(pending.linear.x), dvy: Double(pending.linear.y), dw: Double(pending.angular))
            }
        }
        pendingVelocities.removeAll()
    }
}
