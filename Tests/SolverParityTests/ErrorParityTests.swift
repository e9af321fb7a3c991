// Both backends refuse the same bad input with the same SolverError, and a refused call leaves the world
// exactly as if it had never been made.
import Dynamics
import ReferenceSolver
import AcceleratedSolver
import SolverBackend
import Testing

/// A subnormal number, about 8.7e-311 (Swift warns on subnormal literals).
private let subnormal = Double.leastNormalMagnitude / 256

/// A bad call to make on a prepared world, and the error it must produce.
struct BadCall: Sendable, CustomStringConvertible {
    let description: String
    let expected: SolverError
    /// Receives the world, a live body and a stale id (destroyed; its slot now holds a newer body).
    let call: @Sendable (PhysicsWorld, _ live: BodyID, _ stale: BodyID) throws -> Void
}

/// Builds the same small world on any backend: a stale id, a live body with a pending off-centre force,
/// gravity and damping, a body resting since before the call, and a static one.
func preparedWorld(_ type: any PhysicsBackend.Type) throws -> (world: PhysicsWorld, live: BodyID, stale: BodyID) {
    var settings = WorldSettings()
    settings.timeToSleep = 0.25
    let world = try PhysicsWorld(type, settings: settings)
    var resting = BodyDefinition()
    resting.x = -500
    _ = try world.createBody(resting)
    let doomed = try world.createBody(BodyDefinition())
    var anchored = BodyDefinition()
    anchored.flags = .isStatic
    anchored.x = 500
    _ = try world.createBody(anchored)
    for _ in 0..<20 { try world.step(dt: 1.0 / 60, substeps: 2) }  // body 0 comes to rest
    try world.destroyBody(doomed)
    var d = BodyDefinition()
    d.x = 12
    d.y = -7
    d.angle = 0.3
    d.vx = 40
    d.vy = -25
    d.angularVelocity = 1.1
    d.width = 70
    d.height = 35
    d.shape = .ellipse
    d.density = 1.7
    d.linearDamping = 0.4
    d.angularDamping = 0.2
    d.gravityY = 600
    let live = try world.createBody(d)  // reuses the doomed slot, generation 1
    try world.applyForce(live, fx: 120, fy: -80, px: 30, py: 0)
    return (world, live, doomed)
}

/// Steps the world with a few more inputs and returns every live body's state after each step.
func continueRun(_ world: PhysicsWorld, live: BodyID) throws -> [BodyState] {
    var out: [BodyState] = []
    for k in 0..<45 {
        if k % 3 == 0 { try world.applyForce(live, fx: 50, fy: 50, px: 0, py: 0) }
        try world.step(dt: 1.0 / 60, substeps: 2)
        for i in 0..<4 {
            for generation in UInt32(0)...1 where world.isValid(BodyID(index: Int32(i), generation: generation)) {
                out.append(try world.state(of: BodyID(index: Int32(i), generation: generation)))
            }
        }
    }
    return out
}

