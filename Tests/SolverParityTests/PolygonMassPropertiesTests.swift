// PolygonMassProperties: shoelace area, centroid and polar moment, and their use as a polygon body's mass.
import Dynamics
import Foundation
import ReferenceSolver
import AcceleratedSolver
import SolverBackend
import Testing

@Suite("Polygon mass properties")
struct PolygonMassPropertiesTests {
    @Test(
        "A w × h rectangle gives area w·h, centroid 0 and unitInertia (w²+h²)/12 for both windings",
        arguments: [(100.0, 100.0), (120.0, 40.0), (3.0, 250.0)], [false, true])
    func rectangle(size: (Double, Double), clockwise: Bool) throws {
        let (w, h) = size
        let p = try #require(PolygonMassProperties.compute(vertices: rectangleVertices(width: w, height: h, clockwise: clockwise)))
        #expect(abs(p.area - w * h) <= 1e-12 * w * h, "area \(p.area)")
        #expect(abs(p.centroid.x) <= 1e-12 && abs(p.centroid.y) <= 1e-12, "centroid \(p.centroid)")
        let expected = (w * w + h * h) / 12
        #expect(abs(p.unitInertia - expected) <= 1e-12 * expected, "unitInertia \(p.unitInertia) vs \(expected)")
        // Matches the built-in rectangle shape.
        let builtIn = ShapeKind.rectangle.massProperties(width: w, height: h)
        #expect(abs(p.area - builtIn.area) <= 1e-12 * builtIn.area)
        #expect(abs(p.unitInertia - builtIn.unitInertia) <= 1e-12 * builtIn.unitInertia)
    }

    @Test("An off-origin rectangle: the centroid is its centre, the pivot moves the moment by |c − pivot|²")
    func offsetRectangle() throws {
        let vertices: [(x: Double, y: Double)] = [(10, 20), (70, 20), (70, 40), (10, 40)]  // 60 × 20, centre (40, 30)
        let aboutCentre = try #require(PolygonMassProperties.compute(vertices: vertices, about: (40, 30)))
        #expect(abs(aboutCentre.area - 1200) <= 1e-9)
        #expect(abs(aboutCentre.centroid.x - 40) <= 1e-12 && abs(aboutCentre.centroid.y - 30) <= 1e-12)
        #expect(abs(aboutCentre.unitInertia - (3600.0 + 400) / 12) <= 1e-9, "\(aboutCentre.unitInertia)")
        let aboutOrigin = try #require(PolygonMassProperties.compute(vertices: vertices))
        #expect(abs(aboutOrigin.unitInertia - ((3600.0 + 400) / 12 + 40 * 40 + 30 * 30)) <= 1e-9, "\(aboutOrigin.unitInertia)")
    }

    @Test("Triangle (0,0), (6,0), (0,3): area 9, centroid (2, 1), moment (a²+b²+c²)/36 = 2.5 about the centroid")
    func triangle() throws {
        for vertices in [[(x: 0.0, y: 0.0), (6, 0), (0, 3)], [(x: 0.0, y: 3.0), (6, 0), (0, 0)]] {
            let p = try #require(PolygonMassProperties.compute(vertices: vertices, about: (2, 1)))
            #expect(abs(p.area - 9) <= 1e-12, "area \(p.area)")
            #expect(abs(p.centroid.x - 2) <= 1e-12, "centroid x \(p.centroid.x)")
            #expect(abs(p.centroid.y - 1) <= 1e-12, "centroid y \(p.centroid.y)")
            // Sides 6, 3, √45: (36 + 9 + 45)/36.
            #expect(abs(p.unitInertia - 2.5) <= 1e-12, "unitInertia \(p.unitInertia)")
            let aboutOrigin = try #require(PolygonMassProperties.compute(vertices: vertices))
            #expect(abs(aboutOrigin.unitInertia - (2.5 + 5)) <= 1e-12, "about origin \(aboutOrigin.unitInertia)")
        }
    }

    @Test("A regular 720-gon of radius R approaches the disc: area πR², unitInertia R²/2 (the ellipse formula)")
    func manyGonApproachesDisc() throws {
        let r = 50.0
        let n = 720
        let vertices = (0..<n).map { k -> (x: Double, y: Double) in
            let t = 2 * Double.pi * Double(k) / Double(n)
            return (r * cos(t), r * sin(t))
        }
        let p = try #require(PolygonMassProperties.compute(vertices: vertices))
        // Exact n-gon values: area = n R² sin(2π/n)/2, unitInertia = R²(2 + cos(2π/n))/12·… → the disc's within 1e-4.
        #expect(abs(p.area - Double.pi * r * r) / (Double.pi * r * r) < 1e-4, "area \(p.area)")
        let disc = ShapeKind.ellipse.massProperties(width: 2 * r, height: 2 * r).unitInertia
        #expect(abs(disc - r * r / 2) <= 1e-12)
        #expect(abs(p.unitInertia - disc) / disc < 1e-4, "unitInertia \(p.unitInertia) vs \(disc)")
        let exactArea = Double(n) * r * r * sin(2 * Double.pi / Double(n)) / 2
        #expect(abs(p.area - exactArea) <= 1e-9 * exactArea, "area \(p.area) vs exact \(exactArea)")
    }

    @Test("Fewer than 3 vertices or no area gives nil")
    func degenerate() {
        #expect(PolygonMassProperties.compute(vertices: []) == nil)
        #expect(PolygonMassProperties.compute(vertices: [(0, 0), (1, 1)]) == nil)
        #expect(PolygonMassProperties.compute(vertices: [(0, 0), (1, 1), (2, 2)]) == nil)
        #expect(PolygonMassProperties.compute(vertices: [(5, 5), (5, 5), (5, 5), (5, 5)]) == nil)
        #expect(PolygonMassProperties.compute(vertices: [(0, 0), (.nan, 1), (1, 0)]) == nil)
    }

    @Test("A square polygon body weighs and turns like the rectangle body on both backends")
    func polygonBodyMatchesRectangle() throws {
        let p = try #require(PolygonMassProperties.compute(vertices: rectangleVertices(width: 80, height: 30, clockwise: true)))
        for type in [ReferenceWorld.self, AcceleratedBackend.self] as [any PhysicsBackend.Type] {
            let world = try PhysicsWorld(type, settings: WorldSettings())
            var rect = BodyDefinition()
            rect.width = 80
            rect.height = 30
            rect.density = 2.5
            var poly = rect
            poly.shape = .polygon(area: p.area, unitInertia: p.unitInertia)
            let a = try world.state(of: try world.createBody(rect))
            let b = try world.state(of: try world.createBody(poly))
            let mass = 2.5 * 2400 / 10000
            #expect(abs(a.mass - mass) <= 1e-12 * mass, "\(type) rectangle mass \(a.mass)")
            #expect(abs(b.mass - mass) <= 1e-12 * mass, "\(type) polygon mass \(b.mass)")
            let inertia = mass * (6400.0 + 900) / 12
            #expect(abs(a.inertia - inertia) <= 1e-12 * inertia, "\(type) rectangle inertia \(a.inertia)")
            #expect(abs(b.inertia - inertia) <= 1e-12 * inertia, "\(type) polygon inertia \(b.inertia)")
        }
    }
}
