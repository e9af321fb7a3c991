// The field API directly: defaults, the 32-field limit, result codes of every refusal (leaving the world as it
// was), members, regions, the laws at sample points, the custom evaluator and the noise's fixed bits.
import CSolver
import Foundation
import Testing

/// A field definition of `kind` with a few parameters changed.
private func fieldDef(_ kind: sdFieldKind, configure: (inout sdFieldDef) -> Void = { _ in }) -> sdFieldDef {
    var def = sdDefaultFieldDef(kind)
    configure(&def)
    return def
}

extension World {
    /// Creates a field, requiring success.
    func field(_ def: sdFieldDef, region: [sdRegionNode] = [], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> sdFieldId
    {
        var def = def
        var id = sdFieldId(index: -1, generation: 0)
        let result = region.withUnsafeBufferPointer { nodes in
            def.region = nodes.baseAddress
            def.regionNodeCount = Int32(nodes.count)
            return sdCreateField(raw, &def, &id)
        }
        try #require(result == sdResult_ok, "sdCreateField: \(result)", sourceLocation: sourceLocation)
        return id
    }

    /// Creates a field through `def` with `region`, returning the result code.
    func tryField(_ def: sdFieldDef, region: [sdRegionNode]? = nil) -> sdResult {
        var def = def
        var id = sdFieldId()
        guard let region else { return sdCreateField(raw, &def, &id) }
        return region.withUnsafeBufferPointer { nodes in
            def.region = nodes.baseAddress
            def.regionNodeCount = Int32(nodes.count)
            return sdCreateField(raw, &def, &id)
        }
    }

    var fieldCount: Int32 { sdWorld_GetFieldCount(raw) }
}

private func circle(_ r: Double) -> sdRegionNode { sdRegionNode(op: sdRegion_circle, a: r, b: 0) }
private func rectangle(_ w: Double, _ h: Double) -> sdRegionNode { sdRegionNode(op: sdRegion_rectangle, a: w, b: h) }
private func op(_ o: sdRegionOp) -> sdRegionNode { sdRegionNode(op: o, a: 0, b: 0) }

/// Whether the program contains (x, y), requiring it to be valid.
private func contains(_ nodes: [sdRegionNode], _ x: Double, _ y: Double) throws -> Bool {
    var inside = false
    let result = sdRegion_Contains(nodes, Int32(nodes.count), x, y, &inside)
    try #require(result == sdResult_ok)
    return inside
}

@Suite("Fields")
struct FieldTests {
    @Test("Defaults: strength 1, minimum radius 2⁻¹⁵ m, UIKit's falloff per kind, infinite region")
    func defaults() {
        let falloffs: [(sdFieldKind, Double)] = [
            (sdField_linearGravity, 0), (sdField_radialGravity, 2), (sdField_spring, -1), (sdField_electric, 1),
            (sdField_magnetic, 1), (sdField_vortex, 0), (sdField_drag, 0), (sdField_velocity, 0), (sdField_noise, 0),
            (sdField_turbulence, 0), (sdField_custom, 0),
        ]
        for (kind, falloff) in falloffs {
            let def = sdDefaultFieldDef(kind)
            #expect(def.kind == kind)
            #expect(def.params.falloff == falloff, "falloff of kind \(kind.rawValue)")
            #expect(def.params.strength == 1)
            #expect(def.params.minimumRadius == 100.0 / 32768.0)
            #expect([def.params.x, def.params.y, def.params.directionX, def.params.directionY] == [0, 0, 0, 0])
            #expect(def.params.smoothness == 0 && def.params.animationSpeed == 0)
            #expect(def.region == nil && def.regionNodeCount == 0)
            #expect(def.evaluator == nil)
        }
    }

    @Test("At most 32 fields: the 33rd is outOfRange; a destroyed slot is reused with a new generation")
    func fieldLimit() throws {
        let world = try World()
        var ids: [sdFieldId] = []
        for _ in 0..<32 { ids.append(try world.field(sdDefaultFieldDef(sdField_drag))) }
        #expect(world.fieldCount == 32)
        #expect(world.tryField(sdDefaultFieldDef(sdField_drag)) == sdResult_outOfRange)
        #expect(world.fieldCount == 32)
        #expect(sdDestroyField(world.raw, ids[7]) == sdResult_ok)
        #expect(world.fieldCount == 31)
        #expect(!sdField_IsValid(world.raw, ids[7]))
        #expect(sdDestroyField(world.raw, ids[7]) == sdResult_invalidId)
        let reused = try world.field(sdDefaultFieldDef(sdField_vortex))
        #expect(reused.index == 7 && reused.generation == ids[7].generation + 1)
        #expect(sdField_IsValid(world.raw, reused))
        #expect(world.tryField(sdDefaultFieldDef(sdField_drag)) == sdResult_outOfRange)
    }

