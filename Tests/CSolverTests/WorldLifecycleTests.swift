// World and body lifetime: defaults, creation, storage growth, slot reuse and stale ids.
import CSolver
import Testing

@Suite("World lifecycle")
struct WorldLifecycleTests {
    @Test("sdDefaultWorldDef gives capacity 64 and UIKit's rest thresholds")
    func defaultWorldDef() {
        let def = sdDefaultWorldDef()
        #expect(def.initialBodyCapacity == 64)
        #expect(def.sleepLinearTolerance == 1.0)
        expectClose(def.sleepAngularTolerance, 2 * Double.pi / 180, within: 1e-15, "sleepAngularTolerance")
        #expect(def.timeToSleep == 0.5)
        #expect(def.workerCount == 1)
    }

    @Test("sdDefaultBodyDef is a 100 × 100 dynamic rectangle of density 1 at rest at the origin")
    func defaultBodyDef() {
        let def = sdDefaultBodyDef()
        #expect([def.x, def.y, def.angle, def.vx, def.vy, def.angularVelocity] == [0, 0, 0, 0, 0, 0])
        #expect(def.width == 100)
        #expect(def.height == 100)
        #expect(def.shape == sdShape_rectangle)
        #expect(def.polygonArea == 0)
        #expect(def.polygonUnitInertia == 0)
        #expect(def.density == 1)
        #expect(def.linearDamping == 0)
        #expect(def.angularDamping == 0)
        #expect(def.gravityX == 0)
        #expect(def.gravityY == 0)
        #expect(def.flags == 0)
    }

    @Test("A default body weighs 1 kg, has inertia 10000/6 kg·pt² and starts awake")
    func defaultBodyState() throws {
        let world = try World()
        #expect(world.bodyCount == 0)
        #expect(world.awakeCount == 0)
        let id = try world.create()
        #expect(id.index == 0)
        #expect(id.generation == 0)
        let s = try world.state(id)
        #expect(s.mass == 1.0)
        expectRelative(s.inertia, 1.0 * (100.0 * 100 + 100 * 100) / 12, within: 1e-15, "inertia")
        #expect(s.width == 100)
        #expect(s.height == 100)
        #expect(s.flags == 0)
        #expect(s.awake)
        #expect(world.bodyCount == 1)
        #expect(world.awakeCount == 1)
    }

    @Test("sdCreateWorld refuses bad definitions and leaves *outWorld NULL")
    func createWorldRefusals() {
        func attempt(_ configure: (inout sdWorldDef) -> Void) -> (sdResult, Bool) {
            var def = sdDefaultWorldDef()
            configure(&def)
            // Non-NULL garbage first, so the test sees the function clear it.
            var out: OpaquePointer? = OpaquePointer(bitPattern: 0x1234)
            let result = sdCreateWorld(&def, &out)
            if result == sdResult_ok { sdDestroyWorld(out) }
            return (result, out == nil)
        }
        let cases: [(String, sdResult, (inout sdWorldDef) -> Void)] = [
            ("capacity 0", sdResult_outOfRange, { $0.initialBodyCapacity = 0 }),
            ("capacity -1", sdResult_outOfRange, { $0.initialBodyCapacity = -1 }),
            ("capacity 2^28 + 1", sdResult_outOfRange, { $0.initialBodyCapacity = (1 << 28) + 1 }),
            ("negative linear tolerance", sdResult_outOfRange, { $0.sleepLinearTolerance = -0.5 }),
            ("negative angular tolerance", sdResult_outOfRange, { $0.sleepAngularTolerance = -1e-9 }),
            ("negative time to sleep", sdResult_outOfRange, { $0.timeToSleep = -1 }),
            ("NaN linear tolerance", sdResult_nonFinite, { $0.sleepLinearTolerance = .nan }),
            ("inf angular tolerance", sdResult_nonFinite, { $0.sleepAngularTolerance = .infinity }),
            ("-inf time to sleep", sdResult_nonFinite, { $0.timeToSleep = -.infinity }),
            ("0 workers", sdResult_outOfRange, { $0.workerCount = 0 }),
            ("-1 workers", sdResult_outOfRange, { $0.workerCount = -1 }),
            ("65 workers", sdResult_outOfRange, { $0.workerCount = 65 }),
        ]
        for (name, expected, configure) in cases {
            let (result, cleared) = attempt(configure)
            #expect(result == expected, "\(name)")
            #expect(cleared, "\(name): *outWorld must be NULL after a refusal")
        }
        // Boundary values that are allowed.
        #expect(attempt { $0.initialBodyCapacity = 1 }.0 == sdResult_ok)
        #expect(attempt { $0.workerCount = 64 }.0 == sdResult_ok)
        #expect(attempt { $0.timeToSleep = 0; $0.sleepLinearTolerance = 0; $0.sleepAngularTolerance = 0 }.0 == sdResult_ok)
    }

