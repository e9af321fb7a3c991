/// The contract both solvers implement: the C core (`AcceleratedBackend` in Dynamics) and the pure-Swift
/// ``ReferenceSolver`` oracle. Same calls, same ids, same numbers.
///
/// Units: points, seconds, radians (positive = clockwise on screen), kilograms. Forces are in kg·pt/s²
/// (UIKit's "Newton" is 100 of these), impulses in kg·pt/s. Every throwing call leaves the world unchanged
/// when it throws. Every call that can change motion wakes the body.
public protocol PhysicsBackend: AnyObject {
    /// Creates an empty world.
    init(settings: WorldSettings) throws(SolverError)

    /// Live bodies.
    var bodyCount: Int { get }
    /// Dynamic bodies that have not come to rest.
    var awakeBodyCount: Int { get }

    /// Adds a body and returns its id.
    func createBody(_ definition: BodyDefinition) throws(SolverError) -> BodyID
    /// Removes a body; its slot is reused by the next creation.
    func destroyBody(_ id: BodyID) throws(SolverError)
    /// True when `id` names a live body.
    func isValid(_ id: BodyID) -> Bool

    /// Moves the centre to (x, y) pt.
    func setPosition(_ id: BodyID, x: Double, y: Double) throws(SolverError)
    /// Sets the rotation, radians.
    func setAngle(_ id: BodyID, _ angle: Double) throws(SolverError)
    /// Sets the linear velocity, pt/s (ignored for static bodies).
    func setLinearVelocity(_ id: BodyID, vx: Double, vy: Double) throws(SolverError)
    /// Sets the angular velocity, rad/s (ignored when the body cannot rotate).
    func setAngularVelocity(_ id: BodyID, _ angularVelocity: Double) throws(SolverError)
    /// Adds to the velocity: (dvx, dvy) pt/s and dw rad/s.
    func addVelocity(_ id: BodyID, dvx: Double, dvy: Double, dw: Double) throws(SolverError)
    /// Sets the density (> 0), which rescales mass and inertia.
    func setDensity(_ id: BodyID, _ density: Double) throws(SolverError)
    /// Sets linear and angular damping (≥ 0, 1/s).
    func setDamping(_ id: BodyID, linear: Double, angular: Double) throws(SolverError)
    /// Sets the gravitational acceleration acting on this body, pt/s².
    func setGravity(_ id: BodyID, x: Double, y: Double) throws(SolverError)
    /// Sets static / fixed-rotation flags.
    func setFlags(_ id: BodyID, _ flags: BodyFlags) throws(SolverError)
    /// Stores contact material: restitution ≥ 0, friction ≥ 0, electric charge.
    func setMaterial(_ id: BodyID, restitution: Double, friction: Double, charge: Double) throws(SolverError)
    /// Wakes a resting body.
    func wake(_ id: BodyID) throws(SolverError)

    /// Adds a force (kg·pt/s²) acting at the world point (px, py) during the next step.
    func applyForce(_ id: BodyID, fx: Double, fy: Double, px: Double, py: Double) throws(SolverError)
    /// Applies an impulse (kg·pt/s) at the world point (px, py) at once.
    func applyImpulse(_ id: BodyID, jx: Double, jy: Double, px: Double, py: Double) throws(SolverError)

    /// One body's state.
    func state(of id: BodyID) throws(SolverError) -> BodyState
    /// Advances by `dt` seconds (> 0) in `substeps` (1...1024) equal substeps; clears forces afterwards.
    func step(dt: Double, substeps: Int) throws(SolverError)
    /// Calls `body` with views of every slot's state.
    func withStateBuffers<R>(_ body: (BodyStateBuffers) throws -> R) rethrows -> R
    /// Bodies whose rotated bounding box overlaps the rectangle, in slot order.
    func bodies(inRectMinX minX: Double, minY: Double, maxX: Double, maxY: Double) throws(SolverError) -> [BodyID]

    /// How springs are integrated. Default ``SpringModel/analytic``.
    var springModel: SpringModel { get set }
    /// Adds a joint; its anchors are taken in the bodies' frames as they are now.
    func createJoint(_ definition: JointDefinition) throws(SolverError) -> JointID
    /// Removes a joint (destroying a body removes its joints too).
    func destroyJoint(_ id: JointID) throws(SolverError)
    /// True when `id` names a live joint.
    func isValid(_ id: JointID) -> Bool
    /// Moves the world anchor of a joint attached to the world, pt.
    func setJointWorldAnchor(_ id: JointID, x: Double, y: Double) throws(SolverError)
    /// Rest length (distance) or maximum length (rope), pt, ≥ 0.
    func setJointLength(_ id: JointID, _ length: Double) throws(SolverError)
    /// Spring frequency (Hz, ≥ 0; 0 = rigid) and damping ratio (≥ 0).
    func setJointSpring(_ id: JointID, frequency: Double, dampingRatio: Double) throws(SolverError)
    /// Limits of a revolute (rad) or prismatic (pt) joint; ±∞ for none.
    func setJointLimits(_ id: JointID, lower: Double, upper: Double) throws(SolverError)
    /// Friction torque of a revolute joint, ≥ 0.
    func setJointFrictionTorque(_ id: JointID, _ torque: Double) throws(SolverError)
    /// Current distance between the anchors (pt) and relative angle θB − θA (rad).
    func jointGeometry(_ id: JointID) throws(SolverError) -> (distance: Double, relativeAngle: Double)
}

extension PhysicsBackend {
    /// Checks a step's arguments the same way for both backends.
    public static func validateStep(dt: Double, substeps: Int) throws(SolverError) {
        try Validate.positive(dt, "dt")
        guard (1...1024).contains(substeps) else {
            throw .outOfRange(parameter: "substeps", value: Double(substeps), expected: "in 1...1024")
        }
    }

    /// Checks a query rectangle.
    public static func validateRect(minX: Double, minY: Double, maxX: Double, maxY: Double) throws(SolverError) {
        try Validate.finite(minX, "minX")
        try Validate.finite(minY, "minY")
        try Validate.finite(maxX, "maxX")
        try Validate.finite(maxY, "maxY")
        guard minX <= maxX else { throw .outOfRange(parameter: "maxX", value: maxX, expected: "≥ minX") }
        guard minY <= maxY else { throw .outOfRange(parameter: "maxY", value: maxY, expected: "≥ minY") }
    }
}
