import Foundation
import SolverBackend

/// A point or vector, pt.
typealias Vector = (x: Double, y: Double)

/// A collision shape of the reference world, in its body's local frame, as the C core keeps it (shape.c): a
/// polygon in positive orientation with the outward unit normal of each edge, a segment as a two-sided
/// polygon of two vertices, or a circle.
struct ReferenceShape {
    enum Kind { case circle, polygon, segment }

    var body: Int
    var kind: Kind
    /// Polygon vertices (positive orientation: (e.y, −e.x) points out of edge e), or the segment's two ends.
    var vertices: [Vector] = []
    /// Outward unit normal of edge i (vertex i → i + 1); a segment's are +n and −n.
    var normals: [Vector] = []
    var center: Vector = (0, 0)
    var radius = 0.0
    /// Largest distance from the body's centre to the shape (rotation sweeps).
    var extent = 0.0
    /// Smallest width (a circle's diameter, 0 for a segment): how far it may move in a substep before
    /// continuous collision must check that it did not pass through something.
    var thickness = 0.0
    var categoryBits: UInt64
    var maskBits: UInt64
    var userData: UInt64
    /// World box at the last collision pass, swept over the step and grown by half the speculative distance.
    var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
    /// The kept ("fat") box the broadphase keeps: re-made, larger by `fatMargin`, only when the swept box leaves it.
    var fatMinX = 0.0, fatMinY = 0.0, fatMaxX = 0.0, fatMaxY = 0.0
    /// False for a new shape or after a filter change: the next pass re-makes the box and looks for its pairs again.
    var fatValid = false
    /// Whether the last pass re-made the kept box (or the body started or stopped moving): its pairs were looked for.
    var enlarged = false
    /// Whether the body moved at the last pass.
    var moved = false

    /// A shape on `body` from a definition `PhysicsWorld` has validated.
    init(body: Int, _ definition: ShapeDefinition) {
        self.body = body
        categoryBits = definition.categoryBits
        maskBits = definition.maskBits
        userData = definition.userData
        switch definition.geometry {
        case let .circle(center, radius):
            kind = .circle
            self.center = (center.x, center.y)
            self.radius = radius
            extent = hypot(center.x, center.y) + radius
            thickness = 2.0 * radius
            return
        case let .segment(p, q):
            kind = .segment
            vertices = [(p.x, p.y), (q.x, q.y)]
            let length = hypot(q.x - p.x, q.y - p.y)
            let nx = (q.y - p.y) / length, ny = -(q.x - p.x) / length
            normals = [(nx, ny), (-nx, -ny)]  // two-sided: edge 0 faces one way, edge 1 (back) the other
        case let .polygon(points):
            kind = .polygon
            let given = points.map { (x: $0.x, y: $0.y) }
            vertices = ShapeDefinition.polygonTwiceArea(points) < 0 ? given.reversed() : given
            let n = vertices.count
            for i in 0..<n {
                let j = i + 1 == n ? 0 : i + 1
                let ex = vertices[j].x - vertices[i].x, ey = vertices[j].y - vertices[i].y
                let length = (ex * ex + ey * ey).squareRoot()
                normals.append((ey / length, -ex / length))
            }
        }
        extent = 0.0
        for v in vertices {
            let d = hypot(v.x, v.y)
            if d > extent { extent = d }
        }
        // The smallest width: over the edges, how deep the polygon reaches behind each one.
        thickness = kind == .segment ? 0.0 : .infinity
        if kind == .polygon {
            for (i, n) in normals.enumerated() {
                var depth = 0.0
                for v in vertices {
                    let d = -(n.x * (v.x - vertices[i].x) + n.y * (v.y - vertices[i].y))
                    if d > depth { depth = d }
                }
                if depth < thickness { thickness = depth }
            }
        }
    }
}

/// A polygon (or segment) placed in the world: vertices and outward normals.
struct WorldPolygon {
    var v: [Vector]
    var n: [Vector]
}

