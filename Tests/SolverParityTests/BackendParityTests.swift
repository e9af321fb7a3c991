// The C core and the pure-Swift reference run the same scripted scene and must agree to 1e-9 relative.
import Dynamics
import Foundation
import ReferenceSolver
import AcceleratedSolver
import SolverBackend
import Testing

/// Everything observable from one run of the scripted scene.
struct Transcript {
    /// One entry per step, after the step.
    struct Frame {
        var bodyCount: Int
        var awakeCount: Int
        var liveIDs: [BodyID]
        var states: [BodyState]
        var query: [BodyID]
    }

    var createdIDs: [BodyID] = []
    var frames: [Frame] = []
    /// Errors thrown by the deliberately stale calls in the script, in order.
    var refusals: [SolverError] = []
    /// Final per-slot read-back through `withStateBuffers` (alive slots only: x, y, angle, vx, vy, ω, awake).
    var finalBuffers: [[Double]] = []
    var finalAlive: [UInt8] = []
    /// Final state of every live body, in slot order.
    var finalStates: [BodyState] { frames.last?.states ?? [] }
}

/// The scripted scene: ~50 bodies of every shape, with creation, destruction, setters, forces, impulses and
/// deliberately stale calls driven by a fixed-seed LCG, stepped 600 times at 1/60 s with 2 substeps.
enum ScriptedScene {
    static let steps = 600
    static let dt = 1.0 / 60
    static let substeps = 2
    static let seed: UInt64 = 0x5EED_2024_D15C_0DE5

    /// A random body definition; polygons come from `PolygonMassProperties`.
    static func randomDefinition(_ rng: inout LCG) -> BodyDefinition {
        var d = BodyDefinition()
        d.x = rng.range(-400, 400)
        d.y = rng.range(-400, 400)
        d.angle = rng.range(-Double.pi, Double.pi)
        d.vx = rng.range(-150, 150)
        d.vy = rng.range(-150, 150)
        d.angularVelocity = rng.range(-3, 3)
        d.width = rng.range(10, 150)
        d.height = rng.range(10, 150)
        switch rng.int(3) {
        case 0: d.shape = .rectangle
        case 1: d.shape = .ellipse
        default:
            // A convex polygon inscribed in the body's ellipse, 3 to 8 vertices at sorted random angles.
            let count = 3 + rng.int(6)
            let angles = (0..<count).map { _ in rng.range(0, 2 * Double.pi) }.sorted()
            let vertices = angles.map { (x: d.width / 2 * cos($0), y: d.height / 2 * sin($0)) }
            if let props = PolygonMassProperties.compute(vertices: vertices), props.area > 1e-3 {
                d.shape = .polygon(area: props.area, unitInertia: props.unitInertia)
            } else {
                d.shape = .rectangle
            }
        }
        d.density = rng.range(0.2, 4)
        switch rng.int(4) {
        case 0:  // heavily damped and weightless: slows down and comes to rest within the run
            d.linearDamping = rng.range(4, 8)
            d.angularDamping = rng.range(4, 8)
        case 1:
            d.linearDamping = rng.range(0, 1)
            d.angularDamping = rng.range(0, 1)
            d.gravityX = rng.range(-100, 100)
            d.gravityY = rng.range(0, 1000)
        default:
            d.gravityY = rng.range(0, 1000)
        }
        let flagRoll = rng.unit()
        if flagRoll < 0.1 {
            d.flags = .isStatic
        } else if flagRoll < 0.2 {
            d.flags = .fixedRotation
        } else if flagRoll < 0.23 {
            d.flags = [.isStatic, .fixedRotation]
        }
        return d
    }

    static func randomFlags(_ rng: inout LCG) -> BodyFlags {
        [[], .isStatic, .fixedRotation, [.isStatic, .fixedRotation], []][rng.int(5)]
    }

