// The step's shortcuts past items that cannot have changed: the views are skipped when no view anywhere was
// written since the last step (one counter shared by all views; animators write theirs uncounted), items that are
// not views are asked every step, and the write-back visits only bodies the world says can have moved (awake, or
// put to rest by the step). Each test moves something the way a shortcut could miss.
@testable import Dynamics
import Foundation
import Testing

@Suite("Animator outside moves") @MainActor
struct AnimatorOutsideMovesTests {
    @Test("A view moved and turned from outside while its body falls is picked up the next frame", arguments: allSolvers)
    func awakeViewMovedFromOutside(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box(x: 300, y: 100, width: 40, height: 40)
        scene.animator.addBehavior(GravityBehavior(items: [box]))
        #expect(scene.run(10) == 10)
        let fallen = Double(box.center.y) - 100
        #expect(fallen > 10)  // falling, so awake
        box.center = CGPoint(x: 700, y: 200)
        box.transform = CGAffineTransform(rotationAngle: 0.5)
        #expect(scene.run(1) == 1)
        #expect(box.center.x == 700)
        let moved = Double(box.center.y) - 200
        #expect(moved > 0 && moved < 10)  // from there, at the speed it had
        #expect(isClose(Double(box.transform.rotationAngle), 0.5, 1e-12))
    }

