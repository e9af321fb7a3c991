/// Where a field acts: exact set algebra over circles and rectangles centred on the field's position.
///
/// Points are relative to the field's position. Boundaries belong to their shape: a circle of radius r contains
/// x² + y² ≤ r², a rectangle of size w × h contains |x| ≤ w/2 and |y| ≤ h/2. Combinations nest to any depth
/// up to ``maximumNodeCount`` shapes and operators in all.
public indirect enum FieldRegion: Sendable, Equatable {
    /// No point.
    case empty
    /// Every point.
    case infinite
    /// x² + y² ≤ radius² (radius in pt, ≥ 0).
    case circle(radius: Double)
    /// |x| ≤ width/2 and |y| ≤ height/2 (pt, ≥ 0).
    case rectangle(width: Double, height: Double)
    /// Points in either.
    case union(FieldRegion, FieldRegion)
    /// Points in both.
    case intersection(FieldRegion, FieldRegion)
    /// Points of the first that are not in the second.
    case difference(FieldRegion, FieldRegion)
    /// Points not in the region.
    case inverse(FieldRegion)

    /// Most shapes and operators one region may hold (the C core's `sdMaxRegionNodes`).
    public static let maximumNodeCount = 1024

    /// Whether (x, y), relative to the field, is in the region.
    public func contains(x: Double, y: Double) -> Bool {
        switch self {
        case .empty: return false
        case .infinite: return true
        case let .circle(radius): return x * x + y * y <= radius * radius
        case let .rectangle(width, height): return abs(x) <= 0.5 * width && abs(y) <= 0.5 * height
        case let .union(a, b): return a.contains(x: x, y: y) || b.contains(x: x, y: y)
        case let .intersection(a, b): return a.contains(x: x, y: y) && b.contains(x: x, y: y)
        case let .difference(a, b): return a.contains(x: x, y: y) && !b.contains(x: x, y: y)
        case let .inverse(a): return !a.contains(x: x, y: y)
        }
    }

    /// Shapes and operators in the region.
    public var nodeCount: Int {
        switch self {
        case .empty, .infinite, .circle, .rectangle: return 1
        case let .union(a, b), let .intersection(a, b), let .difference(a, b): return a.nodeCount + b.nodeCount + 1
        case let .inverse(a): return a.nodeCount + 1
        }
    }

    /// Throws for a negative or non-finite size, or more than ``maximumNodeCount`` nodes.
    public func validate() throws(SolverError) {
        let count = nodeCount
        guard count <= Self.maximumNodeCount else {
            throw .outOfRange(
                parameter: "region", value: Double(count), expected: "at most \(Self.maximumNodeCount) shapes and operators")
        }
        try validateShapes()
    }

    private func validateShapes() throws(SolverError) {
        switch self {
        case .empty, .infinite: return
        case let .circle(radius): try Validate.nonNegative(radius, "region radius")
        case let .rectangle(width, height):
            try Validate.nonNegative(width, "region width")
            try Validate.nonNegative(height, "region height")
        case let .union(a, b), let .intersection(a, b), let .difference(a, b):
            try a.validateShapes()
            try b.validateShapes()
        case let .inverse(a): try a.validateShapes()
        }
    }

    /// Visits the region in postfix order (operands before their operator), the order the C core evaluates.
    public func forEachPostfix(_ body: (FieldRegion) -> Void) {
        switch self {
        case .empty, .infinite, .circle, .rectangle: break
        case let .union(a, b), let .intersection(a, b), let .difference(a, b):
            a.forEachPostfix(body)
            b.forEachPostfix(body)
        case let .inverse(a): a.forEachPostfix(body)
        }
        body(self)
    }
}
