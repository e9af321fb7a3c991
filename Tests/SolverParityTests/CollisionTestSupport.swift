// Helpers for the collision tests: bodies with shapes built through the contract, and a runner that steps the same
// scene on both engines and measures how far apart they are.
import AcceleratedSolver
import ReferenceSolver
import SolverBackend
import Testing

/// The two engines, C core first.
var bothEngines: [any PhysicsBackend.Type] { [AcceleratedBackend.self, ReferenceWorld.self] }

/// Contact material and motion of a body added with `addBox` / `addCircle`.
struct BodyOptions {
    var isStatic = false
    var fixedRotation = false
    var restitution = 0.2
    var friction = 0.2
    var gravityY = 0.0
    var vx = 0.0
    var vy = 0.0
    var angularVelocity = 0.0
    var angle = 0.0
}

extension PhysicsWorld {
    private func addBody(x: Double, y: Double, width: Double, height: Double, shape: ShapeKind, _ o: BodyOptions)
        throws(SolverError) -> BodyID
    {
        var d = BodyDefinition()
        d.x = x
        d.y = y
        d.angle = o.angle
        d.width = width
        d.height = height
        d.shape = shape
        d.vx = o.vx
        d.vy = o.vy
        d.angularVelocity = o.angularVelocity
        d.gravityY = o.gravityY
        d.flags = o.isStatic ? .isStatic : (o.fixedRotation ? .fixedRotation : [])
        let body = try createBody(d)
        try setMaterial(body, restitution: o.restitution, friction: o.friction, charge: 0)
        return body
    }

    /// A box body of that size centred at (x, y), with a matching polygon shape.
    @discardableResult
    func addBox(x: Double, y: Double, width: Double, height: Double, _ options: BodyOptions = BodyOptions())
        throws(SolverError) -> BodyID
    {
        let body = try addBody(x: x, y: y, width: width, height: height, shape: .rectangle, options)
        let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map {
            ShapePoint(x: $0.0 * width / 2, y: $0.1 * height / 2)
        }
        _ = try createShape(on: body, ShapeDefinition(.polygon(corners)))
        return body
    }

    /// A disc body of that radius centred at (x, y), with a matching circle shape.
    @discardableResult
    func addCircle(x: Double, y: Double, radius: Double, _ options: BodyOptions = BodyOptions()) throws(SolverError)
        -> BodyID
    {
        let body = try addBody(x: x, y: y, width: 2 * radius, height: 2 * radius, shape: .ellipse, options)
        _ = try createShape(on: body, ShapeDefinition(.circle(center: ShapePoint(x: 0, y: 0), radius: radius)))
        return body
    }

    /// A static floor `width` pt wide whose top is at y = 0 (a 40 pt thick box centred on x = 0, y = 20).
    @discardableResult
    func addFloor(width: Double, friction: Double = 0.2, restitution: Double = 0.2) throws(SolverError) -> BodyID {
        try addBox(x: 0, y: 20, width: width, height: 40, BodyOptions(isStatic: true, restitution: restitution, friction: friction))
    }

    /// A static body at the origin holding the closed outline `corners` as segments.
    @discardableResult
    func addFrame(_ corners: [ShapePoint], friction: Double = 0.2, restitution: Double = 0.2) throws(SolverError) -> BodyID {
        var d = BodyDefinition()
        d.flags = .isStatic
        let body = try createBody(d)
        try setMaterial(body, restitution: restitution, friction: friction, charge: 0)
        for (k, p) in corners.enumerated() {
            _ = try createShape(on: body, ShapeDefinition(.segment(p, corners[(k + 1) % corners.count])))
        }
        return body
    }
}

/// |a − b| / max(1, |a|, |b|): the relative difference the parity tests bound (infinite when either is NaN: a
/// scene that produces NaN is broken, whatever the other engine says).
func relativeDifference(_ a: Double, _ b: Double) -> Double {
    if a.isNaN || b.isNaN { return .infinity }
    if a == b { return 0 }
    return abs(a - b) / max(1, abs(a), abs(b))
}

/// The largest relative difference between two lists of states (position, angle, velocities); infinity when
/// they differ in length or rest state.
func largestDifference(_ a: [BodyState], _ b: [BodyState]) -> Double {
    guard a.count == b.count else { return .infinity }
    var worst = 0.0
    for (s, t) in zip(a, b) {
        if s.isAwake != t.isAwake { return .infinity }
        for (u, v) in [(s.x, t.x), (s.y, t.y), (s.angle, t.angle), (s.vx, t.vx), (s.vy, t.vy),
                       (s.angularVelocity, t.angularVelocity)] {
            worst = max(worst, relativeDifference(u, v))
        }
    }
    return worst
}

