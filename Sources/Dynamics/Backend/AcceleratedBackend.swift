import CSolver
import SolverBackend

/// The C core (`CSolver`) behind the ``PhysicsBackend`` contract. Swift owns the world through this one
/// handle: it is created in `init` and destroyed in `deinit`, and nothing else holds it.
///
/// Arguments are checked in Swift first, with the same checks as the reference solver, so both refuse the
/// same input with the same error; the C core checks again and its code is mapped for anything that slips by.
public final class AcceleratedBackend: PhysicsBackend {
    let world: OpaquePointer
    var storedSpringModel = SpringModel.analytic
    var storedIslandSolver = IslandSolverKind.batchedKernel
    var storedBodySpacePath = true

    public init(settings: WorldSettings = WorldSettings()) throws(SolverError) {
        try settings.validate()
        var def = sdDefaultWorldDef()
        def.initialBodyCapacity = Int32(settings.initialBodyCapacity)
        def.sleepLinearTolerance = settings.sleepLinearTolerance
        def.sleepAngularTolerance = settings.sleepAngularTolerance
        def.timeToSleep = settings.timeToSleep
        var created: OpaquePointer?
        try Self.check(sdCreateWorld(&def, &created), id: nil)
        guard let created else { throw .outOfMemory }
        world = created
    }

    deinit { sdDestroyWorld(world) }

    /// Maps a C result to a thrown error (the Swift-side checks normally catch bad input first).
    static func check(_ result: sdResult, id: BodyID?) throws(SolverError) {
        switch result {
        case sdResult_ok: return
        case sdResult_invalidId: throw .invalidBody(id ?? BodyID(index: -1, generation: 0))
        case sdResult_nonFinite: throw .nonFinite(parameter: "argument", value: .nan)
        case sdResult_outOfMemory: throw .outOfMemory
        default:
            throw .outOfRange(
                parameter: "argument", value: .nan, expected: String(cString: sdResult_Description(result)))
        }
    }

    /// Refuses a stale id before any argument checks, in the same order as the reference.
    @inline(__always)
    func live(_ id: BodyID) throws(SolverError) -> sdBodyId {
        let raw = sdBodyId(index: id.index, generation: id.generation)
        guard sdBody_IsValid(world, raw) else { throw .invalidBody(id) }
        return raw
    }

    public var bodyCount: Int { Int(sdWorld_GetBodyCount(world)) }
    public var awakeBodyCount: Int { Int(sdWorld_GetAwakeBodyCount(world)) }

    public func createBody(_ definition: BodyDefinition) throws(SolverError) -> BodyID {
        try definition.validate()
        var def = sdDefaultBodyDef()
        def.x = definition.x
        def.y = definition.y
        def.angle = definition.angle
        def.vx = definition.vx
        def.vy = definition.vy
        def.angularVelocity = definition.angularVelocity
        def.width = definition.width
        def.height = definition.height
        switch definition.shape {
        case .rectangle: def.shape = sdShape_rectangle
        case .ellipse: def.shape = sdShape_ellipse
        case let .polygon(area, unitInertia):
            def.shape = sdShape_polygon
            def.polygonArea = area
            def.polygonUnitInertia = unitInertia
        }
        def.density = definition.density
        def.linearDamping = definition.linearDamping
        def.angularDamping = definition.angularDamping
        def.gravityX = definition.gravityX
        def.gravityY = definition.gravityY
        def.flags = definition.flags.rawValue
        var raw = sdBodyId()
        try Self.check(sdCreateBody(world, &def, &raw), id: nil)
        return BodyID(index: raw.index, generation: raw.generation)
    }

    public func destroyBody(_ id: BodyID) throws(SolverError) {
        try Self.check(sdDestroyBody(world, try live(id)), id: id)
    }

    public func isValid(_ id: BodyID) -> Bool {
        sdBody_IsValid(world, sdBodyId(index: id.index, generation: id.generation))
    }

    public func setPosition(_ id: BodyID, x: Double, y: Double) throws(SolverError) {
        let raw = try live(id)
        try Validate.finite(x, "x")
        try Validate.finite(y, "y")
        try Self.check(sdBody_SetPosition(world, raw, x, y), id: id)
    }

    public func setAngle(_ id: BodyID, _ angle: Double) throws(SolverError) {
        let raw = try live(id)
        try Validate.finite(angle, "angle")
        try Self.check(sdBody_SetAngle(world, raw, angle), id: id)
    }

    public func setLinearVelocity(_ id: BodyID, vx: Double, vy: Double) throws(SolverError) {
        let raw = try live(id)
        try Validate.finite(vx, "vx")
        try Validate.finite(vy, "vy")
        try Self.check(sdBody_SetLinearVelocity(world, raw, vx, vy), id: id)
    }

    public func setAngularVelocity(_ id: BodyID, _ angularVelocity: Double) throws(SolverError) {
        let raw = try live(id)
        try Validate.finite(angularVelocity, "angularVelocity")
        try Self.check(sdBody_SetAngularVelocity(world, raw, angularVelocity), id: id)
    }

