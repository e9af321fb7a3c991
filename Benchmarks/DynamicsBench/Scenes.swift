import Foundation
import SolverBackend

/// A benchmark scene built directly on a physics backend: `drive` moves its touch points or anchors before
/// each step, `accuracy` measures how right the result is so speed never buys wrong answers.
protocol BenchmarkScene {
    /// Cells (bodies) in the scene.
    var cellCount: Int { get }
    /// Moves anchors for the frame about to be stepped (time t in seconds).
    mutating func drive(_ world: PhysicsWorld, t: Double) throws
    /// Name and value of the accuracy figure.
    func accuracy(_ world: PhysicsWorld) throws -> (String, Double)
}

/// The largest |distance / length − 1| over attachments.
func maximumStretch(_ links: [(JointID, Double)], in world: PhysicsWorld) throws -> Double {
    var worst = 0.0
    for (joint, length) in links {
        worst = max(worst, abs(try world.jointGeometry(joint).distance / length - 1))
    }
    return worst
}

/// Cells of 50 × 50 pt on a grid with 60 pt spacing, `columns` wide.
func gridCenter(_ k: Int, columns: Int, spacing: Double = 60) -> (x: Double, y: Double) {
    (Double(k % columns) * spacing + 30, Double(k / columns) * spacing + 30)
}

func cellDefinition(x: Double, y: Double, gravity: Double = 0) -> BodyDefinition {
    var definition = BodyDefinition()
    definition.x = x
    definition.y = y
    definition.width = 50
    definition.height = 50
    definition.linearDamping = 0.1  // UIKit's default resistance
    definition.angularDamping = 0.1
    definition.gravityY = gravity
    return definition
}

/// Seed 000: every cell held by four springs (8 Hz, ζ 0.6) from its centre to the corners of a 40 × 40 square
/// around its own touch point; all touch points go once round a circle of radius 200 pt in 2 s, then hold.
struct DragCellsScene: BenchmarkScene {
    let cellCount: Int
    var bodies: [BodyID] = []
    var joints: [JointID] = []
    var homes: [(x: Double, y: Double)] = []
    var touch = (x: 0.0, y: 0.0)

    init(_ world: PhysicsWorld, cells: Int) throws {
        cellCount = cells
        let columns = Int(Double(cells).squareRoot().rounded(.up))
        for k in 0..<cells {
            let c = gridCenter(k, columns: columns)
            homes.append(c)
            let body = try world.createBody(cellDefinition(x: c.x, y: c.y))
            bodies.append(body)
            for corner in Self.corners {
                var joint = JointDefinition()
                joint.bodyA = body
                joint.anchorAX = c.x
                joint.anchorAY = c.y
                joint.anchorBX = c.x + corner.x
                joint.anchorBY = c.y + corner.y
                joint.length = (corner.x * corner.x + corner.y * corner.y).squareRoot()
                joint.frequency = 8
                joint.dampingRatio = 0.6
                joints.append(try world.createJoint(joint))
            }
        }
    }

    static let corners = [(-20.0, -20.0), (20.0, -20.0), (-20.0, 20.0), (20.0, 20.0)].map { (x: $0.0, y: $0.1) }

    static func offset(at t: Double) -> (x: Double, y: Double) {
        guard t < 2 else { return (0, 0) }
        return (200 * cos(Double.pi * t) - 200, 200 * sin(Double.pi * t))
    }

    mutating func drive(_ world: PhysicsWorld, t: Double) throws {
        let o = Self.offset(at: t)
        guard o.x != touch.x || o.y != touch.y else { return }  // holding: anchors unchanged
        touch = o
        for (k, home) in homes.enumerated() {
            for (c, corner) in Self.corners.enumerated() {
                try world.setJointWorldAnchor(joints[4 * k + c], x: home.x + o.x + corner.x, y: home.y + o.y + corner.y)
            }
        }
    }

    func accuracy(_ world: PhysicsWorld) throws -> (String, Double) {
        var total = 0.0
        for (k, body) in bodies.enumerated() {
            let s = try world.state(of: body)
            total += hypot(s.x - homes[k].x - touch.x, s.y - homes[k].y - touch.y)
        }
        return ("mean distance from touch point (pt)", total / Double(bodies.count))
    }
}

/// The classic springy flow layout: each cell on one spring (length 0, 1 Hz, ζ 0.8) at its resting slot; a
/// scroll gesture moves every anchor by the scroll delta × (distance from the touch) / 1500, back and forth.
struct SpringyLayoutScene: BenchmarkScene {
    let cellCount: Int
    var bodies: [BodyID] = []
    var joints: [JointID] = []
    var slots: [(x: Double, y: Double)] = []
    var shifts: [Double] = []
    let touch: (x: Double, y: Double)

