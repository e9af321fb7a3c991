import Foundation

/// One contact island's system for one stage: its rows with their targets, bounds, holds and impulses.
struct ContactSystem {
    /// Whether a row is in the system: free, held at its bound (or, for contact normals, out of it), friction
    /// pinned to its cone (following its normal impulses), or held for good after it re-entered once.
    enum Hold { case free, held, frictionUpper, frictionLower, forGood }

    var rows: [Row] = []
    /// The target of J·v⁺ (velocity stages; direct solves subtract the current J·v first) or −error (positions).
    var rhs: [Double] = []
    var lo: [Double] = []
    var hi: [Double] = []
    var hold: [Hold] = []
    var lambda: [Double] = []

    mutating func append(_ row: Row, rhs: Double, lo: Double, hi: Double, hold: Hold) {
        rows.append(row)
        self.rhs.append(rhs)
        self.lo.append(lo)
        self.hi.append(hi)
        self.hold.append(hold)
        lambda.append(0)
    }
}

/// Solving contact islands each substep (contact_solver.c), in three stages that mirror the joint solve:
///   velocities   a normal row per contact point, target J·v⁺ ≥ what closes the gap exactly by the end of the
///                substep under the world's position update, impulse ≥ 0; one friction row per contact at the mean
///                arm, |impulse| ≤ μ·normal impulses; the joint rows the island holds, with their own laws.
///   restitution  after the positions moved: an impact faster than 100 pt/s leaves at e times its approach speed;
///                a slower one (or e = 0) stops.
///   projection   overlaps (and the held rigid joint rows) moved back to zero error on positions.
/// Small islands are solved exactly with a two-sided active set; large ones (piles) take the soft step
/// (ReferenceSoftContacts.swift), with the joint rows they hold swept between its sweeps and moved back on
/// positions by non-linear Gauss–Seidel.
extension ReferenceWorld {
    /// A contact row of `contact` along direction d through arms rA, rB (offsets of the point from the bodies'
    /// centres). Static bodies take part with zero inverse mass.
    private func contactRow(_ contact: ReferenceContact, _ d: Vector, _ ra: Vector, _ rb: Vector, origin: RowOrigin) -> Row {
        var row = Row(a: contact.bodyA, b: contact.bodyB, origin: origin)
        row.ja = (-d.x, -d.y, -(ra.x * d.y - ra.y * d.x))
        row.jb = (d.x, d.y, rb.x * d.y - rb.y * d.x)
        return row
    }

    /// The normal row of point p of contact k: one-sided, its error the point's separation now.
    private func normalRow(_ k: Int, _ p: Int) -> Row {
        let contact = collision.contacts[k]
        let r = arms(contact, contact.points[p])
        var row = contactRow(contact, contact.normal, r.a, r.b, origin: .contactNormal(contact: k, point: p))
        row.isUnilateral = true
        row.c = separation(contact, contact.points[p], arms: r)
        row.soft = ReferenceConstants.contactRegularization * coupling(row, row)
        return row
    }

    /// The friction row of contact k, along the tangent through the mean of its points' arms. In two dimensions
    /// the points of one contact lie on one line along the tangent, so one row carries all the contact's friction
    /// (a row per point would repeat it and make the system singular).
    private func frictionRow(_ k: Int, normals: Range<Int>) -> Row {
        let contact = collision.contacts[k]
        var ax = 0.0, ay = 0.0, bx = 0.0, by = 0.0
        for point in contact.points {
            let r = arms(contact, point)
            ax += r.a.x
            ay += r.a.y
            bx += r.b.x
            by += r.b.y
        }
        let share = 1.0 / Double(contact.points.count)
        var row = contactRow(
            contact, (-contact.normal.y, contact.normal.x), (ax * share, ay * share), (bx * share, by * share),
            origin: .contactFriction(contact: k, normals: normals, mu: contact.friction))
        row.soft = ReferenceConstants.contactRegularization * coupling(row, row)
        return row
    }

    /// μ times the contact's total normal impulse in `lambda`: a friction row's bound.
    private func frictionBound(_ row: Row, _ lambda: [Double]) -> Double {
        guard case let .contactFriction(_, normals, mu) = row.origin else { return .infinity }
        var normal = 0.0
        for r in normals { normal += lambda[r] }
        return mu * (normal > 0.0 ? normal : 0.0)
    }

