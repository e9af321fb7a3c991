// Joints through the C API: defaults, ids, read-back, what each kind holds, every setter's effect, destruction.
import CSolver
import Foundation
import Testing

/// A world without rest detection getting in the way of short runs (bodies rest only after 100 s).
private func awakeWorld(model: sdSpringModel? = nil) throws -> World {
    try makeWorld(timeToSleep: 100, model: model)
}

@Suite("Joints")
struct JointTests {
    @Test("sdDefaultJointDef: a rigid zero-length distance joint between two world ends, axis (1, 0), no limits")
    func defaults() {
        let def = sdDefaultJointDef()
        #expect(def.kind == sdJoint_distance)
        #expect(def.bodyA.index == -1 && def.bodyA.generation == 0)
        #expect(def.bodyB.index == -1 && def.bodyB.generation == 0)
        #expect(sdWorldBodyIndex == -1)
        #expect([def.anchorAX, def.anchorAY, def.anchorBX, def.anchorBY] == [0, 0, 0, 0])
        #expect([def.length, def.frequency, def.dampingRatio, def.frictionTorque] == [0, 0, 0, 0])
        #expect(def.axisX == 1 && def.axisY == 0)
        #expect(def.lowerLimit == -.infinity && def.upperLimit == .infinity)
    }

    @Test("Creation hands out slots 0, 1, 2…; GetBodies returns both ends with their generations, the world as (−1, 0)")
    func creationAndBodies() throws {
        let world = try World()
        let first = try world.create(bodyDef(x: 0))
        #expect(sdDestroyBody(world.raw, first) == sdResult_ok)
        let a = try world.create(bodyDef(x: 0))  // slot 0, generation 1
        let b = try world.create(bodyDef(x: 100))
        #expect(a.generation == 1 && b.generation == 0)
        #expect(world.jointCount == 0)
        var ids: [sdJointId] = []
        for kind in jointKinds { ids.append(try world.joint(jointDef(kind, a, b, anchor: (50, 0)))) }
        ids.append(try world.joint(jointDef(sdJoint_revolute, worldEnd, b, anchor: (100, 0))))
        ids.append(try world.joint(jointDef(sdJoint_rope, a, worldEnd, anchor: (0, -80)) { $0.length = 80 }))
        #expect(ids.map(\.index) == [0, 1, 2, 3, 4, 5, 6])
        #expect(ids.allSatisfy { $0.generation == 0 })
        #expect(world.jointCount == 7)
        #expect(ids.allSatisfy { sdJoint_IsValid(world.raw, $0) })
        for id in ids[0..<5] {
            let (endA, endB) = try world.ends(id)
            expectSame(endA, a, "A of joint \(id.index)")
            expectSame(endB, b, "B of joint \(id.index)")
        }
        let (pinA, pinB) = try world.ends(ids[5])
        expectSame(pinA, worldEnd, "world end A")
        expectSame(pinB, b, "B of the pin")
        let (ropeA, ropeB) = try world.ends(ids[6])
        expectSame(ropeA, a, "A of the rope")
        expectSame(ropeB, worldEnd, "world end B")
    }

    @Test("GetGeometry: anchors are fixed in their bodies' frames, so they follow position and angle changes")
    func geometryFollowsBodies() throws {
        let world = try awakeWorld()
        let body = try world.create(bodyDef(x: 0, y: 0) { $0.angle = 0.25 })
        let other = try world.create(bodyDef(x: 300, y: 0) { $0.angle = -0.5 })
        // Anchor on `body` at world (50, 0) when created: 50 pt from its centre.
        let toWorld = try world.joint(jointDef(sdJoint_distance, worldEnd, body) {
            $0.anchorBX = 50
            $0.length = 50
        })
        let between = try world.joint(jointDef(sdJoint_rope, body, other, anchor: (0, 0)) {
            $0.anchorBX = 300
            $0.anchorBY = 20
            $0.length = 400
        })
        var g = try world.geometry(toWorld)
        expectClose(g.distance, 50, within: 1e-12, "anchor 50 pt from the centre")
        #expect(g.angle == 0.25, "relative angle θB − θA with A the world (0)")
        g = try world.geometry(between)
        expectClose(g.distance, hypot(300, 20), within: 1e-12, "body–body anchors")
        #expect(g.angle == -0.75)

        // Turn the body a quarter turn further: its anchor swings from (50, 0) to (0, 50) about the centre.
        #expect(sdBody_SetAngle(world.raw, body, 0.25 + Double.pi / 2) == sdResult_ok)
        expectClose(try world.geometry(toWorld).distance, 50, within: 1e-12, "after turning")
        #expect(sdBody_SetPosition(world.raw, body, 30, 40) == sdResult_ok)
        expectClose(try world.geometry(toWorld).distance, hypot(30, 40 + 50), within: 1e-12, "after moving")
        #expect(sdBody_SetAngle(world.raw, body, 0.25) == sdResult_ok)
        expectClose(try world.geometry(toWorld).distance, hypot(30 + 50, 40), within: 1e-12, "turned back")
        expectClose(try world.geometry(toWorld).angle, 0.25, within: 0, "relative angle")
        // The other body's anchor sits at (0, 20) in its own frame: moving it moves the anchor by the same amount.
        #expect(sdBody_SetPosition(world.raw, other, 330, 40) == sdResult_ok)
        expectClose(try world.geometry(between).distance, hypot(330 - 0 - 30, 60 - 40), within: 1e-12, "other moved")
    }

