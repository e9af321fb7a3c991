// Input at the edges of what the C API accepts: vectors whose length overflows, springs stiffer than a double
// holds, substeps too short to compute, and rows that can move nothing. Each is either refused with a documented
// result code (leaving the world as it was) or stepped to a finite, physically sensible state.
import CSolver
import Foundation
import Testing

@Suite("C core: extreme input")
struct ExtremeInputTests {
    @Test("A prismatic axis whose length overflows is normalised (scaled first): the body slides on the diagonal")
    func overflowingPrismaticAxis() throws {
        let world = try World(model: sdSpringModel_analytic)
        let slider = try world.create(bodyDef(x: 0, y: 0, width: 20, height: 20, gravityY: 1000) { $0.gravityX = 300 })
        let reference = try world.create(bodyDef(x: 500, y: 0, width: 20, height: 20, gravityY: 1000) { $0.gravityX = 300 })
        // The same direction, (1, 1), once with components whose length fits in a double and once without.
        try world.joint(jointDef(sdJoint_prismatic, worldEnd, reference, anchor: (500, 0)) { $0.axisX = 1; $0.axisY = 1 })
        try world.joint(jointDef(sdJoint_prismatic, worldEnd, slider) { $0.axisX = 1.5e308; $0.axisY = 1.5e308 })
        try world.frames(60)
        let r = try world.state(reference), s = try world.state(slider)
        expectClose(r.x - 500, r.y, within: 1e-8, "the (1, 1) rail keeps its body on the diagonal")
        expectClose(s.x, s.y, within: 1e-8, "the huge (1, 1) rail too")
        // Along the diagonal the body feels (300 + 1000)/√2 · 1/√2 = 650 pt/s² per axis: 325 pt after 1 s.
        expectClose(s.x, 325, within: 1e-6, "how far it slid")
        expectClose(s.x, r.x - 500, within: 1e-9, "both rails alike")
    }

    @Test("A zero axis, and springs above 10⁹ Hz, are refused with outOfRange")
    func refusedAxisAndFrequency() throws {
        let world = try World()
        let body = try world.create(bodyDef(x: 0, y: 0))
        var def = jointDef(sdJoint_prismatic, worldEnd, body) { $0.axisX = 0; $0.axisY = 0 }
        var id = sdJointId()
        #expect(sdCreateJoint(world.raw, &def, &id) == sdResult_outOfRange)
        def = jointDef(sdJoint_distance, worldEnd, body) { $0.anchorBX = 0; $0.frequency = 2e9 }
        #expect(sdCreateJoint(world.raw, &def, &id) == sdResult_outOfRange)
        let spring = try world.joint(jointDef(sdJoint_distance, worldEnd, body) { $0.anchorBX = 0; $0.frequency = 1 })
        #expect(sdJoint_SetSpring(world.raw, spring, 1e10, 0) == sdResult_outOfRange)
        #expect(sdJoint_SetSpring(world.raw, spring, Double(sdMaxSpringFrequency), 0) == sdResult_ok)
    }

    @Test("Springs stiffer or more damped than a double holds step to a finite state near their anchor")
    func extremeSprings() throws {
        // (model, frequency Hz, damping ratio): each within the accepted range.
        let cases: [(sdSpringModel, Double, Double)] = [
            (sdSpringModel_analytic, 1e5, 0.5),  // cosh(ζωh) would overflow
            (sdSpringModel_analytic, 1e9, 0),
            (sdSpringModel_analytic, 1, 1e200),  // ζ² would overflow
            (sdSpringModel_analytic, 1e9, 1e300),
            (sdSpringModel_uikitCompatible, 1e9, 0),
            (sdSpringModel_uikitCompatible, 1e9, 1e300),  // c = 2ζω overflows
        ]
        for (model, frequency, ratio) in cases {
            let world = try World(model: model)
            let body = try world.create(bodyDef(x: 1, y: 0) { $0.vx = 10 })
            try world.joint(jointDef(sdJoint_distance, worldEnd, body) {
                $0.anchorBX = 1
                $0.frequency = frequency
                $0.dampingRatio = ratio
            })
            try world.frames(10)
            let s = try world.state(body)
            #expect(s.x.isFinite && s.vx.isFinite && s.y.isFinite, "model \(model.rawValue), f \(frequency), ζ \(ratio)")
            // Held at its anchor, the origin (from 1 pt away, pushed at 10 pt/s).
            #expect(abs(s.x) < 2, "model \(model.rawValue), f \(frequency), ζ \(ratio): x \(s.x)")
        }
    }

    @Test("A step whose substep is shorter than sdMinimumSubstep is refused and changes nothing")
    func tooShortSubstep() throws {
        let world = try World()
        let stepped = try world.create(bodyDef(x: 0) { $0.vx = 100; $0.linearDamping = 0.5 })
        try world.frames()
        let fresh = try world.create(bodyDef(x: 0) { $0.vx = 100; $0.angularVelocity = 1 })
        let before = (bits(try world.state(stepped)), bits(try world.state(fresh)))
        #expect(sdWorld_Step(world.raw, .leastNonzeroMagnitude, 1) == sdResult_outOfRange)
        #expect(sdWorld_Step(world.raw, 1e-306, 1024) == sdResult_outOfRange)
        #expect(sdWorld_Step(world.raw, 1e-6, 1024) == sdResult_outOfRange)  // 1 ns / 1024 substeps
        #expect(bits(try world.state(stepped)) == before.0)
        #expect(bits(try world.state(fresh)) == before.1)
        #expect(sdWorld_Step(world.raw, Double(sdMinimumSubstep), 1) == sdResult_ok)
    }

    @Test("A weld or prismatic joint from a fixed-rotation body to the world holds it like any other body")
    func fixedRotationWeldToWorld() throws {
        for kind in [sdJoint_weld, sdJoint_prismatic] {
            let world = try World(model: sdSpringModel_analytic)
            let held = try world.create(bodyDef(x: 0, y: 0, gravityY: 1000, flags: fixedRotationFlag) { $0.vx = 50 })
            let control = try world.create(bodyDef(x: 300, y: 0, gravityY: 1000) { $0.vx = 50 })
            try world.joint(jointDef(kind, worldEnd, held) { $0.axisX = 0; $0.axisY = 1 })
            try world.joint(jointDef(kind, worldEnd, control, anchor: (300, 0)) { $0.axisX = 0; $0.axisY = 1 })
            try world.frames(10)
            // Welded, a body stays put; on a vertical rail it falls straight down: g·t²/2 = 500/36 pt after 1/6 s.
            // (The fixed-rotation body's angle row can move nothing and is left out of its island's system.)
            for (body, x) in [(control, 300.0), (held, 0.0)] {
                let s = try world.state(body)
                expectClose(s.x, x, within: 1e-9, "kind \(kind.rawValue): x")
                expectClose(s.y, kind == sdJoint_weld ? 0 : 500.0 / 36, within: 1e-9, "kind \(kind.rawValue): y")
            }
        }
    }
}
