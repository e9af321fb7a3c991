// Noise and turbulence (deterministic, frozen at speed 0, spatial frequency from smoothness, growing with speed)
// and custom evaluation blocks (arguments and units, force as F/m).
import Dynamics
import Foundation
import Testing

/// Positions of 30 items scattered in a noise field (and a turbulence field) after 2 s, as bit patterns.
@MainActor
private func noiseRun(_ solver: SolverKind) -> [UInt64] {
    let scene = Scene(solver)
    var views: [View] = []
    for k in 0..<30 {
        let (view, properties) = scene.freeBox(x: CGFloat(300 + 37 * k), y: CGFloat(400 + 23 * (k % 7)), size: 30)
        properties.addLinearVelocity(CGPoint(x: 20, y: -10), for: view)
        views.append(view)
    }
    let noise = FieldBehavior.noiseField(smoothness: 0.4, animationSpeed: 1.5)
    noise.strength = 0.3
    let turbulence = FieldBehavior.turbulenceField(smoothness: 0.8, animationSpeed: 0.5)
    turbulence.strength = 20
    scene.add(noise, views)
    scene.add(turbulence, Array(views.prefix(15)))
    scene.run(120)
    return views.flatMap { [Double($0.center.x).bitPattern, Double($0.center.y).bitPattern] }
}

@MainActor
@Suite("Noise and custom fields")
struct NoiseAndCustomFieldTests {
    @Test("Noise and turbulence are deterministic: two runs are bit-identical, and both solvers give the same bits")
    func deterministic() {
        let first = noiseRun(.accelerated)
        #expect(first == noiseRun(.accelerated))
        #expect(first == noiseRun(.reference))
        // And the noise moved things.
        let scene = Scene(.accelerated)
        let (view, _) = scene.freeBox(x: 300, y: 400, size: 30)
        #expect(first[0] != Double(view.center.x).bitPattern || first[1] != Double(view.center.y).bitPattern)
    }

    /// The noise force on a probe at `offset` from the field after the field has run `seconds`.
    private func noiseAcceleration(
        solver: SolverKind, smoothness: CGFloat, speed: CGFloat, after seconds: Int, at offset: CGPoint
    ) -> CGVector {
        let scene = Scene(solver, width: 4000, height: 4000)
        let field = FieldBehavior.noiseField(smoothness: smoothness, animationSpeed: speed)
        field.position = CGPoint(x: 1000, y: 1000)
        field.strength = 0.5
        // A clock item keeps the animator (and the field's time) running before the probe arrives.
        let (clock, clockProperties) = scene.freeBox(x: 3000, y: 3000, size: 10)
        clockProperties.addLinearVelocity(CGPoint(x: 1, y: 0), for: clock)
        scene.add(field, [clock])
        scene.run(seconds * 60)
        let (view, properties) = scene.freeBox(x: 1000 + offset.x, y: 1000 + offset.y)
        field.addItem(view)
        scene.run(1, dt: probeDT)
        let v = properties.linearVelocity(for: view)
        return CGVector(dx: v.x / probeDT, dy: v.y / probeDT)
    }

    @Test("animationSpeed 0 freezes the noise in time; a positive speed changes it", arguments: allSolvers)
    func frozen(solver: SolverKind) {
        let offset = CGPoint(x: 37, y: -12)
        let now = noiseAcceleration(solver: solver, smoothness: 0.5, speed: 0, after: 0, at: offset)
        let later = noiseAcceleration(solver: solver, smoothness: 0.5, speed: 0, after: 2, at: offset)
        #expect(now == later)
        #expect(hypot(Double(now.dx), Double(now.dy)) > 1, "a real force: \(now)")
        let animated = noiseAcceleration(solver: solver, smoothness: 0.5, speed: 1, after: 2, at: offset)
        #expect(animated != now)
    }

    @Test("smoothness sets the spatial frequency f = 1.25/(smoothness + 1/12) − 1 per metre: F_s(d) = F_s'(d·f_s/f_s')", arguments: allSolvers)
    func spatialFrequency(solver: SolverKind) {
        func frequency(_ s: Double) -> Double { 1.25 / (s + 1.0 / 12.0) - 1 }
        for (rough, smooth) in [(0.0, 0.5), (0.3, 1.0)] {
            for offset in [CGPoint(x: 10, y: 20), CGPoint(x: -35, y: 5), CGPoint(x: 3, y: -40)] {
                let a = noiseAcceleration(solver: solver, smoothness: CGFloat(rough), speed: 0, after: 0, at: offset)
                let scale = CGFloat(frequency(rough) / frequency(smooth))
                let b = noiseAcceleration(
                    solver: solver, smoothness: CGFloat(smooth), speed: 0, after: 0,
                    at: CGPoint(x: offset.x * scale, y: offset.y * scale))
                expectAcceleration(b, a, relative: 1e-9, "smoothness \(smooth) at \(offset)×\(scale) vs \(rough) at \(offset)")
            }
        }
        #expect(abs(frequency(0) - 14) < 1e-12 && abs(frequency(1) - 0.15384615384615) < 1e-12)
    }

