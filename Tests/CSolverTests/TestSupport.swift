// Helpers shared by the CSolver tests: a world owner, bit-exact snapshots and tolerance checks.
import CSolver
import Testing

/// Owns one `sdWorld` for the duration of a test and destroys it on deinit.
final class World {
    let raw: OpaquePointer

    /// Creates a world; `model` selects the position update (default: the world's own default, analytic).
    init(_ def: sdWorldDef = sdDefaultWorldDef(), model: sdSpringModel? = nil) throws {
        var def = def
        var created: OpaquePointer?
        let result = sdCreateWorld(&def, &created)
        try #require(result == sdResult_ok)
        raw = try #require(created)
        if let model { try #require(sdWorld_SetSpringModel(raw, model) == sdResult_ok) }
    }

    deinit { sdDestroyWorld(raw) }

    /// Creates a body, requiring success.
    @discardableResult
    func create(_ def: sdBodyDef = sdDefaultBodyDef(), sourceLocation: SourceLocation = #_sourceLocation) throws
        -> sdBodyId
    {
        var def = def
        var id = sdBodyId(index: -7, generation: 0xDEAD)
        let result = sdCreateBody(raw, &def, &id)
        try #require(result == sdResult_ok, sourceLocation: sourceLocation)
        return id
    }

    /// Reads a body's state, requiring success.
    func state(_ id: sdBodyId, sourceLocation: SourceLocation = #_sourceLocation) throws -> sdBodyState {
        var s = sdBodyState()
        let result = sdBody_GetState(raw, id, &s)
        try #require(result == sdResult_ok, sourceLocation: sourceLocation)
        return s
    }

    /// Steps `count` times, requiring success.
    func step(_ dt: Double, substeps: Int32, count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        for _ in 0..<count {
            let result = sdWorld_Step(raw, dt, substeps)
            try #require(result == sdResult_ok, sourceLocation: sourceLocation)
        }
    }

    var bodyCount: Int32 { sdWorld_GetBodyCount(raw) }
    var awakeCount: Int32 { sdWorld_GetAwakeBodyCount(raw) }

    /// Every slot's bulk state as bit patterns, so "unchanged" means bit-identical.
    func snapshot() -> [UInt64] {
        let s = sdWorld_GetState(raw)
        let n = Int(s.slotCount)
        var out: [UInt64] = [UInt64(n), UInt64(bitPattern: Int64(bodyCount)), UInt64(bitPattern: Int64(awakeCount))]
        for i in 0..<n {
            out += [s.x[i], s.y[i], s.angle[i], s.vx[i], s.vy[i], s.angularVelocity[i]].map(\.bitPattern)
            out += [UInt64(s.alive[i]), UInt64(s.awake[i])]
        }
        return out
    }
}

/// A body state as bit patterns (every field, including mass, inertia, size, flags and the awake flag).
func bits(_ s: sdBodyState) -> [UInt64] {
    [s.x, s.y, s.angle, s.vx, s.vy, s.angularVelocity, s.mass, s.inertia, s.width, s.height].map(\.bitPattern)
        + [UInt64(s.flags), s.awake ? 1 : 0]
}

/// The raw value of a flag constant as the `uint32_t` the API takes.
let staticFlag = UInt32(sdBodyFlag_static)
let fixedRotationFlag = UInt32(sdBodyFlag_fixedRotation)

/// A body definition built from the defaults with a few fields changed.
func bodyDef(
    x: Double = 0, y: Double = 0, width: Double = 100, height: Double = 100, shape: sdShapeKind = sdShape_rectangle,
    density: Double = 1, gravityY: Double = 0, flags: UInt32 = 0, configure: (inout sdBodyDef) -> Void = { _ in }
) -> sdBodyDef {
    var def = sdDefaultBodyDef()
    def.x = x
    def.y = y
    def.width = width
    def.height = height
    def.shape = shape
    def.density = density
    def.gravityY = gravityY
    def.flags = flags
    configure(&def)
    return def
}

/// Expects |actual − expected| ≤ tolerance (fails on NaN).
func expectClose(
    _ actual: Double, _ expected: Double, within tolerance: Double, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        abs(actual - expected) <= tolerance,
        "\(what): got \(actual), expected \(expected) ± \(tolerance) (off by \(actual - expected))",
        sourceLocation: sourceLocation)
}

/// Expects |actual − expected| ≤ tolerance · |expected| (fails on NaN).
func expectRelative(
    _ actual: Double, _ expected: Double, within tolerance: Double, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        abs(actual - expected) <= tolerance * abs(expected),
        "\(what): got \(actual), expected \(expected) within \(tolerance) relative",
        sourceLocation: sourceLocation)
}

/// Both position updates: analytic (trapezoidal, the default) and UIKit-compatible (semi-implicit Euler).
let springModels = [sdSpringModel_analytic, sdSpringModel_uikitCompatible]

/// Displacement under a constant acceleration a, from rest, after n substeps of length h is a·h²·weight.
/// Semi-implicit Euler moves by the new velocity each substep: Σ k = n(n+1)/2, which lags the closed form
/// a·t²/2 by a·t·h/2. The analytic model moves by the mean of old and new velocity: Σ (k − ½) = n²/2, exact.
func constantAccelerationWeight(_ model: sdSpringModel, substeps n: Int) -> Double {
    model == sdSpringModel_uikitCompatible ? Double(n * (n + 1)) / 2 : Double(n * n) / 2
}