    /// Runs the scene on a fresh world of the given backend, with the given position update.
    static func run<B: PhysicsBackend>(_ type: B.Type, springModel: SpringModel = .analytic) throws -> Transcript {
        var rng = LCG(seed: seed)
        let world = try PhysicsWorld(B.self, settings: WorldSettings())
        world.springModel = springModel
        var transcript = Transcript()
        var live: [BodyID] = []
        var dead: [BodyID] = []
        var pushed: Set<BodyID> = []

        func create() throws {
            let id = try world.createBody(randomDefinition(&rng))
            transcript.createdIDs.append(id)
            live.append(id)
            if rng.chance(0.2) { pushed.insert(id) }
        }
        func pick() -> BodyID? { live.isEmpty ? nil : live[rng.int(live.count)] }
        /// A world point inside (or near) the body's bounding box, off its centre.
        func offCentre(_ s: BodyState) -> (Double, Double) { (s.x + rng.range(-40, 40), s.y + rng.range(-40, 40)) }

        for _ in 0..<50 { try create() }

        for _ in 0..<steps {
            // Forces every step on the pushed bodies, at off-centre points, scaled by mass (≤ 400 pt/s²).
            for id in live where pushed.contains(id) {
                let s = try world.state(of: id)
                let (px, py) = offCentre(s)
                try world.applyForce(
                    id, fx: s.mass * rng.range(-400, 400), fy: s.mass * rng.range(-400, 400), px: px, py: py)
            }
            if rng.chance(0.05), let id = pick() {  // any body, resting ones included: the force must wake it
                let s = try world.state(of: id)
                let (px, py) = offCentre(s)
                try world.applyForce(id, fx: s.mass * rng.range(-50, 50), fy: s.mass * rng.range(-50, 50), px: px, py: py)
            }
            if rng.chance(0.08), let id = pick() {
                let s = try world.state(of: id)
                let (px, py) = offCentre(s)
                try world.applyImpulse(
                    id, jx: s.mass * rng.range(-100, 100), jy: s.mass * rng.range(-100, 100), px: px, py: py)
            }
            if rng.chance(0.04), let id = pick() {
                try world.setLinearVelocity(id, vx: rng.range(-100, 100), vy: rng.range(-100, 100))
            }
            if rng.chance(0.03), let id = pick() { try world.setAngularVelocity(id, rng.range(-4, 4)) }
            if rng.chance(0.03), let id = pick() {
                try world.addVelocity(id, dvx: rng.range(-20, 20), dvy: rng.range(-20, 20), dw: rng.range(-1, 1))
            }
            if rng.chance(0.03), let id = pick() { try world.setDensity(id, rng.range(0.1, 6)) }
            if rng.chance(0.03), let id = pick() {
                try world.setDamping(id, linear: rng.range(0, 6), angular: rng.range(0, 6))
            }
            if rng.chance(0.03), let id = pick() {
                try world.setGravity(id, x: rng.range(-200, 200), y: rng.chance(0.3) ? 0 : rng.range(0, 1000))
            }
            if rng.chance(0.03), let id = pick() { try world.setFlags(id, randomFlags(&rng)) }
            if rng.chance(0.02), let id = pick() {
                try world.setMaterial(id, restitution: rng.range(0, 1), friction: rng.range(0, 1), charge: rng.range(-1, 1))
            }
            if rng.chance(0.02), let id = pick() { try world.wake(id) }
            if rng.chance(0.02), let id = pick() {
                try world.setPosition(id, x: rng.range(-300, 300), y: rng.range(-300, 300))
                try world.setAngle(id, rng.range(-Double.pi, Double.pi))
            }
            if rng.chance(0.05), !live.isEmpty {
                let index = rng.int(live.count)
                let id = live.remove(at: index)
                try world.destroyBody(id)
                pushed.remove(id)
                dead.append(id)
            }
            if rng.chance(0.05) { try create() }
            if rng.chance(0.03), !dead.isEmpty {
                let stale = dead[rng.int(dead.count)]
                if let error = thrown({ () throws(SolverError) in try world.setPosition(stale, x: 0, y: 0) }) {
                    transcript.refusals.append(error)
                }
            }

            try world.step(dt: dt, substeps: substeps)

            let sorted = live.sorted { $0.index < $1.index }
            var states: [BodyState] = []
            for id in sorted { states.append(try world.state(of: id)) }
            let cx = rng.range(-600, 600)
            let cy = rng.range(-600, 600)
            let hw = rng.range(50, 400)
            let hh = rng.range(50, 400)
            transcript.frames.append(
                Transcript.Frame(
                    bodyCount: world.bodyCount, awakeCount: world.awakeBodyCount, liveIDs: sorted, states: states,
                    query: try world.bodies(inRectMinX: cx - hw, minY: cy - hh, maxX: cx + hw, maxY: cy + hh)))
        }

        world.withStateBuffers { buffers in
            transcript.finalAlive = Array(buffers.alive)
            for i in 0..<buffers.slotCount where buffers.alive[i] != 0 {
                transcript.finalBuffers.append([
                    buffers.x[i], buffers.y[i], buffers.angle[i], buffers.vx[i], buffers.vy[i],
                    buffers.angularVelocity[i], Double(buffers.awake[i]),
                ])
            }
        }
        return transcript
    }
}

