import Foundation

/// Large contact islands (piles): the soft step of the C core (contact_soft.c), in the manner of Box2D v3. Once a
/// step (first substep) each contact becomes a constraint holding everything a sweep reads: arms at the step's
/// start (fixed for the step), angular terms, masses, one friction row at the points' mean arm, and what the
/// separation needs to follow the bodies. The island's bodies get local records (velocity, inverse masses, motion
/// since the step's start). Per substep:
///   warm start   the impulses accumulated so far are applied again to the new free velocities
///   solve        biased sweeps: a gap closes exactly by the substep's end; an overlap pushes out as a stiff damped
///                spring (30 Hz, damping ratio 10, at most 300 pt/s); a contact's two points are solved together
///   relax        after the positions moved: the same sweep without the push
///   restitution  (last substep) impacts faster than 100 pt/s leave at e times their closing speed
/// Every formula is written as the C core writes it: parity is bit for bit.
enum SoftStep {
    /// Stiffness (Hz, capped at a quarter of the substep rate), damping ratio and push-out speed (pt/s).
    static let contactHertz = 30.0
    static let dampingRatio = 10.0
    static let maxPushOut = 300.0
    /// Biased sweeps per substep, and relaxing sweeps after the positions move.
    static let iterations = 2
    static let relaxIterations = 1
    /// Turns per substep below this (rad) update a body's rotation by a series; larger ones call cos and sin.
    static let seriesTurn = 0.2
}

/// A contact point as the soft step solves it this step.
struct SoftPoint {
    /// rA × n and rB × n at the step's start: the normal row's angular terms.
    var ca = 0.0, cb = 0.0
    /// The turning anchors' r·n and r × n: how a turn moves the point along the normal.
    var pa = 0.0, qa = 0.0, pb = 0.0, qb = 0.0
    /// Separation at the step's start, less pb − pa (see `separation`).
    var baseSeparation = 0.0
    /// J·M⁻¹·Jᵀ along the normal, and its inverse.
    var normalK = 0.0, normalMass = 0.0
    /// Accumulated normal impulse this step, and its largest value.
    var impulse = 0.0, maxImpulse = 0.0
}

/// A contact of a large island: its points and its one friction row at their mean arm.
struct SoftContact {
    /// The world contact it stands for.
    var contact: Int
    /// Local body slots (`SoftIsland.bodies`).
    var a: Int, b: Int
    /// Its bodies are joined by a joint: the biased sweeps do not push an overlap apart.
    var jointed = false
    /// One body cannot move (static, anchored or kinematic): an overlap pushes out at twice the stiffness.
    var still = false
    var nx = 0.0, ny = 0.0
    var friction = 0.0
    /// Coupling of the two points' normal rows (J₀·M⁻¹·J₁ᵀ).
    var k01 = 0.0
    /// The friction row's angular terms, mass and impulse.
    var fca = 0.0, fcb = 0.0
    var tangentMass = 0.0, tangentImpulse = 0.0
    var points: [SoftPoint] = []
}

/// A body of a large island as the sweeps see it: velocity, inverse masses, and motion since the step's start
/// (centre displacement, and cos/sin of the turn, kept by series updates as the C core keeps them).
struct SoftBody {
    /// Its world body slot, and the angle its cos/sin were last turned to.
    var slot: Int
    var angle: Double
    var vx = 0.0, vy = 0.0, w = 0.0
    var invMass = 0.0, invInertia = 0.0
    var dx = 0.0, dy = 0.0, c = 1.0, s = 0.0
}

/// One large island's soft step state, made at the step's first substep.
struct SoftIsland {
    /// The island's bodies in order of first appearance among its contacts.
    var bodies: [SoftBody] = []
    /// Its contacts in sweep order (deepest first).
    var contacts: [SoftContact] = []

    /// The soft-constraint coefficients of stiffness `hertz` and damping ratio `zeta` over a substep h: the bias
    /// rate on the error, and how much of the rigid mass the update uses.
    private static func softness(hertz: Double, zeta: Double, h: Double) -> (biasRate: Double, massScale: Double) {
        let omega = 2.0 * 3.14159265358979323846 * hertz
        let a1 = 2.0 * zeta + h * omega
        let a2 = h * omega * a1
        return (omega / a1, a2 / (1.0 + a2))
    }

    /// Relative speed of B against A along a row: direction (dx, dy), angular terms ca, cb.
    private static func speed(_ a: SoftBody, _ b: SoftBody, _ dx: Double, _ dy: Double, _ ca: Double, _ cb: Double) -> Double {
        (b.vx - a.vx) * dx + (b.vy - a.vy) * dy + b.w * cb - a.w * ca
    }

