// The result-code matrix: every public entry point × every sdResult code bad input can produce from it, one call
// each, on a fresh world, and the refused call leaves every body's sdBody_GetState and every joint's
// sdJoint_GetGeometry / sdJoint_GetBodies bit-identical. A second test checks the matrix against the list of
// entry points, so a new entry point or code without a probe fails here. (outOfMemory is not in the matrix:
// no input produces it; it needs an allocation to fail.)
import CSolver
import Testing

/// A world holding one of everything an entry point can be handed: live bodies and joints, and a stale body id
/// and a stale joint id whose slots have been reused by newer generations.
private final class Fixture {
    let world: World
    let body: sdBodyId
    let other: sdBodyId
    let staleBody: sdBodyId
    let successorBody: sdBodyId
    let worldJoint: sdJointId   // rigid distance joint from a world anchor to `body`
    let bodyJoint: sdJointId    // distance joint between `body` and `other`
    let revolute: sdJointId     // world–`other` pin with limits
    let staleJoint: sdJointId
    let successorJoint: sdJointId

    init() throws {
        world = try World()
        body = try world.create(bodyDef(x: 0, y: 0, gravityY: 1000))
        other = try world.create(bodyDef(x: 200, y: 0, gravityY: 1000) { $0.vx = 10 })
        staleBody = try world.create(bodyDef(x: 400))
        try #require(sdDestroyBody(world.raw, staleBody) == sdResult_ok)
        successorBody = try world.create(bodyDef(x: 500, gravityY: 10))
        try #require(successorBody.index == staleBody.index)
        worldJoint = try world.joint(jointDef(sdJoint_distance, worldEnd, body, anchor: (0, -100)) {
            $0.anchorBY = 0
            $0.length = 100
        })
        bodyJoint = try world.joint(jointDef(sdJoint_distance, body, other) { $0.anchorBX = 200; $0.length = 200 })
        revolute = try world.joint(jointDef(sdJoint_revolute, worldEnd, other, anchor: (200, 0)) {
            $0.lowerLimit = -1
            $0.upperLimit = 1
        })
        staleJoint = try world.joint(jointDef(sdJoint_rope, body, successorBody) { $0.length = 600 })
        try #require(sdDestroyJoint(world.raw, staleJoint) == sdResult_ok)
        successorJoint = try world.joint(jointDef(sdJoint_rope, other, successorBody) { $0.length = 400 })
        try #require(successorJoint.index == staleJoint.index)
    }

    var raw: OpaquePointer { world.raw }

    func snapshot() -> [UInt64] {
        world.fullSnapshot(bodies: [body, other, staleBody, successorBody],
                           joints: [worldJoint, bodyJoint, revolute, staleJoint, successorJoint])
    }
}

/// One call expected to return `expected`.
private struct Probe: Sendable, CustomTestStringConvertible {
    let entryPoint: String
    let expected: sdResult
    let call: @Sendable (Fixture) -> sdResult

    var testDescription: String { "\(entryPoint) → \(codeName(expected))" }
}

private func codeName(_ code: sdResult) -> String {
    ["ok", "nullArgument", "invalidId", "nonFinite", "outOfRange", "outOfMemory"][Int(code.rawValue)]
}

private let null = sdResult_nullArgument, stale = sdResult_invalidId, nonFinite = sdResult_nonFinite,
    range = sdResult_outOfRange

/// Calls `body` with pointers to scratch out-values (their contents are not checked here).
private func withOut<T, R>(_ initial: T, _ body: (UnsafeMutablePointer<T>) -> R) -> R {
    var value = initial
    return body(&value)
}

private func createBody(_ f: Fixture, _ configure: (inout sdBodyDef) -> Void) -> sdResult {
    var def = sdDefaultBodyDef()
    configure(&def)
    return withOut(sdBodyId()) { sdCreateBody(f.raw, &def, $0) }
}

private func createJoint(_ f: Fixture, _ configure: (Fixture, inout sdJointDef) -> Void) -> sdResult {
    var def = jointDef(sdJoint_distance, f.body, f.other)
    configure(f, &def)
    return withOut(sdJointId()) { sdCreateJoint(f.raw, &def, $0) }
}