    @Test("NULL arguments are nullArgument; stale and foreign ids are invalidId")
    func nullAndStale() throws {
        let world = try World()
        var def = sdDefaultFieldDef(sdField_spring)
        var id = sdFieldId()
        #expect(sdCreateField(nil, &def, &id) == sdResult_nullArgument)
        #expect(sdCreateField(world.raw, nil, &id) == sdResult_nullArgument)
        #expect(sdCreateField(world.raw, &def, nil) == sdResult_nullArgument)
        #expect(world.tryField(sdDefaultFieldDef(sdField_custom)) == sdResult_nullArgument, "custom without evaluator")
        let field = try world.field(def)
        let body = try world.create()
        var params = sdFieldParams()
        #expect(sdField_SetParams(world.raw, field, nil) == sdResult_nullArgument)
        #expect(sdField_GetParams(world.raw, field, nil) == sdResult_nullArgument)
        #expect(sdField_SetParams(nil, field, &params) == sdResult_nullArgument)
        #expect(sdField_AddBody(nil, field, body) == sdResult_nullArgument)
        #expect(sdDestroyField(nil, field) == sdResult_nullArgument)
        let stale = sdFieldId(index: field.index, generation: field.generation + 1)
        for bad in [stale, sdFieldId(index: 5, generation: 0), sdFieldId(index: -1, generation: 0)] {
            #expect(sdField_SetParams(world.raw, bad, &params) == sdResult_invalidId)
            #expect(sdField_GetParams(world.raw, bad, &params) == sdResult_invalidId)
            #expect(sdField_SetRegion(world.raw, bad, nil, 0) == sdResult_invalidId)
            #expect(sdField_AddBody(world.raw, bad, body) == sdResult_invalidId)
            #expect(sdField_RemoveBody(world.raw, bad, body) == sdResult_invalidId)
            #expect(sdDestroyField(world.raw, bad) == sdResult_invalidId)
            #expect(sdField_GetBodyCount(world.raw, bad) == 0)
        }
        let staleBody = sdBodyId(index: body.index, generation: body.generation + 1)
        #expect(sdField_AddBody(world.raw, field, staleBody) == sdResult_invalidId)
        #expect(sdField_RemoveBody(world.raw, field, staleBody) == sdResult_invalidId)
        // A world without fields knows no field id.
        let empty = try World()
        #expect(sdField_IsValid(empty.raw, field) == false)
        #expect(sdWorld_GetFieldCount(nil) == 0)
    }

    @Test("Bad parameters: NaN/∞ are nonFinite; negative minimum radius, smoothness outside 0…1, negative speed, magnitudes beyond the bounds and unknown kinds are outOfRange; nothing changes")
    func badParameters() throws {
        let world = try World()
        let nonFinite: [(String, (inout sdFieldParams) -> Void)] = [
            ("x", { $0.x = .nan }), ("y", { $0.y = .infinity }), ("strength", { $0.strength = .nan }),
            ("strength ∞", { $0.strength = -.infinity }), ("falloff", { $0.falloff = .infinity }),
            ("minimumRadius", { $0.minimumRadius = .nan }), ("directionX", { $0.directionX = .nan }),
            ("directionY", { $0.directionY = .infinity }), ("smoothness", { $0.smoothness = .nan }),
            ("animationSpeed", { $0.animationSpeed = .infinity }),
        ]
        let outOfRange: [(String, (inout sdFieldParams) -> Void)] = [
            ("minimumRadius", { $0.minimumRadius = -1 }), ("smoothness < 0", { $0.smoothness = -0.1 }),
            ("smoothness > 1", { $0.smoothness = 1.5 }), ("animationSpeed", { $0.animationSpeed = -1 }),
            // Magnitudes whose powers or products overflow (the fuzzer's falloff −1e6 gave (r/100)^1e6 = ∞).
            ("falloff -1e6", { $0.falloff = -1e6 }), ("falloff above sdMaxFalloff", { $0.falloff = sdMaxFalloff.nextUp }),
            ("strength 1e300", { $0.strength = 1e300 }), ("x -1e16", { $0.x = -1e16 }),
            ("minimumRadius 1e300", { $0.minimumRadius = 1e300 }), ("directionY 1e300", { $0.directionY = 1e300 }),
            ("animationSpeed 1e300", { $0.animationSpeed = 1e300 }),
        ]
        let field = try world.field(fieldDef(sdField_radialGravity) { $0.params.strength = 3 })
        var before = sdFieldParams()
        #expect(sdField_GetParams(world.raw, field, &before) == sdResult_ok)
        for (cases, code) in [(nonFinite, sdResult_nonFinite), (outOfRange, sdResult_outOfRange)] {
            for (name, change) in cases {
                #expect(world.tryField(fieldDef(sdField_noise) { change(&$0.params) }) == code, "create: \(name)")
                var params = before
                change(&params)
                #expect(sdField_SetParams(world.raw, field, &params) == code, "set: \(name)")
            }
        }
        #expect(world.tryField(fieldDef(sdFieldKind(rawValue: 11))) == sdResult_outOfRange)
        #expect(world.tryField(fieldDef(sdFieldKind(rawValue: 0xFFFF_FFFF))) == sdResult_outOfRange)
        #expect(world.fieldCount == 1)
        var after = sdFieldParams()
        #expect(sdField_GetParams(world.raw, field, &after) == sdResult_ok)
        #expect(after.strength == 3 && after.falloff == 2 && after.minimumRadius == before.minimumRadius)
        // Boundary values are accepted.
        var edge = before
        edge.minimumRadius = 0
        edge.smoothness = 1
        edge.animationSpeed = 0
        edge.strength = -5
        edge.falloff = -3.5
        #expect(sdField_SetParams(world.raw, field, &edge) == sdResult_ok)
    }

