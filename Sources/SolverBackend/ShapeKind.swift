/// The shape a body's mass properties (and, later, its collisions) come from.
public enum ShapeKind: Sendable, Equatable {
    /// A `width × height` box centred on the body.
    case rectangle
    /// The ellipse inscribed in `width × height` (a circle when they are equal).
    case ellipse
    /// A convex polygon with the given area (pt²) and polar moment of inertia per unit mass about the
    /// body's centre (pt²), as computed by ``PolygonMassProperties``.
    case polygon(area: Double, unitInertia: Double)

    /// Area in pt² and polar moment per unit mass in pt² for a body of the given bounding size.
    ///
    /// Rectangle: `w·h` and `(w² + h²)/12`; ellipse: `π·w·h/4` and `(w² + h²)/16`.
    public func massProperties(width: Double, height: Double) -> (area: Double, unitInertia: Double) {
        switch self {
        case .rectangle:
            return (width * height, (width * width + height * height) / 12.0)
        case .ellipse:
            return (Double.pi * width * height / 4.0, (width * width + height * height) / 16.0)
        case let .polygon(area, unitInertia):
            return (area, unitInertia)
        }
    }
}

/// Area and polar moment of inertia of a simple polygon, by the shoelace formula.
public enum PolygonMassProperties {
    /// Returns the area (pt², positive whatever the winding), the centroid, and the polar moment per unit
    /// mass about `pivot` (pt²), or nil when the polygon has fewer than 3 vertices or no area.
    public static func compute(
        vertices: [(x: Double, y: Double)], about pivot: (x: Double, y: Double) = (0, 0)
    ) -> (area: Double, centroid: (x: Double, y: Double), unitInertia: Double)? {
        guard vertices.count >= 3 else { return nil }
        var twiceArea = 0.0
        var cx = 0.0
        var cy = 0.0
        var polar = 0.0  // ∫(x² + y²) dA about the origin, times 12
        for k in vertices.indices {
            let p = vertices[k]
            let q = vertices[(k + 1) % vertices.count]
            let cross = p.x * q.y - q.x * p.y
            twiceArea += cross
            cx += (p.x + q.x) * cross
            cy += (p.y + q.y) * cross
            polar += cross * (p.x * p.x + p.x * q.x + q.x * q.x + p.y * p.y + p.y * q.y + q.y * q.y)
        }
        let area = twiceArea / 2
        guard abs(area) > 1e-12, area.isFinite else { return nil }
        let centroid = (x: cx / (6 * area), y: cy / (6 * area))
        let polarAboutOrigin = polar / 12 / area  // per unit area, so per unit mass
        // Parallel-axis theorem: move from the origin to the centroid, then to the pivot.
        let c2 = centroid.x * centroid.x + centroid.y * centroid.y
        let dx = centroid.x - pivot.x
        let dy = centroid.y - pivot.y
        let unitInertia = polarAboutOrigin - c2 + dx * dx + dy * dy
        return (abs(area), centroid, unitInertia)
    }
}