@Suite("Backend parity: scripted scene")
struct BackendParityTests {
    @Test("The scripted scene exercises what it claims: slot reuse, statics, rest, stale ids, forces")
    func sceneCoverage() throws {
        let t = try ScriptedScene.run(ReferenceWorld.self)
        #expect(t.frames.count == ScriptedScene.steps)
        #expect(t.createdIDs.count > 60, "too few creations mid-run: \(t.createdIDs.count)")
        #expect(t.createdIDs.contains { $0.generation > 0 }, "no slot was ever reused")
        #expect(t.refusals.count > 3, "too few stale-id calls: \(t.refusals.count)")
        #expect(t.frames.allSatisfy { (35...80).contains($0.bodyCount) })
        let resting = t.frames.map { frame in zip(frame.states, frame.liveIDs).filter { !$0.0.isAwake && $0.0.mass > 0 }.count }
        #expect(resting.contains { $0 >= 3 }, "no frame had several dynamic bodies at rest")
        let statics = t.frames.map { $0.states.filter { $0.mass == 0 }.count }
        #expect(statics.allSatisfy { $0 >= 1 }, "some frame had no static body")
        #expect(t.frames.contains { frame in frame.states.contains { $0.mass > 0 && $0.inertia == 0 } },
                "no fixed-rotation body")
        #expect(t.frames.allSatisfy { $0.awakeCount < $0.bodyCount })
        #expect(t.frames.contains { !$0.query.isEmpty } && t.frames.contains { $0.query.isEmpty })
        let finite = t.frames.allSatisfy { $0.states.allSatisfy { [$0.x, $0.y, $0.angle, $0.vx, $0.vy].allSatisfy(\.isFinite) } }
        #expect(finite)
        // Stale calls were refused with the stale id itself.
        #expect(t.refusals.allSatisfy { if case .invalidBody = $0 { true } else { false } })
    }

    @Test(
        "Both backends agree on ids, counts, queries and every body's state at every step (1e-9 relative)",
        arguments: [SpringModel.analytic, .uikitCompatible])
    func scriptedSceneParity(model: SpringModel) throws {
        let reference = try ScriptedScene.run(ReferenceWorld.self, springModel: model)
        let accelerated = try ScriptedScene.run(AcceleratedBackend.self, springModel: model)

        #expect(reference.createdIDs == accelerated.createdIDs, "createBody handed out different ids")
        #expect(reference.refusals == accelerated.refusals, "stale calls were refused differently")
        try #require(reference.frames.count == accelerated.frames.count)

        var mismatches: [String] = []
        var firstMismatchStep: Int?
        for (step, (r, a)) in zip(reference.frames, accelerated.frames).enumerated() {
            var problems: [String] = []
            if r.bodyCount != a.bodyCount { problems.append("bodyCount \(r.bodyCount) vs \(a.bodyCount)") }
            if r.awakeCount != a.awakeCount { problems.append("awakeCount \(r.awakeCount) vs \(a.awakeCount)") }
            if r.liveIDs != a.liveIDs { problems.append("live ids differ") }
            if r.query != a.query { problems.append("query \(r.query) vs \(a.query)") }
            for (id, (rs, as_)) in zip(r.liveIDs, zip(r.states, a.states)) {
                let d = differences(rs, as_)
                if !d.isEmpty { problems.append("\(id): \(d.joined(separator: ", "))") }
            }
            if !problems.isEmpty {
                if firstMismatchStep == nil { firstMismatchStep = step }
                mismatches += problems.prefix(3).map { "step \(step): \($0)" }
            }
        }
        #expect(mismatches.isEmpty, "first mismatch at step \(firstMismatchStep ?? -1): \(mismatches.prefix(8))")

        // Final bulk read-back agrees too (free slots excluded: their contents are unspecified).
        #expect(reference.finalAlive == accelerated.finalAlive)
        #expect(reference.finalBuffers.count == accelerated.finalBuffers.count)
        let bufferMismatches = zip(reference.finalBuffers, accelerated.finalBuffers).filter { r, a in
            !zip(r, a).allSatisfy { close($0, $1) }
        }
        #expect(bufferMismatches.isEmpty, "withStateBuffers differ: \(bufferMismatches.prefix(3))")
        // The buffers agree with per-body reads.
        let fromStates = reference.finalStates.map {
            [$0.x, $0.y, $0.angle, $0.vx, $0.vy, $0.angularVelocity, $0.isAwake ? 1 : 0]
        }
        #expect(fromStates == reference.finalBuffers)
    }

    @Test("Each backend is deterministic: two runs of the scene are bit-identical")
    func determinism() throws {
        func flatten(_ t: Transcript) -> [UInt64] {
            t.frames.flatMap { frame in
                [UInt64(frame.bodyCount), UInt64(frame.awakeCount)] + frame.states.flatMap(bits)
                    + frame.query.map { UInt64(UInt32(bitPattern: $0.index)) << 32 | UInt64($0.generation) }
            }
        }
        let a1 = try ScriptedScene.run(AcceleratedBackend.self)
        let a2 = try ScriptedScene.run(AcceleratedBackend.self)
        #expect(flatten(a1) == flatten(a2))
        let r1 = try ScriptedScene.run(ReferenceWorld.self)
        let r2 = try ScriptedScene.run(ReferenceWorld.self)
        #expect(flatten(r1) == flatten(r2))
    }

    @Test(
        "Free fall with 2 substeps gives the same closed form on both backends: y = 500 + g·t·h/2 (semi-implicit Euler) or 500 (analytic)",
        arguments: [SpringModel.analytic, .uikitCompatible])
    func freeFallBothBackends(model: SpringModel) throws {
        func fall<B: PhysicsBackend>(_ type: B.Type) throws -> BodyState {
            let world = try PhysicsWorld(B.self, settings: WorldSettings())
            #expect(world.springModel == .analytic, "\(type) does not default to the analytic model")
            world.springModel = model
            var d = BodyDefinition()
            d.gravityY = 1000
            let id = try world.createBody(d)
            for _ in 0..<60 { try world.step(dt: 1.0 / 60, substeps: 2) }
            return try world.state(of: id)
        }
        let expectedY = model == .uikitCompatible ? 500 + 1000 * 1 * (1.0 / 120) / 2 : 500
        for s in [try fall(ReferenceWorld.self), try fall(AcceleratedBackend.self)] {
            #expect(abs(s.vy - 1000) <= 1e-9, "vy \(s.vy)")
            #expect(abs(s.y - expectedY) <= 1e-9, "y \(s.y), expected \(expectedY)")
        }
    }

    @Test("Slot reuse hands out the same ids on both backends, LIFO with generations")
    func slotReuseParity() throws {
        func ids<B: PhysicsBackend>(_ type: B.Type) throws -> [BodyID] {
            let world = try PhysicsWorld(B.self, settings: WorldSettings())
            var out: [BodyID] = []
            for _ in 0..<4 { out.append(try world.createBody(BodyDefinition())) }
            try world.destroyBody(out[0])
            try world.destroyBody(out[2])
            out.append(try world.createBody(BodyDefinition()))
            out.append(try world.createBody(BodyDefinition()))
            out.append(try world.createBody(BodyDefinition()))
            try world.destroyBody(out[5])
            out.append(try world.createBody(BodyDefinition()))
            #expect(world.bodyCount == 5)
            return out
        }
        let expected = [
            BodyID(index: 0, generation: 0), BodyID(index: 1, generation: 0), BodyID(index: 2, generation: 0),
            BodyID(index: 3, generation: 0), BodyID(index: 2, generation: 1), BodyID(index: 0, generation: 1),
            BodyID(index: 4, generation: 0), BodyID(index: 0, generation: 2),
        ]
        #expect(try ids(ReferenceWorld.self) == expected)
        #expect(try ids(AcceleratedBackend.self) == expected)
    }

    /// A call made on a resting body, a static body and a fixed-rotation body.
    struct WakingCall: Sendable, CustomStringConvertible {
        let description: String
        let call: @Sendable (PhysicsWorld, BodyID) throws -> Void
    }

    static let wakingCalls: [WakingCall] = [
        WakingCall(description: "applyForce") { try $0.applyForce($1, fx: 3, fy: -2, px: 10, py: 5) },
        WakingCall(description: "applyForce of zero") { try $0.applyForce($1, fx: 0, fy: 0, px: 0, py: 0) },
        WakingCall(description: "applyImpulse") { try $0.applyImpulse($1, jx: 0.5, jy: 0.25, px: 20, py: 0) },
        WakingCall(description: "setPosition") { try $0.setPosition($1, x: 40, y: 30) },
        WakingCall(description: "setAngle") { try $0.setAngle($1, 0.75) },
        WakingCall(description: "setLinearVelocity 0") { try $0.setLinearVelocity($1, vx: 0, vy: 0) },
        WakingCall(description: "setLinearVelocity") { try $0.setLinearVelocity($1, vx: 5, vy: 0) },
        WakingCall(description: "setAngularVelocity") { try $0.setAngularVelocity($1, 0.5) },
        WakingCall(description: "addVelocity") { try $0.addVelocity($1, dvx: 0, dvy: 3, dw: 0.2) },
        WakingCall(description: "setDensity") { try $0.setDensity($1, 3) },
        WakingCall(description: "setDamping") { try $0.setDamping($1, linear: 0.5, angular: 0.5) },
        WakingCall(description: "setGravity") { try $0.setGravity($1, x: 0, y: 200) },
        WakingCall(description: "setFlags none") { try $0.setFlags($1, []) },
        WakingCall(description: "setFlags static") { try $0.setFlags($1, .isStatic) },
        WakingCall(description: "setFlags fixedRotation") { try $0.setFlags($1, .fixedRotation) },
        WakingCall(description: "setMaterial") { try $0.setMaterial($1, restitution: 0.5, friction: 0.1, charge: 1) },
        WakingCall(description: "wake") { try $0.wake($1) },
    ]

    @Test("Calls on resting, static and fixed-rotation bodies wake (or not) alike on both backends", arguments: wakingCalls)
    func wakingParity(_ waking: WakingCall) throws {
        /// Rests three bodies (dynamic, fixed-rotation, static), makes the call on each, then steps.
        func observe(_ type: any PhysicsBackend.Type) throws -> (awake: [Int], states: [BodyState]) {
            var settings = WorldSettings()
            settings.timeToSleep = 0.25
            let world = try PhysicsWorld(type, settings: settings)
            var ids: [BodyID] = []
            for flags: BodyFlags in [[], .fixedRotation, .isStatic] {
                var d = BodyDefinition()
                d.x = Double(ids.count) * 300
                d.width = 60
                d.height = 40
                d.flags = flags
                ids.append(try world.createBody(d))
            }
            for _ in 0..<20 { try world.step(dt: 1.0 / 60, substeps: 2) }
            var awake = [world.awakeBodyCount]
            var states: [BodyState] = []
            for id in ids {
                try waking.call(world, id)
                awake.append(world.awakeBodyCount)
                states.append(try world.state(of: id))
            }
            for _ in 0..<40 {
                try world.step(dt: 1.0 / 60, substeps: 2)
                awake.append(world.awakeBodyCount)
                for id in ids { states.append(try world.state(of: id)) }
            }
            return (awake, states)
        }
        let reference = try observe(ReferenceWorld.self)
        let accelerated = try observe(AcceleratedBackend.self)
        #expect(reference.awake.first == 0, "the bodies did not come to rest first")
        #expect(reference.awake == accelerated.awake, "awake counts: reference \(reference.awake.prefix(6)), accelerated \(accelerated.awake.prefix(6))")
        try #require(reference.states.count == accelerated.states.count)
        let mismatches = zip(reference.states, accelerated.states).enumerated().filter { !differences($0.element.0, $0.element.1).isEmpty }
        #expect(mismatches.isEmpty, "first differing state #\(mismatches.first?.offset ?? -1): \(mismatches.first.map { differences($0.element.0, $0.element.1) } ?? [])")
    }
}
