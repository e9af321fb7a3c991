// The animator's items: rectangle queries, bodies created and released with behaviors, items moved by hand
// (with and without updateItem), nested views' coordinates, and animators without a reference view.
import Dynamics
import Foundation
import Testing

@Suite("Animator items") @MainActor
struct AnimatorItemsTests {
    @Test("items(in:) finds the items whose boxes overlap the rectangle, as the same objects", arguments: allSolvers)
    func rectQuery(solver: SolverKind) {
        let scene = Scene(solver)
        let a = scene.box(x: 100, y: 100, width: 50, height: 50)  // 75…125
        let b = scene.box(x: 400, y: 100, width: 100, height: 60)  // 350…450 × 70…130
        let c = scene.box(x: 400, y: 700)
        scene.animator.addBehavior(DynamicItemBehavior(items: [a, b, c]))

        func found(_ rect: CGRect) -> [ObjectIdentifier] {
            scene.animator.items(in: rect).map { ObjectIdentifier($0) }.sorted()
        }
        func ids(_ items: View...) -> [ObjectIdentifier] { items.map { ObjectIdentifier($0) }.sorted() }

        #expect(found(CGRect(x: 0, y: 0, width: 60, height: 60)).isEmpty)
        #expect(found(CGRect(x: 120, y: 120, width: 10, height: 10)) == ids(a))
        #expect(found(CGRect(x: 0, y: 90, width: 1000, height: 20)) == ids(a, b))
        #expect(found(CGRect(x: 440, y: 125, width: 5, height: 600)) == ids(b, c))
        #expect(found(CGRect(x: -10, y: -10, width: 3000, height: 3000)) == ids(a, b, c))
        #expect(found(CGRect(x: 200, y: 300, width: 100, height: 100)).isEmpty)
        #expect(found(.null).isEmpty)
        let first = scene.animator.items(in: CGRect(x: 110, y: 110, width: 1, height: 1))
        #expect(first.count == 1 && first[0] === a)
    }

    @Test("items(in:) uses the rotated item's extent", arguments: allSolvers)
    func rotatedQuery(solver: SolverKind) {
        let scene = Scene(solver)
        let bar = scene.box(x: 500, y: 500, width: 200, height: 20)
        bar.transform = CGAffineTransform(rotationAngle: .pi / 2)  // now 20 wide, 200 tall
        scene.animator.addBehavior(DynamicItemBehavior(items: [bar]))

        #expect(scene.animator.items(in: CGRect(x: 495, y: 405, width: 10, height: 10)).count == 1)
        #expect(scene.animator.items(in: CGRect(x: 405, y: 495, width: 10, height: 10)).isEmpty)
        #expect(scene.animator.items(in: CGRect(x: 520, y: 495, width: 10, height: 10)).isEmpty)

        // Turned by the simulation: π/2 back to 0 with ω = −π/2 over 1 s.
        let properties = DynamicItemBehavior(items: [bar])
        properties.angularResistance = 0
        scene.animator.addBehavior(properties)
        properties.addAngularVelocity(-.pi / 2, for: bar)
        scene.run(60)
        #expect(abs(rotation(of: bar)) < 1e-9)
        #expect(scene.animator.items(in: CGRect(x: 405, y: 495, width: 10, height: 10)).count == 1)
        #expect(scene.animator.items(in: CGRect(x: 495, y: 405, width: 10, height: 10)).isEmpty)
    }

    @Test("items(in:) follows items as they move", arguments: allSolvers)
    func queryFollowsMotion(solver: SolverKind) {
        let scene = Scene(solver)
        let ball = scene.box(x: 300, y: 100, width: 40, height: 40)
        scene.animator.addBehavior(GravityBehavior(items: [ball]))
        let start = CGRect(x: 290, y: 90, width: 20, height: 20)
        #expect(scene.animator.items(in: start).count == 1)
        scene.run(60)
        #expect(scene.animator.items(in: start).isEmpty)
        let here = CGRect(x: ball.center.x - 1, y: ball.center.y - 1, width: 2, height: 2)
        #expect(scene.animator.items(in: here).count == 1)
    }

    @Test("Bodies are shared by behaviors and released with the last one", arguments: allSolvers)
    func bodiesReleased(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box(x: 300, y: 300)
        let everything = CGRect(x: 0, y: 0, width: 2000, height: 2000)
        let gravity = GravityBehavior(items: [box])
        let properties = DynamicItemBehavior(items: [box])
        scene.animator.addBehavior(gravity)
        scene.animator.addBehavior(properties)
        #expect(scene.animator.items(in: everything).count == 1)  // one body for both

        scene.animator.removeBehavior(gravity)
        #expect(scene.animator.items(in: everything).count == 1)
        scene.animator.removeBehavior(properties)
        #expect(scene.animator.items(in: everything).isEmpty)

        // A new body starts where the item is now.
        box.center = CGPoint(x: 1500, y: 1500)
        scene.animator.addBehavior(properties)
        #expect(scene.animator.items(in: CGRect(x: 1490, y: 1490, width: 20, height: 20)).count == 1)
        #expect(scene.animator.items(in: CGRect(x: 290, y: 290, width: 20, height: 20)).isEmpty)
    }

