// sdWorld_QueryRect: rotated bounding boxes, slot order, capacity handling and argument checks.
import CSolver
import Foundation
import Testing

/// Runs a query with room for `capacity` ids; returns the reported count and the ids written (as (index,
/// generation) pairs), plus how many buffer entries beyond the capacity were left untouched.
private func query(
    _ world: World, _ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, capacity: Int32 = 64
) throws -> (count: Int32, ids: [[Int64]]) {
    let sentinel = sdBodyId(index: -99, generation: 0xBEEF)
    var buffer = [sdBodyId](repeating: sentinel, count: Int(capacity) + 4)
    var count: Int32 = -1
    let result = sdWorld_QueryRect(world.raw, minX, minY, maxX, maxY, &buffer, capacity, &count)
    try #require(result == sdResult_ok)
    let written = Int(min(count, capacity))
    let untouched = buffer[written...].allSatisfy { $0.index == -99 && $0.generation == 0xBEEF }
    #expect(untouched, "the query wrote past the ids it reported (capacity \(capacity), count \(count))")
    return (count, buffer[..<written].map { [Int64($0.index), Int64($0.generation)] })
}

@Suite("Rectangle queries")
struct QueryTests {
    @Test("An unrotated box overlaps exactly its own extent, edges included")
    func unrotatedExtent() throws {
        let world = try World()
        try world.create(bodyDef(x: 100, y: 50, width: 40, height: 20))  // spans [80, 120] × [40, 60]
        #expect(try query(world, 0, 0, 200, 200).count == 1)
        #expect(try query(world, 120, 60, 130, 70).count == 1, "touching corner counts as overlap")
        #expect(try query(world, 0, 0, 80, 40).count == 1, "touching corner counts as overlap")
        #expect(try query(world, 120.000001, 0, 200, 200).count == 0)
        #expect(try query(world, 0, 60.000001, 200, 200).count == 0)
        #expect(try query(world, 0, 0, 79.999999, 200).count == 0)
        #expect(try query(world, 0, 0, 200, 39.999999).count == 0)
        #expect(try query(world, 100, 50, 100, 50).count == 1, "a degenerate point query inside the box")
    }

    @Test("A 100 × 20 bar turned 90° occupies ±10 in x and ±50 in y")
    func quarterTurn() throws {
        let world = try World()
        let id = try world.create(bodyDef(width: 100, height: 20) { $0.angle = Double.pi / 2 })
        // Unrotated the bar would reach x = ±50; turned, it reaches only ±10 (cos(π/2) ≈ 6e-17).
        #expect(try query(world, 40, -5, 45, 5).count == 0)
        #expect(try query(world, 10.001, -5, 45, 5).count == 0)
        #expect(try query(world, 9.999, -5, 45, 5).count == 1)
        #expect(try query(world, -5, 40, 5, 45).count == 1)
        #expect(try query(world, -5, 49.999, 5, 60).count == 1)
        #expect(try query(world, -5, 50.001, 5, 60).count == 0)
        // Turning it back restores the wide extent.
        #expect(sdBody_SetAngle(world.raw, id, 0) == sdResult_ok)
        #expect(try query(world, 40, -5, 45, 5).count == 1)
        #expect(try query(world, -5, 40, 5, 45).count == 0)
    }

    @Test("At 45° the half extents are (w + h)·√2/4 in both axes, also for negative and wrapped angles")
    func eighthTurn() throws {
        for angle in [Double.pi / 4, -Double.pi / 4, 3 * Double.pi / 4, Double.pi / 4 + 2 * Double.pi] {
            let world = try World()
            try world.create(bodyDef(x: 500, y: -300, width: 100, height: 20) { $0.angle = angle })
            let half = (100.0 + 20) * 2.0.squareRoot() / 4  // 42.426…
            #expect(try query(world, 500 + half - 1e-6, -300, 600, -300).count == 1, "angle \(angle)")
            #expect(try query(world, 500 + half + 1e-6, -300, 600, -300).count == 0, "angle \(angle)")
            #expect(try query(world, 500, -400, 500, -300 - half + 1e-6).count == 1, "angle \(angle)")
            #expect(try query(world, 500, -400, 500, -300 - half - 1e-6).count == 0, "angle \(angle)")
        }
    }

