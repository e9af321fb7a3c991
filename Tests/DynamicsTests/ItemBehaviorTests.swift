// DynamicItemBehavior: defaults, exact exponential damping, velocities, density/mass, anchoring, fixed
// rotation, which behavior wins a property, and write-back that keeps the item's scale.
import Dynamics
import Foundation
import Testing

@Suite("Dynamic item behavior") @MainActor
struct ItemBehaviorTests {
    @Test("Defaults are UIKit's implementation values")
    func defaults() {
        let behavior = DynamicItemBehavior()
        #expect(behavior.elasticity == 0.2)
        #expect(behavior.friction == 0.2)
        #expect(behavior.density == 1)
        #expect(behavior.resistance == 0.1)
        #expect(behavior.angularResistance == 0.1)
        #expect(behavior.charge == 0)
        #expect(behavior.isAnchored == false)
        #expect(behavior.allowsRotation == true)
        #expect(behavior.items.isEmpty)
        #expect(behavior.childBehaviors.isEmpty)

        behavior.elasticity = 0.7
        behavior.friction = 1.5
        behavior.charge = -2
        #expect(behavior.elasticity == 0.7)
        #expect(behavior.friction == 1.5)
        #expect(behavior.charge == -2)
    }

    @Test("Resistance c: v(t) = v₀·e^(−c·t) exactly, and x follows the damped sum", arguments: allSolvers, allModels)
    func exactLinearDamping(solver: SolverKind, model: SpringModel) {
        let scene = Scene(solver)
        scene.animator.springModel = model
        let box = scene.box(x: 500, y: 500)
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0.7
        scene.animator.addBehavior(properties)
        properties.addLinearVelocity(CGPoint(x: 300, y: -400), for: box)

        scene.run(90)  // 1.5 s

        let decay = exp(-0.7 * 1.5)
        let v = properties.linearVelocity(for: box)
        #expect(isRelClose(Double(v.x), 300 * decay, 1e-9))
        #expect(isRelClose(Double(v.y), -400 * decay, 1e-9))
        // The per-substep law exactly, and the continuous x(t) = v₀(1 − e^(−ct))/c within the integrator's error.
        let unit = dampedMotion(from: 1, damping: 0.7, substeps: 180, h: substepDT, model: model).distance
        #expect(isRelClose(Double(box.center.x) - 500, 300 * unit, 1e-9))
        #expect(isRelClose(Double(box.center.y) - 500, -400 * unit, 1e-9))
        let continuous = (1 - decay) / 0.7
        let tolerance = model == .analytic ? 1e-5 : 0.7 * substepDT  // O(h²) vs O(h)
        #expect(abs(unit - continuous) <= tolerance * continuous)
    }

    @Test("Angular resistance: ω(t) = ω₀·e^(−c·t)", arguments: allSolvers)
    func exactAngularDamping(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box()
        let properties = DynamicItemBehavior(items: [box])
        properties.angularResistance = 0.5
        scene.animator.addBehavior(properties)
        properties.addAngularVelocity(2, for: box)
        #expect(isClose(Double(properties.angularVelocity(for: box)), 2, 1e-12))

        scene.run(120)

        #expect(isRelClose(Double(properties.angularVelocity(for: box)), 2 * exp(-0.5 * 2), 1e-9))
        let turn = dampedMotion(from: 2, damping: 0.5, substeps: 240, h: substepDT, model: scene.animator.springModel)
        #expect(isRelClose(rotation(of: box), turn.distance, 1e-9))
        #expect(isRelClose(rotation(of: box), 2 * (1 - exp(-0.5 * 2)) / 0.5, 1e-2))
    }

    @Test("Velocity added before the behavior is in an animator is applied when it joins", arguments: allSolvers)
    func pendingVelocity(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box()
        let stranger = scene.box(x: 900, y: 900)
        let properties = DynamicItemBehavior(items: [box])
        properties.addLinearVelocity(CGPoint(x: 10, y: 0), for: box)
        properties.addLinearVelocity(CGPoint(x: 5, y: 20), for: box)
        properties.addAngularVelocity(1.5, for: box)
        properties.addLinearVelocity(CGPoint(x: 99, y: 99), for: stranger)  // not an item: ignored
        #expect(properties.linearVelocity(for: box) == .zero)  // not animated yet

        scene.animator.addBehavior(properties)

        #expect(properties.linearVelocity(for: box) == CGPoint(x: 15, y: 20))
        #expect(properties.angularVelocity(for: box) == 1.5)
        #expect(properties.linearVelocity(for: stranger) == .zero)
        #expect(scene.animator.items(in: CGRect(x: 850, y: 850, width: 100, height: 100)).isEmpty)
    }

