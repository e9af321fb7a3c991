internal import Foundation
internal import SolverBackend

extension DynamicAnimator {
    /// The animator's physics as it is now, as data to draw: every body with its shape and rotation, every
    /// attachment and snap spring, the collision boundaries, the touching contacts (from the solver's contact
    /// list of the last step) and the field regions.
    ///
    /// All positions are in the reference coordinate system, in points, y down; see ``DebugDrawing`` for the
    /// conventions. The animator is not changed and is not stepped.
    public func debugDrawing() -> DebugDrawing {
        var drawing = DebugDrawing(bounds: .null)
        for record in records.compactMap({ $0 }) {
            let state = solve { try world.state(of: record.id) }
            drawing.bodies.append(
                DebugDrawing.Body(
                    center: CGPoint(x: state.x, y: state.y), angle: state.angle, shapes: DebugShapes.shapes(of: record.item),
                    isAwake: state.isAwake, collides: !record.shapes.isEmpty))
        }
        let context = self.context
        for behavior in registeredBehaviors { behavior.contributeDebugDrawing(to: &drawing, in: context) }
        for contact in world.contacts where contact.isTouching {
            for point in contact.points {
                drawing.contacts.append(
                    DebugDrawing.Contact(
                        point: CGPoint(x: point.position.x, y: point.position.y),
                        normal: CGVector(dx: contact.normal.x, dy: contact.normal.y), separation: point.separation))
            }
        }
        drawing.bounds = referenceBounds ?? drawing.contentBounds
        return drawing
    }

    /// An SVG picture of the animator's physics as it is now: ``debugDrawing()`` drawn by
    /// ``DebugDrawing/svgDocument()``.
    ///
    /// Returns a complete, self-contained SVG document (UTF-8 text, no external references). Its `viewBox` is
    /// the reference bounds, so one SVG unit is one point of the reference coordinate system (y down). It shows
    /// bodies as their collision outlines (rectangles, ellipses, polygons) turned by their rotation, with a
    /// tick from the centre marking the angle; attachments as lines between their attachment points (springs
    /// dashed) with the anchor points as dots; boundaries as thick lines; each touching contact point as a dot
    /// with a short line along its normal; and field regions as translucent circles and rectangles around the
    /// field's position. Regions built with intersection, difference or inverse are approximated by the
    /// outlines of all their shapes, drawn dashed (see ``DebugDrawing/Field/isApproximate``).
    public func debugSnapshot() -> String {
        debugDrawing().svgDocument()
    }

    /// The current body state of `item` (nil when it has no body here).
    func debugState(of item: any DynamicItem) -> BodyState? {
        bodyID(of: item).map { id in solve { try world.state(of: id) } }
    }
}

extension DebugDrawing {
    /// The smallest rectangle holding every body's centre and extent, joint point, contact and boundary; an
    /// empty rectangle at the origin when there is nothing.
    var contentBounds: CGRect {
        var rect = CGRect.null
        func include(_ p: CGPoint, _ margin: CGFloat = 0) { rect = rect.union(CGRect(x: p.x - margin, y: p.y - margin, width: 2 * margin, height: 2 * margin)) }
        for body in bodies {
            include(body.center, CGFloat(body.shapes.map(\.extent).max() ?? 0))
        }
        for joint in joints { include(joint.pointA); include(joint.pointB) }
        for contact in contacts { include(contact.point) }
        for boundary in boundaries { boundary.polylines.joined().forEach { include($0) } }
        return rect.isNull ? .zero : rect
    }
}

extension DebugDrawing.Shape {
    /// The largest distance of the outline from the body's centre, pt.
    var extent: Double {
        switch self {
        case let .rectangle(center, size, _), let .ellipse(center, size, _):
            return Double(hypot(center.x, center.y) + hypot(size.width, size.height) / 2)
        case let .polygon(points):
            return Double(points.map { hypot($0.x, $0.y) }.max() ?? 0)
        }
    }
}
