// The sparse path for large coupled islands (nested dissection, supernodal Cholesky kept across solves as the
// preconditioner of conjugate gradients): rigid and spring grids, and grids with bounded rows, agree with the
// reference solver (whose sparse Cholesky factors every system afresh); and against closed-form physics — a
// grid hung straight stays in equilibrium with every link at its length, a free grid released from a bent shape
// keeps its links and its momentum, and its centre of mass moves in a straight line at constant speed.
import AcceleratedSolver
import Foundation
import ReferenceSolver
import SolverBackend
import Testing

@Suite("Sparse path for large islands")
struct SparseIslandTests {
    /// A grid of `columns` × `rows` 20 × 20 pt cells 30 pt apart, each linked to its right and lower neighbour,
    /// the top row hung from anchors `skew` pt to the left of and 30 pt above each cell. Returns the links.
    static func grid(
        _ world: PhysicsWorld, columns: Int, rows: Int, skew: Double, frequency: Double = 0, gravity: Double = 1000,
        damping: Double = 0.1, ropeEvery: Int = 0
    ) throws -> (bodies: [BodyID], links: [(JointID, Double)]) {
        var bodies: [BodyID] = []
        var links: [(JointID, Double)] = []
        for k in 0..<(columns * rows) {
            var d = BodyDefinition()
            d.x = Double(k % columns) * 30
            d.y = Double(k / columns) * 30
            d.width = 20
            d.height = 20
            d.gravityY = gravity
            d.linearDamping = damping
            d.angularDamping = damping
            bodies.append(try world.createBody(d))
        }
        func link(_ a: BodyID?, _ b: BodyID, _ p: (Double, Double), _ q: (Double, Double), rope: Bool = false) throws {
            let j = anchoredJoint(rope ? .rope : .distance, a, b, p, q, frequency: frequency, dampingRatio: 0.5)
            links.append((try world.createJoint(j), j.length))
        }
        for k in bodies.indices {
            let p = (Double(k % columns) * 30, Double(k / columns) * 30)
            if k < columns { try link(nil, bodies[k], (p.0 - skew, p.1 - 30), p) }
            if k % columns + 1 < columns {
                try link(bodies[k], bodies[k + 1], p, (p.0 + 30, p.1), rope: ropeEvery > 0 && k % ropeEvery == 0)
            }
            if k + columns < bodies.count { try link(bodies[k], bodies[k + columns], p, (p.0, p.1 + 30)) }
        }
        return (bodies, links)
    }

    static func largestStretch(_ world: PhysicsWorld, _ links: [(JointID, Double)]) throws -> Double {
        try links.map { abs(try world.jointGeometry($0.0).distance / $0.1 - 1) }.max() ?? 0
    }

    /// Largest difference over every body's position and velocity, relative to max(1, |value|).
    static func worstDifference(_ a: [BodyState], _ b: [BodyState]) -> Double {
        var worst = 0.0
        for (x, y) in zip(a, b) {
            for (u, v) in [(x.x, y.x), (x.y, y.y), (x.angle, y.angle), (x.vx, y.vx), (x.vy, y.vy)] {
                worst = max(worst, abs(u - v) / max(1, abs(u), abs(v)))
            }
        }
        return worst
    }