    @Test("Rigid distance joint: a pendulum keeps its length to 1e-9 over 2 s; SetLength pulls it to the new one",
          arguments: springModels)
    func rigidDistance(model: sdSpringModel) throws {
        let world = try awakeWorld(model: model)
        let bob = try world.create(bodyDef(x: 100, y: 0, width: 20, height: 20, gravityY: 1000))
        let rod = try world.joint(jointDef(sdJoint_distance, worldEnd, bob) {
            $0.anchorBX = 100
            $0.length = 100
        })
        var lowest = 0.0
        for _ in 0..<120 {
            try world.frames()
            expectClose(try world.geometry(rod).distance, 100, within: 1e-8, "rod length")
            lowest = max(lowest, try world.state(bob).y)
        }
        expectClose(lowest, 100, within: 0.5, "the bob swings through the bottom of the circle")

        #expect(sdJoint_SetLength(world.raw, rod, 60) == sdResult_ok)
        try world.frames()
        expectClose(try world.geometry(rod).distance, 60, within: 1e-9, "after SetLength(60)")
    }

    @Test("SetWorldAnchor moves the fixed end of a world joint, whichever end is the world")
    func worldAnchor() throws {
        let world = try awakeWorld()
        let b = try world.create(bodyDef(x: 0, y: 100, width: 20, height: 20))
        let c = try world.create(bodyDef(x: 500, y: 100, width: 20, height: 20))
        let worldIsA = try world.joint(jointDef(sdJoint_distance, worldEnd, b) { $0.anchorBY = 100; $0.length = 100 })
        let worldIsB = try world.joint(jointDef(sdJoint_distance, c, worldEnd, anchor: (500, 100)) {
            $0.anchorBY = 0
            $0.length = 100
        })
        #expect(sdJoint_SetWorldAnchor(world.raw, worldIsA, 60, 100) == sdResult_ok)
        #expect(sdJoint_SetWorldAnchor(world.raw, worldIsB, 500, 180) == sdResult_ok)
        // Read back at once: the anchors moved, the bodies did not.
        expectClose(try world.geometry(worldIsA).distance, 60, within: 1e-12, "A-world anchor moved")
        expectClose(try world.geometry(worldIsB).distance, 80, within: 1e-12, "B-world anchor moved")
        // One step later the rigid rods hold their length again: each body moved directly away from its anchor.
        try world.frames()
        expectClose(try world.geometry(worldIsA).distance, 100, within: 1e-9, "rod A")
        expectClose(try world.geometry(worldIsB).distance, 100, within: 1e-9, "rod B")
        expectClose(try world.state(b).x, -40, within: 1e-6, "b pushed left of the new anchor")
        expectClose(try world.state(c).y, 80, within: 1e-6, "c pushed up from the new anchor")
        // Moved again between steps: the solver's copy of the joint, kept while nothing changes, is made anew.
        #expect(sdJoint_SetWorldAnchor(world.raw, worldIsA, 60, 160) == sdResult_ok)
        try world.frames()
        expectClose(try world.geometry(worldIsA).distance, 100, within: 1e-9, "rod A to the anchor moved between steps")
    }

