// The factorisation-failure path, the same in both engines. A factorisation fails only on a NaN or a wildly
// scaled system, which validated input never builds, so each engine has an internal test hook that makes every
// direct factorisation report failure (C: sdWorld_SetFailingFactorizationsForTesting; reference:
// failsFactorizationsForTesting). What must happen then: a joint island keeps zero impulses for the substep (its
// bodies move as if unjointed, in velocities and in the position projection), and a contact island's exact solve
// falls back to conjugate gradients (contacts still hold).
@testable import AcceleratedSolver
@testable import ReferenceSolver
import Foundation
import SolverBackend
import Testing

@Suite("Factorisation failures: both engines alike")
struct FactorizationFailureParityTests {
    static let gravity = 1000.0
    static let dt = 1.0 / 60.0
    static let substeps = 4

    /// What the scene holds, by role.
    struct Scene {
        var world: PhysicsWorld
        /// A rigid pendulum's bob (a two-row island: the kernel path), 100 pt from its anchor.
        var bob: BodyID
        /// A rigid chain of 30 links (a banded island), hung from its first link's anchor.
        var chain: [BodyID]
        /// Two boxes stacked on the floor (a contact island solved exactly), and a pinned pair lying on the
        /// floor 10 pt apart (a contact island holding a joint).
        var stack: [BodyID]
        var pinned: [BodyID]
        /// A box sliding on the floor at 300 pt/s: its friction rows reach their cone, so its exact solve takes a
        /// second active-set pass.
        var sliding: BodyID
    }

    static let bobAnchor = (x: 300.0, y: -400.0)

    static func scene(_ engine: any PhysicsBackend.Type) throws -> Scene {
        let world = try PhysicsWorld(engine)
        try world.addFloor(width: 1200)
        func free(_ x: Double, _ y: Double, size: Double = 20) throws -> BodyID {
            var d = BodyDefinition()
            d.x = x
            d.y = y
            d.width = size
            d.height = size
            d.gravityY = gravity
            return try world.createBody(d)
        }
        let bob = try free(bobAnchor.x + 100, bobAnchor.y)
        _ = try world.createJoint(anchoredJoint(.distance, nil, bob, bobAnchor, (bobAnchor.x + 100, bobAnchor.y)))
        var chain: [BodyID] = []
        for k in 0..<30 {
            let x = -500 + 25 * Double(k + 1), y = -700.0
            let link = try free(x, y)
            _ = try world.createJoint(anchoredJoint(.distance, chain.last, link, (x - 25, y), (x, y)))
            chain.append(link)
        }
        let stack = [
            try world.addBox(x: 100, y: -20, width: 40, height: 40, BodyOptions(gravityY: gravity)),
            try world.addBox(x: 100, y: -60, width: 40, height: 40, BodyOptions(gravityY: gravity)),
        ]
        let pinned = [
            try world.addBox(x: 400, y: -10, width: 40, height: 20, BodyOptions(gravityY: gravity)),
            try world.addBox(x: 450, y: -10, width: 40, height: 20, BodyOptions(gravityY: gravity)),
        ]
        _ = try world.createJoint(anchoredJoint(.revolute, pinned[0], pinned[1], (425, -10), (425, -10)))
        let sliding = try world.addBox(x: -400, y: -20, width: 40, height: 40, BodyOptions(gravityY: gravity, vx: 300))
        return Scene(world: world, bob: bob, chain: chain, stack: stack, pinned: pinned, sliding: sliding)
    }

    static func engine(_ name: String) -> any PhysicsBackend.Type {
        name == "accelerated" ? AcceleratedBackend.self : ReferenceWorld.self
    }

    static func setFailing(_ world: PhysicsWorld, _ fail: Bool) {
        if let c = world.backend as? AcceleratedBackend {
            c.setFailingFactorizationsForTesting(fail)
        } else {
            (world.backend as! ReferenceWorld).failsFactorizationsForTesting = fail
        }
    }

