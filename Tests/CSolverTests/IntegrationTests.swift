// The integrator against closed forms: gravity, forces and torques, impulses, damping, flags and rest.
import CSolver
import Foundation
import Testing

@Suite("Integration")
struct IntegrationTests {
    @Test(
        "Free fall: g = 1000 pt/s² for 1 s (60 steps × 2 substeps): vy = 1000; y = 500 + g·t·h/2 (semi-implicit Euler) or 500 (analytic)",
        arguments: springModels)
    func freeFall(model: sdSpringModel) throws {
        let world = try World(model: model)
        let id = try world.create(bodyDef(gravityY: 1000))
        try world.step(1.0 / 60, substeps: 2, count: 60)
        let s = try world.state(id)
        expectClose(s.vy, 1000, within: 1e-9, "vy")
        if model == sdSpringModel_uikitCompatible {
            // Semi-implicit Euler lags the closed form g·t²/2 by g·t·h/2 with h = 1/120.
            expectClose(s.y, 500 + 1000 * 1 * (1.0 / 120) / 2, within: 1e-9, "y (semi-implicit Euler)")
        } else {
            // The trapezoidal update is exact for constant acceleration.
            expectClose(s.y, 500, within: 1e-9, "y (analytic)")
        }
        #expect(s.x == 0)
        #expect(s.vx == 0)
        #expect(s.angle == 0)
        #expect(s.awake)
    }

    @Test("A new world uses the analytic (trapezoidal) model; unknown models and NULL are refused")
    func springModelSelection() throws {
        let world = try World()
        let id = try world.create(bodyDef(gravityY: 1000))
        try world.step(1.0 / 60, substeps: 2, count: 60)
        expectClose(try world.state(id).y, 500, within: 1e-9, "y in a default world")
        #expect(sdWorld_SetSpringModel(nil, sdSpringModel_analytic) == sdResult_nullArgument)
        #expect(sdWorld_SetSpringModel(world.raw, sdSpringModel(rawValue: 2)) == sdResult_outOfRange)
        #expect(sdWorld_SetSpringModel(world.raw, sdSpringModel(rawValue: 0xFFFF_FFFF)) == sdResult_outOfRange)
        // Switching mid-run changes only the following steps: 60 more steps under semi-implicit Euler.
        #expect(sdWorld_SetSpringModel(world.raw, sdSpringModel_uikitCompatible) == sdResult_ok)
        try world.step(1.0 / 60, substeps: 2, count: 60)
        let h = 1.0 / 120
        // From y = 500, v = 1000: y += Σ h·(1000 + k·h·g) over k = 1…120.
        expectClose(try world.state(id).y, 500 + 1000 + 1000 * h * h * 120 * 121 / 2, within: 1e-9, "y after switching")
    }

    @Test("Free fall is independent of mass and shape; per-body gravity vectors are independent", arguments: springModels)
    func gravityPerBody(model: sdSpringModel) throws {
        let world = try World(model: model)
        let light = try world.create(bodyDef(width: 10, height: 10, density: 0.01, gravityY: 600))
        let heavy = try world.create(bodyDef(width: 300, height: 80, shape: sdShape_ellipse, density: 50, gravityY: 600))
        let sideways = try world.create(bodyDef { $0.gravityX = -250; $0.gravityY = 100 })
        try world.step(0.05, substeps: 5, count: 10)
        let a = try world.state(light)
        let b = try world.state(heavy)
        #expect(a.vy == b.vy)
        #expect(a.y == b.y)
        expectClose(a.vy, 600 * 0.5, within: 1e-9, "vy after 0.5 s")
        // 50 substeps with h = 0.01: g·h²·weight (50·51/2 semi-implicit, 50²/2 analytic).
        let weight = constantAccelerationWeight(model, substeps: 50)
        expectClose(a.y, 600 * 0.01 * 0.01 * weight, within: 1e-9, "y after 0.5 s")
        let c = try world.state(sideways)
        expectClose(c.vx, -125, within: 1e-9, "sideways vx")
        expectClose(c.vy, 50, within: 1e-9, "sideways vy")
        expectClose(c.x, -250 * 0.01 * 0.01 * weight, within: 1e-9, "sideways x")
        expectClose(c.y, 100 * 0.01 * 0.01 * weight, within: 1e-9, "sideways y")
    }

