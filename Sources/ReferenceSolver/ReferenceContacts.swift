import Foundation
import SolverBackend

/// One contact point, kept across steps by its feature id (warm starting, touch state). Where the point is
/// relative to each body at collision time, world frame: `anchor` turns with the body (a polygon's vertex or
/// face; a circle's centre) and `offset` does not (from a circle's centre to its surface along the normal: the
/// point on a rolling circle stays at the bottom). Polygons: offset 0.
struct ReferenceContactPoint {
    var anchorA: Vector
    var offsetA: Vector
    var anchorB: Vector
    var offsetB: Vector
    /// Along the normal at collision time, pt (negative = overlapping).
    var separation: Double
    var id: UInt32
    /// Accumulated this step, and the warm start of the next.
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    /// Largest normal impulse of any substep this step (touch detection).
    var maxNormalImpulse = 0.0
    /// Relative normal velocity at the start of the substep (restitution), pt/s.
    var approachVelocity = 0.0
    /// World point midway between the surfaces when it pushed hardest this step (the began event's point); nil
    /// until it pushed.
    var touch: Vector?
}

/// A contact between two shapes (A's slot below B's), alive while their kept boxes overlap (contact.c).
struct ReferenceContact {
    var shapeA: Int
    var shapeB: Int
    /// The shapes' generations and tags: a destroyed shape's contacts are dropped, with an end event.
    var generationA: UInt32
    var generationB: UInt32
    var userDataA: UInt64
    var userDataB: UInt64
    var bodyA: Int
    var bodyB: Int
    /// Unit, from A to B, fixed for the step ((0, 0) when the shapes were too far apart for one).
    var normal: Vector
    var points: [ReferenceContactPoint]
    /// Mixed materials: geometric mean of the frictions, the larger restitution.
    var friction: Double
    var restitution: Double
    /// As of the end of the last step.
    var touching: Bool
    /// In the solver this step (has points, one body moves).
    var active = false
    /// Its bodies are joined by a joint: an overlap is held where it is, never pushed apart (the joint's rows may
    /// not allow it, and the two corrections would fight without end).
    var jointed = false
}

/// Contacts across steps. Once per step: record where every body is (substeps measure motion from there), find
/// the pairs with an enlarged shape, compute their manifolds and merge them with the last step's contacts in
/// (shapeA, shapeB) order, so points keep their impulses by feature id (warm starts) and touch state. An old
/// contact without a pair stays while its kept boxes still overlap (neither shape was enlarged): updated between
/// moving bodies, as it was between resting ones; contacts that vanished or whose shape was destroyed end.
/// After the substeps, a contact touches when a point pushed or lies within the touch slop; changes of touch
/// state are the began and ended events.
extension ReferenceWorld {
    private func ended(_ contact: ReferenceContact) -> ContactEnded {
        ContactEnded(
            shapeA: ShapeID(index: Int32(contact.shapeA), generation: contact.generationA),
            shapeB: ShapeID(index: Int32(contact.shapeB), generation: contact.generationB),
            userDataA: contact.userDataA, userDataB: contact.userDataB)
    }

    /// Whether a contact's shapes are still the ones it was made for.
    private func isAlive(_ contact: ReferenceContact) -> Bool {
        collision.shapes[contact.shapeA] != nil && collision.generations[contact.shapeA] == contact.generationA
            && collision.shapes[contact.shapeB] != nil && collision.generations[contact.shapeB] == contact.generationB
    }

    /// How far a shape's body can close a gap in dt: speed, acceleration and turning (0 when it does not move).
    private func reach(_ shape: ReferenceShape, dt: Double) -> Double {
        guard moves(shape.body) else { return 0.0 }
        let b = bodies[shape.body]!
        let ax = b.gravityX + b.forceX * b.invMass
        let ay = b.gravityY + b.forceY * b.invMass
        let speed = (b.vx * b.vx + b.vy * b.vy).squareRoot()
        return speed * dt + (ax * ax + ay * ay).squareRoot() * dt * dt + abs(b.w) * dt * shape.extent
    }

    /// The pairs of body slots joined by a joint (not to the world), as keys lower << 32 | higher.
    private func jointedBodyPairs() -> Set<Int> {
        var keys = Set<Int>()
        for case let joint? in joints {
            guard let a = joint.bodyA, let b = joint.bodyB else { continue }  // joined to the world: no shape pair
            keys.insert(min(a, b) << 32 | max(a, b))
        }
        return keys
    }

