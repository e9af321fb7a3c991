internal import Foundation

/// Stable handle of a collision shape (slot + generation, like ``BodyID``).
public struct ShapeID: Hashable, Sendable, CustomStringConvertible {
    /// Slot of the shape, reused after it is destroyed.
    public var index: Int32
    /// Incremented each time the slot is freed.
    public var generation: UInt32

    /// Creates a handle from its parts.
    public init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// "shape #index (generation g)".
    public var description: String { "shape #\(index) (generation \(generation))" }
}

/// A point in a body's frame or the world, pt.
public struct ShapePoint: Hashable, Sendable {
    /// Horizontal coordinate, pt.
    public var x: Double
    /// Vertical coordinate, pt (down on screen).
    public var y: Double

    /// A point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The geometry of a collision shape, in its body's frame (pt; (0, 0) is the body's centre).
public enum ShapeGeometry: Hashable, Sendable {
    /// A disc of `radius` (> 0) around `center`.
    case circle(center: ShapePoint, radius: Double)
    /// A convex polygon of 3…``ShapeDefinition/maximumPolygonVertices`` distinct vertices, either winding.
    case polygon([ShapePoint])
    /// A two-sided line segment (boundaries).
    case segment(ShapePoint, ShapePoint)
}

/// Everything needed to attach a collision shape to a body.
///
/// Two shapes interact when each one's category meets the other's mask (either way), they belong to different
/// bodies, and at least one of those bodies moves.
public struct ShapeDefinition: Hashable, Sendable {
    /// Most vertices a polygon may have (the C core's `sdMaxPolygonVertices`).
    public static let maximumPolygonVertices = 32
    /// Largest distance of any shape point from its body's centre, pt.
    public static let maximumExtent = 1.0e6

    /// The shape.
    public var geometry: ShapeGeometry
    /// What the shape is. Default 1.
    public var categoryBits: UInt64 = 1
    /// What it collides with. Default all bits.
    public var maskBits: UInt64 = .max
    /// A tag returned in contact events. Default 0.
    public var userData: UInt64 = 0

    /// A shape with the default filter and tag.
    public init(_ geometry: ShapeGeometry) {
        self.geometry = geometry
    }

    /// Checks the geometry exactly as the C core does, and throws the first problem found.
    public func validate() throws(SolverError) {
        switch geometry {
        case let .circle(center, radius):
            try Validate.finite(center.x, "circle center.x")
            try Validate.finite(center.y, "circle center.y")
            try Validate.positive(radius, "circle radius")
            guard abs(center.x) + abs(center.y) + radius <= Self.maximumExtent else {
                throw .outOfRange(parameter: "circle radius", value: radius, expected: "within \(Self.maximumExtent) pt of the body's centre")
            }
        case let .segment(a, b):
            for (value, name) in [(a.x, "segment x1"), (a.y, "segment y1"), (b.x, "segment x2"), (b.y, "segment y2")] {
                try Validate.finite(value, name)
                guard abs(value) <= Self.maximumExtent else {
                    throw .outOfRange(parameter: name, value: value, expected: "within \(Self.maximumExtent) pt")
                }
            }
            guard ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() > 1e-9 else {
                throw .outOfRange(parameter: "segment", value: 0, expected: "two distinct end points")
            }
        case let .polygon(vertices):
            try Self.validatePolygon(vertices)
        }
    }

    /// A polygon's checks: vertex count, finite and in range, strictly convex (every corner turns the same way,
    /// no repeated or collinear vertices, one turn in all), with area.
    static func validatePolygon(_ v: [ShapePoint]) throws(SolverError) {
        let n = v.count
        guard (3...maximumPolygonVertices).contains(n) else {
            throw .outOfRange(parameter: "polygon vertices", value: Double(n), expected: "3...\(maximumPolygonVertices) vertices")
        }
        for p in v {
            try Validate.finite(p.x, "polygon vertex x")
            try Validate.finite(p.y, "polygon vertex y")
            guard abs(p.x) <= maximumExtent, abs(p.y) <= maximumExtent else {
                throw .outOfRange(parameter: "polygon vertex", value: max(abs(p.x), abs(p.y)), expected: "within \(maximumExtent) pt")
            }
        }
        let twiceArea = polygonTwiceArea(v)
        guard abs(twiceArea) > 1e-9 else {
            throw .outOfRange(parameter: "polygon", value: twiceArea / 2, expected: "an area")
        }
        let sign = twiceArea > 0 ? 1.0 : -1.0
        var turn = 0.0
        for i in 0..<n {
            let a = v[i], b = v[(i + 1) % n], c = v[(i + 2) % n]
            let ex = b.x - a.x, ey = b.y - a.y, fx = c.x - b.x, fy = c.y - b.y
            let lengths = (ex * ex + ey * ey).squareRoot() * (fx * fx + fy * fy).squareRoot()
            guard lengths > 0 else { throw .outOfRange(parameter: "polygon", value: Double(i), expected: "distinct consecutive vertices") }
            guard sign * (ex * fy - ey * fx) > 1e-12 * lengths else {
                throw .outOfRange(parameter: "polygon", value: Double((i + 1) % n), expected: "a convex outline (vertex \((i + 1) % n) is reflex or collinear)")
            }
            turn += atan2(ex * fy - ey * fx, ex * fx + ey * fy)
        }
        guard abs(abs(turn) - 2 * Double.pi) <= 1e-6 else {
            throw .outOfRange(parameter: "polygon", value: turn, expected: "an outline that turns once (it crosses itself)")
        }
    }

    /// Twice the signed area of a polygon (shoelace), in the C core's operation order: positive when the outward
    /// normal of each edge e is (e.y, −e.x), the orientation both engines keep polygons in.
    public static func polygonTwiceArea(_ v: [ShapePoint]) -> Double {
        var sum = 0.0
        for i in v.indices {
            let j = i + 1 == v.count ? 0 : i + 1
            sum += v[i].x * v[j].y - v[j].x * v[i].y
        }
        return sum
    }
}
