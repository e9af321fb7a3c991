internal import Foundation
public import SolverBackend

/// One field of the reference world.
struct ReferenceField {
    let kind: FieldKind
    var parameters: FieldParameters
    var region: FieldRegion
    let evaluator: FieldEvaluator?
    /// Member bodies in the order they were added (a destroyed body's id is skipped, then dropped).
    var members: [BodyID] = []
    /// Σ h·animationSpeed and Σ h over the substeps evaluated.
    var phase = 0.0
    var time = 0.0
}

/// The fields of the reference world: slots with generations, the most recently freed reused first.
struct ReferenceFieldStore {
    var fields: [ReferenceField?] = []
    var generations: [UInt32] = []
    var freeSlots: [Int] = []
    var count: Int { fields.count - freeSlots.count }
}

/// What the fields do to one body in one substep.
struct FieldEffect {
    var forceX = 0.0
    var forceY = 0.0
    /// Velocity fields: the velocity to take (pt/s), when `setsVelocity`.
    var velocityX = 0.0
    var velocityY = 0.0
    var setsVelocity = false
}

extension ReferenceWorld {
    /// Live fields.
    public var fieldCount: Int { fieldStore.count }

    /// Adds a field (already validated) in the next free field slot, the most recently freed first.
    public func createField(_ definition: FieldDefinition) -> FieldID {
        let field = ReferenceField(
            kind: definition.kind, parameters: definition.parameters, region: definition.region,
            evaluator: definition.kind == .custom ? definition.evaluator : nil)
        let index: Int
        if let reused = fieldStore.freeSlots.popLast() {
            index = reused
        } else {
            index = fieldStore.fields.count
            fieldStore.fields.append(nil)
            fieldStore.generations.append(0)
        }
        fieldStore.fields[index] = field
        return FieldID(index: Int32(index), generation: fieldStore.generations[index])
    }

    /// Removes a field; its bodies stay and are woken.
    public func destroyField(_ id: FieldID) {
        let f = Int(id.index)
        wakeMembers(of: f)
        fieldStore.fields[f] = nil
        fieldStore.generations[f] &+= 1
        fieldStore.freeSlots.append(f)
    }

    /// True when `id` names a live field.
    public func isValid(_ id: FieldID) -> Bool {
        let f = Int(id.index)
        return f >= 0 && f < fieldStore.fields.count && fieldStore.fields[f] != nil && fieldStore.generations[f] == id.generation
    }

    /// Replaces a field's parameters (already validated).
    public func setFieldParameters(_ id: FieldID, _ parameters: FieldParameters) {
        fieldStore.fields[Int(id.index)]!.parameters = parameters
        wakeMembers(of: Int(id.index))
    }

    /// A field's parameters as last set.
    public func fieldParameters(_ id: FieldID) -> FieldParameters { fieldStore.fields[Int(id.index)]!.parameters }

    /// Replaces the region a field acts in; its members wake.
    public func setFieldRegion(_ id: FieldID, _ region: FieldRegion) {
        fieldStore.fields[Int(id.index)]!.region = region
        wakeMembers(of: Int(id.index))
    }

    /// Makes `body` feel the field (a member already is left as it is); wakes it.
    public func addBody(_ body: BodyID, toField id: FieldID) {
        let f = Int(id.index)
        guard !fieldStore.fields[f]!.members.contains(body) else { return }
        fieldStore.fields[f]!.members.append(body)
        wake(slot(body))
    }

    /// Stops `body` feeling the field (a body that is no member is ignored); wakes it.
    public func removeBody(_ body: BodyID, fromField id: FieldID) {
        let f = Int(id.index)
        guard let k = fieldStore.fields[f]!.members.firstIndex(of: body) else { return }
        fieldStore.fields[f]!.members.remove(at: k)
        wake(slot(body))
    }

    /// How many live bodies feel the field.
    public func fieldBodyCount(_ id: FieldID) -> Int { fieldStore.fields[Int(id.index)]!.members.filter(isValid).count }