    @Test("sdCreateWorld with NULL arguments returns nullArgument; sdDestroyWorld(NULL) is a no-op")
    func createWorldNull() {
        var def = sdDefaultWorldDef()
        #expect(sdCreateWorld(&def, nil) == sdResult_nullArgument)
        var out: OpaquePointer? = OpaquePointer(bitPattern: 0x1234)
        #expect(sdCreateWorld(nil, &out) == sdResult_nullArgument)
        #expect(out == nil)
        sdDestroyWorld(nil)
        #expect(sdWorld_GetBodyCount(nil) == 0)
        #expect(sdWorld_GetAwakeBodyCount(nil) == 0)
        let state = sdWorld_GetState(nil)
        #expect(state.slotCount == 0)
        #expect(state.x == nil)
    }

    @Test("Every result code has its own description")
    func resultDescriptions() {
        let codes = [
            sdResult_ok, sdResult_nullArgument, sdResult_invalidId, sdResult_nonFinite, sdResult_outOfRange,
            sdResult_outOfMemory,
        ]
        let texts = codes.map { String(cString: sdResult_Description($0)) }
        #expect(texts[0] == "ok")
        #expect(Set(texts).count == codes.count, "descriptions must differ: \(texts)")
        #expect(String(cString: sdResult_Description(sdResult(rawValue: 99))) == "unknown result")
    }

    @Test("Growing from capacity 1 to 100 000 bodies keeps every earlier body's state")
    func capacityGrowth() throws {
        var def = sdDefaultWorldDef()
        def.initialBodyCapacity = 1
        let world = try World(def)
        let count = 100_000
        var ids: [sdBodyId] = []
        ids.reserveCapacity(count)
        func definition(_ i: Int) -> sdBodyDef {
            bodyDef(x: Double(i), y: -2.5 * Double(i), width: 10 + Double(i % 7), height: 5 + Double(i % 3),
                    shape: i % 2 == 0 ? sdShape_rectangle : sdShape_ellipse, density: 1 + Double(i % 5)) {
                $0.angle = Double(i) * 1e-3
                $0.vx = Double(i % 11) - 5
                $0.vy = Double(i % 13)
                $0.angularVelocity = Double(i % 17) * 0.25
            }
        }
        for i in 0..<count {
            ids.append(try world.create(definition(i)))
            // Spot-check the first body right after each doubling.
            if i.nonzeroBitCount == 1 {
                let first = try world.state(ids[0])
                #expect(first.x == 0 && first.vx == -5, "body 0 changed after growing to \(i + 1) bodies")
            }
        }
        #expect(world.bodyCount == Int32(count))
        #expect(world.awakeCount == Int32(count))
        let bulk = sdWorld_GetState(world.raw)
        #expect(bulk.slotCount == Int32(count))
        var mismatches = 0
        for i in 0..<count {
            let id = ids[i]
            guard id.index == Int32(i), id.generation == 0 else {
                mismatches += 1
                continue
            }
            let d = definition(i)
            let s = try world.state(id)
            let (area, unit) = d.shape == sdShape_rectangle
                ? (d.width * d.height, (d.width * d.width + d.height * d.height) / 12)
                : (Double.pi * d.width * d.height / 4, (d.width * d.width + d.height * d.height) / 16)
            let mass = d.density * area / 10000
            let ok = s.x == d.x && s.y == d.y && s.angle == d.angle && s.vx == d.vx && s.vy == d.vy
                && s.angularVelocity == d.angularVelocity && s.width == d.width && s.height == d.height
                && abs(s.mass - mass) <= 1e-12 * mass && abs(s.inertia - mass * unit) <= 1e-12 * mass * unit
                && s.awake
                && bulk.x[i] == d.x && bulk.y[i] == d.y && bulk.angle[i] == d.angle && bulk.vx[i] == d.vx
                && bulk.vy[i] == d.vy && bulk.angularVelocity[i] == d.angularVelocity && bulk.alive[i] == 1
                && bulk.awake[i] == 1
            if !ok { mismatches += 1 }
        }
        #expect(mismatches == 0, "\(mismatches) of \(count) bodies lost their state while the arrays grew")

        // The grown world still steps every body: one step of 1/10 s moves x by vx/10.
        try world.step(0.1, substeps: 1)
        for i in stride(from: 0, to: count, by: 997) {
            let s = try world.state(ids[i])
            expectClose(s.x, Double(i) + 0.1 * (Double(i % 11) - 5), within: 1e-9, "x of body \(i) after a step")
        }
    }