    /// Applies impulse p along a row: −p to A, +p to B.
    private static func push(
        _ a: inout SoftBody, _ b: inout SoftBody, _ dx: Double, _ dy: Double, _ ca: Double, _ cb: Double, _ p: Double
    ) {
        a.vx -= a.invMass * p * dx
        a.vy -= a.invMass * p * dy
        a.w -= a.invInertia * p * ca
        b.vx += b.invMass * p * dx
        b.vy += b.invMass * p * dy
        b.w += b.invInertia * p * cb
    }

    /// A point's separation now: at the step's start plus how far its anchors moved along the normal since (the
    /// centres' motion, and the turning anchors rotated by each body's turn; a circle's offset to its surface does
    /// not turn, so a rolling circle keeps touching).
    private static func separation(_ soft: SoftContact, _ sp: SoftPoint, _ a: SoftBody, _ b: SoftBody) -> Double {
        sp.baseSeparation + (b.dx - a.dx) * soft.nx + (b.dy - a.dy) * soft.ny + b.c * sp.pb + b.s * sp.qb
            - a.c * sp.pa - a.s * sp.qa
    }

    /// Both normal points of a contact at once: the 2×2 complementarity problem A·x + q ≥ 0, x ≥ 0,
    /// x·(A·x + q) = 0 (Box2D 2.x's block solver, with the soft terms on the diagonal); `inverse00` and
    /// `inverse11` are 1/a00 and 1/a11. Nil when A is too poorly conditioned (the points nearly coincide).
    private static func blockSolve(
        _ a00: Double, _ a01: Double, _ a11: Double, _ inverse00: Double, _ inverse11: Double, _ q0: Double, _ q1: Double
    ) -> (Double, Double)? {
        let det = a00 * a11 - a01 * a01
        guard det > 1e-9 * a00 * a11 else { return nil }
        let inverseDet = 1.0 / det
        var x = ((a01 * q1 - a11 * q0) * inverseDet, (a01 * q0 - a00 * q1) * inverseDet)  // both push
        if x.0 >= 0.0 && x.1 >= 0.0 { return x }
        x = (-q0 * inverse00, 0.0)  // only the first
        if x.0 >= 0.0 && a01 * x.0 + q1 >= 0.0 { return x }
        x = (0.0, -q1 * inverse11)  // only the second
        if x.1 >= 0.0 && a01 * x.1 + q0 >= 0.0 { return x }
        return q0 >= 0.0 && q1 >= 0.0 ? (0.0, 0.0) : nil  // neither
    }

    /// Applies the impulses accumulated so far (the warm start of a substep).
    mutating func warmStart() {
        for soft in contacts {
            var a = bodies[soft.a], b = bodies[soft.b]
            for sp in soft.points { Self.push(&a, &b, soft.nx, soft.ny, sp.ca, sp.cb, sp.impulse) }
            Self.push(&a, &b, -soft.ny, soft.nx, soft.fca, soft.fcb, soft.tangentImpulse)
            bodies[soft.a] = a
            bodies[soft.b] = b
        }
    }