    /// Row r's bounds: its own, or for a friction row ±μ·(its normal impulses).
    private func bounds(_ s: ContactSystem, _ r: Int) -> (lo: Double, hi: Double) {
        guard s.rows[r].isFriction else { return (s.lo[r], s.hi[r]) }
        let hi = frictionBound(s.rows[r], s.lambda)
        return (-hi, hi)
    }

    // MARK: The exact solve

    /// (K·λ)_r − rhs_r: how far row r misses its target with the system's impulses.
    private func residual(_ s: ContactSystem, _ r: Int) -> Double {
        var reached = s.rows[r].soft * s.lambda[r]
        for q in s.rows.indices where s.lambda[q] != 0.0 { reached += coupling(s.rows[r], s.rows[q]) * s.lambda[q] }
        return reached - s.rhs[r]
    }

    /// The exact solve: an active set on both sides. Rows leaving their bounds are held there (friction pinned to
    /// its cone, following the normal impulses), and held rows are let back in when their complementarity fails —
    /// a contact normal at zero impulse that would penetrate, a pinned friction pushing the way the contact
    /// slides. Each row re-enters at most once, so it cannot cycle.
    private func solveDirect(_ s: inout ContactSystem) {
        let m = s.rows.count
        // Up to 24 rows the C core's in-house Cholesky (the band's order); above, LAPACK's dense one.
        let dense = m > ReferenceConstants.kernelMaxRows
        let coupled = couplingMatrix(s.rows, kd: dense ? m - 1 : coupledBandwidth(s.rows))
        var iterative = false  // once a factorisation failed, this solve stays with conjugate gradients
        s.lambda = Array(repeating: 0, count: m)
        for p in 0..<m {
            // A held joint row that can move nothing (K_rr = 0) would make K singular: it is satisfied, leave it out.
            let k = coupling(s.rows[p], s.rows[p])
            if !(k + (s.rows[p].soft > 0 ? s.rows[p].soft : ReferenceConstants.rigidRegularization * k) > 0) {
                s.hold[p] = .held
            }
        }
        for _ in 0..<ReferenceConstants.contactActiveSetPasses {
            // Pinned friction takes μ times its normal impulses from the last pass.
            for p in 0..<m where s.hold[p] == .frictionUpper || s.hold[p] == .frictionLower {
                let bound = frictionBound(s.rows[p], s.lambda)
                s.lambda[p] = s.hold[p] == .frictionUpper ? bound : -bound
            }
            let fixed = s.hold.map { $0 != .free }
            if !iterative, let x = solveSystem(s.rows, coupled, s.rhs, lambda: s.lambda, fixed: fixed, lapackOrder: dense) {
                s.lambda = x
            } else {
                iterative = true
                s.lambda = conjugateGradients(s.rows, s.rhs, lambda: s.lambda, fixed: fixed)
            }
            // Impulses this close to a bound are at it: round-off must not flip rows in and out.
            var scale = 0.0
            for x in s.lambda { scale = abs(x) > scale ? abs(x) : scale }
            let tolerance = 1e-10 * scale
            var changed = false
            for p in 0..<m where s.hold[p] == .free {  // free rows outside their bounds are held there
                let (lo, hi) = bounds(s, p)
                if s.lambda[p] < lo - tolerance || s.lambda[p] > hi + tolerance {
                    let upper = s.lambda[p] > hi
                    s.lambda[p] = upper ? hi : lo
                    // Held friction keeps following its normals, even after it re-entered once (the re-entered
                    // flag alone keeps it from cycling): held at a stale bound it would push beyond its cone.
                    if s.rows[p].isFriction {
                        s.hold[p] = upper ? .frictionUpper : .frictionLower
                    } else {
                        s.hold[p] = s.rows[p].reentered ? .forGood : .held
                    }
                    changed = true
                } else if s.lambda[p] < lo {
                    s.lambda[p] = lo
                } else if s.lambda[p] > hi {
                    s.lambda[p] = hi
                }
            }
            if changed { continue }
            // Pinned friction whose normals moved its bound takes the new bound next pass (a fixed-point iteration
            // that converges geometrically; to a part in 10⁹, round-off would keep it going).
            var frictionMoved = false
            for p in 0..<m where s.hold[p] == .frictionUpper || s.hold[p] == .frictionLower {
                let bound = frictionBound(s.rows[p], s.lambda)
                if abs((s.hold[p] == .frictionUpper ? bound : -bound) - s.lambda[p]) > 1e-9 * (scale + 1e-300) {
                    frictionMoved = true
                    break
                }
            }
            for p in 0..<m {  // held rows whose complementarity fails re-enter, once
                guard s.rows[p].contact != nil, !s.rows[p].reentered else { continue }
                let normalAtZero = s.hold[p] == .held && !s.rows[p].isFriction && s.lambda[p] == 0.0
                let frictionPinned = s.hold[p] == .frictionUpper || s.hold[p] == .frictionLower
                guard normalAtZero || frictionPinned else { continue }
                let miss = residual(s, p)
                let slack = 1e-9 * (abs(s.rhs[p]) + scale)
                let release: Bool
                if normalAtZero {
                    release = miss < -slack  // it would penetrate: it must push
                } else if s.hold[p] == .frictionUpper {
                    release = miss > slack  // pushes +t while sliding +t
                } else {
                    release = miss < -slack
                }
                guard release else { continue }
                s.hold[p] = .free
                s.rows[p].reentered = true
                changed = true
            }
            if !changed && !frictionMoved { return }  // every row within its bounds, complementary, friction on its cone
        }
        // Out of passes: end near the solution, within every bound; from zero when the last iterate is worse than
        // no impulse at all in the system's objective ½·λᵀKλ − λᵀrhs (the sign of Σ λ·(K·λ − 2·rhs) is its sign).
        var objective = 0.0
        for p in 0..<m where s.lambda[p] != 0.0 { objective += s.lambda[p] * (residual(s, p) - s.rhs[p]) }
        if objective > 0.0 { s.lambda = Array(repeating: 0, count: m) }
        polish(&s)
    }

