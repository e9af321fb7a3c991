// Every entry point refuses bad input with the documented code and leaves the world bit-identical.
import CSolver
import Testing

/// A setter under test: its name, a call taking the argument list, and arguments it accepts.
private struct Setter: Sendable {
    let name: String
    let valid: [Double]
    let call: @Sendable (OpaquePointer?, sdBodyId, [Double]) -> sdResult
}

private let setters: [Setter] = [
    Setter(name: "SetPosition", valid: [10, 20]) { sdBody_SetPosition($0, $1, $2[0], $2[1]) },
    Setter(name: "SetAngle", valid: [0.5]) { sdBody_SetAngle($0, $1, $2[0]) },
    Setter(name: "SetLinearVelocity", valid: [3, 4]) { sdBody_SetLinearVelocity($0, $1, $2[0], $2[1]) },
    Setter(name: "SetAngularVelocity", valid: [0.25]) { sdBody_SetAngularVelocity($0, $1, $2[0]) },
    Setter(name: "AddVelocity", valid: [1, 2, 0.1]) { sdBody_AddVelocity($0, $1, $2[0], $2[1], $2[2]) },
    Setter(name: "SetDensity", valid: [2]) { sdBody_SetDensity($0, $1, $2[0]) },
    Setter(name: "SetDamping", valid: [0.5, 0.25]) { sdBody_SetDamping($0, $1, $2[0], $2[1]) },
    Setter(name: "SetGravity", valid: [0, 980]) { sdBody_SetGravity($0, $1, $2[0], $2[1]) },
    Setter(name: "SetMaterial", valid: [0.5, 0.3, -2]) { sdBody_SetMaterial($0, $1, $2[0], $2[1], $2[2]) },
    Setter(name: "ApplyForce", valid: [100, -50, 5, 5]) { sdBody_ApplyForce($0, $1, $2[0], $2[1], $2[2], $2[3]) },
    Setter(name: "ApplyLinearImpulse", valid: [10, -5, 5, 5]) {
        sdBody_ApplyLinearImpulse($0, $1, $2[0], $2[1], $2[2], $2[3])
    },
]

private let nonFiniteValues: [Double] = [.nan, -.nan, .signalingNaN, .infinity, -.infinity]

/// Two worlds built the same way: one receives the refused calls, the other never does. Stepping both and
/// comparing bit patterns catches hidden state (forces, damping, gravity, rest timers) a refusal might touch.
private struct Twins {
    let probed: World
    let control: World
    let probedBody: sdBodyId
    let controlBody: sdBodyId

    init() throws {
        func build() throws -> (World, sdBodyId) {
            var def = sdDefaultWorldDef()
            def.timeToSleep = 1
            let world = try World(def)
            try world.create(bodyDef(x: -300, gravityY: 50))
            let id = try world.create(bodyDef(x: 7, y: -3, width: 80, height: 40, density: 1.5, gravityY: 300) {
                $0.angle = 0.2
                $0.vx = 12
                $0.vy = -30
                $0.angularVelocity = 0.7
                $0.linearDamping = 0.1
                $0.angularDamping = 0.2
            })
            // Pending force and torque: a refused call must neither drop nor add to them.
            try #require(sdBody_ApplyForce(world.raw, id, 40, 0, 7, 10) == sdResult_ok)
            return (world, id)
        }
        (probed, probedBody) = try build()
        (control, controlBody) = try build()
    }

    /// Expects the probed world to still match the control, now and after stepping both.
    func expectUnchanged(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(probed.snapshot() == control.snapshot(), "\(what): world changed", sourceLocation: sourceLocation)
        #expect(
            bits(try probed.state(probedBody)) == bits(try control.state(controlBody)),
            "\(what): body state changed", sourceLocation: sourceLocation)
        try probed.step(1.0 / 60, substeps: 4, count: 3)
        try control.step(1.0 / 60, substeps: 4, count: 3)
        #expect(
            probed.snapshot() == control.snapshot(), "\(what): hidden state changed (worlds diverged after stepping)",
            sourceLocation: sourceLocation)
    }
}

@Suite("Input validation")
struct InputValidationTests {
    @Test("Every setter accepts its valid arguments (so the refusals below are about the bad value)")
    func settersAcceptValidArguments() throws {
        let world = try World()
        let id = try world.create()
        for setter in setters {
            #expect(setter.call(world.raw, id, setter.valid) == sdResult_ok, "\(setter.name)")
        }
    }

