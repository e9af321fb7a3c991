/// Matrix-free, Jacobi-preconditioned conjugate gradients (solve_iterative.c): what a direct contact solve falls
/// back to when its matrix does not factor (redundant rows whose regularisation round-off ate).
extension ReferenceWorld {
    /// K·x over `rows` without forming K. With `identityForFixed`, fixed rows act as identity rows.
    private func multiply(_ rows: [Row], _ x: [Double], fixed: [Bool], identityForFixed: Bool) -> [Double] {
        var y = Array(repeating: (0.0, 0.0, 0.0), count: bodies.count)  // M⁻¹·Jᵀ·x per body
        for (p, row) in rows.enumerated() {
            let v = identityForFixed && fixed[p] ? 0.0 : x[p]
            for (body, j) in [(row.a, row.ja), (row.b, row.jb)] {
                guard let i = body else { continue }
                let b = bodies[i]!
                y[i].0 += b.invMass * j.x * v
                y[i].1 += b.invMass * j.y * v
                y[i].2 += b.invInertia * j.w * v
            }
        }
        return rows.indices.map { p in
            if identityForFixed && fixed[p] { return x[p] }
            let row = rows[p]
            var v = 0.0
            if let a = row.a { v += row.ja.x * y[a].0 + row.ja.y * y[a].1 + row.ja.w * y[a].2 }
            if let b = row.b { v += row.jb.x * y[b].0 + row.jb.y * y[b].1 + row.jb.w * y[b].2 }
            return v + regularisedSoftness(row) * x[p]
        }
    }

    /// A row's softness on the diagonal: its spring's, or a tiny relative regularisation for rigid rows.
    private func regularisedSoftness(_ row: Row) -> Double {
        row.soft > 0.0 ? row.soft : ReferenceConstants.rigidRegularization * coupling(row, row)
    }

    /// Solves K·x = b with `fixed` rows held at their `lambda`, starting the free rows from zero.
    func conjugateGradients(_ rows: [Row], _ b: [Double], lambda: [Double], fixed: [Bool]) -> [Double] {
        let n = rows.count
        // Fixed rows with non-zero impulses: their coupling moves to the free rows' right-hand side.
        var rhs = b
        for i in 0..<n where fixed[i] { rhs[i] = lambda[i] }
        let fixedOnly = (0..<n).map { fixed[$0] ? lambda[$0] : 0.0 }
        if (0..<n).contains(where: { fixed[$0] && fixedOnly[$0] != 0.0 }) {
            let coupled = multiply(rows, fixedOnly, fixed: fixed, identityForFixed: false)
            for i in 0..<n where !fixed[i] { rhs[i] -= coupled[i] }
        }
        let diagonal = (0..<n).map { fixed[$0] ? 1.0 : coupling(rows[$0], rows[$0]) + regularisedSoftness(rows[$0]) }
        var x = (0..<n).map { fixed[$0] ? lambda[$0] : 0.0 }
        var q = multiply(rows, x, fixed: fixed, identityForFixed: true)
        var r = Array(repeating: 0.0, count: n), z = r, p = r
        var bNorm2 = 0.0, rz = 0.0
        for i in 0..<n {
            r[i] = rhs[i] - q[i]
            z[i] = r[i] / diagonal[i]
            p[i] = z[i]
            rz += r[i] * z[i]
            bNorm2 += rhs[i] * rhs[i]
        }
        var r2Start = 0.0
        for i in 0..<n { r2Start += r[i] * r[i] }
        if r2Start <= 1e-24 * bNorm2 || (bNorm2 == 0.0 && r2Start == 0.0) { return x }
        for _ in 0..<min(4 * n, 2000) {
            q = multiply(rows, p, fixed: fixed, identityForFixed: true)
            var pq = 0.0
            for i in 0..<n { pq += p[i] * q[i] }
            guard pq > 0.0 else { break }
            let alpha = rz / pq
            var r2 = 0.0
            for i in 0..<n {
                x[i] += alpha * p[i]
                r[i] -= alpha * q[i]
                r2 += r[i] * r[i]
            }
            if r2 <= 1e-24 * bNorm2 { break }
            var rzNew = 0.0
            for i in 0..<n {
                z[i] = r[i] / diagonal[i]
                rzNew += r[i] * z[i]
            }
            let beta = rzNew / rz
            rz = rzNew
            for i in 0..<n { p[i] = z[i] + beta * p[i] }
        }
        return x
    }
}