    @Test("Initial velocities carry the body at constant speed: x = x0 + vx·t, θ = θ0 + ω·t")
    func constantVelocity() throws {
        let world = try World()
        let id = try world.create(bodyDef(x: 10, y: 20) {
            $0.vx = 30
            $0.vy = -40
            $0.angle = 0.5
            $0.angularVelocity = 1.5
        })
        try world.step(0.25, substeps: 3, count: 8)
        let s = try world.state(id)
        expectClose(s.x, 10 + 30 * 2, within: 1e-9, "x")
        expectClose(s.y, 20 - 40 * 2, within: 1e-9, "y")
        expectClose(s.angle, 0.5 + 1.5 * 2, within: 1e-12, "angle")
        #expect(s.vx == 30 && s.vy == -40 && s.angularVelocity == 1.5)
    }

    @Test("Mass = density × area / 10 000 and inertia = m(w²+h²)/12 (rectangle), /16 (ellipse), m·k (polygon)")
    func massProperties() throws {
        let world = try World()
        let rect = try world.create(bodyDef(width: 120, height: 40, density: 2.5))
        let ellipse = try world.create(bodyDef(width: 120, height: 40, shape: sdShape_ellipse, density: 2.5))
        let polygon = try world.create(bodyDef(width: 120, height: 40, shape: sdShape_polygon, density: 2.5) {
            $0.polygonArea = 2400
            $0.polygonUnitInertia = 700
        })
        let r = try world.state(rect)
        expectRelative(r.mass, 2.5 * 4800 / 10000, within: 1e-15, "rectangle mass")
        expectRelative(r.inertia, 1.2 * (120.0 * 120 + 40 * 40) / 12, within: 1e-14, "rectangle inertia")
        let e = try world.state(ellipse)
        expectRelative(e.mass, 2.5 * Double.pi * 120 * 40 / 4 / 10000, within: 1e-14, "ellipse mass")
        expectRelative(e.inertia, e.mass * (120.0 * 120 + 40 * 40) / 16, within: 1e-14, "ellipse inertia")
        let p = try world.state(polygon)
        expectRelative(p.mass, 2.5 * 2400 / 10000, within: 1e-15, "polygon mass")
        expectRelative(p.inertia, 0.6 * 700, within: 1e-14, "polygon inertia")

        // Changing density rescales both.
        #expect(sdBody_SetDensity(world.raw, rect, 10) == sdResult_ok)
        let r2 = try world.state(rect)
        expectRelative(r2.mass, 4.8, within: 1e-15, "mass after density 10")
        expectRelative(r2.inertia, 4.8 * (120.0 * 120 + 40 * 40) / 12, within: 1e-14, "inertia after density 10")
    }

    @Test("Impulse J at the centre changes velocity by exactly J/m and leaves spin alone")
    func centralImpulse() throws {
        let world = try World()
        let id = try world.create(bodyDef(x: 50, y: 60, density: 3) { $0.vx = 1; $0.vy = 2 })  // m = 3 kg
        #expect(sdBody_ApplyLinearImpulse(world.raw, id, 6, -9, 50, 60) == sdResult_ok)
        let s = try world.state(id)
        expectClose(s.vx, 1 + 2, within: 1e-12, "vx")
        expectClose(s.vy, 2 - 3, within: 1e-12, "vy")
        #expect(s.angularVelocity == 0)
        #expect(s.x == 50 && s.y == 60, "an impulse must not move the body by itself")
    }

    @Test("Impulse at an off-centre point adds Δω = (r × J)/I on top of Δv = J/m")
    func offCentreImpulse() throws {
        let world = try World()
        let id = try world.create(bodyDef(x: 10, y: 10, width: 60, height: 20, shape: sdShape_ellipse, density: 4))
        let s0 = try world.state(id)
        // r = (30, -5), J = (2, 7): r × J = 30·7 − (−5)·2 = 220.
        #expect(sdBody_ApplyLinearImpulse(world.raw, id, 2, 7, 40, 5) == sdResult_ok)
        let s = try world.state(id)
        let mass = 4 * Double.pi * 60 * 20 / 4 / 10000
        let inertia = mass * (60.0 * 60 + 20 * 20) / 16
        expectRelative(s0.mass, mass, within: 1e-14, "mass")
        expectRelative(s.vx, 2 / mass, within: 1e-14, "vx")
        expectRelative(s.vy, 7 / mass, within: 1e-14, "vy")
        expectRelative(s.angularVelocity, 220 / inertia, within: 1e-14, "ω")
    }