    @Test("Results come in slot order with current generations; destroyed bodies are not reported")
    func slotOrderAndGenerations() throws {
        let world = try World()
        var ids: [sdBodyId] = []
        for i in 0..<6 { ids.append(try world.create(bodyDef(x: Double(i) * 10, width: 5, height: 5))) }
        #expect(sdDestroyBody(world.raw, ids[2]) == sdResult_ok)
        #expect(sdDestroyBody(world.raw, ids[4]) == sdResult_ok)
        var result = try query(world, -100, -100, 100, 100)
        #expect(result.count == 4)
        #expect(result.ids == [[0, 0], [1, 0], [3, 0], [5, 0]])
        let reused = try world.create(bodyDef(x: 40, width: 5, height: 5))  // slot 4, generation 1
        #expect(reused.index == 4 && reused.generation == 1)
        result = try query(world, 25, -10, 45, 10)  // x = 30 (slot 3) and x = 40 (slot 4)
        #expect(result.ids == [[3, 0], [4, 1]])
        // Static and resting bodies are found like any other.
        #expect(sdBody_SetFlags(world.raw, ids[0], staticFlag) == sdResult_ok)
        try world.step(0.25, substeps: 1, count: 4)
        #expect(world.awakeCount == 0)
        #expect(try query(world, -100, -100, 100, 100).count == 5)
    }

    @Test("With capacity below the count only the first `capacity` ids are written, the count is complete")
    func capacitySmallerThanCount() throws {
        let world = try World()
        for i in 0..<10 { try world.create(bodyDef(x: Double(i), y: Double(i), width: 4, height: 4)) }
        let full = try query(world, -10, -10, 20, 20)
        #expect(full.count == 10)
        #expect(full.ids.map { $0[0] } == Array(0..<10))
        for capacity: Int32 in [0, 1, 3, 9, 10, 11] {
            let partial = try query(world, -10, -10, 20, 20, capacity: capacity)
            #expect(partial.count == 10, "capacity \(capacity)")
            #expect(partial.ids == Array(full.ids.prefix(Int(capacity))), "capacity \(capacity)")
        }
        // Counting only: NULL buffer with capacity 0.
        var count: Int32 = -1
        #expect(sdWorld_QueryRect(world.raw, 2.5, 2.5, 5.5, 5.5, nil, 0, &count) == sdResult_ok)
        #expect(count == 7, "bodies 1…7 reach [2.5, 5.5] (body i spans i ± 2)")
    }

    @Test("An empty world or an empty region reports 0")
    func emptyResults() throws {
        let world = try World()
        #expect(try query(world, -1e9, -1e9, 1e9, 1e9).count == 0)
        try world.create(bodyDef(x: 1000, y: 1000))
        #expect(try query(world, 0, 0, 100, 100).count == 0)
        #expect(try query(world, -1e300, -1e300, 1e300, 1e300).count == 1)
    }

    @Test("Inverted rectangles and negative capacity are outOfRange; NaN/inf bounds are nonFinite")
    func badArguments() throws {
        let world = try World()
        try world.create()
        var buffer = [sdBodyId](repeating: sdBodyId(index: -99, generation: 0), count: 4)
        var count: Int32 = -1
        let cases: [(String, Double, Double, Double, Double, Int32, sdResult)] = [
            ("minX > maxX", 10, 0, 9, 10, 4, sdResult_outOfRange),
            ("minY > maxY", 0, 10, 10, 9.999, 4, sdResult_outOfRange),
            ("negative capacity", 0, 0, 10, 10, -1, sdResult_outOfRange),
            ("NaN minX", .nan, 0, 10, 10, 4, sdResult_nonFinite),
            ("inf maxX", 0, 0, .infinity, 10, 4, sdResult_nonFinite),
            ("-inf minY", 0, -.infinity, 10, 10, 4, sdResult_nonFinite),
            ("NaN maxY", 0, 0, 10, .nan, 4, sdResult_nonFinite),
        ]
        for (name, minX, minY, maxX, maxY, capacity, expected) in cases {
            #expect(sdWorld_QueryRect(world.raw, minX, minY, maxX, maxY, &buffer, capacity, &count) == expected,
                    "\(name)")
            #expect(count == -1, "\(name): count written on refusal")
            #expect(buffer.allSatisfy { $0.index == -99 }, "\(name): ids written on refusal")
        }
    }
}
