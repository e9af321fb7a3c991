import Foundation
import SolverBackend

extension ReferenceWorld {
    private func cross(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double { ax * by - ay * bx }

    /// Jacobian, error, flags and bounds of one row at the current positions.
    func makeRow(joint j: Int, type: RowType) -> Row {
        let joint = joints[j]!
        let pa = anchorWorld(joint.bodyA, joint.localA)
        let pb = anchorWorld(joint.bodyB, joint.localB)
        let dx = pb.x - pa.x, dy = pb.y - pa.y
        let relativeAngle = bodyAngle(joint.bodyB) - bodyAngle(joint.bodyA) - joint.referenceAngle
        var row = Row(a: joint.bodyA, b: joint.bodyB, origin: .joint(j, type))
        var e = (x: 0.0, y: 0.0)
        var sign = 1.0
        var leverA = 0.0
        var translational = true
        switch type {
        case .distance, .rope:
            let length = (dx * dx + dy * dy).squareRoot()
            e = length > 1e-12 ? (dx / length, dy / length) : (1, 0)
            if type == .distance {
                row.c = length - joint.length
                row.isRigid = joint.frequency <= 0
            } else {
                row.c = joint.length - length
                sign = -1
                row.isUnilateral = true
            }
            leverA = cross(pa.rx, pa.ry, e.x, e.y)
        case .pointX, .pointY:
            e = type == .pointX ? (1, 0) : (0, 1)
            row.c = dx * e.x + dy * e.y
            row.isRigid = !(joint.kind == .distance && joint.frequency > 0)
            leverA = cross(pa.rx, pa.ry, e.x, e.y)
        case .perpendicular, .slideLower, .slideUpper:
            let angleA = bodyAngle(joint.bodyA)
            let u = (x: cos(angleA) * joint.axisLocal.x - sin(angleA) * joint.axisLocal.y,
                     y: sin(angleA) * joint.axisLocal.x + cos(angleA) * joint.axisLocal.y)
            if type == .perpendicular {
                e = (-u.y, u.x)
                row.c = dx * e.x + dy * e.y
                row.isRigid = true
            } else {
                e = u
                let slide = dx * u.x + dy * u.y
                row.isUnilateral = true
                if type == .slideLower {
                    row.c = slide - joint.lowerLimit
                } else {
                    row.c = joint.upperLimit - slide
                    sign = -1
                }
            }
            leverA = cross(dx + pa.rx, dy + pa.ry, e.x, e.y)
        case .angle, .angleLower, .angleUpper, .angleFriction:
            translational = false
            switch type {
            case .angle:
                row.c = relativeAngle
                row.isRigid = true
            case .angleLower:
                row.c = relativeAngle - joint.lowerLimit
                row.isUnilateral = true
            case .angleUpper:
                row.c = joint.upperLimit - relativeAngle
                row.isUnilateral = true
                sign = -1
            default:
                row.c = 0
            }
        }
        if translational {
            row.ja = (-sign * e.x, -sign * e.y, -sign * leverA)
            row.jb = (sign * e.x, sign * e.y, sign * cross(pb.rx, pb.ry, e.x, e.y))
        } else {
            row.ja = (0, 0, -sign)
            row.jb = (0, 0, sign)
        }
        if row.isUnilateral { row.lo = 0 }
        return row
    }

    /// J M⁻¹ Jᵀ between rows i and j through the bodies they share.
    func coupling(_ ri: Row, _ rj: Row) -> Double {
        func term(_ body: Int?, _ ji: Jacobian, _ other: Int?, _ jj: Jacobian) -> Double {
            guard let body, body == other, let b = bodies[body] else { return 0 }
            return b.invMass * (ji.x * jj.x + ji.y * jj.y) + b.invInertia * ji.w * jj.w
        }
        return term(ri.a, ri.ja, rj.a, rj.ja) + term(ri.a, ri.ja, rj.b, rj.jb)
            + term(ri.b, ri.jb, rj.a, rj.ja) + term(ri.b, ri.jb, rj.b, rj.jb)
    }

    /// κ = k/m and η = c/m of a spring for substep h: pole-matched (analytic) or plain (UIKit-compatible), each
    /// capped at 10³⁰ (stiffer is rigid to within round-off; the cap keeps every product finite).
    func springCoefficients(frequency: Double, dampingRatio: Double, h: Double) -> (kappa: Double, eta: Double) {
        let (kappa, eta) = uncappedSpringCoefficients(frequency: frequency, dampingRatio: dampingRatio, h: h)
        return (min(kappa, ReferenceConstants.maxSpringCoefficient), min(eta, ReferenceConstants.maxSpringCoefficient))
    }

    private func uncappedSpringCoefficients(frequency: Double, dampingRatio: Double, h: Double) -> (kappa: Double, eta: Double) {
        let omega = 2.0 * 3.14159265358979323846 * frequency
        if springModel == .uikitCompatible { return (omega * omega, 2.0 * dampingRatio * omega) }
        // The trapezoidal rule maps s' to (1 + s'h/2)/(1 − s'h/2); s' = (2/h)·tanh(s·h/2) lands on e^(s·h).
        if dampingRatio < 1.0 {
            let x = -dampingRatio * omega * h / 2.0
            // tanh(x + iy) is ±1 to within e^(−2|x|) beyond |x| = 20 (and cosh would overflow past |x| ≈ 355).
            if abs(x) > 20.0 {
                let re = (x > 0.0 ? 1.0 : -1.0) * (2.0 / h)
                return (re * re, -2.0 * re)
            }
            let y = min(omega * (1.0 - dampingRatio * dampingRatio).squareRoot() * h / 2.0, ReferenceConstants.maxHalfPhase)
            let denominator = cosh(2.0 * x) + cos(2.0 * y)
            let re = sinh(2.0 * x) / denominator * (2.0 / h)
            let im = sin(2.0 * y) / denominator * (2.0 / h)
            return (re * re + im * im, -2.0 * re)
        }
        let root = dampingRatio > 1e150 ? dampingRatio : (dampingRatio * dampingRatio - 1.0).squareRoot()  // = ζ once ζ² overflows
        let s1 = 2.0 / h * tanh(omega * (-dampingRatio + root) * h / 2.0)
        let s2 = 2.0 / h * tanh(omega * (-dampingRatio - root) * h / 2.0)
        return (s1 * s2, -(s1 + s2))
    }

    /// Softness and right-hand-side weights of a spring row.
    func applySpring(to row: inout Row, h: Double) {
        let joint = joints[row.joint!]!
        let inverseMass = coupling(row, row)
        guard inverseMass > 0 else { return }
        let mass = 1.0 / inverseMass
        let (kappa, eta) = springCoefficients(frequency: joint.frequency, dampingRatio: joint.dampingRatio, h: h)
        let trapezoidal = springModel == .analytic
        let a = trapezoidal ? mass * (h * h * kappa / 4.0 + h * eta / 2.0) : mass * (h * h * kappa + h * eta)
        guard a > 0 else { return }
        guard a.isFinite else {  // stiffer or more damped than a double holds: the rigid limit (a → ∞)
            row.soft = 0
            row.rhsScale = eta.isFinite ? (trapezoidal ? 4.0 / h : 1.0 / h) : 0.0
            row.v0Weight = trapezoidal ? 1.0 : 0.0
            return
        }
        row.soft = 1.0 / a
        row.rhsScale = h * mass * kappa / a
        row.v0Weight = trapezoidal ? 1.0 : 0.0
    }
}
