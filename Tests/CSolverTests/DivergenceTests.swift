// Motion that diverges by itself, and laws at their singularities, stay finite: the step caps speeds at
// sdMaxMagnitude and holds a field's force to sdMaxForce (NaN to 0). Found by the fuzzer (Fuzz/corpus).
import CSolver
import Foundation
import Testing

@Suite("C core: diverging motion stays finite")
struct DivergenceTests {
    @Test("A repulsive spring field throws a body out exponentially; its speed stops at sdMaxMagnitude and it stays finite")
    func repulsiveSpringField() throws {
        let world = try World()
        let body = try world.create(bodyDef(x: 1, y: 0, width: 10, height: 10))
        var def = sdDefaultFieldDef(sdField_spring)
        def.params.strength = -1e15  // F = +S·d: pushes away, growing with distance
        var field = sdFieldId()
        try #require(sdCreateField(world.raw, &def, &field) == sdResult_ok)
        try #require(sdField_AddBody(world.raw, field, body) == sdResult_ok)
        var speeds: [Double] = []
        for _ in 0..<200 {
            try #require(sdWorld_Step(world.raw, 1.0 / 60, 2) == sdResult_ok)
            speeds.append(try world.state(body).vx)
        }
        let s = try world.state(body)
        #expect(s.x.isFinite && s.vx.isFinite && s.y.isFinite)
        // Capped, not diverging: the speed sits at the bound and x grows by at most bound/60 per step.
        #expect(speeds.last == Double(sdMaxMagnitude), "speed \(speeds.last!)")
        #expect(speeds.allSatisfy { $0 <= Double(sdMaxMagnitude) })
        #expect(s.x <= 1 + 200 * Double(sdMaxMagnitude) / 60 * 1.000001, "x \(s.x)")
    }

    @Test("An electric field of falloff 16 without a minimum radius pulls a body through its singularity: nothing turns NaN")
    func singularField() throws {
        let world = try World()
        let body = try world.create(bodyDef(x: 0, y: 0, width: 10, height: 10))
        let other = try world.create(bodyDef(x: 30, y: 0, width: 10, height: 10))
        var def = sdDefaultFieldDef(sdField_electric)
        def.params.minimumRadius = 0
        def.params.falloff = Double(sdMaxFalloff)
        var field = sdFieldId()
        try #require(sdCreateField(world.raw, &def, &field) == sdResult_ok)
        try #require(sdBody_SetMaterial(world.raw, body, 0, 0, 1) == sdResult_ok)
        try #require(sdBody_SetMaterial(world.raw, other, 0, 0, 1) == sdResult_ok)
        for id in [body, other] { try #require(sdField_AddBody(world.raw, field, id) == sdResult_ok) }
        try #require(sdWorld_Step(world.raw, 1.0 / 60, 2) == sdResult_ok)
        // The body 30 pt out felt the field: 100·S·q·(100/30)^16 ≈ 2·10¹⁰ kg·pt/s² towards it (q·S > 0).
        #expect(try world.state(other).x < 30)
        for _ in 0..<30 { try #require(sdWorld_Step(world.raw, 1.0 / 60, 2) == sdResult_ok) }
        for id in [body, other] {
            let s = try world.state(id)
            let values = [s.x, s.y, s.vx, s.vy, s.angle, s.angularVelocity]
            #expect(values.allSatisfy { $0.isFinite }, "body \(id.index): \(values)")
        }
    }
}
