import Dynamics
import Foundation

/// Measures what the spring-fidelity tests check and prints the README's table: one 50 × 50 item on one
/// spring of rest length 0, displaced 100 pt, stepped at 60 Hz; frequency and decay per period from the
/// sampled motion (linear prediction), compared with the analytic damped oscillator.
@MainActor
func springFidelityTable(model: SpringModel) -> String {
    var lines = ["| f (Hz) | ζ | measured f / analytic | decay per period: measured | analytic |", "|---|---|---|---|---|"]
    for f in [1.0, 4, 8, 15] {
        for z in [0.0, 0.05, 0.2] {
            let animator = DynamicAnimator()
            animator.springModel = model
            let item = View(frame: CGRect(x: 275, y: 175, width: 50, height: 50))
            let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 200, y: 200))
            spring.length = 0
            spring.frequency = CGFloat(f)
            spring.damping = CGFloat(z)
            let free = DynamicItemBehavior(items: [item])
            free.resistance = 0
            animator.addBehavior(spring)
            animator.addBehavior(free)
            let omegaD = 2 * Double.pi * f * (1 - z * z).squareRoot()
            let seconds = max(3.2 * 2 * Double.pi / omegaD, 0.25)
            var x = [Double(item.center.x) - 200]
            for _ in 0..<Int(seconds * 60) {
                animator.step(1.0 / 60.0)
                x.append(Double(item.center.x) - 200)
            }
            let (omega, decay) = linearPrediction(x, interval: 1.0 / 60.0)
            let analyticDecay = exp(-z * 2 * Double.pi * f * 2 * Double.pi / omegaD)
            lines.append(String(format: "| %.0f | %.2f | %.4f | %.4f | %.4f |", f, z, omega / omegaD, decay, analyticDecay))
        }
    }
    return lines.joined(separator: "\n")
}

/// Damped angular frequency and decay per period of samples x_{n+1} = a·x_n + b·x_{n−1} (least squares).
func linearPrediction(_ x: [Double], interval: Double) -> (Double, Double) {
    var s11 = 0.0, s12 = 0.0, s22 = 0.0, t1 = 0.0, t2 = 0.0
    for n in 1..<(x.count - 1) {
        s11 += x[n] * x[n]
        s12 += x[n] * x[n - 1]
        s22 += x[n - 1] * x[n - 1]
        t1 += x[n + 1] * x[n]
        t2 += x[n + 1] * x[n - 1]
    }
    let det = s11 * s22 - s12 * s12
    let a = (t1 * s22 - t2 * s12) / det
    let b = (s11 * t2 - s12 * t1) / det
    let r = (-b).squareRoot()
    let theta = acos(a / (2 * r))
    return (theta / interval, pow(r, 2 * Double.pi / theta))
}