    /// One sweep over the contacts at the bodies' current motion. `bias` selects the soft push-out (solve) or none
    /// (relax); gaps close speculatively either way. An overlapping point in the biased sweep is a spring: its
    /// row's K grows by the factor 1 + leak, so its inverse is the rigid mass over 1 + leak.
    mutating func sweep(bias: Bool, h: Double) {
        // A push-out's bias rate, leak and mass scale 1/(1 + leak); contacts with a body that cannot move take
        // twice the stiffness (the C core's still softness).
        func pushOut(hertz: Double) -> (biasRate: Double, leak: Double, softScale: Double) {
            var biasRate = 0.0, massScale = 1.0
            if bias { (biasRate, massScale) = Self.softness(hertz: hertz, zeta: SoftStep.dampingRatio, h: h) }
            return (biasRate, (1.0 - massScale) / massScale, massScale)
        }
        let hertz = SoftStep.contactHertz < 0.25 / h ? SoftStep.contactHertz : 0.25 / h
        let moving = pushOut(hertz: hertz), fixed = pushOut(hertz: 2.0 * hertz)
        let inverseH = 1.0 / h
        for q in contacts.indices {
            var soft = contacts[q]
            let (biasRate, leak, softScale) = soft.still ? fixed : moving
            var a = bodies[soft.a], b = bodies[soft.b]
            let nx = soft.nx, ny = soft.ny
            let n = soft.points.count
            let linear = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny  // the points' shared normal speed
            // Each point's residual is J·v + offset + softness·λ (zero when satisfied); the diagonal of A is K_pp
            // (+ softness) and `inverse` its reciprocal.
            var residual = [0.0, 0.0], diagonal = [0.0, 0.0], inverse = [0.0, 0.0]
            for p in 0..<n {
                let sp = soft.points[p]
                let separation = Self.separation(soft, sp, a, b)
                var offset = 0.0
                diagonal[p] = sp.normalK
                inverse[p] = sp.normalMass
                if separation > 0.0 {
                    offset = separation * inverseH  // a gap closes exactly, no more
                } else if bias && !soft.jointed {
                    offset = biasRate * separation > -SoftStep.maxPushOut ? biasRate * separation : -SoftStep.maxPushOut
                    offset += leak * sp.normalK * sp.impulse  // softness·λ
                    diagonal[p] = sp.normalK * (1.0 + leak)
                    inverse[p] = sp.normalMass * softScale
                }
                residual[p] = linear + b.w * sp.cb - a.w * sp.ca + offset
            }
            var next = [0.0, 0.0]
            var solved = false
            if n == 2 {
                let l0 = soft.points[0].impulse, l1 = soft.points[1].impulse
                if let x = Self.blockSolve(
                    diagonal[0], soft.k01, diagonal[1], inverse[0], inverse[1],
                    residual[0] - (diagonal[0] * l0 + soft.k01 * l1), residual[1] - (soft.k01 * l0 + diagonal[1] * l1))
                {
                    next = [x.0, x.1]
                    solved = true
                }
            }
            var total = 0.0
            for p in 0..<n {
                let sp = soft.points[p]
                if !solved {  // one point, or a pair too close to solve together: in turn, from current velocities
                    if p == 1 {  // the first point's impulse changed the speeds
                        let again = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny + b.w * sp.cb - a.w * sp.ca
                        residual[1] += again - (linear + b.w * sp.cb - a.w * sp.ca)
                    }
                    next[p] = sp.impulse - residual[p] * inverse[p]
                    if next[p] < 0.0 { next[p] = 0.0 }
                }
                Self.push(&a, &b, nx, ny, sp.ca, sp.cb, next[p] - sp.impulse)
                soft.points[p].impulse = next[p]
                if next[p] > sp.maxImpulse { soft.points[p].maxImpulse = next[p] }
                total += next[p]
            }
            // Friction, bounded by μ times the contact's normal impulses.
            let bound = soft.friction * total
            var friction = soft.tangentImpulse - soft.tangentMass * Self.speed(a, b, -ny, nx, soft.fca, soft.fcb)
            if friction > bound { friction = bound }
            if friction < -bound { friction = -bound }
            Self.push(&a, &b, -ny, nx, soft.fca, soft.fcb, friction - soft.tangentImpulse)
            soft.tangentImpulse = friction
            contacts[q] = soft
            bodies[soft.a] = a
            bodies[soft.b] = b
        }
    }

    /// Restitution, once a step: points that pushed and met at an impact faster than the threshold leave at e
    /// times their closing speed. `approach` gives a point's approach velocity, `restitution` a contact's.
    mutating func applyRestitution(restitution: (Int) -> Double, approach: (Int, Int) -> Double) {
        for q in contacts.indices {
            let e = restitution(contacts[q].contact)
            if e == 0.0 { continue }
            var soft = contacts[q]
            var a = bodies[soft.a], b = bodies[soft.b]
            for p in soft.points.indices {
                let sp = soft.points[p]
                let closing = approach(soft.contact, p)
                if !(sp.maxImpulse > 0.0) || closing >= -ReferenceConstants.restitutionThreshold { continue }
                let vn = Self.speed(a, b, soft.nx, soft.ny, sp.ca, sp.cb)
                var next = sp.impulse - sp.normalMass * (vn + e * closing)
                if next < 0.0 { next = 0.0 }
                Self.push(&a, &b, soft.nx, soft.ny, sp.ca, sp.cb, next - sp.impulse)
                soft.points[p].impulse = next
            }
            contacts[q] = soft
            bodies[soft.a] = a
            bodies[soft.b] = b
        }
    }
}

