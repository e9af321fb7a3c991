/// The argument checks ``PhysicsWorld`` and the definitions use: each names the parameter and the value.
public enum Validate {
    /// Throws ``SolverError/nonFinite(parameter:value:)`` unless `value` is finite.
    @inline(__always)
    public static func finite(_ value: Double, _ parameter: String) throws(SolverError) {
        guard value.isFinite else { throw .nonFinite(parameter: parameter, value: value) }
    }

    /// Throws unless `value` is finite and > 0.
    public static func positive(_ value: Double, _ parameter: String) throws(SolverError) {
        try finite(value, parameter)
        guard value > 0 else { throw .outOfRange(parameter: parameter, value: value, expected: "> 0") }
    }

    /// Throws unless `value` is finite and ≥ 0.
    public static func nonNegative(_ value: Double, _ parameter: String) throws(SolverError) {
        try finite(value, parameter)
        guard value >= 0 else { throw .outOfRange(parameter: parameter, value: value, expected: "≥ 0") }
    }

    /// Throws unless `value` is a spring frequency the engines accept: finite, 0 … 10⁹ Hz.
    public static func springFrequency(_ value: Double, _ parameter: String) throws(SolverError) {
        try nonNegative(value, parameter)
        guard value <= maximumSpringFrequency else {
            throw .outOfRange(parameter: parameter, value: value, expected: "≤ \(maximumSpringFrequency) Hz")
        }
    }

    /// The largest spring frequency (Hz): far beyond any step rate, and (2π·f)² stays finite.
    public static let maximumSpringFrequency = 1e9

    // MARK: Magnitude bounds (the C core's sdMaxMagnitude, sdMaxForce, sdMin/MaxBodySize, sdMin/MaxDensity)

    /// The largest magnitude of a position, angle, velocity, gravity, damping, material value, application point,
    /// joint anchor or length, field parameter, and of a step's `dt`: beyond it, products in a step could overflow.
    public static let maximumMagnitude = 1e15
    /// The largest force or impulse component, and friction torque, one call accepts.
    public static let maximumForce = 1e30
    /// Widths and heights (pt) a body accepts: its mass, inertia and their inverses stay normal doubles.
    public static let bodySizes: ClosedRange<Double> = 1e-6...1e6
    /// Densities a body accepts (with ``bodySizes``, masses of 10⁻²⁵ … 10¹⁷ kg).
    public static let densities: ClosedRange<Double> = 1e-9...1e9
    /// Polygon areas (pt²) a body accepts: the squares of ``bodySizes``' ends.
    public static let polygonAreas: ClosedRange<Double> = 1e-12...1e12
    /// Polygon unit inertias (pt²) a body accepts: up to 100 × the largest area, room for a group whose members
    /// lie far apart.
    public static let polygonUnitInertias: ClosedRange<Double> = 1e-12...1e14

    /// Throws unless `value` is finite and at most ``maximumMagnitude`` in magnitude.
    public static func bounded(_ value: Double, _ parameter: String) throws(SolverError) {
        try within(value, limit: maximumMagnitude, "1e15", parameter)
    }

    /// Throws unless `value` is finite, ≥ 0 and at most ``maximumMagnitude``.
    public static func boundedNonNegative(_ value: Double, _ parameter: String) throws(SolverError) {
        try nonNegative(value, parameter)
        try within(value, limit: maximumMagnitude, "1e15", parameter)
    }

    /// Throws unless `value` is a finite force (or impulse, or torque) of at most ``maximumForce`` in magnitude.
    public static func force(_ value: Double, _ parameter: String) throws(SolverError) {
        try within(value, limit: maximumForce, "1e30", parameter)
    }

    /// Throws unless `value` is finite and inside `range`; for a range of positive numbers, a value ≤ 0 is
    /// reported as not > 0 (the plainer message).
    public static func inside(_ value: Double, _ range: ClosedRange<Double>, _ parameter: String) throws(SolverError) {
        if range.lowerBound > 0 { try positive(value, parameter) } else { try finite(value, parameter) }
        guard range.contains(value) else {
            throw .outOfRange(parameter: parameter, value: value, expected: "in \(range.lowerBound)...\(range.upperBound)")
        }
    }

    /// Throws unless `value` is finite and |value| ≤ `limit` (written `limitText` in the message).
    private static func within(_ value: Double, limit: Double, _ limitText: String, _ parameter: String) throws(SolverError) {
        try finite(value, parameter)
        guard abs(value) <= limit else {
            throw .outOfRange(parameter: parameter, value: value, expected: "at most \(limitText) in magnitude")
        }
    }
}
