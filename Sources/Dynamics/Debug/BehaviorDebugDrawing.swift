internal import Foundation
internal import SolverBackend

// What each behavior adds to a debug drawing, through its `contributeDebugDrawing(to:in:)` hook. Attachment points come from the bodies' current states (not the
// items', which may be converted or not yet written), so the lines meet the drawn bodies exactly.

extension AttachmentBehavior {
    /// Appends what this behavior shows (``contributeDebugDrawing(to:in:)``).
    func drawDebug(into drawing: inout DebugDrawing, in context: BehaviorContext) {
        let states = items.compactMap(context.animator.debugState)
        guard states.count == items.count else { return }
        let points = states.indices.map { k in
            attachmentPoint(k, center: CGPoint(x: states[k].x, y: states[k].y), angle: states[k].angle)
        }
        let style: DebugDrawing.JointStyle
        switch form {
        case .distance: style = frequency > 0 ? .spring : .rod
        case .sliding: style = .slider
        case .limit: style = .rope
        case .fixed: style = .weld
        case .pin: style = .pin
        }
        drawing.joints.append(
            DebugDrawing.Joint(pointA: points[0], pointB: points.count > 1 ? points[1] : anchorPoint, isAnchored: points.count == 1, style: style))
    }
}

extension SnapBehavior {
    /// Appends what this behavior shows (``contributeDebugDrawing(to:in:)``).
    func drawDebug(into drawing: inout DebugDrawing, in context: BehaviorContext) {
        guard let state = context.animator.debugState(of: item) else { return }
        let c = cos(state.angle), s = sin(state.angle)
        for (corner, anchor) in zip(corners(), anchors()) {
            let onItem = CGPoint(x: state.x + c * corner.x - s * corner.y, y: state.y + s * corner.x + c * corner.y)
            drawing.joints.append(
                DebugDrawing.Joint(pointA: onItem, pointB: CGPoint(x: anchor.x, y: anchor.y), isAnchored: true, style: .spring))
        }
    }
}

extension CollisionBehavior {
    /// Appends what this behavior shows (``contributeDebugDrawing(to:in:)``).
    func drawDebug(into drawing: inout DebugDrawing, in context: BehaviorContext) {
        for boundary in boundaries where !boundary.shapes.isEmpty {
            // Chained from the collided segments, so a closed subpath ends where it began.
            var polylines: [[CGPoint]] = []
            for segment in boundary.path.lineSegments {
                if polylines.last?.last == segment.from { polylines[polylines.count - 1].append(segment.to) } else {
                    polylines.append([segment.from, segment.to])
                }
            }
            drawing.boundaries.append(
                DebugDrawing.Boundary(identifier: boundary.identifier.map { String(describing: $0) }, polylines: polylines))
        }
    }
}

extension FieldBehavior {
    /// Appends what this behavior shows (``contributeDebugDrawing(to:in:)``).
    func drawDebug(into drawing: inout DebugDrawing, in context: BehaviorContext) {
        var areas: [DebugDrawing.Area] = []
        var isApproximate = false
        region.shape.forEachPostfix { node in
            switch node {
            case let .circle(radius): areas.append(.circle(radius: radius))
            case let .rectangle(width, height): areas.append(.rectangle(size: CGSize(width: width, height: height)))
            case .intersection, .difference, .inverse: isApproximate = true
            case .empty, .infinite, .union: break
            }
        }
        drawing.fields.append(
            DebugDrawing.Field(
                kind: String(describing: kind), position: position, isEverywhere: region.shape == .infinite, areas: areas,
                isApproximate: isApproximate))
    }
}
