import Foundation
import SolverBackend

/// A symmetric band matrix (lower band of half-width `kd`) with its own Cholesky: the reference solves every
/// island this way. Rows touching the same body sit within `kd` of each other (the layout orders them so), so
/// the band holds the whole matrix; a small island is simply a band as wide as itself.
struct BandMatrix {
    let n: Int
    let kd: Int
    var values: [Double]

    init(n: Int, kd: Int) {
        self.n = n
        self.kd = kd
        values = Array(repeating: 0, count: n * (kd + 1))
    }

    /// Entry (i, j) of the lower band, i − kd ≤ j ≤ i.
    subscript(i: Int, j: Int) -> Double {
        get { values[(i - j) + j * (kd + 1)] }
        set { values[(i - j) + j * (kd + 1)] = newValue }
    }

    /// Solves A·x = b by banded Cholesky; nil if A is not positive definite.
    func choleskySolve(_ b: [Double]) -> [Double]? {
        var l = self
        for j in 0..<n {
            var d = l[j, j]
            for k in max(0, j - kd)..<j { d -= l[j, k] * l[j, k] }
            guard d > 0 else { return nil }
            d = d.squareRoot()
            l[j, j] = d
            for i in (j + 1)..<min(n, j + kd + 1) {
                var v = l[i, j]
                for k in max(0, i - kd)..<j { v -= l[i, k] * l[j, k] }
                l[i, j] = v / d
            }
        }
        var x = b
        for i in 0..<n {
            var v = x[i]
            for k in max(0, i - kd)..<i { v -= l[i, k] * x[k] }
            x[i] = v / l[i, i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            var v = x[i]
            for k in (i + 1)..<min(n, i + kd + 1) { v -= l[k, i] * x[k] }
            x[i] = v / l[i, i]
        }
        return x
    }
}

/// The band half-width of rows in this order: the farthest two rows that share a body.
func bandwidth(of rows: [Row]) -> Int {
    var first: [Int: Int] = [:]
    var kd = 0
    for (p, row) in rows.enumerated() {
        for body in [row.a, row.b].compactMap({ $0 }) {
            if first[body] == nil { first[body] = p }
            kd = max(kd, p - first[body]!)
        }
    }
    return kd
}

extension ReferenceWorld {
    /// Solves K·λ = b over `rows` with bounds: rows whose impulse leaves [lo, hi] are clamped and fixed, the
    /// others re-solved. `fixed` rows keep the impulse given in `lambda`.
    func solveRows(_ rows: [Row], _ b: [Double], lambda: inout [Double], fixed: inout [Bool]) {
        let n = rows.count
        let kd = bandwidth(of: rows.map { row in
            var r = row  // static bodies couple nothing: leave them out of the band
            if let a = r.a, bodies[a]?.isStatic != false { r.a = nil }
            if let b = r.b, bodies[b]?.isStatic != false { r.b = nil }
            return r
        })
        for _ in 0..<ReferenceConstants.activeSetPasses {
            var k = BandMatrix(n: n, kd: kd)
            var rhs = b
            for j in 0..<n {
                for i in j..<min(n, j + kd + 1) {
                    var value: Double
                    if i == j {
                        let kk = coupling(rows[j], rows[j])
                        value = fixed[j] ? 1 : kk + (rows[j].soft > 0 ? rows[j].soft : ReferenceConstants.rigidRegularization * kk)
                    } else {
                        value = coupling(rows[i], rows[j])
                        if value != 0 {
                            if fixed[j] && !fixed[i] { rhs[i] -= value * lambda[j] }
                            if fixed[i] && !fixed[j] { rhs[j] -= value * lambda[i] }
                        }
                        if fixed[i] || fixed[j] { value = 0 }
                    }
                    k[i, j] = value
                }
            }
            for i in 0..<n where fixed[i] { rhs[i] = lambda[i] }
            guard let x = k.choleskySolve(rhs) else { return }
            var clamped = false
            for i in 0..<n where !fixed[i] {
                lambda[i] = x[i]
                if x[i] < rows[i].lo {
                    lambda[i] = rows[i].lo
                    fixed[i] = true
                    clamped = true
                } else if x[i] > rows[i].hi {
                    lambda[i] = rows[i].hi
                    fixed[i] = true
                    clamped = true
                }
            }
            if !clamped { return }
        }
    }

