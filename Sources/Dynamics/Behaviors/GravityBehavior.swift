public import Foundation

/// Accelerates its items in one direction, whatever their mass: UIKit's `UIGravityBehavior`.
///
/// Magnitude 1.0 is 1000 points/s² (UIKit's 10 m/s² at 100 points per metre). Each gravity behavior acts on
/// its own items; an item in two gravity behaviors feels the sum.
@MainActor
open class GravityBehavior: DynamicBehavior {
    private var list: ItemList

    /// Creates a gravity behavior for `items` (default none), pointing down with magnitude 1.
    public init(items: [any DynamicItem] = []) {
        list = ItemList(items)
        super.init()
    }

    /// The items this gravity acts on.
    public var items: [any DynamicItem] { list.items }

    /// Adds an item (duplicates are ignored).
    public func addItem(_ item: any DynamicItem) { insertItem(item, into: &list) }

    /// Removes an item.
    public func removeItem(_ item: any DynamicItem) { removeItem(item, from: &list) }

    /// The acceleration vector in units of 1000 pt/s². Default (0, 1): down.
    public var gravityDirection = CGVector(dx: 0.0, dy: 1.0) {
        didSet {
            requireFinite(gravityDirection, "GravityBehavior.gravityDirection")
            setNeedsBodySettingsUpdate()
        }
    }

    /// Direction in radians (0 = right, π/2 = down). Default π/2. Reads 0 when the magnitude is 0.
    public var angle: CGFloat {
        get { gravityDirection == .zero ? 0 : CGFloat(atan2(Double(gravityDirection.dy), Double(gravityDirection.dx))) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// Strength: 1.0 = 1000 pt/s². Default 1. Setting 0 makes the vector (0, 0).
    public var magnitude: CGFloat {
        get { CGFloat(hypot(Double(gravityDirection.dx), Double(gravityDirection.dy))) }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Sets direction and strength together: the vector becomes (cos θ, sin θ) × magnitude.
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        requireFinite(angle, "GravityBehavior.angle")
        requireFinite(magnitude, "GravityBehavior.magnitude")
        gravityDirection = CGVector(
            dx: CGFloat(cos(Double(angle))) * magnitude, dy: CGFloat(sin(Double(angle))) * magnitude)
    }

    override var keepsNoChildren: Bool { true }
    override var bodyItems: [any DynamicItem] { list.items }

    /// Each gravity behavior accelerates its own items; an item in two of them feels the sum.
    override func contributeBodySettings(to table: inout BodySettingsTable) {
        let ax = Double(gravityDirection.dx) * PhysicsUnits.gravityAcceleration
        let ay = Double(gravityDirection.dy) * PhysicsUnits.gravityAcceleration
        for item in list.items {
            table.update(item) {
                $0.gravityX += ax
                $0.gravityY += ay
            }
        }
    }
}