    /// Projected Gauss–Seidel from the system's impulses until none moves by more than a part in 10⁹ (or
    /// `contactPolishSweeps`): every row stays within its bounds (friction within μ times its current normals).
    /// Finishes an active set that ran out of passes, whose last impulses may hold rows at stale bounds.
    private func polish(_ s: inout ContactSystem) {
        for _ in 0..<ReferenceConstants.contactPolishSweeps {
            var change = 0.0, scale = 0.0
            for p in s.rows.indices {
                let k = coupling(s.rows[p], s.rows[p]) + s.rows[p].soft
                guard k > 0.0 else { continue }
                let (lo, hi) = bounds(s, p)
                var next = s.lambda[p] - residual(s, p) / k
                if next < lo { next = lo }
                if next > hi { next = hi }
                if abs(next - s.lambda[p]) > change { change = abs(next - s.lambda[p]) }
                if abs(next) > scale { scale = abs(next) }
                s.lambda[p] = next
            }
            if change <= 1e-9 * (scale + 1e-300) { return }
        }
    }

    /// A velocity stage's exact solve: targets less the current J·v, the active-set solve, impulses applied.
    private func solveVelocitiesDirect(_ s: inout ContactSystem) {
        for r in s.rows.indices { s.rhs[r] -= rowVelocity(s.rows[r]) }
        solveDirect(&s)
        for r in s.rows.indices where s.lambda[r] != 0.0 { apply(s.rows[r], s.lambda[r], to: .velocities) }
    }

    // MARK: Velocities