    /// The contact of pair (a, b) this step, carrying impulses over from `old` (matched by feature id) when it is
    /// the same contact.
    private func updatedContact(_ a: Int, _ b: Int, old: ReferenceContact?, jointed: Set<Int>, dt: Double)
        -> ReferenceContact
    {
        let sa = collision.shapes[a]!, sb = collision.shapes[b]!
        let maxDistance = ReferenceConstants.speculativeBase + reach(sa, dt: dt) + reach(sb, dt: dt)
        let manifold = collideShapes(sa, sb, maxDistance: maxDistance)
        let ra = bodies[sa.body]!.restitution, rb = bodies[sb.body]!.restitution
        var contact = ReferenceContact(
            shapeA: a, shapeB: b, generationA: collision.generations[a], generationB: collision.generations[b],
            userDataA: sa.userData, userDataB: sb.userData, bodyA: sa.body, bodyB: sb.body,
            normal: manifold.normal ?? (0, 0), points: manifold.points,
            friction: (bodies[sa.body]!.friction * bodies[sb.body]!.friction).squareRoot(),
            restitution: ra > rb ? ra : rb, touching: old?.touching ?? false)
        contact.jointed = jointed.contains(min(sa.body, sb.body) << 32 | max(sa.body, sb.body))
        guard let old else { return contact }
        for p in contact.points.indices {
            for q in old.points where q.id == contact.points[p].id {
                contact.points[p].normalImpulse = q.normalImpulse
                contact.points[p].tangentImpulse = q.tangentImpulse
            }
        }
        return contact
    }

    /// An old contact that no pair of this pass names: what it becomes, or nil when it ends. It ends when a shape
    /// is gone, or when a shape was enlarged (its pairs were all looked for, so the kept boxes no longer overlap).
    /// Otherwise its kept boxes still overlap: between moving bodies its manifold is updated, between resting ones
    /// it is kept as it was.
    private func carried(_ old: ReferenceContact, jointed: Set<Int>, dt: Double) -> ReferenceContact? {
        let alive = isAlive(old)
        let moving = alive && (moves(old.bodyA) || moves(old.bodyB))
        if alive && !moving {
            var kept = old
            kept.active = false
            return kept
        }
        if alive && !collision.shapes[old.shapeA]!.enlarged && !collision.shapes[old.shapeB]!.enlarged {
            return updatedContact(old.shapeA, old.shapeB, old: old, jointed: jointed, dt: dt)
        }
        if old.touching { collision.ended.append(ended(old)) }
        return nil
    }

    /// Wakes every body that has a contact with the shapes of `body` when it is static: it moved, changed or goes
    /// away, and what rests on it must notice (a dynamic body's sleep ring does this for it).
    func wakeRestingOn(_ body: Int) {
        guard bodies[body]!.isStatic else { return }
        for contact in collision.contacts {
            if contact.bodyA == body {
                wake(contact.bodyB)
            } else if contact.bodyB == body {
                wake(contact.bodyA)
            }
        }
    }

    /// The collision pass of a step: bounds, pairs, manifolds merged with the last step's contacts, and sleeping
    /// bodies that a moving body now reaches woken.
    func collide(dt: Double) {
        collision.began = []
        collision.ended = []
        if collision.shapeCount == 0 && collision.contacts.isEmpty { return }
        let jointed = jointedBodyPairs()
        // When no shape was enlarged the C core keeps every contact in place; merging with no pairs carries each
        // the same way, so one path serves both.
        let pairs = findPairs(dt: dt).pairs
        collision.collidePoses = bodies.map { b in (b?.x ?? 0, b?.y ?? 0, b?.angle ?? 0) }
        // Per body, for continuous collision's quick test: its shapes' largest extent and smallest thickness.
        collision.bodyExtent = Array(repeating: 0.0, count: bodies.count)
        collision.bodyThickness = Array(repeating: .infinity, count: bodies.count)
        collision.stillShapes = collision.shapes.indices.filter { i in
            collision.shapes[i].map { !bodies[$0.body]!.isAwake } ?? false
        }
        for case let shape? in collision.shapes {
            if shape.extent > collision.bodyExtent[shape.body] { collision.bodyExtent[shape.body] = shape.extent }
            if shape.thickness > 0.0 && shape.thickness < collision.bodyThickness[shape.body] {
                collision.bodyThickness[shape.body] = shape.thickness
            }
        }
        // Merge the sorted pairs with the sorted old contacts.
        let oldContacts = collision.contacts
        var next: [ReferenceContact] = []
        var p = 0, o = 0
        while p < pairs.count || o < oldContacts.count {
            let order: Int  // < 0: the pair comes first, > 0: the old contact, 0: the same key
            if p == pairs.count {
                order = 1
            } else if o == oldContacts.count {
                order = -1
            } else if pairs[p].a != oldContacts[o].shapeA {
                order = pairs[p].a < oldContacts[o].shapeA ? -1 : 1
            } else {
                order = pairs[p].b == oldContacts[o].shapeB ? 0 : (pairs[p].b < oldContacts[o].shapeB ? -1 : 1)
            }
            if order > 0 {  // an old contact without a pair this step
                if let kept = carried(oldContacts[o], jointed: jointed, dt: dt) { next.append(kept) }
                o += 1
                continue
            }
            var same: ReferenceContact?
            if order == 0 {
                let old = oldContacts[o]
                if isAlive(old) {
                    same = old
                } else if old.touching {
                    collision.ended.append(ended(old))  // a destroyed shape's slot was reused
                }
                o += 1
            }
            next.append(updatedContact(pairs[p].a, pairs[p].b, old: same, jointed: jointed, dt: dt))
            p += 1
        }
        collision.contacts = next
        wakeTouched()
    }

