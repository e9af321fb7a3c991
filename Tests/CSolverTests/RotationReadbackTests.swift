// sdWorld_GetRotations: cos and sin of every live body's angle, exactly as the C library computes them, brought up
// to date from the step's per-body cache without changing what the following steps compute.
import CSolver
import Foundation
import Testing

@Suite("Rotation read-back")
struct RotationReadbackTests {
    /// Two spinning bodies and a static turned one, a freed slot between them.
    static func spinning() throws -> World {
        let world = try World()
        try world.create(bodyDef(x: 0, y: 0) { $0.angle = 0.3; $0.angularVelocity = 2 })
        let freed = try world.create(bodyDef(x: 300, y: 0))
        try world.create(bodyDef(x: 600, y: 0, shape: sdShape_ellipse) { $0.angle = -1.2; $0.angularVelocity = -5 })
        try world.create(bodyDef(x: 900, y: 0, flags: staticFlag) { $0.angle = 0.7 })
        #expect(sdDestroyBody(world.raw, freed) == sdResult_ok)
        return world
    }

    @Test("Every live body's entries are cos and sin of its angle, before and after steps")
    func exactValues() throws {
        let world = try Self.spinning()
        for round in 0..<4 {
            let rotations = sdWorld_GetRotations(world.raw)
            let state = sdWorld_GetState(world.raw)
            #expect(rotations.slotCount == state.slotCount)
            for i in 0..<Int(state.slotCount) where state.alive[i] != 0 {
                #expect(rotations.cosine[i].bitPattern == cos(state.angle[i]).bitPattern, "round \(round) slot \(i)")
                #expect(rotations.sine[i].bitPattern == sin(state.angle[i]).bitPattern, "round \(round) slot \(i)")
            }
            try world.step(1.0 / 60, substeps: 2, count: round + 1)
        }
    }

    @Test("Reading them between steps leaves every later step's state bit for bit the same")
    func stepsUnchanged() throws {
        let read = try Self.spinning(), unread = try Self.spinning()
        for _ in 0..<30 {
            _ = sdWorld_GetRotations(read.raw)
            try read.step(1.0 / 60, substeps: 2)
            try unread.step(1.0 / 60, substeps: 2)
        }
        #expect(read.snapshot() == unread.snapshot())
    }

    @Test("A NULL world gives no slots")
    func nullWorld() {
        let rotations = sdWorld_GetRotations(nil)
        #expect(rotations.slotCount == 0)
        #expect(rotations.cosine == nil && rotations.sine == nil)
    }
}
