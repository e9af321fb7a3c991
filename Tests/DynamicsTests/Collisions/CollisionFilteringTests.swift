// Who collides with whom: modes, separate collision behaviors, items in none, item groups.
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("Collision filtering")
struct CollisionFilteringTests {
    /// Two boxes falling onto each other (the upper one 60 pt above) over a floor boundary at y = 600; returns
    /// their centres after 2 s.
    func fall(_ scene: Scene, configure: (View, View) -> Void) -> (upper: CGPoint, lower: CGPoint) {
        let lower = scene.box(x: 200, y: 500, width: 40, height: 40)
        let upper = scene.box(x: 200, y: 440, width: 40, height: 40)
        scene.gravity([lower, upper])
        configure(upper, lower)
        scene.run(120)
        return (upper.center, lower.center)
    }

    @Test("In .boundaries mode items pass through each other and stop at the boundary", arguments: collisionSolvers)
    func boundariesMode(solver: SolverKind) {
        let scene = Scene(solver)
        let end = fall(scene) { upper, lower in
            let collision = CollisionBehavior(items: [upper, lower])
            collision.collisionMode = .boundaries
            collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 2000, y: 600))
            scene.animator.addBehavior(collision)
        }
        #expect(abs(end.lower.y - 580) < 1e-6 && abs(end.upper.y - 580) < 1e-6, "both rest on the floor, overlapping: \(end)")
    }

    @Test("In .items mode items hit each other but fall through the boundary", arguments: collisionSolvers)
    func itemsMode(solver: SolverKind) {
        let scene = Scene(solver)
        let lower = scene.box(x: 200, y: 500, width: 40, height: 40)
        let upper = scene.box(x: 200, y: 440, width: 40, height: 40)
        scene.gravity([lower, upper])
        let properties = scene.material([upper, lower])
        properties.addLinearVelocity(CGPoint(x: 0, y: 300), for: upper) // catches up with the lower one
        let collision = CollisionBehavior(items: [upper, lower])
        collision.collisionMode = .items
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 2000, y: 600))
        scene.animator.addBehavior(collision)
        var closest = CGFloat.infinity
        for _ in 0..<120 {
            scene.animator.step()
            closest = min(closest, lower.center.y - upper.center.y)
        }
        #expect(closest > 40 - 1e-6, "they never overlap (closest centre distance \(closest))")
        #expect(closest < 40 + 0.5, "they touched")
        #expect(lower.center.y > 1000 && upper.center.y > 1000, "both fell through the floor")
    }

    @Test("Items of two different collision behaviors pass through each other", arguments: collisionSolvers)
    func separateBehaviors(solver: SolverKind) {
        let scene = Scene(solver)
        let end = fall(scene) { upper, lower in
            for item in [upper, lower] {
                let collision = CollisionBehavior(items: [item])
                collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 2000, y: 600))
                scene.animator.addBehavior(collision)
            }
        }
        #expect(abs(end.lower.y - 580) < 1e-6 && abs(end.upper.y - 580) < 1e-6, "each stops at its own floor: \(end)")
    }

    @Test("An item in no collision behavior collides with nothing", arguments: collisionSolvers)
    func noBehavior(solver: SolverKind) {
        let scene = Scene(solver)
        let end = fall(scene) { upper, _ in
            let collision = CollisionBehavior(items: [upper])
            collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 2000, y: 600))
            scene.animator.addBehavior(collision)
        }
        #expect(abs(end.upper.y - 580) < 1e-6 && end.lower.y > 1000, "the lower one falls through everything: \(end)")
    }

    @Test("An item group collides as one rigid body made of its members' shapes", arguments: collisionSolvers)
    func itemGroup(solver: SolverKind) {
        let scene = Scene(solver)
        // An L: a wide bar with a post hanging below its left end; the post lands first, the bar's right end
        // tips down until it also touches — but as one body, the members keep their offsets.
        let bar = scene.box(x: 240, y: 400, width: 120, height: 20)
        let post = scene.box(x: 190, y: 430, width: 20, height: 40)
        let group = DynamicItemGroup(items: [bar, post])
        scene.material([group])
        scene.gravity([group])
        let collision = CollisionBehavior(items: [group])
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 2000, y: 600))
        scene.animator.addBehavior(collision)
        let offset = CGPoint(x: post.center.x - bar.center.x, y: post.center.y - bar.center.y)
        scene.run(240)
        let angle = Double(bar.transform.rotationAngle)
        let turned = CGPoint(x: cos(angle) * offset.x - sin(angle) * offset.y, y: sin(angle) * offset.x + cos(angle) * offset.y)
        #expect(hypot(post.center.x - bar.center.x - turned.x, post.center.y - bar.center.y - turned.y) < 1e-6, "members keep their offsets")
        let lowest = [bar, post].map { $0.frame.maxY }.max()!
        #expect(abs(lowest - 600) < 0.01, "the group rests on the floor with its lowest member's edge (\(lowest))")
        #expect(abs(angle) > 0.05, "it tipped over as one body (angle \(angle))")
    }
}
