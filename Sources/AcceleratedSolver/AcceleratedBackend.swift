internal import CSolver
public import SolverBackend

/// The C core (`CSolver`) behind the `PhysicsBackend` contract. Swift owns the world through this one
/// handle: it is created in `init` and destroyed in `deinit`, and nothing else holds it.
///
/// Drive it through `PhysicsWorld`, which validates every argument first. The C core validates again (its
/// API is public and never trusts its caller); a refusal from it here would mean the two validators disagree,
/// which is a bug, so it stops with the C result's description.
public final class AcceleratedBackend: PhysicsBackend {
    let world: OpaquePointer
    var storedSpringModel = SpringModel.analytic
    var storedIslandSolver = IslandSolverKind.batchedKernel
    var storedBodySpacePath = true
    /// Custom fields' evaluators by field slot, kept alive while the C core may call them.
    var fieldEvaluators: [Int32: FieldEvaluatorBox] = [:]

    /// Creates an empty C world with `settings` (already validated by `PhysicsWorld`). Throws
    /// `SolverError.outOfMemory` when the C world cannot be allocated.
    public init(validatedSettings settings: WorldSettings) throws(SolverError) {
        var def = sdDefaultWorldDef()
        def.initialBodyCapacity = Int32(settings.initialBodyCapacity)
        def.sleepLinearTolerance = settings.sleepLinearTolerance
        def.sleepAngularTolerance = settings.sleepAngularTolerance
        def.timeToSleep = settings.timeToSleep
        def.workerCount = Int32(settings.workerCount)
        var created: OpaquePointer?
        let result = sdCreateWorld(&def, &created)
        guard result == sdResult_ok, let created else { throw .outOfMemory }
        world = created
    }

    deinit { sdDestroyWorld(world) }

    /// Stops unless the C core accepted the call: only `outOfMemory` can be a legitimate refusal, and the
    /// calls that can run out of memory handle it themselves.
    @inline(__always)
    static func expectOK(_ result: sdResult, _ call: StaticString) {
        if result != sdResult_ok {
            preconditionFailure("swift-dynamics: \(call) refused validated input: \(String(cString: sdResult_Description(result)))")
        }
    }

    @inline(__always)
    func raw(_ id: BodyID) -> sdBodyId { sdBodyId(index: id.index, generation: id.generation) }

    /// Live bodies (`sdWorld_GetBodyCount`).
    public var bodyCount: Int { Int(sdWorld_GetBodyCount(world)) }
    /// Dynamic bodies that have not come to rest (`sdWorld_GetAwakeBodyCount`).
    public var awakeBodyCount: Int { Int(sdWorld_GetAwakeBodyCount(world)) }

    /// Adds a body in the next free slot (the most recently freed first) and wakes it. Throws
    /// `SolverError.outOfMemory` when the C world cannot grow its arrays; the world is then unchanged.
    public func createBody(_ definition: BodyDefinition) throws(SolverError) -> BodyID {
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
        var id = sdBodyId()
        let result = sdCreateBody(world, &def, &id)
        if result == sdResult_outOfMemory { throw .outOfMemory }
        Self.expectOK(result, "sdCreateBody")
        return BodyID(index: id.index, generation: id.generation)
    }

    /// Removes a body and every joint that holds it; its slot is reused by the next creation.
    public func destroyBody(_ id: BodyID) { Self.expectOK(sdDestroyBody(world, raw(id)), "sdDestroyBody") }

    /// True when `id` names a live body (its slot is alive and the generation matches).
    public func isValid(_ id: BodyID) -> Bool { sdBody_IsValid(world, raw(id)) }

    /// Moves the centre to (x, y) pt and wakes the body.
    public func setPosition(_ id: BodyID, x: Double, y: Double) {
        Self.expectOK(sdBody_SetPosition(world, raw(id), x, y), "sdBody_SetPosition")
    }

    /// Sets the rotation, radians, and wakes the body.
    public func setAngle(_ id: BodyID, _ angle: Double) {
        Self.expectOK(sdBody_SetAngle(world, raw(id), angle), "sdBody_SetAngle")
    }

    /// Sets the linear velocity, pt/s, and wakes the body; ignored for static bodies.
    public func setLinearVelocity(_ id: BodyID, vx: Double, vy: Double) {
        Self.expectOK(sdBody_SetLinearVelocity(world, raw(id), vx, vy), "sdBody_SetLinearVelocity")
    }

    /// Sets the angular velocity, rad/s, and wakes the body; ignored for bodies that cannot rotate (static or
    /// fixed rotation).
    public func setAngularVelocity(_ id: BodyID, _ angularVelocity: Double) {
        Self.expectOK(sdBody_SetAngularVelocity(world, raw(id), angularVelocity), "sdBody_SetAngularVelocity")
    }

    /// Adds (dvx, dvy) pt/s and dw rad/s and wakes the body; ignored for static bodies, and `dw` is ignored
    /// for bodies that cannot rotate.
    public func addVelocity(_ id: BodyID, dvx: Double, dvy: Double, dw: Double) {
        Self.expectOK(sdBody_AddVelocity(world, raw(id), dvx, dvy, dw), "sdBody_AddVelocity")
    }

