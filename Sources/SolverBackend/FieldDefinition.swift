/// Stable handle of a field (slot + generation, like ``BodyID``).
public struct FieldID: Hashable, Sendable, CustomStringConvertible {
    /// Slot of the field, below 32.
    public var index: Int32
    /// Incremented each time the slot is freed.
    public var generation: UInt32

    /// Creates a handle from its parts.
    public init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// "field #index (generation g)".
    public var description: String { "field #\(index) (generation \(generation))" }
}

/// What a field does. The laws, with d = body − field position (pt), r = |d|, r̂ = d/r, S = strength,
/// k = falloff, m = mass (kg), q = charge, v = velocity (pt/s) and fall(r) = max(r, minimumRadius)^(−k)·100^k
/// (1 when |k| < 2⁻¹⁵), as forces in kg·pt/s² (UIKit's newton is 100 of these):
///
/// | kind | force |
/// |---|---|
/// | linear gravity | 100·S·m·fall·direction (strength 1: 100 pt/s² whatever the mass) |
/// | radial gravity | −100·S·m·fall·r̂ |
/// | spring | −100·S·fall·r̂ (falloff −1: −S·d, stiffness S kg/s²) |
/// | electric | −100·S·q·fall·r̂ (toward the field when q·S > 0) |
/// | magnetic | S·q·fall·(w_y, −w_x) |
/// | vortex | −100·S·fall·(r̂_y, −r̂_x)/m |
/// | drag | −S·fall·(w − 100·direction) |
/// | velocity | sets the velocity to 100·direction pt/s inside the region |
/// | noise | 100·S·fall·n·∇n, n the fields' 3-D simplex noise |
/// | turbulence | S·fall·m·\|v\|²/100·n·∇n |
/// | custom | what the evaluator returns |
///
/// They are UIKit's laws (stated in metres, newtons and m/s) converted to points; `direction` keeps UIKit's
/// units (m/s² per unit strength, or m/s). w is the velocity at the implicit midpoint of the substep under that
/// field alone, (v + v⁺)/2: magnetic kicks are then exact rotations and drag never overshoots. Forces are sampled
/// at x + v·h/2 under the analytic spring model (completing a leapfrog with its trapezoidal positions), at x under
/// the UIKit-compatible one.
public enum FieldKind: UInt32, Sendable, CaseIterable {
    /// A uniform acceleration along `direction`.
    case linearGravity = 0
    /// An inverse-square (by default) pull toward the field's position.
    case radialGravity = 1
    /// Hooke's law toward the field's position (falloff −1).
    case spring = 2
    /// A pull toward the field's position in proportion to the body's charge.
    case electric = 3
    /// A force across the velocity in proportion to the charge.
    case magnetic = 4
    /// A tangential force around the field's position.
    case vortex = 5
    /// A force against the velocity relative to `direction`.
    case drag = 6
    /// Sets the velocity inside the region.
    case velocity = 7
    /// Smooth, deterministic random forces.
    case noise = 8
    /// Noise that grows with the speed.
    case turbulence = 9
    /// Forces from a ``FieldEvaluator``.
    case custom = 10

    /// UIKit's falloff for this kind: radial gravity 2, spring −1, electric and magnetic 1, others 0.
    public var defaultFalloff: Double {
        switch self {
        case .radialGravity: return 2
        case .spring: return -1
        case .electric, .magnetic: return 1
        default: return 0
        }
    }
}

/// The numbers of a field, all changeable after creation.
public struct FieldParameters: Sendable, Equatable {
    /// UIKit's "very small, not zero" minimum radius: 2⁻¹⁵ m in points.
    public static let defaultMinimumRadius = 100.0 / 32768.0

    /// Position, pt. Default (0, 0).
    public var x = 0.0
    /// Position y, pt (see ``x``).
    public var y = 0.0
    /// Strength, finite; below 2⁻¹⁵ in magnitude the field exerts nothing. Default 1.
    public var strength = 1.0
    /// Falloff exponent k, finite. Default: ``FieldKind/defaultFalloff``.
    public var falloff = 0.0
    /// Distances below this (pt, ≥ 0) count as it. Default ``defaultMinimumRadius``.
    public var minimumRadius = FieldParameters.defaultMinimumRadius
    /// Linear gravity: m/s² per unit strength; velocity and drag: m/s. Default (0, 0).
    public var directionX = 0.0
    /// The direction's y component (see ``directionX``).
    public var directionY = 0.0
    /// Noise and turbulence: 0 (roughest) … 1 (smoothest). Default 0.
    public var smoothness = 0.0
    /// Noise and turbulence: how fast the noise changes, Hz, ≥ 0; 0 freezes it. Default 0.
    public var animationSpeed = 0.0

