internal import Foundation
internal import SolverBackend

/// What the animator knows about one item's body: the item, its id in the world, how many registered
/// behaviors hold it, and what was last pushed to the body (to push only changes). What was last written to the
/// item is in dense arrays beside (``ItemPose``: centre and angle; `itemTransforms`: the transform; ``ItemMirror``:
/// the view and its write counter).
@MainActor
struct BodyRecord {
    let item: any DynamicItem
    let id: BodyID
    var retainCount = 1
    var gravity = (x: 0.0, y: 0.0)
    var properties = ItemProperties.defaults
    /// The item's collision shapes (none while no collision behavior holds it) and their filter.
    var shapes: [ShapeID] = []
    var collisionFilter = (category: UInt64(0), mask: UInt64(0))
}