private func createWorld(_ configure: (inout sdWorldDef) -> Void) -> sdResult {
    var def = sdDefaultWorldDef()
    configure(&def)
    var out: OpaquePointer?
    let result = sdCreateWorld(&def, &out)
    sdDestroyWorld(out)
    return result
}

/// Probes for a body entry point taking doubles: NULL world, a stale id, NaN in the first argument.
private func bodyProbes(_ name: String, _ valid: [Double], rangeFailure: [Double]? = nil,
                        _ call: @escaping @Sendable (OpaquePointer?, sdBodyId, [Double]) -> sdResult) -> [Probe] {
    var probes = [
        Probe(entryPoint: name, expected: null) { call(nil, $0.body, valid) },
        Probe(entryPoint: name, expected: stale) { call($0.raw, $0.staleBody, valid) },
    ]
    if !valid.isEmpty {
        probes.append(Probe(entryPoint: name, expected: nonFinite) { call($0.raw, $0.body, [.nan] + valid.dropFirst()) })
    }
    if let rangeFailure { probes.append(Probe(entryPoint: name, expected: range) { call($0.raw, $0.body, rangeFailure) }) }
    return probes
}

/// Probes for a joint setter: NULL world, a stale id, NaN in the first argument, and the out-of-range call.
private func jointProbes(_ name: String, _ valid: [Double], rangeFailure: @escaping @Sendable (Fixture) -> sdResult,
                         _ call: @escaping @Sendable (OpaquePointer?, sdJointId, [Double]) -> sdResult) -> [Probe] {
    [
        Probe(entryPoint: name, expected: null) { call(nil, $0.worldJoint, valid) },
        Probe(entryPoint: name, expected: stale) { call($0.raw, $0.staleJoint, valid) },
        Probe(entryPoint: name, expected: nonFinite) { call($0.raw, $0.revolute, [.nan] + valid.dropFirst()) },
        Probe(entryPoint: name, expected: range, call: rangeFailure),
    ]
}