    @Test("Bad regions: NULL nodes, negative or too many nodes, negative sizes, NaN, unknown operators, malformed programs")
    func badRegions() throws {
        let world = try World()
        let def = sdDefaultFieldDef(sdField_drag)
        var id = sdFieldId()
        var d = def
        d.regionNodeCount = 1
        #expect(sdCreateField(world.raw, &d, &id) == sdResult_nullArgument, "NULL program with a count")
        let cases: [([sdRegionNode], sdResult, String)] = [
            ([circle(-1)], sdResult_outOfRange, "negative radius"),
            ([rectangle(10, -2)], sdResult_outOfRange, "negative height"),
            ([rectangle(-0.5, 2)], sdResult_outOfRange, "negative width"),
            ([circle(.nan)], sdResult_nonFinite, "NaN radius"),
            ([rectangle(.infinity, 1)], sdResult_nonFinite, "infinite width"),
            ([sdRegionNode(op: sdRegion_infinite, a: .nan, b: 0)], sdResult_nonFinite, "NaN in an unused parameter"),
            ([sdRegionNode(op: sdRegionOp(rawValue: 8), a: 0, b: 0)], sdResult_outOfRange, "unknown operator"),
            ([circle(1), op(sdRegion_union)], sdResult_outOfRange, "union of one region"),
            ([op(sdRegion_inverse)], sdResult_outOfRange, "inverse of nothing"),
            ([circle(1), circle(2)], sdResult_outOfRange, "two regions left"),
            (Array(repeating: circle(1), count: 1025), sdResult_outOfRange, "1025 nodes"),
        ]
        for (nodes, code, what) in cases {
            #expect(world.tryField(def, region: nodes) == code, "\(what)")
            #expect(sdRegion_Validate(nodes, Int32(nodes.count)) == code, "validate: \(what)")
        }
        #expect(sdRegion_Validate(nil, -1) == sdResult_outOfRange)
        #expect(sdRegion_Validate(nil, 0) == sdResult_ok)
        #expect(world.fieldCount == 0)
        // A refused region change keeps the old region.
        let field = try world.field(def, region: [circle(10)])
        var bad = [circle(-3)]
        #expect(sdField_SetRegion(world.raw, field, &bad, 1) == sdResult_outOfRange)
        var inside = false
        #expect(sdRegion_Contains(nil, 0, 1e9, 1e9, &inside) == sdResult_ok && inside, "NULL program: infinite")
        #expect(sdRegion_Contains([circle(1)], 1, .nan, 0, &inside) == sdResult_nonFinite)
        #expect(sdRegion_Contains([circle(1)], 1, 0, 0, nil) == sdResult_nullArgument)
        // 1024 nodes: a union chain of 512 circles is fine.
        var chain = [circle(1)]
        for k in 1..<512 { chain += [circle(Double(k)), op(sdRegion_union)] }
        chain.append(op(sdRegion_inverse))
        #expect(chain.count == 1024)
        #expect(world.tryField(def, region: chain) == sdResult_ok)
    }

