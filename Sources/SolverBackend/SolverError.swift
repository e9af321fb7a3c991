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