let badCalls: [BadCall] = [
    // Creation.
    BadCall(description: "create: x = NaN", expected: .nonFinite(parameter: "x", value: .nan)) { w, _, _ in
        var d = BodyDefinition()
        d.x = .nan
        _ = try w.createBody(d)
    },
    BadCall(description: "create: vy = -inf", expected: .nonFinite(parameter: "vy", value: -.infinity)) { w, _, _ in
        var d = BodyDefinition()
        d.vy = -.infinity
        _ = try w.createBody(d)
    },
    BadCall(description: "create: density -1", expected: .outOfRange(parameter: "density", value: -1, expected: "> 0")) {
        w, _, _ in
        var d = BodyDefinition()
        d.density = -1
        _ = try w.createBody(d)
    },
    BadCall(description: "create: width 0", expected: .outOfRange(parameter: "width", value: 0, expected: "> 0")) {
        w, _, _ in
        var d = BodyDefinition()
        d.width = 0
        _ = try w.createBody(d)
    },
    BadCall(description: "create: height NaN", expected: .nonFinite(parameter: "height", value: .nan)) { w, _, _ in
        var d = BodyDefinition()
        d.height = .nan
        _ = try w.createBody(d)
    },
    BadCall(
        description: "create: angular damping -0.5",
        expected: .outOfRange(parameter: "angularDamping", value: -0.5, expected: "≥ 0")
    ) { w, _, _ in
        var d = BodyDefinition()
        d.angularDamping = -0.5
        _ = try w.createBody(d)
    },
    BadCall(description: "create: gravityX inf", expected: .nonFinite(parameter: "gravityX", value: .infinity)) {
        w, _, _ in
        var d = BodyDefinition()
        d.gravityX = .infinity
        _ = try w.createBody(d)
    },
    BadCall(
        description: "create: polygon area 0", expected: .outOfRange(parameter: "polygon area", value: 0, expected: "> 0")
    ) { w, _, _ in
        var d = BodyDefinition()
        d.shape = .polygon(area: 0, unitInertia: 10)
        _ = try w.createBody(d)
    },
    BadCall(
        description: "create: polygon unitInertia NaN",
        expected: .nonFinite(parameter: "polygon unitInertia", value: .nan)
    ) { w, _, _ in
        var d = BodyDefinition()
        d.shape = .polygon(area: 100, unitInertia: .nan)
        _ = try w.createBody(d)
    },
    BadCall(description: "create: first bad field wins (x before width)", expected: .nonFinite(parameter: "x", value: .nan)) {
        w, _, _ in
        var d = BodyDefinition()
        d.width = -1
        d.x = .nan
        _ = try w.createBody(d)
    },
    // Stale and unknown ids, which win over bad arguments.
    BadCall(description: "stale id: destroy", expected: .invalidBody(BodyID(index: 1, generation: 0))) { w, _, stale in
        try w.destroyBody(stale)
    },
    BadCall(description: "stale id: setPosition", expected: .invalidBody(BodyID(index: 1, generation: 0))) {
        w, _, stale in try w.setPosition(stale, x: 1, y: 2)
    },
    BadCall(description: "stale id with NaN: setPosition", expected: .invalidBody(BodyID(index: 1, generation: 0))) {
        w, _, stale in try w.setPosition(stale, x: .nan, y: 2)
    },
    BadCall(description: "stale id: applyForce", expected: .invalidBody(BodyID(index: 1, generation: 0))) {
        w, _, stale in try w.applyForce(stale, fx: 1, fy: 1, px: 0, py: 0)
    },
    BadCall(description: "stale id: state", expected: .invalidBody(BodyID(index: 1, generation: 0))) { w, _, stale in
        _ = try w.state(of: stale)
    },
    BadCall(description: "stale id: setFlags", expected: .invalidBody(BodyID(index: 1, generation: 0))) {
        w, _, stale in try w.setFlags(stale, .isStatic)
    },
    BadCall(description: "stale id: wake", expected: .invalidBody(BodyID(index: 1, generation: 0))) { w, _, stale in
        try w.wake(stale)
    },
    BadCall(description: "never-created id", expected: .invalidBody(BodyID(index: 99, generation: 0))) { w, _, _ in
        try w.setDensity(BodyID(index: 99, generation: 0), 2)
    },
    BadCall(description: "future generation", expected: .invalidBody(BodyID(index: 1, generation: 2))) { w, _, _ in
        try w.setAngle(BodyID(index: 1, generation: 2), 1)
    },
    BadCall(description: "negative index", expected: .invalidBody(BodyID(index: -1, generation: 0))) { w, _, _ in
        try w.applyImpulse(BodyID(index: -1, generation: 0), jx: 1, jy: 1, px: 0, py: 0)
    },
    // Setters on a live body.
    BadCall(description: "setPosition y NaN", expected: .nonFinite(parameter: "y", value: .nan)) { w, live, _ in
        try w.setPosition(live, x: 1, y: .nan)
    },
    BadCall(description: "setAngle inf", expected: .nonFinite(parameter: "angle", value: .infinity)) { w, live, _ in
        try w.setAngle(live, .infinity)
    },
    BadCall(description: "setLinearVelocity vx NaN", expected: .nonFinite(parameter: "vx", value: .nan)) {
        w, live, _ in try w.setLinearVelocity(live, vx: .nan, vy: 0)
    },
    BadCall(
        description: "setAngularVelocity -inf", expected: .nonFinite(parameter: "angularVelocity", value: -.infinity)
    ) { w, live, _ in try w.setAngularVelocity(live, -.infinity) },
    BadCall(description: "addVelocity dw NaN", expected: .nonFinite(parameter: "dw", value: .nan)) { w, live, _ in
        try w.addVelocity(live, dvx: 1, dvy: 1, dw: .nan)
    },
    BadCall(description: "setDensity 0", expected: .outOfRange(parameter: "density", value: 0, expected: "> 0")) {
        w, live, _ in try w.setDensity(live, 0)
    },
    BadCall(description: "setDensity -1", expected: .outOfRange(parameter: "density", value: -1, expected: "> 0")) {
        w, live, _ in try w.setDensity(live, -1)
    },
    BadCall(description: "setDensity NaN", expected: .nonFinite(parameter: "density", value: .nan)) { w, live, _ in
        try w.setDensity(live, .nan)
    },
    BadCall(
        description: "setDamping linear -1", expected: .outOfRange(parameter: "linearDamping", value: -1, expected: "≥ 0")
    ) { w, live, _ in try w.setDamping(live, linear: -1, angular: 0) },
    BadCall(
        description: "setDamping angular -2",
        expected: .outOfRange(parameter: "angularDamping", value: -2, expected: "≥ 0")
    ) { w, live, _ in try w.setDamping(live, linear: 0, angular: -2) },
    BadCall(description: "setGravity y inf", expected: .nonFinite(parameter: "gravityY", value: .infinity)) {
        w, live, _ in try w.setGravity(live, x: 0, y: .infinity)
    },
    BadCall(
        description: "setMaterial restitution -1",
        expected: .outOfRange(parameter: "restitution", value: -1, expected: "≥ 0")
    ) { w, live, _ in try w.setMaterial(live, restitution: -1, friction: 0, charge: 0) },
    BadCall(description: "setMaterial charge NaN", expected: .nonFinite(parameter: "charge", value: .nan)) {
        w, live, _ in try w.setMaterial(live, restitution: 0, friction: 0, charge: .nan)
    },
    BadCall(description: "applyForce py NaN", expected: .nonFinite(parameter: "py", value: .nan)) { w, live, _ in
        try w.applyForce(live, fx: 1, fy: 1, px: 0, py: .nan)
    },
    BadCall(description: "applyImpulse jx -inf", expected: .nonFinite(parameter: "jx", value: -.infinity)) {
        w, live, _ in try w.applyImpulse(live, jx: -.infinity, jy: 0, px: 0, py: 0)
    },
    // Finite numbers whose products would overflow (found by reading the code and by the fuzzer, Fuzz/).
    BadCall(
        description: "create: a subnormal density (its inverse mass would be infinite)",
        expected: .outOfRange(parameter: "density", value: subnormal, expected: "in 1e-09...1000000000.0")
    ) { w, _, _ in
        var d = BodyDefinition()
        d.density = subnormal
        _ = try w.createBody(d)
    },
    BadCall(
        description: "create: width 1e200 (width × height would overflow)",
        expected: .outOfRange(parameter: "width", value: 1e200, expected: "in 1e-06...1000000.0")
    ) { w, _, _ in
        var d = BodyDefinition()
        d.width = 1e200
        d.height = 1e200
        _ = try w.createBody(d)
    },
    BadCall(
        description: "create: polygon area 1e300",
        expected: .outOfRange(parameter: "polygon area", value: 1e300, expected: "in 1e-12...1000000000000.0")
    ) { w, _, _ in
        var d = BodyDefinition()
        d.shape = .polygon(area: 1e300, unitInertia: 1)
        _ = try w.createBody(d)
    },
    BadCall(
        description: "setDensity 5e-324",
        expected: .outOfRange(parameter: "density", value: .leastNonzeroMagnitude, expected: "in 1e-09...1000000000.0")
    ) { w, live, _ in try w.setDensity(live, .leastNonzeroMagnitude) },
    BadCall(
        description: "setPosition x 1e300",
        expected: .outOfRange(parameter: "x", value: 1e300, expected: "at most 1e15 in magnitude")
    ) { w, live, _ in try w.setPosition(live, x: 1e300, y: 0) },
    BadCall(
        description: "setLinearVelocity vy -1e16",
        expected: .outOfRange(parameter: "vy", value: -1e16, expected: "at most 1e15 in magnitude")
    ) { w, live, _ in try w.setLinearVelocity(live, vx: 0, vy: -1e16) },
    BadCall(
        description: "setGravity x 1e300",
        expected: .outOfRange(parameter: "gravityX", value: 1e300, expected: "at most 1e15 in magnitude")
    ) { w, live, _ in try w.setGravity(live, x: 1e300, y: 0) },
    BadCall(
        description: "setDamping linear 1e300",
        expected: .outOfRange(parameter: "linearDamping", value: 1e300, expected: "at most 1e15 in magnitude")
    ) { w, live, _ in try w.setDamping(live, linear: 1e300, angular: 0) },
    BadCall(
        description: "applyForce fx 1e308 (a second one would overflow the sum)",
        expected: .outOfRange(parameter: "fx", value: 1e308, expected: "at most 1e30 in magnitude")
    ) { w, live, _ in try w.applyForce(live, fx: 1e308, fy: 0, px: 0, py: 0) },
    BadCall(
        description: "applyImpulse px 1e300 (the torque would overflow)",
        expected: .outOfRange(parameter: "px", value: 1e300, expected: "at most 1e15 in magnitude")
    ) { w, live, _ in try w.applyImpulse(live, jx: 1, jy: 0, px: 1e300, py: 0) },
    BadCall(
        description: "step dt 1e300", expected: .outOfRange(parameter: "dt", value: 1e300, expected: "at most 1e15 in magnitude")
    ) { w, _, _ in try w.step(dt: 1e300, substeps: 1) },
    // Steps and queries.
    BadCall(description: "step dt 0", expected: .outOfRange(parameter: "dt", value: 0, expected: "> 0")) { w, _, _ in
        try w.step(dt: 0, substeps: 2)
    },
    BadCall(description: "step dt -1/60", expected: .outOfRange(parameter: "dt", value: -1.0 / 60, expected: "> 0")) {
        w, _, _ in try w.step(dt: -1.0 / 60, substeps: 2)
    },
    BadCall(description: "step dt NaN", expected: .nonFinite(parameter: "dt", value: .nan)) { w, _, _ in
        try w.step(dt: .nan, substeps: 2)
    },
    BadCall(description: "step dt inf", expected: .nonFinite(parameter: "dt", value: .infinity)) { w, _, _ in
        try w.step(dt: .infinity, substeps: 2)
    },
    BadCall(
        description: "step 0 substeps", expected: .outOfRange(parameter: "substeps", value: 0, expected: "in 1...1024")
    ) { w, _, _ in try w.step(dt: 1.0 / 60, substeps: 0) },
    BadCall(
        description: "step 1025 substeps",
        expected: .outOfRange(parameter: "substeps", value: 1025, expected: "in 1...1024")
    ) { w, _, _ in try w.step(dt: 1.0 / 60, substeps: 1025) },
    BadCall(
        description: "step Int.max substeps",
        expected: .outOfRange(parameter: "substeps", value: Double(Int.max), expected: "in 1...1024")
    ) { w, _, _ in try w.step(dt: 1.0 / 60, substeps: .max) },
    BadCall(description: "query minX > maxX", expected: .outOfRange(parameter: "maxX", value: 5, expected: "≥ minX 10.0")) {
        w, _, _ in _ = try w.bodies(inRectMinX: 10, minY: 0, maxX: 5, maxY: 10)
    },
    BadCall(description: "query minY NaN", expected: .nonFinite(parameter: "minY", value: .nan)) { w, _, _ in
        _ = try w.bodies(inRectMinX: 0, minY: .nan, maxX: 5, maxY: 10)
    },
]