    @Test("NaN or ±inf in any argument of any setter is refused with nonFinite, state bit-identical")
    func settersRefuseNonFinite() throws {
        for setter in setters {
            for position in setter.valid.indices {
                for bad in nonFiniteValues {
                    let twins = try Twins()
                    var args = setter.valid
                    args[position] = bad
                    let result = setter.call(twins.probed.raw, twins.probedBody, args)
                    #expect(result == sdResult_nonFinite, "\(setter.name) argument \(position) = \(bad)")
                    try twins.expectUnchanged("\(setter.name) argument \(position) = \(bad)")
                }
            }
        }
    }

    @Test("NULL world is refused with nullArgument by every setter and by step, destroy and get-state")
    func nullWorld() throws {
        let world = try World()
        let id = try world.create()
        for setter in setters {
            #expect(setter.call(nil, id, setter.valid) == sdResult_nullArgument, "\(setter.name)")
        }
        var s = sdBodyState()
        #expect(sdBody_SetFlags(nil, id, 0) == sdResult_nullArgument)
        #expect(sdBody_Wake(nil, id) == sdResult_nullArgument)
        #expect(sdDestroyBody(nil, id) == sdResult_nullArgument)
        #expect(sdBody_GetState(nil, id, &s) == sdResult_nullArgument)
        #expect(sdWorld_Step(nil, 1.0 / 60, 1) == sdResult_nullArgument)
        #expect(sdBody_IsValid(nil, id) == false)
        var count: Int32 = -1
        #expect(sdWorld_QueryRect(nil, 0, 0, 1, 1, nil, 0, &count) == sdResult_nullArgument)
        #expect(count == -1)
        // The world itself saw nothing.
        #expect(world.bodyCount == 1)
        #expect(try world.state(id).x == 0)
    }

    @Test("NULL out-pointers and definitions are refused with nullArgument")
    func nullPointers() throws {
        let world = try World()
        var def = sdDefaultBodyDef()
        var id = sdBodyId(index: 42, generation: 42)
        #expect(sdCreateBody(nil, &def, &id) == sdResult_nullArgument)
        #expect(sdCreateBody(world.raw, nil, &id) == sdResult_nullArgument)
        #expect(sdCreateBody(world.raw, &def, nil) == sdResult_nullArgument)
        #expect(id.index == 42 && id.generation == 42, "a refused create must not write the id")
        #expect(world.bodyCount == 0)
        #expect(sdWorld_GetState(world.raw).slotCount == 0, "a refused create must not use a slot")

        let body = try world.create()
        #expect(body.index == 0, "the refused creations consumed a slot")
        #expect(sdBody_GetState(world.raw, body, nil) == sdResult_nullArgument)
        var count: Int32 = -1
        #expect(sdWorld_QueryRect(world.raw, -1, -1, 1, 1, nil, 0, nil) == sdResult_nullArgument)
        #expect(sdWorld_QueryRect(world.raw, -1, -1, 1, 1, nil, 1, &count) == sdResult_nullArgument)
        #expect(count == -1)
        #expect(sdWorld_QueryRect(world.raw, -1, -1, 1, 1, nil, 0, &count) == sdResult_ok)
        #expect(count == 1)
    }

    @Test("Zero, negative and -0 density, negative damping and negative material are outOfRange")
    func settersRefuseOutOfRange() throws {
        let cases: [(String, (OpaquePointer, sdBodyId) -> sdResult)] = [
            ("density 0", { sdBody_SetDensity($0, $1, 0) }),
            ("density -0", { sdBody_SetDensity($0, $1, -0.0) }),
            ("density -1", { sdBody_SetDensity($0, $1, -1) }),
            ("density -tiny", { sdBody_SetDensity($0, $1, -.leastNonzeroMagnitude) }),
            ("linear damping -1", { sdBody_SetDamping($0, $1, -1, 0) }),
            ("angular damping -1e-300", { sdBody_SetDamping($0, $1, 0, -1e-300) }),
            ("restitution -0.1", { sdBody_SetMaterial($0, $1, -0.1, 0, 0) }),
            ("friction -1", { sdBody_SetMaterial($0, $1, 0, -1, 0) }),
            ("unknown flag 1<<2", { sdBody_SetFlags($0, $1, 1 << 2) }),
            ("unknown flag 1<<31 with static", { sdBody_SetFlags($0, $1, (1 << 31) | staticFlag) }),
        ]
        for (name, call) in cases {
            let twins = try Twins()
            #expect(call(twins.probed.raw, twins.probedBody) == sdResult_outOfRange, "\(name)")
            try twins.expectUnchanged(name)
        }
        // Zero damping and zero material are allowed.
        let world = try World()
        let id = try world.create()
        #expect(sdBody_SetDamping(world.raw, id, 0, 0) == sdResult_ok)
        #expect(sdBody_SetMaterial(world.raw, id, 0, 0, 0) == sdResult_ok)
        #expect(sdBody_SetDensity(world.raw, id, .leastNonzeroMagnitude) == sdResult_ok)
    }

