/// Stable handle of a joint (slot + generation, like ``BodyID``).
public struct JointID: Hashable, Sendable, CustomStringConvertible {
    /// Slot of the joint, reused after the joint is destroyed.
    public var index: Int32
    /// Incremented each time the slot is freed, so a stale handle is refused.
    public var generation: UInt32

    /// Creates a handle from its parts.
    public init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// `joint #index (generation n)`, as error messages print it.
    public var description: String { "joint #\(index) (generation \(generation))" }
}

/// What a joint holds.
public enum JointKind: UInt32, Sendable {
    /// Anchor points `length` apart: rigid at frequency 0, a damped spring otherwise; length 0 is an isotropic
    /// point spring (or rigid pin).
    case distance = 0
    /// Anchor points at most `length` apart.
    case rope = 1
    /// Anchor points coincide; optional relative-angle limits and friction torque.
    case revolute = 2
    /// Anchor points coincide and the relative angle stays as created.
    case weld = 3
    /// B slides relative to A along `axis` without relative rotation; optional translation limits.
    case prismatic = 4
}

/// How springs are integrated.
public enum SpringModel: UInt32, Sendable {
    /// Trapezoidal update with per-substep pole matching: a spring's frequency and damping ratio are those of
    /// the analytic damped oscillator at any step size, and undamped springs keep their amplitude.
    case analytic = 0
    /// UIKit's (Box2D 2.2) soft constraint with implicit Euler: fast springs lose amplitude numerically, as the
    /// iOS code ported here was tuned for.
    case uikitCompatible = 1
}

/// Everything needed to create a joint. Anchors are world points at creation; `nil` bodies are the world.
public struct JointDefinition: Sendable, Equatable {
    /// What the joint holds. Default ``JointKind/distance``.
    public var kind: JointKind = .distance
    /// Body A, or nil for the world (then `anchorA` is a fixed point). At most one of the two is nil. Default nil.
    public var bodyA: BodyID?
    /// Body B, or nil for the world (then `anchorB` is a fixed point). Default nil.
    public var bodyB: BodyID?
    /// Anchor on A, x, in world coordinates at creation, pt. Default 0.
    public var anchorAX = 0.0
    /// Anchor on A, y, in world coordinates at creation, pt. Default 0.
    public var anchorAY = 0.0
    /// Anchor on B, x, in world coordinates at creation, pt. Default 0.
    public var anchorBX = 0.0
    /// Anchor on B, y, in world coordinates at creation, pt. Default 0.
    public var anchorBY = 0.0
    /// Rest length (distance) or maximum length (rope), pt, ≥ 0. Default 0.
    public var length = 0.0
    /// Spring frequency in Hz, ≥ 0; 0 = rigid (distance joints). Default 0.
    public var frequency = 0.0
    /// Damping ratio ζ ≥ 0 (1 = critical). Default 0.
    public var dampingRatio = 0.0
    /// Prismatic axis at creation, x component (any non-zero length; the solvers normalise it). Default 1.
    public var axisX = 1.0
    /// Prismatic axis at creation, y component. Default 0.
    public var axisY = 0.0
    /// Lower limit: revolute, of the relative angle (rad); prismatic, of the translation along the axis (pt).
    /// Default −∞ (none).
    public var lowerLimit = -Double.infinity
    /// Upper limit, in the same units as ``lowerLimit``, ≥ it. Default +∞ (none).
    public var upperLimit = Double.infinity
    /// Revolute: maximum friction torque, kg·pt²/s², ≥ 0. Default 0.
    public var frictionTorque = 0.0

    /// A definition with every field at its default: a rigid distance joint of length 0 between no bodies
    /// (set `bodyA` or `bodyB` before creating it).
    public init() {}

    /// Checks every field (bodies are checked by the backend).
    public func validate() throws(SolverError) {
        guard bodyA != nil || bodyB != nil else {
            throw .outOfRange(parameter: "bodyA/bodyB", value: 0, expected: "at least one body (not both the world)")
        }
        if let a = bodyA, let b = bodyB, a == b {
            throw .outOfRange(parameter: "bodyB", value: Double(b.index), expected: "a different body from bodyA")
        }
        try Validate.bounded(anchorAX, "anchorA.x")
        try Validate.bounded(anchorAY, "anchorA.y")
        try Validate.bounded(anchorBX, "anchorB.x")
        try Validate.bounded(anchorBY, "anchorB.y")
        try Validate.boundedNonNegative(length, "length")
        try Validate.springFrequency(frequency, "frequency")
        try Validate.nonNegative(dampingRatio, "damping")
        try Validate.finite(axisX, "axis.dx")
        try Validate.finite(axisY, "axis.dy")
        if kind == .prismatic, !(Self.length(axisX, axisY) >= 1e-12) {
            throw .outOfRange(parameter: "axis", value: Self.length(axisX, axisY), expected: "a non-zero vector")
        }
        try Self.validateLimits(lower: lowerLimit, upper: upperLimit)
        try Validate.nonNegative(frictionTorque, "frictionTorque")
        try Validate.force(frictionTorque, "frictionTorque")
    }

    /// |(x, y)| without overflow: the components scaled by the larger first (as both engines normalise the axis).
    static func length(_ x: Double, _ y: Double) -> Double {
        let m = max(abs(x), abs(y))
        guard m > 0 else { return 0 }
        let sx = x / m, sy = y / m
        return m * (sx * sx + sy * sy).squareRoot()
    }

    /// Limits may be infinite (none) but not NaN, finite ones within ±1e15, and lower ≤ upper.
    public static func validateLimits(lower: Double, upper: Double) throws(SolverError) {
        guard !lower.isNaN else { throw .nonFinite(parameter: "lowerLimit", value: lower) }
        guard !upper.isNaN else { throw .nonFinite(parameter: "upperLimit", value: upper) }
        guard lower <= upper else { throw .outOfRange(parameter: "upperLimit", value: upper, expected: "≥ lowerLimit \(lower)") }
        // Finite limits within ±1e15 (infinite ones mean none): a limit of 1e298 overflowed the limit row.
        if lower.isFinite { try Validate.bounded(lower, "lowerLimit") }
        if upper.isFinite { try Validate.bounded(upper, "upperLimit") }
    }
}
