// The C core and the reference solver agree on springs, rigid attachments, limits and snaps, through the
// animator, with parameters changed mid-run: every item's centre and rotation to 1e-9 relative.
import Dynamics
import Foundation
import Testing

@MainActor
final class ParityItem: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity

    init(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) {
        center = CGPoint(x: x, y: y)
        bounds = CGRect(x: 0, y: 0, width: w, height: h)
    }
}

@MainActor
@Suite("Attachment parity: C core vs reference")
struct AttachmentParityTests {
    /// Builds the scene on one solver, runs the script for 600 frames and returns every item's (x, y, angle)
    /// every 60 frames.
    static func run(_ solver: SolverKind, model: SpringModel) -> [[Double]] {
        let animator = DynamicAnimator(solver: solver)
        animator.springModel = model
        var rng = LCG(seed: 0x5eed_a77a)
        var items: [ParityItem] = []
        for k in 0..<14 {
            let x = CGFloat(100 + 60 * (k % 5)), y = CGFloat(100 + 70 * (k / 5))
            let w = CGFloat(rng.range(20, 50)), h = CGFloat(rng.range(20, 50))
            items.append(ParityItem(x, y, w, h))
        }
        let gravity = GravityBehavior(items: Array(items[0..<10]))
        animator.addBehavior(gravity)
        // Springs to anchors, with offsets (seed 000's corners on item 0).
        let cell = DynamicBehavior()
        for corner in [CGPoint(x: 80, y: 80), CGPoint(x: 120, y: 80), CGPoint(x: 80, y: 120), CGPoint(x: 120, y: 120)] {
            let a = AttachmentBehavior(item: items[0], attachedToAnchor: corner)
            a.frequency = 8
            a.damping = 0.6
            cell.addChildBehavior(a)
        }
        animator.addBehavior(cell)
        let hook = AttachmentBehavior(item: items[1], offsetFromCenter: UIOffset(horizontal: 10, vertical: -5), attachedToAnchor: CGPoint(x: 160, y: 40))
        hook.frequency = 3
        hook.damping = 0.1
        animator.addBehavior(hook)
        // A rigid chain 2-3-4 from an anchor.
        animator.addBehavior(AttachmentBehavior(item: items[2], attachedToAnchor: CGPoint(x: 220, y: 40)))
        animator.addBehavior(AttachmentBehavior(item: items[2], attachedTo: items[3]))
        animator.addBehavior(AttachmentBehavior(item: items[3], offsetFromCenter: UIOffset(horizontal: 5, vertical: 5), attachedTo: items[4], offsetFromCenter: .zero))
        // Pin with range and friction, weld, slider with range, rope.
        let pin = AttachmentBehavior.pinAttachment(with: items[5], attachedTo: items[6], attachmentAnchor: CGPoint(x: 130, y: 170))
        pin.attachmentRange = UIFloatRange(minimum: -0.5, maximum: 0.7)
        pin.frictionTorque = 0.01
        animator.addBehavior(pin)
        animator.addBehavior(AttachmentBehavior(item: items[5], attachedToAnchor: CGPoint(x: 100, y: 120)))
        animator.addBehavior(AttachmentBehavior.fixedAttachment(with: items[7], attachedTo: items[8], attachmentAnchor: CGPoint(x: 250, y: 170)))
        let weldHold = AttachmentBehavior(item: items[7], attachedToAnchor: CGPoint(x: 230, y: 120))
        weldHold.frequency = 2
        weldHold.damping = 0.3
        animator.addBehavior(weldHold)
        let slide = AttachmentBehavior.slidingAttachment(with: items[9], attachmentAnchor: items[9].center, axisOfTranslation: CGVector(dx: 1, dy: 2))
        slide.attachmentRange = UIFloatRange(minimum: -40, maximum: 25)
        animator.addBehavior(slide)
        let rope = AttachmentBehavior.limitAttachment(with: items[10], offsetFromCenter: .zero, attachedTo: items[11], offsetFromCenter: UIOffset(horizontal: 3, vertical: 0))
        animator.addBehavior(rope)
        let snap = SnapBehavior(item: items[12], snapTo: CGPoint(x: 300, y: 300))
        snap.damping = 0.3
        animator.addBehavior(snap)
        let push = PushBehavior(items: [items[10], items[11], items[13]], mode: .continuous)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 4, vertical: -3), for: items[11])
        animator.addBehavior(push)

        /// Every item's centre and rotation now.
        func sample() -> [Double] {
            items.flatMap { [Double($0.center.x), Double($0.center.y), Double($0.transform.rotationAngle)] }
        }
        var samples: [[Double]] = [sample()]  // the start, then one a second
        for frame in 0..<600 {
            switch frame {
            case 30: hook.frequency = 5
            case 90: push.setAngle(0.7, magnitude: 0.8)
            case 150: cell.childBehaviors.compactMap { $0 as? AttachmentBehavior }.forEach { $0.anchorPoint.x += 60 }
            case 200: rope.length = 30
            case 260: snap.snapPoint = CGPoint(x: 200, y: 350)
            case 320: animator.removeBehavior(pin)
            case 380: gravity.setAngle(1.2, magnitude: 0.6)
            case 420: animator.addBehavior(pin)
            case 480: hook.damping = 0.9
            case 540: animator.removeBehavior(weldHold)
            default: break
            }
            if frame >= 150 && frame < 210 {
                for a in cell.childBehaviors.compactMap({ $0 as? AttachmentBehavior }) { a.anchorPoint.y += 1 }
            }
            animator.step(1.0 / 60.0)
            if frame % 60 == 59 { samples.append(sample()) }
        }
        return samples
    }

    @Test(arguments: [SpringModel.analytic, .uikitCompatible])
    func everyItemAgreesEverySecond(model: SpringModel) {
        let accelerated = Self.run(.accelerated, model: model)
        let reference = Self.run(.reference, model: model)
        #expect(accelerated.count == 11 && reference.count == 11)
        var worst = 0.0
        for (a, r) in zip(accelerated, reference) {
            for (u, v) in zip(a, r) { worst = max(worst, abs(u - v) / max(1, abs(u), abs(v))) }
        }
        #expect(worst <= 1e-9, "largest relative difference \(worst)")
        // And the scene really moved: every item left its start (the first sample, taken before any step) by
        // more than a point.
        let start = accelerated[0], end = accelerated[10]
        for item in 0..<start.count / 3 {
            let moved = hypot(end[3 * item] - start[3 * item], end[3 * item + 1] - start[3 * item + 1])
            #expect(moved > 1, "item \(item) moved \(moved) pt")
        }
    }
}
