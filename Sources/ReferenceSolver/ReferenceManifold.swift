import Foundation

/// Narrowphase (manifold.c): the contact points of two shapes in world space. A segment is a two-sided polygon of
/// two vertices, so every pair is circle–circle, polygon–circle or polygon–polygon. Polygon pairs use the
/// separating axis of greatest separation, a reference face (A's unless B's separates clearly more) and the
/// incident edge of the other shape clipped to it: at most two points, each with a feature id so impulses carry
/// over from step to step. Points farther apart than `maxDistance` are dropped; closer ones, even when not
/// touching yet, become speculative contacts.
struct Manifold {
    /// From A to B; nil when the shapes are too far apart for a normal to be computed (the contact then reads
    /// (0, 0), as the C core writes it).
    var normal: Vector?
    var points: [ReferenceContactPoint] = []
}

/// The edge of `p` whose normal separates `q` the most, and that separation: a lower bound of the distance
/// between the two polygons when they are apart.
func maxSeparation(_ p: WorldPolygon, _ q: WorldPolygon) -> (separation: Double, edge: Int) {
    var best = -Double.infinity
    var edge = 0
    for i in p.v.indices {
        let n = p.n[i], v = p.v[i]
        var deepest = Double.infinity
        for w in q.v {
            let s = n.x * (w.x - v.x) + n.y * (w.y - v.y)
            if s < deepest { deepest = s }
        }
        if deepest > best {
            best = deepest
            edge = i
        }
    }
    return (best, edge)
}

/// Feature id of a polygon point: A's vertex and B's vertex, whichever gave the reference face, so a point keeps
/// its id (and its warm-start impulses) when the reference face moves to the other shape.
private func featureID(flip: Bool, _ referenceVertex: Int, _ incidentVertex: Int) -> UInt32 {
    flip ? UInt32(incidentVertex) << 8 | UInt32(referenceVertex) : UInt32(referenceVertex) << 8 | UInt32(incidentVertex)
}

extension ReferenceWorld {
    /// A point at world position `point` with its separation and id. `turnA`/`turnB` are the points of A and B
    /// the contact turns with: the point itself for a polygon, the centre for a circle.
    private func contactPoint(
        bodyA: Int, bodyB: Int, _ point: Vector, turnA: Vector, turnB: Vector, separation: Double, id: UInt32
    ) -> ReferenceContactPoint {
        let a = bodies[bodyA]!, b = bodies[bodyB]!
        return ReferenceContactPoint(
            anchorA: (turnA.x - a.x, turnA.y - a.y), offsetA: (point.x - turnA.x, point.y - turnA.y),
            anchorB: (turnB.x - b.x, turnB.y - b.y), offsetB: (point.x - turnB.x, point.y - turnB.y),
            separation: separation, id: id)
    }

    private func worldPolygon(_ shape: ReferenceShape) -> WorldPolygon {
        let b = bodies[shape.body]!
        return shape.posed(b.x, b.y, b.angle)
    }

    private func worldCircle(_ shape: ReferenceShape) -> Vector {
        let b = bodies[shape.body]!
        return shape.circleCenter(b.x, b.y, b.angle)
    }

    private func collideCircles(_ a: ReferenceShape, _ b: ReferenceShape, maxDistance: Double) -> Manifold {
        let ca = worldCircle(a), cb = worldCircle(b)
        let dx = cb.x - ca.x, dy = cb.y - ca.y
        let distance = (dx * dx + dy * dy).squareRoot()
        let separation = distance - a.radius - b.radius
        if separation > maxDistance { return Manifold() }
        // Concentric circles have no direction; push along +y (down on screen), any choice is as good.
        let normal = (x: distance > 1e-12 ? dx / distance : 0.0, y: distance > 1e-12 ? dy / distance : 1.0)
        let mid = a.radius + 0.5 * separation  // from A's centre to midway between the surfaces
        let point = contactPoint(
            bodyA: a.body, bodyB: b.body, (ca.x + mid * normal.x, ca.y + mid * normal.y), turnA: ca, turnB: cb,
            separation: separation, id: 0)
        return Manifold(normal: normal, points: [point])
    }

    /// Polygon (A, world) against a circle of radius r at `c` (B). Normal from the polygon to the circle.
    private func collidePolygonCircle(
        bodyA: Int, bodyB: Int, _ p: WorldPolygon, _ c: Vector, _ r: Double, maxDistance: Double
    ) -> Manifold {
        var edge = 0
        var best = -Double.infinity
        for i in p.v.indices {
            let s = p.n[i].x * (c.x - p.v[i].x) + p.n[i].y * (c.y - p.v[i].y)
            if s > best {
                best = s
                edge = i
            }
        }
        if best - r > maxDistance { return Manifold() }
        let next = edge + 1 == p.v.count ? 0 : edge + 1
        let v1 = p.v[edge], v2 = p.v[next]
        let u1 = (c.x - v1.x) * (v2.x - v1.x) + (c.y - v1.y) * (v2.y - v1.y)
        let u2 = (c.x - v2.x) * (v1.x - v2.x) + (c.y - v2.y) * (v1.y - v2.y)
        let separation: Double
        let normal: Vector
        if best > 0.0 && (u1 < 0.0 || u2 < 0.0) {  // outside, beyond an end of the edge: the nearest vertex
            let v = u1 < 0.0 ? v1 : v2
            let dx = c.x - v.x, dy = c.y - v.y
            let distance = (dx * dx + dy * dy).squareRoot()
            separation = distance - r
            if separation > maxDistance { return Manifold() }
            normal = distance > 1e-12 ? (dx / distance, dy / distance) : p.n[edge]
        } else {
            separation = best - r
            normal = p.n[edge]
        }
        let back = r + 0.5 * separation  // from the circle's centre back to midway between the surfaces
        let point = (x: c.x - back * normal.x, y: c.y - back * normal.y)
        return Manifold(
            normal: normal,
            points: [contactPoint(bodyA: bodyA, bodyB: bodyB, point, turnA: point, turnB: c, separation: separation, id: 0)])
    }

