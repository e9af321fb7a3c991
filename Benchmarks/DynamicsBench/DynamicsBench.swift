import ArgumentParser
import AcceleratedSolver
import Dynamics
import Foundation

@main
struct DynamicsBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynamics-bench",
        abstract: "Thousands of attached cells: the C core against the reference solver and the physical limit.",
        subcommands: [Scenes.self, Facade.self, Fidelity.self, Fields.self, Collisions.self, Peers.self, Soak.self],
        defaultSubcommand: Scenes.self)
}

enum SolverChoice: String, ExpressibleByArgument, CaseIterable {
    case accelerated, reference, both
    var kinds: [SolverKind] {
        switch self {
        case .accelerated: return [.accelerated]
        case .reference: return [.reference]
        case .both: return [.accelerated, .reference]
        }
    }
}

enum IslandChoice: String, ExpressibleByArgument, CaseIterable {
    case batched, banded, iterative
    var kind: IslandSolverKind {
        switch self {
        case .batched: return .batchedKernel
        case .banded: return .bandedLAPACK
        case .iterative: return .iterative
        }
    }
}

/// Prints one result as a table row (and returns it for JSON).
func report(_ r: BenchmarkResult) {
    let shares = r.stageShares.map { dict in
        dict.sorted { $0.key < $1.key }.map { "\($0.key) \(Int(($0.value * 100).rounded()))%" }.joined(separator: ", ")
    } ?? "n/a"
    var line = String(
        format: "%-18@ %-11@ N=%-7d median %9.3f ms  p95 %9.3f ms  %9.1f ns/cell-step  peak %7.1f MiB  drive %.3f ms",
        r.scene as NSString, r.solver as NSString, r.cells, r.medianMilliseconds, r.p95Milliseconds,
        r.nanosecondsPerCellStep, r.peakResidentMiB, r.driveMedianMilliseconds)
    if let moving = r.movingMedianMilliseconds, let settled = r.settledMedianMilliseconds {
        line += String(format: "  moving %.3f / settled %.3f ms", moving, settled)
    }
    print(line)
    print("    stages: \(shares); \(r.accuracyName) = \(String(format: "%.6g", r.accuracy))" + (r.solvePaths.map { "; paths: \($0)" } ?? ""))
    if let sparse = r.sparse { print("    \(sparse.description)") }
}

/// Writes `results` as pretty, key-sorted JSON to `path` (nothing when `path` is nil).
func writeJSON(_ results: some Encodable, to path: String?) throws {
    guard let path else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(results).write(to: URL(fileURLWithPath: path))
}

struct Scenes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenes", abstract: "Run the solver-level scenes (the default command).")

    @Option(help: "Comma-separated scenes: \(SceneKind.allCases.map(\.rawValue).joined(separator: ", ")), or all.")
    var scene = "all"
    @Option(help: "Comma-separated cell counts.")
    var cells = "1000,10000,100000"
    @Option(help: "Steps of 1/60 s per run for the C core.")
    var steps = 600
    @Option(help: "Steps for the reference solver (it is much slower; per-step times are compared).")
    var referenceSteps = 60
    @Option(help: "accelerated, reference or both.")
    var solver = SolverChoice.both
    @Option(help: "How the C core solves small islands: batched (in-house kernel) or banded (one LAPACK band).")
    var islandSolver = IslandChoice.batched
    @Flag(help: "Solve spring-held cells through the island solver instead of the body-space path.")
    var noBodySpace = false
    @Flag(help: "Never let bodies rest, so the settle phase keeps computing (shows there is no denormal slowdown).")
    var noRest = false
    @Option(help: "Sparse fronts with at least this many rows go through LAPACK/BLAS-3 (0: the default, 128 with OpenBLAS, never with the reference BLAS).")
    var blasFront = 0
    @Option(help: "Threads the C core solves large coupled islands with, the calling thread included (1 … 64; the same results for every count).")
    var threads = 1
    @Option(help: "Largest N the reference solver runs (it is slow).")
    var referenceMaxCells = 100_000
    @Option(help: "Write the results as JSON to this path.")
    var json: String?

    func run() throws {
        let kinds = scene == "all" ? SceneKind.allCases : try scene.split(separator: ",").map { name in
            guard let kind = SceneKind(rawValue: String(name)) else { throw ValidationError("unknown scene \(name)") }
            return kind
        }
        let counts = try cells.split(separator: ",").map { text in
            guard let n = Int(text), n > 0 else { throw ValidationError("bad cell count \(text)") }
            return n
        }
        var results: [BenchmarkResult] = []
        for kind in kinds {
            for n in counts {
                var byKind: [String: BenchmarkResult] = [:]
                for solverKind in solver.kinds {
                    if solverKind == .reference && n > referenceMaxCells { continue }
                    let runSteps = solverKind == .reference ? min(steps, referenceSteps) : steps
                    let result = try runScene(kind, solver: solverKind, cells: n, steps: runSteps, islandSolver: islandSolver.kind, rest: !noRest, bodySpace: !noBodySpace, blasFrontRows: blasFront, workers: threads)
                    report(result)
                    results.append(result)
                    byKind["\(solverKind)"] = result
                }
                // Compare over the same frames: the reference runs fewer steps, all in the moving phase.
                if let c = byKind["accelerated"], let r = byKind["reference"] {
                    let cMedian = c.medianOfFirst(r.steps)
                    print(String(format: "    C core / reference over the first %d steps: %.3f vs %.3f ms, %.1f× faster",
                                 r.steps, cMedian, r.medianMilliseconds, r.medianMilliseconds / cMedian))
                }
            }
        }
        try writeJSON(results, to: json)
    }
}

struct Facade: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time the whole DynamicAnimator.step with View items (seed 000's drag through the façade).")

    @Option(help: "Comma-separated cell counts.")
    var cells = "1000,10000"
    @Option(help: "Steps of 1/60 s.")
    var steps = 600
    @Option(help: "accelerated, reference or both.")
    var solver = SolverChoice.accelerated
    @Option(help: "Write the results as JSON to this path.")
    var json: String?

    func run() throws {
        let counts = cells.split(separator: ",").compactMap { Int($0) }
        let results = MainActor.assumeIsolated {
            var results: [BenchmarkResult] = []
            for n in counts {
                for kind in solver.kinds {
                    let r = runFacadeDrag(cells: n, steps: steps, solver: kind)
                    report(r)
                    results.append(r)
                }
            }
            return results
        }
        try writeJSON(results, to: json)
    }
}

struct Fidelity: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the spring-fidelity table (one spring, 60 Hz) for both spring models.")

    func run() throws {
        MainActor.assumeIsolated {
            print("Spring model .analytic (default):\n" + springFidelityTable(model: .analytic))
            print("\nSpring model .uikitCompatible (implicit Euler, 1/120 s substeps):\n" + springFidelityTable(model: .uikitCompatible))
        }
    }
}
