/// Why a backend refused a call. The world is unchanged after any of these.
public enum SolverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The id names no live body (it was destroyed, or never existed in this world).
    case invalidBody(BodyID)
    /// The id names no live joint (it was destroyed, or never existed in this world).
    case invalidJoint(JointID)
    /// The id names no live shape (it was destroyed, or never existed in this world).
    case invalidShape(ShapeID)
    /// A NaN or infinite number was passed for `parameter`.
    case nonFinite(parameter: String, value: Double)
    /// `value` is outside the range `parameter` accepts (`expected` says which).
    case outOfRange(parameter: String, value: Double, expected: String)
    /// The world could not grow its storage.
    case outOfMemory
    /// The id names no live field (it was destroyed, or never existed in this world).
    case invalidField(FieldID)

    /// Equal cases with equal parameters; values compare by bit pattern, so NaN equals NaN.
    public static func == (lhs: SolverError, rhs: SolverError) -> Bool {
        switch (lhs, rhs) {
        case let (.invalidBody(a), .invalidBody(b)): return a == b
        case let (.invalidJoint(a), .invalidJoint(b)): return a == b
        case let (.invalidShape(a), .invalidShape(b)): return a == b
        case let (.nonFinite(p, v), .nonFinite(q, w)): return p == q && v.bitPattern == w.bitPattern
        case let (.outOfRange(p, v, e), .outOfRange(q, w, f)): return p == q && v.bitPattern == w.bitPattern && e == f
        case (.outOfMemory, .outOfMemory): return true
        case let (.invalidField(a), .invalidField(b)): return a == b
        default: return false
        }
    }

    /// A sentence naming the parameter and the value, e.g. `density must be > 0 (got -1.0)`.
    public var description: String {
        switch self {
        case let .invalidBody(id): return "\(id) is not a live body"
        case let .invalidJoint(id): return "\(id) is not a live joint"
        case let .invalidShape(id): return "\(id) is not a live shape"
        case let .nonFinite(parameter, value): return "\(parameter) must be finite (got \(value))"
        case let .outOfRange(parameter, value, expected): return "\(parameter) must be \(expected) (got \(value))"
        case .outOfMemory: return "out of memory"
        case let .invalidField(id): return "\(id) is not a live field"
        }
    }
}

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
}
