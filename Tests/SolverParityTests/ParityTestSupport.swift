// Helpers shared by the parity tests: a deterministic generator, tolerant comparisons, error matching.
import SolverBackend
import Testing

/// A 64-bit linear congruential generator (Knuth's MMIX constants): the same numbers on every platform and
/// every run, so a scripted scene is reproducible and both backends receive identical calls.
struct LCG {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next 32 random bits (the high half of the state, which has the longest period).
    mutating func next() -> UInt32 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt32(truncatingIfNeeded: state >> 32)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next()) / 4_294_967_296.0 }

    /// Uniform in [a, b).
    mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

    /// Uniform in 0..<n.
    mutating func int(_ n: Int) -> Int { Int(next() % UInt32(n)) }

    /// True with probability p.
    mutating func chance(_ p: Double) -> Bool { unit() < p }
}

/// A joint of `kind` from the world point `p` on body `a` to `q` on body `b` (nil: the world), its length the
/// distance between the two points; a spring of `frequency` and `dampingRatio` when `frequency` > 0, rigid
/// otherwise.
func anchoredJoint(
    _ kind: JointKind, _ a: BodyID?, _ b: BodyID?, _ p: (Double, Double), _ q: (Double, Double),
    frequency: Double = 0, dampingRatio: Double = 0
) -> JointDefinition {
    var j = JointDefinition()
    j.kind = kind
    j.bodyA = a
    j.bodyB = b
    (j.anchorAX, j.anchorAY) = p
    (j.anchorBX, j.anchorBY) = q
    j.length = ((q.0 - p.0) * (q.0 - p.0) + (q.1 - p.1) * (q.1 - p.1)).squareRoot()
    j.frequency = frequency
    j.dampingRatio = frequency > 0 ? dampingRatio : 0
    return j
}

/// |a − b| ≤ 1e-9 · max(1, |a|, |b|).
func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// Every numeric field within `close`, and the same awake flag. Returns a description of the differences.
func differences(_ a: BodyState, _ b: BodyState, tolerance: Double = 1e-9) -> [String] {
    var out: [String] = []
    let fields: [(String, Double, Double)] = [
        ("x", a.x, b.x), ("y", a.y, b.y), ("angle", a.angle, b.angle), ("vx", a.vx, b.vx), ("vy", a.vy, b.vy),
        ("angularVelocity", a.angularVelocity, b.angularVelocity), ("mass", a.mass, b.mass),
        ("inertia", a.inertia, b.inertia),
    ]
    for (name, u, v) in fields where !close(u, v, tolerance: tolerance) { out.append("\(name) \(u) vs \(v)") }
    if a.isAwake != b.isAwake { out.append("isAwake \(a.isAwake) vs \(b.isAwake)") }
    return out
}

/// A body state as bit patterns, for "bit-identical" checks.
func bits(_ s: BodyState) -> [UInt64] {
    [s.x, s.y, s.angle, s.vx, s.vy, s.angularVelocity, s.mass, s.inertia].map(\.bitPattern) + [s.isAwake ? 1 : 0]
}

/// Equal payloads, with NaN matching NaN (SolverError's synthesized `==` never equals a NaN payload).
func matchesError(_ a: SolverError?, _ b: SolverError?) -> Bool {
    func sameValue(_ u: Double, _ v: Double) -> Bool { u == v || (u.isNaN && v.isNaN) }
    switch (a, b) {
    case (nil, nil): return true
    case let (.invalidBody(x)?, .invalidBody(y)?): return x == y
    case let (.invalidJoint(x)?, .invalidJoint(y)?): return x == y
    case let (.invalidShape(x)?, .invalidShape(y)?): return x == y
    case let (.nonFinite(p, u)?, .nonFinite(q, v)?): return p == q && sameValue(u, v)
    case let (.outOfRange(p, u, e)?, .outOfRange(q, v, f)?): return p == q && sameValue(u, v) && e == f
    case (.outOfMemory?, .outOfMemory?): return true
    case let (.invalidField(x)?, .invalidField(y)?): return x == y
    default: return false
    }
}

/// Runs a call and returns the error it threw, or nil.
func thrown(_ body: () throws(SolverError) -> Void) -> SolverError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// A rectangle's corners centred on the origin, counter-clockwise in a y-up frame (or clockwise).
func rectangleVertices(width w: Double, height h: Double, clockwise: Bool = false) -> [(x: Double, y: Double)] {
    let ccw: [(x: Double, y: Double)] = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return clockwise ? ccw.reversed() : ccw
}

/// Runs an untyped-throwing call and returns the SolverError it threw, or nil; any other error is rethrown.
func thrownSolverError(_ body: () throws -> Void) throws -> SolverError? {
    do {
        try body()
        return nil
    } catch let error as SolverError {
        return error
    }
}
