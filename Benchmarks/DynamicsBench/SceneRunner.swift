import Dynamics
import Foundation
import ReferenceSolver
import AcceleratedSolver
import SolverBackend

enum SceneKind: String, CaseIterable {
    case dragCells = "drag-cells"
    case springyLayout = "springy-layout"
    case cellGrid = "cell-grid"
    case cellGridSprings = "cell-grid-springs"
    case chains

    func make(_ world: PhysicsWorld, cells: Int) throws -> any BenchmarkScene {
        switch self {
        case .dragCells: return try DragCellsScene(world, cells: cells)
        case .springyLayout: return try SpringyLayoutScene(world, cells: cells)
        case .cellGrid: return try CellGridScene(world, cells: cells, springFrequency: 0)
        case .cellGridSprings: return try CellGridScene(world, cells: cells, springFrequency: 15)
        case .chains: return try ChainsScene(world, cells: cells)
        }
    }
}

/// Builds a scene on one backend, steps it at 60 Hz (two substeps of 1/120 s) and measures every step.
func runScene(
    _ kind: SceneKind, solver: SolverKind, cells: Int, steps: Int, islandSolver: IslandSolverKind, rest: Bool = true,
    bodySpace: Bool = true, blasFrontRows: Int = 0, workers: Int = 1
) throws -> BenchmarkResult {
    ResidentMemory.resetPeak()
    var settings = WorldSettings()
    settings.initialBodyCapacity = cells + 1
    settings.workerCount = workers
    if !rest { settings.timeToSleep = 1e9 }  // nothing ever rests: settling springs decay toward subnormal numbers
    let world: PhysicsWorld = solver == .accelerated
        ? try PhysicsWorld(AcceleratedBackend.self, settings: settings) : try PhysicsWorld(ReferenceWorld.self, settings: settings)
    (world.backend as? AcceleratedBackend)?.islandSolver = islandSolver
    (world.backend as? AcceleratedBackend)?.usesBodySpacePath = bodySpace
    (world.backend as? AcceleratedBackend)?.sparseBLASFrontRows = blasFrontRows
    var scene = try kind.make(world, cells: cells)
    var stepTimes: [Double] = []
    var driveTimes: [Double] = []
    var stages = [0.0, 0.0, 0.0, 0.0]
    var paths = ""
    var sparse = SparseSummary()
    var progress = Progress(label: "\(kind.rawValue) \(solver) N=\(cells)", total: steps)
    let dt = 1.0 / 60.0
    for frame in 0..<steps {
        let t0 = now()
        try scene.drive(world, t: Double(frame) * dt)
        let t1 = now()
        try world.step(dt: dt, substeps: 2)
        let t2 = now()
        driveTimes.append(t1 - t0)
        stepTimes.append(t2 - t1)
        if let s = world.lastStepStatistics {
            stages[0] += s.forcesSeconds
            stages[1] += s.assemblySeconds
            stages[2] += s.solveSeconds
            stages[3] += s.integrationSeconds
            paths = "batched \(s.batchedIslands), banded \(s.bandedIslands), dense \(s.denseIslands), iterative \(s.iterativeIslands), sparse \(s.sparseIslands), max band \(s.maxBandwidth)"
            sparse.islands = s.sparseIslands
            sparse.factorNonzeros = s.factorNonzeros
            sparse.factorFlops = s.factorFlops
            sparse.orderMilliseconds += s.orderSeconds * 1e3
            sparse.symbolicMilliseconds += s.symbolicSeconds * 1e3
            sparse.numericMilliseconds += s.numericSeconds * 1e3
            sparse.solveMilliseconds += s.sparseSolveSeconds * 1e3
            sparse.factorizations += s.sparseFactorizations
            sparse.iterations += s.sparseIterations
            sparse.runFactorFlops += s.stepFactorFlops
            sparse.runSolveFlops += s.stepSolveFlops
        }
        progress.update(frame + 1)
    }
    let (median, p95) = percentiles(stepTimes)
    let (name, value) = try scene.accuracy(world)
    let stageTotal = stages.reduce(0, +)
    let shares = stageTotal > 0
        ? ["forces": stages[0] / stageTotal, "assembly": stages[1] / stageTotal, "solve": stages[2] / stageTotal,
           "integration": stages[3] / stageTotal] : nil
    // Drag-cells: moving frames are the first 2 s, settled the last 2 s.
    let moving = steps >= 120 ? percentiles(Array(stepTimes.prefix(120))).median : nil
    let settled = steps >= 480 ? percentiles(Array(stepTimes.suffix(120))).median : nil
    return BenchmarkResult(
        scene: kind.rawValue, solver: "\(solver)", cells: cells, steps: steps, medianMilliseconds: median * 1e3,
        p95Milliseconds: p95 * 1e3, nanosecondsPerCellStep: median * 1e9 / Double(cells),
        peakResidentMiB: ResidentMemory.peakMiB(), stageShares: shares, accuracyName: name, accuracy: value,
        solvePaths: paths.isEmpty ? nil : paths, movingMedianMilliseconds: moving.map { $0 * 1e3 },
        settledMedianMilliseconds: settled.map { $0 * 1e3 }, driveMedianMilliseconds: percentiles(driveTimes).median * 1e3,
        sparse: sparse.islands > 0 || sparse.factorizations > 0 ? sparse : nil, stepSeconds: stepTimes)
}