/// One scene stepped on both engines side by side.
struct ParityRun {
    /// The C core's world and the reference's, after the run.
    var accelerated: PhysicsWorld
    var reference: PhysicsWorld
    /// The bodies the scene compares (the same ids on both engines).
    var bodies: [BodyID]
    /// The largest relative state difference over every frame, and the first frame where it exceeded the bound.
    var largest = 0.0
    var firstFailure: Int?

    /// Builds the scene with `build` on both engines (it returns the bodies to compare), then steps both `steps`
    /// times (dt, substeps), comparing those bodies' states after each step against `bound`. `observe` sees both
    /// worlds after every step.
    init(
        steps: Int, dt: Double = 1.0 / 60, substeps: Int = 2, bound: Double = 1e-9,
        build: (PhysicsWorld) throws -> [BodyID],
        observe: (Int, PhysicsWorld, PhysicsWorld) throws -> Void = { _, _, _ in }
    ) throws {
        accelerated = try PhysicsWorld(AcceleratedBackend.self)
        reference = try PhysicsWorld(ReferenceWorld.self)
        bodies = try build(accelerated)
        let referenceBodies = try build(reference)
        #expect(bodies == referenceBodies, "the scene must create the same ids on both engines")
        for frame in 0..<steps {
            try accelerated.step(dt: dt, substeps: substeps)
            try reference.step(dt: dt, substeps: substeps)
            let difference = largestDifference(
                try bodies.map { id throws(SolverError) in try accelerated.state(of: id) },
                try bodies.map { id throws(SolverError) in try reference.state(of: id) })
            largest = max(largest, difference)
            if difference > bound && firstFailure == nil { firstFailure = frame }
            try observe(frame, accelerated, reference)
        }
    }
}

/// How two engines' contact events differ: the same began and ended lists (shapes, tags), began points and
/// normals within 1e-9 relative. Empty when they agree.
func eventDifferences(_ a: ContactEvents, _ b: ContactEvents) -> [String] {
    var out: [String] = []
    if a.began.count != b.began.count { out.append("began \(a.began.count) vs \(b.began.count)") }
    for (e, f) in zip(a.began, b.began) {
        if e.shapeA != f.shapeA || e.shapeB != f.shapeB || e.userDataA != f.userDataA || e.userDataB != f.userDataB {
            out.append("began \(e.shapeA)/\(e.shapeB) vs \(f.shapeA)/\(f.shapeB)")
        }
        for (u, v) in [(e.point.x, f.point.x), (e.point.y, f.point.y), (e.normal.x, f.normal.x), (e.normal.y, f.normal.y)]
        where relativeDifference(u, v) > 1e-9 {
            out.append("began \(e.shapeA)/\(e.shapeB): point or normal \(u) vs \(v)")
        }
    }
    if a.ended != b.ended { out.append("ended \(a.ended) vs \(b.ended)") }
    return out
}

/// How two engines' contact lists differ: the same pairs, touch state and point counts; normals, points,
/// separations and impulses within 1e-9 relative. Empty when they agree.
func contactDifferences(_ a: [ContactInfo], _ b: [ContactInfo]) -> [String] {
    guard a.count == b.count else { return ["\(a.count) vs \(b.count) contacts"] }
    var out: [String] = []
    for (c, d) in zip(a, b) {
        guard c.shapeA == d.shapeA, c.shapeB == d.shapeB, c.isTouching == d.isTouching, c.points.count == d.points.count else {
            out.append("contact \(c.shapeA)/\(c.shapeB) vs \(d.shapeA)/\(d.shapeB)")
            continue
        }
        var values = [(c.normal.x, d.normal.x), (c.normal.y, d.normal.y)]  // (0, 0) on both without points
        for (p, q) in zip(c.points, d.points) {
            values += [(p.position.x, q.position.x), (p.position.y, q.position.y), (p.separation, q.separation),
                       (p.normalImpulse, q.normalImpulse)]
        }
        for (u, v) in values where relativeDifference(u, v) > 1e-9 {
            out.append("contact \(c.shapeA)/\(c.shapeB): \(u) vs \(v)")
        }
    }
    return out
}