private let probes: [Probe] = {
    var p: [Probe] = []
    // World.
    p += [
        Probe(entryPoint: "sdCreateWorld", expected: null) { _ in withOut(OpaquePointer?.none) { sdCreateWorld(nil, $0) } },
        Probe(entryPoint: "sdCreateWorld", expected: nonFinite) { _ in createWorld { $0.timeToSleep = .nan } },
        Probe(entryPoint: "sdCreateWorld", expected: range) { _ in createWorld { $0.initialBodyCapacity = 0 } },
        Probe(entryPoint: "sdWorld_Step", expected: null) { _ in sdWorld_Step(nil, 1.0 / 60, 2) },
        Probe(entryPoint: "sdWorld_Step", expected: nonFinite) { sdWorld_Step($0.raw, .infinity, 2) },
        Probe(entryPoint: "sdWorld_Step", expected: range) { sdWorld_Step($0.raw, 1.0 / 60, 1025) },
        Probe(entryPoint: "sdWorld_QueryRect", expected: null) { f in withOut(Int32(0)) { sdWorld_QueryRect(f.raw, 0, 0, 1, 1, nil, 1, $0) } },
        Probe(entryPoint: "sdWorld_QueryRect", expected: nonFinite) { f in withOut(Int32(0)) { sdWorld_QueryRect(f.raw, .nan, 0, 1, 1, nil, 0, $0) } },
        Probe(entryPoint: "sdWorld_QueryRect", expected: range) { f in withOut(Int32(0)) { sdWorld_QueryRect(f.raw, 2, 0, 1, 1, nil, 0, $0) } },
        Probe(entryPoint: "sdWorld_SetSpringModel", expected: null) { _ in sdWorld_SetSpringModel(nil, sdSpringModel_analytic) },
        Probe(entryPoint: "sdWorld_SetSpringModel", expected: range) { sdWorld_SetSpringModel($0.raw, sdSpringModel(rawValue: 2)) },
        Probe(entryPoint: "sdWorld_SetIslandSolver", expected: null) { _ in sdWorld_SetIslandSolver(nil, sdIslandSolver_iterative) },
        Probe(entryPoint: "sdWorld_SetIslandSolver", expected: range) { sdWorld_SetIslandSolver($0.raw, sdIslandSolver(rawValue: 3)) },
        Probe(entryPoint: "sdWorld_SetBodySpacePath", expected: null) { _ in sdWorld_SetBodySpacePath(nil, false) },
        Probe(entryPoint: "sdWorld_SetFailingFactorizationsForTesting", expected: null) { _ in
            sdWorld_SetFailingFactorizationsForTesting(nil, true)
        },
        Probe(entryPoint: "sdWorld_SetStreamedFactorsForTesting", expected: null) { _ in
            sdWorld_SetStreamedFactorsForTesting(nil, true)
        },
        Probe(entryPoint: "sdWorld_SetSparseBLASFrontRows", expected: null) { _ in sdWorld_SetSparseBLASFrontRows(nil, 128) },
        Probe(entryPoint: "sdWorld_SetSparseBLASFrontRows", expected: range) { sdWorld_SetSparseBLASFrontRows($0.raw, -1) },
    ]
    // Bodies.
    p += [
        Probe(entryPoint: "sdCreateBody", expected: null) { f in withOut(sdBodyId()) { sdCreateBody(f.raw, nil, $0) } },
        Probe(entryPoint: "sdCreateBody", expected: nonFinite) { createBody($0) { $0.vx = .nan } },
        Probe(entryPoint: "sdCreateBody", expected: range) { createBody($0) { $0.width = -1 } },
        Probe(entryPoint: "sdBody_GetState", expected: null) { sdBody_GetState($0.raw, $0.body, nil) },
        Probe(entryPoint: "sdBody_GetState", expected: stale) { f in withOut(sdBodyState()) { sdBody_GetState(f.raw, f.staleBody, $0) } },
    ]
    p += bodyProbes("sdDestroyBody", []) { w, id, _ in sdDestroyBody(w, id) }
    p += bodyProbes("sdBody_Wake", []) { w, id, _ in sdBody_Wake(w, id) }
    p += [
        Probe(entryPoint: "sdBody_SetFlags", expected: null) { sdBody_SetFlags(nil, $0.body, 0) },
        Probe(entryPoint: "sdBody_SetFlags", expected: stale) { sdBody_SetFlags($0.raw, $0.staleBody, 0) },
        Probe(entryPoint: "sdBody_SetFlags", expected: range) { sdBody_SetFlags($0.raw, $0.body, 1 << 5) },
    ]
    p += bodyProbes("sdBody_SetPosition", [1, 2]) { sdBody_SetPosition($0, $1, $2[0], $2[1]) }
    p += bodyProbes("sdBody_SetAngle", [1]) { sdBody_SetAngle($0, $1, $2[0]) }
    p += bodyProbes("sdBody_SetLinearVelocity", [1, 2]) { sdBody_SetLinearVelocity($0, $1, $2[0], $2[1]) }
    p += bodyProbes("sdBody_SetAngularVelocity", [1]) { sdBody_SetAngularVelocity($0, $1, $2[0]) }
    p += bodyProbes("sdBody_AddVelocity", [1, 2, 3]) { sdBody_AddVelocity($0, $1, $2[0], $2[1], $2[2]) }
    p += bodyProbes("sdBody_SetGravity", [0, 10]) { sdBody_SetGravity($0, $1, $2[0], $2[1]) }
    p += bodyProbes("sdBody_SetDensity", [2], rangeFailure: [0]) { sdBody_SetDensity($0, $1, $2[0]) }
    p += bodyProbes("sdBody_SetDamping", [1, 1], rangeFailure: [-1, 0]) { sdBody_SetDamping($0, $1, $2[0], $2[1]) }
    p += bodyProbes("sdBody_SetMaterial", [0.2, 0.2, 0], rangeFailure: [-0.2, 0.2, 0]) {
        sdBody_SetMaterial($0, $1, $2[0], $2[1], $2[2])
    }
    p += bodyProbes("sdBody_ApplyForce", [1, 2, 0, 0]) { sdBody_ApplyForce($0, $1, $2[0], $2[1], $2[2], $2[3]) }
    p += bodyProbes("sdBody_ApplyLinearImpulse", [1, 2, 0, 0]) {
        sdBody_ApplyLinearImpulse($0, $1, $2[0], $2[1], $2[2], $2[3])
    }
    // Joints.
    p += [
        Probe(entryPoint: "sdCreateJoint", expected: null) { f in withOut(sdJointId()) { sdCreateJoint(f.raw, nil, $0) } },
        Probe(entryPoint: "sdCreateJoint", expected: stale) { createJoint($0) { f, def in def.bodyB = f.staleBody } },
        Probe(entryPoint: "sdCreateJoint", expected: nonFinite) { createJoint($0) { _, def in def.anchorAX = .infinity } },
        Probe(entryPoint: "sdCreateJoint", expected: range) { createJoint($0) { f, def in def.bodyB = f.body } },
        Probe(entryPoint: "sdDestroyJoint", expected: null) { sdDestroyJoint(nil, $0.worldJoint) },
        Probe(entryPoint: "sdDestroyJoint", expected: stale) { sdDestroyJoint($0.raw, $0.staleJoint) },
        Probe(entryPoint: "sdJoint_GetBodies", expected: null) { f in withOut(sdBodyId()) { sdJoint_GetBodies(f.raw, f.worldJoint, $0, nil) } },
        Probe(entryPoint: "sdJoint_GetBodies", expected: stale) { f in
            withOut(sdBodyId()) { a in withOut(sdBodyId()) { b in sdJoint_GetBodies(f.raw, f.staleJoint, a, b) } }
        },
        Probe(entryPoint: "sdJoint_GetGeometry", expected: null) { f in withOut(0.0) { sdJoint_GetGeometry(f.raw, f.worldJoint, nil, $0) } },
        Probe(entryPoint: "sdJoint_GetGeometry", expected: stale) { f in
            withOut(0.0) { d in withOut(0.0) { a in sdJoint_GetGeometry(f.raw, f.staleJoint, d, a) } }
        },
    ]
    p += jointProbes("sdJoint_SetWorldAnchor", [0, 0], rangeFailure: { sdJoint_SetWorldAnchor($0.raw, $0.bodyJoint, 0, 0) }) {
        sdJoint_SetWorldAnchor($0, $1, $2[0], $2[1])
    }
    p += jointProbes("sdJoint_SetLength", [50], rangeFailure: { sdJoint_SetLength($0.raw, $0.bodyJoint, -1) }) {
        sdJoint_SetLength($0, $1, $2[0])
    }
    p += jointProbes("sdJoint_SetSpring", [1, 0.5], rangeFailure: { sdJoint_SetSpring($0.raw, $0.bodyJoint, 1, -0.5) }) {
        sdJoint_SetSpring($0, $1, $2[0], $2[1])
    }
    p += jointProbes("sdJoint_SetLimits", [-1, 1], rangeFailure: { sdJoint_SetLimits($0.raw, $0.revolute, 0.5, -0.5) }) {
        sdJoint_SetLimits($0, $1, $2[0], $2[1])
    }
    p += jointProbes("sdJoint_SetFrictionTorque", [1], rangeFailure: { sdJoint_SetFrictionTorque($0.raw, $0.revolute, -1) }) {
        sdJoint_SetFrictionTorque($0, $1, $2[0])
    }
    // Linear algebra.
    p += [
        Probe(entryPoint: "sdSolveSPD", expected: null) { _ in withOut(1.0) { sdSolveSPD(1, $0, nil) } },
        Probe(entryPoint: "sdSolveSPD", expected: nonFinite) { _ in withOut(Double.nan) { a in withOut(1.0) { sdSolveSPD(1, a, $0) } } },
        Probe(entryPoint: "sdSolveSPD", expected: range) { _ in withOut(-1.0) { a in withOut(1.0) { sdSolveSPD(1, a, $0) } } },
    ]
    return p
}()