    @Test("Turbulence is the noise force × m·|v|² (v in m/s): it grows with the square of the speed and leaves items at rest alone", arguments: allSolvers)
    func turbulenceScalesWithSpeed(solver: SolverKind) {
        let point = CGPoint(x: 1130, y: 940)
        func acceleration(_ field: FieldBehavior, _ speed: CGFloat, density: CGFloat) -> CGVector {
            field.position = CGPoint(x: 1000, y: 1000)
            return probe(field, solver: solver, at: point, velocity: CGPoint(x: 0, y: speed), density: density)
        }
        for density in [1.0, 3.0] as [CGFloat] {
            #expect(acceleration(.turbulenceField(smoothness: 1, animationSpeed: 0), 0, density: density) == CGVector(dx: 0, dy: 0))
            var previous: CGVector?
            for speed in [50.0, 100] as [CGFloat] {
                let turbulence = FieldBehavior.turbulenceField(smoothness: 1, animationSpeed: 0)
                turbulence.strength = 40
                let a = acceleration(turbulence, speed, density: density)
                // The same sample point (same velocity) in a noise field of strength 1 gives a_noise = 100·N/m
                // (N = n·∇n there), while a_turbulence = 100·40·m·(v/100)²·N/m: the ratio is 40·m·(v in m/s)².
                let noise = acceleration(.noiseField(smoothness: 1, animationSpeed: 0), speed, density: density)
                let ratio = 40 * Double(density) * Double(speed / 100) * Double(speed / 100)
                expectAcceleration(a, CGVector(dx: noise.dx * CGFloat(ratio), dy: noise.dy * CGFloat(ratio)), relative: 1e-12, "v = \(speed), m = \(density)")
                #expect(hypot(Double(a.dx), Double(a.dy)) > 0.01)
                if let previous {
                    // Twice the speed: four times the acceleration, up to the sample point moving 0.2 pt further.
                    expectAcceleration(a, CGVector(dx: 4 * previous.dx, dy: 4 * previous.dy), relative: 0.01, "4× at twice the speed")
                }
                previous = a
            }
        }
    }

    @Test("A custom block gets the item's position relative to the field (points), velocity (m/s), mass (kg), charge and the substep, and its force (UIKit newtons) moves the item by F/m", arguments: allSolvers)
    func customBlock(solver: SolverKind) {
        let scene = Scene(solver)
        let (view, properties) = scene.freeBox(x: 600, y: 450, size: 50, density: 2, charge: -1.5)  // 0.5 kg
        properties.addLinearVelocity(CGPoint(x: 30, y: 0), for: view)
        var calls: [(CGPoint, CGVector, CGFloat, CGFloat, TimeInterval)] = []
        weak var seen: FieldBehavior?
        let field = FieldBehavior.field { field, position, velocity, mass, charge, dt in
            seen = field
            calls.append((position, velocity, mass, charge, dt))
            return CGVector(dx: 2, dy: -1)  // newtons: 400 and −200 pt/s² on 0.5 kg
        }
        field.position = CGPoint(x: 500, y: 500)
        field.strength = 7  // does not scale the block's force
        scene.add(field, [view])
        scene.run(60)
        #expect(calls.count == 120, "once per substep")
        #expect(seen === field)
        let first = calls[0]
        #expect(first.0 == CGPoint(x: 100 + 30 * substepDT / 2, y: -50), "field-local points, half a substep ahead")
        #expect(first.1 == CGVector(dx: 0.3, dy: 0), "m/s")
        #expect(first.2 == 0.5 && first.3 == -1.5)
        #expect(first.4 == substepDT)
        #expect(isRelClose(Double(calls[1].1.dx), (30 + 400 * substepDT) / 100, 1e-12), "the velocity after one kick")
        let v = properties.linearVelocity(for: view)
        #expect(isRelClose(Double(v.x), 30 + 400, 1e-12) && isRelClose(Double(v.y), -200, 1e-12))
        // Strength below 2⁻¹⁵ switches the field off.
        field.strength = 0
        scene.run(1)
        #expect(calls.count == 120)
        #expect(properties.linearVelocity(for: view) == v)
    }

    @Test("A custom block is evaluated only for its items inside its region, in the order they were added")
    func customBlockRegion() {
        let scene = Scene(.accelerated)
        var positions: [CGPoint] = []
        let field = FieldBehavior.field { _, position, _, _, _, _ in
            positions.append(position)
            return .zero
        }
        field.region = Region(radius: 300)  // field at (0, 0): x² + 100² ≤ 300² holds for x = 100, 200 only
        var views: [View] = []
        for x in [200, 500, 100, 300, 400] { views.append(scene.freeBox(x: CGFloat(x), y: 100, size: 10).0) }
        scene.add(field, views)
        scene.run(1, dt: probeDT)
        #expect(positions == [CGPoint(x: 200, y: 100), CGPoint(x: 100, y: 100)])
    }
}
