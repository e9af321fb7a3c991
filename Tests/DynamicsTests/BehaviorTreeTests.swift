// DynamicBehavior trees: registration of children, order, removal, dynamicAnimator, willMove(to:), composite
// subclasses that build their children in init, action blocks, and changes queued during a step.
import Dynamics
import Foundation
import Testing

/// Records every willMove(to:) call: the argument, and whether `dynamicAnimator` was already set.
@MainActor
/// An animator held weakly, or nil.
struct WeakAnimator {
    weak var animator: DynamicAnimator?
}

final class MoveRecorder: DynamicBehavior {
    /// The animators it moved to, held weakly (the animator holds this behavior).
    private(set) var moves: [WeakAnimator] = []
    private(set) var animatorSetDuringMove: [Bool] = []

    override func willMove(to dynamicAnimator: DynamicAnimator?) {
        moves.append(WeakAnimator(animator: dynamicAnimator))
        animatorSetDuringMove.append(self.dynamicAnimator != nil)
        super.willMove(to: dynamicAnimator)
    }
}

/// Like seed 000's `RectangleAttachmentBehavior`: a composite that builds its children in `init` (gravity,
/// a continuous push and the item's properties, since attachments do not exist yet).
@MainActor
final class FallAndPushBehavior: DynamicBehavior {
    let gravity: GravityBehavior
    let push: PushBehavior
    let properties: DynamicItemBehavior

    init(item: any DynamicItem, pushAngle: CGFloat) {
        gravity = GravityBehavior(items: [item])
        push = PushBehavior(items: [item], mode: .continuous)
        properties = DynamicItemBehavior(items: [item])
        super.init()
        push.setAngle(pushAngle, magnitude: 1)
        properties.resistance = 0
        addChildBehavior(gravity)
        addChildBehavior(push)
        addChildBehavior(properties)
    }

    /// Like `updateAttachmentLocation(with:)`: retargets the children.
    func updatePushAngle(_ angle: CGFloat) {
        push.angle = angle
    }
}

/// Like seed 000's `DragBehavior`: one low-level composite per item.
@MainActor
final class GroupFallBehavior: DynamicBehavior {
    init(items: [any DynamicItem]) {
        super.init()
        for item in items { addChildBehavior(FallAndPushBehavior(item: item, pushAngle: 0)) }
    }

    func updatePushAngle(_ angle: CGFloat) {
        for case let child as FallAndPushBehavior in childBehaviors { child.updatePushAngle(angle) }
    }
}

@Suite("Behavior trees") @MainActor
struct BehaviorTreeTests {
    @Test("Children are registered with their parent, in order; dynamicAnimator is set and cleared")
    func registration() {
        let scene = Scene(.reference)
        let box = scene.box()
        let parent = DynamicBehavior()
        let gravity = GravityBehavior(items: [box])
        let middle = DynamicBehavior()
        let grandchild = DynamicItemBehavior(items: [box])
        parent.addChildBehavior(gravity)
        parent.addChildBehavior(middle)
        middle.addChildBehavior(grandchild)
        parent.addChildBehavior(gravity)  // duplicate: ignored

        #expect(parent.childBehaviors.count == 2)
        #expect(parent.childBehaviors[0] === gravity && parent.childBehaviors[1] === middle)
        #expect(gravity.parentBehavior === parent && grandchild.parentBehavior === middle)
        #expect(parent.dynamicAnimator == nil && grandchild.dynamicAnimator == nil)
        #expect(scene.animator.items(in: CGRect(x: 0, y: 0, width: 2000, height: 2000)).isEmpty)

        scene.animator.addBehavior(parent)

        #expect(scene.animator.behaviors.count == 1 && scene.animator.behaviors[0] === parent)
        for behavior in [parent, gravity, middle, grandchild] {
            #expect(behavior.dynamicAnimator === scene.animator)
        }
        #expect(scene.animator.items(in: CGRect(x: 0, y: 0, width: 2000, height: 2000)).count == 1)

        scene.animator.removeBehavior(parent)

        #expect(scene.animator.behaviors.isEmpty)
        for behavior in [parent, gravity, middle, grandchild] {
            #expect(behavior.dynamicAnimator == nil)
        }
        #expect(parent.childBehaviors.count == 2)  // the tree itself is kept
        #expect(scene.animator.items(in: CGRect(x: 0, y: 0, width: 2000, height: 2000)).isEmpty)
    }