    @Test("Region algebra: boundaries belong to shapes; union, intersection, difference, inverse and nesting are exact")
    func regionAlgebra() throws {
        #expect(try contains([circle(10)], 10, 0))
        #expect(try contains([circle(10)], 6, 8))
        #expect(try !contains([circle(10)], 6, 8.0001))
        #expect(try contains([rectangle(20, 10)], 10, -5))
        #expect(try !contains([rectangle(20, 10)], 10.001, 0))
        #expect(try !contains([rectangle(20, 10)], 0, 5.001))
        #expect(try contains([op(sdRegion_infinite)], -1e300, 1e300))
        #expect(try !contains([op(sdRegion_empty)], 0, 0))
        #expect(try !contains([op(sdRegion_infinite), op(sdRegion_inverse)], 0, 0))
        // Ring: circle 20 minus circle 10.
        let ring = [circle(20), circle(10), op(sdRegion_difference)]
        #expect(try contains(ring, 15, 0))
        #expect(try !contains(ring, 5, 0))
        #expect(try contains(ring, 10.0001, 0))
        #expect(try !contains(ring, 10, 0), "the inner boundary belongs to the removed circle")
        // (ring ∪ square 4×4) ∩ inverse(rectangle 100 × 2): a horizontal slit through everything.
        let nested =
            ring + [rectangle(4, 4), op(sdRegion_union), rectangle(100, 2), op(sdRegion_inverse), op(sdRegion_intersection)]
        #expect(try contains(nested, 0, 1.5))
        #expect(try !contains(nested, 0, 0.5))
        #expect(try contains(nested, 0, 15))
        #expect(try !contains(nested, 15, 0.9))
        #expect(try !contains(nested, 5, 5))
        // Exhaustive check of the set laws on a grid, against Swift's own set algebra.
        let a = [circle(7)], b = [rectangle(10, 6)]
        for i in -12...12 {
            for j in -12...12 {
                let (x, y) = (Double(i), Double(j))
                let inA = try contains(a, x, y), inB = try contains(b, x, y)
                #expect(try contains(a + b + [op(sdRegion_union)], x, y) == (inA || inB))
                #expect(try contains(a + b + [op(sdRegion_intersection)], x, y) == (inA && inB))
                #expect(try contains(a + b + [op(sdRegion_difference)], x, y) == (inA && !inB))
                #expect(try contains(b + a + [op(sdRegion_difference)], x, y) == (inB && !inA))
                #expect(try contains(a + [op(sdRegion_inverse)], x, y) == !inA)
            }
        }
    }

    @Test("Members: added once, removed, counted; a destroyed body drops out and its slot's next body is no member")
    func members() throws {
        let world = try World()
        let field = try world.field(fieldDef(sdField_linearGravity) {
            $0.params.directionY = 1
        })
        let a = try world.create(bodyDef(x: 0))
        let b = try world.create(bodyDef(x: 500))
        #expect(sdField_AddBody(world.raw, field, a) == sdResult_ok)
        #expect(sdField_AddBody(world.raw, field, a) == sdResult_ok)
        #expect(sdField_AddBody(world.raw, field, b) == sdResult_ok)
        #expect(sdField_GetBodyCount(world.raw, field) == 2)
        #expect(sdField_RemoveBody(world.raw, field, b) == sdResult_ok)
        #expect(sdField_RemoveBody(world.raw, field, b) == sdResult_ok, "removing a non-member is a no-op")
        #expect(sdField_GetBodyCount(world.raw, field) == 1)
        try world.step(1.0 / 60, substeps: 2)
        #expect(try world.state(a).vy > 0)
        #expect(try world.state(b).vy == 0)
        // Destroy a and create c in its slot: c feels nothing, and re-adding works.
        #expect(sdDestroyBody(world.raw, a) == sdResult_ok)
        #expect(sdField_GetBodyCount(world.raw, field) == 0)
        let c = try world.create(bodyDef(x: 1000))
        #expect(c.index == a.index)
        try world.step(1.0 / 60, substeps: 2)
        #expect(try world.state(c).vy == 0)
        #expect(sdField_AddBody(world.raw, field, c) == sdResult_ok)
        #expect(sdField_GetBodyCount(world.raw, field) == 1)
        try world.step(1.0 / 60, substeps: 2)
        expectClose(try world.state(c).vy, 100.0 / 60, within: 1e-12, "vy after one frame at 100 pt/s²")
        // Destroying the field leaves the bodies, which fall no more.
        #expect(sdDestroyField(world.raw, field) == sdResult_ok)
        let vy = try world.state(c).vy
        try world.step(1.0 / 60, substeps: 2)
        #expect(try world.state(c).vy == vy)
    }

