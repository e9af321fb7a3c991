import Dynamics
import Foundation
import Testing

/// `.uikitCompatible` springs are Box2D's soft constraint with implicit Euler at 1/120 s substeps: their decay
/// per period is the implicit-Euler prediction, not the analytic one.
@MainActor
@Suite("UIKit-compatible spring model")
struct UIKitCompatibleSpringTests {
    /// Implicit Euler on x'' = −ω²x − 2ζωx' with position x ← x + h·v⁺: the transition matrix has determinant
    /// 1/D and trace (2 + 2ζωh)/D, D = 1 + 2ζωh + ω²h². Returns (decay per period, damped ω) of its roots.
    static func implicitEulerPrediction(frequency f: Double, damping z: Double, h: Double) -> (Double, Double) {
        let omega = 2 * Double.pi * f
        let d = 1 + 2 * z * omega * h + omega * omega * h * h
        let r = (1 / d).squareRoot()
        let theta = acos((2 + 2 * z * omega * h) / d / (2 * r))
        return (pow(r, 2 * Double.pi / theta), theta / h)
    }

    @Test(arguments: [SolverKind.accelerated, .reference], [(1.0, 0.0), (4, 0), (8, 0), (8, 0.05), (15, 0.2), (4, 0.2)])
    func decayMatchesImplicitEulerAt120Hz(solver: SolverKind, spring: (Double, Double)) throws {
        let (f, z) = spring
        let (expectedDecay, expectedOmega) = Self.implicitEulerPrediction(frequency: f, damping: z, h: 1.0 / 120.0)
        let period = 2 * Double.pi / expectedOmega
        let samples = SpringFidelityTests.run(
            solver: solver, frequency: f, damping: z, seconds: max(3.2 * period, 0.25), model: .uikitCompatible)
        let fit = try #require(OscillationFit(samples: samples, interval: 1.0 / 60.0))
        #expect(abs(fit.decayPerPeriod - expectedDecay) <= 0.02 * expectedDecay,
                "f=\(f) ζ=\(z): \(fit.decayPerPeriod) vs implicit Euler \(expectedDecay)")
        #expect(abs(fit.angularFrequency / expectedOmega - 1) < 0.01)
        // And it is measurably not the analytic oscillator for a fast undamped spring.
        if f >= 8 && z == 0 { #expect(fit.decayPerPeriod < 0.9) }
    }
}
