// Fields through the animator on both solvers, against closed forms: linear gravity, spring oscillation, circular
// orbits, falloff and minimum radius, drag, vortex, electric and magnetic fields, velocity fields.
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("Field physics")
struct FieldPhysicsTests {
    @Test("Linear gravity field, strength 1, direction (0, 1): after 1 s an item has fallen 50 pt and moves at 100 pt/s, whatever its mass", arguments: allSolvers)
    func linearGravity(solver: SolverKind) {
        let scene = Scene(solver)
        let (light, lightProperties) = scene.freeBox(x: 300, y: 200, size: 40, density: 0.5)
        let (heavy, heavyProperties) = scene.freeBox(x: 900, y: 200, size: 200, density: 3)
        scene.add(FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1)), [light, heavy])
        scene.run(60)
        for (view, properties) in [(light, lightProperties), (heavy, heavyProperties)] {
            let fallen = Double(view.center.y - 200)
            let v = Double(properties.linearVelocity(for: view).y)
            #expect(abs(fallen - 50) <= 0.05, "fallen \(fallen) pt (0.1 % of 50)")
            #expect(abs(v - 100) <= 0.1, "velocity \(v) pt/s (0.1 % of 100)")
            #expect(view.center.x == (view === light ? 300 : 900))
        }
    }

    @Test("Spring field of strength S: an item of mass m oscillates with period 2π·√(m/S), for 1 kg and 4 kg (0.5 %)", arguments: allSolvers)
    func springPeriod(solver: SolverKind) {
        let strength = 2.0
        for density in [1.0, 4.0] {
            let scene = Scene(solver, width: 3000, height: 3000)
            let (view, _) = scene.freeBox(x: 1100, y: 1000, density: CGFloat(density))  // 100 × 100: m = density kg
            let spring = FieldBehavior.springField()
            spring.position = CGPoint(x: 1000, y: 1000)
            spring.strength = CGFloat(strength)
            scene.add(spring, [view])
            var x: [Double] = []
            let expected = 2 * Double.pi * (density / strength).squareRoot()
            for _ in 0..<Int(3.2 * expected * 60) {
                scene.run(1)
                x.append(Double(view.center.x) - 1000)
            }
            let crossings = upwardCrossings(x, dt: frameDT)
            #expect(crossings.count >= 3)
            let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
            #expect(abs(period / expected - 1) <= 0.005, "m = \(density) kg: period \(period) s, expected \(expected) s")
            // The amplitude stays 100 pt (no numerical damping or growth).
            #expect(abs((x.max() ?? 0) - 100) <= 0.5, "amplitude \(x.max() ?? 0)")
        }
    }

    @Test("Radial gravity, falloff 2: launched at circular-orbit speed an item stays on its circle (0.5 % of the radius) for three orbits, period 2πR/v (0.5 %)", arguments: allSolvers)
    func circularOrbit(solver: SolverKind) {
        let scene = Scene(solver, width: 3000, height: 3000)
        let centre = CGPoint(x: 1000, y: 1000)
        let radius = 200.0
        let (view, properties) = scene.freeBox(x: centre.x + CGFloat(radius), y: centre.y, size: 20)
        // a = 100·S/r² pt/s² with r in metres: 25 pt/s² at 2 m; circular speed √(a·R).
        let speed = (100.0 / 4.0 * radius).squareRoot()
        properties.addLinearVelocity(CGPoint(x: 0, y: speed), for: view)
        scene.add(FieldBehavior.radialGravityField(position: centre), [view])
        let expectedPeriod = 2 * Double.pi * radius / speed
        var worst = 0.0
        var angle = 0.0
        var previous = 0.0
        var threeOrbits: Double?
        for frame in 1...Int(3.05 * expectedPeriod * 60) {
            scene.run(1)
            let dx = Double(view.center.x - centre.x), dy = Double(view.center.y - centre.y)
            worst = max(worst, abs((dx * dx + dy * dy).squareRoot() / radius - 1))
            var step = atan2(dy, dx) - previous
            if step > .pi { step -= 2 * .pi }
            if step < -.pi { step += 2 * .pi }
            previous = atan2(dy, dx)
            let before = angle
            angle += step
            if threeOrbits == nil, angle >= 6 * .pi {
                threeOrbits = (Double(frame - 1) + (6 * .pi - before) / (angle - before)) * frameDT
            }
        }
        #expect(worst <= 0.005, "largest radius error \(worst * 100) %")
        let period = (threeOrbits ?? 0) / 3
        #expect(abs(period / expectedPeriod - 1) <= 0.005, "period \(period) s, expected \(expectedPeriod) s")
    }

    @Test("Falloff and minimum radius: radial acceleration 100·S·max(r, r_min)^(−k) pt/s² (r in metres), toward the field", arguments: allSolvers)
    func falloffAndMinimumRadius(solver: SolverKind) {
        let centre = CGPoint(x: 2000, y: 2000)
        for falloff in [0.0, 1, 2, 3, 1.5] {
            for minimumRadius in [0.0, 150] {
                for (r, direction) in [(50.0, (0.6, 0.8)), (100, (-1, 0)), (200, (0, -1)), (400, (0.8, -0.6))] {
                    let point = CGPoint(x: centre.x + CGFloat(r * direction.0), y: centre.y + CGFloat(r * direction.1))
                    let a = probe(
                        {
                            let field = FieldBehavior.radialGravityField(position: centre)
                            field.strength = 2
                            field.falloff = CGFloat(falloff)
                            field.minimumRadius = CGFloat(minimumRadius)
                            return field
                        }(), solver: solver, at: point)
                    let magnitude = falloff == 0 ? 200 : 200 * pow(max(r, minimumRadius) / 100, -falloff)
                    expectAcceleration(
                        a, CGVector(dx: -magnitude * direction.0, dy: -magnitude * direction.1),
                        "k = \(falloff), r_min = \(minimumRadius), r = \(r)")
                }
            }
        }
    }

    @Test("Drag: F = −S·(v − direction) (Stokes), taken at the substep's midpoint velocity; stops items without overshooting", arguments: allSolvers)
    func drag(solver: SolverKind) {
        let h = probeDT
        // 1 kg, S = 0.5, direction (0.2, 0) m/s: u = v − (20, 0) pt/s; the midpoint form divides by 1 + h·S/(2m).
        let field = { () -> FieldBehavior in
            let drag = FieldBehavior.dragField()
            drag.strength = 0.5
            drag.direction = CGVector(dx: 0.2, dy: 0)
            return drag
        }
        let a = probe(field(), solver: solver, at: CGPoint(x: 500, y: 500), velocity: CGPoint(x: 120, y: -30))
        let scale = -0.5 / (1 + h * 0.5 / 2)
        expectAcceleration(a, CGVector(dx: scale * 100, dy: scale * -30), "drag")
        // Direction opposes the relative velocity; magnitude proportional to it (double the speed, double the force).
        let twice = probe(field(), solver: solver, at: CGPoint(x: 500, y: 500), velocity: CGPoint(x: 220, y: -60))
        expectAcceleration(twice, CGVector(dx: 2 * a.dx, dy: 2 * a.dy), relative: 1e-12, "linear in the relative velocity")
        // Over time the velocity decays to the field's direction velocity exactly as (1 − g)/(1 + g) per substep.
        let scene = Scene(solver)
        let (view, properties) = scene.freeBox(x: 500, y: 500)
        properties.addLinearVelocity(CGPoint(x: 120, y: 0), for: view)
        scene.add(field(), [view])
        scene.run(120)
        let g = h * 0.5 / 2
        let expected = 20 + 100 * pow((1 - g) / (1 + g), 240)
        #expect(isRelClose(Double(properties.linearVelocity(for: view).x), expected, 1e-9), "vx after 2 s")
        #expect(abs(expected - (20 + 100 * exp(-1.0))) < 0.01, "which is the analytic e^(−S·t/m) decay to 1e-4")
    }

    @Test("Vortex: tangential (clockwise on screen for S > 0), 100·S/m² pt/s² — UIKit divides by the mass once more", arguments: allSolvers)
    func vortex(solver: SolverKind) {
        let centre = CGPoint(x: 1000, y: 1000)
        for density in [1.0, 2.0] {
            let a = probe(
                {
                    let field = FieldBehavior.vortexField()
                    field.position = centre
                    field.strength = 0.3
                    return field
                }(), solver: solver, at: CGPoint(x: 1060, y: 1080), density: CGFloat(density))
            let m = density  // 100 × 100
            // r̂ = (0.6, 0.8): F = −100·S·(r̂_y, −r̂_x)/m, a = F/m.
            expectAcceleration(a, CGVector(dx: -30 * 0.8 / (m * m), dy: 30 * 0.6 / (m * m)), "m = \(density)")
        }
    }

    @Test("Electric: toward the field for positive charge × strength, 100·S·q/r pt/s²·kg (falloff 1); DynamicItemBehavior.charge takes effect", arguments: allSolvers)
    func electric(solver: SolverKind) {
        let centre = CGPoint(x: 1000, y: 1000)
        for charge in [2.0, -1.5, 0] {
            let a = probe(
                {
                    let field = FieldBehavior.electricField()
                    field.position = centre
                    field.strength = 3
                    return field
                }(), solver: solver, at: CGPoint(x: 970, y: 960), density: 0.5, charge: CGFloat(charge))
            // r = 50 pt = 0.5 m, r̂ = (−0.6, −0.8), m = 0.5 kg: a = −100·S·q/0.5·r̂/m.
            let magnitude = -100 * 3 * charge / 0.5 / 0.5
            expectAcceleration(a, CGVector(dx: magnitude * -0.6, dy: magnitude * -0.8), "q = \(charge)")
        }
    }

    @Test("Magnetic: a charged item circles at constant speed with radius m·v/(q·S) (falloff 0), to 0.1 %", arguments: allSolvers)
    func magneticCircle(solver: SolverKind) {
        let scene = Scene(solver, width: 3000, height: 3000)
        // m = 1 kg, q = 2, S = 0.5, v = 100 pt/s: R = 100 pt, ω = q·S/m = 1 rad/s.
        let (view, properties) = scene.freeBox(x: 1000, y: 1000, charge: 2)
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: view)
        let magnetic = { () -> FieldBehavior in
            let field = FieldBehavior.magneticField()
            field.strength = 0.5
            field.falloff = 0
            return field
        }
        scene.add(magnetic(), [view])
        // The force at the start, S·q·(v_y, −v_x) = (0, −100): the centre is 100 pt above the start.
        let centre = CGPoint(x: 1000, y: 900)
        var worstRadius = 0.0, worstSpeed = 0.0
        for _ in 0..<Int(2 * Double.pi * 60 * 1.5) {
            scene.run(1)
            let r = hypot(Double(view.center.x - centre.x), Double(view.center.y - centre.y))
            worstRadius = max(worstRadius, abs(r / 100 - 1))
            let v = properties.linearVelocity(for: view)
            worstSpeed = max(worstSpeed, abs(hypot(Double(v.x), Double(v.y)) / 100 - 1))
        }
        #expect(worstRadius <= 0.001, "largest radius error \(worstRadius * 100) %")
        #expect(worstSpeed <= 1e-12, "speed drift \(worstSpeed)")
        // No charge, no force.
        let neutral = probe(magnetic(), solver: solver, at: CGPoint(x: 500, y: 500), velocity: CGPoint(x: 100, y: 0))
        #expect(neutral == CGVector(dx: 0, dy: 0))
    }

    @Test("Velocity field: items inside move at direction × 100 pt/s, gravity or not, and keep their own velocity after leaving", arguments: allSolvers)
    func velocityField(solver: SolverKind) {
        let scene = Scene(solver)
        let (view, properties) = scene.freeBox(x: 420, y: 500, size: 20)
        let field = FieldBehavior.velocityField(direction: CGVector(dx: 1, dy: 0))
        field.position = CGPoint(x: 500, y: 500)
        field.region = Region(size: CGSize(width: 200, height: 200))
        scene.add(field, [view])
        scene.run(30)
        #expect(properties.linearVelocity(for: view) == CGPoint(x: 100, y: 0))
        // Trapezoidal positions: the first substep moves h·(0 + 100)/2, then 100·h each.
        #expect(isRelClose(Double(view.center.x), 420 + 50 - 100 * substepDT / 2, 1e-12))
        // It leaves the region at x = 600 (t ≈ 1.8 s) and keeps moving at 100 pt/s (resistance 0).
        scene.run(150)
        #expect(view.center.x > 600)
        #expect(properties.linearVelocity(for: view) == CGPoint(x: 100, y: 0))
        #expect(isRelClose(Double(view.center.x), 420 + 300 - 100 * substepDT / 2, 1e-12))
        // Gravity acts again once outside; inside, it does not.
        let gravity = GravityBehavior(items: [view])
        scene.animator.addBehavior(gravity)
        scene.run(1)
        #expect(properties.linearVelocity(for: view).y > 0)
    }

    @Test("Anchored items feel no field; removing an item or the field stops the force at once", arguments: allSolvers)
    func membership(solver: SolverKind) {
        let scene = Scene(solver)
        let (anchored, anchor) = scene.freeBox(x: 200, y: 200)
        anchor.isAnchored = true
        let (free, properties) = scene.freeBox(x: 600, y: 200)
        let (other, otherProperties) = scene.freeBox(x: 1000, y: 200)
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0))
        scene.add(field, [anchored, free, other])
        #expect(field.items.count == 3)
        scene.run(60)
        #expect(anchored.center == CGPoint(x: 200, y: 200))
        #expect(isRelClose(Double(properties.linearVelocity(for: free).x), 100, 1e-12))
        field.removeItem(free)
        #expect(field.items.count == 2)
        scene.run(60)
        #expect(isRelClose(Double(properties.linearVelocity(for: free).x), 100, 1e-12), "removed: no more acceleration")
        #expect(isRelClose(Double(otherProperties.linearVelocity(for: other).x), 200, 1e-12))
        field.strength = 2
        scene.run(60)
        #expect(isRelClose(Double(otherProperties.linearVelocity(for: other).x), 400, 1e-12), "strength 2 from the next step")
        scene.animator.removeBehavior(field)
        scene.run(60)
        #expect(isRelClose(Double(otherProperties.linearVelocity(for: other).x), 400, 1e-12), "field removed")
        #expect(field.dynamicAnimator == nil)
    }
}
