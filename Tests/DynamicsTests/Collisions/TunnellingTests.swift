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

    /// The soak's slider escape (step 275,501 of `dynamics-bench soak`): an item resting 5 pt from a boundary, beyond
    /// the distance the collision pass looks for pairs at its own speed, is struck within a step and sent at
    /// thousands of pt/s into that boundary. It has no contact with the boundary until the next pass, so before
    /// continuous collision swept items that outran their pass against what stays still, it crossed the boundary
    /// within the step and the next pass pushed it out the far side. On a rail (a sliding attachment, as the
    /// soak's slider) and free.
    @Test(
        "An item struck into a boundary it had no contact with stops at it (on a rail and free)",
        arguments: [(SolverKind.accelerated, true), (.accelerated, false), (.reference, true), (.reference, false)])
    func struckIntoBoundary(solver: SolverKind, onRail: Bool) {
        let scene = Scene(solver, width: 400, height: 200)
        let struck = scene.box(x: 20, y: 100, width: 30, height: 30)   // its left side 5 pt from the boundary x = 0
        let striker = scene.box(x: 70, y: 100, width: 30, height: 30)  // 20 pt to its right
        let properties = scene.material([struck, striker])
        scene.collide([struck, striker], bounds: true)
        if onRail {
            scene.animator.addBehavior(AttachmentBehavior.slidingAttachment(
                with: struck, attachmentAnchor: CGPoint(x: 20, y: 100), axisOfTranslation: CGVector(dx: 1, dy: 0)))
        }
        properties.addLinearVelocity(CGPoint(x: -6000, y: 0), for: striker)
        var leftmost = CGFloat.infinity
        for _ in 0..<60 {
            scene.animator.step()
            leftmost = min(leftmost, struck.center.x)
        }
        // Its centre never more than 1 pt deeper than touching (15 pt, its half width), and it ends inside the box.
        #expect(leftmost >= 14, "the struck item's centre reached x = \(leftmost)")
        #expect(struck.center.x >= 14 && struck.center.x <= 385, "it ended at x = \(struck.center.x)")
        #expect(striker.center.x >= 14 && striker.center.x <= 385, "the striker ended at x = \(striker.center.x)")
    }
}
