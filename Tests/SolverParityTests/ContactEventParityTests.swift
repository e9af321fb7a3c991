// Contact events and contact lists: the same on both engines, step by step.
import SolverBackend
import Testing

@Suite("Contact events: both engines report the same")
struct ContactEventParityTests {
    @Test(
        "A bouncing box, a pushed disc and a compound body: the same events every step, alternating with each bounce",
        arguments: [SpringModel.analytic, .uikitCompatible])
    func bouncing(model: SpringModel) throws {
        var problems: [String] = []
        var began: [Int] = [], ended: [Int] = []  // frames
        let run = try ParityRun(steps: 240) { world in
            world.springModel = model
            let floor = try world.addFloor(width: 600, restitution: 0.8)
            let box = try world.addBox(
                x: -100, y: -200, width: 40, height: 40, BodyOptions(restitution: 0.8, gravityY: 1000, angularVelocity: 0.3))
            let disc = try world.addCircle(x: 100, y: -150, radius: 15, BodyOptions(restitution: 0.8, gravityY: 1000, vx: 20))
            // A compound body: a triangle and a disc off its centre, spinning as it falls.
            var d = BodyDefinition()
            (d.x, d.y, d.angularVelocity, d.gravityY, d.width, d.height) = (200, -250, 2, 1000, 40, 40)
            let compound = try world.createBody(d)
            _ = try world.createShape(
                on: compound, ShapeDefinition(.polygon([ShapePoint(x: -20, y: 15), ShapePoint(x: 20, y: 15), ShapePoint(x: 0, y: -15)])))
            _ = try world.createShape(on: compound, ShapeDefinition(.circle(center: ShapePoint(x: 12, y: -8), radius: 8)))
            return [floor, box, disc, compound]
        } observe: { frame, accelerated, reference in
            let (a, r) = (accelerated.contactEvents, reference.contactEvents)
            if !a.began.isEmpty { began.append(frame) }
            if !a.ended.isEmpty { ended.append(frame) }
            problems += eventDifferences(a, r).map { "frame \(frame): \($0)" }
            problems += contactDifferences(accelerated.contacts, reference.contacts).map { "frame \(frame): \($0)" }
            for world in [accelerated, reference] {  // a sideways push on the disc during the next step
                try world.applyForce(BodyID(index: 2, generation: 0), fx: 3, fy: 0, px: 100, py: -150)
            }
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        // Each bounce is a begin followed by an end when the body leaves again.
        #expect(began.count >= 4 && ended.count >= 3, "began at \(began), ended at \(ended)")
    }

    @Test("A filter change lets a resting box fall through the floor: its contact ends alike on both engines")
    func filterChange() throws {
        var problems: [String] = []
        var endedAt: [Int] = []
        let run = try ParityRun(steps: 60) { world in
            let floor = try world.addFloor(width: 400)
            let box = try world.addBox(x: 0, y: -20, width: 40, height: 40, BodyOptions(gravityY: 1000))
            return [floor, box]
        } observe: { frame, accelerated, reference in
            problems += eventDifferences(accelerated.contactEvents, reference.contactEvents).map { "frame \(frame): \($0)" }
            if !accelerated.contactEvents.ended.isEmpty { endedAt.append(frame) }
            guard frame == 20 else { return }
            // Either side's mask admitting the other's category is enough to collide, so both change: the floor's
            // shape (slot 0) only meets category 1, the box's (slot 1) is category 2 and only meets category 2.
            for world in [accelerated, reference] {
                try world.setShapeFilter(ShapeID(index: 0, generation: 0), categoryBits: 1, maskBits: 1)
                try world.setShapeFilter(ShapeID(index: 1, generation: 0), categoryBits: 2, maskBits: 2)
            }
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(endedAt == [21], "ended at \(endedAt)")
        #expect(try run.reference.state(of: run.bodies[1]).y > 100, "the box fell through the floor")
    }

    @Test("A touching shape destroyed ends its contact at the next step, with its tags, on both engines")
    func destroyedShape() throws {
        var events: [[ContactEvents]] = [[], []]
        for (k, engine) in bothEngines.enumerated() {
            let world = try PhysicsWorld(engine)
            try world.addFloor(width: 400)
            let box = try world.addCircle(x: 0, y: -20, radius: 20, BodyOptions(gravityY: 1000))
            var tagged = ShapeDefinition(.polygon([ShapePoint(x: -20, y: -20), ShapePoint(x: 20, y: -20), ShapePoint(x: 20, y: 20)]))
            tagged.userData = 7
            let shape = try world.createShape(on: box, tagged)
            for _ in 0..<10 {
                try world.step(dt: 1.0 / 60, substeps: 2)
                events[k].append(world.contactEvents)
            }
            #expect(world.contacts.filter(\.isTouching).count == 2, "both shapes of the body rest on the floor")
            try world.destroyShape(shape)
            #expect(throws: SolverError.invalidShape(shape)) { try world.destroyShape(shape) }
            try world.step(dt: 1.0 / 60, substeps: 2)
            events[k].append(world.contactEvents)
            let ended = world.contactEvents.ended
            #expect(ended.count == 1 && ended.first?.shapeB == shape && ended.first?.userDataB == 7, "\(ended)")
            #expect(world.contacts.count == 1 && world.shapeCount == 2)
        }
        for (a, r) in zip(events[0], events[1]) { #expect(eventDifferences(a, r).isEmpty) }
        #expect(events[0].first?.began.count == 2, "both shapes touched the floor in the first step")
    }
}