    /// The velocity-stage system of a contact island: the held joint islands' rows with their targets, then a
    /// normal row per contact point and a friction row per contact. Records each point's approach velocity.
    private func velocitySystem(
        _ island: ReferenceContactIsland, _ layout: ReferenceLayout, start: SubstepStart, h: Double
    ) -> ContactSystem {
        var s = ContactSystem()
        let reverses = reversesImpacts(island)
        for k in island.layoutIslands {
            for row in jointRows(layout.islands[k], h: h, springs: true) {
                let (target, fixed) = jointRowTarget(row, h: h, u: rowVelocity(row), start: start)
                s.append(row, rhs: target, lo: row.lo, hi: row.hi, hold: fixed ? .held : .free)
            }
        }
        for k in island.contacts where !collision.contacts[k].jointed {  // a block of their own (solveJointedContacts)
            let firstNormal = s.rows.count
            for p in collision.contacts[k].points.indices {
                let normal = normalRow(k, p)
                let u = rowVelocity(normal)
                let u0 = rowVelocity(normal) { start.velocities[$0] }
                // Close at most the gap by the end of the substep; an overlap is left to the projection.
                let gap = normal.c > 0.0 ? normal.c : 0.0
                // The speed at which the gap closes, for restitution: under the substep's free acceleration
                // a = (u − u₀)/h the gap s closes at −√(u₀² − 2·a·s), faster than u₀ when falling onto something.
                let accel = (u - u0) / h, closing = u0 * u0 - 2.0 * accel * gap
                collision.contacts[k].points[p].approachVelocity =
                    gap > 0.0 && closing > 0.0 && (u0 < 0.0 || accel < 0.0) ? -closing.squareRoot() : u0
                // Between jointed bodies no more than that: the trapezoidal target (a point approaching at u₀ must
                // leave at −u₀) can ask for a motion the joint forbids, and a contradicted row pushes without bound.
                // In an island that holds joints an impact stops here, and restitution bounces it through them.
                let target = reverses ? -2.0 * gap / h - u0 : -gap / h
                // Touching points start in the system; a point with a real gap its free motion does not close
                // starts out of it.
                let outside = normal.c > ReferenceConstants.touchSlop && u >= target
                s.append(normal, rhs: target, lo: 0, hi: .infinity, hold: outside ? .held : .free)
            }
            let friction = frictionRow(k, normals: firstNormal..<s.rows.count)
            s.append(friction, rhs: 0, lo: -.infinity, hi: .infinity, hold: collision.contacts[k].friction > 0.0 ? .free : .held)
        }
        return s
    }

    /// Whether the velocity stage asks an impact for the trapezoidal reversal and restitution then takes back the
    /// separating speed it leaves: the analytic model, in islands that hold no joints (contact_solver.c's
    /// `sd_reverses_impacts` says why).
    private func reversesImpacts(_ island: ReferenceContactIsland) -> Bool {
        springModel == .analytic && island.layoutIslands.isEmpty
    }

    /// Where point p of contact k touched, if it pushed: midway between its two sides' points now, kept from its
    /// strongest push of the step (the contact-began event reports it).
    private func noteTouch(_ k: Int, _ p: Int) {
        let point = collision.contacts[k].points[p]
        guard point.touch == nil || point.normalImpulse >= point.maxNormalImpulse else { return }
        let contact = collision.contacts[k]
        let r = arms(contact, point)
        let a = bodies[contact.bodyA]!, b = bodies[contact.bodyB]!
        collision.contacts[k].points[p].touch = (0.5 * (a.x + r.a.x + b.x + r.b.x), 0.5 * (a.y + r.a.y + b.y + r.b.y))
    }

    /// Contacts between jointed bodies, after their island's exact solve: a few Gauss–Seidel sweeps over their
    /// normal rows alone, each point kept from approaching further (closing at most its gap), impulse ≥ 0, no
    /// friction, no bounce. In the exact solve such a contact could contradict its joint (beside a pin its rows
    /// nearly repeat the pin's); as a block of its own it corrects only its own approach, and the joint wins.
    private func solveJointedContacts(_ island: ReferenceContactIsland, h: Double) {
        for k in island.contacts where collision.contacts[k].jointed {
            for p in collision.contacts[k].points.indices { collision.contacts[k].points[p].normalImpulse = 0.0 }
            // The rows once: positions do not move during the sweeps.
            let rows = collision.contacts[k].points.indices.map { normalRow(k, $0) }
            let stiffnesses = rows.map { coupling($0, $0) }
            for _ in 0..<ReferenceConstants.jointedContactSweeps {
                for p in collision.contacts[k].points.indices {
                    let row = rows[p], stiffness = stiffnesses[p]
                    // A point deeper than the touch slop is left alone: the items crossed there.
                    guard row.c >= -ReferenceConstants.touchSlop, stiffness > 0.0 else { continue }
                    let gap = row.c > 0.0 ? row.c : 0.0
                    let u = rowVelocity(row)
                    let before = collision.contacts[k].points[p].normalImpulse
                    var total = before + (-gap / h - u) / stiffness
                    if total < 0.0 { total = 0.0 }
                    let impulse = total - before
                    collision.contacts[k].points[p].normalImpulse = total
                    if impulse != 0.0 { apply(row, impulse, to: .velocities) }
                }
            }
            for p in collision.contacts[k].points.indices {
                collision.contacts[k].points[p].tangentImpulse = 0.0
                guard collision.contacts[k].points[p].normalImpulse > 0.0 else { continue }
                noteTouch(k, p)
                if collision.contacts[k].points[p].normalImpulse > collision.contacts[k].points[p].maxNormalImpulse {
                    collision.contacts[k].points[p].maxNormalImpulse = collision.contacts[k].points[p].normalImpulse
                }
            }
        }
    }

