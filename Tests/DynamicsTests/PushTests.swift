// PushBehavior: impulses (Δv = 100·J/m pt/s), continuous forces (a = 100·F/m pt/s²), off-centre pushes that
// spin the item (α = τ/I), re-firing, and the angle/magnitude/direction API.
import Dynamics
import Foundation
import Testing

@Suite("Push") @MainActor
struct PushTests {
    /// A scene with one 100 × 100 box at (500, 500), no resistance, and a push of `mode` on it.
    private func pushScene(
        _ solver: SolverKind, mode: PushBehavior.Mode, width: CGFloat = 100, height: CGFloat = 100
    ) -> (Scene, View, PushBehavior, DynamicItemBehavior) {
        let scene = Scene(solver)
        let box = scene.box(x: 500, y: 500, width: width, height: height)
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0
        properties.angularResistance = 0
        let push = PushBehavior(items: [box], mode: mode)
        scene.animator.addBehavior(properties)
        return (scene, box, push, properties)
    }

    @Test("Instantaneous push of magnitude 1 on 1 kg: Δv = 100 pt/s, then it turns itself off", arguments: allSolvers)
    func impulseOnOneKilogram(solver: SolverKind) {
        let (scene, box, push, properties) = pushScene(solver, mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1.0, dy: 0.0)
        #expect(push.active)
        scene.animator.addBehavior(push)

        scene.run(1)
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 100, 1e-9))
        #expect(properties.linearVelocity(for: box).y == 0)
        #expect(!push.active)
        // The impulse lands before the substeps: the whole frame moves at 100 pt/s.
        #expect(isClose(Double(box.center.x), 500 + 100 * frameDT, 1e-9))

        scene.run(59)  // fired once only
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 100, 1e-9))
        #expect(isClose(Double(box.center.x), 500 + 100, 1e-9))
    }

    @Test("Density 2 halves the impulse's Δv; a 200 × 100 item (2 kg) too", arguments: allSolvers)
    func impulseScalesWithMass(solver: SolverKind) {
        let (scene, box, push, properties) = pushScene(solver, mode: .instantaneous)
        properties.density = 2
        push.setAngle(.pi / 2, magnitude: 1)  // down
        scene.animator.addBehavior(push)
        scene.run(1)
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 50, 1e-9))
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 0, 1e-12))

        let (wideScene, wide, widePush, wideProperties) = pushScene(solver, mode: .instantaneous, width: 200)
        widePush.setAngle(.pi / 2, magnitude: 1)
        wideScene.animator.addBehavior(widePush)
        wideScene.run(1)
        #expect(isClose(Double(wideProperties.linearVelocity(for: wide).y), 50, 1e-9))
    }

    @Test("Setting active = true fires an instantaneous push again", arguments: allSolvers)
    func refire(solver: SolverKind) {
        let (scene, box, push, properties) = pushScene(solver, mode: .instantaneous)
        push.magnitude = 1  // angle 0: right
        scene.animator.addBehavior(push)
        scene.run(3)
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 100, 1e-9))

        push.active = true
        scene.run(1)
        #expect(!push.active)
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 200, 1e-9))
        scene.run(5)
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 200, 1e-9))
    }

    @Test("An impulse under the default resistance decays as 100·e^(−0.1·t)", arguments: allSolvers)
    func impulseThenDefaultDamping(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box()
        let reader = DynamicItemBehavior(items: [box])
        let push = PushBehavior(items: [box], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0.0, dy: -1.0)
        scene.animator.addBehavior(reader)
        scene.animator.addBehavior(push)
        scene.run(60)
        #expect(isRelClose(Double(reader.linearVelocity(for: box).y), -100 * exp(-0.1), 1e-9))
    }

    @Test("Continuous push of magnitude 1 on 1 kg accelerates it at 100 pt/s²", arguments: allSolvers, allModels)
    func continuousPush(solver: SolverKind, model: SpringModel) {
        let (scene, box, push, properties) = pushScene(solver, mode: .continuous)
        scene.animator.springModel = model
        push.setAngle(.pi / 2, magnitude: 1)
        scene.animator.addBehavior(push)

        scene.run(60)

        #expect(push.active)  // continuous pushes stay on
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 100, 1e-9))
        #expect(isClose(Double(properties.linearVelocity(for: box).x), 0, 1e-9))
        let expected = constantAccelerationDistance(acceleration: 100, substeps: 120, h: substepDT, model: model)  // 50 (+ 100·h/2)
        #expect(isClose(Double(box.center.y) - 500, expected, 1e-9))
        #expect(abs(rotation(of: box)) < 1e-12)  // through the centre: no spin
    }

    @Test("Direction vector, negative magnitude, and inactive continuous pushes", arguments: allSolvers)
    func directionMagnitudeActive(solver: SolverKind) {
        let (scene, box, push, properties) = pushScene(solver, mode: .continuous)
        push.pushDirection = CGVector(dx: 3.0, dy: 4.0)  // 5 N at atan2(4, 3)
        #expect(push.magnitude == 5)
        #expect(isClose(Double(push.angle), atan2(4.0, 3.0), 1e-15))
        push.active = false
        scene.animator.addBehavior(push)
        scene.run(30)
        #expect(box.center == CGPoint(x: 500, y: 500))

        push.active = true
        scene.run(60)
        var v = properties.linearVelocity(for: box)
        #expect(isClose(Double(v.x), 300, 1e-9))
        #expect(isClose(Double(v.y), 400, 1e-9))

        push.magnitude = -5  // same line, reversed: decelerates back to rest in 1 s
        #expect(isClose(Double(push.pushDirection.dx), -3, 1e-12))
        #expect(isClose(Double(push.pushDirection.dy), -4, 1e-12))
        scene.run(60)
        v = properties.linearVelocity(for: box)
        #expect(isClose(Double(v.x), 0, 1e-9))
        #expect(isClose(Double(v.y), 0, 1e-9))
    }

    @Test("Defaults and target offsets")
    func defaultsAndOffsets() {
        let item = PlainItem()
        let other = PlainItem()
        let push = PushBehavior(items: [item], mode: .instantaneous)
        #expect(push.mode == .instantaneous)
        #expect(push.active)
        #expect(push.pushDirection == .zero)
        #expect(push.magnitude == 0)
        #expect(push.angle == 0)
        #expect(push.targetOffsetFromCenter(for: item) == .zero)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 5, vertical: -7), for: item)
        #expect(push.targetOffsetFromCenter(for: item) == UIOffset(horizontal: 5, vertical: -7))
        #expect(push.targetOffsetFromCenter(for: other) == .zero)
        push.setTargetOffsetFromCenter(.zero, for: item)
        #expect(push.targetOffsetFromCenter(for: item) == .zero)
        push.addItem(item)
        push.addItem(other)
        #expect(push.items.count == 2)
        push.removeItem(item)
        #expect(push.items.count == 1 && push.items[0] === other)
    }

    @Test("Off-centre continuous push: α = τ/I = 3 rad/s², clockwise on screen", arguments: allSolvers, allModels)
    func offCentreTorque(solver: SolverKind, model: SpringModel) {
        let (scene, box, push, properties) = pushScene(solver, mode: .continuous)
        scene.animator.springModel = model
        push.setAngle(.pi / 2, magnitude: 1)  // 100 kg·pt/s² down
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 50, vertical: 0), for: box)
        scene.animator.addBehavior(push)

        scene.run(60)

        // τ = r × F = 50 pt · 100 kg·pt/s²; I = m(w² + h²)/12 = 20000/12 kg·pt²; α = 3 rad/s².
        let alpha = 50.0 * 100.0 / (20000.0 / 12.0)
        #expect(isClose(alpha, 3, 1e-12))
        #expect(isClose(Double(properties.angularVelocity(for: box)), alpha * 1.0, 1e-9))
        // θ = α·t²/2 (analytic) or α·h²·n(n+1)/2 (semi-implicit Euler).
        let theta = constantAccelerationDistance(acceleration: alpha, substeps: 120, h: substepDT, model: model)
        #expect(isClose(rotation(of: box), theta, 1e-9))
        #expect(box.transform.b > 0)  // positive angle: the right side went down
        // The offset does not change the linear acceleration.
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 100, 1e-9))
    }

    @Test("Off-centre impulse: Δω = (r × J)/I = 3 rad/s", arguments: allSolvers)
    func offCentreImpulse(solver: SolverKind) {
        let (scene, box, push, properties) = pushScene(solver, mode: .instantaneous)
        push.setAngle(-.pi / 2, magnitude: 1)  // up
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 50, vertical: 0), for: box)
        scene.animator.addBehavior(push)
        scene.run(1)
        #expect(isClose(Double(properties.angularVelocity(for: box)), -3, 1e-9))  // counter-clockwise
        #expect(isClose(Double(properties.linearVelocity(for: box).y), -100, 1e-9))
        #expect(isClose(rotation(of: box), -3 * frameDT, 1e-9))
    }

    @Test("Two items in one push each get the full force", arguments: allSolvers)
    func everyItemPushed(solver: SolverKind) {
        let scene = Scene(solver)
        let small = scene.box(x: 200, y: 200, width: 50, height: 50)  // 0.25 kg
        let big = scene.box(x: 600, y: 200)  // 1 kg
        let properties = DynamicItemBehavior(items: [small, big])
        properties.resistance = 0
        let push = PushBehavior(items: [small, big], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0.0, dy: 2.0)
        scene.animator.addBehavior(properties)
        scene.animator.addBehavior(push)
        scene.run(1)
        #expect(isClose(Double(properties.linearVelocity(for: small).y), 800, 1e-9))
        #expect(isClose(Double(properties.linearVelocity(for: big).y), 200, 1e-9))
    }
}
