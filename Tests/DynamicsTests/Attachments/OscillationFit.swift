import Foundation

/// Measures a sampled damped oscillation x_n (uniform interval Δ) by linear prediction (Prony's method): a
/// second-order linear system's samples satisfy x_{n+1} = a·x_n + b·x_{n−1} exactly, whose characteristic
/// roots z = r·e^{±iθ} give the damped angular frequency θ/Δ and the decay per period r^(2π/θ). The residual
/// says how well the samples fit a damped sinusoid at all.
struct OscillationFit {
    /// Damped angular frequency, rad/s.
    let angularFrequency: Double
    /// Amplitude ratio over one damped period.
    let decayPerPeriod: Double
    /// Amplitude at the first sample of the window.
    let amplitude: Double
    /// RMS of the prediction error relative to the RMS of the samples.
    let relativeResidual: Double

    var frequency: Double { angularFrequency / (2 * Double.pi) }

    init?(samples x: [Double], interval: Double) {
        guard x.count >= 6 else { return nil }
        // Normal equations for (a, b).
        var s11 = 0.0, s12 = 0.0, s22 = 0.0, t1 = 0.0, t2 = 0.0
        for n in 1..<(x.count - 1) {
            s11 += x[n] * x[n]
            s12 += x[n] * x[n - 1]
            s22 += x[n - 1] * x[n - 1]
            t1 += x[n + 1] * x[n]
            t2 += x[n + 1] * x[n - 1]
        }
        let det = s11 * s22 - s12 * s12
        guard det != 0 else { return nil }
        let a = (t1 * s22 - t2 * s12) / det
        let b = (s11 * t2 - s12 * t1) / det
        guard -b > 0 else { return nil }
        let r = (-b).squareRoot()
        let cosine = a / (2 * r)
        guard abs(cosine) < 1 else { return nil }
        let theta = acos(cosine)
        angularFrequency = theta / interval
        decayPerPeriod = pow(r, 2 * Double.pi / theta)
        // Amplitude: least squares for x_n ≈ rⁿ(p·cos θn + q·sin θn).
        var c11 = 0.0, c12 = 0.0, c22 = 0.0, d1 = 0.0, d2 = 0.0
        for (n, value) in x.enumerated() {
            let rn = pow(r, Double(n))
            let u = rn * cos(theta * Double(n)), v = rn * sin(theta * Double(n))
            c11 += u * u
            c12 += u * v
            c22 += v * v
            d1 += value * u
            d2 += value * v
        }
        let cdet = c11 * c22 - c12 * c12
        let p = (d1 * c22 - d2 * c12) / cdet
        let q = (c11 * d2 - c12 * d1) / cdet
        amplitude = (p * p + q * q).squareRoot()
        var error = 0.0, energy = 0.0
        for n in 1..<(x.count - 1) {
            let e = x[n + 1] - a * x[n] - b * x[n - 1]
            error += e * e
            energy += x[n + 1] * x[n + 1]
        }
        relativeResidual = (error / max(energy, .leastNormalMagnitude)).squareRoot()
    }
}