    @Test("removeChildBehavior unregisters the child and releases its items", arguments: allSolvers)
    func removeChild(solver: SolverKind) {
        let scene = Scene(solver)
        let a = scene.box(x: 200, y: 200)
        let b = scene.box(x: 800, y: 200)
        let parent = DynamicBehavior()
        let gravityA = GravityBehavior(items: [a])
        let gravityB = GravityBehavior(items: [b])
        parent.addChildBehavior(gravityA)
        parent.addChildBehavior(gravityB)
        scene.animator.addBehavior(parent)
        scene.run(10)
        let bStopped = b.center

        parent.removeChildBehavior(gravityB)

        #expect(parent.childBehaviors.count == 1 && parent.childBehaviors[0] === gravityA)
        #expect(gravityB.dynamicAnimator == nil && gravityB.parentBehavior == nil)
        #expect(scene.animator.items(in: CGRect(x: 700, y: 0, width: 200, height: 2000)).isEmpty)
        scene.run(10)
        #expect(b.center == bStopped)  // no body: no longer moved
        #expect(a.center.y > 200)
        parent.removeChildBehavior(gravityB)  // unknown now: ignored
        #expect(parent.childBehaviors.count == 1)
    }

    @Test("A child added to a parent already in an animator is registered at once", arguments: allSolvers)
    func lateChild(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box(x: 300, y: 100)
        let parent = DynamicBehavior()
        scene.animator.addBehavior(parent)
        #expect(!scene.animator.isRunning)  // no bodies yet

        let gravity = GravityBehavior(items: [box])
        parent.addChildBehavior(gravity)

        #expect(gravity.dynamicAnimator === scene.animator)
        #expect(scene.animator.isRunning)
        #expect(scene.animator.items(in: CGRect(x: 250, y: 50, width: 100, height: 100)).count == 1)
        scene.run(30)
        #expect(box.center.y > 150)
    }

    @Test("willMove(to:) is called with the animator on add and nil on remove, children included")
    func willMove() {
        let scene = Scene(.reference)
        let parent = MoveRecorder()
        let child = MoveRecorder()
        parent.addChildBehavior(child)

        scene.animator.addBehavior(parent)
        #expect(parent.moves.count == 1 && parent.moves[0].animator === scene.animator)
        #expect(child.moves.count == 1 && child.moves[0].animator === scene.animator)
        #expect(parent.animatorSetDuringMove == [true])

        scene.animator.removeBehavior(parent)
        #expect(parent.moves.count == 2 && parent.moves[1].animator == nil)
        #expect(child.moves.count == 2 && child.moves[1].animator == nil)

        // Removing a child on its own tells only that child.
        scene.animator.addBehavior(parent)
        parent.removeChildBehavior(child)
        #expect(child.moves.count == 4 && child.moves[3].animator == nil)
        #expect(parent.moves.count == 3)
    }