    @Test("addLinearVelocity on a running item adds to its velocity", arguments: allSolvers)
    func addVelocityWhileRunning(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box()
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0
        scene.animator.addBehavior(properties)
        properties.addLinearVelocity(CGPoint(x: 60, y: 0), for: box)
        scene.run(60)
        properties.addLinearVelocity(CGPoint(x: -20, y: 30), for: box)
        scene.run(60)
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 40, 1e-9))
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 30, 1e-9))
        #expect(isClose(Double(box.center.x), 500 + 60 + 40, 1e-9))
        #expect(isClose(Double(box.center.y), 500 + 30, 1e-9))
    }

    @Test("Doubling density mid-run halves a continuous push's acceleration from that step on", arguments: allSolvers)
    func densityChangeMidRun(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box()
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0
        let push = PushBehavior(items: [box], mode: .continuous)
        push.pushDirection = CGVector(dx: 1.0, dy: 0.0)
        scene.animator.addBehavior(properties)
        scene.animator.addBehavior(push)

        scene.run(30)
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 50, 1e-9))
        properties.density = 2
        #expect(properties.density == 2)
        scene.run(30)
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 50 + 25, 1e-9))
        // Density does not change a gravity-free coasting item's velocity.
        push.active = false
        scene.run(10)
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 75, 1e-9))
    }

    @Test("Resistance changed mid-run applies from the next step", arguments: allSolvers)
    func resistanceChangeMidRun(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box()
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0
        scene.animator.addBehavior(properties)
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: box)
        scene.run(30)
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 100, 1e-9))
        properties.resistance = 2
        scene.run(30)
        #expect(isRelClose(Double(properties.linearVelocity(for: box).x), 100 * exp(-2 * 0.5), 1e-9))
    }

    @Test("allowsRotation = false: an off-centre push does not turn the item", arguments: allSolvers)
    func fixedRotation(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box()
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0
        properties.angularResistance = 0
        properties.allowsRotation = false
        let push = PushBehavior(items: [box], mode: .continuous)
        push.setAngle(.pi / 2, magnitude: 1)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 50, vertical: 0), for: box)
        scene.animator.addBehavior(properties)
        scene.animator.addBehavior(push)

        scene.run(60)

        #expect(properties.angularVelocity(for: box) == 0)
        #expect(rotation(of: box) == 0)
        #expect(box.transform == .identity)
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 100, 1e-9))  // still translates
        // An added spin is refused too.
        properties.addAngularVelocity(4, for: box)
        scene.run(10)
        #expect(properties.angularVelocity(for: box) == 0)
        #expect(rotation(of: box) == 0)
    }

    @Test("allowsRotation turned off mid-run stops the spin where it is", arguments: allSolvers)
    func fixedRotationMidRun(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box()
        let properties = DynamicItemBehavior(items: [box])
        properties.angularResistance = 0
        scene.animator.addBehavior(properties)
        properties.addAngularVelocity(1, for: box)
        scene.run(30)
        let angle = rotation(of: box)
        #expect(isClose(angle, 0.5, 1e-9))
        properties.allowsRotation = false
        scene.run(30)
        #expect(properties.angularVelocity(for: box) == 0)
        #expect(isClose(rotation(of: box), angle, 1e-12))
    }

    @Test("An anchored item never moves under gravity and pushes", arguments: allSolvers)
    func anchored(solver: SolverKind) {
        let scene = Scene(solver)
        let anchored = scene.box(x: 300, y: 300)
        let moving = scene.box(x: 700, y: 300)  // keeps the animator running
        let properties = DynamicItemBehavior(items: [anchored])
        properties.isAnchored = true
        let continuous = PushBehavior(items: [anchored, moving], mode: .continuous)
        continuous.pushDirection = CGVector(dx: 0.5, dy: -0.25)
        continuous.setTargetOffsetFromCenter(UIOffset(horizontal: 30, vertical: 10), for: anchored)
        let impulse = PushBehavior(items: [anchored], mode: .instantaneous)
        impulse.pushDirection = CGVector(dx: 3.0, dy: 3.0)
        scene.animator.addBehavior(properties)
        scene.animator.addBehavior(GravityBehavior(items: [anchored, moving]))
        scene.animator.addBehavior(continuous)
        scene.animator.addBehavior(impulse)
        properties.addLinearVelocity(CGPoint(x: 50, y: 50), for: anchored)

        #expect(scene.run(120) == 120)

        #expect(anchored.center == CGPoint(x: 300, y: 300))
        #expect(anchored.transform == .identity)
        #expect(properties.linearVelocity(for: anchored) == .zero)
        #expect(moving.center.y > 800)
    }

    @Test("Anchoring mid-run stops the item at once; releasing lets it fall again from rest", arguments: allSolvers)
    func anchoredMidRun(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box(x: 300, y: 100)
        let other = scene.box(x: 700, y: 100)
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0
        scene.animator.addBehavior(properties)
        scene.animator.addBehavior(GravityBehavior(items: [box, other]))
        scene.run(30)
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 500, 1e-9))

        properties.isAnchored = true
        scene.run(1)
        let held = box.center
        scene.run(29)
        #expect(box.center == held)
        #expect(properties.linearVelocity(for: box) == .zero)

        properties.isAnchored = false
        scene.run(30)
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 500, 1e-9))
        let drop = constantAccelerationDistance(acceleration: 1000, substeps: 60, h: substepDT, model: scene.animator.springModel)
        #expect(isClose(Double(box.center.y - held.y), drop, 1e-9))
    }

    @Test("The last item behavior in hierarchy order that set a property wins; removing it restores", arguments: allSolvers)
    func propertyPrecedence(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box()
        let first = DynamicItemBehavior(items: [box])
        first.resistance = 0
        first.density = 4
        let second = DynamicItemBehavior(items: [box])
        second.density = 2
        let push = PushBehavior(items: [box], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1.0, dy: 0.0)
        scene.animator.addBehavior(first)
        scene.animator.addBehavior(second)
        scene.animator.addBehavior(push)

        scene.run(1)
        // density 2 (second wins), resistance 0 (only first set it): Δv = 100/2.
        #expect(isClose(Double(first.linearVelocity(for: box).x), 50, 1e-9))

        scene.animator.removeBehavior(second)
        push.active = true
        scene.run(1)
        #expect(isClose(Double(first.linearVelocity(for: box).x), 50 + 25, 1e-9))  // density 4 now
    }

    @Test("Setting a property to its current value does not override an earlier behavior", arguments: allSolvers)
    func settingCurrentValueIsNotExplicit(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box()
        let first = DynamicItemBehavior(items: [box])
        first.resistance = 0
        first.density = 4
        let second = DynamicItemBehavior(items: [box])
        second.density = 1  // already 1 here: not an explicit setting
        let push = PushBehavior(items: [box], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1.0, dy: 0.0)
        scene.animator.addBehavior(first)
        scene.animator.addBehavior(second)
        scene.animator.addBehavior(push)
        scene.run(1)
        #expect(isClose(Double(first.linearVelocity(for: box).x), 25, 1e-9))
    }

    @Test("Removing the item from the behavior returns it to the defaults", arguments: allSolvers)
    func removeItemRestoresDefaults(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box()
        let properties = DynamicItemBehavior(items: [box])
        properties.density = 4
        properties.resistance = 0
        let reader = DynamicItemBehavior(items: [box])
        let push = PushBehavior(items: [box], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1.0, dy: 0.0)
        scene.animator.addBehavior(properties)
        scene.animator.addBehavior(reader)
        properties.removeItem(box)
        #expect(properties.linearVelocity(for: box) == .zero)  // not its item any more
        scene.animator.addBehavior(push)
        scene.run(1)
        // density 1 and resistance 0.1 again: Δv = 100, damped over one frame.
        #expect(isRelClose(Double(reader.linearVelocity(for: box).x), 100 * exp(-0.1 * frameDT), 1e-9))
    }

    @Test("Write-back keeps the transform's scale (and translation) while the item turns", arguments: allSolvers)
    func writeBackKeepsScale(solver: SolverKind) {
        let scene = Scene(solver)
        let uniform = scene.box(x: 300, y: 300)
        uniform.transform = CGAffineTransform(scaleX: 2, y: 2)
        let stretched = scene.box(x: 700, y: 300)
        stretched.transform = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 7, y: -4))
        let properties = DynamicItemBehavior(items: [uniform, stretched])
        properties.angularResistance = 0
        scene.animator.addBehavior(properties)
        properties.addAngularVelocity(1.2, for: uniform)
        properties.addAngularVelocity(-0.8, for: stretched)

        scene.run(45)

        let t = uniform.transform
        #expect(isClose(Double(hypot(t.a, t.b)), 2, 1e-12))
        #expect(isClose(Double(hypot(t.c, t.d)), 2, 1e-12))
        #expect(isClose(rotation(of: uniform), 1.2 * 0.75, 1e-9))
        let s = stretched.transform
        #expect(isClose(Double(hypot(s.a, s.b)), 2, 1e-12))
        #expect(isClose(Double(hypot(s.c, s.d)), 3, 1e-12))
        #expect(isClose(rotation(of: stretched), -0.8 * 0.75, 1e-9))
        #expect(s.tx == 7 && s.ty == -4)
        #expect(isClose(Double(s.a * s.d - s.b * s.c), 6, 1e-12))  // still orientation-preserving
    }
}