    @Test("Removing an item from a running behavior releases its body", arguments: allSolvers)
    func removeItemReleases(solver: SolverKind) {
        let scene = Scene(solver)
        let a = scene.box(x: 300, y: 300)
        let b = scene.box(x: 900, y: 300)
        let gravity = GravityBehavior(items: [a, b])
        scene.animator.addBehavior(gravity)
        gravity.removeItem(b)
        #expect(scene.animator.items(in: CGRect(x: 800, y: 200, width: 200, height: 200)).isEmpty)
        scene.run(10)
        #expect(b.center == CGPoint(x: 900, y: 300))
        gravity.addItem(b)
        #expect(scene.animator.items(in: CGRect(x: 800, y: 200, width: 200, height: 200)).count == 1)
        scene.run(10)
        #expect(b.center.y > 300)
    }

    @Test("updateItem(usingCurrentState:) moves and turns the body; velocity is kept", arguments: allSolvers)
    func updateItemMovesBody(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box(x: 300, y: 300)
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0
        properties.angularResistance = 0
        scene.animator.addBehavior(properties)
        properties.addLinearVelocity(CGPoint(x: 60, y: 0), for: box)
        scene.run(30)
        #expect(isClose(Double(box.center.x), 330, 1e-9))

        box.center = CGPoint(x: 1000, y: 800)
        box.transform = CGAffineTransform(rotationAngle: 0.75)
        scene.animator.updateItem(usingCurrentState: box)
        #expect(scene.animator.items(in: CGRect(x: 995, y: 795, width: 10, height: 10)).count == 1)

        scene.run(30)
        #expect(isClose(Double(box.center.x), 1030, 1e-9))
        #expect(isClose(Double(box.center.y), 800, 1e-9))
        #expect(isClose(rotation(of: box), 0.75, 1e-12))
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 60, 1e-9))
    }

    @Test("Moving a view by hand without updateItem is picked up on the next step", arguments: allSolvers)
    func manualMovePickedUp(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box(x: 300, y: 300)
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0
        properties.angularResistance = 0
        scene.animator.addBehavior(properties)
        properties.addLinearVelocity(CGPoint(x: 0, y: 120), for: box)
        scene.run(10)

        box.center = CGPoint(x: 50, y: 60)
        scene.run(1)
        #expect(isClose(Double(box.center.x), 50, 1e-9))
        #expect(isClose(Double(box.center.y), 60 + 120 * frameDT, 1e-9))

        box.transform = CGAffineTransform(rotationAngle: -0.4)
        scene.run(1)
        #expect(isClose(rotation(of: box), -0.4, 1e-12))
        #expect(isClose(Double(box.center.y), 60 + 2 * 120 * frameDT, 1e-9))
    }

    @Test("Views inside a subview are simulated in reference coordinates and written back in their superview's",
          arguments: allSolvers)
    func nestedViewCoordinates(solver: SolverKind) {
        let scene = Scene(solver)
        let container = View(frame: CGRect(x: 200, y: 100, width: 800, height: 800))
        container.bounds.origin = CGPoint(x: 0, y: 40)  // scrolled down by 40
        scene.root.addSubview(container)
        let child = View(frame: CGRect(x: 50, y: 50, width: 100, height: 100))  // centre (100, 100) in container
        container.addSubview(child)
        #expect(container.convert(child.center, to: scene.root) == CGPoint(x: 300, y: 160))

        let properties = DynamicItemBehavior(items: [child])
        properties.resistance = 0
        scene.animator.addBehavior(GravityBehavior(items: [child]))
        scene.animator.addBehavior(properties)
        #expect(scene.animator.items(in: CGRect(x: 295, y: 155, width: 10, height: 10)).count == 1)
        #expect(scene.animator.items(in: CGRect(x: 95, y: 95, width: 10, height: 10)).isEmpty)

        scene.run(30)
        let drop = constantAccelerationDistance(acceleration: 1000, substeps: 60, h: substepDT, model: scene.animator.springModel)
        #expect(isClose(Double(child.center.x), 100, 1e-9))
        #expect(isClose(Double(child.center.y), 100 + drop, 1e-9))
        #expect(scene.animator.items(in: CGRect(x: 295, y: 155 + drop, width: 10, height: 10)).count == 1)
    }

    @Test("A reference view inside a window, scrolled: items are simulated in its bounds space", arguments: allSolvers)
    func scrolledReferenceView(solver: SolverKind) {
        let window = View(frame: CGRect(x: 0, y: 0, width: 3000, height: 3000))
        let reference = View(frame: CGRect(x: 50, y: 60, width: 1000, height: 1000))
        reference.bounds.origin = CGPoint(x: 0, y: 30)
        window.addSubview(reference)
        let container = View(frame: CGRect(x: 100, y: 100, width: 400, height: 400))
        reference.addSubview(container)
        let child = View(frame: CGRect(x: 10, y: 20, width: 40, height: 40))  // centre (30, 40) in container
        container.addSubview(child)
        let direct = View(frame: CGRect(x: 700, y: 700, width: 40, height: 40))  // centre (720, 720) in reference
        reference.addSubview(direct)
        let animator = DynamicAnimator(referenceView: reference, solver: solver)
        animator.addBehavior(DynamicItemBehavior(items: [child, direct]))

        // child: container origin (100, 100) in reference bounds space, plus (30, 40).
        let childHit = animator.items(in: CGRect(x: 125, y: 135, width: 10, height: 10))
        #expect(childHit.count == 1 && childHit[0] === child)
        let directHit = animator.items(in: CGRect(x: 715, y: 715, width: 10, height: 10))
        #expect(directHit.count == 1 && directHit[0] === direct)
        #expect(animator.items(in: CGRect(x: 25, y: 35, width: 10, height: 10)).isEmpty)

        child.center = CGPoint(x: 200, y: 300)  // moved by hand, in container coordinates
        animator.updateItem(usingCurrentState: child)
        #expect(animator.items(in: CGRect(x: 295, y: 395, width: 10, height: 10)).count == 1)
        animator.run(2)
        #expect(child.center == CGPoint(x: 200, y: 300))  // written back in container coordinates
    }

    @Test("An animator without a reference system moves any item with no conversion", arguments: allSolvers)
    func plainAnimator(solver: SolverKind) {
        let animator = DynamicAnimator(solver: solver)
        #expect(animator.referenceView == nil)
        #expect(animator.collectionViewLayout == nil)
        #expect(animator.solver == solver)
        let item = PlainItem(x: -50, y: 20, width: 10, height: 30)
        let properties = DynamicItemBehavior(items: [item])
        properties.resistance = 0
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(properties)
        animator.run(60)
        #expect(isClose(Double(item.center.y) - 20, constantAccelerationDistance(acceleration: 1000, substeps: 120, h: substepDT, model: animator.springModel), 1e-9))
        #expect(item.center.x == -50)
        #expect(animator.items(in: CGRect(x: -60, y: Double(item.center.y) - 5, width: 20, height: 10)).first === item)
        #expect(animator.layoutAttributesForCell(at: [0, 0]) == nil)
    }

    @Test("The reference view and the animator's solver are as given")
    func properties() {
        let scene = Scene(.accelerated)
        #expect(scene.animator.referenceView === scene.root)
        #expect(scene.animator.solver == .accelerated)
        #expect(scene.animator.behaviors.isEmpty)
        #expect(!scene.animator.isRunning)
        #expect(scene.animator.elapsedTime == 0)
        #expect(scene.animator.maximumSubstepInterval == 1.0 / 120.0)
        #expect(!scene.animator.isDrivenInRealTime)
        #expect(DynamicAnimator(referenceView: scene.root).solver == .accelerated)  // the default
    }

    @Test("An ellipse item gets the ellipse's mass: π·w·h/4 · density / 10⁴", arguments: allSolvers)
    func ellipseMass(solver: SolverKind) {
        final class Disc: DynamicItem {
            var center = CGPoint(x: 0, y: 0)
            var bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            var transform = CGAffineTransform.identity
            var collisionBoundsType: DynamicItemCollisionBoundsType { .ellipse }
        }
        let animator = DynamicAnimator(solver: solver)
        let disc = Disc()
        let properties = DynamicItemBehavior(items: [disc])
        properties.resistance = 0
        let push = PushBehavior(items: [disc], mode: .instantaneous)
        push.magnitude = 1
        animator.addBehavior(properties)
        animator.addBehavior(push)
        animator.run(1)
        #expect(isClose(Double(properties.linearVelocity(for: disc).x), 100 / (Double.pi / 4), 1e-9))
    }

    @Test("A .path item gets the polygon's mass", arguments: allSolvers)
    func pathMass(solver: SolverKind) {
        final class Triangle: DynamicItem {
            var center = CGPoint(x: 0, y: 0)
            var bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            var transform = CGAffineTransform.identity
            var collisionBoundsType: DynamicItemCollisionBoundsType { .path }
            var collisionBoundingPath: BezierPath {
                BezierPath(polygon: [CGPoint(x: -50, y: 50), CGPoint(x: 50, y: 50), CGPoint(x: 0, y: -50)])
            }
        }
        let animator = DynamicAnimator(solver: solver)
        let triangle = Triangle()
        let properties = DynamicItemBehavior(items: [triangle])
        properties.resistance = 0
        let push = PushBehavior(items: [triangle], mode: .instantaneous)
        push.magnitude = 1
        animator.addBehavior(properties)
        animator.addBehavior(push)
        animator.run(1)
        // Area 5000 pt² → 0.5 kg → Δv = 200 pt/s.
        #expect(isClose(Double(properties.linearVelocity(for: triangle).x), 200, 1e-9))
    }
}