    /// Sets the density (> 0), rescaling mass and moment of inertia, and wakes the body.
    public func setDensity(_ id: BodyID, _ density: Double) {
        Self.expectOK(sdBody_SetDensity(world, raw(id), density), "sdBody_SetDensity")
    }

    /// Sets linear and angular damping, 1/s (velocity decays as e^(−c·t)), and wakes the body.
    public func setDamping(_ id: BodyID, linear: Double, angular: Double) {
        Self.expectOK(sdBody_SetDamping(world, raw(id), linear, angular), "sdBody_SetDamping")
    }

    /// Sets the gravitational acceleration acting on this body, pt/s², and wakes it.
    public func setGravity(_ id: BodyID, x: Double, y: Double) {
        Self.expectOK(sdBody_SetGravity(world, raw(id), x, y), "sdBody_SetGravity")
    }

    /// Sets the static / fixed-rotation flags (mass and inertia follow) and wakes the body.
    public func setFlags(_ id: BodyID, _ flags: BodyFlags) {
        Self.expectOK(sdBody_SetFlags(world, raw(id), flags.rawValue), "sdBody_SetFlags")
    }

    /// Stores the contact material (restitution ≥ 0, friction ≥ 0, electric charge) and wakes the body.
    public func setMaterial(_ id: BodyID, restitution: Double, friction: Double, charge: Double) {
        Self.expectOK(sdBody_SetMaterial(world, raw(id), restitution, friction, charge), "sdBody_SetMaterial")
    }

    /// Wakes a resting body and restarts its rest timer (static bodies stay at rest).
    public func wake(_ id: BodyID) { Self.expectOK(sdBody_Wake(world, raw(id)), "sdBody_Wake") }

    /// Adds a force, kg·pt/s², at the world point (px, py) for the next step (an off-centre point adds the
    /// torque r × F); wakes the body; ignored for static bodies.
    public func applyForce(_ id: BodyID, fx: Double, fy: Double, px: Double, py: Double) {
        Self.expectOK(sdBody_ApplyForce(world, raw(id), fx, fy, px, py), "sdBody_ApplyForce")
    }

    /// Changes the velocity at once by the impulse, kg·pt/s, at the world point (px, py) (off centre, the
    /// angular velocity too); wakes the body; ignored for static bodies.
    public func applyImpulse(_ id: BodyID, jx: Double, jy: Double, px: Double, py: Double) {
        Self.expectOK(sdBody_ApplyLinearImpulse(world, raw(id), jx, jy, px, py), "sdBody_ApplyLinearImpulse")
    }

    /// One body's position, velocity, mass, inertia and rest state.
    public func state(of id: BodyID) -> BodyState {
        var s = sdBodyState()
        Self.expectOK(sdBody_GetState(world, raw(id), &s), "sdBody_GetState")
        return BodyState(
            x: s.x, y: s.y, angle: s.angle, vx: s.vx, vy: s.vy, angularVelocity: s.angularVelocity,
            mass: s.mass, inertia: s.inertia, isAwake: s.awake)
    }

    /// Advances by `dt` seconds in `substeps` equal substeps (see the README's "How the solve works"),
    /// with denormals flushed to zero on x86 while it runs, then clears forces and puts resting islands to
    /// sleep. Throws `SolverError.outOfMemory` when the row buffers cannot grow; the world is
    /// then unchanged.
    public func step(dt: Double, substeps: Int) throws(SolverError) {
        let result = sdWorld_Step(world, dt, Int32(substeps))
        if result == sdResult_outOfMemory { throw .outOfMemory }
        Self.expectOK(result, "sdWorld_Step")
    }

    /// Calls `body` with views straight into the C world's arrays (no copy); valid only inside `body`.
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

    /// cos and sin of every live slot's angle from the core's per-body cache, brought up to date first (its
    /// next step then finds them current and computes none again).
    public func withRotationBuffers<R>(_ body: (RotationBuffers?) throws -> R) rethrows -> R {
        let r = sdWorld_GetRotations(world)
        let n = Int(r.slotCount)
        return try body(
            RotationBuffers(cosine: UnsafeBufferPointer(start: r.cosine, count: n), sine: UnsafeBufferPointer(start: r.sine, count: n)))
    }

    /// The slots the core's last step put to rest, straight from its list (no copy).
    public func withRestedBodies<R>(_ body: (UnsafeBufferPointer<Int32>?) throws -> R) rethrows -> R {
        var slots: UnsafePointer<Int32>?
        let count = Int(sdWorld_GetRestedBodies(world, &slots))
        return try body(UnsafeBufferPointer(start: slots, count: count))
    }

    /// Bodies whose rotated bounding box overlaps [minX, maxX] × [minY, maxY], in slot order.
    public func bodies(inRectMinX minX: Double, minY: Double, maxX: Double, maxY: Double) -> [BodyID] {
        var count: Int32 = 0
        Self.expectOK(sdWorld_QueryRect(world, minX, minY, maxX, maxY, nil, 0, &count), "sdWorld_QueryRect")
        guard count > 0 else { return [] }
        var found = [sdBodyId](repeating: sdBodyId(), count: Int(count))
        Self.expectOK(sdWorld_QueryRect(world, minX, minY, maxX, maxY, &found, count, &count), "sdWorld_QueryRect")
        return found.map { BodyID(index: $0.index, generation: $0.generation) }
    }
}