    @Test(
        "Force F at offset r gives v = F·dt/m, ω = (r×F)·dt/I, θ = α·h²·weight after one step",
        arguments: [(sdShape_rectangle, 12.0), (sdShape_ellipse, 16.0)], springModels)
    func offCentreForce(shape: (sdShapeKind, Double), model: sdSpringModel) throws {
        let (shape, divisor) = shape
        let world = try World(model: model)
        let (w, h, density) = (80.0, 50.0, 1.5)
        let id = try world.create(bodyDef(x: 100, y: 200, width: w, height: h, shape: shape, density: density))
        let area = shape == sdShape_rectangle ? w * h : Double.pi * w * h / 4
        let mass = density * area / 10000
        let inertia = mass * (w * w + h * h) / divisor
        let s0 = try world.state(id)
        expectRelative(s0.inertia, inertia, within: 1e-14, "inertia")

        // F = (30, 40) at r = (20, −10): τ = rx·Fy − ry·Fx = 800 + 300 = 1100 kg·pt²/s².
        #expect(sdBody_ApplyForce(world.raw, id, 30, 40, 120, 190) == sdResult_ok)
        let dt = 0.1
        let n = 4
        try world.step(dt, substeps: Int32(n))
        let s = try world.state(id)
        let alpha = 1100 / inertia
        let hh = dt / Double(n)
        expectRelative(s.vx, 30 / mass * dt, within: 1e-13, "vx")
        expectRelative(s.vy, 40 / mass * dt, within: 1e-13, "vy")
        expectRelative(s.angularVelocity, alpha * dt, within: 1e-13, "ω = α·dt")
        let weight = constantAccelerationWeight(model, substeps: n)
        expectRelative(s.angle, alpha * hh * hh * weight, within: 1e-13, "θ")
        expectClose(s.x, 100 + 30 / mass * hh * hh * weight, within: 1e-12, "x")
        expectClose(s.y, 200 + 40 / mass * hh * hh * weight, within: 1e-12, "y")

        // The force was cleared: the next step keeps the velocities and only coasts.
        try world.step(dt, substeps: Int32(n))
        let s2 = try world.state(id)
        #expect(s2.vx == s.vx && s2.vy == s.vy && s2.angularVelocity == s.angularVelocity)
        expectClose(s2.angle, s.angle + s.angularVelocity * dt, within: 1e-13, "θ while coasting")
    }

    @Test("Forces applied twice in a frame add up; a force through the centre adds no torque")
    func forcesAccumulate() throws {
        let world = try World()
        let twice = try world.create(bodyDef(x: 0))
        let once = try world.create(bodyDef(x: 500))
        #expect(sdBody_ApplyForce(world.raw, twice, 100, 0, 0, 0) == sdResult_ok)
        #expect(sdBody_ApplyForce(world.raw, twice, 100, 0, 0, 0) == sdResult_ok)
        #expect(sdBody_ApplyForce(world.raw, once, 200, 0, 500, 0) == sdResult_ok)
        try world.step(0.5, substeps: 1)
        let a = try world.state(twice)
        let b = try world.state(once)
        expectClose(a.vx, 200 * 0.5, within: 1e-12, "vx (1 kg body, 200 kg·pt/s² for 0.5 s)")
        #expect(a.vx == b.vx)
        #expect(a.angularVelocity == 0)
        // Equal and opposite forces at opposite points: no net force, pure couple τ = 2·50·100.
        let spun = try world.create(bodyDef(x: 0, y: 1000))
        #expect(sdBody_ApplyForce(world.raw, spun, 0, 100, 50, 1000) == sdResult_ok)
        #expect(sdBody_ApplyForce(world.raw, spun, 0, -100, -50, 1000) == sdResult_ok)
        try world.step(0.5, substeps: 1)
        let c = try world.state(spun)
        #expect(c.vx == 0 && c.vy == 0)
        expectRelative(c.angularVelocity, 10000 / (20000.0 / 12) * 0.5, within: 1e-14, "ω from a couple")
    }

    @Test("Damping c gives v0·e^(−c·t) to 1e-12 relative, whatever the substep count")
    func dampingExponential() throws {
        for substeps: Int32 in [1, 2, 7, 64] {
            let world = try World()
            let id = try world.create(bodyDef {
                $0.vx = 100
                $0.vy = -60
                $0.angularVelocity = 4
                $0.linearDamping = 2
                $0.angularDamping = 0.75
            })
            try world.step(1.0 / 60, substeps: substeps, count: 60)
            let s = try world.state(id)
            expectRelative(s.vx, 100 * exp(-2.0), within: 1e-12, "vx, \(substeps) substeps")
            expectRelative(s.vy, -60 * exp(-2.0), within: 1e-12, "vy, \(substeps) substeps")
            expectRelative(s.angularVelocity, 4 * exp(-0.75), within: 1e-12, "ω, \(substeps) substeps")
            #expect(s.awake)
        }
    }