    /// The defaults of a field of `kind`.
    public init(kind: FieldKind) { falloff = kind.defaultFalloff }

    /// Throws the first invalid parameter, naming it and its value.
    public func validate() throws(SolverError) {
        try Validate.finite(x, "position.x")
        try Validate.finite(y, "position.y")
        try Validate.finite(strength, "strength")
        try Validate.finite(falloff, "falloff")
        try Validate.nonNegative(minimumRadius, "minimumRadius")
        try Validate.finite(directionX, "direction.dx")
        try Validate.finite(directionY, "direction.dy")
        try Validate.finite(smoothness, "smoothness")
        guard (0...1).contains(smoothness) else {
            throw .outOfRange(parameter: "smoothness", value: smoothness, expected: "in 0...1")
        }
        try Validate.nonNegative(animationSpeed, "animationSpeed")
    }
}

/// The bodies a custom field is evaluated for in one substep, in parallel buffers valid only during the call.
public struct FieldSamples {
    /// Positions relative to the field, pt.
    public let x: UnsafeBufferPointer<Double>
    /// Positions' y relative to the field, pt (see ``x``).
    public let y: UnsafeBufferPointer<Double>
    /// Velocities, pt/s.
    public let vx: UnsafeBufferPointer<Double>
    /// Velocities' y, pt/s (see ``vx``).
    public let vy: UnsafeBufferPointer<Double>
    /// Masses, kg.
    public let mass: UnsafeBufferPointer<Double>
    /// Charges.
    public let charge: UnsafeBufferPointer<Double>
    /// Seconds since the previous evaluation: the substep.
    public let interval: Double
    /// Seconds the field has been evaluated over before this evaluation.
    public let time: Double
    /// Where the forces go, kg·pt/s²; zero on entry. Non-finite values are taken as 0.
    public let forceX: UnsafeMutableBufferPointer<Double>
    /// The forces' y, kg·pt/s² (see ``forceX``).
    public let forceY: UnsafeMutableBufferPointer<Double>

    /// Number of bodies.
    public var count: Int { x.count }

    /// Views of one evaluation's buffers (all of the same count).
    public init(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, vx: UnsafeBufferPointer<Double>,
        vy: UnsafeBufferPointer<Double>, mass: UnsafeBufferPointer<Double>, charge: UnsafeBufferPointer<Double>,
        interval: Double, time: Double, forceX: UnsafeMutableBufferPointer<Double>,
        forceY: UnsafeMutableBufferPointer<Double>
    ) {
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.mass = mass
        self.charge = charge
        self.interval = interval
        self.time = time
        self.forceX = forceX
        self.forceY = forceY
    }
}

/// A custom field's force: called once per substep with every awake member body inside the region (not called
/// when none is). It must not call back into the world.
public typealias FieldEvaluator = (FieldSamples) -> Void

/// Everything needed to create a field.
public struct FieldDefinition {
    /// What the field does. Fixed at creation.
    public var kind: FieldKind
    /// Position, strength and the other numbers. Default: the kind's defaults.
    public var parameters: FieldParameters
    /// Where the field acts, relative to its position. Default ``FieldRegion/infinite``.
    public var region = FieldRegion.infinite
    /// Custom fields only (required there).
    public var evaluator: FieldEvaluator?

    /// A field of `kind` with its defaults.
    public init(kind: FieldKind) {
        self.kind = kind
        parameters = FieldParameters(kind: kind)
    }

    /// Throws the first invalid part, naming it and its value.
    public func validate() throws(SolverError) {
        try parameters.validate()
        try region.validate()
        if kind == .custom, evaluator == nil {
            throw .outOfRange(parameter: "evaluator", value: 0, expected: "an evaluator for a custom field")
        }
    }
}
