import Foundation

/// The dense Cholesky of direct contact islands of 25 to 96 rows, as reference LAPACK computes it (dpotrf/dpotrs,
/// lower), in the operation order of the reference LAPACK and BLAS: the recursive dpotrf2 below 65 rows, blocks
/// of 64 above, and the reference dtrsm/dsyrk/dgemm loops. Contact systems are nearly singular (redundant rows
/// held apart by a 1e-10 regularisation), so a different rounding order grows into visible differences within a
/// few hundred steps; in this order the two engines agree bit for bit (the C core runs the same arithmetic in its
/// in-house kernel, `solve_kernel.c`, rather than calling LAPACK).
extension BandMatrix {
    /// LAPACK's block size for dpotrf (ILAENV).
    private static let blockSize = 64

    /// Solves A·x = b, A stored full (kd = n − 1); nil if A is not positive definite.
    func lapackCholeskySolve(_ b: [Double]) -> [Double]? {
        precondition(kd == n - 1, "the dense factorisation needs the full lower triangle")
        var l = self
        guard l.factorBlocked() else { return nil }
        var x = b
        // dtrsm Left, Lower, No transpose: L·y = b.
        for k in 0..<n where x[k] != 0.0 {
            x[k] = x[k] / l[k, k]
            for i in (k + 1)..<n { x[i] = x[i] - x[k] * l[i, k] }
        }
        // dtrsm Left, Lower, Transpose: Lᵀ·x = y.
        for i in stride(from: n - 1, through: 0, by: -1) {
            var t = x[i]
            for k in (i + 1)..<n { t = t - l[k, i] * x[k] }
            x[i] = t / l[i, i]
        }
        return x
    }

    /// dpotrf, lower: unblocked (dpotrf2) up to the block size, else block columns of 64.
    private mutating func factorBlocked() -> Bool {
        if n <= Self.blockSize { return factorRecursive(0, n) }
        for j in stride(from: 0, to: n, by: Self.blockSize) {
            let jb = min(Self.blockSize, n - j)
            // dsyrk Lower, No transpose: A22 −= A21·A21ᵀ over the columns left of the block.
            rankUpdate(rows: j, count: jb, columns: 0, width: j)
            guard factorRecursive(j, jb) else { return false }
            if j + jb < n {
                let m = n - j - jb
                // dgemm No transpose, Transpose: the block column below −= (rows below)·(block rows)ᵀ.
                for c in 0..<jb {
                    for p in 0..<j {
                        let t = -self[j + c, p]
                        for i in 0..<m { self[j + jb + i, j + c] = self[j + jb + i, j + c] + t * self[j + jb + i, p] }
                    }
                }
                solveRightLowerTransposed(diagonal: j, count: jb, rows: j + jb, m: m)
            }
        }
        return true
    }

    /// dpotrf2, lower, on the diagonal block at `o` of size `size`: halves, recursively.
    private mutating func factorRecursive(_ o: Int, _ size: Int) -> Bool {
        if size == 1 {
            guard self[o, o] > 0 else { return false }  // not positive definite, or NaN
            self[o, o] = self[o, o].squareRoot()
            return true
        }
        let n1 = size / 2, n2 = size - n1
        guard factorRecursive(o, n1) else { return false }
        solveRightLowerTransposed(diagonal: o, count: n1, rows: o + n1, m: n2)
        rankUpdate(rows: o + n1, count: n2, columns: o, width: n1)
        return factorRecursive(o + n1, n2)
    }

    /// dtrsm Right, Lower, Transpose, Non-unit: the m rows from `rows` of the columns of the diagonal block at
    /// `diagonal` (size `count`) times the inverse of that block's transpose.
    private mutating func solveRightLowerTransposed(diagonal d: Int, count: Int, rows r: Int, m: Int) {
        for k in 0..<count {
            let reciprocal = 1.0 / self[d + k, d + k]
            for i in 0..<m { self[r + i, d + k] = reciprocal * self[r + i, d + k] }
            for j in (k + 1)..<count where self[d + j, d + k] != 0.0 {
                let t = self[d + j, d + k]
                for i in 0..<m { self[r + i, d + j] = self[r + i, d + j] - t * self[r + i, d + k] }
            }
        }
    }

    /// dsyrk Lower, No transpose, α = −1, β = 1: the lower triangle of the diagonal block at `rows` (size `count`)
    /// minus (its rows over `width` columns from `columns`) times their transpose.
    private mutating func rankUpdate(rows r: Int, count: Int, columns c: Int, width: Int) {
        for j in 0..<count {
            for p in 0..<width where self[r + j, c + p] != 0.0 {
                let t = -self[r + j, c + p]
                for i in j..<count { self[r + i, r + j] = self[r + i, r + j] + t * self[r + i, c + p] }
            }
        }
    }
}
