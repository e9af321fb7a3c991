/// A physics engine: the C core (`AcceleratedBackend` in the AcceleratedSolver module) or the pure-Swift
/// reference (`ReferenceWorld`). Same calls, same ids, same numbers.
///
/// Engines are driven through ``PhysicsWorld``, which checks every argument and id once, before any engine
/// sees it. An engine may therefore assume that ids are live, numbers finite and in their documented ranges,
/// and a joint's world anchor exists when it is moved; it still refuses what only it can know (``SolverError/outOfMemory``).
///
/// Units: points, seconds, radians (positive = clockwise on screen), kilograms. Forces are in kg·pt/s²
/// (UIKit's "Newton" is 100 of these), impulses in kg·pt/s. Every call that can change motion wakes the body.
public protocol PhysicsBackend: AnyObject {
    /// Creates an empty world with settings ``PhysicsWorld`` has validated.
    init(validatedSettings settings: WorldSettings) throws(SolverError)

    /// Live bodies.
    var bodyCount: Int { get }
    /// Dynamic bodies that have not come to rest.
    var awakeBodyCount: Int { get }

    /// Adds a body and returns its id.
    func createBody(_ definition: BodyDefinition) throws(SolverError) -> BodyID
    /// Removes a body and its joints; its slot is reused by the next creation.
    func destroyBody(_ id: BodyID)
    /// True when `id` names a live body.
    func isValid(_ id: BodyID) -> Bool

    /// Moves the centre to (x, y) pt.
    func setPosition(_ id: BodyID, x: Double, y: Double)
    /// Sets the rotation, radians.
    func setAngle(_ id: BodyID, _ angle: Double)
    /// Sets the linear velocity, pt/s (ignored for static bodies).
    func setLinearVelocity(_ id: BodyID, vx: Double, vy: Double)
    /// Sets the angular velocity, rad/s (ignored when the body cannot rotate).
    func setAngularVelocity(_ id: BodyID, _ angularVelocity: Double)
    /// Adds to the velocity: (dvx, dvy) pt/s and dw rad/s.
    func addVelocity(_ id: BodyID, dvx: Double, dvy: Double, dw: Double)
    /// Sets the density (> 0), which rescales mass and inertia.
    func setDensity(_ id: BodyID, _ density: Double)
    /// Sets linear and angular damping (≥ 0, 1/s).
    func setDamping(_ id: BodyID, linear: Double, angular: Double)
    /// Sets the gravitational acceleration acting on this body, pt/s².
    func setGravity(_ id: BodyID, x: Double, y: Double)
    /// Sets static / fixed-rotation flags.
    func setFlags(_ id: BodyID, _ flags: BodyFlags)
    /// Sets contact material: restitution ≥ 0, friction ≥ 0, electric charge.
    func setMaterial(_ id: BodyID, restitution: Double, friction: Double, charge: Double)
    /// Wakes a resting body.
    func wake(_ id: BodyID)

    /// Adds a force (kg·pt/s²) acting at the world point (px, py) during the next step.
    func applyForce(_ id: BodyID, fx: Double, fy: Double, px: Double, py: Double)
    /// Applies an impulse (kg·pt/s) at the world point (px, py) at once.
    func applyImpulse(_ id: BodyID, jx: Double, jy: Double, px: Double, py: Double)

    /// One body's state.
    func state(of id: BodyID) -> BodyState
    /// Advances by `dt` seconds in `substeps` equal substeps; clears forces afterwards.
    func step(dt: Double, substeps: Int) throws(SolverError)
    /// Calls `body` with views of every slot's state.
    func withStateBuffers<R>(_ body: (BodyStateBuffers) throws -> R) rethrows -> R
    /// Calls `body` with cos and sin of every live slot's angle when the engine keeps them (the C core caches
    /// them per body for its next step), or with nil (compute them yourself). Default: nil.
    func withRotationBuffers<R>(_ body: (RotationBuffers?) throws -> R) rethrows -> R
    /// Calls `body` with the slots the last step put to rest, in slot order, when the engine lists them (the
    /// C core), or with nil (then any slot may have moved). A step moves only awake bodies, so those awake now
    /// and these are all it can have moved. Default: nil.
    func withRestedBodies<R>(_ body: (UnsafeBufferPointer<Int32>?) throws -> R) rethrows -> R
    /// Bodies whose rotated bounding box overlaps the rectangle, in slot order.
    func bodies(inRectMinX minX: Double, minY: Double, maxX: Double, maxY: Double) -> [BodyID]