    @Test("SetJointWorldAnchors moves many world anchors in one call, or none when one entry is bad")
    func worldAnchorsBatch() throws {
        let world = try awakeWorld()
        let b = try world.create(bodyDef(x: 0, y: 100, width: 20, height: 20))
        let c = try world.create(bodyDef(x: 500, y: 100, width: 20, height: 20))
        let worldIsA = try world.joint(jointDef(sdJoint_distance, worldEnd, b) { $0.anchorBY = 100; $0.length = 100 })
        let worldIsB = try world.joint(jointDef(sdJoint_distance, c, worldEnd, anchor: (500, 100)) {
            $0.anchorBY = 0
            $0.length = 100
        })
        let between = try world.joint(jointDef(sdJoint_distance, b, c) { $0.length = 500 })
        // A body–body joint in the batch: refused, and the valid entries before it did not move.
        var ids = [worldIsA, worldIsB, between], xs = [60.0, 500, 0], ys = [100.0, 180, 0]
        #expect(sdWorld_SetJointWorldAnchors(world.raw, ids, xs, ys, 3) == sdResult_outOfRange)
        // A NaN in the last entry: refused too.
        #expect(sdWorld_SetJointWorldAnchors(world.raw, ids, [60, .nan], ys, 2) == sdResult_nonFinite)
        expectClose(try world.geometry(worldIsA).distance, 100, within: 1e-12, "nothing moved after the refusals")
        expectClose(try world.geometry(worldIsB).distance, 100, within: 1e-12, "nothing moved after the refusals")
        #expect(sdWorld_SetJointWorldAnchors(world.raw, nil, nil, nil, 0) == sdResult_ok)
        #expect(sdWorld_SetJointWorldAnchors(world.raw, nil, xs, ys, 1) == sdResult_nullArgument)
        #expect(sdWorld_SetJointWorldAnchors(world.raw, ids, xs, ys, -1) == sdResult_outOfRange)
        // The same joint twice: the later move wins.
        ids = [worldIsA, worldIsB, worldIsA]
        xs = [900, 500, 60]
        ys = [900, 180, 100]
        #expect(sdWorld_SetJointWorldAnchors(world.raw, ids, xs, ys, 3) == sdResult_ok)
        expectClose(try world.geometry(worldIsA).distance, 60, within: 1e-12, "A-world anchor moved (last entry)")
        expectClose(try world.geometry(worldIsB).distance, 80, within: 1e-12, "B-world anchor moved")
    }

    @Test("A zero-length spring matches the analytic oscillator: every sample undamped, every half period damped")
    func springs() throws {
        // x(t) = 100·e^(−ζωt)(cos ω_d t + ζ/√(1−ζ²)·sin ω_d t). The discrete poles equal the oscillator's, so the
        // undamped spring is exact at every sample; damped, the discrete sine term starts differently, but at
        // every half damped period (the sine is 0 there) x = 100·(−1)^k·e^(−ζωt) exactly. f_d = f·√(1−ζ²) is
        // chosen so that half periods fall on frames.
        let cases: [(dampedFrequency: Double, zeta: Double, halfPeriodFrames: Int)] = [(1, 0, 30), (1, 0.6, 30), (2.5, 0.05, 12)]
        for (dampedFrequency, zeta, halfPeriodFrames) in cases {
            let f = dampedFrequency / (1 - zeta * zeta).squareRoot()
            let world = try awakeWorld(model: sdSpringModel_analytic)
            let body = try world.create(bodyDef(x: 100, y: 0))
            // Created as a 7 Hz spring, switched to (f, ζ) before the first step.
            let spring = try world.joint(jointDef(sdJoint_distance, worldEnd, body) {
                $0.anchorBX = 100
                $0.frequency = 7
            })
            #expect(sdJoint_SetSpring(world.raw, spring, f, zeta) == sdResult_ok)
            let omega = 2 * Double.pi * f, damped = 2 * Double.pi * dampedFrequency
            for frame in 1...60 {
                try world.frames()
                guard zeta == 0 || frame % halfPeriodFrames == 0 else { continue }
                let t = Double(frame) / 60
                let expected = 100 * exp(-zeta * omega * t)
                    * (cos(damped * t) + zeta / (1 - zeta * zeta).squareRoot() * sin(damped * t))
                expectClose(try world.state(body).x, expected, within: 1e-9, "f \(f), ζ \(zeta), t \(t)")
            }
            #expect(try world.state(body).y == 0)
            #expect(sdJoint_SetSpring(world.raw, spring, 0, 0) == sdResult_ok)
            try world.frames()
            expectClose(try world.geometry(spring).distance, 0, within: 1e-9, "rigid after SetSpring(0, 0)")
        }
    }

