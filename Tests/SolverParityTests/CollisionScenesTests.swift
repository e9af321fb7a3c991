// Closed-form collision scenes through the contract: each runs on both engines, which must agree to 1e-9
// relative every frame, and each engine must match the physics.
import SolverBackend
import Testing

@Suite("Collision scenes: both engines against closed-form physics")
struct CollisionScenesTests {
    static let gravity = 1000.0

    @Test("A box of restitution 0.8 dropped 300 pt onto a static box rebounds to 0.64 of the drop")
    func bounce() throws {
        // The static box's top is at y = −20; the falling box starts 300 pt above it and rests at y = −40.
        var apex = [Double.infinity, .infinity]
        var rebounding = [false, false]
        let run = try ParityRun(steps: 150) { world in
            let ground = try world.addBox(x: 0, y: 0, width: 40, height: 40, BodyOptions(isStatic: true, restitution: 0.8))
            let box = try world.addBox(
                x: 0, y: -340, width: 40, height: 40, BodyOptions(restitution: 0.8, gravityY: Self.gravity))
            return [ground, box]
        } observe: { _, accelerated, reference in
            for (k, world) in [accelerated, reference].enumerated() {
                let s = try world.state(of: BodyID(index: 1, generation: 0))
                if s.vy < 0 { rebounding[k] = true }
                if rebounding[k] { apex[k] = min(apex[k], s.y) }
            }
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        for k in 0..<2 {
            let ratio = (-40 - apex[k]) / 300
            #expect(abs(ratio - 0.64) <= 0.03 * 0.64, "engine \(k): rebound \(ratio) of the drop")
        }
    }

    @Test("A box sliding at 500 pt/s on a floor with friction 0.5 stops after v²/(2μg) = 250 pt")
    func slide() throws {
        let run = try ParityRun(steps: 90) { world in
            let floor = try world.addFloor(width: 2000, friction: 0.5)
            let box = try world.addBox(
                x: 0, y: -20, width: 40, height: 40,
                BodyOptions(fixedRotation: true, friction: 0.5, gravityY: Self.gravity, vx: 500))
            return [floor, box]
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        for world in [run.accelerated, run.reference] {
            let box = try world.state(of: run.bodies[1])
            #expect(abs(box.x - 250) <= 0.03 * 250, "stopped at \(box.x) pt")
            #expect(abs(box.vx) < 1e-6 && abs(box.y + 20) < 1e-6, "vx \(box.vx), y \(box.y)")
        }
    }

    @Test("A disc rolling on a floor ends at v = ω·r with 2/3 of its initial speed")
    func roll() throws {
        let run = try ParityRun(steps: 60) { world in
            let floor = try world.addFloor(width: 2000, friction: 0.5)
            let disc = try world.addCircle(x: 0, y: -20, radius: 20, BodyOptions(friction: 0.5, gravityY: Self.gravity, vx: 300))
            return [floor, disc]
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        for world in [run.accelerated, run.reference] {
            let disc = try world.state(of: run.bodies[1])
            #expect(abs(disc.vx - disc.angularVelocity * 20) <= 1e-6 * disc.vx, "v \(disc.vx), ω·r \(disc.angularVelocity * 20)")
            #expect(abs(disc.vx - 200) <= 0.01 * 200, "v \(disc.vx) against 2/3 of 300")
            #expect(abs(disc.y + 20) < 1e-6, "the disc stays on the floor: y \(disc.y)")
        }
    }

    @Test("A stack of 20 boxes stands still, at its ideal height, and comes to rest")
    func stack() throws {
        let run = try ParityRun(steps: 300) { world in
            var ids = [try world.addFloor(width: 400)]
            for k in 0..<20 {
                ids.append(try world.addBox(x: 0, y: -20 - 40 * Double(k), width: 40, height: 40, BodyOptions(gravityY: Self.gravity)))
            }
            return ids
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        for world in [run.accelerated, run.reference] {
            let boxes = try run.bodies.dropFirst().map { id throws(SolverError) in try world.state(of: id) }
            #expect(boxes.allSatisfy { abs($0.x) <= 1 }, "sideways drift \(boxes.map { abs($0.x) }.max()!)")
            #expect(abs(boxes.last!.y - (-20 - 40 * 19)) <= 1, "top box at \(boxes.last!.y)")
            #expect(boxes.allSatisfy { !$0.isAwake } && world.awakeBodyCount == 0, "every box at rest")
        }
    }

    @Test("A 10 × 10 box at 10,000 pt/s, spinning, stays inside a frame of four segments")
    func fastBoxInFrame() throws {
        let run = try ParityRun(steps: 120) { world in
            let frame = try world.addFrame([
                ShapePoint(x: -200, y: -200), ShapePoint(x: 200, y: -200), ShapePoint(x: 200, y: 200), ShapePoint(x: -200, y: 200),
            ])
            let box = try world.addBox(
                x: 0, y: 0, width: 10, height: 10,
                BodyOptions(restitution: 0.5, vx: 10_000 * 0.8, vy: 10_000 * 0.6, angularVelocity: 40))
            return [frame, box]
        } observe: { frame, accelerated, reference in
            for world in [accelerated, reference] {
                let box = try world.state(of: BodyID(index: 1, generation: 0))
                #expect(abs(box.x) < 200 && abs(box.y) < 200, "frame \(frame): the box left the frame at (\(box.x), \(box.y))")
            }
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
    }

    @Test("Two 10 × 10 boxes fired at each other at 5,000 pt/s do not pass through each other")
    func headOn() throws {
        let run = try ParityRun(steps: 60) { world in
            let a = try world.addBox(x: -100, y: 0, width: 10, height: 10, BodyOptions(vx: 5_000))
            let b = try world.addBox(x: 100, y: 0, width: 10, height: 10, BodyOptions(vx: -5_000))
            return [a, b]
        } observe: { frame, accelerated, reference in
            for world in [accelerated, reference] {
                let a = try world.state(of: BodyID(index: 0, generation: 0))
                let b = try world.state(of: BodyID(index: 1, generation: 0))
                #expect(b.x - a.x >= 10 - 0.5, "frame \(frame): the boxes overlap or crossed (\(a.x), \(b.x))")
            }
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
    }

    /// The soak's slider escape in miniature (continuous collision of a shape that outran its collision pass): a
    /// 30 pt box on a horizontal rail rests 5 pt from a frame's left segment, beyond the distance its pass looks
    /// for pairs; a box at 6,000 pt/s strikes it within the step. Before the sweep against still shapes both
    /// engines let it cross the segment within that step, and it ended outside the frame.
    @Test("A box struck toward a boundary it had no contact with stops at it, both engines alike")
    func struckIntoBoundary() throws {
        let run = try ParityRun(steps: 60) { world in
            let corners = [(0.0, 0.0), (400.0, 0.0), (400.0, 200.0), (0.0, 200.0)].map { ShapePoint(x: $0.0, y: $0.1) }
            try world.addFrame(corners)
            let struck = try world.addBox(x: 20, y: 100, width: 30, height: 30)
            let striker = try world.addBox(x: 70, y: 100, width: 30, height: 30, BodyOptions(vx: -6000))
            var rail = JointDefinition()
            rail.kind = .prismatic
            rail.bodyB = struck
            (rail.anchorAX, rail.anchorAY, rail.anchorBX, rail.anchorBY) = (20, 100, 20, 100)
            _ = try world.createJoint(rail)
            return [struck, striker]
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        for world in [run.accelerated, run.reference] {
            let struck = try world.state(of: run.bodies[0])
            // Its centre within 1 pt of touching the segment (15 pt, its half width) or farther in, on its rail.
            #expect(struck.x >= 14 && struck.x <= 385, "the struck box ended at x = \(struck.x)")
            #expect(abs(struck.y - 100) < 1e-6, "off its rail: y = \(struck.y)")
        }
    }
}
