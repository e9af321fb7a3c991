// sdSolveSPD: LAPACK's Cholesky through the C core. Passing here proves LAPACK is linked and called with
// the right Fortran conventions (column-major, hidden string lengths).
import CSolver
import Testing

@Suite("Linear algebra (LAPACK)")
struct LinearAlgebraTests {
    @Test("A 3 × 3 SPD system with an integer Cholesky factor is solved to 1e-12, the factor left in A")
    func solvesThreeByThree() {
        // A = L·Lᵀ with L = [[2,0,0],[6,1,0],[−8,5,3]]; x = (1, 2, 3) gives b = A·x = (−20, −43, 192).
        var a: [Double] = [
            4, 12, -16,  // column 0
            12, 37, -43,  // column 1
            -16, -43, 98,  // column 2
        ]
        var b: [Double] = [-20, -43, 192]
        #expect(sdSolveSPD(3, &a, &b) == sdResult_ok)
        for (k, expected) in [1.0, 2, 3].enumerated() {
            expectClose(b[k], expected, within: 1e-12, "x[\(k)]")
        }
        // dpotrf("L") overwrites the lower triangle (column-major) with L.
        expectClose(a[0], 2, within: 1e-12, "L00")
        expectClose(a[1], 6, within: 1e-12, "L10")
        expectClose(a[2], -8, within: 1e-12, "L20")
        expectClose(a[4], 1, within: 1e-12, "L11")
        expectClose(a[5], 5, within: 1e-12, "L21")
        expectClose(a[8], 3, within: 1e-12, "L22")
    }

    @Test("A 3 × 3 SPD system with fractional entries and a non-integer solution is solved to 1e-12")
    func solvesFractionalSystem() {
        let matrix: [[Double]] = [[2.5, -0.3, 0.7], [-0.3, 1.9, 0.45], [0.7, 0.45, 3.2]]
        let x: [Double] = [0.125, -7.5, 3.0 / 7]
        let rhs = matrix.map { row in zip(row, x).reduce(0) { $0 + $1.0 * $1.1 } }
        var a = (0..<3).flatMap { column in (0..<3).map { row in matrix[row][column] } }
        var b = rhs
        #expect(sdSolveSPD(3, &a, &b) == sdResult_ok)
        for k in 0..<3 { expectClose(b[k], x[k], within: 1e-12, "x[\(k)]") }
    }

    @Test("A 40 × 40 diagonally dominant SPD system: residual ‖A·x − b‖∞ below 1e-10")
    func solvesLargerSystem() {
        let n = 40
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for i in 0..<n {
            for j in 0..<n where i != j { matrix[i][j] = 1.0 / Double(1 + i + j) }
            matrix[i][i] = Double(n) + Double(i)
        }
        let rhs = (0..<n).map { Double($0 % 7) - 3 }
        var a = (0..<n).flatMap { column in (0..<n).map { row in matrix[row][column] } }
        var b = rhs
        #expect(sdSolveSPD(Int32(n), &a, &b) == sdResult_ok)
        var residual = 0.0
        for i in 0..<n {
            let r = zip(matrix[i], b).reduce(0) { $0 + $1.0 * $1.1 } - rhs[i]
            residual = max(residual, abs(r))
        }
        #expect(residual < 1e-10, "residual \(residual)")
        #expect(b.contains { $0 != 0 })
    }

    @Test("A 1 × 1 system is a division")
    func solvesScalar() {
        var a: [Double] = [4]
        var b: [Double] = [10]
        #expect(sdSolveSPD(1, &a, &b) == sdResult_ok)
        expectClose(b[0], 2.5, within: 1e-15, "x")
        expectClose(a[0], 2, within: 1e-15, "√a")
    }

    @Test("Indefinite, negative definite and singular matrices are refused with outOfRange")
    func refusesNonSPD() {
        let matrices: [(String, [Double])] = [
            ("indefinite [[1,2],[2,1]]", [1, 2, 2, 1]),
            ("negative definite", [-2, 0, 0, -3]),
            ("singular [[1,1],[1,1]]", [1, 1, 1, 1]),
            ("zero", [0, 0, 0, 0]),
        ]
        for (name, matrix) in matrices {
            var a = matrix
            var b: [Double] = [1, 1]
            #expect(sdSolveSPD(2, &a, &b) == sdResult_outOfRange, "\(name)")
            #expect(b == [1, 1], "\(name): b changed although the factorisation failed")
        }
    }

    @Test("NaN or inf in A or b is refused with nonFinite before LAPACK sees it, inputs untouched")
    func refusesNonFinite() {
        for bad in [Double.nan, .infinity, -.infinity] {
            for position in 0..<4 {
                var a: [Double] = [4, 1, 1, 3]
                a[position] = bad
                var b: [Double] = [1, 2]
                #expect(sdSolveSPD(2, &a, &b) == sdResult_nonFinite, "A[\(position)] = \(bad)")
                #expect(b == [1, 2])
            }
            for position in 0..<2 {
                var a: [Double] = [4, 1, 1, 3]
                var b: [Double] = [1, 2]
                b[position] = bad
                #expect(sdSolveSPD(2, &a, &b) == sdResult_nonFinite, "b[\(position)] = \(bad)")
                #expect(a == [4, 1, 1, 3], "A was factored although b is not finite")
            }
        }
    }

    @Test("NULL pointers are nullArgument; n < 1 is outOfRange")
    func refusesBadArguments() {
        var a: [Double] = [4]
        var b: [Double] = [1]
        #expect(sdSolveSPD(1, nil, &b) == sdResult_nullArgument)
        #expect(sdSolveSPD(1, &a, nil) == sdResult_nullArgument)
        #expect(sdSolveSPD(0, &a, &b) == sdResult_outOfRange)
        #expect(sdSolveSPD(-3, &a, &b) == sdResult_outOfRange)
        #expect(a == [4] && b == [1])
    }
}
