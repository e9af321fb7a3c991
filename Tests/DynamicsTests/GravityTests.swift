// GravityBehavior: free fall against the closed form, direction and magnitude, mass independence,
// per-behavior gravity, and changes made while the behavior runs.
import Dynamics
import Foundation
import Testing

@Suite("Gravity") @MainActor
struct GravityTests {
    @Test("Free fall without resistance: v = a·t; y − y₀ = a·t²/2 (analytic) or a·t²/2 + a·t·h/2 (UIKit-compatible)",
          arguments: allSolvers, allModels)
    func undampedFreeFall(solver: SolverKind, model: SpringModel) {
        let scene = Scene(solver)
        scene.animator.springModel = model
        let ball = scene.box(x: 300, y: 100)
        let properties = DynamicItemBehavior(items: [ball])
        properties.resistance = 0
        scene.animator.addBehavior(GravityBehavior(items: [ball]))
        scene.animator.addBehavior(properties)
        let y0 = Double(ball.center.y)

        #expect(scene.run(60) == 60)

        let t = 1.0
        let a = gravityAcceleration
        let v = properties.linearVelocity(for: ball)
        #expect(isClose(Double(v.y), a * t, 1e-9))
        #expect(v.x == 0)
        let drop = Double(ball.center.y) - y0
        switch model {
        case .analytic: #expect(isClose(drop, a * t * t / 2, 1e-9))  // trapezoidal positions: exact
        case .uikitCompatible: #expect(isClose(drop, a * t * t / 2 + a * t * substepDT / 2, 1e-6))  // Euler lag
        }
        // The documented error bound of either integrator against the exact parabola.
        #expect(abs(drop - a * t * t / 2) <= a * t * substepDT / 2 + 1e-9)
        #expect(ball.center.x == 300)
        #expect(rotation(of: ball) == 0)
    }

    @Test("Free fall with the default resistance 0.1 follows v = (a/c)(1 − e^(−ct))", arguments: allSolvers)
    func dampedFreeFall(solver: SolverKind) {
        let scene = Scene(solver)
        let ball = scene.box(x: 300, y: 100)
        let reader = DynamicItemBehavior(items: [ball])  // sets nothing: only reads the velocity
        #expect(reader.resistance == 0.1)
        scene.animator.addBehavior(GravityBehavior(items: [ball]))
        scene.animator.addBehavior(reader)

        scene.run(120)

        let a = gravityAcceleration, c = 0.1, t = 2.0
        let vy = Double(reader.linearVelocity(for: ball).y)
        let continuous = a / c * (1 - exp(-c * t))
        #expect(abs(vy - continuous) <= 0.01 * continuous)
        // Exactly what the integrator does per substep: v ← (v + h·a)·e^(−c·h).
        let discrete = dampedMotion(
            acceleration: a, damping: c, substeps: 240, h: substepDT, model: scene.animator.springModel)
        #expect(isRelClose(vy, discrete.velocity, 1e-9))
        // Position: the discrete law exactly, and the continuous y(t) = (a/c)(t − (1 − e^(−ct))/c) closely.
        let drop = Double(ball.center.y) - 100
        #expect(isRelClose(drop, discrete.distance, 1e-9))
        #expect(isRelClose(drop, a / c * (t - (1 - exp(-c * t)) / c), 1e-3))
        // Damping is visible: the undamped speed would be a·t = 2000 pt/s.
        #expect(vy < 0.995 * a * t)
    }

    @Test("Gravity is an acceleration: heavy and light items fall alike", arguments: allSolvers)
    func massIndependent(solver: SolverKind) {
        let scene = Scene(solver)
        let light = scene.box(x: 200, y: 100, width: 20, height: 20)
        let heavy = scene.box(x: 600, y: 100, width: 300, height: 300)
        let properties = DynamicItemBehavior(items: [light, heavy])
        properties.resistance = 0
        let dense = DynamicItemBehavior(items: [heavy])
        dense.density = 7
        scene.animator.addBehavior(GravityBehavior(items: [light, heavy]))
        scene.animator.addBehavior(properties)
        scene.animator.addBehavior(dense)

        scene.run(30)

        let expected = constantAccelerationDistance(
            acceleration: gravityAcceleration, substeps: 60, h: substepDT, model: scene.animator.springModel)
        #expect(isClose(Double(light.center.y) - 100, expected, 1e-9))
        #expect(isClose(Double(heavy.center.y) - 100, expected, 1e-9))
    }

    @Test("Direction, angle and magnitude: the acceleration is gravityDirection × 1000 pt/s²", arguments: allSolvers)
    func directionAndMagnitude(solver: SolverKind) {
        let scene = Scene(solver)
        let ball = scene.box(x: 1000, y: 1000)
        let properties = DynamicItemBehavior(items: [ball])
        properties.resistance = 0
        let gravity = GravityBehavior(items: [ball])
        gravity.setAngle(.pi / 6, magnitude: 0.5)  // 30° below the +x axis, 500 pt/s²
        #expect(isClose(Double(gravity.angle), .pi / 6, 1e-12))
        #expect(isClose(Double(gravity.magnitude), 0.5, 1e-12))
        scene.animator.addBehavior(gravity)
        scene.animator.addBehavior(properties)

        scene.run(60)

        let v = properties.linearVelocity(for: ball)
        #expect(isClose(Double(v.x), 500 * cos(.pi / 6), 1e-9))
        #expect(isClose(Double(v.y), 500 * sin(.pi / 6), 1e-9))
        let d = constantAccelerationDistance(acceleration: 500, substeps: 120, h: substepDT, model: scene.animator.springModel)
        #expect(isClose(Double(ball.center.x) - 1000, d * cos(.pi / 6), 1e-9))
        #expect(isClose(Double(ball.center.y) - 1000, d * sin(.pi / 6), 1e-9))
    }

