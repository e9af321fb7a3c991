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

/// Where `apply` adds M⁻¹·Jᵀ·value: the velocities (velocity stages) or the positions (projection).
enum ImpulseTarget { case velocities, positions }

/// The start of a substep: every slot's velocity and pose before the free update (zero for free slots).
struct SubstepStart {
    var velocities: [(Double, Double, Double)]
    var poses: [(x: Double, y: Double, angle: Double)]
}

extension ReferenceWorld {
    /// The band half-width of `rows` counting only couplings through moving bodies (static bodies couple
    /// nothing, so they do not widen the band).
    func coupledBandwidth(_ rows: [Row]) -> Int {
        bandwidth(of: rows.map { row in
            var r = row
            if let a = r.a, bodies[a]?.isStatic != false { r.a = nil }
            if let b = r.b, bodies[b]?.isStatic != false { r.b = nil }
            return r
        })
    }

    /// J·M⁻¹·Jᵀ over `rows` in band form (entry (i, j) = coupling(row i, row j), i ≥ j, half-width `kd`): computed
    /// once per solve, since the active set re-solves with other rows fixed, not other rows.
    func couplingMatrix(_ rows: [Row], kd: Int) -> BandMatrix {
        var k = BandMatrix(n: rows.count, kd: kd)
        for j in rows.indices {
            for i in j..<min(rows.count, j + kd + 1) { k[i, j] = coupling(rows[i], rows[j]) }
        }
        return k
    }