    @Test("A composite that adds its children in init works like its parts", arguments: allSolvers)
    func compositeSubclass(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box(x: 500, y: 100)
        let composite = FallAndPushBehavior(item: box, pushAngle: .pi / 2)  // push down too
        #expect(composite.childBehaviors.count == 3)
        scene.animator.addBehavior(composite)
        for child in composite.childBehaviors { #expect(child.dynamicAnimator === scene.animator) }

        scene.run(60)
        // gravity 1000 + push 100 pt/s², no resistance.
        #expect(isClose(Double(composite.properties.linearVelocity(for: box).y), 1100, 1e-9))
        #expect(isClose(Double(box.center.y) - 100, constantAccelerationDistance(acceleration: 1100, substeps: 120, h: substepDT, model: scene.animator.springModel), 1e-9))

        composite.updatePushAngle(-.pi / 2)  // retarget: push up
        scene.run(60)
        #expect(isClose(Double(composite.properties.linearVelocity(for: box).y), 1100 + 900, 1e-9))
    }

    @Test("A composite of composites (seed 000's DragBehavior shape)", arguments: allSolvers)
    func compositeOfComposites(solver: SolverKind) {
        let scene = Scene(solver)
        let items = [scene.box(x: 200, y: 100), scene.box(x: 500, y: 100, width: 200), scene.box(x: 900, y: 100)]
        let drag = GroupFallBehavior(items: items)
        scene.animator.addBehavior(drag)
        #expect(drag.childBehaviors.count == 3)
        for case let child as FallAndPushBehavior in drag.childBehaviors {
            #expect(child.gravity.dynamicAnimator === scene.animator)
        }

        drag.updatePushAngle(.pi)  // push left
        scene.run(60)
        for case let child as FallAndPushBehavior in drag.childBehaviors {
            let item = child.properties.items[0]
            let mass = Double(item.bounds.width * item.bounds.height) / 10_000
            let v = child.properties.linearVelocity(for: item)
            #expect(isClose(Double(v.y), 1000, 1e-9))
            #expect(isClose(Double(v.x), -100 / mass, 1e-9))
        }

        scene.animator.removeBehavior(drag)
        #expect(scene.animator.items(in: CGRect(x: -5000, y: -5000, width: 10000, height: 10000)).isEmpty)
        for case let child as FallAndPushBehavior in drag.childBehaviors {
            #expect(child.push.dynamicAnimator == nil)
        }
    }

    @Test("action runs exactly once per step for every registered behavior, after the write-back", arguments: allSolvers)
    func actionOncePerStep(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box(x: 500, y: 100)
        let top = DynamicBehavior()
        let gravity = GravityBehavior(items: [box])
        let inner = DynamicBehavior()
        let leaf = DynamicItemBehavior(items: [box])
        let second = PushBehavior(items: [box], mode: .continuous)
        top.addChildBehavior(gravity)
        top.addChildBehavior(inner)
        inner.addChildBehavior(leaf)
        let behaviors: [DynamicBehavior] = [top, gravity, inner, leaf, second]
        var counts = [Int](repeating: 0, count: behaviors.count)
        var seenY: [CGFloat] = []
        for (i, behavior) in behaviors.enumerated() {
            behavior.action = { counts[i] += 1 }
        }
        gravity.action = {
            counts[1] += 1
            seenY.append(box.center.y)
        }
        scene.animator.addBehavior(top)
        scene.animator.addBehavior(second)

        #expect(scene.run(25) == 25)
        #expect(counts == [25, 25, 25, 25, 25])
        #expect(seenY.count == 25 && seenY.last == box.center.y)  // the action sees this step's position
        #expect(seenY[0] > 100)

        // A removed child's action stops running.
        inner.removeChildBehavior(leaf)
        scene.run(5)
        #expect(counts == [30, 30, 30, 25, 30])
    }

    @Test("Behaviors added or removed inside an action take effect after the step", arguments: allSolvers)
    func changesDuringStepAreQueued(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box(x: 500, y: 100)
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0
        let gravity = GravityBehavior(items: [box])
        var stepsSeen = 0
        // The test holds the animator (scene); the action only borrows it, or the two would keep each other.
        properties.action = { [weak animator = scene.animator] in
            guard let animator else { return }
            stepsSeen += 1
            if stepsSeen == 1 {
                animator.addBehavior(gravity)
                #expect(animator.behaviors.count == 1)  // not yet
            }
            if stepsSeen == 31 {
                animator.removeBehavior(gravity)
                #expect(animator.behaviors.count == 2)
            }
        }
        scene.animator.addBehavior(properties)
        properties.addLinearVelocity(CGPoint(x: 50, y: 0), for: box)  // fast enough never to rest

        scene.run(1)
        #expect(scene.animator.behaviors.count == 2)
        #expect(properties.linearVelocity(for: box).y == 0)  // gravity did not act during step 1
        scene.run(30)  // steps 2…31 under gravity
        #expect(scene.animator.behaviors.count == 1)
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 500, 1e-9))
        scene.run(10)
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 500, 1e-9))
    }

    @Test("behaviors lists top-level behaviors in insertion order; duplicates and children are not top-level")
    func topLevelList() {
        let scene = Scene(.reference)
        let box = scene.box()
        let a = GravityBehavior(items: [box])
        let b = DynamicBehavior()
        let child = DynamicItemBehavior(items: [box])
        b.addChildBehavior(child)
        let c = PushBehavior(items: [box], mode: .continuous)
        scene.animator.addBehavior(a)
        scene.animator.addBehavior(b)
        scene.animator.addBehavior(c)
        scene.animator.addBehavior(a)  // already top-level: ignored silently
        #expect(scene.animator.behaviors.count == 3)
        #expect(scene.animator.behaviors[0] === a && scene.animator.behaviors[1] === b && scene.animator.behaviors[2] === c)

        scene.animator.removeBehavior(child)  // not top-level: ignored
        #expect(child.dynamicAnimator === scene.animator)
        scene.animator.removeBehavior(b)
        #expect(scene.animator.behaviors.count == 2 && scene.animator.behaviors[1] === c)

        scene.animator.removeAllBehaviors()
        #expect(scene.animator.behaviors.isEmpty)
        #expect(a.dynamicAnimator == nil && c.dynamicAnimator == nil)
        #expect(scene.animator.items(in: CGRect(x: 0, y: 0, width: 2000, height: 2000)).isEmpty)
    }

    @Test("A behavior removed from one animator can be added to another", arguments: allSolvers)
    func moveBetweenAnimators(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box(x: 500, y: 100)
        let gravity = GravityBehavior(items: [box])
        scene.animator.addBehavior(gravity)
        scene.run(10)
        scene.animator.removeBehavior(gravity)
        let second = DynamicAnimator(referenceView: scene.root, solver: solver)
        second.addBehavior(gravity)
        #expect(gravity.dynamicAnimator === second)
        let y = box.center.y
        second.run(10)
        #expect(box.center.y > y)
    }
}