@Suite("Backend parity: refused input")
struct ErrorParityTests {
    @Test("Both backends throw the same SolverError, equal to the documented one", arguments: badCalls)
    func sameError(_ bad: BadCall) throws {
        var errors: [SolverError?] = []
        for type in [ReferenceWorld.self, AcceleratedBackend.self] as [any PhysicsBackend.Type] {
            let (world, live, stale) = try preparedWorld(type)
            errors.append(try thrownSolverError { try bad.call(world, live, stale) })
        }
        #expect(matchesError(errors[0], bad.expected), "reference threw \(String(describing: errors[0]))")
        #expect(matchesError(errors[1], bad.expected), "accelerated threw \(String(describing: errors[1]))")
    }

    @Test("After a refused call each backend steps exactly like a world that never got it", arguments: badCalls)
    func refusalLeavesWorldUntouched(_ bad: BadCall) throws {
        var runs: [[BodyState]] = []
        for type in [ReferenceWorld.self, AcceleratedBackend.self] as [any PhysicsBackend.Type] {
            let (probed, live, stale) = try preparedWorld(type)
            let (control, controlLive, _) = try preparedWorld(type)
            let awakeBefore = probed.awakeBodyCount
            let countBefore = probed.bodyCount
            let stateBefore = try probed.state(of: live)
            #expect(try thrownSolverError { try bad.call(probed, live, stale) } != nil, "\(type): not refused")
            #expect(probed.awakeBodyCount == awakeBefore, "\(type): awake count changed")
            #expect(probed.bodyCount == countBefore, "\(type): body count changed")
            #expect(bits(try probed.state(of: live)) == bits(stateBefore), "\(type): state changed")
            let probedRun = try continueRun(probed, live: live)
            let controlRun = try continueRun(control, live: controlLive)
            #expect(probedRun.count == controlRun.count)
            #expect(probedRun.map(bits) == controlRun.map(bits), "\(type): diverged from the untouched world")
            runs.append(probedRun)
        }
        // And the two backends still agree with each other.
        try #require(runs[0].count == runs[1].count)
        let mismatches = zip(runs[0], runs[1]).filter { !differences($0, $1).isEmpty }
        #expect(mismatches.isEmpty, "backends diverged after the refusal: \(mismatches.prefix(2))")
    }