    @Test("Rope: slack it lets the body fall freely (y = 50 + g·t²/2), taut it holds; SetLength lets out more rope")
    func rope() throws {
        let world = try awakeWorld(model: sdSpringModel_analytic)
        let body = try world.create(bodyDef(x: 0, y: 50, width: 20, height: 20, gravityY: 1000))
        let rope = try world.joint(jointDef(sdJoint_rope, worldEnd, body) { $0.anchorBY = 50; $0.length = 100 })
        try world.frames(6)
        expectClose(try world.state(body).y, 50 + 500 * 0.1 * 0.1, within: 1e-9, "free fall while slack")
        for _ in 0..<60 {
            try world.frames()
            #expect(try world.geometry(rope).distance <= 100 + 1e-9)
        }
        expectClose(try world.geometry(rope).distance, 100, within: 1e-6, "hanging taut")
        expectClose(try world.state(body).vy, 0, within: 1e-6, "at rest on the rope")

        #expect(sdJoint_SetLength(world.raw, rope, 150) == sdResult_ok)
        try world.frames(6)
        expectClose(try world.state(body).y, 100 + 500 * 0.1 * 0.1, within: 1e-6, "falls again after lengthening")
        try world.frames(60)
        expectClose(try world.geometry(rope).distance, 150, within: 1e-6, "taut at the new length")
    }

    @Test("Revolute: the pin holds to 1e-9; limits stop the turn; friction torque T slows spin by T·t/I exactly")
    func revolute() throws {
        let world = try awakeWorld()
        // A bar pinned at one end swings under gravity; its pin point stays put.
        let bar = try world.create(bodyDef(x: 50, y: 0, width: 100, height: 10, gravityY: 1000))
        let pin = try world.joint(jointDef(sdJoint_revolute, worldEnd, bar, anchor: (0, 0)))
        // A wheel pinned at its centre, spinning at 5 rad/s, limited to ±0.3 rad.
        let wheel = try world.create(bodyDef(x: 300, y: 0) { $0.angularVelocity = 5 })
        let limited = try world.joint(jointDef(sdJoint_revolute, worldEnd, wheel, anchor: (300, 0)))
        #expect(sdJoint_SetLimits(world.raw, limited, -0.3, 0.3) == sdResult_ok)
        // A wheel spinning at 2 rad/s with friction torque I·1 rad/s²: ω = 2 − t.
        let spinner = try world.create(bodyDef(x: 600, y: 0) { $0.angularVelocity = 2 })
        let inertia = try world.state(spinner).inertia
        let braked = try world.joint(jointDef(sdJoint_revolute, worldEnd, spinner, anchor: (600, 0)))
        #expect(sdJoint_SetFrictionTorque(world.raw, braked, inertia * 1) == sdResult_ok)
        var largestAngle = 0.0
        for _ in 0..<60 {
            try world.frames()
            expectClose(try world.geometry(pin).distance, 0, within: 1e-9, "pin")
            largestAngle = max(largestAngle, try world.geometry(limited).angle)
            #expect(try world.geometry(limited).angle <= 0.3 + 1e-9)
        }
        expectClose(largestAngle, 0.3, within: 1e-9, "the wheel reaches its upper limit")
        #expect(try world.state(bar).angle > 0.5, "the bar swung down (clockwise)")
        expectClose(try world.state(spinner).angularVelocity, 1, within: 1e-9, "ω after 1 s of friction")
        // Friction off: the spin stays; limits off: the wheel turns on.
        #expect(sdJoint_SetFrictionTorque(world.raw, braked, 0) == sdResult_ok)
        #expect(sdJoint_SetLimits(world.raw, limited, -.infinity, .infinity) == sdResult_ok)
        #expect(sdBody_SetAngularVelocity(world.raw, wheel, 5) == sdResult_ok)
        try world.frames(30)
        expectClose(try world.state(spinner).angularVelocity, 1, within: 1e-9, "ω without friction")
        expectClose(try world.geometry(limited).angle, 0.3 + 2.5, within: 1e-9, "free turn after the limits go")
    }

