// Joints inside contact islands, large islands with joints, and sleep rings: the same on both engines.
import Foundation
import SolverBackend
import Testing

@Suite("Contact islands: joints held by contacts, piles with joints, sleep rings")
struct CollisionIslandParityTests {
    /// A joint of `kind` between a and b (nil: the world) at the world points pa and pb.
    @discardableResult
    static func join(
        _ world: PhysicsWorld, _ kind: JointKind, _ a: BodyID?, _ b: BodyID?, _ pa: (Double, Double), _ pb: (Double, Double),
        frequency: Double = 0, length: Double = 0, limits: ClosedRange<Double>? = nil, frictionTorque: Double = 0
    ) throws -> JointID {
        var d = JointDefinition()
        if let limits { (d.lowerLimit, d.upperLimit) = (limits.lowerBound, limits.upperBound) }
        d.frictionTorque = frictionTorque
        d.kind = kind
        d.bodyA = a
        d.bodyB = b
        (d.anchorAX, d.anchorAY) = pa
        (d.anchorBX, d.anchorBY) = pb
        d.frequency = frequency
        d.dampingRatio = frequency > 0 ? 0.3 : 0
        d.length = length
        return try world.createJoint(d)
    }

    @Test("A swinging chain (limits, friction torque), a spring-held box and a welded L: joints solved inside contact islands")
    func jointsInContactIslands() throws {
        let run = try ParityRun(steps: 240) { world in
            let floor = try world.addFloor(width: 1000)
            let post = try world.addBox(x: 60, y: -150, width: 40, height: 300, BodyOptions(isStatic: true))
            var ids = [floor, post]
            // A chain of four boxes pinned to the world at (−200, −400), released sideways: it swings into the post.
            var previous: BodyID? = nil
            for k in 0..<4 {
                let link = try world.addBox(
                    x: -200 + 40 * Double(k + 1), y: -400, width: 36, height: 12,
                    BodyOptions(friction: 0.3, gravityY: 1000))
                // Links bend at most 0.6 rad against friction torque; the first pin swings freely.
                let pin = (-200 + 40 * Double(k) + 20, -400.0)
                try Self.join(
                    world, .revolute, previous, link, pin, pin, limits: previous == nil ? nil : -0.6...0.6,
                    frictionTorque: previous == nil ? 0 : 300)
                previous = link
                ids.append(link)
            }
            // A box held by a spring to the world above it, resting on the floor: a body-space island in the C core.
            let hung = try world.addBox(x: -300, y: -20, width: 40, height: 40, BodyOptions(gravityY: 1000))
            try Self.join(world, .distance, nil, hung, (-300, -120), (-300, -20), frequency: 2, length: 150)
            // Two bars welded into an L (touching, not overlapping), dropped onto the floor.
            let a = try world.addBox(x: 250, y: -200, width: 60, height: 20, BodyOptions(gravityY: 1000))
            let b = try world.addBox(x: 290, y: -180, width: 20, height: 60, BodyOptions(gravityY: 1000))
            try Self.join(world, .weld, a, b, (280, -200), (280, -200))
            return ids + [hung, a, b]
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        for world in [run.accelerated, run.reference] {
            let chainEnd = try world.state(of: run.bodies[5])
            #expect(chainEnd.x < 40 - 18 + 1, "the chain stops at the post: end at \(chainEnd.x)")
            let hung = try world.state(of: run.bodies[6])
            #expect(abs(hung.y + 20) < 1, "the spring-held box stays on the floor: y \(hung.y)")
            let (a, b) = (try world.state(of: run.bodies[7]), try world.state(of: run.bodies[8]))
            #expect(a.y < -9.5 && b.y < -9.5 && hypot(a.vx, a.vy) < 5, "the L lands on the floor: \(a.y), \(b.y)")
        }
    }

    @Test("Spring-held boxes batched across bodies, some resting on the floor (held by their contact islands): engines agree")
    func batchedSpringHeldBoxesOnTheFloor() throws {
        // Boxes held at their centres by four springs (the drag's batch) and by one (springy layouts' batch),
        // alternating, so neither batch's bodies are consecutive slots; the first two rest on the floor, so a
        // contact island holds a lane of each batch this step while the other lanes are solved in the batch.
        let run = try ParityRun(steps: 120) { world in
            var ids = [try world.addFloor(width: 1000)]
            for k in 0..<8 {
                let x = -350 + 100 * Double(k), y = k < 2 ? -20.0 : -300.0
                let box = try world.addBox(x: x, y: y, width: 40, height: 40, BodyOptions(gravityY: 1000))
                // Hanging boxes' springs pull up; the resting ones' pull sideways and down, pressing them on the floor.
                let dy = k < 2 ? 10.0 : -60.0
                let anchors: [(Double, Double)] = k % 2 == 0 ? [(-30, dy), (30, dy), (-20, dy - 20), (20, dy - 20)] : [(10, dy)]
                for (dx, dy) in anchors {
                    try Self.join(
                        world, .distance, nil, box, (x + dx, y + dy), (x, y), frequency: 3, length: 0.8 * hypot(dx, dy))
                }
                ids.append(box)
            }
            return ids
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        for world in [run.accelerated, run.reference] {
            for k in 1...2 {
                let resting = try world.state(of: run.bodies[k])
                #expect(abs(resting.y + 20) < 1, "box \(k) stays on the floor: y \(resting.y)")
            }
        }
    }

    @Test("A chain of 24 links dropped on the floor under falling boxes: joint rows inside a soft-stepped island")
    func jointsInLargeIsland() throws {
        // 23 pins (46 rows) and the links' floor contacts make the chain's island larger than 96 rows.
        let run = try ParityRun(steps: 120) { world in
            var ids = [try world.addFloor(width: 2000, friction: 0.6)]
            var previous: BodyID? = nil
            for k in 0..<24 {
                let x = -480 + 40 * Double(k)
                let link = try world.addBox(
                    x: x, y: -60 - 3 * Double(k % 5), width: 36, height: 10,
                    BodyOptions(friction: 0.6, gravityY: 1000, angle: 0.05 * Double(k % 3)))
                if let previous { try Self.join(world, .revolute, previous, link, (x - 20, -60), (x - 20, -60)) }
                previous = link
                ids.append(link)
            }
            for k in 0..<6 {
                ids.append(
                    try world.addBox(x: -400 + 150 * Double(k), y: -200, width: 30, height: 30, BodyOptions(friction: 0.6, gravityY: 1000)))
            }
            return ids
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        for world in [run.accelerated, run.reference] {
            let links = try run.bodies[1...24].map { id throws(SolverError) in try world.state(of: id) }
            #expect(links.allSatisfy { $0.y < -4 && $0.y > -40 }, "the chain lies on the floor: \(links.map(\.y))")
            #expect(try Self.fastest(world, run.bodies) < 100)
            // How far the links' lowest corners reach into the floor (its top is y = 0; a link is 36 × 10).
            let sunk = links.map { $0.y + 5 * abs(cos($0.angle)) + 18 * abs(sin($0.angle)) }.max()!
            #expect(sunk < 1, "a link's corner is \(sunk) pt inside the floor")
        }
    }

    /// 60 boxes of 28 pt in a 200 pt wide box of segments, 6 per row with small gaps, some neighbours pinned
    /// together midway.
    static func pinnedPile(_ world: PhysicsWorld) throws -> [BodyID] {
        var ids = [
            try world.addFrame([
                ShapePoint(x: -100, y: -600), ShapePoint(x: 100, y: -600), ShapePoint(x: 100, y: 0), ShapePoint(x: -100, y: 0),
            ]),
        ]
        var rng = LCG(seed: 42)
        for k in 0..<60 {
            let x = -82.5 + 33 * Double(k % 6) + rng.range(-1, 1), y = -15 - 32 * Double(k / 6)
            ids.append(try world.addBox(x: x, y: y, width: 28, height: 28, BodyOptions(friction: 0.5, gravityY: 1000)))
            if k % 6 != 0 && k % 4 == 1 {
                try join(world, .revolute, ids[ids.count - 2], ids[ids.count - 1], (x - 16.5, y), (x - 16.5, y))
            }
        }
        return ids
    }

    /// The largest speed of `bodies`, pt/s.
    static func fastest(_ world: PhysicsWorld, _ bodies: [BodyID]) throws -> Double {
        try bodies.map { id throws(SolverError) in let s = try world.state(of: id); return hypot(s.vx, s.vy) }.max()!
    }

    @Test("A pile of boxes with neighbours pinned falls in without a jump (friction follows its cone); engines agree")
    func pinnedPileFallsIn() throws {
        var fastest: [[Double]] = []  // per frame, C core and reference
        let items = (0...60).map { BodyID(index: Int32($0), generation: 0) }
        let run = try ParityRun(steps: 180, build: Self.pinnedPile) { _, accelerated, reference in
            fastest.append(try [accelerated, reference].map { try Self.fastest($0, items) })
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        // Held friction used to leave its cone within 9 steps (thousands of pt/s); the boxes now fall in at free-fall
        // speeds while the pile forms.
        let falling = fastest[0..<19].flatMap { $0 }.max()!
        #expect(falling < 1000, "fastest body \(falling) pt/s while the pile forms")
        let worst = fastest.flatMap { $0 }.max()!, last = fastest.last!.max()!
        // The pile settles: no body ever faster than the fall, and all but still after 3 s.
        #expect(worst < 1000 && last < 20, "fastest body \(worst) pt/s, \(last) pt/s at the end")
    }

    @Test("Two bodies welded while overlapping stay where they were (the overlap is held, not pushed apart); engines agree")
    func weldedOverlapHolds() throws {
        let run = try ParityRun(steps: 60) { world in
            let a = try world.addBox(x: 250, y: -200, width: 60, height: 20, BodyOptions(angle: 0.4))
            let b = try world.addBox(x: 270, y: -170, width: 20, height: 60, BodyOptions(angle: 0.4))
            try Self.join(world, .weld, a, b, (265, -195), (265, -195))
            return [a, b]
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        for world in [run.accelerated, run.reference] {
            let (a, b) = (try world.state(of: run.bodies[0]), try world.state(of: run.bodies[1]))
            let moved = [a.x - 250, a.y + 200, a.angle - 0.4, b.x - 270, b.y + 170, b.angle - 0.4].map(abs).max()!
            #expect(moved < 1e-6, "the welded pair moved by \(moved): (\(a.x), \(a.y), \(a.angle)), (\(b.x), \(b.y), \(b.angle))")
        }
    }

    @Test("A resting stack is one sleep ring: waking its top box wakes every box, destroying one wakes the rest")
    func sleepRings() throws {
        var awake: [[Int]] = [[], []]
        for (k, engine) in bothEngines.enumerated() {
            let world = try PhysicsWorld(engine)
            try world.addFloor(width: 400)
            let boxes = try (0..<5).map { i throws(SolverError) in
                try world.addBox(x: 0, y: -20 - 40 * Double(i), width: 40, height: 40, BodyOptions(gravityY: 1000))
            }
            let loner = try world.addBox(x: 150, y: -20, width: 40, height: 40, BodyOptions(gravityY: 1000))
            for _ in 0..<60 { try world.step(dt: 1.0 / 60, substeps: 2) }
            awake[k].append(world.awakeBodyCount)
            try world.wake(boxes[4])  // the top box wakes the whole stack, not the loner beside it
            awake[k].append(world.awakeBodyCount)
            for _ in 0..<60 { try world.step(dt: 1.0 / 60, substeps: 2) }
            awake[k].append(world.awakeBodyCount)
            try world.destroyBody(boxes[2])  // its ring wakes: the boxes above fall onto the ones below
            awake[k].append(world.awakeBodyCount)
            try world.step(dt: 1.0 / 60, substeps: 2)
            #expect(try world.state(of: boxes[3]).vy > 0, "the box above the removed one falls")
            #expect(try !world.state(of: loner).isAwake)
            // A box dropped onto the resting loner wakes it when it reaches it.
            try world.addBox(x: 150, y: -100, width: 20, height: 20, BodyOptions(gravityY: 1000))
            for _ in 0..<30 { try world.step(dt: 1.0 / 60, substeps: 2) }
            awake[k].append(try world.state(of: loner).isAwake ? 1 : 0)
        }
        #expect(awake[0] == [0, 5, 0, 4, 1], "C core: \(awake[0])")
        #expect(awake[1] == awake[0], "reference: \(awake[1])")
    }

    @Test("A pin woken through a sleep ring while the layout is committed holds its box (the layout is built again)")
    func pinWokenDuringCommitHolds() throws {
        // A plank rests on a block with a box pinned under its right end; all three rest as one sleep ring. A static
        // anchor tied to the block by a slack rope becomes dynamic: the next layout gathers the rope's island, wakes
        // the block — and through its ring the plank and the pinned box, whose pin rows were not gathered — so it
        // must be built again before the step solves.
        var pinGap: [Double] = []
        let run = try ParityRun(steps: 70) { world in
            try world.addFloor(width: 800)
            let block = try world.addBox(x: 0, y: -20, width: 100, height: 40, BodyOptions(gravityY: 1000))
            let plank = try world.addBox(x: 0, y: -45, width: 200, height: 10, BodyOptions(gravityY: 1000))
            let hanging = try world.addBox(x: 100, y: -25, width: 20, height: 20, BodyOptions(gravityY: 1000))
            try Self.join(world, .revolute, plank, hanging, (100, -45), (100, -45))
            let anchor = try world.addBox(x: -300, y: -100, width: 10, height: 10, BodyOptions(isStatic: true))
            try Self.join(world, .rope, anchor, block, (-300, -100), (0, -20), length: 1000)
            return [block, plank, hanging, anchor]
        } observe: { frame, accelerated, reference in
            if frame == 50 {
                #expect(accelerated.awakeBodyCount == 0 && reference.awakeBodyCount == 0, "the scene came to rest")
                for world in [accelerated, reference] { try world.setFlags(BodyID(index: 4, generation: 0), []) }
            }
            if frame == 69 {
                for world in [accelerated, reference] {
                    let hanging = try world.state(of: BodyID(index: 3, generation: 0))
                    pinGap.append(hypot(hanging.x - 100, hanging.y + 45 - 20))  // its pin point from the plank's end
                }
            }
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        #expect(pinGap.count == 2)
        for gap in pinGap { #expect(gap < 1, "the pinned box fell \(gap) pt away from its pin") }
    }
}