    @Test("Damping with gravity follows the discrete geometric series v_N = v0·q^N + h·g·q·(1 − q^N)/(1 − q)")
    func dampingWithGravity() throws {
        let world = try World()
        let id = try world.create(bodyDef(gravityY: 980) { $0.vy = 50; $0.linearDamping = 3 })
        let (dt, n, steps) = (1.0 / 60, 2, 90)
        try world.step(dt, substeps: Int32(n), count: steps)
        let h = dt / Double(n)
        let q = exp(-3 * h)
        let total = Double(n * steps)
        let expected = 50 * pow(q, total) + h * 980 * q * (1 - pow(q, total)) / (1 - q)
        let s = try world.state(id)
        expectRelative(s.vy, expected, within: 1e-12, "vy")
        // It approaches the terminal speed g/c = 326.67 pt/s from below.
        #expect(s.vy < 980.0 / 3 && s.vy > 0.9 * 980 / 3)
    }

    @Test("Setting damping mid-flight applies from the next step on", arguments: springModels)
    func dampingChange(model: sdSpringModel) throws {
        let world = try World(model: model)
        let id = try world.create(bodyDef { $0.vx = 10 })
        try world.step(0.5, substeps: 1)
        #expect(try world.state(id).vx == 10)
        #expect(sdBody_SetDamping(world.raw, id, 1, 0) == sdResult_ok)
        try world.step(0.5, substeps: 1, count: 2)
        let s = try world.state(id)
        expectRelative(s.vx, 10 * exp(-1.0), within: 1e-14, "vx")
        // Each 0.5 s step moves by h times the new velocity (semi-implicit) or the mean of old and new (analytic).
        let (v0, v1, v2) = (10.0, 10 * exp(-0.5), 10 * exp(-1.0))
        let expected = model == sdSpringModel_uikitCompatible
            ? 5 + 0.5 * v1 + 0.5 * v2
            : 5 + 0.25 * (v0 + v1) + 0.25 * (v1 + v2)
        expectClose(s.x, expected, within: 1e-12, "x")
    }

    @Test("Static bodies never move: no gravity, forces, impulses, velocities; zero mass and not awake")
    func staticBodies() throws {
        let world = try World()
        let id = try world.create(bodyDef(x: 5, y: 6, gravityY: 1000, flags: staticFlag) {
            $0.vx = 100
            $0.angularVelocity = 3
            $0.angle = 0.25
        })
        var s = try world.state(id)
        #expect(s.vx == 0 && s.vy == 0 && s.angularVelocity == 0, "a static body's initial velocity is dropped")
        #expect(s.mass == 0 && s.inertia == 0)
        #expect(!s.awake)
        #expect(world.awakeCount == 0)
        for _ in 0..<30 {
            #expect(sdBody_ApplyForce(world.raw, id, 1e6, 1e6, 100, 100) == sdResult_ok)
            #expect(sdBody_ApplyLinearImpulse(world.raw, id, 1e3, -1e3, 0, 0) == sdResult_ok)
            #expect(sdBody_SetLinearVelocity(world.raw, id, 50, 50) == sdResult_ok)
            #expect(sdBody_SetAngularVelocity(world.raw, id, 5) == sdResult_ok)
            #expect(sdBody_AddVelocity(world.raw, id, 5, 5, 5) == sdResult_ok)
            #expect(sdBody_Wake(world.raw, id) == sdResult_ok)
            try world.step(1.0 / 60, substeps: 2)
        }
        s = try world.state(id)
        #expect([s.x, s.y, s.angle, s.vx, s.vy, s.angularVelocity] == [5, 6, 0.25, 0, 0, 0])
        #expect(!s.awake)
        #expect(world.awakeCount == 0)
        // Explicit placement still works.
        #expect(sdBody_SetPosition(world.raw, id, 7, 8) == sdResult_ok)
        #expect(sdBody_SetAngle(world.raw, id, 1) == sdResult_ok)
        s = try world.state(id)
        #expect([s.x, s.y, s.angle] == [7, 8, 1])
        #expect(world.awakeCount == 0)
    }

