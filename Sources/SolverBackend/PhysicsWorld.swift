/// A physics world on either engine, with every argument checked once, before the engine sees it.
///
/// This is the contract the façade (and any other client) drives: it refuses a stale id with
/// ``SolverError/invalidBody(_:)`` or ``SolverError/invalidJoint(_:)``, a NaN or infinity with
/// ``SolverError/nonFinite(parameter:value:)`` and a value out of range with
/// ``SolverError/outOfRange(parameter:value:expected:)``, each naming the parameter and the value, and a refused
/// call leaves the world exactly as it was. Both engines therefore see only valid input, and refuse the same
/// input with the same error because there is one validator.
///
/// Units: points, seconds, radians (positive = clockwise on screen), kilograms. Forces are in kg·pt/s²
/// (UIKit's "Newton" is 100 of these), impulses in kg·pt/s.
public final class PhysicsWorld {
    /// The engine behind this world.
    public let backend: any PhysicsBackend

    /// Creates an empty world on the engine `engine` (for example `AcceleratedBackend.self` or
    /// `ReferenceWorld.self`).
    public init(_ engine: any PhysicsBackend.Type, settings: WorldSettings = WorldSettings()) throws(SolverError) {
        try settings.validate()
        backend = try engine.init(validatedSettings: settings)
    }

    // MARK: Ids

    @inline(__always)
    func live(_ id: BodyID) throws(SolverError) {
        guard backend.isValid(id) else { throw .invalidBody(id) }
    }

    @inline(__always)
    private func live(_ id: JointID) throws(SolverError) {
        guard backend.isValid(id) else { throw .invalidJoint(id) }
    }

    @inline(__always)
    private func live(_ id: ShapeID) throws(SolverError) {
        guard backend.isValid(id) else { throw .invalidShape(id) }
    }

    /// Live bodies.
    public var bodyCount: Int { backend.bodyCount }
    /// Dynamic bodies that have not come to rest.
    public var awakeBodyCount: Int { backend.awakeBodyCount }
    /// True when `id` names a live body.
    public func isValid(_ id: BodyID) -> Bool { backend.isValid(id) }
    /// True when `id` names a live joint.
    public func isValid(_ id: JointID) -> Bool { backend.isValid(id) }

    // MARK: Bodies

    /// Adds a body and returns its id. Throws the first invalid field of `definition`.
    public func createBody(_ definition: BodyDefinition) throws(SolverError) -> BodyID {
        try definition.validate()
        return try backend.createBody(definition)
    }

    /// Removes a body and its joints; its slot is reused by the next creation.
    public func destroyBody(_ id: BodyID) throws(SolverError) {
        try live(id)
        backend.destroyBody(id)
    }

    /// Moves the centre to (x, y) pt and wakes the body.
    public func setPosition(_ id: BodyID, x: Double, y: Double) throws(SolverError) {
        try live(id)
        try Validate.bounded(x, "x")
        try Validate.bounded(y, "y")
        backend.setPosition(id, x: x, y: y)
    }

    /// Sets the rotation (radians) and wakes the body.
    public func setAngle(_ id: BodyID, _ angle: Double) throws(SolverError) {
        try live(id)
        try Validate.bounded(angle, "angle")
        backend.setAngle(id, angle)
    }

    /// Sets the linear velocity, pt/s (ignored for static bodies).
    public func setLinearVelocity(_ id: BodyID, vx: Double, vy: Double) throws(SolverError) {
        try live(id)
        try Validate.bounded(vx, "vx")
        try Validate.bounded(vy, "vy")
        backend.setLinearVelocity(id, vx: vx, vy: vy)
    }

    /// Sets the angular velocity, rad/s (ignored when the body cannot rotate).
    public func setAngularVelocity(_ id: BodyID, _ angularVelocity: Double) throws(SolverError) {
        try live(id)
        try Validate.bounded(angularVelocity, "angularVelocity")
        backend.setAngularVelocity(id, angularVelocity)
    }