    @Test("Both backends refuse the same invalid WorldSettings with the same error")
    func invalidSettings() {
        let cases: [(String, SolverError, (inout WorldSettings) -> Void)] = [
            ("capacity 0", .outOfRange(parameter: "initialBodyCapacity", value: 0, expected: "in 1...268435456"),
             { $0.initialBodyCapacity = 0 }),
            ("capacity 2^28 + 1",
             .outOfRange(parameter: "initialBodyCapacity", value: Double((1 << 28) + 1), expected: "in 1...268435456"),
             { $0.initialBodyCapacity = (1 << 28) + 1 }),
            ("linear tolerance NaN", .nonFinite(parameter: "sleepLinearTolerance", value: .nan),
             { $0.sleepLinearTolerance = .nan }),
            ("angular tolerance -1", .outOfRange(parameter: "sleepAngularTolerance", value: -1, expected: "≥ 0"),
             { $0.sleepAngularTolerance = -1 }),
            ("time to sleep inf", .nonFinite(parameter: "timeToSleep", value: .infinity), { $0.timeToSleep = .infinity }),
        ]
        for (name, expected, configure) in cases {
            var settings = WorldSettings()
            configure(&settings)
            let s = settings
            let reference = thrown { () throws(SolverError) in _ = try PhysicsWorld(ReferenceWorld.self, settings: s) }
            let accelerated = thrown { () throws(SolverError) in _ = try PhysicsWorld(AcceleratedBackend.self, settings: s) }
            #expect(matchesError(reference, expected), "\(name): reference threw \(String(describing: reference))")
            #expect(matchesError(accelerated, expected), "\(name): accelerated threw \(String(describing: accelerated))")
        }
    }

    @Test("Unknown flag bits are treated alike by both backends (both refuse or both accept)")
    func unknownFlagBits() throws {
        let unknown = BodyFlags(rawValue: 1 << 2)
        var createOutcomes: [SolverError?] = []
        var setOutcomes: [SolverError?] = []
        for type in [ReferenceWorld.self, AcceleratedBackend.self] as [any PhysicsBackend.Type] {
            let (world, live, _) = try preparedWorld(type)
            var d = BodyDefinition()
            d.flags = unknown
            createOutcomes.append(thrown { () throws(SolverError) in _ = try world.createBody(d) })
            setOutcomes.append(thrown { () throws(SolverError) in try world.setFlags(live, [.fixedRotation, unknown]) })
        }
        #expect(
            matchesError(createOutcomes[0], createOutcomes[1]),
            "createBody with flags 0b100: reference \(String(describing: createOutcomes[0])), accelerated \(String(describing: createOutcomes[1]))")
        #expect(
            matchesError(setOutcomes[0], setOutcomes[1]),
            "setFlags 0b110: reference \(String(describing: setOutcomes[0])), accelerated \(String(describing: setOutcomes[1]))")
    }
}