    @Test("Making a moving body static stops it at once; making it dynamic again lets it fall", arguments: springModels)
    func staticToggle(model: sdSpringModel) throws {
        let world = try World(model: model)
        let id = try world.create(bodyDef(gravityY: 100) { $0.vx = 20; $0.angularVelocity = 1 })
        try world.step(0.5, substeps: 1)
        #expect(world.awakeCount == 1)
        #expect(sdBody_SetFlags(world.raw, id, staticFlag) == sdResult_ok)
        var s = try world.state(id)
        #expect(s.vx == 0 && s.vy == 0 && s.angularVelocity == 0)
        #expect(s.mass == 0 && !s.awake)
        #expect(world.awakeCount == 0)
        let parked = (s.x, s.y)
        try world.step(0.5, substeps: 1, count: 4)
        s = try world.state(id)
        #expect(s.x == parked.0 && s.y == parked.1)

        #expect(sdBody_SetFlags(world.raw, id, 0) == sdResult_ok)
        s = try world.state(id)
        #expect(s.awake && s.mass == 1)
        #expect(world.awakeCount == 1)
        try world.step(0.5, substeps: 1)
        s = try world.state(id)
        expectClose(s.vy, 50, within: 1e-12, "vy after falling again for 0.5 s")
        // One 0.5 s substep from rest at 100 pt/s²: 25 pt (by the new velocity) or 12.5 pt (by the mean).
        expectClose(s.y, parked.1 + 100 * 0.25 * constantAccelerationWeight(model, substeps: 1), within: 1e-12,
                    "y after falling again")
    }

    @Test("fixedRotation keeps the angle under torque, drops spin and reports zero inertia")
    func fixedRotation() throws {
        let world = try World()
        let id = try world.create(bodyDef(flags: fixedRotationFlag) {
            $0.angle = 0.3
            $0.angularVelocity = 2
        })
        var s = try world.state(id)
        #expect(s.angularVelocity == 0)
        #expect(s.inertia == 0)
        #expect(s.mass == 1)
        for _ in 0..<20 {
            #expect(sdBody_ApplyForce(world.raw, id, 0, 500, 50, 0) == sdResult_ok)  // τ = 25 000
            try world.step(1.0 / 60, substeps: 2)
        }
        #expect(sdBody_ApplyLinearImpulse(world.raw, id, 0, 10, 50, 0) == sdResult_ok)
        #expect(sdBody_SetAngularVelocity(world.raw, id, 9) == sdResult_ok)
        #expect(sdBody_AddVelocity(world.raw, id, 0, 0, 9) == sdResult_ok)
        s = try world.state(id)
        #expect(s.angle == 0.3)
        #expect(s.angularVelocity == 0)
        // The linear part still acts: 500 kg·pt/s² on 1 kg for 20/60 s, plus the 10 kg·pt/s impulse.
        expectClose(s.vy, 500 * 20.0 / 60 + 10, within: 1e-9, "vy")

        // Clearing the flag restores inertia and lets torque spin the body.
        #expect(sdBody_SetFlags(world.raw, id, 0) == sdResult_ok)
        s = try world.state(id)
        expectRelative(s.inertia, 20000.0 / 12, within: 1e-14, "inertia")
        #expect(sdBody_ApplyForce(world.raw, id, 0, 500, s.x + 50, s.y) == sdResult_ok)
        try world.step(0.1, substeps: 1)
        expectRelative(try world.state(id).angularVelocity, 25000 / (20000.0 / 12) * 0.1, within: 1e-13, "ω")
    }

    @Test("A body below both tolerances rests after exactly timeToSleep (dt = 1/8 s: 4 steps) and stops")
    func restAfterHalfSecond() throws {
        let world = try World()
        let id = try world.create(bodyDef { $0.vx = 0.5; $0.angularVelocity = 0.03 })  // both below tolerance
        let other = try world.create(bodyDef(x: 1000) { $0.vx = 1.5 })  // above linear tolerance
        #expect(world.awakeCount == 2)
        try world.step(0.125, substeps: 1, count: 3)
        var s = try world.state(id)
        #expect(s.awake, "rested after only 0.375 s")
        #expect(world.awakeCount == 2)
        expectClose(s.x, 0.5 * 0.375, within: 1e-15, "x while slowly moving")
        try world.step(0.125, substeps: 1)
        s = try world.state(id)
        #expect(!s.awake, "still awake after 0.5 s below tolerance")
        #expect(s.vx == 0 && s.vy == 0 && s.angularVelocity == 0, "resting velocity is zeroed")
        expectClose(s.x, 0.5 * 0.5, within: 1e-15, "x at rest")
        #expect(world.awakeCount == 1)
        // A resting body no longer integrates; the other one keeps going.
        try world.step(0.125, substeps: 1, count: 40)
        #expect(try world.state(id).x == s.x)
        #expect(try world.state(other).awake)
        #expect(world.awakeCount == 1)
        expectClose(try world.state(other).x, 1000 + 1.5 * 0.125 * 44, within: 1e-9, "fast body x")
    }