    /// How springs are integrated. Default ``SpringModel/analytic``.
    var springModel: SpringModel { get set }
    /// Adds a joint between live bodies; its anchors are taken in the bodies' frames as they are now.
    func createJoint(_ definition: JointDefinition) throws(SolverError) -> JointID
    /// Removes a joint.
    func destroyJoint(_ id: JointID)
    /// True when `id` names a live joint.
    func isValid(_ id: JointID) -> Bool
    /// The joint's two bodies (nil: the world).
    func jointBodies(_ id: JointID) -> (a: BodyID?, b: BodyID?)
    /// Moves the world anchor of a joint attached to the world, pt.
    func setJointWorldAnchor(_ id: JointID, x: Double, y: Double)
    /// Moves the world anchors of many joints attached to the world at once, pt (`ids[k]` to `(x[k], y[k])`);
    /// the buffers have equal counts. The default calls ``setJointWorldAnchor(_:x:y:)`` for each.
    func setJointWorldAnchors(_ ids: UnsafeBufferPointer<JointID>, x: UnsafeBufferPointer<Double>,
                              y: UnsafeBufferPointer<Double>)
    /// Rest length (distance) or maximum length (rope), pt, ≥ 0.
    func setJointLength(_ id: JointID, _ length: Double)
    /// Spring frequency (Hz, ≥ 0; 0 = rigid) and damping ratio (≥ 0).
    func setJointSpring(_ id: JointID, frequency: Double, dampingRatio: Double)
    /// Limits of a revolute (rad) or prismatic (pt) joint; ±∞ for none.
    func setJointLimits(_ id: JointID, lower: Double, upper: Double)
    /// Friction torque of a revolute joint, ≥ 0.
    func setJointFrictionTorque(_ id: JointID, _ torque: Double)
    /// Current distance between the anchors (pt) and relative angle θB − θA (rad).
    func jointGeometry(_ id: JointID) -> (distance: Double, relativeAngle: Double)

    /// Counters and stage timings of the last step, for engines that keep them (nil otherwise).
    var lastStepStatistics: SolverStepStatistics? { get }

    // MARK: Collisions

    /// Attaches a collision shape to a live body and wakes it.
    func createShape(on body: BodyID, _ definition: ShapeDefinition) throws(SolverError) -> ShapeID
    /// Removes a shape; a touching contact of it ends at the next step.
    func destroyShape(_ id: ShapeID)
    /// True when `id` names a live shape.
    func isValid(_ id: ShapeID) -> Bool
    /// Changes what a shape is and collides with; wakes its body.
    func setShapeFilter(_ id: ShapeID, categoryBits: UInt64, maskBits: UInt64)
    /// The body a shape belongs to.
    func shapeBody(_ id: ShapeID) -> BodyID
    /// Live shapes.
    var shapeCount: Int { get }
    /// The began and ended contacts of the last step.
    var contactEvents: ContactEvents { get }
    /// Every contact the last step found, in (shape A, shape B) order.
    var contacts: [ContactInfo] { get }

    // MARK: Fields

    /// Live fields (at most 32; ``PhysicsWorld`` refuses more).
    var fieldCount: Int { get }
    /// Adds a field (already validated).
    func createField(_ definition: FieldDefinition) throws(SolverError) -> FieldID
    /// Removes a field; its bodies stay and are woken.
    func destroyField(_ id: FieldID)
    /// True when `id` names a live field.
    func isValid(_ id: FieldID) -> Bool
    /// Replaces a field's numbers; wakes its bodies.
    func setFieldParameters(_ id: FieldID, _ parameters: FieldParameters)
    /// A field's numbers.
    func fieldParameters(_ id: FieldID) -> FieldParameters
    /// Replaces a field's region; wakes its bodies.
    func setFieldRegion(_ id: FieldID, _ region: FieldRegion) throws(SolverError)
    /// Makes `body` feel the field (a member already is left as it is); wakes it.
    func addBody(_ body: BodyID, toField id: FieldID) throws(SolverError)
    /// Stops `body` feeling the field (a body that is no member is ignored); wakes it.
    func removeBody(_ body: BodyID, fromField id: FieldID)
    /// Live member bodies of a field.
    func fieldBodyCount(_ id: FieldID) -> Int
}

extension PhysicsBackend {
    /// No statistics unless the engine keeps them.
    public var lastStepStatistics: SolverStepStatistics? { nil }

    /// No rotations unless the engine keeps them.
    public func withRotationBuffers<R>(_ body: (RotationBuffers?) throws -> R) rethrows -> R { try body(nil) }

    /// No list of rested bodies unless the engine keeps one.
    public func withRestedBodies<R>(_ body: (UnsafeBufferPointer<Int32>?) throws -> R) rethrows -> R { try body(nil) }

    /// One ``setJointWorldAnchor(_:x:y:)`` per joint.
    public func setJointWorldAnchors(_ ids: UnsafeBufferPointer<JointID>, x: UnsafeBufferPointer<Double>,
                                     y: UnsafeBufferPointer<Double>) {
        for k in ids.indices { setJointWorldAnchor(ids[k], x: x[k], y: y[k]) }
    }
}
