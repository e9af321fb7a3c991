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
}
