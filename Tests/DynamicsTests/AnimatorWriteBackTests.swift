// The step's write-back: views get their rotation's cos and sin from the C core's per-body cache, and views whose
// bodies rest are not visited. A view must still end up exactly where a plain item (written through the
// protocol, cos and sin computed afresh) ends up, and a resting body's view moved by hand must be picked up.
import Dynamics
import Foundation
import Testing

@Suite("Animator write-back") @MainActor
struct AnimatorWriteBackTests {
    /// A box of 30 turning boxes dropped onto the reference bounds' floor: as views in one animator and as plain
    /// items in another, with the same bodies in the same order.
    static func pile(_ solver: SolverKind, views: Bool) -> (animator: DynamicAnimator, items: [any DynamicItem]) {
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        let animator = DynamicAnimator(referenceView: root, solver: solver)
        var items: [any DynamicItem] = []
        for i in 0..<30 {
            let x = CGFloat(60 + (i % 6) * 55), y = CGFloat(80 + (i / 6) * 50)
            items.append(makeItem(view: views, in: root, x: x, y: y, width: 30, height: 24, angle: 0.1 * CGFloat(i)))
        }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = DynamicItemBehavior(items: items)
        animator.addBehavior(GravityBehavior(items: items))
        animator.addBehavior(collision)
        animator.addBehavior(properties)
        for (i, item) in items.enumerated() { properties.addAngularVelocity(CGFloat(i % 5) - 2, for: item) }
        return (animator, items)
    }

    @Test("Views get bit for bit the centres and transforms a plain item's write-back computes", arguments: allSolvers)
    func viewsMatchPlainItems(solver: SolverKind) {
        let views = Self.pile(solver, views: true)
        let plain = Self.pile(solver, views: false)
        var turned = 0
        for frame in 0..<240 {
            let ranViews = views.animator.step(frameDT)
            let ranPlain = plain.animator.step(frameDT)
            #expect(ranViews == ranPlain)
            for (view, item) in zip(views.items, plain.items) {
                let a = view.transform, b = item.transform
                #expect(view.center.x.bitPattern == item.center.x.bitPattern, "frame \(frame)")
                #expect(view.center.y.bitPattern == item.center.y.bitPattern, "frame \(frame)")
                #expect(
                    [a.a, a.b, a.c, a.d].map(\.bitPattern) == [b.a, b.b, b.c, b.d].map(\.bitPattern), "frame \(frame)")
                if a.b != 0 { turned += 1 }
            }
        }
        #expect(turned > 1000)  // the pile turns, so the rotation path ran
    }

    @Test("A resting body's view moved by hand is picked up, and its woken body is written back again",
          arguments: allSolvers)
    func restingViewMovedByHand(solver: SolverKind) {
        let scene = Scene(solver, width: 1000, height: 600)
        let resting = scene.box(x: 300, y: 560, width: 80, height: 80)  // on the floor at y = 600
        let drifting = scene.box(x: 100, y: 100, width: 20, height: 20)  // never rests: keeps the animator running
        let collision = CollisionBehavior(items: [resting])
        collision.translatesReferenceBoundsIntoBoundary = true
        let gravity = GravityBehavior(items: [resting])
        let drift = DynamicItemBehavior(items: [drifting])
        drift.resistance = 0
        scene.animator.addBehavior(collision)
        scene.animator.addBehavior(gravity)
        scene.animator.addBehavior(drift)
        drift.addLinearVelocity(CGPoint(x: 0, y: 5), for: drifting)
        #expect(scene.run(120) == 120)
        let velocity = DynamicItemBehavior(items: [resting])
        scene.animator.addBehavior(velocity)
        #expect(velocity.linearVelocity(for: resting) == .zero)  // at rest
        #expect(isClose(Double(resting.center.y), 560, 2))

        resting.center = CGPoint(x: 500, y: 300)  // no updateItem: the next step must see it
        #expect(scene.run(1) == 1)
        #expect(resting.center.x == 500)
        let fallen = Double(resting.center.y) - 300
        #expect(fallen > 0 && fallen < 1)  // woken: gravity moves it from there, and the view follows
        scene.run(30)
        #expect(Double(resting.center.y) > 300 + 100)
        #expect(isClose(Double(drifting.center.y), 100 + 5 * 151.0 / 60, 1e-6))
    }
}
