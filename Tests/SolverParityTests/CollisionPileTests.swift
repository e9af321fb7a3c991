// A 300-item pile on both engines: boxes and discs dropped from a jittered grid into a box of static segments.
import SolverBackend
import Testing

/// The pile scene, built by the same calls on either engine.
enum PileScene {
    static let itemCount = 300
    static let columns = 15
    static let gravity = 1000.0

    /// Builds the container (a static body holding four segments: 400 pt wide, floor at y = 0) and the items: even
    /// ones 20 × 20 boxes at a jittered angle, odd ones discs of diameter 20, on a 25 pt grid with ±2 pt of
    /// jitter from a fixed seed. Returns the container, then the items.
    static func build(_ world: PhysicsWorld) throws -> [BodyID] {
        var rng = LCG(seed: 0x0B0B_5EED)
        var ids = [
            try world.addFrame(
                [ShapePoint(x: -200, y: -900), ShapePoint(x: 200, y: -900), ShapePoint(x: 200, y: 0), ShapePoint(x: -200, y: 0)],
                friction: 0.4),
        ]
        for k in 0..<itemCount {
            let x = -175 + 25 * Double(k % columns) + rng.range(-2, 2)
            let y = -20 - 25 * Double(k / columns) + rng.range(-2, 2)
            var options = BodyOptions(restitution: 0.1, friction: 0.4, gravityY: gravity)
            if k % 2 == 0 {
                options.angle = rng.range(-0.5, 0.5)
                ids.append(try world.addBox(x: x, y: y, width: 20, height: 20, options))
            } else {
                ids.append(try world.addCircle(x: x, y: y, radius: 10, options))
            }
        }
        return ids
    }

    /// Mean height of the items above the floor (pt) and their total kinetic energy (kg·pt²/s²).
    static func statistics(_ world: PhysicsWorld, _ items: ArraySlice<BodyID>) throws -> (height: Double, energy: Double) {
        var height = 0.0, energy = 0.0
        for id in items {
            let s = try world.state(of: id)
            height += -s.y
            energy += 0.5 * s.mass * (s.vx * s.vx + s.vy * s.vy) + 0.5 * s.inertia * s.angularVelocity * s.angularVelocity
        }
        return (height / Double(items.count), energy)
    }
}

@Suite("Collision pile: 300 boxes and discs on both engines")
struct CollisionPileTests {
    @Test("States and contact events agree to 1e-9 every frame over 120 steps")
    func parity() throws {
        var eventProblems: [String] = []
        var beganCount = 0, endedCount = 0
        let run = try ParityRun(steps: 120, build: PileScene.build) { frame, accelerated, reference in
            let (a, r) = (accelerated.contactEvents, reference.contactEvents)
            beganCount += a.began.count
            endedCount += a.ended.count
            eventProblems += eventDifferences(a, r).map { "frame \(frame): \($0)" }
            eventProblems += contactDifferences(accelerated.contacts, reference.contacts).map { "frame \(frame): \($0)" }
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        #expect(eventProblems.isEmpty, "\(eventProblems.prefix(5))")
        #expect(beganCount > 300, "the pile's contacts began: \(beganCount) events")
        #expect(endedCount > 0, "some contacts ended while the pile settled: \(endedCount) events")
        // It is a pile: everything is inside the container and on or above the floor.
        for world in [run.accelerated, run.reference] {
            for id in run.bodies.dropFirst() {
                let s = try world.state(of: id)
                #expect(abs(s.x) < 200 && s.y < 0, "\(id) at (\(s.x), \(s.y)) left the container")
            }
        }
    }

    @Test("Over 600 steps both piles settle alike: mean height and kinetic energy within 1 % at every checkpoint")
    func longRun() throws {
        var checkpoints: [(frame: Int, a: (height: Double, energy: Double), r: (height: Double, energy: Double))] = []
        let run = try ParityRun(steps: 600, bound: .infinity, build: PileScene.build) { frame, accelerated, reference in
            guard (frame + 1) % 120 == 0 else { return }
            let items = Array(0..<PileScene.itemCount).map { BodyID(index: Int32($0 + 1), generation: 0) }[...]
            checkpoints.append(
                (frame + 1, try PileScene.statistics(accelerated, items), try PileScene.statistics(reference, items)))
        }
        #expect(checkpoints.count == 5)
        for c in checkpoints {
            #expect(abs(c.a.height - c.r.height) <= 0.01 * max(c.a.height, c.r.height), "step \(c.frame): heights \(c.a.height), \(c.r.height)")
            #expect(abs(c.a.energy - c.r.energy) <= 0.01 * max(c.a.energy, c.r.energy), "step \(c.frame): energies \(c.a.energy), \(c.r.energy)")
        }
        // Settled: 300 items of 20 pt in a 400 pt wide box stand about 15 layers high; at rest by the end.
        let last = checkpoints.last!
        #expect(last.a.height > 100 && last.a.height < 250, "mean height \(last.a.height)")
        #expect(last.a.energy == 0 && run.accelerated.awakeBodyCount == 0 && run.reference.awakeBodyCount == 0)
    }
}
