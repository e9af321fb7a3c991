// Helpers for the joint tests: joint definitions, read-back, and snapshots that include joint geometry.
import CSolver
import Testing

/// The "world" end of a joint.
let worldEnd = sdBodyId(index: sdWorldBodyIndex, generation: 0)

/// A world whose bodies rest after `timeToSleep` seconds below the default tolerances.
func makeWorld(timeToSleep: Double, model: sdSpringModel? = nil) throws -> World {
    var def = sdDefaultWorldDef()
    def.timeToSleep = timeToSleep
    return try World(def, model: model)
}

/// Every joint kind, in declaration order.
let jointKinds = [sdJoint_distance, sdJoint_rope, sdJoint_revolute, sdJoint_weld, sdJoint_prismatic]

/// A joint definition from the defaults: `kind` between `a` and `b`, both anchors at `anchor` unless changed.
func jointDef(
    _ kind: sdJointKind, _ a: sdBodyId, _ b: sdBodyId, anchor: (Double, Double) = (0, 0),
    configure: (inout sdJointDef) -> Void = { _ in }
) -> sdJointDef {
    var def = sdDefaultJointDef()
    def.kind = kind
    def.bodyA = a
    def.bodyB = b
    (def.anchorAX, def.anchorAY) = anchor
    (def.anchorBX, def.anchorBY) = anchor
    configure(&def)
    return def
}

extension World {
    /// Creates a joint, requiring success.
    @discardableResult
    func joint(_ def: sdJointDef, sourceLocation: SourceLocation = #_sourceLocation) throws -> sdJointId {
        var def = def
        var id = sdJointId(index: -7, generation: 0xDEAD)
        let result = sdCreateJoint(raw, &def, &id)
        try #require(result == sdResult_ok, "sdCreateJoint: \(result)", sourceLocation: sourceLocation)
        return id
    }

    /// Distance between the anchors (pt) and relative angle θB − θA (rad), requiring success.
    func geometry(_ id: sdJointId, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (distance: Double, angle: Double)
    {
        var distance = Double.nan
        var angle = Double.nan
        try #require(sdJoint_GetGeometry(raw, id, &distance, &angle) == sdResult_ok, sourceLocation: sourceLocation)
        return (distance, angle)
    }

    /// The joint's two ends, requiring success.
    func ends(_ id: sdJointId, sourceLocation: SourceLocation = #_sourceLocation) throws -> (sdBodyId, sdBodyId) {
        var a = sdBodyId(index: -99, generation: 99)
        var b = sdBodyId(index: -99, generation: 99)
        try #require(sdJoint_GetBodies(raw, id, &a, &b) == sdResult_ok, sourceLocation: sourceLocation)
        return (a, b)
    }

    var jointCount: Int32 { sdWorld_GetJointCount(raw) }

    /// Steps `count` 60 Hz frames of two 1/120 s substeps (UIKit's), requiring success.
    func frames(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try step(1.0 / 60, substeps: 2, count: count, sourceLocation: sourceLocation)
    }

    /// `snapshot()` plus, per id, the `sdBody_GetState` bits of each body and the `sdJoint_GetGeometry` and
    /// `sdJoint_GetBodies` bits of each joint (a dead id contributes its result code), so "unchanged" means
    /// bit-identical everywhere the API can see.
    func fullSnapshot(bodies: [sdBodyId], joints: [sdJointId]) -> [UInt64] {
        var out = snapshot() + [UInt64(bitPattern: Int64(jointCount))]
        for id in bodies {
            var s = sdBodyState()
            let result = sdBody_GetState(raw, id, &s)
            out += [UInt64(result.rawValue)] + (result == sdResult_ok ? bits(s) : [])
        }
        for id in joints {
            var distance = 0.0
            var angle = 0.0
            var a = sdBodyId()
            var b = sdBodyId()
            let result = sdJoint_GetGeometry(raw, id, &distance, &angle)
            out += [UInt64(result.rawValue), distance.bitPattern, angle.bitPattern]
            _ = sdJoint_GetBodies(raw, id, &a, &b)
            out += [a, b].map { UInt64(UInt32(bitPattern: $0.index)) << 32 | UInt64($0.generation) }
        }
        return out
    }
}

/// Expects two body ids to be the same handle.
func expectSame(_ actual: sdBodyId, _ expected: sdBodyId, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        actual.index == expected.index && actual.generation == expected.generation,
        "\(what): got (\(actual.index), \(actual.generation)), expected (\(expected.index), \(expected.generation))",
        sourceLocation: sourceLocation)
}

