import Foundation

/// Continuous collision (continuous.c): the safety net under speculative contacts. A body turning fast can bring
/// a corner the step's manifold did not foresee, so after each substep every contact whose bodies moved or
/// turned more than a quarter of their thinnest shape is swept by conservative advancement from the substep's
/// start poses: advance time by the separation (a lower bound of the distance) over the largest relative motion
/// of any point, until the shapes touch or the substep ends. A body that touched on the way is put back at its
/// earliest time of impact; its velocity stays.
extension ReferenceWorld {
    /// Sweeps stop this close (pt): the speculative contacts and the projection handle the rest.
    private static let continuousTarget = 0.25 * ReferenceConstants.touchSlop
    private static let continuousIterations = 32

    /// Body b's pose at fraction t of the substep (linear in position and angle).
    private func pose(_ b: Int, at t: Double, start: SubstepStart) -> (x: Double, y: Double, angle: Double) {
        let s = start.poses[b], body = bodies[b]!
        return (s.x + t * (body.x - s.x), s.y + t * (body.y - s.y), s.angle + t * (body.angle - s.angle))
    }

    /// A lower bound of the distance between two shapes at the given poses (negative when they overlap): the
    /// greatest separation along a face normal, or between circle centres.
    private func separation(
        _ a: ReferenceShape, _ pa: (x: Double, y: Double, angle: Double), _ b: ReferenceShape,
        _ pb: (x: Double, y: Double, angle: Double)
    ) -> Double {
        let circleA = a.kind == .circle, circleB = b.kind == .circle
        let origin: Vector = (0, 0)
        let ca = circleA ? a.circleCenter(pa.x, pa.y, pa.angle) : origin
        let cb = circleB ? b.circleCenter(pb.x, pb.y, pb.angle) : origin
        if circleA && circleB { return hypot(cb.x - ca.x, cb.y - ca.y) - a.radius - b.radius }
        if circleA || circleB {
            let polygon = circleA ? b : a, pose = circleA ? pb : pa
            let c = circleA ? ca : cb, r = circleA ? a.radius : b.radius
            let p = polygon.posed(pose.x, pose.y, pose.angle)
            var best = -Double.infinity
            for i in p.v.indices {
                let d = p.n[i].x * (c.x - p.v[i].x) + p.n[i].y * (c.y - p.v[i].y)
                if d > best { best = d }
            }
            return best - r
        }
        let p = a.posed(pa.x, pa.y, pa.angle), q = b.posed(pb.x, pb.y, pb.angle)
        let sa = maxSeparation(p, q).separation, sb = maxSeparation(q, p).separation
        return sa > sb ? sa : sb
    }

    /// The earliest fraction of the substep at which the contact's shapes touch, or 1 when they do not (or already
    /// touched at its start, which the contact solver handles).
    private func timeOfImpact(_ contact: ReferenceContact, start: SubstepStart) -> Double {
        let a = collision.shapes[contact.shapeA]!, b = collision.shapes[contact.shapeB]!
        let sa = start.poses[contact.bodyA], sb = start.poses[contact.bodyB]
        let ba = bodies[contact.bodyA]!, bb = bodies[contact.bodyB]!
        let ax = ba.x - sa.x, ay = ba.y - sa.y, ta = abs(ba.angle - sa.angle)
        let bx = bb.x - sb.x, by = bb.y - sb.y, tb = abs(bb.angle - sb.angle)
        // The largest relative motion of any point of the two shapes over the whole substep: slow for their size,
        // nothing can pass through (decided on squares first, as the C core: √ and hypot differ in the last bit).
        let thinA = a.thickness > 0.0 ? a.thickness : .infinity
        let thinB = b.thickness > 0.0 ? b.thickness : .infinity
        let thin = thinA < thinB ? thinA : thinB
        let dx = bx - ax, dy = by - ay, distance2 = dx * dx + dy * dy
        let reach = 0.25 * thin - ta * a.extent - tb * b.extent  // the centres' motion that stays slow
        if reach >= 0.0 && distance2 <= reach * reach { return 1.0 }
        let motion = distance2.squareRoot() + ta * a.extent + tb * b.extent
        guard motion > 0.25 * thin else { return 1.0 }
        var t = 0.0
        for _ in 0..<Self.continuousIterations {
            let gap = separation(a, pose(contact.bodyA, at: t, start: start), b, pose(contact.bodyB, at: t, start: start))
            if gap <= Self.continuousTarget { return t > 0.0 ? t : 1.0 }
            t += (gap - 0.5 * Self.continuousTarget) / motion
            if t >= 1.0 { return 1.0 }
        }
        return t
    }

    /// After a substep's positions: bodies that moved or turned far for their size are swept against the shapes
    /// they may reach; one that would pass through stops at its earliest time of impact.
    func solveContinuous(start: SubstepStart) {
        if collision.contacts.isEmpty { return }
        var impact = Array(repeating: 1.0, count: bodies.count)
        // A bound on how far any point of each body moved: a contact whose bodies together moved less than a
        // quarter of the thinner one's thickness cannot have passed through.
        var motion = Array(repeating: 0.0, count: bodies.count)
        for i in bodies.indices where bodies[i]?.isAwake == true {
            let b = bodies[i]!, s = start.poses[i]
            let dx = b.x - s.x, dy = b.y - s.y
            motion[i] = (dx * dx + dy * dy).squareRoot() + abs(b.angle - s.angle) * collision.bodyExtent[i]
        }
        var any = false
        for contact in collision.contacts {
            let a = contact.bodyA, b = contact.bodyB
            let thin = min(collision.bodyThickness[a], collision.bodyThickness[b])
            guard motion[a] + motion[b] > 0.25 * thin else { continue }
            let movesA = bodies[contact.bodyA]!.isAwake, movesB = bodies[contact.bodyB]!.isAwake
            if !movesA && !movesB { continue }
            let t = timeOfImpact(contact, start: start)
            guard t < 1.0 else { continue }
            any = true
            if movesA && t < impact[contact.bodyA] { impact[contact.bodyA] = t }
            if movesB && t < impact[contact.bodyB] { impact[contact.bodyB] = t }
        }
        if !any { return }
        for i in bodies.indices where impact[i] < 1.0 {
            let p = pose(i, at: impact[i], start: start)
            bodies[i]!.x = p.x
            bodies[i]!.y = p.y
            bodies[i]!.angle = p.angle
        }
    }
}