    @Test("Weld: two bodies move as one, keeping their creation angle θB − θA = 0.3 and the anchors together")
    func weld() throws {
        let world = try awakeWorld()
        let a = try world.create(bodyDef(x: 0, y: 0, width: 40, height: 40, gravityY: 1000) { $0.angularVelocity = 3 })
        let b = try world.create(bodyDef(x: 60, y: 0, width: 40, height: 40, gravityY: 1000) { $0.angle = 0.3 })
        let weld = try world.joint(jointDef(sdJoint_weld, a, b, anchor: (30, 0)))
        for _ in 0..<60 {
            try world.frames()
            let g = try world.geometry(weld)
            expectClose(g.distance, 0, within: 1e-9, "anchors apart")
            expectClose(g.angle, 0.3, within: 1e-9, "relative angle")
        }
        let sa = try world.state(a), sb = try world.state(b)
        expectClose(sb.angularVelocity, sa.angularVelocity, within: 1e-9, "common spin")
        #expect(abs(sa.angle) > 0.2, "the pair turned (b took over part of a's spin)")
    }

    @Test("Prismatic: the body slides only along the axis (normalised), never turns, and stops at the limits")
    func prismatic() throws {
        let world = try awakeWorld()
        // Axis (3, 4) given unnormalised; gravity straight down: the body slides down the 0.6 : 0.8 incline.
        let slider = try world.create(bodyDef(x: 0, y: 0, width: 20, height: 20, gravityY: 1000) { $0.angularVelocity = 4 })
        try world.joint(jointDef(sdJoint_prismatic, worldEnd, slider) { $0.axisX = 3; $0.axisY = 4 })
        // Horizontal rail with limits [−50, 80], launched at 300 pt/s.
        let cart = try world.create(bodyDef(x: 500, y: 0, width: 20, height: 20, gravityY: 1000) { $0.vx = 300 })
        let track = try world.joint(jointDef(sdJoint_prismatic, worldEnd, cart, anchor: (500, 0)))
        #expect(sdJoint_SetLimits(world.raw, track, -50, 80) == sdResult_ok)
        try world.frames(60)
        let s = try world.state(slider)
        expectClose(s.x * 4, s.y * 3, within: 1e-8, "on the (3, 4) axis")
        // Along the axis the body feels g·0.8; after 1 s it has slid g·0.8/2 = 400 pt (trapezoidal: exact).
        expectClose(hypot(s.x, s.y), 400, within: 1e-6, "slid distance")
        expectClose(s.angle, 0, within: 1e-9, "no turning (projection tolerance)")
        let c = try world.state(cart)
        expectClose(c.x, 580, within: 1e-9, "stopped at the upper limit")
        expectClose(c.y, 0, within: 1e-9, "held on the horizontal rail")
        expectClose(try world.geometry(track).distance, 80, within: 1e-9, "anchor distance = slide")
        // Move the lower limit past the cart: it is pushed back inside.
        #expect(sdJoint_SetLimits(world.raw, track, 90, 120) == sdResult_ok)
        try world.frames()
        #expect(try world.state(cart).x >= 590 - 1e-9)
    }

    @Test("sdDestroyJoint frees the joint (the body falls), reuses slots last-in first-out with a new generation")
    func destroyJoint() throws {
        let world = try awakeWorld()
        let bob = try world.create(bodyDef(x: 0, y: 100, width: 20, height: 20, gravityY: 1000))
        let ids = try (0..<3).map { _ in
            try world.joint(jointDef(sdJoint_distance, worldEnd, bob) { $0.anchorBY = 100; $0.length = 100 })
        }
        try world.frames(10)
        expectClose(try world.state(bob).y, 100, within: 1e-9, "hanging")
        #expect(sdDestroyJoint(world.raw, ids[0]) == sdResult_ok)
        #expect(sdDestroyJoint(world.raw, ids[2]) == sdResult_ok)
        #expect(sdDestroyJoint(world.raw, ids[0]) == sdResult_invalidId, "destroyed twice")
        #expect(world.jointCount == 1)
        #expect(!sdJoint_IsValid(world.raw, ids[0]) && sdJoint_IsValid(world.raw, ids[1]))
        #expect(sdDestroyJoint(world.raw, ids[1]) == sdResult_ok)
        #expect(world.jointCount == 0)
        try world.frames(6)
        expectClose(try world.state(bob).y, 100 + 500 * 0.1 * 0.1, within: 1e-9, "falls freely once released")
        // Freed slots 0, 2, 1 come back in the order 1, 2, 0, each one generation later.
        let again = try (0..<4).map { _ in try world.joint(jointDef(sdJoint_rope, worldEnd, bob) { $0.length = 500 }) }
        #expect(again.map(\.index) == [1, 2, 0, 3])
        #expect(again.map(\.generation) == [1, 1, 1, 0])
    }