    @Test("Freed slots are reused last-in first-out with the generation incremented")
    func slotReuseLIFO() throws {
        let world = try World()
        var ids: [sdBodyId] = []
        for i in 0..<5 { ids.append(try world.create(bodyDef(x: Double(i)))) }
        #expect(ids.map(\.index) == [0, 1, 2, 3, 4])
        #expect(ids.map(\.generation) == [0, 0, 0, 0, 0])

        #expect(sdDestroyBody(world.raw, ids[1]) == sdResult_ok)
        #expect(sdDestroyBody(world.raw, ids[3]) == sdResult_ok)
        #expect(world.bodyCount == 3)
        #expect(world.awakeCount == 3)
        var bulk = sdWorld_GetState(world.raw)
        #expect(bulk.slotCount == 5)
        #expect((0..<5).map { bulk.alive[$0] } == [1, 0, 1, 0, 1])

        let a = try world.create(bodyDef(x: 30))  // most recently freed: slot 3
        let b = try world.create(bodyDef(x: 10))  // then slot 1
        let c = try world.create(bodyDef(x: 50))  // then a new slot at the end
        #expect([a.index, b.index, c.index] == [3, 1, 5])
        #expect([a.generation, b.generation, c.generation] == [1, 1, 0])
        bulk = sdWorld_GetState(world.raw)
        #expect(bulk.slotCount == 6)
        #expect(world.bodyCount == 6)

        // The reused slot holds the new body's state, not the old one's.
        #expect(try world.state(a).x == 30)
        #expect(try world.state(b).x == 10)

        // Cycling one slot bumps its generation every time.
        var current = a
        for expected in UInt32(2)...6 {
            #expect(sdDestroyBody(world.raw, current) == sdResult_ok)
            current = try world.create(bodyDef(x: Double(expected)))
            #expect(current.index == 3)
            #expect(current.generation == expected)
        }
        #expect(world.bodyCount == 6)
        #expect(sdWorld_GetState(world.raw).slotCount == 6)
    }

    @Test("Destroying a resting or static body keeps the awake count right")
    func destroyAwakeAccounting() throws {
        var def = sdDefaultWorldDef()
        def.timeToSleep = 0.25
        let world = try World(def)
        let moving = try world.create(bodyDef(gravityY: 100))
        let resting = try world.create(bodyDef(x: 500))
        let anchored = try world.create(bodyDef(x: 1000, flags: staticFlag))
        #expect(world.awakeCount == 2)
        try world.step(0.125, substeps: 1, count: 2)
        #expect(try !world.state(resting).awake)
        #expect(world.awakeCount == 1)
        #expect(sdDestroyBody(world.raw, resting) == sdResult_ok)
        #expect(world.awakeCount == 1)
        #expect(sdDestroyBody(world.raw, anchored) == sdResult_ok)
        #expect(world.awakeCount == 1)
        #expect(sdDestroyBody(world.raw, moving) == sdResult_ok)
        #expect(world.awakeCount == 0)
        #expect(world.bodyCount == 0)
    }

