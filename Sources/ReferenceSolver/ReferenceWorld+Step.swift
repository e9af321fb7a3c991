internal import Foundation
internal import SolverBackend

extension ReferenceWorld {
    /// Advances the world. Per substep h: free velocities (gravity, forces, exact exponential damping);
    /// constraint impulses per island; positions (analytic model: by the mean of old and new velocity,
    /// exact for constant forces; UIKit-compatible: by the new velocity); projection of rigid rows. After the
    /// substeps: forces are cleared and islands that stayed slow long enough come to rest.
    public func step(dt: Double, substeps: Int) {
        let layout = prepareLayout()
        let h = dt / Double(substeps)
        for _ in 0..<substeps {
            let fields = evaluateFields(h: h)
            var start = Array(repeating: (0.0, 0.0, 0.0), count: bodies.count)
            for i in bodies.indices where bodies[i]?.isAwake == true {
                start[i] = (bodies[i]!.vx, bodies[i]!.vy, bodies[i]!.w)
                integrateVelocity(&bodies[i]!, h: h, field: fields?[i])
            }
            solveVelocities(layout, startVelocities: start, h: h)
            for i in bodies.indices where bodies[i]?.isAwake == true {
                if springModel == .analytic {
                    let half = 0.5 * h
                    bodies[i]!.x += half * (start[i].0 + bodies[i]!.vx)
                    bodies[i]!.y += half * (start[i].1 + bodies[i]!.vy)
                    bodies[i]!.angle += half * (start[i].2 + bodies[i]!.w)
                } else {
                    bodies[i]!.x += h * bodies[i]!.vx
                    bodies[i]!.y += h * bodies[i]!.vy
                    bodies[i]!.angle += h * bodies[i]!.w
                }
            }
            projectPositions(layout)
        }
        finishStep(dt: dt, layout: layout)
    }

    /// v ← (v + h·(g + (F + F_field)/m))·e^(−c·h), ω ← (ω + h·τ/I)·e^(−c_ω·h); inside a velocity field v takes
    /// the field's velocity instead.
    private func integrateVelocity(_ b: inout ReferenceBody, h: Double, field: FieldEffect?) {
        let linearFactor = exp(-b.linearDamping * h)
        let angularFactor = exp(-b.angularDamping * h)
        let fx = field.map { b.forceX + $0.forceX } ?? b.forceX
        let fy = field.map { b.forceY + $0.forceY } ?? b.forceY
        let ax = b.gravityX + fx * b.invMass
        let ay = b.gravityY + fy * b.invMass
        b.vx = (b.vx + h * ax) * linearFactor
        b.vy = (b.vy + h * ay) * linearFactor
        if let field, field.setsVelocity {
            b.vx = field.velocityX
            b.vy = field.velocityY
        }
        b.w = (b.w + h * b.torque * b.invInertia) * angularFactor
    }

    /// Clears forces; an island whose bodies all stayed slower than the tolerances for `timeToSleep`
    /// seconds comes to rest.
    private func finishStep(dt: Double, layout: ReferenceLayout) {
        let linearTolerance2 = settings.sleepLinearTolerance * settings.sleepLinearTolerance
        let angularTolerance2 = settings.sleepAngularTolerance * settings.sleepAngularTolerance
        var islandSleep: [Int: Double] = [:]
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
            let root = layout.root(i)
            islandSleep[root] = min(islandSleep[root] ?? .infinity, bodies[i]!.sleepTime)
        }
        var awake = 0
        for i in bodies.indices where bodies[i]?.isAwake == true {
            // The relative margin keeps 30 frames of 1/60 s (which sum to just under 0.5) from taking 31.
            if islandSleep[layout.root(i)]! >= settings.timeToSleep * (1 - 1e-9) {
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