    /// 30 steps as usual, then 20 with every factorisation failing: the states at the switch and at the end.
    static func run(_ engine: any PhysicsBackend.Type) throws -> (scene: Scene, before: [BodyState], after: [BodyState]) {
        let s = try scene(engine)
        let bodies = [s.bob] + s.chain + s.stack + s.pinned + [s.sliding]
        for _ in 0..<30 { try s.world.step(dt: dt, substeps: substeps) }
        let before = try bodies.map { try s.world.state(of: $0) }
        setFailing(s.world, true)
        for _ in 0..<20 { try s.world.step(dt: dt, substeps: substeps) }
        let after = try bodies.map { try s.world.state(of: $0) }
        return (s, before, after)
    }

    @Test("With every factorisation failing, the C core and the reference end in the same state (1e-9 relative)")
    func enginesAgree() throws {
        let (_, cBefore, c) = try Self.run(AcceleratedBackend.self)
        let (_, rBefore, r) = try Self.run(ReferenceWorld.self)
        for (k, (u, v)) in zip(cBefore, rBefore).enumerated() {
            #expect(differences(u, v).isEmpty, "body \(k) at the switch: \(differences(u, v))")
        }
        for (k, (u, v)) in zip(c, r).enumerated() {
            #expect(differences(u, v).isEmpty, "body \(k) after 20 failing steps: \(differences(u, v))")
        }
    }

    @Test("A joint island whose factorisation fails keeps zero impulses: its bodies fall freely", arguments: ["accelerated", "reference"])
    func jointIslandsFallFreely(engine: String) throws {
        let (scene, before, after) = try Self.run(Self.engine(engine))
        // Before the switch the pendulum held its bob 100 pt from the anchor.
        let held = hypot(before[0].x - Self.bobAnchor.x, before[0].y - Self.bobAnchor.y)
        #expect(abs(held - 100) < 1e-6, "the bob was \(held) pt from its anchor")
        // After it, the bob and every link moved as free bodies under gravity for T = 20/60 s: the trapezoidal
        // update is exact for constant acceleration, so closed form to round-off.
        let t = 20 * Self.dt
        for k in 0..<(1 + scene.chain.count) {
            let u = before[k], v = after[k]
            #expect(close(v.vx, u.vx, tolerance: 1e-9), "body \(k): vx \(u.vx) → \(v.vx)")
            #expect(close(v.vy, u.vy + Self.gravity * t, tolerance: 1e-9), "body \(k): vy \(u.vy) → \(v.vy)")
            #expect(close(v.x, u.x + u.vx * t, tolerance: 1e-9), "body \(k): x \(u.x) → \(v.x)")
            #expect(close(v.y, u.y + u.vy * t + 0.5 * Self.gravity * t * t, tolerance: 1e-9), "body \(k): y \(u.y) → \(v.y)")
            #expect(close(v.angle, u.angle + u.angularVelocity * t, tolerance: 1e-9), "body \(k): angle \(u.angle) → \(v.angle)")
        }
        let freed = hypot(after[0].x - Self.bobAnchor.x, after[0].y - Self.bobAnchor.y)
        #expect(freed > 110, "the bob, no longer held, is \(freed) pt from its anchor")
    }

    @Test("A contact island whose factorisation fails is solved by conjugate gradients: the boxes stay on the floor",
          arguments: ["accelerated", "reference"])
    func contactIslandsStillHold(engine: String) throws {
        let (scene, _, after) = try Self.run(Self.engine(engine))
        let first = 1 + scene.chain.count
        let rest = [-20.0, -60.0, -10.0, -10.0, -20.0]  // the stack's, the pinned pair's and the sliding box's centres
        for (k, y) in rest.enumerated() {
            let state = after[first + k]
            // A box that lost its contacts would have fallen 20/60 s (≥ 55 pt) into the floor.
            #expect(abs(state.y - y) < 0.5, "box \(k) at y = \(state.y), rest \(y)")
            #expect(abs(state.vy) < 1, "box \(k) moving at \(state.vy) pt/s")
        }
    }
}
