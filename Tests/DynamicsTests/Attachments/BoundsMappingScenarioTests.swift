import Dynamics
import Foundation
import Testing

/// Seed 002: a custom item maps the animator's `center` writes to a view's bounds size, so an attachment
/// (frequency 2, damping 0.1) and an instantaneous push at π/4 make the view grow and shrink elastically.
@MainActor
final class PositionToBoundsMapping: DynamicItem {
    let target: View
    init(target: View) { self.target = target }

    var bounds: CGRect { target.bounds }
    var center: CGPoint {
        get { CGPoint(x: target.bounds.width, y: target.bounds.height) }
        set { target.bounds = CGRect(x: 0, y: 0, width: newValue.x, height: newValue.y) }
    }
    var transform: CGAffineTransform {
        get { target.transform }
        set { target.transform = newValue }
    }
}

@MainActor
@Suite("Seed 002: position mapped to bounds")
struct BoundsMappingScenarioTests {
    @Test(arguments: [SolverKind.accelerated, .reference])
    func buttonBreathesAndSettlesBack(solver: SolverKind) {
        let screen = View(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let button = View(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        screen.addSubview(button)
        button.center = CGPoint(x: 187.5, y: 333.5)
        let animator = DynamicAnimator(referenceView: screen, solver: solver)
        let mapping = PositionToBoundsMapping(target: button)
        let attachment = AttachmentBehavior(item: mapping, attachedToAnchor: mapping.center)
        attachment.frequency = 2
        attachment.damping = 0.1
        animator.addBehavior(attachment)
        let push = PushBehavior(items: [mapping], mode: .instantaneous)
        push.angle = .pi / 4
        push.magnitude = 30
        animator.addBehavior(push)

        var widths: [CGFloat] = [], heights: [CGFloat] = []
        for _ in 0..<(60 * 20) where animator.isRunning {
            animator.step(1.0 / 60.0)
            widths.append(button.bounds.width)
            heights.append(button.bounds.height)
        }
        // Grows and shrinks on both axes, the same amount (push at 45°), around the rest size.
        let growth = widths.max()! - 300, shrink = 300 - widths.min()!
        #expect(growth > 15 && shrink > 10, "width swings +\(growth) / −\(shrink)")
        #expect(abs((heights.max()! - 200) - growth) < 0.5, "height swings like width")
        // Mass 6 kg, impulse 30 N·s at 45°: v = 353.6 pt/s per axis. A damped oscillator (σ = ζω plus half the
        // default resistance 0.1) started at rest position with speed v peaks at t = atan(ω_d/σ)/ω_d with
        // (v/ω_d)·e^(−σt)·sin(ω_d·t).
        let omega = 4 * Double.pi, sigma = 0.1 * omega + 0.05
        let omegaD = (omega * omega - sigma * sigma).squareRoot()
        let tPeak = atan(omegaD / sigma) / omegaD
        let expectedPeak = 353.553 / omegaD * exp(-sigma * tPeak) * sin(omegaD * tPeak)
        #expect(abs(Double(growth) - expectedPeak) < 1.5, "first swing \(growth) pt vs \(expectedPeak)")
        #expect(!animator.isRunning, "came to rest")
        #expect(abs(button.bounds.width - 300) < 1 && abs(button.bounds.height - 200) < 1, "settled to \(button.bounds.size)")
        #expect(button.center == CGPoint(x: 187.5, y: 333.5), "the button itself never moved")
    }
}