    /// Adds (dvx, dvy) pt/s and dw rad/s to the velocity of a dynamic body.
    public func addVelocity(_ id: BodyID, dvx: Double, dvy: Double, dw: Double) throws(SolverError) {
        try live(id)
        try Validate.bounded(dvx, "dvx")
        try Validate.bounded(dvy, "dvy")
        try Validate.bounded(dw, "dw")
        backend.addVelocity(id, dvx: dvx, dvy: dvy, dw: dw)
    }

    /// Sets the density (in ``Validate/densities``): mass and inertia scale with it.
    public func setDensity(_ id: BodyID, _ density: Double) throws(SolverError) {
        try live(id)
        try Validate.inside(density, Validate.densities, "density")
        backend.setDensity(id, density)
    }

    /// Sets linear and angular damping, 1/s, both ≥ 0.
    public func setDamping(_ id: BodyID, linear: Double, angular: Double) throws(SolverError) {
        try live(id)
        try Validate.boundedNonNegative(linear, "linearDamping")
        try Validate.boundedNonNegative(angular, "angularDamping")
        backend.setDamping(id, linear: linear, angular: angular)
    }

    /// Sets the gravitational acceleration acting on this body, pt/s².
    public func setGravity(_ id: BodyID, x: Double, y: Double) throws(SolverError) {
        try live(id)
        try Validate.bounded(x, "gravityX")
        try Validate.bounded(y, "gravityY")
        backend.setGravity(id, x: x, y: y)
    }

    /// Sets static / fixed-rotation flags.
    public func setFlags(_ id: BodyID, _ flags: BodyFlags) throws(SolverError) {
        try live(id)
        try flags.validate()
        backend.setFlags(id, flags)
    }

    /// Sets contact material: restitution ≥ 0, friction ≥ 0, and electric charge (any finite value).
    public func setMaterial(_ id: BodyID, restitution: Double, friction: Double, charge: Double) throws(SolverError) {
        try live(id)
        try Validate.boundedNonNegative(restitution, "restitution")
        try Validate.boundedNonNegative(friction, "friction")
        try Validate.bounded(charge, "charge")
        backend.setMaterial(id, restitution: restitution, friction: friction, charge: charge)
    }

    /// Wakes a resting body.
    public func wake(_ id: BodyID) throws(SolverError) {
        try live(id)
        backend.wake(id)
    }

    /// Adds a force (kg·pt/s²) acting at the world point (px, py) during the next step; an off-centre point
    /// also adds the torque r × F.
    public func applyForce(_ id: BodyID, fx: Double, fy: Double, px: Double, py: Double) throws(SolverError) {
        try live(id)
        try Validate.force(fx, "fx")
        try Validate.force(fy, "fy")
        try Validate.bounded(px, "px")
        try Validate.bounded(py, "py")
        backend.applyForce(id, fx: fx, fy: fy, px: px, py: py)
    }

    /// Changes momentum at once by the impulse (kg·pt/s) acting at the world point (px, py).
    public func applyImpulse(_ id: BodyID, jx: Double, jy: Double, px: Double, py: Double) throws(SolverError) {
        try live(id)
        try Validate.force(jx, "jx")
        try Validate.force(jy, "jy")
        try Validate.bounded(px, "px")
        try Validate.bounded(py, "py")
        backend.applyImpulse(id, jx: jx, jy: jy, px: px, py: py)
    }

    /// One body's state.
    public func state(of id: BodyID) throws(SolverError) -> BodyState {
        try live(id)
        return backend.state(of: id)
    }

    // MARK: Stepping and queries

    /// The shortest substep the engines accept (s): shorter ones lose the step's arithmetic to round-off.
    public static let minimumSubstep = 1e-9

    /// Advances by `dt` seconds (> 0, at most ``Validate/maximumMagnitude``) in `substeps` (1...1024) equal substeps of at least
    /// ``minimumSubstep``; clears forces afterwards.
    public func step(dt: Double, substeps: Int) throws(SolverError) {
        try Validate.positive(dt, "dt")
        try Validate.bounded(dt, "dt")
        guard (1...1024).contains(substeps) else {
            throw .outOfRange(parameter: "substeps", value: Double(substeps), expected: "in 1...1024")
        }
        guard dt / Double(substeps) >= Self.minimumSubstep else {
            throw .outOfRange(parameter: "dt", value: dt, expected: "≥ \(Self.minimumSubstep) s per substep")
        }
        try backend.step(dt: dt, substeps: substeps)
    }

