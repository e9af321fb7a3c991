import Foundation
import SolverBackend

extension ReferenceWorld {
    /// Advances the world: per substep h, integrate velocities (gravity, forces, exact exponential damping),
    /// then positions (semi-implicit Euler); after the substeps, clear forces and let slow bodies rest.
    public func step(dt: Double, substeps: Int) throws(SolverError) {
        try Self.validateStep(dt: dt, substeps: substeps)
        let h = dt / Double(substeps)
        for _ in 0..<substeps {
            for i in bodies.indices where bodies[i]?.isAwake == true {
                integrateVelocity(&bodies[i]!, h: h)
            }
            for i in bodies.indices where bodies[i]?.isAwake == true {
                bodies[i]!.x += h * bodies[i]!.vx
                bodies[i]!.y += h * bodies[i]!.vy
                bodies[i]!.angle += h * bodies[i]!.w
            }
        }
        finishStep(dt: dt)
    }

    /// v ← (v + h·(g + F/m))·e^(−c·h), ω ← (ω + h·τ/I)·e^(−c_ω·h).
    private func integrateVelocity(_ b: inout ReferenceBody, h: Double) {
        let linearFactor = exp(-b.linearDamping * h)
        let angularFactor = exp(-b.angularDamping * h)
        let ax = b.gravityX + b.forceX * b.invMass
        let ay = b.gravityY + b.forceY * b.invMass
        b.vx = (b.vx + h * ax) * linearFactor
        b.vy = (b.vy + h * ay) * linearFactor
        b.w = (b.w + h * b.torque * b.invInertia) * angularFactor
    }

    /// Clears forces; a body slower than the tolerances for `timeToSleep` seconds comes to rest.
    private func finishStep(dt: Double) {
        let linearTolerance2 = settings.sleepLinearTolerance * settings.sleepLinearTolerance
        let angularTolerance2 = settings.sleepAngularTolerance * settings.sleepAngularTolerance
        var awake = 0
        for i in bodies.indices where bodies[i] != nil {
            bodies[i]!.forceX = 0
            bodies[i]!.forceY = 0
            bodies[i]!.torque = 0
            guard bodies[i]!.isAwake else { continue }
            let b = bodies[i]!
            if b.vx * b.vx + b.vy * b.vy > linearTolerance2 || b.w * b.w > angularTolerance2 {
                bodies[i]!.sleepTime = 0
            } else {
                bodies[i]!.sleepTime += dt
            }
            if bodies[i]!.sleepTime >= settings.timeToSleep {
                bodies[i]!.isAwake = false
                bodies[i]!.vx = 0
                bodies[i]!.vy = 0
                bodies[i]!.w = 0
            } else {
                awake += 1
            }
        }
        awakeBodyCount = awake
    }
}