    /// Adds M⁻¹·Jᵀ·value to three fields of the row's bodies (velocities, or positions in projection).
    private func apply(
        _ row: Row, _ value: Double, to x: WritableKeyPath<ReferenceBody, Double>,
        _ y: WritableKeyPath<ReferenceBody, Double>, _ a: WritableKeyPath<ReferenceBody, Double>
    ) {
        for (body, j) in [(row.a, row.ja), (row.b, row.jb)] {
            guard let i = body, let m = bodies[i] else { continue }
            bodies[i]![keyPath: x] += m.invMass * j[0] * value
            bodies[i]![keyPath: y] += m.invMass * j[1] * value
            bodies[i]![keyPath: a] += m.invInertia * j[2] * value
        }
    }

    private func rowVelocity(_ row: Row, _ velocity: (Int) -> (Double, Double, Double)) -> Double {
        var u = 0.0
        if let a = row.a {
            let v = velocity(a)
            u += row.ja[0] * v.0 + row.ja[1] * v.1 + row.ja[2] * v.2
        }
        if let b = row.b {
            let v = velocity(b)
            u += row.jb[0] * v.0 + row.jb[1] * v.1 + row.jb[2] * v.2
        }
        return u
    }

    /// Velocity stage of one substep: for each island, impulses λ so that springs follow their (pole-matched)
    /// law and rigid rows stop moving, then v ← v + M⁻¹Jᵀλ.
    func solveVelocities(_ layout: ReferenceLayout, startVelocities: [(Double, Double, Double)], h: Double) {
        for island in layout.islands {
            var rows = island.map { makeRow(joint: $0.joint, type: $0.type) }
            var b = Array(repeating: 0.0, count: rows.count)
            var fixed = Array(repeating: false, count: rows.count)
            var lambda = Array(repeating: 0.0, count: rows.count)
            for i in rows.indices {
                if !rows[i].isRigid && !rows[i].isUnilateral && rows[i].type != .angleFriction {
                    applySpring(to: &rows[i], h: h)
                }
                if rows[i].type == .angleFriction {
                    let bound = joints[rows[i].joint]!.frictionTorque * h
                    rows[i].lo = -bound
                    rows[i].hi = bound
                }
                let u = rowVelocity(rows[i]) { (self.bodies[$0]!.vx, self.bodies[$0]!.vy, self.bodies[$0]!.w) }
                if rows[i].soft > 0 {
                    let u0 = rowVelocity(rows[i]) { startVelocities[$0] }
                    b[i] = -rows[i].rhsScale * rows[i].c - rows[i].v0Weight * u0 - u
                } else if rows[i].isUnilateral {
                    // Speculative: a slack row may close at most its gap; rows whose free motion does not
                    // close it stay out of the system.
                    let target = rows[i].c > 0 ? -rows[i].c / h : 0
                    b[i] = target - u
                    if rows[i].c > 0 && u >= target { fixed[i] = true }
                } else if rows[i].isRigid || rows[i].type == .angleFriction {
                    b[i] = -u
                } else {
                    fixed[i] = true
                }
            }
            solveRows(rows, b, lambda: &lambda, fixed: &fixed)
            for (row, impulse) in zip(rows, lambda) where impulse != 0 {
                apply(row, impulse, to: \.vx, \.vy, \.w)
            }
        }
    }

    /// Position stage: Newton steps that move rigid (and violated one-sided) rows back to zero error.
    func projectPositions(_ layout: ReferenceLayout) {
        for _ in 0..<ReferenceConstants.projectionIterations {
            var anyError = false
            for island in layout.islands {
                let rows = island.map { makeRow(joint: $0.joint, type: $0.type) }
                var b = Array(repeating: 0.0, count: rows.count)
                var fixed = Array(repeating: true, count: rows.count)
                var lambda = Array(repeating: 0.0, count: rows.count)
                var bounded = rows
                var islandError = false
                for i in rows.indices {
                    bounded[i].lo = -.infinity
                    bounded[i].hi = .infinity
                    if rows[i].isRigid {
                        fixed[i] = false
                        b[i] = -rows[i].c
                        if abs(rows[i].c) > ReferenceConstants.projectionTolerance { islandError = true }
                    } else if rows[i].isUnilateral && rows[i].c < 0 {
                        fixed[i] = false
                        bounded[i].lo = 0
                        b[i] = -rows[i].c
                        if -rows[i].c > ReferenceConstants.projectionTolerance { islandError = true }
                    }
                }
                guard islandError else { continue }
                anyError = true
                solveRows(bounded, b, lambda: &lambda, fixed: &fixed)
                for (row, delta) in zip(rows, lambda) where delta != 0 {
                    apply(row, delta, to: \.x, \.y, \.angle)
                }
            }
            if !anyError { return }
        }
    }
}
