import Dynamics
import Foundation
import Testing

/// One 50 × 50 item (density 1) on one spring of rest length 0 to an anchor, displaced 100 pt and released,
/// stepped at 60 Hz: the measured motion must be the analytic damped oscillator's.
@MainActor
@Suite("Spring fidelity (default analytic model)")
struct SpringFidelityTests {
    /// Offsets of the item from the anchor along x, one per 60 Hz frame, for `seconds`.
    static func run(
        solver: SolverKind, frequency: Double, damping: Double, seconds: Double, model: SpringModel = .analytic
    ) -> [Double] {
        let animator = DynamicAnimator(solver: solver)
        animator.springModel = model
        let item = TestItem(center: CGPoint(x: 300, y: 200), size: CGSize(width: 50, height: 50))
        let anchor = CGPoint(x: 200, y: 200)
        let spring = AttachmentBehavior(item: item, attachedToAnchor: anchor)
        spring.length = 0
        spring.frequency = CGFloat(frequency)
        spring.damping = CGFloat(damping)
        let properties = DynamicItemBehavior(items: [item])
        properties.resistance = 0  // only the spring's own damping
        properties.angularResistance = 0
        animator.addBehavior(spring)
        animator.addBehavior(properties)
        var offsets = [Double(item.center.x - anchor.x)]
        for _ in 0..<Int((seconds * 60).rounded()) {
            animator.step(1.0 / 60.0)
            offsets.append(Double(item.center.x - anchor.x))
        }
        return offsets
    }

    nonisolated static let cases: [(Double, Double)] = [1, 4, 8, 15].flatMap { f in [0, 0.05, 0.2].map { (f, $0) } }

    @Test(arguments: [SolverKind.accelerated, .reference], cases)
    func frequencyAndDecayMatchTheAnalyticOscillator(solver: SolverKind, spring: (Double, Double)) throws {
        let (f, z) = spring
        let dampedOmega = 2 * Double.pi * f * (1 - z * z).squareRoot()
        let period = 2 * Double.pi / dampedOmega
        // Three periods or more, while the amplitude is still well above the rest thresholds.
        let window = max(3.2 * period, 0.25)
        let samples = Self.run(solver: solver, frequency: f, damping: z, seconds: window)
        let fit = try #require(OscillationFit(samples: samples, interval: 1.0 / 60.0))
        #expect(fit.relativeResidual < 1e-6, "the motion is a damped sinusoid")
        let frequencyError = abs(fit.angularFrequency / dampedOmega - 1)
        #expect(frequencyError < 0.01, "f=\(f) ζ=\(z): measured \(fit.frequency) Hz vs \(dampedOmega / 2 / .pi)")
        let expectedDecay = exp(-z * 2 * Double.pi * f * period)
        #expect(abs(fit.decayPerPeriod - expectedDecay) <= 0.02 * expectedDecay,
                "f=\(f) ζ=\(z): decay per period \(fit.decayPerPeriod) vs \(expectedDecay)")
    }

    @Test(arguments: [SolverKind.accelerated, .reference], [1.0, 4, 8, 15])
    func undampedAmplitudeNeitherDecaysNorGrowsOver10Seconds(solver: SolverKind, f: Double) throws {
        let samples = Self.run(solver: solver, frequency: f, damping: 0, seconds: 10)
        let span = max(Int((3.2 / f) * 60), 12)
        let start = try #require(OscillationFit(samples: Array(samples.prefix(span)), interval: 1.0 / 60.0))
        let end = try #require(OscillationFit(samples: Array(samples.suffix(span)), interval: 1.0 / 60.0))
        let endAmplitude = end.amplitude
        #expect(abs(start.amplitude - 100) <= 2, "start amplitude \(start.amplitude)")
        #expect(abs(endAmplitude / start.amplitude - 1) <= 0.02, "after 10 s: \(endAmplitude) vs \(start.amplitude)")
        #expect(abs(start.decayPerPeriod - 1) < 1e-6)
    }
}