    /// Velocity stage of every contact island for substep h (after the joint islands): small islands solved
    /// exactly, large ones by the soft step (prepared at the step's first substep) with their joint rows swept
    /// between its sweeps.
    func solveContactVelocities(
        _ islands: inout ReferenceContactIslands, _ layout: ReferenceLayout, start: SubstepStart, h: Double, substep: Int
    ) {
        for (i, island) in islands.islands.enumerated() {
            if island.direct && substep == 0 {  // not pushed yet this step
                for k in island.contacts {
                    for p in collision.contacts[k].points.indices {
                        collision.contacts[k].points[p].maxNormalImpulse = 0.0
                        collision.contacts[k].points[p].touch = nil
                    }
                }
            }
            if island.direct {
                var s = velocitySystem(island, layout, start: start, h: h)
                solveVelocitiesDirect(&s)
                // Keep the impulses on the points: restitution and touch detection read them.
                for r in s.rows.indices {
                    switch s.rows[r].origin {
                    case .joint: break
                    case let .contactNormal(k, p):
                        collision.contacts[k].points[p].normalImpulse = s.lambda[r]
                        if s.lambda[r] > collision.contacts[k].points[p].maxNormalImpulse {
                            collision.contacts[k].points[p].maxNormalImpulse = s.lambda[r]
                        }
                    case let .contactFriction(k, _, _): collision.contacts[k].points[0].tangentImpulse = s.lambda[r]
                    }
                }
                solveJointedContacts(island, h: h)
                continue
            }
            // A large island: the soft step for its contacts, the joints it holds solved exactly between the sweeps
            // (block Gauss–Seidel with the joint islands as exact blocks).
            if substep == 0 { islands.soft[i] = prepareSoftIsland(island, start: start, h: h) }
            var soft = islands.soft[i]!
            warmStartSoftIsland(&soft)
            for _ in 0..<SoftStep.iterations {
                if !island.layoutIslands.isEmpty {  // the joint solver works on the world's velocities
                    finishSoftVelocities(soft)
                    for k in island.layoutIslands {
                        solveJointIsland(layout.islands[k], start: start, h: h, dense: heldDense(layout.islands[k]))
                    }
                    gatherSoftVelocities(&soft)
                }
                soft.sweep(bias: true, h: h)
            }
            finishSoftVelocities(soft)
            islands.soft[i] = soft
        }
    }

    /// Whether a joint island a large contact island holds is factored by LAPACK's dense Cholesky (the C core's
    /// `sd_held_unit`: the in-house kernel's order up to 24 rows, dense above; the C core's islands of more than 256
    /// rows keep their own path, which the reference does not follow bit for bit).
    private func heldDense(_ island: [(joint: Int, type: RowType)]) -> Bool {
        island.count > ReferenceConstants.kernelMaxRows
    }

    // MARK: Restitution

    /// The restitution system of a contact island: the normal rows of points that pushed this substep, each with
    /// its target normal velocity and the bound that keeps its total impulse ≥ 0, then (if any) the rigid rows of
    /// the joint islands it holds, each keeping its J·v, so a bounce carries through a pin or a weld.
    private func restitutionSystem(_ island: ReferenceContactIsland, _ layout: ReferenceLayout) -> ContactSystem {
        var s = ContactSystem()
        let rests = reversesImpacts(island)  // resting rows take back what the reversal left
        // Between jointed bodies a contact only keeps from approaching: a bounce would push apart what the joint
        // holds together.
        for k in island.contacts where !collision.contacts[k].jointed {
            for (p, point) in collision.contacts[k].points.enumerated() where point.normalImpulse > 0.0 {
                noteTouch(k, p)
                let row = normalRow(k, p)
                let target: Double
                if point.approachVelocity < -ReferenceConstants.restitutionThreshold {
                    target = -collision.contacts[k].restitution * point.approachVelocity  // an impact: bounce
                } else if rests && rowVelocity(row) > 0.0 {
                    target = 0.0  // closing the gap exactly left it leaving: it should rest
                } else {
                    continue
                }
                s.append(row, rhs: target, lo: -point.normalImpulse, hi: .infinity, hold: .free)
            }
        }
        if s.rows.isEmpty { return s }
        for k in island.layoutIslands {
            for row in jointRows(layout.islands[k], h: 1.0, springs: false) where row.isRigid {
                s.append(row, rhs: rowVelocity(row), lo: -.infinity, hi: .infinity, hold: .free)  // less J·v: no change
            }
        }
        return s
    }

