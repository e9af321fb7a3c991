public import Foundation

/// A path of straight segments: collision boundaries and custom collision shapes.
///
/// A headless stand-in for `UIBezierPath` with what dynamics needs: move, line, close, rectangles, ovals
/// (flattened to ``ovalSegmentCount`` segments) and polygons. Coordinates are points; for an item's
/// `collisionBoundingPath`, (0, 0) is the item's centre.
public final class BezierPath: CustomStringConvertible {
    /// One drawing command.
    public enum Element: Sendable, Equatable {
        /// Starts a new subpath at the point (points).
        case move(CGPoint)
        /// A straight segment from the current point to the point (points).
        case line(CGPoint)
        /// Closes the current subpath with a segment back to its first point.
        case close
    }

    /// Number of straight segments an oval is flattened into.
    public static let ovalSegmentCount = 32

    /// The commands, in order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A closed rectangle, starting at its minimum corner.
    public convenience init(rect: CGRect) {
        self.init(polygon: [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ])
    }

    /// A closed ellipse inscribed in `rect`, as ``ovalSegmentCount`` segments.
    public convenience init(ovalIn rect: CGRect) {
        let n = Self.ovalSegmentCount
        let points = (0..<n).map { k -> CGPoint in
            let t = 2 * Double.pi * Double(k) / Double(n)
            return CGPoint(x: Double(rect.midX) + Double(rect.width) / 2 * cos(t),
                           y: Double(rect.midY) + Double(rect.height) / 2 * sin(t))
        }
        self.init(polygon: points)
    }

    /// A closed polygon through `points` (nothing when empty).
    public convenience init(polygon points: [CGPoint]) {
        self.init()
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
        close()
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { elements.append(.move(point)) }

    /// Adds a straight segment from the current point to `point` (starting a subpath there if none is open).
    public func addLine(to point: CGPoint) {
        elements.append(elements.isEmpty ? .move(point) : .line(point))
    }

    /// Closes the current subpath with a segment back to its first point.
    public func close() {
        if !elements.isEmpty { elements.append(.close) }
    }

    /// Applies `transform` to every point.
    public func apply(_ transform: CGAffineTransform) {
        elements = elements.map {
            switch $0 {
            case let .move(p): return .move(p.applying(transform))
            case let .line(p): return .line(p.applying(transform))
            case .close: return .close
            }
        }
    }

    /// True when the path has no points.
    public var isEmpty: Bool { elements.isEmpty }

    /// The vertices of each subpath, in order (the closing point is not repeated).
    public var subpaths: [[CGPoint]] {
        var result: [[CGPoint]] = []
        var current: [CGPoint] = []
        for element in elements {
            switch element {
            case let .move(p):
                if !current.isEmpty { result.append(current) }
                current = [p]
            case let .line(p): current.append(p)
            case .close:
                if !current.isEmpty { result.append(current) }
                current = []
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Every straight segment of the outline, in order: each `line` from the current point, and the closing
    /// segment of each closed subpath (a collision boundary is this outline, collided with from both sides).
    public var lineSegments: [(from: CGPoint, to: CGPoint)] {
        var out: [(from: CGPoint, to: CGPoint)] = []
        var start: CGPoint?
        var current: CGPoint?
        for element in elements {
            switch element {
            case let .move(p):
                start = p
                current = p
            case let .line(p):
                if let c = current, c != p { out.append((c, p)) }
                current = p
            case .close:
                if let c = current, let s = start, c != s { out.append((c, s)) }
                current = start
            }
        }
        return out
    }

    /// The smallest rectangle holding every point (`.null` for an empty path).
    public var bounds: CGRect {
        let points = subpaths.joined()
        guard let first = points.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// True when `point` is inside a subpath (even-odd rule).
    public func contains(_ point: CGPoint) -> Bool {
        var inside = false
        for polygon in subpaths where polygon.count >= 3 {
            var j = polygon.count - 1
            for i in polygon.indices {
                let a = polygon[i], b = polygon[j]
                if (a.y > point.y) != (b.y > point.y),
                    point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x
                {
                    inside.toggle()
                }
                j = i
            }
        }
        return inside
    }

    /// The single closed convex polygon this path describes, or nil when it has several subpaths, fewer than
    /// three vertices, no area, or a reflex corner. The winding is kept as drawn.
    public var convexPolygon: [CGPoint]? {
        let all = subpaths
        guard all.count == 1, let polygon = all.first, polygon.count >= 3 else { return nil }
        var sign = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count], c = polygon[(i + 2) % polygon.count]
            let cross = Double((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x))
            if abs(cross) < 1e-12 { continue }
            if sign == 0 {
                sign = cross
            } else if (cross > 0) != (sign > 0) {
                return nil
            }
        }
        return sign == 0 ? nil : polygon
    }

    /// A one-line summary for logs and precondition messages: the number of elements and the ``bounds``, e.g.
    /// `BezierPath(5 elements, bounds (0.0, 0.0, 10.0, 10.0))`.
    public var description: String { "BezierPath(\(elements.count) elements, bounds \(bounds))" }
}
