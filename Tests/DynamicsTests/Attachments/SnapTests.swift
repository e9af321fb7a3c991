import Dynamics
import Foundation
import Testing

@MainActor
@Suite("Snap")
struct SnapTests {
    /// Snaps a 50 × 50 item from (100, 100) to (300, 200) and returns (final error, overshoot past the
    /// target along the approach, final rotation).
    static func snap(solver: SolverKind, damping: CGFloat, startAngle: CGFloat = 0) -> (Double, Double, Double) {
        let animator = DynamicAnimator(solver: solver)
        let item = TestItem(center: CGPoint(x: 100, y: 100), size: CGSize(width: 50, height: 50))
        item.transform = CGAffineTransform(rotationAngle: startAngle)
        let target = CGPoint(x: 300, y: 200)
        let snap = SnapBehavior(item: item, snapTo: target)
        snap.damping = damping
        animator.addBehavior(snap)
        let direction = (x: 200.0 / hypot(200, 100), y: 100.0 / hypot(200, 100))
        var overshoot = 0.0
        for _ in 0..<600 where animator.isRunning {
            animator.step(1.0 / 60.0)
            let along = Double(item.center.x - target.x) * direction.x + Double(item.center.y - target.y) * direction.y
            overshoot = max(overshoot, along)
        }
        let error = hypot(Double(item.center.x - target.x), Double(item.center.y - target.y))
        return (error, overshoot, Double(item.transform.rotationAngle))
    }

    @Test(arguments: [SolverKind.accelerated, .reference])
    func settlesOnTheSnapPointAndStraightens(solver: SolverKind) {
        let (error, _, angle) = Self.snap(solver: solver, damping: 0.5, startAngle: 0.4)
        #expect(error <= 0.5, "settled \(error) pt from the snap point")
        #expect(abs(angle) < 0.01, "rotation back to 0 (got \(angle))")
    }

    @Test(arguments: [SolverKind.accelerated, .reference])
    func lowerDampingOvershootsMore(solver: SolverKind) {
        let loose = Self.snap(solver: solver, damping: 0.1).1
        let medium = Self.snap(solver: solver, damping: 0.5).1
        let firm = Self.snap(solver: solver, damping: 0.9).1
        #expect(loose > medium && medium > firm, "overshoot 0.1: \(loose), 0.5: \(medium), 0.9: \(firm)")
        #expect(loose > 20, "a loose snap visibly overshoots (\(loose) pt)")
    }

    @Test func snapPointCanMove() {
        let animator = DynamicAnimator()
        let item = TestItem(center: CGPoint(x: 0, y: 0), size: CGSize(width: 40, height: 40))
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 50, y: 0))
        animator.addBehavior(snap)
        for _ in 0..<120 { animator.step() }
        snap.snapPoint = CGPoint(x: -80, y: 60)
        for _ in 0..<600 where animator.isRunning { animator.step() }
        #expect(abs(item.center.x + 80) < 0.5 && abs(item.center.y - 60) < 0.5, "followed to \(item.center)")
    }
}