    @Test("At dt = 1/60 a slow body is awake after 29 steps and resting after 30 (0.5 s)")
    func restAtSixtyHertz() throws {
        let world = try World()
        let id = try world.create()
        try world.step(1.0 / 60, substeps: 2, count: 29)
        #expect(try world.state(id).awake)
        #expect(world.awakeCount == 1)
        try world.step(1.0 / 60, substeps: 2, count: 1)
        #expect(try !world.state(id).awake)
        #expect(world.awakeCount == 0)
    }

    @Test("Spin above 2°/s keeps a body awake; speed exactly at the tolerance counts as slow")
    func restThresholds() throws {
        let world = try World()
        let spinning = try world.create(bodyDef { $0.angularVelocity = 0.05 })  // 2.86°/s
        let atTolerance = try world.create(bodyDef(x: 300) { $0.vx = 1 })  // |v|² = 1 exactly, not above
        try world.step(0.125, substeps: 1, count: 16)
        #expect(try world.state(spinning).awake)
        #expect(try !world.state(atTolerance).awake)
        #expect(world.awakeCount == 1)
    }

    @Test("Speeding up restarts the rest timer; waking a resting body needs a full timeToSleep again")
    func restTimerRestarts() throws {
        let world = try World()
        let id = try world.create()
        try world.step(0.125, substeps: 1, count: 3)
        // A fast step resets the timer.
        #expect(sdBody_SetLinearVelocity(world.raw, id, 10, 0) == sdResult_ok)
        try world.step(0.125, substeps: 1)
        #expect(sdBody_SetLinearVelocity(world.raw, id, 0, 0) == sdResult_ok)
        try world.step(0.125, substeps: 1, count: 3)
        #expect(try world.state(id).awake, "the rest timer was not restarted by the fast step")
        try world.step(0.125, substeps: 1)
        #expect(try !world.state(id).awake)
        #expect(world.awakeCount == 0)

        #expect(sdBody_Wake(world.raw, id) == sdResult_ok)
        #expect(try world.state(id).awake)
        #expect(world.awakeCount == 1)
        try world.step(0.125, substeps: 1, count: 3)
        #expect(try world.state(id).awake)
        try world.step(0.125, substeps: 1)
        #expect(try !world.state(id).awake)

        // A force wakes a resting body and acts in the same step.
        #expect(sdBody_ApplyForce(world.raw, id, 80, 0, 0, 0) == sdResult_ok)
        #expect(world.awakeCount == 1)
        try world.step(0.125, substeps: 1)
        expectClose(try world.state(id).vx, 10, within: 1e-12, "vx after the waking force")
    }

    @Test("Custom rest settings: timeToSleep 0 rests slow bodies on the first step; tolerance 0 never rests")
    func customRestSettings() throws {
        var instant = sdDefaultWorldDef()
        instant.timeToSleep = 0
        let a = try World(instant)
        let slow = try a.create(bodyDef { $0.vx = 0.9 })
        try a.step(0.01, substeps: 1)
        #expect(try !a.state(slow).awake)
        #expect(try a.state(slow).vx == 0)
        expectClose(try a.state(slow).x, 0.009, within: 1e-15, "x: the step itself still moved it")

        var never = sdDefaultWorldDef()
        never.sleepLinearTolerance = 0
        never.sleepAngularTolerance = 0
        never.timeToSleep = 0.1
        let b = try World(never)
        let creeping = try b.create(bodyDef { $0.vx = 1e-6 })
        let still = try b.create(bodyDef(x: 50))
        try b.step(0.05, substeps: 1, count: 10)
        #expect(try b.state(creeping).awake)
        #expect(try !b.state(still).awake, "exactly zero velocity is within a zero tolerance")
        #expect(b.awakeCount == 1)
    }
}
