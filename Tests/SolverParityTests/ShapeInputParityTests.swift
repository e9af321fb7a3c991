// Shapes refused through the contract: the same SolverError on both engines, and nothing changes.
import Foundation
import SolverBackend
import Testing

@Suite("Shape input: refused alike on both engines, world unchanged")
struct ShapeInputParityTests {
    /// Everything observable that a refused call must leave alone.
    struct Snapshot: Equatable {
        var bodyCount: Int
        var awakeCount: Int
        var shapeCount: Int
        var states: [BodyState]
        var contacts: [ContactInfo]
        var events: ContactEvents

        init(_ world: PhysicsWorld, _ bodies: [BodyID]) throws {
            bodyCount = world.bodyCount
            awakeCount = world.awakeBodyCount
            shapeCount = world.shapeCount
            states = try bodies.map { id throws(SolverError) in try world.state(of: id) }
            contacts = world.contacts
            events = world.contactEvents
        }
    }

    static func polygon(_ points: [(Double, Double)]) -> ShapeDefinition {
        ShapeDefinition(.polygon(points.map { ShapePoint(x: $0.0, y: $0.1) }))
    }

    static func segment(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> ShapeDefinition {
        ShapeDefinition(.segment(ShapePoint(x: x1, y: y1), ShapePoint(x: x2, y: y2)))
    }

    static func circle(_ x: Double, _ y: Double, _ radius: Double) -> ShapeDefinition {
        ShapeDefinition(.circle(center: ShapePoint(x: x, y: y), radius: radius))
    }

    /// Geometries `PhysicsWorld` must refuse, each with the error it must throw.
    static let refused: [(name: String, shape: ShapeDefinition, error: SolverError)] = {
        let regular33 = (0..<33).map { k in (20 * cos(2 * Double.pi * Double(k) / 33), 20 * sin(2 * Double.pi * Double(k) / 33)) }
        let pentagram = (0..<5).map { k in (20 * cos(4 * Double.pi * Double(k) / 5), 20 * sin(4 * Double.pi * Double(k) / 5)) }
        return [
            ("non-convex", polygon([(-20, -20), (20, -20), (0, -5), (20, 20), (-20, 20)]),
             .outOfRange(parameter: "polygon", value: 2, expected: "a convex outline (vertex 2 is reflex or collinear)")),
            ("self-intersecting bow tie", polygon([(-20, -20), (20, 20), (20, -20), (-20, 20)]),
             .outOfRange(parameter: "polygon", value: 0, expected: "an area")),
            ("pentagram winding twice", polygon(pentagram),
             .outOfRange(parameter: "polygon", value: 4 * Double.pi, expected: "an outline that turns once (it crosses itself)")),
            ("collinear vertex", polygon([(-20, -20), (0, -20), (20, -20), (20, 20), (-20, 20)]),
             .outOfRange(parameter: "polygon", value: 1, expected: "a convex outline (vertex 1 is reflex or collinear)")),
            ("repeated vertex", polygon([(-20, -20), (20, -20), (20, -20), (20, 20)]),
             .outOfRange(parameter: "polygon", value: 0, expected: "distinct consecutive vertices")),
            ("2 vertices", polygon([(0, 0), (10, 0)]),
             .outOfRange(parameter: "polygon vertices", value: 2, expected: "3...32 vertices")),
            ("33 vertices", polygon(regular33),
             .outOfRange(parameter: "polygon vertices", value: 33, expected: "3...32 vertices")),
            ("NaN vertex", polygon([(-20, -20), (.nan, -20), (20, 20)]), .nonFinite(parameter: "polygon vertex x", value: .nan)),
            ("infinite vertex", polygon([(-20, -20), (20, -.infinity), (20, 20)]),
             .nonFinite(parameter: "polygon vertex y", value: -.infinity)),
            ("vertex beyond 1e6 pt", polygon([(-20, -20), (2e6, -20), (20, 20)]),
             .outOfRange(parameter: "polygon vertex", value: 2e6, expected: "within 1000000.0 pt")),
            ("zero-length segment", segment(5, 5, 5, 5), .outOfRange(parameter: "segment", value: 0, expected: "two distinct end points")),
            ("NaN segment end", segment(0, 0, .nan, 5), .nonFinite(parameter: "segment x2", value: .nan)),
            ("infinite segment end", segment(.infinity, 0, 1, 5), .nonFinite(parameter: "segment x1", value: .infinity)),
            ("zero radius", circle(0, 0, 0), .outOfRange(parameter: "circle radius", value: 0, expected: "> 0")),
            ("negative radius", circle(0, 0, -3), .outOfRange(parameter: "circle radius", value: -3, expected: "> 0")),
            ("NaN radius", circle(0, 0, .nan), .nonFinite(parameter: "circle radius", value: .nan)),
            ("infinite centre", circle(.infinity, 0, 5), .nonFinite(parameter: "circle center.x", value: .infinity)),
        ]
    }()

    @Test("Every bad geometry, stale shape and stale body is refused with the same error; nothing changes")
    func refusedAlike() throws {
        var refusals: [[SolverError?]] = [[], []]
        for (k, engine) in bothEngines.enumerated() {
            let world = try PhysicsWorld(engine)
            let floor = try world.addFloor(width: 400)
            let box = try world.addBox(x: 0, y: -20, width: 40, height: 40, BodyOptions(gravityY: 1000))
            let gone = try world.addBox(x: 100, y: -20, width: 40, height: 40)
            let staleShape = try world.createShape(on: box, Self.circle(0, 0, 5))
            try world.destroyShape(staleShape)
            try world.destroyBody(gone)
            for _ in 0..<60 { try world.step(dt: 1.0 / 60, substeps: 2) }  // the box comes to rest on the floor
            #expect(world.awakeBodyCount == 0)
            let bodies = [floor, box]
            let before = try Snapshot(world, bodies)

            func attempt(_ name: String, _ call: () throws(SolverError) -> Void) throws {
                let error = thrown(call)
                refusals[k].append(error)
                #expect(try Snapshot(world, bodies) == before, "\(name) changed the world")
            }
            for bad in Self.refused {
                try attempt(bad.name) { () throws(SolverError) in _ = try world.createShape(on: box, bad.shape) }
                #expect(matchesError(refusals[k].last!, bad.error), "\(bad.name): \(String(describing: refusals[k].last!))")
            }
            try attempt("stale shape") { () throws(SolverError) in try world.destroyShape(staleShape) }
            try attempt("stale shape filter") { () throws(SolverError) in
                try world.setShapeFilter(staleShape, categoryBits: 2, maskBits: 2)
            }
            try attempt("stale shape body") { () throws(SolverError) in _ = try world.shapeBody(staleShape) }
            try attempt("never-made shape") { () throws(SolverError) in try world.destroyShape(ShapeID(index: 99, generation: 0)) }
            #expect(refusals[k].suffix(4).allSatisfy { error in
                if case .invalidShape = error { return true } else { return false }
            })
            try attempt("shape on a destroyed body") { () throws(SolverError) in _ = try world.createShape(on: gone, Self.circle(0, 0, 5)) }
            #expect(matchesError(refusals[k].last!, .invalidBody(gone)))
            #expect(!world.isValid(staleShape) && world.shapeCount == 2)
        }
        #expect(refusals[0].count == refusals[1].count)
        for (a, b) in zip(refusals[0], refusals[1]) { #expect(matchesError(a, b), "\(String(describing: a)) vs \(String(describing: b))") }
    }
}
