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
        precondition(
            Validate.bodySizes.contains(width) && Validate.bodySizes.contains(height),
            "Invalid size (\(width), \(height)) for item \(item) in Dynamics: bounds width and height must be in "
                + "\(Validate.bodySizes.lowerBound)...\(Validate.bodySizes.upperBound) pt")
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

extension ItemShape {
    /// Sides of the polygon an ellipse that is not a circle collides as.
    static let ellipseSides = ShapeDefinition.maximumPolygonVertices

    /// The collision geometry of `item` in its body's frame ((0, 0) at its centre, unrotated): a rectangle, a
    /// circle (a square ellipse), an ellipse's circumscribed polygon, its convex path, or every member's shape
    /// for a group. Refuses geometry the solver cannot take with a message naming the item.
    static func collisionGeometry(of item: any DynamicItem) -> [ShapeGeometry] {
        if let group = item as? DynamicItemGroup {
            return zip(group.items, group.memberOffsets).flatMap { member, offset in
                let turn = Double(member.transform.rotationAngle - group.transform.rotationAngle)
                return collisionGeometry(of: member).map { placed($0, turn: turn, by: offset) }
            }
        }
        let size = item.bounds.size
        let w = Double(size.width) / 2, h = Double(size.height) / 2
        let geometry: ShapeGeometry
        switch item.collisionBoundsType {
        case .rectangle:
            geometry = .polygon([
                ShapePoint(x: -w, y: -h), ShapePoint(x: w, y: -h), ShapePoint(x: w, y: h), ShapePoint(x: -w, y: h),
            ])
        case .ellipse where w == h:
            geometry = .circle(center: ShapePoint(x: 0, y: 0), radius: w)
        case .ellipse:
            // The circumscribed polygon: its edges touch the ellipse at angles 2πk/n (an affine image of a circle's
            // circumscribed polygon), so an unrotated ellipse rests exactly on its semi-axis.
            let n = ellipseSides
            let grow = 1 / cos(Double.pi / Double(n))
            geometry = .polygon((0..<n).map { k in
                let t = 2 * Double.pi * (Double(k) + 0.5) / Double(n)
                return ShapePoint(x: w * cos(t) * grow, y: h * sin(t) * grow)
            })
        case .path:
            let path = item.collisionBoundingPath
            guard let polygon = path.convexPolygon else {
                preconditionFailure("Item \(item) provided an invalid bounding path \(path): it must be one closed convex polygon with area")
            }
            geometry = .polygon(polygon.map { ShapePoint(x: Double($0.x), y: Double($0.y)) })
        }
        do {
            try ShapeDefinition(geometry).validate()
        } catch {
            preconditionFailure("Item \(item) provided an invalid bounding path: \(error)")
        }
        return [geometry]
    }

    /// `geometry` turned by `turn` radians about its origin, then moved by `offset`.
    private static func placed(_ geometry: ShapeGeometry, turn: Double, by offset: CGPoint) -> ShapeGeometry {
        let c = cos(turn), s = sin(turn), ox = Double(offset.x), oy = Double(offset.y)
        func move(_ p: ShapePoint) -> ShapePoint { ShapePoint(x: ox + c * p.x - s * p.y, y: oy + s * p.x + c * p.y) }
        switch geometry {
        case let .circle(center, radius): return .circle(center: move(center), radius: radius)
        case let .polygon(vertices): return .polygon(vertices.map(move))
        case let .segment(a, b): return .segment(move(a), move(b))
        }
    }
}