/// The codes bad input can produce, per entry point (from CSolver.h and the checks each function makes).
private let expectedCodes: [String: Set<UInt32>] = {
    let n = null.rawValue, i = stale.rawValue, f = nonFinite.rawValue, r = range.rawValue
    var table: [String: Set<UInt32>] = [
        "sdCreateWorld": [n, f, r], "sdWorld_Step": [n, f, r], "sdWorld_QueryRect": [n, f, r],
        "sdWorld_SetSpringModel": [n, r], "sdWorld_SetIslandSolver": [n, r], "sdWorld_SetBodySpacePath": [n],
        "sdWorld_SetSparseBLASFrontRows": [n, r], "sdWorld_SetFailingFactorizationsForTesting": [n],
        "sdWorld_SetStreamedFactorsForTesting": [n],
        "sdCreateBody": [n, f, r], "sdBody_GetState": [n, i], "sdDestroyBody": [n, i], "sdBody_Wake": [n, i],
        "sdBody_SetFlags": [n, i, r],
        "sdCreateJoint": [n, i, f, r], "sdDestroyJoint": [n, i], "sdJoint_GetBodies": [n, i],
        "sdJoint_GetGeometry": [n, i], "sdSolveSPD": [n, f, r],
    ]
    for name in ["sdBody_SetPosition", "sdBody_SetAngle", "sdBody_SetLinearVelocity", "sdBody_SetAngularVelocity",
                 "sdBody_AddVelocity", "sdBody_SetGravity", "sdBody_ApplyForce", "sdBody_ApplyLinearImpulse"] {
        table[name] = [n, i, f]
    }
    for name in ["sdBody_SetDensity", "sdBody_SetDamping", "sdBody_SetMaterial", "sdJoint_SetWorldAnchor",
                 "sdJoint_SetLength", "sdJoint_SetSpring", "sdJoint_SetLimits", "sdJoint_SetFrictionTorque"] {
        table[name] = [n, i, f, r]
    }
    return table
}()

