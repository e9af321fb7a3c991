import Dynamics
import Foundation
import Testing

/// Swift owns the C world through the animator alone: dropping the animator frees everything (no cycle
/// between animator, behaviors, items and the solver handle).
@MainActor
@Suite("Animator lifetime")
struct AnimatorLifetimeTests {
    @Test(arguments: [SolverKind.accelerated, .reference])
    func droppingTheAnimatorFreesItsBehaviorsAndItems(solver: SolverKind) {
        weak var weakAnimator: DynamicAnimator?
        weak var weakBehavior: DynamicBehavior?
        weak var weakItem: View?
        do {
            let screen = View(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let a = View(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
            let b = View(frame: CGRect(x: 200, y: 100, width: 40, height: 40))
            screen.addSubview(a)
            screen.addSubview(b)
            let animator = DynamicAnimator(referenceView: screen, solver: solver)
            let composite = DynamicBehavior()
            composite.addChildBehavior(GravityBehavior(items: [a, b]))
            composite.addChildBehavior(AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 150, y: 120)))
            let spring = AttachmentBehavior(item: a, attachedToAnchor: CGPoint(x: 100, y: 50))
            spring.frequency = 2
            composite.addChildBehavior(spring)
            composite.addChildBehavior(SnapBehavior(item: b, snapTo: CGPoint(x: 300, y: 300)))
            composite.addChildBehavior(PushBehavior(items: [a], mode: .instantaneous))
            composite.addChildBehavior(DynamicItemBehavior(items: [b]))
            animator.addBehavior(composite)
            animator.startRealTimeDriver()
            for _ in 0..<10 { animator.step() }
            weakAnimator = animator
            weakBehavior = composite
            weakItem = a
            #expect(weakAnimator != nil && weakBehavior != nil)
        }
        #expect(weakAnimator == nil, "the animator (and with it the solver world) is freed")
        #expect(weakBehavior == nil, "its behaviors are freed")
        #expect(weakItem == nil, "its items are freed")
    }

    /// Counts what the closures and the delegate saw, outliving the animator.
    private final class Tally: DynamicAnimatorDelegate {
        var actions = 0
        var pauses = 0
        func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { pauses += 1 }
    }

    @Test(
        "An animator with behaviors, action closures, a delegate and a running real-time driver is freed when released",
        arguments: [SolverKind.accelerated, .reference])
    func actionsDelegateAndDriverHoldNothing(solver: SolverKind) async {
        let tally = Tally()
        weak var weakAnimator: DynamicAnimator?
        weak var weakGravity: GravityBehavior?
        weak var weakItem: View?
        do {
            let screen = View(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let item = View(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
            screen.addSubview(item)
            let animator = DynamicAnimator(referenceView: screen, solver: solver)
            animator.delegate = tally
            let gravity = GravityBehavior(items: [item])
            // The closures capture the item and the tally (as app code does), not the animator or the behavior.
            gravity.action = { [item] in
                tally.actions += 1
                _ = item.center
            }
            let collision = CollisionBehavior(items: [item])
            collision.translatesReferenceBoundsIntoBoundary = true
            collision.action = { tally.actions += 1 }
            animator.addBehavior(gravity)
            animator.addBehavior(collision)
            animator.startRealTimeDriver()
            #expect(animator.isDrivenInRealTime)
            for _ in 0..<5 { animator.step() }
            // Let the driver's timer fire on the main queue (a few seconds at most, for a busy machine).
            let stepped = animator.elapsedTime
            let deadline = ContinuousClock().now + .seconds(10)
            while animator.elapsedTime == stepped, ContinuousClock().now < deadline {
                try? await Task.sleep(for: .milliseconds(10))
            }
            #expect(animator.elapsedTime > stepped, "the driver stepped the animator")
            weakAnimator = animator
            weakGravity = gravity
            weakItem = item
        }
        #expect(tally.actions >= 10, "both actions ran every step (\(tally.actions) calls)")
        #expect(weakAnimator == nil, "the animator is freed with its driver running")
        #expect(weakGravity == nil, "a behavior whose action captures its item is freed")
        #expect(weakItem == nil, "the item captured by the action is freed")
    }
}