    @Test("Defaults: direction (0, 1), angle π/2, magnitude 1; magnitude 0 zeroes the vector and the angle")
    func defaults() {
        let gravity = GravityBehavior()
        #expect(gravity.gravityDirection == CGVector(dx: 0.0, dy: 1.0))
        #expect(isClose(Double(gravity.angle), .pi / 2, 1e-15))
        #expect(gravity.magnitude == 1)
        #expect(gravity.items.isEmpty)

        gravity.magnitude = 0
        #expect(gravity.gravityDirection == .zero)
        #expect(gravity.angle == 0)

        gravity.gravityDirection = CGVector(dx: 3.0, dy: -4.0)
        #expect(gravity.magnitude == 5)
        #expect(isClose(Double(gravity.angle), atan2(-4.0, 3.0), 1e-15))
        gravity.angle = .pi  // keeps the magnitude
        #expect(isClose(Double(gravity.gravityDirection.dx), -5, 1e-12))
        #expect(isClose(Double(gravity.gravityDirection.dy), 0, 1e-12))
    }

    @Test("Only the behavior's items fall; adding an item twice is ignored", arguments: allSolvers)
    func onlyItsItems(solver: SolverKind) {
        let scene = Scene(solver)
        let falling = scene.box(x: 200, y: 100)
        let resting = scene.box(x: 600, y: 100)
        let gravity = GravityBehavior(items: [falling])
        gravity.addItem(falling)
        #expect(gravity.items.count == 1)
        scene.animator.addBehavior(gravity)
        scene.animator.addBehavior(DynamicItemBehavior(items: [resting]))  // has a body, but no gravity

        scene.run(30)

        // ≈ a·t²/2 = 125 pt in 0.5 s, a little less under the default resistance.
        #expect(falling.center.y > 100 + 120 && falling.center.y < 100 + 125 + 1000 * 0.5 * substepDT / 2)
        #expect(resting.center == CGPoint(x: 600, y: 100))
    }

    @Test("An item in two gravity behaviors feels the sum (this library's rule)", arguments: allSolvers)
    func twoGravitiesAdd(solver: SolverKind) {
        let scene = Scene(solver)
        let ball = scene.box(x: 1000, y: 1000)
        let properties = DynamicItemBehavior(items: [ball])
        properties.resistance = 0
        let down = GravityBehavior(items: [ball])
        let right = GravityBehavior(items: [ball])
        right.gravityDirection = CGVector(dx: 0.5, dy: 0.0)
        scene.animator.addBehavior(down)
        scene.animator.addBehavior(right)
        scene.animator.addBehavior(properties)

        scene.run(60)

        let v = properties.linearVelocity(for: ball)
        #expect(isClose(Double(v.x), 500, 1e-9))
        #expect(isClose(Double(v.y), 1000, 1e-9))
    }

    @Test("Changing the magnitude of a running gravity takes effect on the next step", arguments: allSolvers)
    func magnitudeChangeMidRun(solver: SolverKind) {
        let scene = Scene(solver)
        let ball = scene.box(x: 300, y: 100)
        let properties = DynamicItemBehavior(items: [ball])
        properties.resistance = 0
        let gravity = GravityBehavior(items: [ball])
        scene.animator.addBehavior(gravity)
        scene.animator.addBehavior(properties)

        scene.run(30)  // 0.5 s at 1000 pt/s²
        gravity.magnitude = 2
        #expect(isClose(Double(properties.linearVelocity(for: ball).y), 500, 1e-9))  // nothing yet
        scene.run(30)  // 0.5 s at 2000 pt/s²

        #expect(isClose(Double(properties.linearVelocity(for: ball).y), 500 + 1000, 1e-9))
    }

    @Test("Removing an item from gravity, or the gravity itself, stops the acceleration", arguments: allSolvers)
    func removingStopsAcceleration(solver: SolverKind) {
        let scene = Scene(solver)
        let a = scene.box(x: 200, y: 100)
        let b = scene.box(x: 600, y: 100)
        let properties = DynamicItemBehavior(items: [a, b])
        properties.resistance = 0
        let gravity = GravityBehavior(items: [a, b])
        scene.animator.addBehavior(gravity)
        scene.animator.addBehavior(properties)

        scene.run(30)
        gravity.removeItem(a)
        scene.run(30)
        #expect(isClose(Double(properties.linearVelocity(for: a).y), 500, 1e-9))  // coasting
        #expect(isClose(Double(properties.linearVelocity(for: b).y), 1000, 1e-9))  // still falling

        scene.animator.removeBehavior(gravity)
        scene.run(30)
        #expect(isClose(Double(properties.linearVelocity(for: b).y), 1000, 1e-9))
    }
}
