// Two worlds stepped on two threads at once give exactly what each gives alone: the C core keeps no global
// mutable state (row ordering sorts with explicit keys, caches live in the world). `make sanitize` runs this
// suite under Thread Sanitizer, which reports any shared write.
import CSolver
import Foundation
import Testing

@Suite("Concurrent worlds")
struct ConcurrentWorldsTests {
    /// A scene that exercises every stage with shared-state risk: a rigid chain (row ordering and a LAPACK band),
    /// a pin with limits (the active set), spring-held cells (the body-space path) and a hanging spring grid
    /// (the sparse path: nested dissection, symbolic analysis, factor and preconditioned CG). `seed` varies the geometry so two worlds do different work. Returns the final
    /// state as bit patterns.
    static func run(seed: Int) throws -> [UInt64] {
        let world = try World()
        let offset = Double(seed) * 7.0
        var previous: sdBodyId? = nil
        for k in 0..<30 {  // chain of 30 links hanging from the world
            let id = try world.create(bodyDef(x: offset + Double(k) * 20, y: 0, width: 16, height: 6, gravityY: 1000))
            var joint = sdDefaultJointDef()
            joint.kind = sdJoint_revolute
            joint.bodyA = previous ?? sdBodyId(index: sdWorldBodyIndex, generation: 0)
            joint.bodyB = id
            joint.anchorAX = offset + Double(k) * 20 - 10
            joint.anchorBX = joint.anchorAX
            if k == 0 {
                joint.lowerLimit = -0.5
                joint.upperLimit = 0.5
            }
            var jid = sdJointId()
            try #require(sdCreateJoint(world.raw, &joint, &jid) == sdResult_ok)
            previous = id
        }
        var firstSpring = sdJointId()
        for k in 0..<40 {  // spring-held cells
            let x = offset + Double(k % 10) * 50, y = 300 + Double(k / 10) * 50
            let id = try world.create(bodyDef(x: x + 5, y: y, width: 40, height: 40))
            var spring = sdDefaultJointDef()
            spring.bodyA = id
            spring.bodyB = sdBodyId(index: sdWorldBodyIndex, generation: 0)
            spring.anchorAX = x + 5
            spring.anchorAY = y
            spring.anchorBX = x
            spring.anchorBY = y
            spring.frequency = 3
            spring.dampingRatio = 0.2
            var jid = sdJointId()
            try #require(sdCreateJoint(world.raw, &spring, &jid) == sdResult_ok)
            if k == 0 { firstSpring = jid }
        }
        var grid: [sdBodyId] = []
        let side = 16
        for k in 0..<(side * side) {  // a 16 × 16 grid of 15 Hz springs hanging from its top row
            let x = offset + 600 + Double(k % side) * 30, y = Double(k / side) * 30
            let id = try world.create(bodyDef(x: x, y: y, width: 20, height: 20, gravityY: 1000))
            grid.append(id)
            var links: [(sdBodyId, Double, Double)] = []
            if k % side > 0 { links.append((grid[k - 1], x - 30, y)) }
            if k >= side { links.append((grid[k - side], x, y - 30)) }
            if k < side { links.append((sdBodyId(index: sdWorldBodyIndex, generation: 0), x, y - 30)) }
            for (other, ox, oy) in links {
                var spring = sdDefaultJointDef()
                spring.bodyA = other
                spring.bodyB = id
                spring.anchorAX = ox
                spring.anchorAY = oy
                spring.anchorBX = x
                spring.anchorBY = y
                spring.length = 30
                spring.frequency = 15
                spring.dampingRatio = 0.1
                var jid = sdJointId()
                try #require(sdCreateJoint(world.raw, &spring, &jid) == sdResult_ok)
            }
        }
        // Every step changes a spring, which rebuilds the row layout (islands, ordering, paths): the stages that
        // once shared a global sort key run on both threads step after step. No test-library calls inside the
        // loop: their locks would order the two threads for Thread Sanitizer and hide a race.
        var failures = 0
        for k in 0..<90 {
            if sdJoint_SetSpring(world.raw, firstSpring, 3 + 0.01 * Double(k), 0.2) != sdResult_ok { failures += 1 }
            if sdWorld_Step(world.raw, 1.0 / 60.0, 2) != sdResult_ok { failures += 1 }
        }
        #expect(failures == 0)
        return world.snapshot()
    }

    @Test("Two worlds stepped on two threads at once match their sequential runs bit for bit")
    func twoThreads() throws {
        let alone = try [Self.run(seed: 1), Self.run(seed: 2)]
        let results = Results()
        let group = DispatchGroup()
        for seed in [1, 2] {
            group.enter()
            let thread = Thread {
                results.set(seed - 1, Result { try Self.run(seed: seed) })
                group.leave()
            }
            thread.start()
        }
        group.wait()
        for k in 0..<2 {
            let together = try #require(results.get(k)).get()
            #expect(together == alone[k], "world \(k + 1) differs when stepped beside another")
        }
        #expect(alone[0] != alone[1], "the two scenes must differ, or the test proves less")
    }
}

/// Results of the threads, behind a lock.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: Result<[UInt64], any Error>] = [:]

    func set(_ k: Int, _ value: Result<[UInt64], any Error>) {
        lock.lock()
        values[k] = value
        lock.unlock()
    }

    func get(_ k: Int) -> Result<[UInt64], any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return values[k]
    }
}
