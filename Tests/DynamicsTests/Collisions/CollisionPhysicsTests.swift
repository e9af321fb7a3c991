// Collisions against closed-form physics through the animator: restitution, Coulomb friction, rolling, and the
// heights shapes rest at.
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("Collision physics")
struct CollisionPhysicsTests {
    @Test("A box of elasticity 0.8 dropped 300 pt onto an anchored one rebounds to 0.64 of the drop (±3 %)", arguments: collisionSolvers)
    func restitution(solver: SolverKind) {
        let scene = Scene(solver)
        let floor = scene.box(x: 200, y: 620, width: 40, height: 40)   // top at 600
        let ball = scene.box(x: 200, y: 600 - 300 - 20, width: 40, height: 40) // bottom 300 pt above it
        scene.material([floor], elasticity: 0.8, anchored: true)
        scene.material([ball], elasticity: 0.8)
        scene.gravity([ball])
        scene.collide([ball, floor])
        let apex = scene.apexAfterFirstBounce(of: ball)
        let ratio = Double(600 - 20 - apex) / 300
        #expect(abs(ratio - 0.64) <= 0.03 * 0.64, "rebound \(ratio) of the drop height (ideal 0.64)")
        #expect(floor.center == CGPoint(x: 200, y: 620), "the anchored item must not move")
    }

    @Test("An elasticity-0 box stays where it lands; it does not bounce", arguments: collisionSolvers)
    func inelastic(solver: SolverKind) {
        let scene = Scene(solver)
        let floor = scene.box(x: 200, y: 620, width: 400, height: 40)
        let box = scene.box(x: 200, y: 500, width: 40, height: 40)
        scene.material([floor], elasticity: 0, anchored: true)
        scene.material([box], elasticity: 0)
        scene.gravity([box])
        scene.collide([box, floor])
        var lowest = CGFloat(0)
        for _ in 0..<120 {
            scene.animator.step()
            lowest = max(lowest, box.center.y)
        }
        #expect(abs(box.center.y - 580) < 1e-6, "rests on the floor at 580 (got \(box.center.y))")
        #expect(lowest - 580 < 1e-6, "never sinks into the floor (deepest \(lowest))")
    }

    @Test("A box sliding at 500 pt/s with friction 0.5 stops after v²/(2μg) = 250 pt (±3 %)", arguments: collisionSolvers)
    func coulombFriction(solver: SolverKind) {
        let scene = Scene(solver)
        let floor = scene.box(x: 1000, y: 620, width: 2000, height: 40)
        let box = scene.box(x: 100, y: 580, width: 40, height: 40)
        scene.material([floor], friction: 0.5, anchored: true)
        let properties = scene.material([box], friction: 0.5, rotates: false)
        scene.gravity([box])
        scene.collide([box, floor])
        properties.addLinearVelocity(CGPoint(x: 500, y: 0), for: box)
        scene.run(120)
        let distance = Double(box.center.x - 100)
        #expect(abs(distance - 250) <= 0.03 * 250, "slid \(distance) pt (ideal 250)")
        #expect(abs(properties.linearVelocity(for: box).x) < 1e-9, "stopped")
    }

    @Test("A disc rolls without slipping once friction has acted: v = ω·r = 2/3 of its launch speed", arguments: collisionSolvers)
    func rolling(solver: SolverKind) {
        let scene = Scene(solver)
        let floor = scene.box(x: 1000, y: 620, width: 2000, height: 40)
        let disc = EllipseView(frame: CGRect(x: 80, y: 560, width: 40, height: 40))
        scene.root.addSubview(disc)
        scene.material([floor], friction: 0.5, anchored: true)
        let properties = scene.material([disc], friction: 0.5)
        scene.gravity([disc])
        scene.collide([disc, floor])
        properties.addLinearVelocity(CGPoint(x: 300, y: 0), for: disc)
        scene.run(60)
        let v = Double(properties.linearVelocity(for: disc).x)
        let omega = Double(properties.angularVelocity(for: disc))
        #expect(abs(v - omega * 20) < 1e-6, "v \(v) vs ω·r \(omega * 20)")
        #expect(abs(v - 200) < 1e-6, "a uniform disc (I = m·r²/2) keeps 2/3 of its speed: \(v)")
        #expect(abs(disc.center.y - 580) < 1e-9, "rolls on the floor, not above it (\(disc.center.y))")
    }

    @Test("An ellipse rests on its semi-axis; a convex path on the face its geometry gives", arguments: collisionSolvers)
    func restingHeights(solver: SolverKind) {
        let scene = Scene(solver)
        let floor = scene.box(x: 1000, y: 620, width: 2000, height: 40) // top at 600
        let ellipse = EllipseView(frame: CGRect(x: 100, y: 500, width: 80, height: 40))
        // A triangle pointing up: its base (y = +15 in its own frame) rests on the floor.
        let triangle = BezierPath(polygon: [CGPoint(x: 0, y: -25), CGPoint(x: 30, y: 15), CGPoint(x: -30, y: 15)])
        let wedge = PathView(frame: CGRect(x: 300, y: 480, width: 60, height: 40), outline: triangle)
        scene.root.addSubview(ellipse)
        scene.root.addSubview(wedge)
        scene.material([floor], anchored: true)
        scene.material([ellipse, wedge])
        scene.gravity([ellipse, wedge])
        scene.collide([floor, ellipse, wedge])
        scene.run(180)
        #expect(abs(ellipse.center.y - (600 - 20)) < 1e-6, "ellipse centre 20 pt (its semi-axis) above the floor: \(ellipse.center.y)")
        #expect(abs(wedge.center.y - (600 - 15)) < 1e-6, "triangle centre 15 pt above its base: \(wedge.center.y)")
        #expect(abs(wedge.transform.rotationAngle) < 1e-6, "the triangle stays on its base")
    }
}