    /// Wakes the sleeping bodies that a moving body now reaches.
    private func wakeTouched() {
        for contact in collision.contacts where !contact.points.isEmpty {
            let a = contact.bodyA, b = contact.bodyB
            if bodies[a]!.isAwake && !bodies[b]!.isStatic && !bodies[b]!.isAwake { wake(b) }
            if bodies[b]!.isAwake && !bodies[a]!.isStatic && !bodies[a]!.isAwake { wake(a) }
        }
    }

    /// The offsets of a contact point from its two bodies' centres now: anchors turned by how much each body
    /// turned since the collision pass, plus the offsets that do not turn.
    func arms(_ contact: ReferenceContact, _ p: ReferenceContactPoint) -> (a: Vector, b: Vector) {
        let ta = bodies[contact.bodyA]!.angle - collision.collidePoses[contact.bodyA].angle
        let tb = bodies[contact.bodyB]!.angle - collision.collidePoses[contact.bodyB].angle
        let ca = cos(ta), sa = sin(ta), cb = cos(tb), sb = sin(tb)
        return (
            (ca * p.anchorA.x - sa * p.anchorA.y + p.offsetA.x, sa * p.anchorA.x + ca * p.anchorA.y + p.offsetA.y),
            (cb * p.anchorB.x - sb * p.anchorB.y + p.offsetB.x, sb * p.anchorB.x + cb * p.anchorB.y + p.offsetB.y)
        )
    }

    /// Separation of a contact point now: its collision-time separation plus how far the two sides' points moved
    /// along the normal since then. `arms` are the point's arms now, when the caller has them.
    func separation(_ contact: ReferenceContact, _ p: ReferenceContactPoint, arms known: (a: Vector, b: Vector)? = nil)
        -> Double
    {
        let a = bodies[contact.bodyA]!, b = bodies[contact.bodyB]!
        let ca = collision.collidePoses[contact.bodyA], cb = collision.collidePoses[contact.bodyB]
        let r = known ?? arms(contact, p)
        let ax = a.x - ca.x + r.a.x - (p.anchorA.x + p.offsetA.x)
        let ay = a.y - ca.y + r.a.y - (p.anchorA.y + p.offsetA.y)
        let bx = b.x - cb.x + r.b.x - (p.anchorB.x + p.offsetB.x)
        let by = b.y - cb.y + r.b.y - (p.anchorB.y + p.offsetB.y)
        return p.separation + (bx - ax) * contact.normal.x + (by - ay) * contact.normal.y
    }

    /// After the substeps: which active contacts touch, and the began/ended events.
    func finishContacts() {
        for k in collision.contacts.indices where collision.contacts[k].active {  // kept at rest: its state stands
            let contact = collision.contacts[k]
            var touching = false
            var strongest = -1
            for (p, point) in contact.points.enumerated()
            where point.maxNormalImpulse > 0.0 || separation(contact, point) < ReferenceConstants.touchSlop {
                touching = true
                if strongest < 0 || point.maxNormalImpulse > contact.points[strongest].maxNormalImpulse { strongest = p }
            }
            if touching && !contact.touching {
                let point = contact.points[strongest]
                let position: Vector
                if point.maxNormalImpulse > 0.0, let touch = point.touch {  // where the surfaces touched when it pushed hardest
                    position = touch
                } else {  // within the touch slop without pushing: midway between the two sides' points now
                    let r = arms(contact, point)
                    let a = bodies[contact.bodyA]!, b = bodies[contact.bodyB]!
                    position = (0.5 * (a.x + r.a.x + b.x + r.b.x), 0.5 * (a.y + r.a.y + b.y + r.b.y))
                }
                collision.began.append(
                    ContactBegan(
                        shapeA: ShapeID(index: Int32(contact.shapeA), generation: contact.generationA),
                        shapeB: ShapeID(index: Int32(contact.shapeB), generation: contact.generationB),
                        userDataA: contact.userDataA, userDataB: contact.userDataB,
                        point: ShapePoint(x: position.x, y: position.y),
                        normal: ShapePoint(x: contact.normal.x, y: contact.normal.y)))
            } else if !touching && contact.touching {
                collision.ended.append(ended(contact))
            }
            collision.contacts[k].touching = touching
        }
    }
}