    private func wakeMembers(of f: Int) {
        for body in fieldStore.fields[f]!.members where isValid(body) { wake(slot(body)) }
    }

    /// Every field's effect on every body slot for substep h (nil when the world has no field), sampled half a
    /// substep ahead under the analytic model. Fields are visited in slot order and each body's force summed in
    /// that order, exactly as the C core does.
    func evaluateFields(h: Double) -> [FieldEffect]? {
        guard fieldStore.count > 0 else { return nil }
        var effects = Array(repeating: FieldEffect(), count: bodies.count)
        let half = springModel == .analytic ? 0.5 * h : 0.0
        for f in fieldStore.fields.indices {
            guard var field = fieldStore.fields[f] else { continue }
            field.members.removeAll { !isValid($0) }
            if abs(field.parameters.strength) >= 1.0 / 32768.0 {
                switch field.kind {
                case .custom: applyCustom(field, half: half, h: h, to: &effects)
                default: apply(field, h: h, half: half, to: &effects)
                }
            }
            field.phase += h * field.parameters.animationSpeed
            field.time += h
            fieldStore.fields[f] = field
        }
        return effects
    }

    /// A member's sample position relative to the field, its mass, and whether the field acts on it.
    private func sample(_ body: BodyID, _ field: ReferenceField, half: Double)
        -> (x: Double, y: Double, mass: Double, acts: Bool)
    {
        let b = bodies[slot(body)]!
        let x = (b.x + half * b.vx) - field.parameters.x
        let y = (b.y + half * b.vy) - field.parameters.y
        let mass = b.invMass > 0.0 ? 1.0 / b.invMass : 0.0
        return (x, y, mass, b.isAwake && field.region.contains(x: x, y: y))
    }

    private func apply(_ field: ReferenceField, h: Double, half: Double, to effects: inout [FieldEffect]) {
        let p = field.parameters
        for body in field.members {
            let i = slot(body)
            let s = sample(body, field, half: half)
            if field.kind == .velocity {
                guard s.acts else { continue }
                effects[i].velocityX += 100.0 * p.directionX
                effects[i].velocityY += 100.0 * p.directionY
                effects[i].setsVelocity = true
                continue
            }
            let b = bodies[i]!
            let force = s.acts
                ? Self.law(field, h: h, x: s.x, y: s.y, vx: b.vx, vy: b.vy, mass: s.mass, charge: b.charge) : (0.0, 0.0)
            effects[i].forceX = effects[i].forceX + force.0
            effects[i].forceY = effects[i].forceY + force.1
        }
    }