    @Test("Linear gravity: strength 1 is 100 pt/s² whatever the mass; anchored and resting bodies feel nothing", arguments: springModels)
    func linearGravity(model: sdSpringModel) throws {
        let world = try World(model: model)
        let field = try world.field(fieldDef(sdField_linearGravity) {
            $0.params.directionX = 0.6
            $0.params.directionY = 0.8
            $0.params.strength = 2
        })
        let light = try world.create(bodyDef(width: 10, height: 10, density: 0.5))
        let heavy = try world.create(bodyDef(x: 300, width: 200, height: 100, density: 3))
        let anchored = try world.create(bodyDef(x: -300, flags: staticFlag))
        for body in [light, heavy, anchored] { #expect(sdField_AddBody(world.raw, field, body) == sdResult_ok) }
        try world.step(1.0 / 60, substeps: 2, count: 60)
        for body in [light, heavy] {
            let s = try world.state(body)
            expectClose(s.vx, 120, within: 1e-9, "vx after 1 s at 2·100·0.6 pt/s²")
            expectClose(s.vy, 160, within: 1e-9, "vy")
        }
        let a = try world.state(anchored)
        #expect(a.x == -300 && a.y == 0 && a.vx == 0 && a.vy == 0)
        // A body put to rest by a wall-like balance (here: zero strength lets it sleep) is not woken by a field
        // that did not change; changing the field wakes its members.
        var params = sdFieldParams()
        #expect(sdField_GetParams(world.raw, field, &params) == sdResult_ok)
        params.strength = 0
        #expect(sdField_SetParams(world.raw, field, &params) == sdResult_ok)
        #expect(sdBody_SetLinearVelocity(world.raw, light, 0, 0) == sdResult_ok)
        #expect(sdBody_SetLinearVelocity(world.raw, heavy, 0, 0) == sdResult_ok)
        try world.step(1.0 / 60, substeps: 2, count: 40)
        #expect(world.awakeCount == 0)
        params.strength = 1
        #expect(sdField_SetParams(world.raw, field, &params) == sdResult_ok)
        #expect(world.awakeCount == 2)
    }

    @Test("Laws at sample points, one substep from rest or a set velocity: Δv = h·F/m with F from the header's table")
    func lawsAtSamplePoints() throws {
        let h = 1.0 / 120
        // Body at (30, 40) relative to the field (r = 50 pt = 0.5 m), mass 0.25 kg (50 × 50), charge 2.
        func response(_ kind: sdFieldKind, velocity: (Double, Double) = (0, 0), configure: (inout sdFieldDef) -> Void = { _ in })
            throws -> (ax: Double, ay: Double)
        {
            let world = try World()
            let field = try world.field(fieldDef(kind) {
                $0.params.x = 100
                $0.params.y = 200
                configure(&$0)
            })
            let body = try world.create(bodyDef(x: 130, y: 240, width: 50, height: 50) {
                $0.vx = velocity.0
                $0.vy = velocity.1
            })
            #expect(sdBody_SetMaterial(world.raw, body, 0.2, 0.2, 2) == sdResult_ok)
            #expect(sdField_AddBody(world.raw, field, body) == sdResult_ok)
            try world.step(h, substeps: 1)
            let s = try world.state(body)
            return ((s.vx - velocity.0) / h, (s.vy - velocity.1) / h)
        }
        let m = 0.25, q = 2.0, (rx, ry) = (0.6, 0.8)
        // Radial gravity, falloff 2: a = 100·S·r_m⁻² = 100 · 1.5 / 0.25 = 600 pt/s² toward the field.
        var a = try response(sdField_radialGravity) { $0.params.strength = 1.5 }
        expectClose(a.ax, -600 * rx, within: 1e-9, "radial ax")
        expectClose(a.ay, -600 * ry, within: 1e-9, "radial ay")
        // minimumRadius 80 pt clamps r: a = 100·1.5/0.8² = 234.375.
        a = try response(sdField_radialGravity) {
            $0.params.strength = 1.5
            $0.params.minimumRadius = 80
        }
        expectClose(hypot(a.ax, a.ay), 234.375, within: 1e-9, "radial with minimum radius")
        // Falloff 3 instead: 100·1.5/0.5³ = 1200.
        a = try response(sdField_radialGravity) {
            $0.params.strength = 1.5
            $0.params.falloff = 3
        }
        expectClose(hypot(a.ax, a.ay), 1200, within: 1e-9, "radial falloff 3")
        // Non-integer falloff 1.5 (pow): 100·1.5/0.5^1.5.
        a = try response(sdField_radialGravity) {
            $0.params.strength = 1.5
            $0.params.falloff = 1.5
        }
        expectClose(hypot(a.ax, a.ay), 150 / pow(0.5, 1.5), within: 1e-9, "radial falloff 1.5")
        // Spring, falloff −1: F = −S·d (S = 2 kg/s²), a = −2·(30, 40)/0.25.
        a = try response(sdField_spring) { $0.params.strength = 2 }
        expectClose(a.ax, -2 * 30 / m, within: 1e-9, "spring ax")
        expectClose(a.ay, -2 * 40 / m, within: 1e-9, "spring ay")
        // Electric, falloff 1: F = −100·S·q·r_m⁻¹·r̂ = −100·3·2/0.5 = −1200 (toward the field for q·S > 0).
        a = try response(sdField_electric) { $0.params.strength = 3 }
        expectClose(a.ax, -1200 * rx / m, within: 1e-9, "electric ax")
        expectClose(a.ay, -1200 * ry / m, within: 1e-9, "electric ay")
        // Magnetic, falloff 0: F = S·q·(v_y, −v_x) at the implicit midpoint velocity (v + θ·(v_y, −v_x))/(1 + θ²),
        // θ = h·S·q/(2m), with v = (100, −50) pt/s: the kick turns v without changing its length.
        a = try response(sdField_magnetic, velocity: (100, -50)) {
            $0.params.strength = 0.5
            $0.params.falloff = 0
        }
        let theta = h / 2 * 0.5 * q / m
        let mid = ((100 + theta * -50) / (1 + theta * theta), (-50 - theta * 100) / (1 + theta * theta))
        expectClose(a.ax, 0.5 * q * mid.1 / m, within: 1e-9, "magnetic ax")
        expectClose(a.ay, -0.5 * q * mid.0 / m, within: 1e-9, "magnetic ay")
        let turned = (100 + h * a.ax, -50 + h * a.ay)
        expectClose(hypot(turned.0, turned.1), hypot(100, -50), within: 1e-10, "speed kept")
        // Vortex: F = −100·S·(r̂_y, −r̂_x)/m, a = F/m.
        a = try response(sdField_vortex) { $0.params.strength = 0.01 }
        expectClose(a.ax, -100 * 0.01 * ry / m / m, within: 1e-9, "vortex ax")
        expectClose(a.ay, 100 * 0.01 * rx / m / m, within: 1e-9, "vortex ay")
        // Drag: F = −S·(v − 100·direction) at the implicit midpoint velocity, i.e. divided by 1 + h·S/(2m);
        // direction (0.5, 0) m/s, v = (100, −50): u = (50, −50).
        a = try response(sdField_drag, velocity: (100, -50)) {
            $0.params.strength = 0.2
            $0.params.directionX = 0.5
        }
        let g = h / 2 * 0.2 / m
        expectClose(a.ax, -0.2 * 50 / (1 + g) / m, within: 1e-9, "drag ax")
        expectClose(a.ay, 0.2 * 50 / (1 + g) / m, within: 1e-9, "drag ay")
        // Drag far too strong for the substep (h·S/m = 4000) still only brings u to −(1 − g)/(1 + g)·u: no blow-up.
        a = try response(sdField_drag, velocity: (100, -50)) { $0.params.strength = 120 }
        let strong = h / 2 * 120 / m
        expectClose(100 + h * a.ax, 100 * (1 - strong) / (1 + strong), within: 1e-9, "strong drag")
        // Noise: F = 100·S·n·∇n at the sample (f·d/100, f·d/100, 0), f = 1.25/(0.5 + 1/12) − 1.
        let f = 1.25 / (0.5 + 1.0 / 12.0) - 1
        var dx = 0.0, dy = 0.0
        let n = sdNoise3(f / 100 * 30, f / 100 * 40, 0, &dx, &dy)
        a = try response(sdField_noise) {
            $0.params.strength = 2
            $0.params.smoothness = 0.5
        }
        expectClose(a.ax, 100 * 2 * n * dx / m, within: 1e-9 * abs(100 * 2 * n * dx / m) + 1e-12, "noise ax")
        expectClose(a.ay, 100 * 2 * n * dy / m, within: 1e-9 * abs(100 * 2 * n * dy / m) + 1e-12, "noise ay")
        #expect(a.ax != 0 || a.ay != 0)
        // Turbulence: the noise force × m × |v in m/s|², sampled half a substep ahead: (f/100)·(d + v·h/2).
        let v = (100.0, -50.0)
        let tn = sdNoise3(f / 100 * (30 + v.0 * h / 2), f / 100 * (40 + v.1 * h / 2), 0, &dx, &dy)
        a = try response(sdField_turbulence, velocity: v) {
            $0.params.strength = 2
            $0.params.smoothness = 0.5
        }
        let speed2 = (v.0 * v.0 + v.1 * v.1) / 10_000
        expectClose(a.ax, 100 * 2 * tn * dx * speed2, within: 1e-9 * abs(100 * 2 * tn * dx * speed2) + 1e-12, "turbulence ax")
        // A strength below 2⁻¹⁵ exerts nothing.
        a = try response(sdField_radialGravity) { $0.params.strength = 1.0 / 65536 }
        #expect(a.ax == 0 && a.ay == 0)
    }

    @Test("Regions gate the force, tested at the body's position relative to the field")
    func regionGating() throws {
        let world = try World()
        let field = try world.field(
            fieldDef(sdField_linearGravity) {
                $0.params.x = 1000
                $0.params.y = 0
                $0.params.directionY = 1
            }, region: [circle(100), rectangle(40, 40), op(sdRegion_difference)])
        let inside = try world.create(bodyDef(x: 1060, y: 0, width: 10, height: 10))
        let hole = try world.create(bodyDef(x: 1010, y: 5, width: 10, height: 10))
        let outside = try world.create(bodyDef(x: 1200, y: 0, width: 10, height: 10))
        for body in [inside, hole, outside] { #expect(sdField_AddBody(world.raw, field, body) == sdResult_ok) }
        try world.step(1.0 / 120, substeps: 1)
        expectClose(try world.state(inside).vy, 100.0 / 120, within: 1e-12, "inside the ring")
        #expect(try world.state(hole).vy == 0)
        #expect(try world.state(outside).vy == 0)
        // Moving the region: now only the far body is inside.
        var ring = [circle(30)]
        #expect(sdField_SetRegion(world.raw, field, &ring, 1) == sdResult_ok)
        var params = sdFieldParams()
        #expect(sdField_GetParams(world.raw, field, &params) == sdResult_ok)
        params.x = 1200
        params.y = 10
        #expect(sdField_SetParams(world.raw, field, &params) == sdResult_ok)
        try world.step(1.0 / 120, substeps: 1)
        expectClose(try world.state(outside).vy, 100.0 / 120, within: 1e-12, "far body now inside")
        expectClose(try world.state(inside).vy, 100.0 / 120, within: 1e-12, "the other keeps its velocity")
    }

    @Test("Velocity fields set the velocity inside (direction × 100 pt/s); overlapping ones add")
    func velocityField() throws {
        let world = try World()
        let body = try world.create(bodyDef(gravityY: 1000) { $0.vx = 7 })
        let f1 = try world.field(fieldDef(sdField_velocity) { $0.params.directionX = 0.5 })
        let f2 = try world.field(fieldDef(sdField_velocity) { $0.params.directionY = -0.25 })
        #expect(sdField_AddBody(world.raw, f1, body) == sdResult_ok)
        try world.step(1.0 / 60, substeps: 2)
        var s = try world.state(body)
        #expect(s.vx == 50 && s.vy == 0, "gravity is overridden inside a velocity field")
        #expect(sdField_AddBody(world.raw, f2, body) == sdResult_ok)
        try world.step(1.0 / 60, substeps: 2)
        s = try world.state(body)
        #expect(s.vx == 50 && s.vy == -25)
    }

    @Test("The custom evaluator is called once per substep with the bodies in its region, in points, pt/s, kg")
    func customEvaluator() throws {
        final class Log {
            var calls: [(count: Int, x: [Double], y: [Double], vx: [Double], mass: [Double], charge: [Double], interval: Double, time: Double)] = []
        }
        let log = Log()
        let world = try World()
        let evaluator: sdFieldEvaluator = { context, batch in
            let log = Unmanaged<Log>.fromOpaque(context!).takeUnretainedValue()
            let b = batch!.pointee
            let n = Int(b.count)
            log.calls.append(
                (n, Array(UnsafeBufferPointer(start: b.x, count: n)), Array(UnsafeBufferPointer(start: b.y, count: n)),
                 Array(UnsafeBufferPointer(start: b.vx, count: n)), Array(UnsafeBufferPointer(start: b.mass, count: n)),
                 Array(UnsafeBufferPointer(start: b.charge, count: n)), b.interval, b.time))
            for k in 0..<n {
                b.forceX[k] = 20 * b.mass[k]  // 20 pt/s² whatever the mass
                b.forceY[k] = k == 0 ? .nan : 0  // non-finite is taken as 0
            }
        }
        let field = try withExtendedLifetime(log) {
            try world.field(fieldDef(sdField_custom) {
                $0.params.x = 10
                $0.params.y = 20
                $0.evaluator = evaluator
                $0.evaluatorContext = Unmanaged.passUnretained(log).toOpaque()
            }, region: [circle(200)])
        }
        let a = try world.create(bodyDef(x: 110, y: 20, width: 50, height: 50))
        let b = try world.create(bodyDef(x: 10, y: 120, width: 100, height: 100) { $0.vx = 60 })
        let far = try world.create(bodyDef(x: 1000, y: 20))
        for body in [a, b, far] { #expect(sdField_AddBody(world.raw, field, body) == sdResult_ok) }
        #expect(sdBody_SetMaterial(world.raw, b, 0.2, 0.2, -3) == sdResult_ok)
        try withExtendedLifetime(log) { try world.step(1.0 / 60, substeps: 2) }
        #expect(log.calls.count == 2)
        let first = log.calls[0]
        #expect(first.count == 2)
        #expect(first.x == [100, 0 + 60 * (1.0 / 240)] && first.y == [0, 100], "field-local points, half a substep ahead")
        #expect(first.vx == [0, 60])
        #expect(first.mass == [0.25, 1])
        #expect(first.charge == [0, -3])
        #expect(first.interval == 1.0 / 120 && first.time == 0)
        #expect(log.calls[1].time == 1.0 / 120)
        expectClose(try world.state(a).vx, 20.0 / 60, within: 1e-12, "a: 20 pt/s² for 1/60 s")
        expectClose(try world.state(b).vx, 60 + 20.0 / 60, within: 1e-12, "b")
        #expect(try world.state(a).vy == 0, "NaN force ignored")
        #expect(try world.state(far).vx == 0)
    }

    @Test("Noise: fixed bits at fixed points (the same on every platform), gradient matches finite differences")
    func noiseBits() {
        var dx = 0.0, dy = 0.0
        let samples: [(Double, Double, Double)] = [(0.3, 1.7, 2.9), (-12.25, 4.5, 0.125), (100.1, -250.7, 3.3)]
        var bits: [UInt64] = []
        for (x, y, z) in samples {
            let n = sdNoise3(x, y, z, &dx, &dy)
            bits += [n.bitPattern, dx.bitPattern, dy.bitPattern]
            #expect(abs(n) <= 1)
            let e = 1e-6
            let fx = (sdNoise3(x + e, y, z, nil, nil) - sdNoise3(x - e, y, z, nil, nil)) / (2 * e)
            let fy = (sdNoise3(x, y + e, z, nil, nil) - sdNoise3(x, y - e, z, nil, nil)) / (2 * e)
            expectClose(dx, fx, within: 1e-6, "∂n/∂x")
            expectClose(dy, fy, within: 1e-6, "∂n/∂y")
        }
        #expect(bits == noiseGoldenBits, "noise bits changed: \(bits.map { "0x" + String($0, radix: 16) })")
        // Far coordinates are clamped, not undefined.
        #expect(sdNoise3(.greatestFiniteMagnitude, -.infinity, 1e300, nil, nil).isFinite)
    }

    @Test("sdBenchmark_FieldLaw: codes, and the same numbers as the field evaluation")
    func benchmarkLaw() throws {
        var fx = [0.0, 0.0], fy = [0.0, 0.0]
        let x = [30.0, -5.0], y = [40.0, 12.0], m = [0.25, 2.0]
        #expect(sdBenchmark_FieldLaw(sdField_drag, 2, x, y, m, &fx, &fy) == sdResult_outOfRange)
        #expect(sdBenchmark_FieldLaw(sdField_spring, -1, x, y, m, &fx, &fy) == sdResult_outOfRange)
        #expect(sdBenchmark_FieldLaw(sdField_spring, 2, nil, y, m, &fx, &fy) == sdResult_nullArgument)
        #expect(sdBenchmark_FieldLaw(sdField_spring, 0, nil, nil, nil, nil, nil) == sdResult_ok)
        #expect(sdBenchmark_FieldLaw(sdField_radialGravity, 2, x, y, m, &fx, &fy) == sdResult_ok)
        // Radial gravity, strength 1, falloff 2: F = −100·m·r_m⁻²·r̂.
        expectClose(fx[0], -100 * 0.25 / 0.25 * 0.6, within: 1e-12, "fx")
        expectClose(fy[0], -100 * 0.25 / 0.25 * 0.8, within: 1e-12, "fy")
        #expect(sdBenchmark_FieldLaw(sdField_noise, 2, x, y, m, &fx, &fy) == sdResult_ok)
        var dx = 0.0, dy = 0.0
        let perPoint = (1.25 / (0 + 1.0 / 12.0) - 1) / 100  // smoothness 0: f ≈ 14 lattice cells per metre
        let n = sdNoise3(perPoint * 30 + 0, perPoint * 40 + 0, 0, &dx, &dy)
        #expect(fx[0] == 100 * (n * dx), "the vectorised noise gives sdNoise3's bits")
        #expect(fy[0] == 100 * (n * dy))
    }
}

/// sdNoise3 at the three sample points of `noiseBits` (value, ∂x, ∂y each), recorded on x86-64; the noise uses
/// only +, −, ×, /, comparisons and integer arithmetic, without fused multiply-adds, so every platform gives these.
private let noiseGoldenBits: [UInt64] = [
    0x3fc0925e400f36fe, 0x3fe73d331ce31205, 0xbfedefdf0b6d574f, 0x3fdaf0925beaeded, 0xc000ece809598c32, 0x3fc644639cf89ff0, 0x3fe5c741aeb23f65, 0xc004e90de7bbd763, 0xbff94010ca8be64d,
]