    /// After the positions moved: impacts bounce by their restitution, and the trapezoidal update's spurious
    /// separating speed is removed. Large islands relax instead (and bounce on the step's last substep).
    func applyRestitution(_ islands: inout ReferenceContactIslands, _ layout: ReferenceLayout, h: Double, lastSubstep: Bool) {
        for (i, island) in islands.islands.enumerated() {
            if !island.direct {  // the soft step's second half
                relaxSoftIsland(&islands.soft[i]!, h: h, lastSubstep: lastSubstep)
                continue
            }
            var s = restitutionSystem(island, layout)
            if s.rows.isEmpty { continue }
            solveVelocitiesDirect(&s)
            for r in s.rows.indices {
                if case let .contactNormal(k, p) = s.rows[r].origin {
                    collision.contacts[k].points[p].normalImpulse += s.lambda[r]
                }
            }
        }
    }

    // MARK: Positions

    /// The position system of a contact island: the held joint islands' rigid (and violated one-sided) rows, and
    /// the normal rows of touching points, each asking for zero error; and the largest error.
    private func positionSystem(_ island: ReferenceContactIsland, _ layout: ReferenceLayout)
        -> (system: ContactSystem, worst: Double)
    {
        var s = ContactSystem()
        var worst = 0.0
        for k in island.layoutIslands {
            for row in jointRows(layout.islands[k], h: 1.0, springs: false) {
                if row.isRigid {
                    s.append(row, rhs: -row.c, lo: -.infinity, hi: .infinity, hold: .free)
                    if abs(row.c) > worst { worst = abs(row.c) }
                } else if row.isUnilateral && row.c < 0.0 {
                    s.append(row, rhs: -row.c, lo: 0.0, hi: .infinity, hold: .free)
                    if -row.c > worst { worst = -row.c }
                } else {
                    s.append(row, rhs: 0.0, lo: -.infinity, hi: .infinity, hold: .held)
                }
            }
        }
        // Between jointed bodies an overlap is held where it is, not pushed apart: the joint's rows may not allow
        // it, and the two corrections would fight without end.
        for k in island.contacts where !collision.contacts[k].jointed {
            for p in collision.contacts[k].points.indices {
                let row = normalRow(k, p)
                // Every touching point takes part (one-sided: the active set releases those that would pull), so
                // pushing one overlap apart carries what rests on it along instead of making a new overlap.
                let hold: ContactSystem.Hold = row.c < ReferenceConstants.touchSlop ? .free : .held
                s.append(row, rhs: -row.c, lo: 0.0, hi: .infinity, hold: hold)
                if -row.c > worst { worst = -row.c }
            }
        }
        return (s, worst)
    }

    /// Position stage of every contact island: overlaps (and the rigid joint rows held) moved back to zero error
    /// exactly for small islands. A large island's contacts are soft (they push out through the velocity stage);
    /// the rigid joint rows it holds take non-linear Gauss–Seidel steps, each correcting its error.
    func projectContacts(_ islands: ReferenceContactIslands, _ layout: ReferenceLayout) {
        for island in islands.islands {
            if island.direct {
                for _ in 0..<ReferenceConstants.contactProjectionIterations {
                    let built = positionSystem(island, layout)
                    if built.worst <= ReferenceConstants.contactProjectionTolerance { break }
                    var s = built.system
                    solveDirect(&s)
                    for r in s.rows.indices where s.lambda[r] != 0.0 {
                        apply(s.rows[r], s.lambda[r], to: .positions)
                    }
                }
                continue
            }
            // A large island: its joints projected exactly, as the joint solver projects its own islands.
            for _ in 0..<ReferenceConstants.projectionIterations where !island.layoutIslands.isEmpty {
                var moved = false
                for k in island.layoutIslands where projectJointIsland(layout.islands[k], dense: heldDense(layout.islands[k])) {
                    moved = true
                }
                if !moved { break }
            }
        }
    }
}
