// Every solve path of the C core — batched in-house kernel, one LAPACK band, per-island banded/dense LAPACK,
// matrix-free conjugate gradients, the body-space fast path for spring-held cells — gives the reference
// solver's answer on a scene that exercises them all.
import Dynamics
import ReferenceSolver
import AcceleratedSolver
import SolverBackend
import Testing

@Suite("Solve paths agree with the reference")
struct SolvePathParityTests {
    /// Three rigid chains of 30 (banded, merged into one band), a rigid 5 × 5 grid (60 rows: banded), a weld
    /// pair and a pin with limits (small: kernel), and 30 four-spring cells (body-space path), under gravity.
    static func run(_ world: PhysicsWorld, steps: Int) throws -> [BodyState] {
        var bodies: [BodyID] = []
        func body(_ x: Double, _ y: Double, size: Double = 20) throws -> BodyID {
            var d = BodyDefinition()
            d.x = x
            d.y = y
            d.width = size
            d.height = size
            d.gravityY = 1000
            d.linearDamping = 0.1
            let id = try world.createBody(d)
            bodies.append(id)
            return id
        }
        func joint(_ a: BodyID?, _ b: BodyID?, _ p: (Double, Double), _ q: (Double, Double), kind: JointKind = .distance,
                   frequency: Double = 0, configure: (inout JointDefinition) -> Void = { _ in }) throws {
            var j = anchoredJoint(kind, a, b, p, q, frequency: frequency, dampingRatio: 0.4)
            configure(&j)
            _ = try world.createJoint(j)
        }
        for chain in 0..<3 {
            var previous: BodyID?
            let y = Double(chain) * 100
            for k in 0..<30 {
                let x = Double(k + 1) * 25
                let b = try body(x, y)
                try joint(previous, b, (x - 25, y), (x, y))
                previous = b
            }
        }
        var grid: [BodyID] = []
        for k in 0..<25 {
            let (x, y) = (1000 + Double(k % 5) * 30, Double(k / 5) * 30)
            let b = try body(x, y)
            grid.append(b)
            if k < 5 { try joint(nil, b, (x - 25, y - 30), (x, y)) }  // hung askew: the grid swings
            if k % 5 > 0 { try joint(grid[k - 1], b, (x - 30, y), (x, y)) }
            if k >= 5 { try joint(grid[k - 5], b, (x, y - 30), (x, y)) }
        }
        let w1 = try body(1300, 0), w2 = try body(1330, 0)
        try joint(w1, w2, (1315, 0), (1315, 0), kind: .weld)
        try joint(nil, w1, (1300, -40), (1300, 0), frequency: 3)
        let p1 = try body(1400, 0), p2 = try body(1440, 10, size: 30)
        try joint(nil, p1, (1400, 0), (1400, 0))
        try joint(p1, p2, (1420, 0), (1420, 0), kind: .revolute) { $0.lowerLimit = -0.4; $0.upperLimit = 0.6; $0.frictionTorque = 50 }
        for k in 0..<30 {
            let (x, y) = (2000 + Double(k % 6) * 60, Double(k / 6) * 60)
            let b = try body(x, y, size: 50)
            for corner in [(-20.0, -20.0), (20.0, -20.0), (-20.0, 20.0), (20.0, 20.0)] {
                try joint(b, nil, (x + Double(k % 3) - 1, y), (x + corner.0, y + corner.1), frequency: 8)
            }
        }
        for _ in 0..<steps { try world.step(dt: 1.0 / 60.0, substeps: 2) }
        return try bodies.map { try world.state(of: $0) }
    }

    @Test(arguments: [IslandSolverKind.batchedKernel, .bandedLAPACK, .iterative], [SpringModel.analytic, .uikitCompatible])
    func cCorePathMatchesReference(path: IslandSolverKind, model: SpringModel) throws {
        let accelerated = try PhysicsWorld(AcceleratedBackend.self)
        (accelerated.backend as! AcceleratedBackend).islandSolver = path
        accelerated.springModel = model
        let reference = try PhysicsWorld(ReferenceWorld.self)
        reference.springModel = model
        let a = try Self.run(accelerated, steps: 120)
        let r = try Self.run(reference, steps: 120)
        let stats = try #require(accelerated.lastStepStatistics)
        // 26 islands still move at the end: 20 spring cells (body-space path, counted as batched), 3 chains,
        // the grid, the weld pair and the pin pair.
        #expect(stats.islandCount == 26)
        switch path {
        case .batchedKernel: #expect(stats.batchedIslands == 22 && stats.bandedIslands == 4)
        case .bandedLAPACK: #expect(stats.batchedIslands == 20 && stats.bandedIslands == 6)
        case .iterative: #expect(stats.batchedIslands == 20 && stats.iterativeIslands == 6)
        }
        // Conjugate gradients stop at a 1e-12 relative residual; the direct paths agree to rounding.
        let tolerance = path == .iterative ? 1e-7 : 1e-9
        var worst = 0.0
        for (x, y) in zip(a, r) {
            for (u, v) in [(x.x, y.x), (x.y, y.y), (x.angle, y.angle), (x.vx, y.vx), (x.vy, y.vy)] {
                worst = max(worst, abs(u - v) / max(1, abs(u), abs(v)))
            }
        }
        #expect(worst <= tolerance, "largest relative difference \(worst) on \(path)")
        #expect(a.contains { $0.y > 100 }, "the scene moved")
    }
}
