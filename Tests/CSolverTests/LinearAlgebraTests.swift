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

@Suite("Sparse path through the C API")
struct SparsePathTests {
    /// A rigid `side` × `side` grid of 20 × 20 cells 30 pt apart, linked right and down, the top row hung from
    /// anchors 20 pt to the left; returns the world, the cells and the links with their lengths.
    static func grid(side: Int) throws -> (World, [sdBodyId], [(sdJointId, Double)]) {
        let world = try World()
        var cells: [sdBodyId] = []
        var links: [(sdJointId, Double)] = []
        for k in 0..<(side * side) {
            cells.append(try world.create(bodyDef(x: Double(k % side) * 30, y: Double(k / side) * 30, width: 20, height: 20, gravityY: 1000)))
        }
        func link(_ a: sdBodyId, _ b: sdBodyId, from p: (Double, Double), to q: (Double, Double)) throws {
            var joint = sdDefaultJointDef()
            joint.bodyA = a
            joint.bodyB = b
            joint.anchorAX = p.0
            joint.anchorAY = p.1
            joint.anchorBX = q.0
            joint.anchorBY = q.1
            joint.length = ((q.0 - p.0) * (q.0 - p.0) + (q.1 - p.1) * (q.1 - p.1)).squareRoot()
            var id = sdJointId()
            try #require(sdCreateJoint(world.raw, &joint, &id) == sdResult_ok)
            links.append((id, joint.length))
        }
        let worldEnd = sdBodyId(index: sdWorldBodyIndex, generation: 0)
        for k in cells.indices {
            let p = (Double(k % side) * 30, Double(k / side) * 30)
            if k < side { try link(worldEnd, cells[k], from: (p.0 - 20, p.1 - 30), to: p) }
            if k % side + 1 < side { try link(cells[k], cells[k + 1], from: p, to: (p.0 + 30, p.1)) }
            if k + side < cells.count { try link(cells[k], cells[k + side], from: p, to: (p.0, p.1 + 30)) }
        }
        return (world, cells, links)
    }

    @Test("A 20 × 20 grid is analysed once, factored, then solved with the kept factor")
    func statisticsTellTheStages() throws {
        let (world, _, links) = try Self.grid(side: 20)
        try world.step(1.0 / 60.0, substeps: 2)
        let first = sdWorld_GetStepStats(world.raw)
        #expect(first.sparseIslands == 1 && first.bandedIslands == 0 && first.iterativeIslands == 0)
        #expect(first.rowCount == 20 + 2 * 20 * 19)
        // Nested dissection's factor of a 2-D grid: far fewer entries and flops than the band's n·kd.
        let band = Double(first.rowCount) * 41 * 41
        #expect(first.factorFlops > 0 && first.factorFlops < band / 4, "\(first.factorFlops) flops")
        #expect(first.factorNonzeros > Int64(first.rowCount) && first.factorNonzeros < Int64(first.rowCount) * 41)
        #expect(first.orderSeconds > 0 && first.symbolicSeconds > 0, "the layout was analysed in this step")
        #expect(first.factorizations >= 1 && first.numericSeconds > 0 && first.solveFlops > 0)
        try world.step(1.0 / 60.0, substeps: 2, count: 3)
        let later = sdWorld_GetStepStats(world.raw)
        #expect(later.orderSeconds == 0 && later.symbolicSeconds == 0, "the layout is reused")
        #expect(later.iterations > 0, "kept factors precondition conjugate gradients")
        for (joint, length) in links {
            var distance = 0.0, angle = 0.0
            try #require(sdJoint_GetGeometry(world.raw, joint, &distance, &angle) == sdResult_ok)
            #expect(abs(distance / length - 1) < 1e-12)
        }
    }

    @Test("Fronts through LAPACK dpotrf and BLAS-3 dtrsm/dsyrk give the in-house kernel's answer")
    func blasFrontsMatchTheKernel() throws {
        var finals: [[sdBodyState]] = []
        for rows: Int32 in [Int32.max, 1] {  // never BLAS; every front through BLAS
            let (world, cells, _) = try Self.grid(side: 16)
            #expect(sdWorld_SetSparseBLASFrontRows(world.raw, rows) == sdResult_ok)
            #expect(sdWorld_GetSparseBLASFrontRows(world.raw) == rows)
            try world.step(1.0 / 60.0, substeps: 2, count: 30)
            finals.append(try cells.map { try world.state($0) })
        }
        var worst = 0.0
        for (a, b) in zip(finals[0], finals[1]) {
            for (u, v) in [(a.x, b.x), (a.y, b.y), (a.vx, b.vx), (a.vy, b.vy)] { worst = max(worst, abs(u - v) / max(1, abs(u))) }
        }
        #expect(worst < 1e-10, "largest relative difference \(worst)")
        #expect(finals[0].contains { abs($0.vx) > 10 }, "the grid swings")
    }
}