    /// Calls `body` with views of every slot's state (valid only inside the closure).
    public func withStateBuffers<R>(_ body: (BodyStateBuffers) throws -> R) rethrows -> R {
        try backend.withStateBuffers(body)
    }

    /// Calls `body` with cos and sin of every live slot's angle when the engine keeps them (the C core: computed
    /// only for bodies that turned since, and reused by its next step), or with nil (valid only inside the
    /// closure).
    public func withRotationBuffers<R>(_ body: (RotationBuffers?) throws -> R) rethrows -> R {
        try backend.withRotationBuffers(body)
    }

    /// Calls `body` with the slots the last step put to rest, in slot order, when the engine lists them (the C
    /// core), or with nil (valid only inside the closure). A step moves only awake bodies
    /// (``BodyStateBuffers/awake``), so those and these are all it can have moved.
    public func withRestedBodies<R>(_ body: (UnsafeBufferPointer<Int32>?) throws -> R) rethrows -> R {
        try backend.withRestedBodies(body)
    }

    /// Bodies whose rotated bounding box overlaps the rectangle [minX, maxX] × [minY, maxY], in slot order.
    public func bodies(inRectMinX minX: Double, minY: Double, maxX: Double, maxY: Double) throws(SolverError) -> [BodyID] {
        try Validate.finite(minX, "minX")
        try Validate.finite(minY, "minY")
        try Validate.finite(maxX, "maxX")
        try Validate.finite(maxY, "maxY")
        guard minX <= maxX else { throw .outOfRange(parameter: "maxX", value: maxX, expected: "≥ minX \(minX)") }
        guard minY <= maxY else { throw .outOfRange(parameter: "maxY", value: maxY, expected: "≥ minY \(minY)") }
        return backend.bodies(inRectMinX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// How springs are integrated. Default ``SpringModel/analytic``.
    public var springModel: SpringModel {
        get { backend.springModel }
        set { backend.springModel = newValue }
    }

    /// Counters and stage timings of the last step (nil when the engine keeps none).
    public var lastStepStatistics: SolverStepStatistics? { backend.lastStepStatistics }

    // MARK: Joints

    /// Adds a joint; its anchors are taken in the bodies' frames as they are now. Throws the first invalid
    /// field of `definition`, or ``SolverError/invalidBody(_:)`` for a body that is not live.
    public func createJoint(_ definition: JointDefinition) throws(SolverError) -> JointID {
        try definition.validate()
        if let a = definition.bodyA { try live(a) }
        if let b = definition.bodyB { try live(b) }
        return try backend.createJoint(definition)
    }

    /// Removes a joint (destroying a body removes its joints too).
    public func destroyJoint(_ id: JointID) throws(SolverError) {
        try live(id)
        backend.destroyJoint(id)
    }

    /// The joint's two bodies (nil: the world).
    public func jointBodies(_ id: JointID) throws(SolverError) -> (a: BodyID?, b: BodyID?) {
        try live(id)
        return backend.jointBodies(id)
    }

    /// Moves the world anchor of a joint attached to the world, pt; wakes its body.
    public func setJointWorldAnchor(_ id: JointID, x: Double, y: Double) throws(SolverError) {
        try live(id)
        let ends = backend.jointBodies(id)
        guard ends.a == nil || ends.b == nil else {
            throw .outOfRange(parameter: "joint", value: Double(id.index), expected: "a joint attached to the world")
        }
        try Validate.bounded(x, "anchorPoint.x")
        try Validate.bounded(y, "anchorPoint.y")
        backend.setJointWorldAnchor(id, x: x, y: y)
    }

    /// Moves the world anchors of many joints attached to the world, pt: `ids[k]` to `(x[k], y[k])`, in order
    /// (a later move of the same joint wins). Every argument is checked before any anchor moves, so a refusal
    /// leaves all of them where they were.
    public func setJointWorldAnchors(_ ids: [JointID], x: [Double], y: [Double]) throws(SolverError) {
        guard x.count == ids.count, y.count == ids.count else {
            throw .outOfRange(parameter: "anchors", value: Double(x.count == ids.count ? y.count : x.count),
                              expected: "one x and one y per joint (\(ids.count))")
        }
        for k in ids.indices {
            try live(ids[k])
            let ends = backend.jointBodies(ids[k])
            guard ends.a == nil || ends.b == nil else {
                throw .outOfRange(parameter: "joint", value: Double(ids[k].index), expected: "a joint attached to the world")
            }
            try Validate.bounded(x[k], "anchorPoint.x")
            try Validate.bounded(y[k], "anchorPoint.y")
        }
        ids.withUnsafeBufferPointer { ids in
            x.withUnsafeBufferPointer { x in
                y.withUnsafeBufferPointer { y in backend.setJointWorldAnchors(ids, x: x, y: y) }
            }
        }
    }

    /// Rest length (distance) or maximum length (rope), pt, ≥ 0.
    public func setJointLength(_ id: JointID, _ length: Double) throws(SolverError) {
        try live(id)
        try Validate.boundedNonNegative(length, "length")
        backend.setJointLength(id, length)
    }

    /// Spring frequency (Hz, ≥ 0; 0 = rigid) and damping ratio (≥ 0) of a distance joint.
    public func setJointSpring(_ id: JointID, frequency: Double, dampingRatio: Double) throws(SolverError) {
        try live(id)
        try Validate.springFrequency(frequency, "frequency")
        try Validate.nonNegative(dampingRatio, "damping")
        backend.setJointSpring(id, frequency: frequency, dampingRatio: dampingRatio)
    }

    /// Limits of a revolute (rad) or prismatic (pt) joint; ±∞ for none, never NaN, lower ≤ upper.
    public func setJointLimits(_ id: JointID, lower: Double, upper: Double) throws(SolverError) {
        try live(id)
        try JointDefinition.validateLimits(lower: lower, upper: upper)
        backend.setJointLimits(id, lower: lower, upper: upper)
    }

    /// Friction torque of a revolute joint, kg·pt²/s², ≥ 0.
    public func setJointFrictionTorque(_ id: JointID, _ torque: Double) throws(SolverError) {
        try live(id)
        try Validate.nonNegative(torque, "frictionTorque")
        try Validate.force(torque, "frictionTorque")
        backend.setJointFrictionTorque(id, torque)
    }

    /// Current distance between the anchors (pt) and relative angle θB − θA (rad).
    public func jointGeometry(_ id: JointID) throws(SolverError) -> (distance: Double, relativeAngle: Double) {
        try live(id)
        return backend.jointGeometry(id)
    }

    // MARK: Collisions

    /// True when `id` names a live shape.
    public func isValid(_ id: ShapeID) -> Bool { backend.isValid(id) }

    /// Live shapes.
    public var shapeCount: Int { backend.shapeCount }

    /// Attaches a collision shape to a live body and wakes it. Throws the first problem of the geometry (a
    /// polygon must be convex, with 3…32 distinct vertices) or ``SolverError/invalidBody(_:)``.
    public func createShape(on body: BodyID, _ definition: ShapeDefinition) throws(SolverError) -> ShapeID {
        try live(body)
        try definition.validate()
        return try backend.createShape(on: body, definition)
    }

    /// Removes a shape; if it was touching something, that contact ends at the next step.
    public func destroyShape(_ id: ShapeID) throws(SolverError) {
        try live(id)
        backend.destroyShape(id)
    }

    /// Changes what a shape is (`categoryBits`) and collides with (`maskBits`); wakes its body.
    public func setShapeFilter(_ id: ShapeID, categoryBits: UInt64, maskBits: UInt64) throws(SolverError) {
        try live(id)
        backend.setShapeFilter(id, categoryBits: categoryBits, maskBits: maskBits)
    }

    /// The body a shape belongs to.
    public func shapeBody(_ id: ShapeID) throws(SolverError) -> BodyID {
        try live(id)
        return backend.shapeBody(id)
    }

    /// The began and ended contacts of the last step.
    public var contactEvents: ContactEvents { backend.contactEvents }

    /// Every contact the last step found, in (shape A, shape B) order.
    public var contacts: [ContactInfo] { backend.contacts }
}