    @Test("Stale, foreign and out-of-range ids are refused with invalidId and touch nothing")
    func staleIds() throws {
        let world = try World()
        let old = try world.create(bodyDef(x: 1))
        let other = try world.create(bodyDef(x: 2))
        #expect(sdDestroyBody(world.raw, old) == sdResult_ok)
        let successor = try world.create(bodyDef(x: 3, gravityY: 10))
        #expect(successor.index == old.index)
        #expect(successor.generation == old.generation + 1)

        let before = world.snapshot()
        let successorBefore = bits(try world.state(successor))
        let bad: [(String, sdBodyId)] = [
            ("destroyed", old),
            ("future generation", sdBodyId(index: successor.index, generation: successor.generation + 1)),
            ("negative index", sdBodyId(index: -1, generation: 0)),
            ("index past the slots", sdBodyId(index: 2, generation: 0)),
            ("huge index", sdBodyId(index: .max, generation: 0)),
        ]
        for (name, id) in bad {
            let w = world.raw
            var s = sdBodyState()
            #expect(!sdBody_IsValid(w, id), "\(name)")
            #expect(sdDestroyBody(w, id) == sdResult_invalidId, "\(name): destroy")
            #expect(sdBody_GetState(w, id, &s) == sdResult_invalidId, "\(name): get state")
            #expect(sdBody_SetPosition(w, id, 5, 5) == sdResult_invalidId, "\(name): position")
            #expect(sdBody_SetAngle(w, id, 1) == sdResult_invalidId, "\(name): angle")
            #expect(sdBody_SetLinearVelocity(w, id, 1, 1) == sdResult_invalidId, "\(name): velocity")
            #expect(sdBody_SetAngularVelocity(w, id, 1) == sdResult_invalidId, "\(name): angular velocity")
            #expect(sdBody_AddVelocity(w, id, 1, 1, 1) == sdResult_invalidId, "\(name): add velocity")
            #expect(sdBody_SetDensity(w, id, 2) == sdResult_invalidId, "\(name): density")
            #expect(sdBody_SetDamping(w, id, 1, 1) == sdResult_invalidId, "\(name): damping")
            #expect(sdBody_SetGravity(w, id, 1, 1) == sdResult_invalidId, "\(name): gravity")
            #expect(sdBody_SetFlags(w, id, staticFlag) == sdResult_invalidId, "\(name): flags")
            #expect(sdBody_SetMaterial(w, id, 0.5, 0.5, 1) == sdResult_invalidId, "\(name): material")
            #expect(sdBody_Wake(w, id) == sdResult_invalidId, "\(name): wake")
            #expect(sdBody_ApplyForce(w, id, 100, 100, 0, 0) == sdResult_invalidId, "\(name): force")
            #expect(sdBody_ApplyLinearImpulse(w, id, 100, 100, 0, 0) == sdResult_invalidId, "\(name): impulse")
        }
        // A stale id's argument checks come after the id check: NaN with a stale id is still invalidId.
        #expect(sdBody_SetPosition(world.raw, old, .nan, 0) == sdResult_invalidId)
        #expect(sdBody_SetDensity(world.raw, old, -1) == sdResult_invalidId)

        #expect(world.snapshot() == before, "a refused call changed the world")
        #expect(bits(try world.state(successor)) == successorBefore)
        #expect(world.bodyCount == 2)
        #expect(sdBody_IsValid(world.raw, successor))
        #expect(sdBody_IsValid(world.raw, other))
        // A stale force must not have been stored for the successor: it falls under its own gravity only.
        try world.step(0.5, substeps: 1)
        let s = try world.state(successor)
        #expect(s.vx == 0)
        expectClose(s.vy, 5, within: 1e-12, "successor vy")
    }
}