extension ReferenceShape {
    /// The polygon or segment at centre (px, py) turned by `angle`.
    func posed(_ px: Double, _ py: Double, _ angle: Double) -> WorldPolygon {
        let c = cos(angle), s = sin(angle)
        return WorldPolygon(
            v: vertices.map { (px + c * $0.x - s * $0.y, py + s * $0.x + c * $0.y) },
            n: normals.map { (c * $0.x - s * $0.y, s * $0.x + c * $0.y) })
    }

    /// The circle's centre with its body at (px, py) turned by `angle`.
    func circleCenter(_ px: Double, _ py: Double, _ angle: Double) -> Vector {
        let c = cos(angle), s = sin(angle)
        return (px + c * center.x - s * center.y, py + s * center.x + c * center.y)
    }
}

/// Everything the collision stages keep: shape slots, the last step's contacts and events, and where every body
/// was at the collision pass.
struct ReferenceCollisionState {
    /// Shape slots; nil marks a free slot.
    var shapes: [ReferenceShape?] = []
    var generations: [UInt32] = []
    /// Free slots, most recently freed last (reused first).
    var freeSlots: [Int] = []
    /// Per body slot, its shapes' slots, oldest first (a body's shapes are destroyed newest first, as in C).
    var bodyShapes: [Int: [Int]] = [:]
    /// Contacts of the last step, in (shapeA, shapeB) order.
    var contacts: [ReferenceContact] = []
    var began: [ContactBegan] = []
    var ended: [ContactEnded] = []
    /// Body poses at the collision pass (substeps measure motion from there).
    var collidePoses: [(x: Double, y: Double, angle: Double)] = []
    /// Per body slot at the collision pass: its shapes' largest extent and smallest thickness (infinite without a
    /// shape that has one), for continuous collision's quick test.
    var bodyExtent: [Double] = []
    var bodyThickness: [Double] = []
    /// The shapes whose body did not move at the collision pass (static or resting), in slot order: what continuous
    /// collision sweeps a shape that outran the pass against.
    var stillShapes: [Int] = []

    var shapeCount: Int { shapes.count - freeSlots.count }
}

extension ReferenceWorld {
    /// Adds a shape in the next free shape slot (the most recently freed first) and wakes its body.
    func addShape(on body: Int, _ definition: ShapeDefinition) -> ShapeID {
        let index: Int
        if let reused = collision.freeSlots.popLast() {
            index = reused
        } else {
            index = collision.shapes.count
            collision.shapes.append(nil)
            collision.generations.append(0)
        }
        collision.shapes[index] = ReferenceShape(body: body, definition)
        collision.bodyShapes[body, default: []].append(index)
        wake(body)
        return ShapeID(index: Int32(index), generation: collision.generations[index])
    }

    /// Frees shape slot i and wakes its body. Its contacts are dropped at the next collision pass, which reports
    /// an end event for a touching one (the contact remembers the shape's generation).
    func destroyShapeSlot(_ i: Int) {
        let body = collision.shapes[i]!.body
        collision.bodyShapes[body]!.removeAll { $0 == i }
        if collision.bodyShapes[body]!.isEmpty { collision.bodyShapes[body] = nil }
        wake(body)
        wakeRestingOn(body)
        collision.shapes[i] = nil
        collision.generations[i] &+= 1
        collision.freeSlots.append(i)
    }

    /// A shape's world bounding box at its body's current pose.
    func shapeBounds(_ shape: ReferenceShape) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let b = bodies[shape.body]!
        if shape.kind == .circle {
            let c = shape.circleCenter(b.x, b.y, b.angle)
            return (c.x - shape.radius, c.y - shape.radius, c.x + shape.radius, c.y + shape.radius)
        }
        let polygon = shape.posed(b.x, b.y, b.angle)
        var lx = Double.infinity, ly = Double.infinity, ux = -Double.infinity, uy = -Double.infinity
        for v in polygon.v {
            if v.x < lx { lx = v.x }
            if v.x > ux { ux = v.x }
            if v.y < ly { ly = v.y }
            if v.y > uy { uy = v.y }
        }
        return (lx, ly, ux, uy)
    }
}
