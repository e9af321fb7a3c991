// Closed forms to hold the scenarios' motion to. The scenes themselves (the ported view controllers, layouts
// and behaviors, gesture states, frame stepping) live in the DynamicsScenarios module.
import Dynamics
@testable import DynamicsScenarios
import Foundation

/// Velocity and distance after `n` substeps of `h` from velocity `v0` under constant acceleration `a` with
/// resistance `c`, by the analytic model's per-substep law v ← (v + h·a)·e^(−c·h), x += h·(v_old + v)/2, summed
/// in closed form (a geometric series towards the terminal velocity).
func uniformlyAcceleratedMotion(from v0: Double, acceleration a: Double, resistance c: Double, substeps n: Int, h: Double)
    -> (velocity: Double, distance: Double)
{
    guard c > 0 else {
        let t = Double(n) * h
        return (v0 + a * t, v0 * t + a * t * t / 2)
    }
    let r = exp(-c * h)
    let terminal = h * a * r / (1 - r)
    let rn = pow(r, Double(n))
    let velocity = terminal + (v0 - terminal) * rn
    // Σ v_k for k = 0…n−1, then the trapezoid's two sums.
    let firstN = Double(n) * terminal + (v0 - terminal) * (1 - rn) / (1 - r)
    let distance = h * (2 * firstN - v0 + velocity) / 2
    return (velocity, distance)
}

/// The times at which `samples` (taken every `interval` from t = 0) cross zero upwards, interpolated linearly.
func upwardZeroCrossings(_ samples: [Double], interval: Double) -> [Double] {
    zip(samples.indices.dropLast(), samples.indices.dropFirst()).compactMap { i, j in
        guard samples[i] < 0, samples[j] >= 0 else { return nil }
        return (Double(i) + samples[i] / (samples[i] - samples[j])) * interval
    }
}

/// |a − b| ≤ tolerance · max(1, |a|, |b|).
func isRelClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}