    /// K·x = b over `rows` (K = the coupling matrix `coupled` + softness) by banded Cholesky, or with
    /// `lapackOrder` (kd = n − 1) in the dense LAPACK order. `fixed` rows become identity rows holding their
    /// impulse from `lambda`, whose coupling moves to the right-hand side. Nil when K is not positive definite.
    func solveSystem(
        _ rows: [Row], _ coupled: BandMatrix, _ b: [Double], lambda: [Double], fixed: [Bool], lapackOrder: Bool = false
    ) -> [Double]? {
        if failsFactorizationsForTesting { return nil }  // the test hook: as if the factorisation had failed
        let n = rows.count, kd = coupled.kd
        var k = BandMatrix(n: n, kd: kd)
        var rhs = b
        for j in 0..<n {
            for i in j..<min(n, j + kd + 1) {
                var value = coupled[i, j]
                if i == j {
                    value = fixed[j] ? 1 : value + (rows[j].soft > 0 ? rows[j].soft : ReferenceConstants.rigidRegularization * value)
                } else {
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
        return lapackOrder ? k.lapackCholeskySolve(rhs) : k.choleskySolve(rhs)
    }

    /// The nested-dissection factorisation of `rows` when it is much cheaper than their band, as the C core
    /// decides (solve_path.c): more than 24 rows, a band costlier than 2·10⁵ flops, and the sparse factorisation at
    /// most half of the band's (or the dense one's) flops — 2-D islands such as grids; chains stay banded.
    func sparseFactorisation(_ rows: [Row], kd: Int) -> SparseCholesky? {
        let n = Double(rows.count)
        let band = n * Double(kd + 1) * Double(kd + 1)
        guard rows.count > ReferenceConstants.kernelMaxRows, band > SparseCholesky.bandFlops else { return nil }
        let ends = rows.map { row in (a: isDynamic(row.a) ? row.a : nil, b: isDynamic(row.b) ? row.b : nil) }
        let sparse = SparseCholesky(ends: ends) { body in (bodies[body]!.x, bodies[body]!.y) }
        return sparse.flops <= SparseCholesky.advantage * min(band, n * n * n / 3) ? sparse : nil
    }

    /// K·x = b over `rows` by the sparse factorisation; fixed rows as in ``solveSystem(_:_:_:lambda:fixed:lapackOrder:)``.
    func solveSparse(_ rows: [Row], _ sparse: SparseCholesky, _ b: [Double], lambda: [Double], fixed: [Bool]) -> [Double]? {
        if failsFactorizationsForTesting { return nil }  // the test hook: as if the factorisation had failed
        var rhs = b
        for i in rows.indices where fixed[i] { rhs[i] = lambda[i] }
        for (e, couples) in sparse.coupled.enumerated() {
            let i = sparse.order[e]
            for other in couples {
                let j = sparse.order[other]
                guard fixed[i] != fixed[j] else { continue }
                let k = coupling(rows[i], rows[j])
                if fixed[i] { rhs[j] -= k * lambda[i] } else { rhs[i] -= k * lambda[j] }
            }
        }
        return sparse.solve(
            rhs,
            diagonal: { i in
                if fixed[i] { return 1 }
                let k = coupling(rows[i], rows[i])
                return k + (rows[i].soft > 0 ? rows[i].soft : ReferenceConstants.rigidRegularization * k)
            },
            entry: { i, j in fixed[i] || fixed[j] ? 0 : coupling(rows[i], rows[j]) })
    }

    /// Solves K·λ = b over `rows` with bounds: rows whose impulse leaves [lo, hi] are clamped and fixed, the
    /// others re-solved. `fixed` rows keep the impulse given in `lambda`.
    /// `dense`: factor the whole matrix in LAPACK's dense order (the C core's dense path) instead of the band.
    func solveRows(_ rows: [Row], _ b: [Double], lambda: inout [Double], fixed: inout [Bool], dense: Bool = false) {
        let n = rows.count
        let kd = dense ? n - 1 : coupledBandwidth(rows)
        let sparse = dense ? nil : sparseFactorisation(rows, kd: kd)
        let coupled = sparse == nil ? couplingMatrix(rows, kd: kd) : BandMatrix(n: 0, kd: 0)
        // A row that can move nothing (K_rr = 0: the angle row of a fixed-rotation body held to the world) is
        // satisfied already; in the system it would make K singular and fail the whole island.
        for i in 0..<n where !fixed[i] {
            let k = sparse == nil ? coupled[i, i] : coupling(rows[i], rows[i])
            if !(k + (rows[i].soft > 0 ? rows[i].soft : ReferenceConstants.rigidRegularization * k) > 0) {
                fixed[i] = true
                lambda[i] = 0
            }
        }
        for _ in 0..<ReferenceConstants.activeSetPasses {
            // A failed factorisation keeps the impulses as they are for this substep, as the C core does
            // (active_set.c, sd_solve_island).
            let solution = sparse.map { solveSparse(rows, $0, b, lambda: lambda, fixed: fixed) }
                ?? solveSystem(rows, coupled, b, lambda: lambda, fixed: fixed, lapackOrder: dense)
            guard let x = solution else { return }
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

    /// Adds M⁻¹·Jᵀ·value to the row's bodies' velocities, or (projection) their positions.
    func apply(_ row: Row, _ value: Double, to target: ImpulseTarget) {
        if let a = row.a { apply(row.ja, value, to: a, target) }
        if let b = row.b { apply(row.jb, value, to: b, target) }
    }

    private func apply(_ j: Jacobian, _ value: Double, to i: Int, _ target: ImpulseTarget) {
        var body = bodies[i]!
        switch target {
        case .velocities:
            body.vx += body.invMass * j.x * value
            body.vy += body.invMass * j.y * value
            body.w += body.invInertia * j.w * value
        case .positions:
            body.x += body.invMass * j.x * value
            body.y += body.invMass * j.y * value
            body.angle += body.invInertia * j.w * value
        }
        bodies[i] = body
    }

    /// J·v of a row for the velocities `velocity` gives per body.
    func rowVelocity(_ row: Row, _ velocity: (Int) -> (Double, Double, Double)) -> Double {
        var u = 0.0
        if let a = row.a {
            let v = velocity(a)
            u += row.ja.x * v.0 + row.ja.y * v.1 + row.ja.w * v.2
        }
        if let b = row.b {
            let v = velocity(b)
            u += row.jb.x * v.0 + row.jb.y * v.1 + row.jb.w * v.2
        }
        return u
    }

    /// J·v of a row at the bodies' current velocities.
    func rowVelocity(_ row: Row) -> Double {
        var u = 0.0
        if let a = row.a, let body = bodies[a] { u += row.ja.x * body.vx + row.ja.y * body.vy + row.ja.w * body.w }
        if let b = row.b, let body = bodies[b] { u += row.jb.x * body.vx + row.jb.y * body.vy + row.jb.w * body.w }
        return u
    }

    /// The rows of one joint island at the current positions, in layout order; with `springs`, spring rows get
    /// their softness for substep h, and friction torque rows their bounds ±torque·h.
    func jointRows(_ island: [(joint: Int, type: RowType)], h: Double, springs: Bool) -> [Row] {
        island.map { entry in
            var row = makeRow(joint: entry.joint, type: entry.type)
            if springs && !row.isRigid && !row.isUnilateral && entry.type != .angleFriction { applySpring(to: &row, h: h) }
            if entry.type == .angleFriction {
                let bound = joints[entry.joint]!.frictionTorque * h
                row.lo = -bound
                row.hi = bound
            }
            return row
        }
    }

    /// A joint row's velocity-stage equation: the target of J·v⁺ (springs: their law; rigid rows: 0;
    /// speculative one-sided rows: closing at most their gap), and whether it starts fixed at zero impulse. `u` is
    /// J·v now.
    func jointRowTarget(_ row: Row, h: Double, u: Double, start: SubstepStart) -> (target: Double, fixed: Bool) {
        if row.soft > 0 {
            let u0 = rowVelocity(row) { start.velocities[$0] }
            return (-row.rhsScale * row.c - row.v0Weight * u0, false)
        }
        if row.isUnilateral {
            // Speculative: a slack row may close at most its gap; rows whose free motion does not close it stay
            // out of the system (two opposite limits of one range would otherwise make it singular).
            let target = row.c > 0 ? -row.c / h : 0
            return (target, row.c > 0 && u >= target)
        }
        return (0, !row.isRigid && row.type != .angleFriction)  // a soft row without a spring: both ends immovable
    }

    /// Velocity stage of one substep: for each island not held by a contact island, impulses λ so that springs
    /// follow their (pole-matched) law and rigid rows stop moving, then v ← v + M⁻¹Jᵀλ.
    func solveVelocities(_ layout: ReferenceLayout, owners: [Int], start: SubstepStart, h: Double) {
        for (k, island) in layout.islands.enumerated() where owners[k] < 0 {
            solveJointIsland(island, start: start, h: h)
        }
    }

    /// The velocity stage of one joint island against the bodies' current velocities: targets, the active-set
    /// solve, the impulses applied. (Also the block step between a large contact island's soft sweeps.)
    /// `dense`: LAPACK's dense factorisation (what the C core uses for joint islands a large contact island holds,
    /// above the in-house kernel's size).
    func solveJointIsland(_ island: [(joint: Int, type: RowType)], start: SubstepStart, h: Double, dense: Bool = false) {
        let rows = jointRows(island, h: h, springs: true)
        var b = Array(repeating: 0.0, count: rows.count)
        var fixed = Array(repeating: false, count: rows.count)
        var lambda = Array(repeating: 0.0, count: rows.count)
        for i in rows.indices {
            let u = rowVelocity(rows[i])
            let (target, isFixed) = jointRowTarget(rows[i], h: h, u: u, start: start)
            b[i] = target - u
            fixed[i] = isFixed
        }
        solveRows(rows, b, lambda: &lambda, fixed: &fixed, dense: dense)
        for (row, impulse) in zip(rows, lambda) where impulse != 0 {
            apply(row, impulse, to: .velocities)
        }
    }

    /// Position stage: Newton steps that move rigid (and violated one-sided) rows back to zero error, for the
    /// islands not held by a contact island.
    func projectPositions(_ layout: ReferenceLayout, owners: [Int]) {
        for _ in 0..<ReferenceConstants.projectionIterations {
            var anyError = false
            for (k, island) in layout.islands.enumerated() where owners[k] < 0 {
                if projectJointIsland(island) { anyError = true }
            }
            if !anyError { return }
        }
    }

    /// One Newton step on positions for one joint island; false (and nothing moved) when every rigid row is
    /// within the projection tolerance.
    func projectJointIsland(_ island: [(joint: Int, type: RowType)], dense: Bool = false) -> Bool {
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
        guard islandError else { return false }
        solveRows(bounded, b, lambda: &lambda, fixed: &fixed, dense: dense)
        for (row, delta) in zip(rows, lambda) where delta != 0 {
            apply(row, delta, to: .positions)
        }
        return true
    }
}