/// Two worlds built identically by `build`, holding bodies and joints of every kind: the probed one receives the
/// refused calls, the control never does. After each refusal the two must match bit for bit, now and after
/// stepping both (which catches hidden parameters a refusal might have touched: lengths, springs, limits).
struct JointTwins {
    let probed: World
    let control: World
    let bodies: [sdBodyId]
    let joints: [sdJointId]

    /// Joint roles in `joints`.
    static let rigidDistance = 0, spring = 1, rope = 2, revolute = 3, weld = 4, prismatic = 5

    init() throws {
        func build() throws -> (World, [sdBodyId], [sdJointId]) {
            let world = try makeWorld(timeToSleep: 1)
            let b0 = try world.create(bodyDef(x: 0, y: 0, width: 40, height: 40, gravityY: 1000) { $0.vx = 30 })
            let b1 = try world.create(bodyDef(x: 100, y: 0, width: 60, height: 20, gravityY: 1000) { $0.angle = 0.1 })
            let b2 = try world.create(bodyDef(x: 0, y: 200, shape: sdShape_ellipse, gravityY: 500) {
                $0.angularVelocity = 1
            })
            let b3 = try world.create(bodyDef(x: 300, y: 100, width: 50, height: 50, gravityY: 1000) {
                $0.angularVelocity = 2
            })
            let b4 = try world.create(bodyDef(x: 500, y: 0, flags: staticFlag))
            let b5 = try world.create(bodyDef(x: 500, y: 100, width: 30, height: 30, gravityY: 1000) { $0.vx = -20 })
            let b6 = try world.create(bodyDef(x: 700, y: 0, width: 30, height: 30, gravityY: 1000) { $0.vx = 500 })
            let joints = [
                try world.joint(jointDef(sdJoint_distance, worldEnd, b0, anchor: (0, -100)) {
                    $0.anchorBY = 0
                    $0.length = 100
                }),
                try world.joint(jointDef(sdJoint_distance, b0, b1) {
                    $0.anchorBX = 100
                    $0.length = 100
                    $0.frequency = 2
                    $0.dampingRatio = 0.3
                }),
                try world.joint(jointDef(sdJoint_rope, b1, b2) {
                    $0.anchorAX = 100
                    $0.anchorBY = 200
                    $0.length = 250
                }),
                try world.joint(jointDef(sdJoint_revolute, worldEnd, b3, anchor: (300, 50)) {
                    $0.lowerLimit = -0.5
                    $0.upperLimit = 0.5
                    $0.frictionTorque = 5000
                }),
                try world.joint(jointDef(sdJoint_weld, b4, b5, anchor: (500, 50))),
                try world.joint(jointDef(sdJoint_prismatic, worldEnd, b6, anchor: (700, 0)) {
                    $0.axisX = 1
                    $0.axisY = 0
                    $0.lowerLimit = -40
                    $0.upperLimit = 60
                }),
            ]
            // Pending force: a refusal must neither drop nor add to it.
            try #require(sdBody_ApplyForce(world.raw, b2, 40, 0, 7, 210) == sdResult_ok)
            return (world, [b0, b1, b2, b3, b4, b5, b6], joints)
        }
        (probed, bodies, joints) = try build()
        (control, _, _) = try build()
    }

    /// Expects the probed world to still match the control, now and after stepping both 3 frames.
    func expectUnchanged(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(
            probed.fullSnapshot(bodies: bodies, joints: joints) == control.fullSnapshot(bodies: bodies, joints: joints),
            "\(what): world changed", sourceLocation: sourceLocation)
        try probed.frames(3)
        try control.frames(3)
        #expect(
            probed.fullSnapshot(bodies: bodies, joints: joints) == control.fullSnapshot(bodies: bodies, joints: joints),
            "\(what): hidden state changed (worlds diverged after stepping)", sourceLocation: sourceLocation)
    }
}