    public func addVelocity(_ id: BodyID, dvx: Double, dvy: Double, dw: Double) throws(SolverError) {
        let raw = try live(id)
        try Validate.finite(dvx, "dvx")
        try Validate.finite(dvy, "dvy")
        try Validate.finite(dw, "dw")
        try Self.check(sdBody_AddVelocity(world, raw, dvx, dvy, dw), id: id)
    }

    public func setDensity(_ id: BodyID, _ density: Double) throws(SolverError) {
        let raw = try live(id)
        try Validate.positive(density, "density")
        try Self.check(sdBody_SetDensity(world, raw, density), id: id)
    }

    public func setDamping(_ id: BodyID, linear: Double, angular: Double) throws(SolverError) {
        let raw = try live(id)
        try Validate.nonNegative(linear, "linearDamping")
        try Validate.nonNegative(angular, "angularDamping")
        try Self.check(sdBody_SetDamping(world, raw, linear, angular), id: id)
    }

    public func setGravity(_ id: BodyID, x: Double, y: Double) throws(SolverError) {
        let raw = try live(id)
        try Validate.finite(x, "gravityX")
        try Validate.finite(y, "gravityY")
        try Self.check(sdBody_SetGravity(world, raw, x, y), id: id)
    }

    public func setFlags(_ id: BodyID, _ flags: BodyFlags) throws(SolverError) {
        let raw = try live(id)
        try flags.validate()
        try Self.check(sdBody_SetFlags(world, raw, flags.rawValue), id: id)
    }

    public func setMaterial(_ id: BodyID, restitution: Double, friction: Double, charge: Double) throws(SolverError) {
        let raw = try live(id)
        try Validate.nonNegative(restitution, "restitution")
        try Validate.nonNegative(friction, "friction")
        try Validate.finite(charge, "charge")
        try Self.check(sdBody_SetMaterial(world, raw, restitution, friction, charge), id: id)
    }

    public func wake(_ id: BodyID) throws(SolverError) {
        try Self.check(sdBody_Wake(world, try live(id)), id: id)
    }

    public func applyForce(_ id: BodyID, fx: Double, fy: Double, px: Double, py: Double) throws(SolverError) {
        let raw = try live(id)
        try Validate.finite(fx, "fx")
        try Validate.finite(fy, "fy")
        try Validate.finite(px, "px")
        try Validate.finite(py, "py")
        try Self.check(sdBody_ApplyForce(world, raw, fx, fy, px, py), id: id)
    }

    public func applyImpulse(_ id: BodyID, jx: Double, jy: Double, px: Double, py: Double) throws(SolverError) {
        let raw = try live(id)
        try Validate.finite(jx, "jx")
        try Validate.finite(jy, "jy")
        try Validate.finite(px, "px")
        try Validate.finite(py, "py")
        try Self.check(sdBody_ApplyLinearImpulse(world, raw, jx, jy, px, py), id: id)
    }

    public func state(of id: BodyID) throws(SolverError) -> BodyState {
        var s = sdBodyState()
        try Self.check(sdBody_GetState(world, try live(id), &s), id: id)
        return BodyState(
            x: s.x, y: s.y, angle: s.angle, vx: s.vx, vy: s.vy, angularVelocity: s.angularVelocity,
            mass: s.mass, inertia: s.inertia, isAwake: s.awake)
    }

    public func step(dt: Double, substeps: Int) throws(SolverError) {
        try Self.validateStep(dt: dt, substeps: substeps)
        try Self.check(sdWorld_Step(world, dt, Int32(substeps)), id: nil)
    }

    public func withStateBuffers<R>(_ body: (BodyStateBuffers) throws -> R) rethrows -> R {
        let s = sdWorld_GetState(world)
        let n = Int(s.slotCount)
        return try body(
            BodyStateBuffers(
                x: UnsafeBufferPointer(start: s.x, count: n), y: UnsafeBufferPointer(start: s.y, count: n),
                angle: UnsafeBufferPointer(start: s.angle, count: n),
                vx: UnsafeBufferPointer(start: s.vx, count: n), vy: UnsafeBufferPointer(start: s.vy, count: n),
                angularVelocity: UnsafeBufferPointer(start: s.angularVelocity, count: n),
                alive: UnsafeBufferPointer(start: s.alive, count: n),
                awake: UnsafeBufferPointer(start: s.awake, count: n)))
    }

    public func bodies(inRectMinX minX: Double, minY: Double, maxX: Double, maxY: Double) throws(SolverError)
        -> [BodyID]
    {
        try Self.validateRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        var count: Int32 = 0
        try Self.check(sdWorld_QueryRect(world, minX, minY, maxX, maxY, nil, 0, &count), id: nil)
        guard count > 0 else { return [] }
        var raw = [sdBodyId](repeating: sdBodyId(), count: Int(count))
        try Self.check(sdWorld_QueryRect(world, minX, minY, maxX, maxY, &raw, count, &count), id: nil)
        return raw.map { BodyID(index: $0.index, generation: $0.generation) }
    }
}
