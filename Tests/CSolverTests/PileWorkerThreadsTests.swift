// Worker threads on a pile (sdWorldDef.workerCount): a pour large enough for the collision pass to go to the task
// pool (the broadphase's pair tests, the contacts' manifolds) steps to exactly the bits it steps to on one thread
// — bodies, every contact, and the begin and end events in their order — for 1, 2 and 3 workers (`make tsan` runs
// this suite under Thread Sanitizer). The pours are large enough (over 2,048 contacts) for the old contacts' fates
// and the step's touch states to be decided in tasks too, with the events sent after them in contact order.
import CSolver
import Testing

@Suite("Pile on worker threads")
struct PileWorkerThreadsTests {
    /// FNV-1a over the bytes of `value`.
    static func mix<T>(_ hash: inout UInt64, _ value: T) {
        withUnsafeBytes(of: value) { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
    }

    /// `items` 20 pt boxes and circles (every seventh elastic) poured in rows into a box of three static walls and
    /// stepped `frames` times at 60 Hz (two substeps). Returns, per frame, a hash of every body's state, every
    /// contact and every begin and end event, and the frame's contact and event counts; and the events in all.
    /// With `destroyAt`, every twentieth item's body is destroyed before that frame: its contacts end (the touching ones
    /// with end events) at the next collision pass. With `compound`, every eleventh box also has a circle on its
    /// corner (a body of two shapes: the bounds pass's tasks leave its extents to the serial tail).
    static func pour(workers: Int32, items: Int = 1_100, frames: Int = 120, sleep: Bool = false,
                     destroyAt: Int? = nil, compound: Bool = false) throws -> (frames: [UInt64], begins: Int, ends: Int)
    {
        var def = sdDefaultWorldDef()
        def.workerCount = workers
        def.initialBodyCapacity = Int32(items + 3)
        if !sleep { def.timeToSleep = 1e9 }
        let world = try World(def)
        let columns = Int(1.1 * Double(items).squareRoot())
        let width = 22.0 * Double(columns)
        func box(_ body: sdBodyId, halfWidth hw: Double, halfHeight hh: Double, userData: UInt64) throws {
            var shape = sdDefaultShapeDef()
            shape.type = sdShapeType_polygon
            shape.vertexCount = 4
            withUnsafeMutableBytes(of: &shape.vertices) { raw in
                let v = raw.bindMemory(to: Double.self)
                for (k, value) in [-hw, -hh, hw, -hh, hw, hh, -hw, hh].enumerated() { v[k] = value }
            }
            shape.userData = userData
            var id = sdShapeId()
            try #require(sdCreateShape(world.raw, body, &shape, &id) == sdResult_ok)
        }
        for (x, y, hw, hh) in [(width / 2, 10.0, width / 2 + 20, 10.0), (-10, 600, 10, 600), (width + 10, 600, 10, 600)] {
            let wall = try world.create(bodyDef(x: x, y: y, width: 2 * hw, height: 2 * hh, flags: staticFlag))
            try box(wall, halfWidth: hw, halfHeight: hh, userData: 0)
        }
        var bodies: [sdBodyId] = []
        for i in 0..<items {
            let (row, column) = (i / columns, i % columns)
            let jitter = Double((i * 7_919) % 13) / 13 - 0.5
            let circle = i % 3 == 0
            let body = try world.create(bodyDef(
                x: 11 + 22 * Double(column) + jitter, y: 40 + 22 * Double(row) - jitter, width: 20, height: 20,
                shape: circle ? sdShape_ellipse : sdShape_rectangle, gravityY: -1000
            ) {
                $0.angle = 0.3 * jitter
                $0.linearDamping = 0.1
            })
            bodies.append(body)
            try #require(sdBody_SetMaterial(world.raw, body, i % 7 == 0 ? 0.6 : 0.2, 0.2, 0) == sdResult_ok)
            if circle {
                var shape = sdDefaultShapeDef()
                shape.type = sdShapeType_circle
                shape.radius = 10
                shape.userData = UInt64(i + 1)
                var id = sdShapeId()
                try #require(sdCreateShape(world.raw, body, &shape, &id) == sdResult_ok)
            } else {
                try box(body, halfWidth: 10, halfHeight: 10, userData: UInt64(i + 1))
                if compound && i % 11 == 1 {
                    var shape = sdDefaultShapeDef()
                    shape.type = sdShapeType_circle
                    shape.radius = 4
                    shape.centerX = 8
                    shape.centerY = 8
                    var id = sdShapeId()
                    try #require(sdCreateShape(world.raw, body, &shape, &id) == sdResult_ok)
                }
            }
        }
        var hashes: [UInt64] = []
        var begins = 0, ends = 0
        for frame in 0..<frames {
            if frame == destroyAt {
                for body in bodies.enumerated() where body.offset % 20 == 4 {
                    try #require(sdDestroyBody(world.raw, body.element) == sdResult_ok)
                }
                // Still enough shapes for the collision pass to run on the workers (1,024).
                try #require(sdWorld_GetShapeCount(world.raw) >= 1_024)
            }
            try world.step(1.0 / 60.0, substeps: 2)
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for value in world.snapshot() { mix(&hash, value) }
            let count = sdWorld_GetContactCount(world.raw)
            for k in 0..<count {
                var c = sdContactData()
                try #require(sdWorld_GetContact(world.raw, k, &c) == sdResult_ok)
                for value in [c.shapeA.index, c.shapeB.index, c.pointCount, c.touching ? 1 : 0] { mix(&hash, value) }
                for value in [c.normalX, c.normalY, c.pointX.0, c.pointX.1, c.pointY.0, c.pointY.1, c.separation.0,
                              c.separation.1, c.normalImpulse.0, c.normalImpulse.1] { mix(&hash, value.bitPattern) }
            }
            // Field by field (a struct's padding is not part of its value).
            let events = sdWorld_GetContactEvents(world.raw)
            for e in UnsafeBufferPointer(start: events.begin, count: Int(events.beginCount)) {
                for value in [e.shapeA.index, e.shapeB.index] { mix(&hash, value) }
                for value in [e.userDataA, e.userDataB] { mix(&hash, value) }
                for value in [e.pointX, e.pointY, e.normalX, e.normalY] { mix(&hash, value.bitPattern) }
            }
            for e in UnsafeBufferPointer(start: events.end, count: Int(events.endCount)) {
                for value in [e.shapeA.index, e.shapeB.index] { mix(&hash, value) }
                for value in [e.userDataA, e.userDataB] { mix(&hash, value) }
            }
            begins += Int(events.beginCount)
            ends += Int(events.endCount)
            hashes += [hash, UInt64(count), UInt64(events.beginCount), UInt64(events.endCount)]
        }
        return (hashes, begins, ends)
    }

    @Test("A pour steps to the same bodies, contacts and events with 1, 2 and 3 workers")
    func sameBitsForEveryWorkerCount() throws {
        let one = try Self.pour(workers: 1)
        // The pile formed: contacts began and ended; more than 2,048 contacts at the end (finishing the step in tasks).
        #expect(one.begins > 1_000 && one.ends > 100)
        #expect(one.frames[one.frames.count - 3] > 2_048)
        for workers: Int32 in [2, 3] {
            let many = try Self.pour(workers: workers).frames
            let same = many == one.frames // (not expanded on failure: four entries a frame)
            #expect(same, "\(workers) workers: first differs at \(Self.firstDifference(many, one.frames))")
        }
    }

    @Test("With sleeping on, resting bodies woken by the pile give the same bits with 1 and 2 workers")
    func sameBitsWithSleeping() throws {
        let one = try Self.pour(workers: 1, frames: 150, sleep: true).frames
        let two = try Self.pour(workers: 2, frames: 150, sleep: true).frames
        let same = two == one
        #expect(same, "first differs at \(Self.firstDifference(two, one))")
    }

    @Test("Bodies of two shapes, and bodies destroyed in a pile, give the same events and bits for 1, 2 and 3 workers")
    func sameBitsWhenBodiesAreDestroyed() throws {
        let kept = try Self.pour(workers: 1, frames: 100, compound: true)
        let one = try Self.pour(workers: 1, frames: 100, destroyAt: 70, compound: true)
        // Fifty-five items went: their touching contacts ended with events, after the frame they went.
        #expect(one.ends > kept.ends + 100)
        #expect(one.frames.prefix(4 * 70) == kept.frames.prefix(4 * 70))
        for workers: Int32 in [2, 3] {
            let many = try Self.pour(workers: workers, frames: 100, destroyAt: 70, compound: true).frames
            let same = many == one.frames
            #expect(same, "\(workers) workers: first differs at \(Self.firstDifference(many, one.frames))")
        }
    }

    /// "frame f, entry e" of the first entry that differs (four per frame: hash, contacts, begins, ends).
    static func firstDifference(_ a: [UInt64], _ b: [UInt64]) -> String {
        guard let k = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else { return "none (\(a.count) and \(b.count) entries)" }
        return "frame \(k / 4), entry \(k % 4)"
    }
}