    init(_ world: PhysicsWorld, cells: Int) throws {
        cellCount = cells
        let columns = 6
        for k in 0..<cells {
            let c = gridCenter(k, columns: columns)
            slots.append(c)
            shifts.append(0)
            let body = try world.createBody(cellDefinition(x: c.x, y: c.y))
            bodies.append(body)
            var joint = JointDefinition()
            joint.bodyA = body
            joint.anchorAX = c.x
            joint.anchorAY = c.y
            joint.anchorBX = c.x
            joint.anchorBY = c.y
            joint.frequency = 1
            joint.dampingRatio = 0.8
            joints.append(try world.createJoint(joint))
        }
        touch = (180, 300)
    }

    /// Scroll offset: ±300 pt back and forth with a 2 s period for the first 6 s, then at rest.
    static func scroll(at t: Double) -> Double { t < 6 ? 300 * sin(Double.pi * t) : 0 }

    mutating func drive(_ world: PhysicsWorld, t: Double) throws {
        let delta = Self.scroll(at: t) - Self.scroll(at: max(0, t - 1.0 / 60.0))
        guard delta != 0 else { return }
        for k in slots.indices {
            let distance = abs(slots[k].y - touch.y) + abs(slots[k].x - touch.x)
            shifts[k] += delta * min(distance / 1500, 1)
            try world.setJointWorldAnchor(joints[k], x: slots[k].x, y: slots[k].y + shifts[k])
        }
    }

    func accuracy(_ world: PhysicsWorld) throws -> (String, Double) {
        var total = 0.0
        for (k, body) in bodies.enumerated() {
            let s = try world.state(of: body)
            total += hypot(s.x - slots[k].x, s.y - slots[k].y - shifts[k])
        }
        return ("mean distance from anchor (pt)", total / Double(bodies.count))
    }
}

/// Cells joined to their right and lower neighbours (≈ 2N attachments, one coupled island), the top row hung
/// from anchors, under gravity 1.0: Box2D's joint-grid benchmark in UIKit terms. With springs the "stretch" is
/// mostly the physical sag of 15 Hz springs carrying the cells below them, not solver error.
struct CellGridScene: BenchmarkScene {
    let cellCount: Int
    var links: [(JointID, Double)] = []

    init(_ world: PhysicsWorld, cells: Int, springFrequency: Double) throws {
        cellCount = cells
        let columns = Int(Double(cells).squareRoot().rounded(.up))
        var bodies: [BodyID] = []
        for k in 0..<cells {
            let c = gridCenter(k, columns: columns)
            bodies.append(try world.createBody(cellDefinition(x: c.x, y: c.y, gravity: 1000)))
        }
        func link(_ a: BodyID?, _ b: BodyID, from p: (x: Double, y: Double), to q: (x: Double, y: Double)) throws {
            var joint = JointDefinition()
            joint.bodyA = a
            joint.bodyB = b
            joint.anchorAX = p.x
            joint.anchorAY = p.y
            joint.anchorBX = q.x
            joint.anchorBY = q.y
            joint.length = hypot(q.x - p.x, q.y - p.y)
            joint.frequency = springFrequency
            joint.dampingRatio = springFrequency > 0 ? 0.5 : 0
            links.append((try world.createJoint(joint), joint.length))
        }
        for k in 0..<cells {
            let c = gridCenter(k, columns: columns)
            // Hung askew (anchors 40 pt to the left), so the whole grid swings instead of resting at once.
            if k < columns { try link(nil, bodies[k], from: (c.x - 40, c.y - 60), to: c) }
            if k % columns + 1 < columns, k + 1 < cells { try link(bodies[k], bodies[k + 1], from: c, to: gridCenter(k + 1, columns: columns)) }
            if k + columns < cells { try link(bodies[k], bodies[k + columns], from: c, to: gridCenter(k + columns, columns: columns)) }
        }
    }

    mutating func drive(_ world: PhysicsWorld, t: Double) throws {}

    func accuracy(_ world: PhysicsWorld) throws -> (String, Double) {
        let worst = try maximumStretch(links, in: world)
        return ("max attachment stretch (%)", worst * 100)
    }
}

/// N cells as N/50 chains of 50 rigidly attached cells, released horizontally from anchors under gravity.
struct ChainsScene: BenchmarkScene {
    let cellCount: Int
    var links: [(JointID, Double)] = []

    init(_ world: PhysicsWorld, cells: Int) throws {
        cellCount = cells
        let chains = max(1, cells / 50)
        for chain in 0..<chains {
            let y = Double(chain) * 80
            var previous: BodyID?
            for k in 0..<min(50, cells - chain * 50) {
                let x = Double(k + 1) * 25
                var definition = cellDefinition(x: x, y: y, gravity: 1000)
                definition.width = 20
                definition.height = 20
                let body = try world.createBody(definition)
                var joint = JointDefinition()
                joint.bodyA = previous
                joint.bodyB = body
                joint.anchorAX = x - 25
                joint.anchorAY = y
                joint.anchorBX = x
                joint.anchorBY = y
                joint.length = 25
                links.append((try world.createJoint(joint), 25))
                previous = body
            }
        }
    }

    mutating func drive(_ world: PhysicsWorld, t: Double) throws {}

    func accuracy(_ world: PhysicsWorld) throws -> (String, Double) {
        let worst = try maximumStretch(links, in: world)
        return ("max link stretch (%)", worst * 100)
    }
}