    @Test("A refused step changes nothing and keeps the pending force for the next step")
    func stepRefusals() throws {
        let cases: [(String, Double, Int32, sdResult)] = [
            ("dt 0", 0, 1, sdResult_outOfRange),
            ("dt -0", -0.0, 1, sdResult_outOfRange),
            ("dt -1/60", -1.0 / 60, 2, sdResult_outOfRange),
            ("dt NaN", .nan, 2, sdResult_nonFinite),
            ("dt inf", .infinity, 2, sdResult_nonFinite),
            ("dt -inf", -.infinity, 2, sdResult_nonFinite),
            ("0 substeps", 1.0 / 60, 0, sdResult_outOfRange),
            ("-1 substeps", 1.0 / 60, -1, sdResult_outOfRange),
            ("1025 substeps", 1.0 / 60, 1025, sdResult_outOfRange),
            ("Int32.min substeps", 1.0 / 60, .min, sdResult_outOfRange),
            ("substep below 1 ns", 1e-9 * 0.999, 1, sdResult_outOfRange),
            ("subnormal dt", .leastNonzeroMagnitude, 1, sdResult_outOfRange),
        ]
        for (name, dt, substeps, expected) in cases {
            let twins = try Twins()
            #expect(sdWorld_Step(twins.probed.raw, dt, substeps) == expected, "\(name)")
            try twins.expectUnchanged(name)
        }
        // The limits themselves are accepted.
        let world = try World()
        try world.create()
        #expect(sdWorld_Step(world.raw, 1.0 / 60, 1) == sdResult_ok)
        #expect(sdWorld_Step(world.raw, 1.0 / 60, 1024) == sdResult_ok)
        #expect(sdWorld_Step(world.raw, Double(sdMinimumSubstep), 1) == sdResult_ok)
        #expect(sdWorld_Step(world.raw, 1024 * Double(sdMinimumSubstep), 1024) == sdResult_ok)
    }

    @Test("NaN or ±inf in any sdBodyDef field is refused with nonFinite and no body is created")
    func bodyDefNonFinite() throws {
        let fields: [(String, WritableKeyPath<sdBodyDef, Double>)] = [
            ("x", \.x), ("y", \.y), ("angle", \.angle), ("vx", \.vx), ("vy", \.vy),
            ("angularVelocity", \.angularVelocity), ("width", \.width), ("height", \.height),
            ("density", \.density), ("linearDamping", \.linearDamping), ("angularDamping", \.angularDamping),
            ("gravityX", \.gravityX), ("gravityY", \.gravityY),
        ]
        let world = try World()
        let existing = try world.create(bodyDef(x: 1, gravityY: 10))
        let before = world.snapshot()
        let existingBefore = bits(try world.state(existing))
        for shape in [sdShape_rectangle, sdShape_ellipse, sdShape_polygon] {
            for (name, field) in fields {
                for bad in nonFiniteValues {
                    var def = bodyDef(shape: shape) {
                        $0.polygonArea = 5000
                        $0.polygonUnitInertia = 800
                    }
                    def[keyPath: field] = bad
                    var id = sdBodyId(index: 99, generation: 99)
                    #expect(sdCreateBody(world.raw, &def, &id) == sdResult_nonFinite, "shape \(shape) \(name) = \(bad)")
                    #expect(id.index == 99 && id.generation == 99)
                }
            }
        }
        for (name, field) in [("polygonArea", \sdBodyDef.polygonArea), ("polygonUnitInertia", \.polygonUnitInertia)] {
            for bad in nonFiniteValues {
                var def = bodyDef(shape: sdShape_polygon) {
                    $0.polygonArea = 5000
                    $0.polygonUnitInertia = 800
                }
                def[keyPath: field] = bad
                var id = sdBodyId()
                #expect(sdCreateBody(world.raw, &def, &id) == sdResult_nonFinite, "\(name) = \(bad)")
            }
        }
        #expect(world.snapshot() == before)
        #expect(bits(try world.state(existing)) == existingBefore)
        #expect(world.bodyCount == 1)
        #expect(try world.create().index == 1, "a refused create used up a slot")
    }