extension ReferenceWorld {
    /// The soft step of a large island for this step (its first substep): local bodies in order of first
    /// appearance, contacts in depth order, and every constraint built at the step's start. Records each point's
    /// approach velocity for restitution, as the exact path does.
    func prepareSoftIsland(_ island: ReferenceContactIsland, start: SubstepStart, h: Double) -> SoftIsland {
        var soft = SoftIsland()
        var local: [Int: Int] = [:]
        var ends: [(a: Int, b: Int)] = []
        for k in island.contacts {
            let contact = collision.contacts[k]
            var end: [Int] = []
            for i in [contact.bodyA, contact.bodyB] {
                if local[i] == nil {  // not seen in this island yet
                    local[i] = soft.bodies.count
                    let body = bodies[i]!, pose = collision.collidePoses[i]
                    soft.bodies.append(
                        SoftBody(
                            slot: i, angle: body.angle, vx: body.vx, vy: body.vy, w: body.w, invMass: body.invMass,
                            invInertia: body.invInertia, dx: body.x - pose.x, dy: body.y - pose.y))
                }
                end.append(local[i]!)
            }
            ends.append((end[0], end[1]))
        }
        let order = depthFirstSweepOrder(ends: ends, isStill: soft.bodies.map { !isDynamic($0.slot) })
        for q in order {
            let k = island.contacts[q]
            soft.contacts.append(softContact(k, a: ends[q].a, b: ends[q].b, start: start, h: h))
        }
        return soft
    }

    /// Contact k as a soft constraint between local bodies a and b, at the step's start (no turn yet).
    private func softContact(_ k: Int, a localA: Int, b localB: Int, start: SubstepStart, h: Double) -> SoftContact {
        let contact = collision.contacts[k]
        let a = contact.bodyA, b = contact.bodyB
        let bodyA = bodies[a]!, bodyB = bodies[b]!
        let nx = contact.normal.x, ny = contact.normal.y, tx = -ny, ty = nx
        let ima = bodyA.invMass, imb = bodyB.invMass, iia = bodyA.invInertia, iib = bodyB.invInertia
        let v0a = start.velocities[a], v0b = start.velocities[b]
        var soft = SoftContact(
            contact: k, a: localA, b: localB, jointed: contact.jointed,
            still: (ima == 0.0 && iia == 0.0) || (imb == 0.0 && iib == 0.0), nx: nx, ny: ny, friction: contact.friction)
        var sumAx = 0.0, sumAy = 0.0, sumBx = 0.0, sumBy = 0.0
        for (p, point) in contact.points.enumerated() {
            var sp = SoftPoint()
            let rax = point.anchorA.x + point.offsetA.x, ray = point.anchorA.y + point.offsetA.y
            let rbx = point.anchorB.x + point.offsetB.x, rby = point.anchorB.y + point.offsetB.y
            sumAx += rax
            sumAy += ray
            sumBx += rbx
            sumBy += rby
            sp.ca = rax * ny - ray * nx
            sp.cb = rbx * ny - rby * nx
            let kk = ima + imb + iia * sp.ca * sp.ca + iib * sp.cb * sp.cb
            sp.normalK = kk
            sp.normalMass = kk > 0.0 ? 1.0 / kk : 0.0
            // (R·r)·n = cos θ·(r·n) + sin θ·(r × n) for the turning anchors r.
            sp.pa = point.anchorA.x * nx + point.anchorA.y * ny
            sp.qa = point.anchorA.x * ny - point.anchorA.y * nx
            sp.pb = point.anchorB.x * nx + point.anchorB.y * ny
            sp.qb = point.anchorB.x * ny - point.anchorB.y * nx
            sp.baseSeparation = point.separation - sp.pb + sp.pa
            sp.impulse = point.normalImpulse
            // Start and free-motion normal speeds give the closing speed for restitution, as the exact path.
            let u0 = (v0b.0 - v0a.0) * nx + (v0b.1 - v0a.1) * ny + v0b.2 * sp.cb - v0a.2 * sp.ca
            let u = (bodyB.vx - bodyA.vx) * nx + (bodyB.vy - bodyA.vy) * ny + bodyB.w * sp.cb - bodyA.w * sp.ca
            let gap = point.separation > 0.0 ? point.separation : 0.0
            let accel = (u - u0) / h, closing = u0 * u0 - 2.0 * accel * gap
            collision.contacts[k].points[p].approachVelocity =
                gap > 0.0 && closing > 0.0 && (u0 < 0.0 || accel < 0.0) ? -closing.squareRoot() : u0
            soft.points.append(sp)
        }
        if soft.points.count == 2 {
            let p0 = soft.points[0], p1 = soft.points[1]
            soft.k01 = ima + imb + iia * p0.ca * p1.ca + iib * p0.cb * p1.cb
        }
        let share = 1.0 / Double(contact.points.count)
        let frax = sumAx * share, fray = sumAy * share, frbx = sumBx * share, frby = sumBy * share
        soft.fca = frax * ty - fray * tx
        soft.fcb = frbx * ty - frby * tx
        let kt = ima + imb + iia * soft.fca * soft.fca + iib * soft.fcb * soft.fcb
        soft.tangentMass = kt > 0.0 ? 1.0 / kt : 0.0
        soft.tangentImpulse = contact.points[0].tangentImpulse
        return soft
    }

