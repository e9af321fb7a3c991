import Foundation

/// Continuous collision (continuous.c): the safety net under speculative contacts. A body turning fast can bring
/// a corner the step's manifold did not foresee, so after each substep every contact whose bodies moved or
/// turned more than a quarter of their thinnest shape is swept by conservative advancement from the substep's
/// start poses: advance time by the separation (a lower bound of the distance) over the largest relative motion
/// of any point, until the shapes touch or the substep ends. A body that touched on the way is put back at its
/// earliest time of impact; its velocity stays.
///
/// The collision pass finds pairs from each body's motion at the step's start; a body struck within the step can
/// outrun that and reach a shape it has no contact with (the soak's slider, sent through a boundary it rested
/// 5 pt from). So a shape that left the box the pass kept for it is also swept against every shape that stays
/// still this substep (static or resting) whose kept box is apart from its own; touching at the substep's start,
/// such a pair stops the body there, since nothing else holds it until the next pass makes the contact.
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

    /// The earliest fraction of the substep at which shapes sa and sb touch, or 1 when they do not. `atStart` is
    /// the answer when they already touch at its start: 1 for a contact's shapes (the contact solver handles them),
    /// 0 for a pair without a contact. A contact's shapes that moved slowly for their size are not swept.
    private func timeOfImpact(_ sa: Int, _ sb: Int, atStart: Double, start: SubstepStart) -> Double {
        let a = collision.shapes[sa]!, b = collision.shapes[sb]!
        let pa0 = start.poses[a.body], pb0 = start.poses[b.body]
        let ba = bodies[a.body]!, bb = bodies[b.body]!
        let ax = ba.x - pa0.x, ay = ba.y - pa0.y, ta = abs(ba.angle - pa0.angle)
        let bx = bb.x - pb0.x, by = bb.y - pb0.y, tb = abs(bb.angle - pb0.angle)
        // The largest relative motion of any point of the two shapes over the whole substep: slow for their size,
        // nothing can pass through (decided on squares first, as the C core: √ and hypot differ in the last bit).
        let thinA = a.thickness > 0.0 ? a.thickness : .infinity
        let thinB = b.thickness > 0.0 ? b.thickness : .infinity
        let thin = thinA < thinB ? thinA : thinB
        let dx = bx - ax, dy = by - ay, distance2 = dx * dx + dy * dy
        let reach = 0.25 * thin - ta * a.extent - tb * b.extent  // the centres' motion that stays slow
        let contact = atStart > 0.0
        if contact && reach >= 0.0 && distance2 <= reach * reach { return 1.0 }
        let motion = distance2.squareRoot() + ta * a.extent + tb * b.extent
        guard contact ? motion > 0.25 * thin : motion > 0.0 else { return 1.0 }
        var t = 0.0
        for _ in 0..<Self.continuousIterations {
            let gap = separation(a, pose(a.body, at: t, start: start), b, pose(b.body, at: t, start: start))
            if gap <= Self.continuousTarget { return t > 0.0 ? t : atStart }
            t += (gap - 0.5 * Self.continuousTarget) / motion
            if t >= 1.0 { return 1.0 }
        }
        return t
    }

    /// The earliest impact of shape i (of an awake body) with a shape that stays still this substep and that it
    /// has no contact with, or 1 (continuous.c, sd_outran_impact). Only a shape outside the box the collision pass
    /// kept for it can reach one: its points moved less than its centre's displacement plus its turn times its
    /// extent, and the kept box holds its bounds at the pass grown by half the speculative distance.
    private func outranImpact(_ i: Int, start: SubstepStart) -> Double {
        let shape = collision.shapes[i]!, b = shape.body, body = bodies[b]!
        let pass = collision.collidePoses[b]
        let px = body.x - pass.x, py = body.y - pass.y
        let moved = (px * px + py * py).squareRoot() + abs(body.angle - pass.angle) * shape.extent
        guard moved > 0.5 * ReferenceConstants.speculativeBase else { return 1.0 }
        let bounds = shapeBounds(shape)
        if bounds.minX >= shape.fatMinX && bounds.minY >= shape.fatMinY && bounds.maxX <= shape.fatMaxX
            && bounds.maxY <= shape.fatMaxY {
            return 1.0
        }
        // The box the shape swept over the substep (its centre's path, grown by its extent).
        let s = start.poses[b], grow = shape.extent + Self.continuousTarget
        let sweepMinX = (s.x < body.x ? s.x : body.x) - grow, sweepMaxX = (s.x > body.x ? s.x : body.x) + grow
        let sweepMinY = (s.y < body.y ? s.y : body.y) - grow, sweepMaxY = (s.y > body.y ? s.y : body.y) + grow
        var earliest = 1.0
        for j in collision.stillShapes {  // still at the pass; skipped here if woken since
            guard let other = collision.shapes[j], other.body != b, !bodies[other.body]!.isAwake else { continue }
            guard (shape.categoryBits & other.maskBits) != 0 || (other.categoryBits & shape.maskBits) != 0 else { continue }
            if shape.fatMinX <= other.fatMaxX && other.fatMinX <= shape.fatMaxX && shape.fatMinY <= other.fatMaxY
                && other.fatMinY <= shape.fatMaxY {
                continue  // the pass found this pair: its contact was swept
            }
            if sweepMaxX < other.minX || other.maxX < sweepMinX || sweepMaxY < other.minY || other.maxY < sweepMinY {
                continue
            }
            let t = timeOfImpact(i, j, atStart: 0.0, start: start)
            if t < earliest { earliest = t }
        }
        return earliest
    }

    /// After a substep's positions: bodies that moved or turned far for their size are swept against the shapes
    /// they may reach; one that would pass through stops at its earliest time of impact.
    func solveContinuous(start: SubstepStart) {
        if collision.shapeCount == 0 { return }
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
            let t = timeOfImpact(contact.shapeA, contact.shapeB, atStart: 1.0, start: start)
            guard t < 1.0 else { continue }
            any = true
            if movesA && t < impact[contact.bodyA] { impact[contact.bodyA] = t }
            if movesB && t < impact[contact.bodyB] { impact[contact.bodyB] = t }
        }
        // Shapes that outran the collision pass, against the shapes that stay still.
        for (i, slot) in collision.shapes.enumerated() {
            guard let shape = slot, bodies[shape.body]!.isAwake else { continue }
            let t = outranImpact(i, start: start)
            guard t < impact[shape.body] else { continue }
            impact[shape.body] = t
            any = true
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
