// Fields on both engines, driven through PhysicsWorld by the same script: every field kind, falloffs (integer
// and not), nested regions, velocity and custom fields, members coming and going, destroyed bodies, joints, both
// integration models. The C core and the reference must agree to 1e-9 relative (they agree to the bit), and the
// same bad input must be refused with the same error.
import AcceleratedSolver
import Foundation
import ReferenceSolver
import SolverBackend
import Testing

/// Every body's state after each step of the field script.
private func runFieldScript(_ engine: any PhysicsBackend.Type, model: SpringModel) throws -> [[BodyState]] {
    let world = try PhysicsWorld(engine)
    world.springModel = model
    var rng = LCG(seed: 0xF1E1_D5F1_E1D5)
    var bodies: [BodyID] = []
    for k in 0..<40 {
        var d = BodyDefinition()
        d.x = rng.range(-300, 300)
        d.y = rng.range(-300, 300)
        d.vx = rng.range(-80, 80)
        d.vy = rng.range(-80, 80)
        d.width = rng.range(10, 90)
        d.height = rng.range(10, 90)
        d.shape = k % 3 == 0 ? .ellipse : .rectangle
        d.density = rng.range(0.3, 3)
        d.linearDamping = k % 4 == 0 ? rng.range(0.5, 3) : 0
        if k % 13 == 5 { d.flags = .isStatic }
        let id = try world.createBody(d)
        try world.setMaterial(id, restitution: 0.2, friction: 0.2, charge: rng.range(-2, 2))
        bodies.append(id)
    }
    // A pendulum: joints and fields together.
    var joint = JointDefinition()
    joint.bodyA = bodies[1]
    joint.anchorAX = try world.state(of: bodies[1]).x
    joint.anchorAY = try world.state(of: bodies[1]).y
    joint.anchorBX = joint.anchorAX
    joint.anchorBY = joint.anchorAY - 60
    joint.length = 60
    _ = try world.createJoint(joint)

    let ring = FieldRegion.difference(.circle(radius: 250), .circle(radius: 40))
    let slit = FieldRegion.intersection(.union(ring, .rectangle(width: 120, height: 60)), .inverse(.rectangle(width: 600, height: 8)))
    var fields: [FieldID] = []
    func add(_ kind: FieldKind, region: FieldRegion = .infinite, evaluator: FieldEvaluator? = nil, _ configure: (inout FieldParameters) -> Void) throws {
        var def = FieldDefinition(kind: kind)
        def.region = region
        def.evaluator = evaluator
        configure(&def.parameters)
        fields.append(try world.createField(def))
    }
    try add(.linearGravity, region: .rectangle(width: 500, height: 400)) { $0.directionY = 1; $0.strength = 2 }
    try add(.radialGravity, region: slit) { $0.x = 20; $0.y = -10; $0.strength = 0.8; $0.minimumRadius = 30 }
    try add(.spring) { $0.strength = 0.3 }
    try add(.electric, region: ring) { $0.strength = 0.4; $0.falloff = 1.5 }
    try add(.magnetic) { $0.strength = 0.05; $0.falloff = 0.5; $0.minimumRadius = 10 }
    try add(.vortex, region: .circle(radius: 200)) { $0.strength = 0.002; $0.x = -30 }
    try add(.drag, region: .inverse(.circle(radius: 100))) { $0.strength = 0.1; $0.directionX = 0.3 }
    try add(.noise) { $0.strength = 0.5; $0.smoothness = 0.3; $0.animationSpeed = 2 }
    try add(.turbulence, region: .circle(radius: 280)) { $0.strength = 0.5; $0.smoothness = 0.7; $0.animationSpeed = 0.5 }
    try add(.velocity, region: .rectangle(width: 60, height: 60)) { $0.directionX = -0.4; $0.x = 150; $0.y = 150 }
    try add(.custom, region: .circle(radius: 300), evaluator: { s in
        for k in 0..<s.count {
            s.forceX[k] = -0.5 * s.mass[k] * s.y[k] + 0.01 * s.charge[k] * s.vx[k] + s.time
            s.forceY[k] = 0.5 * s.mass[k] * s.x[k] * s.interval * 120
        }
    }) { $0.strength = 1 }
    // The same members for the first three fields (they share one gather in the C core), others differ.
    for (f, field) in fields.enumerated() {
        for (k, body) in bodies.enumerated() where f < 3 || (k + f) % 3 != 0 {
            try world.addBody(body, toField: field)
        }
    }
    var frames: [[BodyState]] = []
    for step in 0..<240 {
        if step == 40 { try world.destroyBody(bodies[7]) }
        if step == 41 { bodies[7] = try world.createBody(BodyDefinition()) }  // reuses the slot, joins no field
        if step == 60 {
            for k in stride(from: 0, to: 40, by: 5) { try world.removeBody(bodies[k], fromField: fields[2]) }
        }
        if step == 80 {
            var p = try world.fieldParameters(fields[1])
            p.falloff = 3
            p.x = -40
            try world.setFieldParameters(fields[1], p)
            try world.setFieldRegion(fields[5], .union(.circle(radius: 80), .rectangle(width: 400, height: 20)))
        }
        if step == 100 { try world.destroyField(fields[4]) }
        if step == 101 {
            var def = FieldDefinition(kind: .radialGravity)
            def.parameters.strength = -0.3
            fields[4] = try world.createField(def)
            for body in bodies.prefix(10) { try world.addBody(body, toField: fields[4]) }
        }
        if step == 150 { try world.addBody(bodies[7], toField: fields[0]) }
        try world.step(dt: 1.0 / 60, substeps: 2)
        frames.append(bodies.compactMap { world.isValid($0) ? try? world.state(of: $0) : nil })
    }
    return frames
}

