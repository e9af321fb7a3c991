internal import Foundation
internal import SolverBackend

/// What the animator knows about one item's body: the item, its id in the world, how many registered
/// behaviors hold it, what was last written to the item (to notice changes made from outside), and what was
/// last pushed to the body (to push only changes).
@MainActor
struct BodyRecord {
    let item: any DynamicItem
    let id: BodyID
    var retainCount = 1
    /// The item's `center` and `transform` exactly as last written or read.
    var itemCenter: CGPoint
    var itemTransform: CGAffineTransform
    /// Body angle last written to the item.
    var angle: Double
    /// True for views not directly inside the reference view: their centres need converting.
    var convertsCoordinates: Bool
    /// The item as a `View` when it is one (cast once): views are read and written without protocol calls,
    /// and `viewChangeCount` (their write counter after the animator's last read or write) tells at once
    /// whether anyone else moved them.
    let view: View?
    var viewChangeCount: UInt64 = 0
    var gravity = (x: 0.0, y: 0.0)
    var properties = ItemProperties.defaults
    /// The item's collision shapes (none while no collision behavior holds it) and their filter.
    var shapes: [ShapeID] = []
    var collisionFilter = (category: UInt64(0), mask: UInt64(0))
}