    private func applyCustom(_ field: ReferenceField, half: Double, h: Double, to effects: inout [FieldEffect]) {
        var inside: [Int] = []
        var x: [Double] = [], y: [Double] = [], vx: [Double] = [], vy: [Double] = [], mass: [Double] = []
        var charge: [Double] = []
        for body in field.members {
            let s = sample(body, field, half: half)
            guard s.acts else { continue }
            let b = bodies[slot(body)]!
            inside.append(slot(body))
            x.append(s.x)
            y.append(s.y)
            vx.append(b.vx)
            vy.append(b.vy)
            mass.append(s.mass)
            charge.append(b.charge)
        }
        guard !inside.isEmpty, let evaluate = field.evaluator else { return }
        var fx = Array(repeating: 0.0, count: inside.count)
        var fy = fx
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                vx.withUnsafeBufferPointer { vx in
                    vy.withUnsafeBufferPointer { vy in
                        mass.withUnsafeBufferPointer { mass in
                            charge.withUnsafeBufferPointer { charge in
                                fx.withUnsafeMutableBufferPointer { fx in
                                    fy.withUnsafeMutableBufferPointer { fy in
                                        evaluate(
                                            FieldSamples(
                                                x: x, y: y, vx: vx, vy: vy, mass: mass, charge: charge, interval: h,
                                                time: field.time, forceX: fx, forceY: fy))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        for (k, i) in inside.enumerated() {
            effects[i].forceX += fx[k].isFinite ? fx[k] : 0.0
            effects[i].forceY += fy[k].isFinite ? fy[k] : 0.0
        }
    }

    /// 100^k: by repeated multiplication for integer k (|k| ≤ 64), `pow` otherwise.
    static func pow100(_ k: Double) -> Double {
        guard k == k.rounded(.down), abs(k) <= 64 else { return pow(100.0, k) }
        var p = 1.0
        for _ in 0..<Int(abs(k)) { p *= 100.0 }
        return k < 0 ? 1.0 / p : p
    }

    /// max(r, minimumRadius)^(−k), 1 when |k| < 2⁻¹⁵; integer exponents by repeated multiplication.
    static func falloff(_ r: Double, minimumRadius: Double, k: Double) -> Double {
        guard abs(k) >= 1.0 / 32768.0 else { return 1.0 }
        let rho = r < minimumRadius ? minimumRadius : r
        guard k == k.rounded(.down), abs(k) <= 64 else { return pow(rho, -k) }
        var fall = rho
        for _ in 1..<Int(abs(k)) { fall = fall * rho }
        return k > 0 ? 1.0 / fall : fall
    }

    /// The force (kg·pt/s²) of a built-in field on one body at (x, y) relative to it in substep h: the laws of
    /// ``FieldKind``, UIKit's metres converted by the coefficient S·100^k; drag and magnetic fields at the implicit
    /// midpoint velocity.
    static func law(
        _ field: ReferenceField, h: Double, x: Double, y: Double, vx: Double, vy: Double, mass m: Double, charge q: Double
    ) -> (Double, Double) {
        let p = field.parameters
        let r = (x * x + y * y).squareRoot()
        let fall = falloff(r, minimumRadius: p.minimumRadius, k: p.falloff)
        let coef = p.strength * (abs(p.falloff) < 1.0 / 32768.0 ? 1.0 : pow100(p.falloff))
        /// Along r̂: coef·w·fall/r·d, zero closer than `near` points.
        func central(_ coef: Double, _ w: Double, near: Double) -> (Double, Double) {
            let t = coef * w * fall / r
            return r < near ? (0, 0) : (t * x, t * y)
        }
        switch field.kind {
        case .linearGravity:
            let t = 100.0 * coef * m * fall
            return (t * p.directionX, t * p.directionY)
        case .radialGravity: return central(-100.0 * coef, m, near: 0.31622776601683794)
        case .spring: return central(-100.0 * coef, 1.0, near: 1e-3)
        case .electric: return central(-100.0 * coef, q, near: .leastNormalMagnitude)
        case .magnetic:
            // At the implicit midpoint velocity under this field alone: the kick is an exact rotation.
            let t = coef * q * fall
            let theta = 0.5 * h * t / m
            let d = 1.0 + theta * theta
            let mx = (vx + theta * vy) / d
            let my = (vy - theta * vx) / d
            return (t * my, -(t * mx))
        case .vortex:
            let t = -100.0 * coef * fall / r / m
            return r > 0.0 ? (t * y, -(t * x)) : (0, 0)
        case .drag:
            // At the implicit midpoint velocity under this field alone: stable at any strength.
            let drag = coef * fall
            let g = 0.5 * h * drag / m
            let t = -drag / (1.0 + (g > 0.0 ? g : 0.0))
            return (t * (vx - 100.0 * p.directionX), t * (vy - 100.0 * p.directionY))
        case .noise, .turbulence:
            let f = 1.25 / (p.smoothness + 1.0 / 12.0) - 1.0
            let perPoint = f / 100.0
            let w = (f * field.phase).truncatingRemainder(dividingBy: 256.0)
            let n = ReferenceNoise.force(perPoint * x + w, perPoint * y + w, w)
            let t = field.kind == .noise ? 100.0 * coef * fall : coef / 100.0 * fall * m * (vx * vx + vy * vy)
            return (t * n.x, t * n.y)
        case .velocity, .custom:
            return (0, 0)
        }
    }
}
