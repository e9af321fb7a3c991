// Worker threads (sdWorldDef.workerCount): a large coupled island solved with 2 or 3 workers gives exactly the
// bits it gives with one — the sparse path splits only work whose order does not change a sum (independent
// subtrees of the factorisation and the substitutions, rows and bodies of the fills, products and application of
// impulses, by ranges or by subtrees) and keeps every reduction on one thread — and worlds with
// workers start and join their threads cleanly (`make tsan` runs this suite under Thread Sanitizer, the address
// sanitizer run checks for leaks).
import CSolver
import Testing

@Suite("Worker threads")
struct WorkerThreadsTests {
    /// A `side` × `side` grid of cells 30 pt apart, each joined to its right and lower neighbour by a rigid distance
    /// joint (every fifth horizontal one a rope, so the active set changes), the top row hung askew from anchors;
    /// stepped `steps` times at 60 Hz. Returns the final state as bit patterns.
    /// `blasFrontRows`: the front size from which the factorisation calls LAPACK/BLAS-3 (nil: the default).
    /// `frequency`: the distance joints are springs of this frequency (0: rigid). `staticBar`: the top row hangs
    /// from a static body instead of the world, turned halfway through (its rotation cache then goes stale).
    /// `streamed`: the factor is treated as too large for the caches (sdWorld_SetStreamedFactorsForTesting).
    static func hangingGrid(
        workers: Int32, side: Int = 60, steps: Int = 12, blasFrontRows: Int32? = nil, frequency: Double = 0,
        staticBar: Bool = false, streamed: Bool = false
    ) throws -> [UInt64] {
        var def = sdDefaultWorldDef()
        def.workerCount = workers
        def.initialBodyCapacity = Int32(side * side)
        let world = try World(def)
        if let rows = blasFrontRows { try #require(sdWorld_SetSparseBLASFrontRows(world.raw, rows) == sdResult_ok) }
        if streamed { try #require(sdWorld_SetStreamedFactorsForTesting(world.raw, true) == sdResult_ok) }
        let top = staticBar ? try world.create(bodyDef(x: Double(side) * 15, y: -40, width: 40, height: 10, flags: staticFlag)) : worldEnd
        var cells: [sdBodyId] = []
        for k in 0..<(side * side) {
            let x = Double(k % side) * 30, y = Double(k / side) * 30
            let id = try world.create(bodyDef(x: x, y: y, width: 20, height: 20, gravityY: 1000))
            cells.append(id)
            var links: [(sdBodyId, Double, Double, Bool)] = []
            if k % side > 0 { links.append((cells[k - 1], x - 30, y, k % 5 == 0)) }
            if k >= side { links.append((cells[k - side], x, y - 30, false)) }
            if k < side { links.append((top, x - 20, y - 30, false)) }
            for (other, ox, oy, rope) in links {
                try world.joint(jointDef(rope ? sdJoint_rope : sdJoint_distance, other, id, anchor: (x, y)) {
                    ($0.anchorAX, $0.anchorAY) = (ox, oy)
                    $0.length = ((x - ox) * (x - ox) + (y - oy) * (y - oy)).squareRoot()
                    if !rope { $0.frequency = frequency }
                })
            }
        }
        if staticBar {
            try world.step(1.0 / 60.0, substeps: 2, count: steps / 2)
            try #require(sdBody_SetAngle(world.raw, top, 0.01) == sdResult_ok)
        }
        try world.step(1.0 / 60.0, substeps: 2, count: staticBar ? steps - steps / 2 : steps)
        // The sparse path solved it (7,140 rows: past the size from which the island's subtrees go to workers).
        #expect(sdWorld_GetStepStats(world.raw).sparseIslands == 1)
        return world.snapshot()
    }

    @Test("A large grid steps to the same bits with 1, 2 and 3 workers")
    func sameBitsForEveryWorkerCount() throws {
        let one = try Self.hangingGrid(workers: 1)
        #expect(try Self.hangingGrid(workers: 2) == one)
        #expect(try Self.hangingGrid(workers: 3) == one)
    }

    @Test("A spring grid, and a grid hung from a static body that turns, step to the same bits with 1, 2 and 3 workers")
    func sameBitsForSpringsAndStaticEnds() throws {
        // The fills, the conjugate-gradient products and the impulses' application run on the workers too: rows
        // split by ranges or by subtrees, bodies by the subtree whose rows reach them; the velocity solves' updates
        // inside the preconditioner's forward pass; rows ending at the static body read its stale rotation cache
        // from several threads without writing it, and add to it on the calling thread.
        let springs = try Self.hangingGrid(workers: 1, frequency: 15)
        #expect(try Self.hangingGrid(workers: 2, frequency: 15) == springs)
        #expect(try Self.hangingGrid(workers: 3, frequency: 15) == springs)
        let bar = try Self.hangingGrid(workers: 1, staticBar: true)
        #expect(bar != (try Self.hangingGrid(workers: 1)))
        #expect(try Self.hangingGrid(workers: 2, staticBar: true) == bar)
        #expect(try Self.hangingGrid(workers: 3, staticBar: true) == bar)
    }

    @Test("With fronts from 32 rows in LAPACK/BLAS-3, called from several threads at once, the bits stay the same")
    func sameBitsThroughBLAS() throws {
        let inHouse = try Self.hangingGrid(workers: 1)
        let one = try Self.hangingGrid(workers: 1, blasFrontRows: 32)
        // The library's fronts round differently from the in-house kernel's: this run did go through BLAS.
        #expect(one != inHouse)
        #expect(try Self.hangingGrid(workers: 2, blasFrontRows: 32) == one)
        #expect(try Self.hangingGrid(workers: 3, blasFrontRows: 32) == one)
    }

    @Test("A factor treated as streamed from memory (the backward pass over its reverse copy) keeps the bits")
    func sameBitsWhenStreamed() throws {
        // The 100,000-cell grid's factor (26 MB in single precision) is streamed; this one (7,140 rows) is made to
        // take that path: forward blocks only in small supernodes, the backward pass over the reverse copy.
        let cached = try Self.hangingGrid(workers: 1)
        #expect(try Self.hangingGrid(workers: 1, streamed: true) == cached)
        #expect(try Self.hangingGrid(workers: 2, streamed: true) == cached)
        #expect(try Self.hangingGrid(workers: 3, streamed: true) == cached)
        let springs = try Self.hangingGrid(workers: 1, frequency: 15)
        #expect(try Self.hangingGrid(workers: 2, frequency: 15, streamed: true) == springs)
    }

    @Test("Worlds with 2 … 64 workers are created, stepped and destroyed, again and again")
    func createAndDestroyWithWorkers() throws {
        for workers: Int32 in [2, 3, 8, 64, 2] {
            var def = sdDefaultWorldDef()
            def.workerCount = workers
            let world = try World(def)
            try world.create(bodyDef(gravityY: 1000))
            try world.step(1.0 / 60.0, substeps: 2, count: 2)
        }
        // A world destroyed right after creation: its threads may still be starting.
        for _ in 0..<8 {
            var def = sdDefaultWorldDef()
            def.workerCount = 4
            var created: OpaquePointer?
            try #require(sdCreateWorld(&def, &created) == sdResult_ok)
            sdDestroyWorld(created)
        }
    }
}