@Suite("Field parity")
struct FieldParityTests {
    @Test("Every field kind, region, falloff and membership change: C core and reference agree to the bit", arguments: [SpringModel.analytic, .uikitCompatible])
    func scriptedFields(model: SpringModel) throws {
        let c = try runFieldScript(AcceleratedBackend.self, model: model)
        let r = try runFieldScript(ReferenceWorld.self, model: model)
        #expect(c.count == r.count)
        var worst = 0.0
        for (step, (a, b)) in zip(c, r).enumerated() {
            #expect(a.count == b.count, "step \(step): body count")
            for (k, (s, t)) in zip(a, b).enumerated() {
                let diff = differences(s, t)
                if !diff.isEmpty {
                    Issue.record("step \(step) body \(k): \(diff.joined(separator: ", "))")
                    return
                }
                for (u, v) in [(s.x, t.x), (s.y, t.y), (s.vx, t.vx), (s.vy, t.vy)] where u != v {
                    worst = max(worst, abs(u - v) / max(1, abs(u)))
                }
            }
        }
        #expect(worst == 0, "largest relative difference \(worst)")
        // The fields moved things: the script is not vacuous.
        let moved = zip(c.first!, c.last!).filter { abs($0.x - $1.x) + abs($0.y - $1.y) > 1 }.count
        #expect(moved > 20)
    }

    @Test("Bad field input is refused with the same error by both engines")
    func sameRefusals() throws {
        for engine in [AcceleratedBackend.self, ReferenceWorld.self] as [any PhysicsBackend.Type] {
            let world = try PhysicsWorld(engine)
            let body = try world.createBody(BodyDefinition())
            var def = FieldDefinition(kind: .radialGravity)
            def.parameters.strength = .nan
            #expect(matchesError(thrown { () throws(SolverError) in _ = try world.createField(def) }, .nonFinite(parameter: "strength", value: .nan)))
            def.parameters.strength = 1
            def.parameters.minimumRadius = -1
            #expect(thrown { () throws(SolverError) in _ = try world.createField(def) } == .outOfRange(parameter: "minimumRadius", value: -1, expected: "≥ 0"))
            def.parameters.minimumRadius = 0
            def.region = .union(.circle(radius: 5), .circle(radius: -1))
            #expect(thrown { () throws(SolverError) in _ = try world.createField(def) } == .outOfRange(parameter: "region radius", value: -1, expected: "≥ 0"))
            def.region = .infinite
            #expect(thrown { () throws(SolverError) in _ = try world.createField(FieldDefinition(kind: .custom)) }
                == .outOfRange(parameter: "evaluator", value: 0, expected: "an evaluator for a custom field"))
            var ids: [FieldID] = []
            for _ in 0..<32 { ids.append(try world.createField(def)) }
            #expect(thrown { () throws(SolverError) in _ = try world.createField(def) }
                == .outOfRange(parameter: "fieldCount", value: 33, expected: "≤ 32 (a world supports at most 32 distinct fields)"))
            try world.destroyField(ids[3])
            #expect(thrown { () throws(SolverError) in try world.destroyField(ids[3]) } == .invalidField(ids[3]))
            #expect(thrown { () throws(SolverError) in try world.addBody(BodyID(index: 9, generation: 0), toField: ids[0]) } == .invalidBody(BodyID(index: 9, generation: 0)))
            #expect(thrown { () throws(SolverError) in try world.addBody(body, toField: ids[3]) } == .invalidField(ids[3]))
            var p = try world.fieldParameters(ids[0])
            p.smoothness = 2
            #expect(thrown { () throws(SolverError) in try world.setFieldParameters(ids[0], p) } == .outOfRange(parameter: "smoothness", value: 2, expected: "in 0...1"))
            p.smoothness = 0
            p.animationSpeed = -.infinity
            #expect(thrown { () throws(SolverError) in try world.setFieldParameters(ids[0], p) } == .nonFinite(parameter: "animationSpeed", value: -.infinity))
            #expect(try world.fieldParameters(ids[0]) == def.parameters, "a refused change leaves the field as it was")
            var deep = FieldRegion.circle(radius: 1)
            for _ in 0..<600 { deep = .inverse(deep) }
            #expect(thrown { () throws(SolverError) in try world.setFieldRegion(ids[0], .union(deep, deep)) }
                == .outOfRange(parameter: "region", value: 1203, expected: "at most 1024 shapes and operators"))
            try world.addBody(body, toField: ids[0])
            try world.addBody(body, toField: ids[0])
            #expect(try world.fieldBodyCount(ids[0]) == 1)
            try world.destroyBody(body)
            #expect(try world.fieldBodyCount(ids[0]) == 0)
            #expect(world.fieldCount == 31)
        }
    }
}
