// Worker threads in the soft step of a pile (sdWorldDef.workerCount): the blocks' preparation, the bodies'
// packing and the impulses' store run in fixed-size tasks on the world's workers, and the pile steps to exactly
// the bits it gives with one worker.
import CSolver
import Testing

@Suite("Soft pile on worker threads")
struct SoftPileWorkersTests {
    /// A static box of three walls.
    static func wall(_ world: World, x: Double, y: Double, halfWidth: Double, halfHeight: Double) throws {
        let id = try world.create(bodyDef(x: x, y: y, width: 2 * halfWidth, height: 2 * halfHeight, flags: staticFlag))
        var shape = sdDefaultShapeDef()
        shape.type = sdShapeType_polygon
        shape.vertexCount = 4
        withUnsafeMutableBytes(of: &shape.vertices) { raw in
            let v = raw.bindMemory(to: Double.self)
            for (k, value) in [-halfWidth, -halfHeight, halfWidth, -halfHeight, halfWidth, halfHeight,
                               -halfWidth, halfHeight].enumerated() { v[k] = value }
        }
        var shapeId = sdShapeId()
        try #require(sdCreateShape(world.raw, id, &shape, &shapeId) == sdResult_ok)
    }

    /// `count` 20 pt boxes and circles (every third), some elastic, dropped in rows into the box and stepped
    /// `steps` times at 60 Hz: one large island, whose contacts and bodies span several tasks of every kind.
    /// Returns the final state and every contact's impulses, as bit patterns.
    static func pile(workers: Int32, count: Int = 2600, steps: Int = 90) throws -> [UInt64] {
        var def = sdDefaultWorldDef()
        def.workerCount = workers
        def.initialBodyCapacity = Int32(count + 8)
        def.timeToSleep = 1e9
        let world = try World(def)
        let columns = 40, width = 22.0 * Double(columns)
        try wall(world, x: width / 2, y: 10, halfWidth: width / 2 + 20, halfHeight: 10)
        try wall(world, x: -10, y: 1200, halfWidth: 10, halfHeight: 1200)
        try wall(world, x: width + 10, y: 1200, halfWidth: 10, halfHeight: 1200)
        for i in 0..<count {
            let row = i / columns, column = i % columns
            let jitter = Double((i * 7919) % 13) / 13.0 - 0.5
            let circle = i % 3 == 0
            let id = try world.create(bodyDef(
                x: 11 + 22 * Double(column) + jitter, y: 40 + 22 * Double(row) - jitter, width: 20, height: 20,
                shape: circle ? sdShape_ellipse : sdShape_rectangle, gravityY: -1000
            ) { $0.angle = 0.2 * jitter })
            try #require(sdBody_SetMaterial(world.raw, id, i % 7 == 0 ? 0.6 : 0.2, 0.2, 0) == sdResult_ok)
            var shape = sdDefaultShapeDef()
            if circle {
                shape.type = sdShapeType_circle
                shape.radius = 10
            } else {
                shape.type = sdShapeType_polygon
                shape.vertexCount = 4
                withUnsafeMutableBytes(of: &shape.vertices) { raw in
                    let v = raw.bindMemory(to: Double.self)
                    for (k, value) in [-10.0, -10, 10, -10, 10, 10, -10, 10].enumerated() { v[k] = value }
                }
            }
            var shapeId = sdShapeId()
            try #require(sdCreateShape(world.raw, id, &shape, &shapeId) == sdResult_ok)
        }
        try world.step(1.0 / 60.0, substeps: 2, count: steps)
        var out = world.snapshot()
        let contacts = sdWorld_GetContactCount(world.raw)
        // The pile rests on the floor: thousands of touching contacts in one island.
        #expect(contacts > 4000)
        for k in 0..<contacts {
            var contact = sdContactData()
            try #require(sdWorld_GetContact(world.raw, k, &contact) == sdResult_ok)
            out += [contact.normalImpulse.0, contact.normalImpulse.1, contact.separation.0, contact.separation.1,
                    contact.pointX.0, contact.pointY.0].map(\.bitPattern)
            out.append(UInt64(contact.touching ? 1 : 0))
        }
        return out
    }

    @Test("A pile of 2,600 items steps to the same bits with 1, 2 and 3 workers")
    func sameBitsForEveryWorkerCount() throws {
        let one = try Self.pile(workers: 1)
        #expect(try Self.pile(workers: 2) == one)
        #expect(try Self.pile(workers: 3) == one)
    }
}