    @Test("Non-positive size or density, negative damping, unknown flags or shape are outOfRange")
    func bodyDefOutOfRange() throws {
        let cases: [(String, (inout sdBodyDef) -> Void)] = [
            ("width 0", { $0.width = 0 }),
            ("width -0", { $0.width = -0.0 }),
            ("width -10", { $0.width = -10 }),
            ("height 0", { $0.height = 0 }),
            ("height -1e-300", { $0.height = -1e-300 }),
            ("density 0", { $0.density = 0 }),
            ("density -2", { $0.density = -2 }),
            ("linear damping -1", { $0.linearDamping = -1 }),
            ("angular damping -0.5", { $0.angularDamping = -0.5 }),
            ("flag 1<<2", { $0.flags = 1 << 2 }),
            ("flag 1<<31", { $0.flags = 1 << 31 }),
            ("shape 3", { $0.shape = sdShapeKind(rawValue: 3) }),
            ("shape 0xFFFF", { $0.shape = sdShapeKind(rawValue: 0xFFFF) }),
            ("polygon area 0", { $0.shape = sdShape_polygon; $0.polygonArea = 0; $0.polygonUnitInertia = 10 }),
            ("polygon area -5", { $0.shape = sdShape_polygon; $0.polygonArea = -5; $0.polygonUnitInertia = 10 }),
            ("polygon inertia 0", { $0.shape = sdShape_polygon; $0.polygonArea = 5; $0.polygonUnitInertia = 0 }),
            ("polygon inertia -1", { $0.shape = sdShape_polygon; $0.polygonArea = 5; $0.polygonUnitInertia = -1 }),
        ]
        let world = try World()
        let existing = try world.create(bodyDef(x: 1))
        let before = world.snapshot()
        for (name, configure) in cases {
            var def = sdDefaultBodyDef()
            configure(&def)
            var id = sdBodyId(index: 99, generation: 99)
            #expect(sdCreateBody(world.raw, &def, &id) == sdResult_outOfRange, "\(name)")
            #expect(id.index == 99 && id.generation == 99, "\(name): id written")
        }
        #expect(world.snapshot() == before)
        #expect(world.bodyCount == 1)
        #expect(sdBody_IsValid(world.raw, existing))

        // Polygon fields are ignored for the built-in shapes, whatever they hold.
        var def = sdDefaultBodyDef()
        def.polygonArea = -1
        def.polygonUnitInertia = .nan
        var id = sdBodyId()
        #expect(sdCreateBody(world.raw, &def, &id) == sdResult_ok)
        #expect(try world.state(id).mass == 1)
    }

    @Test("A refused call on a resting body neither wakes it nor restarts its rest timer")
    func refusalsDoNotWake() throws {
        var def = sdDefaultWorldDef()
        def.timeToSleep = 0.25
        let world = try World(def)
        let id = try world.create(bodyDef(x: 5))
        try world.step(0.125, substeps: 1, count: 2)
        try #require(world.awakeCount == 0)
        let before = world.snapshot()
        #expect(sdBody_SetPosition(world.raw, id, .nan, 0) == sdResult_nonFinite)
        #expect(sdBody_SetLinearVelocity(world.raw, id, 0, .infinity) == sdResult_nonFinite)
        #expect(sdBody_SetDensity(world.raw, id, 0) == sdResult_outOfRange)
        #expect(sdBody_SetDamping(world.raw, id, -1, 0) == sdResult_outOfRange)
        #expect(sdBody_SetFlags(world.raw, id, 8) == sdResult_outOfRange)
        #expect(sdBody_ApplyForce(world.raw, id, .nan, 0, 0, 0) == sdResult_nonFinite)
        #expect(sdBody_ApplyLinearImpulse(world.raw, id, 1, 1, 0, .nan) == sdResult_nonFinite)
        #expect(world.awakeCount == 0)
        #expect(try !world.state(id).awake)
        #expect(world.snapshot() == before)
    }
}