    @Test("Destroying a body destroys exactly its joints, wakes their other ends, and frees their slots")
    func destroyBodyDestroysJoints() throws {
        let world = try makeWorld(timeToSleep: 0.25)
        let a = try world.create(bodyDef(x: 0))
        let b = try world.create(bodyDef(x: 200))
        let c = try world.create(bodyDef(x: 400))
        let ab = try world.joint(jointDef(sdJoint_distance, a, b) { $0.anchorBX = 200; $0.length = 200 })
        let worldA = try world.joint(jointDef(sdJoint_revolute, worldEnd, a, anchor: (0, 0)))
        let bc = try world.joint(jointDef(sdJoint_weld, b, c, anchor: (300, 0)))
        let ca = try world.joint(jointDef(sdJoint_rope, c, a) { $0.anchorAX = 400; $0.length = 500 })
        try world.step(0.125, substeps: 1, count: 2)
        try #require(world.awakeCount == 0)

        #expect(sdDestroyBody(world.raw, a) == sdResult_ok)
        #expect(!sdJoint_IsValid(world.raw, ab) && !sdJoint_IsValid(world.raw, worldA) && !sdJoint_IsValid(world.raw, ca))
        #expect(sdJoint_IsValid(world.raw, bc))
        #expect(world.jointCount == 1)
        #expect(try world.state(b).awake && world.state(c).awake, "the destroyed joints' other ends wake")
        #expect(world.awakeCount == 2)
        var distance = 0.0, angle = 0.0
        #expect(sdJoint_GetGeometry(world.raw, ab, &distance, &angle) == sdResult_invalidId)
        let (bcA, bcB) = try world.ends(bc)
        expectSame(bcA, b, "bc keeps b")
        expectSame(bcB, c, "bc keeps c")
        // Slots 0, 1, 3 were freed (in slot order), so they come back 3, 1, 0.
        let d = try world.create(bodyDef(x: 600))
        let reused = try (0..<3).map { _ in try world.joint(jointDef(sdJoint_rope, c, d) { $0.length = 300 }) }
        #expect(reused.map(\.index) == [3, 1, 0])
        #expect(reused.allSatisfy { $0.generation == 1 })
        // A body without joints leaves the others alone.
        #expect(sdDestroyBody(world.raw, d) == sdResult_ok)
        #expect(world.jointCount == 1)
        #expect(sdDestroyBody(world.raw, c) == sdResult_ok)
        #expect(world.jointCount == 0)
    }

    @Test("Every joint setter wakes the resting bodies it holds")
    func settersWake() throws {
        let calls: [(String, sdJointKind, (OpaquePointer, sdJointId) -> sdResult)] = [
            ("SetWorldAnchor", sdJoint_distance, { sdJoint_SetWorldAnchor($0, $1, 0, 1) }),
            ("SetLength", sdJoint_rope, { sdJoint_SetLength($0, $1, 250) }),
            ("SetSpring", sdJoint_distance, { sdJoint_SetSpring($0, $1, 2, 0.1) }),
            ("SetLimits", sdJoint_revolute, { sdJoint_SetLimits($0, $1, -1, 1) }),
            ("SetFrictionTorque", sdJoint_revolute, { sdJoint_SetFrictionTorque($0, $1, 10) }),
            ("SetLimits (prismatic)", sdJoint_prismatic, { sdJoint_SetLimits($0, $1, -10, 10) }),
        ]
        for (name, kind, call) in calls {
            let world = try makeWorld(timeToSleep: 0.25)
            let body = try world.create(bodyDef(x: 0, y: 0))
            let joint = try world.joint(jointDef(kind, worldEnd, body) { $0.length = kind == sdJoint_rope ? 200 : 0 })
            try world.step(0.125, substeps: 1, count: 2)
            try #require(world.awakeCount == 0, "\(name): rests first")
            #expect(call(world.raw, joint) == sdResult_ok, "\(name)")
            #expect(try world.state(body).awake, "\(name) must wake the body")
        }
    }
}