    @Test("An item that is not a view, moved from outside while it falls and while it rests, is picked up",
          arguments: allSolvers)
    func plainItemMovedFromOutside(solver: SolverKind) {
        let animator = DynamicAnimator(solver: solver)
        let falling = PlainItem(x: 100, y: 100, width: 20, height: 20)
        let resting = PlainItem(x: 300, y: 560, width: 80, height: 80)  // on the floor at y = 600
        let floor = CollisionBehavior(items: [resting])
        floor.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 1000, y: 600))
        animator.addBehavior(floor)
        animator.addBehavior(GravityBehavior(items: [falling, resting]))
        #expect(animator.run(120) == 120)
        let restingVelocity = DynamicItemBehavior(items: [resting])
        animator.addBehavior(restingVelocity)
        #expect(restingVelocity.linearVelocity(for: resting) == .zero)  // at rest

        resting.center = CGPoint(x: 500, y: 300)
        falling.center = CGPoint(x: 800, y: 50)
        #expect(animator.run(1) == 1)
        #expect(resting.center.x == 500)
        let restingFell = Double(resting.center.y) - 300
        #expect(restingFell > 0 && restingFell < 1)  // woken: gravity moves it from there
        #expect(falling.center.x == 800)
        let fallingFell = Double(falling.center.y) - 50
        #expect(fallingFell > 0 && fallingFell < 40)  // from there, at the speed it had
    }

    @Test("Views of bodies that rest, are woken by a falling box and rest again match plain items bit for bit",
          arguments: allSolvers)
    func wokenViewsMatchPlainItems(solver: SolverKind) {
        func scene(views: Bool) -> (animator: DynamicAnimator, items: [any DynamicItem], add: (any DynamicItem) -> Void,
                                    dropped: any DynamicItem, properties: DynamicItemBehavior, root: View) {
            let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
            let animator = DynamicAnimator(referenceView: root, solver: solver)
            func item(x: CGFloat, y: CGFloat, angle: CGFloat) -> any DynamicItem {
                makeItem(view: views, in: root, x: x, y: y, width: 40, height: 30, angle: angle)
            }
            var items: [any DynamicItem] = []
            for i in 0..<6 {
                items.append(item(x: CGFloat(60 + i * 50), y: 500, angle: 0))  // a row that lands on the floor
            }
            let collision = CollisionBehavior(items: items)
            collision.translatesReferenceBoundsIntoBoundary = true
            let gravity = GravityBehavior(items: items)
            let properties = DynamicItemBehavior(items: items)
            animator.addBehavior(gravity)
            animator.addBehavior(collision)
            animator.addBehavior(properties)
            let dropped = item(x: 135, y: 300, angle: 0.3)  // lands across two of them
            return (animator, items, { gravity.addItem($0); collision.addItem($0) }, dropped, properties, root)  // the animator holds its reference view weakly
        }
        let views = scene(views: true), plain = scene(views: false)
        var frame = 0
        /// Steps both `count` frames, holding the views to the plain items bit for bit.
        func run(_ count: Int) {
            for _ in 0..<count {
                #expect(views.animator.step(frameDT) == plain.animator.step(frameDT))
                for (view, item) in zip(views.items + [views.dropped], plain.items + [plain.dropped]) {
                    let a = view.transform, b = item.transform
                    #expect(view.center.x.bitPattern == item.center.x.bitPattern, "frame \(frame)")
                    #expect(view.center.y.bitPattern == item.center.y.bitPattern, "frame \(frame)")
                    #expect([a.a, a.b, a.c, a.d].map(\.bitPattern) == [b.a, b.b, b.c, b.d].map(\.bitPattern), "frame \(frame)")
                }
                frame += 1
            }
        }
        func resting() -> Int { views.items.count { views.properties.linearVelocity(for: $0) == .zero } }
        run(300)
        #expect(resting() == views.items.count)  // the pile rested (its bodies sleep)
        let rested = views.items.map(\.center)
        views.add(views.dropped)
        plain.add(plain.dropped)
        run(120)
        #expect(zip(rested, views.items.map(\.center)).contains { $0 != $1 })  // the woken pile was written again
        run(600)
        #expect(resting() == views.items.count)  // and rested again
    }

    @Test("Two animators that share nothing each see outside moves of their own views", arguments: allSolvers)
    func twoAnimatorsSeeTheirOwnOutsideMoves(solver: SolverKind) {
        let first = Scene(solver), second = Scene(solver)
        let a = first.box(x: 300, y: 100, width: 40, height: 40)
        let b = second.box(x: 300, y: 100, width: 40, height: 40)
        first.animator.addBehavior(GravityBehavior(items: [a]))
        second.animator.addBehavior(GravityBehavior(items: [b]))
        #expect(first.run(5) == 5 && second.run(5) == 5)
        // Each moved while the other steps first: the other's look at the shared counter must not hide the move.
        b.center = CGPoint(x: 900, y: 100)
        #expect(first.run(1) == 1)
        a.center = CGPoint(x: 700, y: 100)
        #expect(second.run(1) == 1)
        #expect(first.run(1) == 1)
        #expect(b.center.x == 900 && a.center.x == 700)
        #expect(b.center.y > 100 && b.center.y < 110 && a.center.y > 100 && a.center.y < 110)
    }

    @Test("A view two animators hold: each reads the other's writes as moves from outside", arguments: allSolvers)
    func viewHeldByTwoAnimators(solver: SolverKind) {
        let scene = Scene(solver)
        let shared = scene.box(x: 300, y: 100, width: 40, height: 40)
        let mover = scene.animator
        mover.addBehavior(GravityBehavior(items: [shared]))
        let watcher = DynamicAnimator(referenceView: scene.root, solver: solver)
        let drifting = scene.box(x: 100, y: 100, width: 20, height: 20)  // keeps the watcher running
        let drift = DynamicItemBehavior(items: [shared, drifting])
        drift.resistance = 0
        watcher.addBehavior(drift)
        drift.addLinearVelocity(CGPoint(x: 0, y: 5), for: drifting)
        for _ in 0..<20 {
            #expect(mover.step(frameDT) && watcher.step(frameDT))
        }
        #expect(Double(shared.center.y) > 100 + 10)  // the mover's gravity moved it
        // The watcher's body followed every write: it is where the view is.
        let here = CGRect(x: shared.center.x - 1, y: shared.center.y - 1, width: 2, height: 2)
        #expect(watcher.items(in: here).contains { $0 === shared })
        let above = CGRect(x: 299, y: 99, width: 2, height: 2)
        #expect(!watcher.items(in: above).contains { $0 === shared })
    }

    @Test("An anchored view moved from outside stays where it was put, and things land on it there",
          arguments: allSolvers)
    func anchoredViewMovedFromOutside(solver: SolverKind) {
        let scene = Scene(solver)
        let ledge = scene.box(x: 300, y: 800, width: 200, height: 20)
        let box = scene.box(x: 700, y: 500, width: 40, height: 40)
        let anchored = DynamicItemBehavior(items: [ledge])
        anchored.isAnchored = true
        scene.animator.addBehavior(anchored)
        scene.animator.addBehavior(CollisionBehavior(items: [ledge, box]))
        scene.animator.addBehavior(GravityBehavior(items: [box]))
        #expect(scene.run(2) == 2)
        ledge.center = CGPoint(x: 700, y: 800)  // under the falling box now; its body never wakes (anchored)
        #expect(scene.run(240) > 60)  // until the box rests and the animator pauses
        #expect(ledge.center == CGPoint(x: 700, y: 800))  // not written back to where its body was
        // The box rests on the ledge's top (790) within the contact solver's slop.
        #expect(isClose(Double(box.center.y), 790 - 20, 1.0))
    }

    #if compiler(>=6.2)  // the animator lets go in an isolated deinit
    @Test("A freed animator lets go of its views: another animator's writes stop counting as outside moves",
          arguments: allSolvers)
    func freedAnimatorLetsGoOfItsViews(solver: SolverKind) {
        let scene = Scene(solver)
        let view = scene.box(x: 300, y: 100, width: 40, height: 40)
        var first: DynamicAnimator? = DynamicAnimator(referenceView: scene.root, solver: solver)
        first!.addBehavior(GravityBehavior(items: [view]))
        #expect(first!.run(2) == 2)
        first = nil
        scene.animator.addBehavior(GravityBehavior(items: [view]))
        #expect(scene.run(1) == 1)
        let counted = view.geometryChangeCount
        #expect(scene.run(3) == 3)
        #expect(view.geometryChangeCount == counted)  // written uncounted: it has one animator again
        #expect(view.center.y > 100)
    }
    #endif
}
