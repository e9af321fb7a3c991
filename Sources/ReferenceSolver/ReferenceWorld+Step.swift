internal import Foundation
internal import SolverBackend

extension ReferenceWorld {
    /// Advances the world. Once per step: the collision pass (contacts), the joint layout, and the islands over
    /// joints and contacts. Per substep h: free velocities (gravity, forces, exact exponential damping);
    /// constraint impulses per joint island, then per contact island with the joints it holds; positions
    /// (analytic model: by the mean of old and new velocity, exact for constant forces; UIKit-compatible: by the
    /// new velocity); restitution; projection of rigid rows and overlaps; continuous collision. After the
    /// substeps: contact events, forces cleared, and islands that stayed slow long enough come to rest.
    public func step(dt: Double, substeps: Int) {
        collide(dt: dt)
        let layout = prepareLayout()
        var islands = prepareContactIslands(layout)
        let h = dt / Double(substeps)
        for substep in 0..<substeps {
            let fields = evaluateFields(h: h)
            let start = SubstepStart(
                velocities: bodies.map { b in b.map { ($0.vx, $0.vy, $0.w) } ?? (0, 0, 0) },
                poses: bodies.map { b in b.map { ($0.x, $0.y, $0.angle) } ?? (0, 0, 0) })
            for i in bodies.indices where bodies[i]?.isAwake == true {
                integrateVelocity(&bodies[i]!, h: h, field: fields?[i])
            }
            solveVelocities(layout, owners: islands.owner, start: start, h: h)
            solveContactVelocities(&islands, layout, start: start, h: h, substep: substep)
            for i in bodies.indices where bodies[i]?.isAwake == true {
                // Speeds capped at Validate.maximumMagnitude, as the C core does: diverging motion grows linearly.
                bodies[i]!.vx = Self.clampMagnitude(bodies[i]!.vx, Validate.maximumMagnitude)
                bodies[i]!.vy = Self.clampMagnitude(bodies[i]!.vy, Validate.maximumMagnitude)
                bodies[i]!.w = Self.clampMagnitude(bodies[i]!.w, Validate.maximumMagnitude)
                let v0 = start.velocities[i]
                if springModel == .analytic {
                    let half = 0.5 * h
                    bodies[i]!.x += half * (v0.0 + bodies[i]!.vx)
                    bodies[i]!.y += half * (v0.1 + bodies[i]!.vy)
                    bodies[i]!.angle += half * (v0.2 + bodies[i]!.w)
                } else {
                    bodies[i]!.x += h * bodies[i]!.vx
                    bodies[i]!.y += h * bodies[i]!.vy
                    bodies[i]!.angle += h * bodies[i]!.w
                }
            }
            applyRestitution(&islands, layout, h: h, lastSubstep: substep == substeps - 1)
            // The cap again after restitution and the relaxing sweeps (the C core skips it without contact
            // islands, where it changes nothing).
            for i in bodies.indices where bodies[i]?.isAwake == true {
                bodies[i]!.vx = Self.clampMagnitude(bodies[i]!.vx, Validate.maximumMagnitude)
                bodies[i]!.vy = Self.clampMagnitude(bodies[i]!.vy, Validate.maximumMagnitude)
                bodies[i]!.w = Self.clampMagnitude(bodies[i]!.w, Validate.maximumMagnitude)
            }
            projectPositions(layout, owners: islands.owner)
            projectContacts(islands, layout)
            solveContinuous(start: start)
        }
        finishContacts()
        finishStep(dt: dt, islands: islands)
    }

    /// `v` held to [−limit, limit], NaN to 0 (the C core's sd_clamp_magnitude).
    static func clampMagnitude(_ v: Double, _ limit: Double) -> Double {
        if v != v { return 0 }
        return v > limit ? limit : (v < -limit ? -limit : v)
    }

    /// v ← (v + h·(g + (F + F_field)/m))·e^(−c·h), ω ← (ω + h·τ/I)·e^(−c_ω·h); inside a velocity field v takes
    /// the field's velocity instead.
    private func integrateVelocity(_ b: inout ReferenceBody, h: Double, field: FieldEffect?) {
        let linearFactor = exp(-b.linearDamping * h)
        let angularFactor = exp(-b.angularDamping * h)
        // A law's singularity can give ±inf or NaN: held to Validate.maximumForce, NaN to 0 (as the C core).
        let fx = field.map { b.forceX + Self.clampMagnitude($0.forceX, Validate.maximumForce) } ?? b.forceX
        let fy = field.map { b.forceY + Self.clampMagnitude($0.forceY, Validate.maximumForce) } ?? b.forceY
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

    /// Clears forces; an island (bodies joined by joints or active contacts) whose bodies all stayed slower than
    /// the tolerances for `timeToSleep` seconds comes to rest, its bodies linked in a sleep ring so that waking
    /// any of them wakes them all.
    private func finishStep(dt: Double, islands: ReferenceContactIslands) {
        var islands = islands
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
            let root = islands.joined.root(i)
            islandSleep[root] = min(islandSleep[root] ?? .infinity, bodies[i]!.sleepTime)
        }
        var ring: [Int: Int] = [:]  // per root: the first body put to sleep in its island
        var awake = 0
        for i in bodies.indices where bodies[i]?.isAwake == true {
            let root = islands.joined.root(i)
            // The relative margin keeps 30 frames of 1/60 s (which sum to just under 0.5) from taking 31.
            if islandSleep[root]! >= settings.timeToSleep * (1 - 1e-9) {
                bodies[i]!.isAwake = false
                topologyChanged()
                bodies[i]!.vx = 0
                bodies[i]!.vy = 0
                bodies[i]!.w = 0
                if let first = ring[root] {
                    bodies[i]!.sleepNext = bodies[first]!.sleepNext
                    bodies[first]!.sleepNext = i
                } else {
                    ring[root] = i
                    bodies[i]!.sleepNext = i
                }
            } else {
                awake += 1
            }
        }
        awakeBodyCount = awake
    }
}
