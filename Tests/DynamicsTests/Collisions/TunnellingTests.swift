// Nothing tunnels: every moving item is swept against what it may reach, however fast it moves or spins.
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("No tunnelling")
struct TunnellingTests {
    @Test("A 10 × 10 item at 10,000 pt/s inside the reference bounds is still inside after 2 s", arguments: collisionSolvers)
    func fastItemStaysInside(solver: SolverKind) {
        let scene = Scene(solver, width: 400, height: 800)
        let bullet = scene.box(x: 200, y: 400, width: 10, height: 10)
        let properties = scene.material([bullet])
        scene.gravity([bullet])
        scene.collide([bullet], bounds: true)
        properties.addLinearVelocity(CGPoint(x: 6000, y: 8000), for: bullet)
        var farthest: CGFloat = 0
        for _ in 0..<120 {
            scene.animator.step()
            let c = bullet.center
            farthest = max(farthest, -c.x, c.x - 400, -c.y, c.y - 800)
        }
        #expect(farthest <= 0, "the centre left the bounds by \(farthest) pt")
    }

    @Test("Two 10 × 10 items fired at each other at 5,000 pt/s do not pass through each other", arguments: collisionSolvers)
    func headOn(solver: SolverKind) {
        let scene = Scene(solver, width: 2000, height: 400)
        let left = scene.box(x: 900, y: 200, width: 10, height: 10)
        let right = scene.box(x: 1100, y: 200, width: 10, height: 10)
        let properties = scene.material([left, right])
        scene.collide([left, right])
        properties.addLinearVelocity(CGPoint(x: 5000, y: 0), for: left)
        properties.addLinearVelocity(CGPoint(x: -5000, y: 0), for: right)
        var crossed = false
        for _ in 0..<30 {
            scene.animator.step()
            crossed = crossed || left.center.x >= right.center.x
        }
        #expect(!crossed, "left at \(left.center.x), right at \(right.center.x)")
        #expect(right.center.x - left.center.x > 10, "they bounced apart")
    }
}
