// Both engines cap diverging motion alike (speeds at Validate.maximumMagnitude, field forces at
// Validate.maximumForce) and refuse field parameters whose powers would overflow, by name.
import AcceleratedSolver
import ReferenceSolver
import SolverBackend
import Testing

@Suite("Backend parity: diverging motion, field and limit bounds")
struct DivergenceParityTests {
    private let engines: [any PhysicsBackend.Type] = [ReferenceWorld.self, AcceleratedBackend.self]

    @Test("A repulsive spring field: both engines cap the speed at 1e15 pt/s and agree to the bit")
    func cappedAlike() throws {
        var finals: [BodyState] = []
        for engine in engines {
            let world = try PhysicsWorld(engine)
            var body = BodyDefinition()
            body.x = 1
            body.width = 10
            body.height = 10
            let id = try world.createBody(body)
            var field = FieldDefinition(kind: .spring)
            field.parameters.strength = -1e15
            let f = try world.createField(field)
            try world.addBody(id, toField: f)
            for _ in 0..<120 { try world.step(dt: 1.0 / 60, substeps: 2) }
            finals.append(try world.state(of: id))
        }
        #expect(finals[0].vx == Validate.maximumMagnitude && finals[1].vx == Validate.maximumMagnitude)
        #expect(finals[0].x.isFinite && finals[0].x > 1e15)
        #expect(finals[0].x.bitPattern == finals[1].x.bitPattern && finals[0].y.bitPattern == finals[1].y.bitPattern)
    }

    @Test("A falloff whose power overflows, and a strength beyond 1e15, are refused by name on both engines")
    func fieldBounds() throws {
        for engine in engines {
            let world = try PhysicsWorld(engine)
            var field = FieldDefinition(kind: .radialGravity)
            field.parameters.falloff = -1e6
            #expect(throws: SolverError.outOfRange(parameter: "falloff", value: -1e6, expected: "in -16.0...16.0")) {
                _ = try world.createField(field)
            }
            field.parameters.falloff = 2
            field.parameters.strength = 1e300
            #expect(throws: SolverError.outOfRange(parameter: "strength", value: 1e300, expected: "at most 1e15 in magnitude")) {
                _ = try world.createField(field)
            }
            #expect(world.isValid(FieldID(index: 0, generation: 0)) == false)
        }
    }

    @Test("A finite joint limit beyond 1e15 is refused by name on both engines (infinite ones mean none)")
    func jointLimitBounds() throws {
        for engine in engines {
            let world = try PhysicsWorld(engine)
            let body = try world.createBody(BodyDefinition())
            var joint = JointDefinition()
            joint.kind = .prismatic
            joint.bodyB = body
            joint.lowerLimit = -7.8e298
            joint.upperLimit = -7.8e298
            #expect(throws: SolverError.outOfRange(parameter: "lowerLimit", value: -7.8e298, expected: "at most 1e15 in magnitude")) {
                _ = try world.createJoint(joint)
            }
            joint.lowerLimit = -.infinity
            joint.upperLimit = 1e15
            _ = try world.createJoint(joint)
        }
    }
}
