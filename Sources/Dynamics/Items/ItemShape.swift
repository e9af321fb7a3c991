internal import Foundation
internal import SolverBackend

/// Turns an item's size and collision shape into the body fields the solvers need, refusing bad geometry
/// with a message that names the item and the value.
@MainActor
enum ItemShape {
    /// Bounding size and mass shape of `item`.
    static func shape(of item: any DynamicItem) -> (width: Double, height: Double, shape: ShapeKind) {
        let size = item.bounds.size
        let width = Double(size.width)
        let height = Double(size.height)
        precondition(
            width.isFinite && height.isFinite && width > 0 && height > 0,
            "Invalid size (\(width), \(height)) for item \(item) in Dynamics: bounds width and height must be finite and > 0")
        if let group = item as? DynamicItemGroup {
            return (width, height, groupShape(group))
        }
        switch item.collisionBoundsType {
        case .rectangle: return (width, height, .rectangle)
        case .ellipse: return (width, height, .ellipse)
        case .path:
            let path = item.collisionBoundingPath
            guard let polygon = path.convexPolygon,
                let mass = PolygonMassProperties.compute(vertices: polygon.map { (Double($0.x), Double($0.y)) })
            else {
                preconditionFailure("Item \(item) provided an invalid bounding path \(path): it must be one closed convex polygon with area")
            }
            return (width, height, .polygon(area: mass.area, unitInertia: mass.unitInertia))
        }
    }

    /// A group's mass is the sum of its members'; its inertia adds each member's own plus area × offset².
    private static func groupShape(_ group: DynamicItemGroup) -> ShapeKind {
        var area = 0.0
        var moment = 0.0
        for (member, offset) in zip(group.items, group.memberOffsets) {
            let (w, h, shape) = Self.shape(of: member)
            let properties = shape.massProperties(width: w, height: h)
            let d2 = Double(offset.x * offset.x + offset.y * offset.y)
            area += properties.area
            moment += properties.area * (properties.unitInertia + d2)
        }
        return .polygon(area: area, unitInertia: moment / area)
    }
}
