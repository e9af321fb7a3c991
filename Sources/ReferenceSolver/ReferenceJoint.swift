import Foundation
import SolverBackend

/// One joint of the reference world. Anchors are kept in their body's local frame (world coordinates for
/// the world), like the C core.
struct ReferenceJoint {
    var kind: JointKind
    var bodyA: Int?
    var bodyB: Int?
    var localA: (x: Double, y: Double)
    var localB: (x: Double, y: Double)
    var length: Double
    var frequency: Double
    var dampingRatio: Double
    var axisLocal: (x: Double, y: Double)
    var referenceAngle: Double
    var lowerLimit: Double
    var upperLimit: Double
    var frictionTorque: Double
}

/// What one constraint row measures (same order as the C core's `sdRowType`).
enum RowType {
    case distance, pointX, pointY, angle, perpendicular, rope, angleLower, angleUpper, slideLower, slideUpper
    case angleFriction

    /// The rows a joint produces, in order.
    static func rows(of joint: ReferenceJoint) -> [RowType] {
        switch joint.kind {
        case .distance: return joint.length > ReferenceConstants.zeroLength ? [.distance] : [.pointX, .pointY]
        case .rope: return [.rope]
        case .revolute:
            var rows: [RowType] = [.pointX, .pointY]
            if joint.lowerLimit.isFinite { rows.append(.angleLower) }
            if joint.upperLimit.isFinite { rows.append(.angleUpper) }
            if joint.frictionTorque > 0 { rows.append(.angleFriction) }
            return rows
        case .weld: return [.pointX, .pointY, .angle]
        case .prismatic:
            var rows: [RowType] = [.perpendicular, .angle]
            if joint.lowerLimit.isFinite { rows.append(.slideLower) }
            if joint.upperLimit.isFinite { rows.append(.slideUpper) }
            return rows
        }
    }
}

/// Solver constants shared in spirit with the C core (same values).
enum ReferenceConstants {
    static let zeroLength = 1e-6
    static let maxHalfPhase = 0.49 * Double.pi
    /// Spring κ and η (per unit mass) are capped here (the C core's sdMaxSpringCoefficient).
    static let maxSpringCoefficient = 1e30
    static let kernelMaxRows = 24
    static let rigidRegularization = 1e-10
    static let projectionTolerance = 1e-9
    static let projectionIterations = 4
    static let activeSetPasses = 8

    // Collisions (sd_collision.h, contact_solver.c).
    /// Distance (pt) within which every pair gets contact points, whatever its speed.
    static let speculativeBase = 2.0
    /// A point touches (events, islands) below this separation (pt), or when its constraint pushed.
    static let touchSlop = 0.5
    /// Relative normal speed (pt/s) below which impacts do not bounce.
    static let restitutionThreshold = 100.0
    /// Contact islands with at most this many rows are solved exactly; larger ones take the soft step.
    static let directContactRows = 96
    /// Most clamp-and-resolve passes of a direct contact solve.
    static let contactActiveSetPasses = 16
    /// Projected Gauss–Seidel sweeps at most that finish a direct contact solve which ran out of passes.
    static let contactPolishSweeps = 64
    /// Contact rows carry this fraction of their own K_rr as compliance, so an over-constrained contact set (a box
    /// in a corner) still has a solvable system.
    static let contactRegularization = 1e-6
    /// Margin (pt) by which a shape's kept box exceeds its swept box when re-made: a body creeping less than this
    /// keeps its box, and its pairs need not be looked for again.
    static let fatMargin = 1.0
    /// Exact contact projection stops when every overlap is below this (pt), or after so many iterations.
    static let contactProjectionTolerance = 1e-9
    static let contactProjectionIterations = 4
    /// Gauss–Seidel sweeps over the normal rows of a contact between jointed bodies, after its island's exact solve.
    static let jointedContactSweeps = 4
}

/// What a row belongs to: a joint, or a contact (the C core's `joint`, `contact`, `point`, `normalRow`, `mu`).
enum RowOrigin {
    case joint(Int, RowType)
    /// The normal row of point `point` of contact `contact`.
    case contactNormal(contact: Int, point: Int)
    /// The friction row of contact `contact`; its bound is `mu` times the impulses of the contact's normal rows,
    /// `normals` in the same system.
    case contactFriction(contact: Int, normals: Range<Int>, mu: Double)
}

/// One body's part of a row's Jacobian: the weights of its vx, vy and ω.
typealias Jacobian = (x: Double, y: Double, w: Double)

/// One scalar constraint row: error C and Jacobian over the two bodies' (vx, vy, ω).
struct Row {
    var a: Int?
    var b: Int?
    var ja: Jacobian = (0, 0, 0)
    var jb: Jacobian = (0, 0, 0)
    var c = 0.0
    var soft = 0.0
    var rhsScale = 0.0
    var v0Weight = 0.0
    var lo = -Double.infinity
    var hi = Double.infinity
    var isRigid = false
    var isUnilateral = false
    var origin: RowOrigin
    /// A contact row the active set let back in once (held for good next time).
    var reentered = false

    /// The joint row's type (nil for contact rows).
    var type: RowType? {
        if case let .joint(_, type) = origin { return type }
        return nil
    }

    /// The joint slot of a joint row (nil for contact rows).
    var joint: Int? {
        if case let .joint(joint, _) = origin { return joint }
        return nil
    }

    /// The contact of a contact row (nil for joint rows).
    var contact: Int? {
        switch origin {
        case .joint: return nil
        case let .contactNormal(contact, _), let .contactFriction(contact, _, _): return contact
        }
    }

    var isFriction: Bool {
        if case .contactFriction = origin { return true }
        return false
    }
}
