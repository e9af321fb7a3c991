import Dynamics
import Foundation
import Testing

/// The iOS 9 attachment kinds keep their geometric invariants through a violent run: gravity, a strong
/// continuous push that turns every frame, and instantaneous kicks.
@MainActor
@Suite("Attachment kinds")
struct AttachmentKindsTests {
    struct Rig {
        let animator: DynamicAnimator
        let a: TestItem
        let b: TestItem
        let push: PushBehavior
        let kick: PushBehavior
    }

    /// Two 40 × 40 items 60 pt apart under gravity, `b` pushed hard in a turning direction and kicked.
    static func rig(solver: SolverKind, anchorA: Bool = false) -> Rig {
        let animator = DynamicAnimator(solver: solver)
        let a = TestItem(center: CGPoint(x: 200, y: 200), size: CGSize(width: 40, height: 40))
        let b = TestItem(center: CGPoint(x: 260, y: 200), size: CGSize(width: 40, height: 40))
        animator.addBehavior(GravityBehavior(items: [a, b]))
        let push = PushBehavior(items: [b], mode: .continuous)
        push.magnitude = 3
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 10, vertical: 5), for: b)
        animator.addBehavior(push)
        let kick = PushBehavior(items: [a, b], mode: .instantaneous)
        kick.setAngle(-.pi / 3, magnitude: 2)
        animator.addBehavior(kick)
        if anchorA {
            let anchored = DynamicItemBehavior(items: [a])
            anchored.isAnchored = true
            animator.addBehavior(anchored)
        }
        return Rig(animator: animator, a: a, b: b, push: push, kick: kick)
    }

    /// Runs 4 s, turning the push and kicking every second, calling `check` after every frame.
    static func shake(_ rig: Rig, _ check: () -> Void) {
        for frame in 0..<240 {
            rig.push.angle = CGFloat(frame) * 0.21
            if frame % 60 == 30 { rig.kick.active = true }
            rig.animator.step(1.0 / 60.0)
            check()
        }
    }

    static func rotate(_ v: CGPoint, _ angle: CGFloat) -> CGPoint {
        CGPoint(x: cos(angle) * v.x - sin(angle) * v.y, y: sin(angle) * v.x + cos(angle) * v.y)
    }

    /// The world position now of the point that was `p` on `item` when it was at `center0`, unrotated.
    static func point(on item: TestItem, initialCenter center0: CGPoint, initialPoint p: CGPoint) -> CGPoint {
        let r = rotate(CGPoint(x: p.x - center0.x, y: p.y - center0.y), item.transform.rotationAngle)
        return CGPoint(x: item.center.x + r.x, y: item.center.y + r.y)
    }

    @Test(arguments: [SolverKind.accelerated, .reference])
    func slidingToAnchorStaysOnItsAxisWithoutTurning(solver: SolverKind) {
        let rig = Self.rig(solver: solver)
        let axis = CGVector(dx: 1, dy: 1)
        let slide = AttachmentBehavior.slidingAttachment(with: rig.b, attachmentAnchor: rig.b.center, axisOfTranslation: axis)
        rig.animator.addBehavior(slide)
        let origin = rig.b.center
        var worstOffAxis = 0.0, worstAngle = 0.0, travel = 0.0
        Self.shake(rig) {
            let d = CGPoint(x: rig.b.center.x - origin.x, y: rig.b.center.y - origin.y)
            worstOffAxis = max(worstOffAxis, abs(Double(d.x - d.y)) / 2.0.squareRoot())
            worstAngle = max(worstAngle, abs(Double(rig.b.transform.rotationAngle)))
            travel = max(travel, abs(Double(d.x + d.y)) / 2.0.squareRoot())
        }
        #expect(worstOffAxis <= 0.1, "off the axis by \(worstOffAxis) pt")
        #expect(worstAngle <= 0.001, "turned by \(worstAngle) rad")
        #expect(travel > 50, "it did slide (\(travel) pt)")
    }

    @Test(arguments: [SolverKind.accelerated, .reference])
    func slidingRangeLimitsTheTravel(solver: SolverKind) {
        let rig = Self.rig(solver: solver)
        let slide = AttachmentBehavior.slidingAttachment(with: rig.b, attachmentAnchor: rig.b.center, axisOfTranslation: CGVector(dx: 0, dy: 1))
        slide.attachmentRange = UIFloatRange(minimum: -30, maximum: 30)
        rig.animator.addBehavior(slide)
        let origin = rig.b.center
        var lowest = 0.0, highest = 0.0
        Self.shake(rig) {
            lowest = min(lowest, Double(rig.b.center.y - origin.y))
            highest = max(highest, Double(rig.b.center.y - origin.y))
        }
        #expect(highest <= 30.1 && lowest >= -30.1, "travel \(lowest)…\(highest)")
        #expect(highest > 29, "gravity pushed it to the end of its range")
        let invalid = AttachmentBehavior.slidingAttachment(with: rig.a, attachmentAnchor: .zero, axisOfTranslation: CGVector(dx: 1, dy: 0))
        invalid.attachmentRange = UIFloatRange(minimum: 5, maximum: 10)
        #expect(invalid.attachmentRange.isInfinite, "a sliding range must contain 0, else it resets to infinite")
    }

    @Test(arguments: [SolverKind.accelerated, .reference])
    func slidingBetweenItemsKeepsTheAxisOfTheFirst(solver: SolverKind) {
        let rig = Self.rig(solver: solver)
        let anchor = CGPoint(x: 230, y: 200)
        let a0 = rig.a.center, b0 = rig.b.center
        rig.animator.addBehavior(AttachmentBehavior.slidingAttachment(with: rig.a, attachedTo: rig.b, attachmentAnchor: anchor, axisOfTranslation: CGVector(dx: 1, dy: 0)))
        var worstOffAxis = 0.0, worstRelativeAngle = 0.0
        Self.shake(rig) {
            let pa = Self.point(on: rig.a, initialCenter: a0, initialPoint: anchor)
            let pb = Self.point(on: rig.b, initialCenter: b0, initialPoint: anchor)
            let normal = Self.rotate(CGPoint(x: 0, y: 1), rig.a.transform.rotationAngle)
            worstOffAxis = max(worstOffAxis, abs(Double((pb.x - pa.x) * normal.x + (pb.y - pa.y) * normal.y)))
            worstRelativeAngle = max(worstRelativeAngle, abs(Double(rig.b.transform.rotationAngle - rig.a.transform.rotationAngle)))
        }
        #expect(worstOffAxis <= 0.1, "off the axis by \(worstOffAxis) pt")
        #expect(worstRelativeAngle <= 0.001, "relative rotation \(worstRelativeAngle) rad")
    }

    @Test(arguments: [SolverKind.accelerated, .reference])
    func limitNeverExceedsItsLength(solver: SolverKind) {
        let rig = Self.rig(solver: solver, anchorA: true)
        let rope = AttachmentBehavior.limitAttachment(
            with: rig.a, offsetFromCenter: .zero, attachedTo: rig.b, offsetFromCenter: UIOffset(horizontal: -10, vertical: 0))
        rig.animator.addBehavior(rope)
        #expect(abs(rope.length - 50) < 1e-9, "default: the distance between the attachment points")
        var longest = 0.0, shortest = Double.infinity
        let b0 = rig.b.center
        Self.shake(rig) {
            let p = Self.point(on: rig.b, initialCenter: b0, initialPoint: CGPoint(x: b0.x - 10, y: b0.y))
            let d = hypot(Double(p.x - rig.a.center.x), Double(p.y - rig.a.center.y))
            longest = max(longest, d)
            shortest = min(shortest, d)
        }
        #expect(longest <= 50.1, "rope stretched to \(longest)")
        #expect(shortest < 45, "but it is slack when pushed in (\(shortest))")
    }

    @Test(arguments: [SolverKind.accelerated, .reference])
    func fixedAttachmentWeldsTheItems(solver: SolverKind) {
        let rig = Self.rig(solver: solver)
        let anchor = CGPoint(x: 230, y: 200)
        let a0 = rig.a.center, b0 = rig.b.center
        rig.animator.addBehavior(AttachmentBehavior.fixedAttachment(with: rig.a, attachedTo: rig.b, attachmentAnchor: anchor))
        var worstGap = 0.0, worstAngle = 0.0, turned = 0.0
        Self.shake(rig) {
            let pa = Self.point(on: rig.a, initialCenter: a0, initialPoint: anchor)
            let pb = Self.point(on: rig.b, initialCenter: b0, initialPoint: anchor)
            worstGap = max(worstGap, hypot(Double(pb.x - pa.x), Double(pb.y - pa.y)))
            worstAngle = max(worstAngle, abs(Double(rig.b.transform.rotationAngle - rig.a.transform.rotationAngle)))
            turned = max(turned, abs(Double(rig.a.transform.rotationAngle)))
        }
        #expect(worstGap <= 0.1, "anchor points apart by \(worstGap) pt")
        #expect(worstAngle <= 0.001, "relative angle \(worstAngle) rad")
        #expect(turned > 0.1, "the pair turned as one (\(turned) rad)")
    }

    @Test(arguments: [SolverKind.accelerated, .reference])
    func pinKeepsTheAnchorPointsTogetherAndRangeLimitsTheAngle(solver: SolverKind) {
        for limited in [false, true] {
            let rig = Self.rig(solver: solver, anchorA: true)
            let anchor = CGPoint(x: 230, y: 200)
            let a0 = rig.a.center, b0 = rig.b.center
            let pin = AttachmentBehavior.pinAttachment(with: rig.a, attachedTo: rig.b, attachmentAnchor: anchor)
            if limited { pin.attachmentRange = UIFloatRange(minimum: -0.3, maximum: 0.3) }
            rig.animator.addBehavior(pin)
            var worstGap = 0.0, widest = 0.0
            Self.shake(rig) {
                let pa = Self.point(on: rig.a, initialCenter: a0, initialPoint: anchor)
                let pb = Self.point(on: rig.b, initialCenter: b0, initialPoint: anchor)
                worstGap = max(worstGap, hypot(Double(pb.x - pa.x), Double(pb.y - pa.y)))
                widest = max(widest, abs(Double(rig.b.transform.rotationAngle - rig.a.transform.rotationAngle)))
            }
            #expect(worstGap <= 0.1, "pin points apart by \(worstGap) pt")
            if limited {
                #expect(widest <= 0.31, "range kept the angle within 0.3 (got \(widest))")
            } else {
                #expect(widest > 0.5, "free pin swings past 0.3 rad (got \(widest))")
            }
        }
    }

    /// A 60 × 20 bar pinned at its left end to an anchored item, released horizontally: friction torque makes
    /// the pendulum lose its swing.
    @Test(arguments: [SolverKind.accelerated, .reference])
    func frictionTorqueSlowsThePendulum(solver: SolverKind) {
        func swingAfterTwoSeconds(friction: CGFloat) -> Double {
            let animator = DynamicAnimator(solver: solver)
            let post = TestItem(center: CGPoint(x: 100, y: 100), size: CGSize(width: 10, height: 10))
            let bar = TestItem(center: CGPoint(x: 130, y: 100), size: CGSize(width: 60, height: 20))
            let anchored = DynamicItemBehavior(items: [post])
            anchored.isAnchored = true
            let loose = DynamicItemBehavior(items: [bar])
            loose.angularResistance = 0
            loose.resistance = 0
            animator.addBehavior(anchored)
            animator.addBehavior(loose)
            animator.addBehavior(GravityBehavior(items: [bar]))
            let pin = AttachmentBehavior.pinAttachment(with: post, attachedTo: bar, attachmentAnchor: CGPoint(x: 100, y: 100))
            pin.frictionTorque = friction
            animator.addBehavior(pin)
            var spins: [Double] = []
            for _ in 0..<240 {
                animator.step(1.0 / 60.0)
                spins.append(abs(Double(loose.angularVelocity(for: bar))))
            }
            return spins.suffix(60).max()!
        }
        let free = swingAfterTwoSeconds(friction: 0)
        let braked = swingAfterTwoSeconds(friction: 0.05)
        #expect(free > 3, "the free pendulum still swings (\(free) rad/s)")
        #expect(braked < 0.5 * free, "friction torque damps it: \(braked) vs \(free) rad/s")
    }

    @Test func anchorAndItemsReadBackTheirConfiguration() {
        let a = TestItem(center: CGPoint(x: 0, y: 0), size: CGSize(width: 10, height: 10))
        let b = TestItem(center: CGPoint(x: 30, y: 40), size: CGSize(width: 10, height: 10))
        let spring = AttachmentBehavior(item: a, attachedTo: b)
        #expect(spring.attachedBehaviorType == .items && spring.items.count == 2)
        #expect(abs(spring.length - 50) < 1e-12 && spring.frequency == 0 && spring.damping == 0)
        let toAnchor = AttachmentBehavior(item: a, offsetFromCenter: UIOffset(horizontal: 5, vertical: 0), attachedToAnchor: CGPoint(x: 5, y: 20))
        #expect(toAnchor.attachedBehaviorType == .anchor && toAnchor.anchorPoint == CGPoint(x: 5, y: 20))
        #expect(abs(toAnchor.length - 20) < 1e-12)
        #expect(toAnchor.attachmentRange.isInfinite && toAnchor.frictionTorque == 0)
    }

    @Test(arguments: [SolverKind.accelerated, .reference])
    func offsetAttachmentHangsTheItemByThatPoint(solver: SolverKind) {
        let animator = DynamicAnimator(solver: solver)
        let item = TestItem(center: CGPoint(x: 100, y: 100), size: CGSize(width: 40, height: 40))
        let hook = AttachmentBehavior(item: item, offsetFromCenter: UIOffset(horizontal: -20, vertical: -20), attachedToAnchor: CGPoint(x: 80, y: 60))
        animator.addBehavior(hook)
        animator.addBehavior(GravityBehavior(items: [item]))
        let damped = DynamicItemBehavior(items: [item])
        damped.resistance = 3  // settle quickly
        damped.angularResistance = 3
        animator.addBehavior(damped)
        for _ in 0..<900 where animator.isRunning { animator.step() }
        // At rest the centre hangs straight below the anchor, the corner-to-anchor rope length (20 pt) plus the
        // half-diagonal (28.28 pt) away.
        #expect(abs(item.center.x - 80) < 0.5, "x \(item.center.x)")
        #expect(abs(item.center.y - (60 + 20 + 20 * 2.0.squareRoot())) < 0.5, "y \(item.center.y)")
    }
}
