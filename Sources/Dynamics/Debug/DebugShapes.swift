internal import Foundation

/// Outlines of items for debug drawings, in the body's frame. Unlike the collision geometry these never
/// refuse an item: an ellipse stays an ellipse, and a path that is not one convex polygon is drawn as the
/// item's bounds.
@MainActor
enum DebugShapes {
    static func shapes(of item: any DynamicItem) -> [DebugDrawing.Shape] {
        if let group = item as? DynamicItemGroup {
            return zip(group.items, group.memberOffsets).flatMap { member, offset in
                let turn = Double(member.transform.rotationAngle - group.transform.rotationAngle)
                return shapes(of: member).map { placed($0, turn: turn, by: offset) }
            }
        }
        let size = item.bounds.size
        switch item.collisionBoundsType {
        case .rectangle: return [.rectangle(center: .zero, size: size, angle: 0)]
        case .ellipse: return [.ellipse(center: .zero, size: size, angle: 0)]
        case .path:
            guard let polygon = item.collisionBoundingPath.convexPolygon else { return [.rectangle(center: .zero, size: size, angle: 0)] }
            return [.polygon(polygon)]
        }
    }

    /// `shape` turned by `turn` radians about the group's centre, then moved by `offset`.
    private static func placed(_ shape: DebugDrawing.Shape, turn: Double, by offset: CGPoint) -> DebugDrawing.Shape {
        let c = CGFloat(cos(turn)), s = CGFloat(sin(turn))
        func move(_ p: CGPoint) -> CGPoint { CGPoint(x: offset.x + c * p.x - s * p.y, y: offset.y + s * p.x + c * p.y) }
        switch shape {
        case let .rectangle(center, size, angle): return .rectangle(center: move(center), size: size, angle: angle + turn)
        case let .ellipse(center, size, angle): return .ellipse(center: move(center), size: size, angle: angle + turn)
        case let .polygon(points): return .polygon(points.map(move))
        }
    }
}
