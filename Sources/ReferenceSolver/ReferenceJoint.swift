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
    static let kernelMaxRows = 24
    static let rigidRegularization = 1e-10
    static let projectionTolerance = 1e-9
    static let projectionIterations = 4
    static let activeSetPasses = 8
}

/// One scalar constraint row: error C and Jacobian over the two bodies' (vx, vy, ω).
struct Row {
    var a: Int?
    var b: Int?
    var ja = [0.0, 0.0, 0.0]
    var jb = [0.0, 0.0, 0.0]
    var c = 0.0
    var soft = 0.0
    var rhsScale = 0.0
    var v0Weight = 0.0
    var lo = -Double.infinity
    var hi = Double.infinity
    var isRigid = false
    var isUnilateral = false
    var type: RowType
    var joint: Int
}