    @Test("Rigid and spring grids match the reference", arguments: [0.0, 15.0], [SpringModel.analytic, .uikitCompatible])
    func gridMatchesReference(frequency: Double, model: SpringModel) throws {
        var states: [[BodyState]] = []
        var stretches: [Double] = []
        for solver in ["accelerated", "reference"] {
            let world = solver == "accelerated"
                ? try PhysicsWorld(AcceleratedBackend.self) : try PhysicsWorld(ReferenceWorld.self)
            world.springModel = model
            let (bodies, links) = try Self.grid(world, columns: 16, rows: 16, skew: 20, frequency: frequency)
            for _ in 0..<60 { try world.step(dt: 1.0 / 60.0, substeps: 2) }
            if solver == "accelerated" {
                let stats = try #require(world.lastStepStatistics)
                #expect(stats.sparseIslands == 1, "the 496-row grid takes the sparse path")
                #expect(stats.factorNonzeros > 0 && stats.factorFlops > 0)
            }
            states.append(try bodies.map { try world.state(of: $0) })
            stretches.append(try Self.largestStretch(world, links))
        }
        #expect(Self.worstDifference(states[0], states[1]) <= 1e-9)
        #expect(states[0].contains { $0.vx.magnitude > 10 }, "the grid swings")
        if frequency == 0 { #expect(stretches.allSatisfy { $0 < 1e-10 }, "rigid links stretch \(stretches)") }
    }

    @Test("A grid of springs too wide for a band takes the sparse path, not conjugate gradients, and matches the reference")
    func wideSpringGridMatchesReference() throws {
        // 45 × 45 cells of 15 Hz springs: 3,960 rows with a band of about 90, n·kd² ≈ 3·10⁷ flops, past the budget
        // from which islands of springs leave the band (10⁷).
        var states: [[BodyState]] = []
        for solver in ["accelerated", "reference"] {
            let world = solver == "accelerated"
                ? try PhysicsWorld(AcceleratedBackend.self) : try PhysicsWorld(ReferenceWorld.self)
            let (bodies, _) = try Self.grid(world, columns: 45, rows: 45, skew: 20, frequency: 15)
            for _ in 0..<3 { try world.step(dt: 1.0 / 60.0, substeps: 2) }
            if solver == "accelerated" {
                let stats = try #require(world.lastStepStatistics)
                #expect(stats.sparseIslands == 1 && stats.iterativeIslands == 0, "\(stats)")
            }
            states.append(try bodies.map { try world.state(of: $0) })
        }
        #expect(Self.worstDifference(states[0], states[1]) <= 1e-9)
        // Three steps of free fall under 1000 pt/s² would reach 50 pt/s; the cells fall, held back by the springs.
        #expect(states[0].contains { $0.vy > 1 }, "the grid moves")
    }

    @Test("Ropes in the grid: bounded rows through the active set match the reference")
    func ropesMatchReference() throws {
        var states: [[BodyState]] = []
        for solver in ["accelerated", "reference"] {
            let world = solver == "accelerated"
                ? try PhysicsWorld(AcceleratedBackend.self) : try PhysicsWorld(ReferenceWorld.self)
            // Every third horizontal link a rope: slack ropes leave the system, taut ones hold at most their length.
            let (bodies, links) = try Self.grid(world, columns: 16, rows: 16, skew: 25, ropeEvery: 3)
            for _ in 0..<60 { try world.step(dt: 1.0 / 60.0, substeps: 2) }
            if solver == "accelerated" {
                #expect(try #require(world.lastStepStatistics).sparseIslands == 1)
                // A rope never stretches beyond its length (it may go slack).
                for (joint, length) in links { #expect(try world.jointGeometry(joint).distance <= length * (1 + 1e-9)) }
            }
            states.append(try bodies.map { try world.state(of: $0) })
        }
        #expect(Self.worstDifference(states[0], states[1]) <= 1e-9)
    }

    @Test("Worker threads give bit for bit the states of one thread (spring and rigid grids with ropes)",
          arguments: [0.0, 15.0])
    func workersGiveTheSameBits(frequency: Double) throws {
        // 56 × 56 cells: 6,216 rows, past the size from which the island's subtrees go to workers. Exact equality:
        // a sum taken in another order (a split reduction, an update applied out of postorder) fails it.
        var runs: [[BodyState]] = []
        for workers in [1, 2, 3] {
            var settings = WorldSettings()
            settings.workerCount = workers
            let world = try PhysicsWorld(AcceleratedBackend.self, settings: settings)
            let (bodies, _) = try Self.grid(world, columns: 56, rows: 56, skew: 20, frequency: frequency, ropeEvery: 4)
            for _ in 0..<8 { try world.step(dt: 1.0 / 60.0, substeps: 2) }
            #expect(try #require(world.lastStepStatistics).sparseIslands == 1)
            runs.append(try bodies.map { try world.state(of: $0) })
        }
        #expect(runs[1] == runs[0])
        #expect(runs[2] == runs[0])
        #expect(runs[0].contains { $0.vx.magnitude > 1 }, "the grid swings")
    }

    @Test("workerCount outside 1...64 is refused before a world is made")
    func workerCountIsValidated() {
        for workers in [0, -1, 65] {
            var settings = WorldSettings()
            settings.workerCount = workers
            #expect(throws: SolverError.self) { try PhysicsWorld(AcceleratedBackend.self, settings: settings) }
            #expect(throws: SolverError.self) { try PhysicsWorld(ReferenceWorld.self, settings: settings) }
        }
    }

    @Test("A grid hung straight stays in equilibrium with every link at its length", arguments: ["accelerated", "reference"])
    func hangingGridIsInEquilibrium(solver: String) throws {
        let world = solver == "accelerated"
            ? try PhysicsWorld(AcceleratedBackend.self) : try PhysicsWorld(ReferenceWorld.self)
        let (bodies, links) = try Self.grid(world, columns: 16, rows: 16, skew: 0)
        let start = try bodies.map { try world.state(of: $0) }
        try world.step(dt: 1.0 / 60.0, substeps: 2)
        if solver == "accelerated" { #expect(try #require(world.lastStepStatistics).sparseIslands == 1) }
        for _ in 1..<60 { try world.step(dt: 1.0 / 60.0, substeps: 2) }
        // Every cell hangs from the one above by a rigid vertical link: the links carry the weight below them and
        // nothing moves (the horizontal links carry nothing). What does move comes from the rigid rows' 1e-10
        // relative regularisation: ~1e-10 of g·h per link, summed down a column of 16.
        #expect(try Self.largestStretch(world, links) < 1e-10)
        for (body, before) in zip(bodies, start) {
            let s = try world.state(of: body)
            #expect(abs(s.x - before.x) < 1e-7 && abs(s.y - before.y) < 1e-7, "cell moved to (\(s.x), \(s.y))")
            #expect(abs(s.vx) < 1e-6 && abs(s.vy) < 1e-6)
        }
    }

    @Test("A free grid released from a bent shape keeps its links and its momentum",
          arguments: ["accelerated", "reference"])
    func bentGridConservesItsConstraints(solver: String) throws {
        let world = solver == "accelerated"
            ? try PhysicsWorld(AcceleratedBackend.self) : try PhysicsWorld(ReferenceWorld.self)
        // 16 × 16 cells on a sheet bent along a sine (links as long as the bent distances), no anchors, no gravity,
        // no damping; every cell starts with a velocity that would straighten the bend, plus a spin and a drift.
        let columns = 16, rows = 16
        var bodies: [BodyID] = []
        func position(_ k: Int) -> (Double, Double) {
            let i = Double(k % columns), j = Double(k / columns)
            return (i * 30, j * 30 + 40 * (i / 6).squareRootSine)
        }
        for k in 0..<(columns * rows) {
            let p = position(k)
            var d = BodyDefinition()
            d.x = p.0
            d.y = p.1
            d.width = 20
            d.height = 20
            d.vx = 15 - 0.4 * (p.1 - 240)
            d.vy = -60 * (Double(k % columns) / 6).squareRootCosine + 0.4 * (p.0 - 225)
            bodies.append(try world.createBody(d))
        }
        var links: [(JointID, Double)] = []
        for k in bodies.indices {
            for other in [k % columns + 1 < columns ? k + 1 : nil, k + columns < bodies.count ? k + columns : nil].compactMap({ $0 }) {
                let p = position(k), q = position(other)
                let j = anchoredJoint(.distance, bodies[k], bodies[other], p, q)
                links.append((try world.createJoint(j), j.length))
            }
        }
        func momentum() throws -> (px: Double, py: Double, cx: Double, cy: Double, mass: Double) {
            var px = 0.0, py = 0.0, cx = 0.0, cy = 0.0, mass = 0.0
            for body in bodies {
                let s = try world.state(of: body)
                px += s.mass * s.vx
                py += s.mass * s.vy
                cx += s.mass * s.x
                cy += s.mass * s.y
                mass += s.mass
            }
            return (px, py, cx / mass, cy / mass, mass)
        }
        let before = try momentum()
        let seconds = 1.0
        for _ in 0..<60 { try world.step(dt: seconds / 60.0, substeps: 2) }
        if solver == "accelerated" { #expect(try #require(world.lastStepStatistics).sparseIslands == 1) }
        let after = try momentum()
        #expect(try Self.largestStretch(world, links) < 1e-10)
        // Link impulses act along the links, equal and opposite, and projections move the two ends by equal and
        // opposite mass-weighted amounts: momentum stays what it was, and the centre of mass moves by P/M·t
        // (the trapezoidal rule integrates a constant momentum exactly).
        let scale = abs(before.px) + abs(before.py)
        #expect(abs(after.px - before.px) <= 1e-9 * scale && abs(after.py - before.py) <= 1e-9 * scale)
        #expect(abs(after.cx - (before.cx + before.px / before.mass * seconds)) < 1e-9 * 600)
        #expect(abs(after.cy - (before.cy + before.py / before.mass * seconds)) < 1e-9 * 600)
        // Links join centres: nothing turns a cell.
        #expect(try bodies.allSatisfy { try world.state(of: $0).angle == 0 })
    }
}

private extension Double {
    /// sin(π·x/2)² shaped bend, smooth and zero at the edge.
    var squareRootSine: Double { let s = sin(Double.pi * self / 2); return s * s }
    /// Its derivative's shape: sin(π·x).
    var squareRootCosine: Double { sin(Double.pi * self) }
}