@Suite("Result-code coverage")
struct ResultCodeCoverageTests {
    @Test("Each entry point returns the code for its bad input, and the refusal leaves the world bit-identical",
          arguments: probes)
    fileprivate func probe(_ probe: Probe) throws {
        let fixture = try Fixture()
        let before = fixture.snapshot()
        #expect(probe.call(fixture) == probe.expected)
        #expect(fixture.snapshot() == before, "the refused call changed the world")
    }

    @Test("The probes cover exactly the codes each entry point can return, for all 35 fallible entry points")
    func matrixIsComplete() {
        var covered: [String: Set<UInt32>] = [:]
        for probe in probes { covered[probe.entryPoint, default: []].insert(probe.expected.rawValue) }
        #expect(covered.count == 35)
        for (name, codes) in expectedCodes.sorted(by: { $0.key < $1.key }) {
            #expect(covered[name] == codes, "\(name): probes \(covered[name].map { $0.sorted() } ?? []), documented \(codes.sorted())")
        }
        #expect(Set(covered.keys) == Set(expectedCodes.keys))
    }

    @Test("Entry points without a result answer a NULL world or stale id with false, 0 or an empty state")
    func infallibleEntryPoints() throws {
        let f = try Fixture()
        #expect(!sdBody_IsValid(nil, f.body) && !sdBody_IsValid(f.raw, f.staleBody) && sdBody_IsValid(f.raw, f.successorBody))
        #expect(!sdJoint_IsValid(nil, f.worldJoint) && !sdJoint_IsValid(f.raw, f.staleJoint))
        #expect(sdWorld_GetSparseBLASFrontRows(nil) == 0 && sdWorld_GetSparseBLASFrontRows(f.raw) >= 128)
        #expect(sdJoint_IsValid(f.raw, f.successorJoint))
        #expect(sdWorld_GetBodyCount(nil) == 0 && sdWorld_GetBodyCount(f.raw) == 3)
        #expect(sdWorld_GetJointCount(nil) == 0 && sdWorld_GetJointCount(f.raw) == 4)
        #expect(sdWorld_GetAwakeBodyCount(nil) == 0 && sdWorld_GetAwakeBodyCount(f.raw) == 3)
        let empty = sdWorld_GetState(nil)
        #expect(empty.slotCount == 0 && empty.x == nil && empty.alive == nil)
        let stats = sdWorld_GetStepStats(nil)
        #expect(stats.islandCount == 0 && stats.rowCount == 0 && stats.solveSeconds == 0)
        try f.world.frames()
        let live = sdWorld_GetStepStats(f.raw)
        #expect(live.islandCount == 1, "body, other and successor are one island through their joints")
        #expect(live.rowCount == 1 + 1 + 2 + 2 + 1, "distance 1 + distance 1 + pin 2 + limits 2 + rope 1")
        sdDestroyWorld(nil)
    }
}