    private func collidePolygons(
        bodyA: Int, bodyB: Int, _ pa: WorldPolygon, _ pb: WorldPolygon, maxDistance: Double
    ) -> Manifold {
        let (separationA, edgeA) = maxSeparation(pa, pb)
        if separationA > maxDistance { return Manifold() }
        let (separationB, edgeB) = maxSeparation(pb, pa)
        if separationB > maxDistance { return Manifold() }
        // Prefer A's face unless B's separates clearly more (keeps the choice stable from step to step).
        let flip = separationB > separationA + 0.1 * ReferenceConstants.touchSlop
        let reference = flip ? pb : pa
        let incident = flip ? pa : pb
        let i11 = flip ? edgeB : edgeA
        let i12 = i11 + 1 == reference.v.count ? 0 : i11 + 1
        let normal = reference.n[i11]
        // The incident edge: the one whose normal opposes the reference normal the most.
        var i21 = 0
        var most = Double.infinity
        for (j, n) in incident.n.enumerated() {
            let d = normal.x * n.x + normal.y * n.y
            if d < most {
                most = d
                i21 = j
            }
        }
        let i22 = i21 + 1 == incident.v.count ? 0 : i21 + 1
        let v11 = reference.v[i11], v12 = reference.v[i12], v21 = incident.v[i21], v22 = incident.v[i22]
        // Clip the incident edge (which runs against the reference edge) to the reference edge's extent.
        let tx = -normal.y, ty = normal.x  // along the reference edge, v11 → v12 (positive orientation)
        let upper1 = (v12.x - v11.x) * tx + (v12.y - v11.y) * ty
        let upper2 = (v21.x - v11.x) * tx + (v21.y - v11.y) * ty
        let lower2 = (v22.x - v11.x) * tx + (v22.y - v11.y) * ty
        let span = upper2 - lower2
        var lower = v22, upper = v21
        if lower2 < 0.0 && span > 1e-12 {
            let t = fmin((0.0 - lower2) / span, 1.0)  // never past the incident edge's far end
            lower = (v22.x + t * (v21.x - v22.x), v22.y + t * (v21.y - v22.y))
        }
        if upper2 > upper1 && span > 1e-12 {
            let t = fmax((upper1 - lower2) / span, 0.0)
            upper = (v22.x + t * (v21.x - v22.x), v22.y + t * (v21.y - v22.y))
        }
        let separationLower = (lower.x - v11.x) * normal.x + (lower.y - v11.y) * normal.y
        let separationUpper = (upper.x - v11.x) * normal.x + (upper.y - v11.y) * normal.y
        var manifold = Manifold(normal: flip ? (-normal.x, -normal.y) : normal)  // from A to B
        for (point, separation, id) in [
            (lower, separationLower, featureID(flip: flip, i11, i22)),
            (upper, separationUpper, featureID(flip: flip, i12, i21)),
        ] where separation <= maxDistance {
            let x = (x: point.x - 0.5 * separation * normal.x, y: point.y - 0.5 * separation * normal.y)
            manifold.points.append(
                contactPoint(bodyA: bodyA, bodyB: bodyB, x, turnA: x, turnB: x, separation: separation, id: id))
        }
        return manifold
    }

    /// Contact points of two shapes at their bodies' current poses (normal from A to B), keeping points whose
    /// separation is below `maxDistance`.
    func collideShapes(_ a: ReferenceShape, _ b: ReferenceShape, maxDistance: Double) -> Manifold {
        let circleA = a.kind == .circle, circleB = b.kind == .circle
        if circleA && circleB { return collideCircles(a, b, maxDistance: maxDistance) }
        if circleA || circleB {
            // The polygon is the reference; flip back so the normal runs from A to B.
            let polygon = circleA ? b : a, circle = circleA ? a : b
            var manifold = collidePolygonCircle(
                bodyA: polygon.body, bodyB: circle.body, worldPolygon(polygon), worldCircle(circle), circle.radius,
                maxDistance: maxDistance)
            if circleA {  // computed with the polygon as A: swap the two sides back
                manifold.normal = manifold.normal.map { (-$0.x, -$0.y) }
                for k in manifold.points.indices {
                    let q = manifold.points[k]
                    manifold.points[k].anchorA = q.anchorB
                    manifold.points[k].offsetA = q.offsetB
                    manifold.points[k].anchorB = q.anchorA
                    manifold.points[k].offsetB = q.offsetA
                }
            }
            return manifold
        }
        return collidePolygons(
            bodyA: a.body, bodyB: b.body, worldPolygon(a), worldPolygon(b), maxDistance: maxDistance)
    }
}