    /// Reads the world's velocities of the island's bodies into their local records.
    func gatherSoftVelocities(_ island: inout SoftIsland) {
        for k in island.bodies.indices {
            let body = bodies[island.bodies[k].slot]!
            island.bodies[k].vx = body.vx
            island.bodies[k].vy = body.vy
            island.bodies[k].w = body.w
        }
    }

    /// Writes the local velocities back to the world (bodies nothing can push, static ones, are left alone).
    func finishSoftVelocities(_ island: SoftIsland) {
        for body in island.bodies where !(body.invMass == 0.0 && body.invInertia == 0.0) {
            bodies[body.slot]!.vx = body.vx
            bodies[body.slot]!.vy = body.vy
            bodies[body.slot]!.w = body.w
        }
    }

    /// Reads how far the island's bodies moved since the step's start. A turn is followed by rotating the kept
    /// cos/sin by this substep's increment δ: for small δ by cos δ ≈ 1 − δ²/2, sin δ ≈ δ − δ³/6 and renormalising,
    /// for larger ones by cos and sin.
    func gatherSoftMotion(_ island: inout SoftIsland) {
        for k in island.bodies.indices {
            var local = island.bodies[k]
            let body = bodies[local.slot]!, pose = collision.collidePoses[local.slot]
            local.dx = body.x - pose.x
            local.dy = body.y - pose.y
            let delta = body.angle - local.angle
            if delta != 0.0 {
                local.angle = body.angle
                let dc: Double, ds: Double
                if abs(delta) < SoftStep.seriesTurn {
                    let d2 = delta * delta
                    dc = 1.0 - 0.5 * d2
                    ds = delta - delta * d2 * (1.0 / 6.0)
                } else {
                    dc = cos(delta)
                    ds = sin(delta)
                }
                let nc = local.c * dc - local.s * ds, ns = local.s * dc + local.c * ds
                let scale = 1.0 / (nc * nc + ns * ns).squareRoot()
                local.c = nc * scale
                local.s = ns * scale
            }
            island.bodies[k] = local
        }
    }

    /// Each substep: the bodies' free velocities and motion, and the impulses accumulated so far applied again.
    func warmStartSoftIsland(_ island: inout SoftIsland) {
        gatherSoftVelocities(&island)
        gatherSoftMotion(&island)
        island.warmStart()
    }

    /// After the positions moved: the relaxing sweep; on the step's last substep restitution too, and the impulses
    /// go back to the contact points with where the surfaces touch now for the points that pushed.
    func relaxSoftIsland(_ island: inout SoftIsland, h: Double, lastSubstep: Bool) {
        gatherSoftMotion(&island)
        for _ in 0..<SoftStep.relaxIterations { island.sweep(bias: false, h: h) }
        if lastSubstep {
            island.applyRestitution(
                restitution: { self.collision.contacts[$0].restitution },
                approach: { self.collision.contacts[$0].points[$1].approachVelocity })
        }
        finishSoftVelocities(island)
        if lastSubstep { storeSoftImpulses(island) }
    }

    /// The impulses go back to the points (warm starts, touch state), with the touch point of those that pushed.
    private func storeSoftImpulses(_ island: SoftIsland) {
        for soft in island.contacts {
            let k = soft.contact
            let ba = island.bodies[soft.a], bb = island.bodies[soft.b]
            let a = bodies[collision.contacts[k].bodyA]!, b = bodies[collision.contacts[k].bodyB]!
            collision.contacts[k].points[0].tangentImpulse = soft.tangentImpulse
            for (p, sp) in soft.points.enumerated() {
                collision.contacts[k].points[p].normalImpulse = sp.impulse
                collision.contacts[k].points[p].maxNormalImpulse = sp.maxImpulse
                guard sp.maxImpulse > 0.0 else { continue }
                let point = collision.contacts[k].points[p]
                let ax = a.x + ba.c * point.anchorA.x - ba.s * point.anchorA.y + point.offsetA.x
                let ay = a.y + ba.s * point.anchorA.x + ba.c * point.anchorA.y + point.offsetA.y
                let bx = b.x + bb.c * point.anchorB.x - bb.s * point.anchorB.y + point.offsetB.x
                let by = b.y + bb.s * point.anchorB.x + bb.c * point.anchorB.y + point.offsetB.y
                collision.contacts[k].points[p].touch = (0.5 * (ax + bx), 0.5 * (ay + by))
            }
        }
    }
}
