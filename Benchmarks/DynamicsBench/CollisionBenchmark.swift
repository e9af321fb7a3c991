import AcceleratedSolver
import ArgumentParser
import Foundation
import ReferenceSolver
import SolverBackend

/// Our three ways through a collision scene.
enum CollisionPath: String, CaseIterable {
    /// The C core through `PhysicsWorld`.
    case core
    /// The public façade: views and behaviors on a `DynamicAnimator` over the C core.
    case animator
    /// The pure-Swift reference solver through `PhysicsWorld`.
    case reference

    /// The paths in a comma-separated list, in this order.
    static func parse(_ list: String) throws -> [CollisionPath] {
        let names = list.split(separator: ",").map(String.init)
        for name in names where CollisionPath(rawValue: name) == nil { throw ValidationError("unknown path \(name)") }
        return allCases.filter { names.contains($0.rawValue) }
    }
}

/// The collision scenes of the peers contract on swift-dynamics: the C core, the façade and the reference.
struct Collisions: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The peers' collision scenes (pour, stack, pyramid, bounce, tunnel, head-on) on the C core, the animator and the reference.")

    @OptionGroup var sceneOptions: CollisionSceneOptions
    @Option(help: "Comma-separated paths: core, animator, reference.")
    var path = "core,animator,reference"
    /// 60 by default: the reference solves a contact island's rows densely (memory m², time m³), and on pour
    /// 10,000 the frame near 80 where the pile joins into large islands ran for over ten minutes at 4.5 GB.
    @Option(help: "Frames the reference runs at most (it is much slower, and its dense contact solve grows as the cube of an island's rows; compared with the core over the same frames).")
    var referenceFrames = 60
    @Option(help: "Largest number of dynamic items the reference runs.")
    var referenceMaxItems = 10_000
    @Flag(help: "Diagnostic variant: give the static bodies their collision shapes before the dynamic ones.")
    var staticShapesFirst = false
    @Option(help: "Threads the C core runs a step with on the core and animator paths, the calling thread included (1 … 64; the same results for every count).")
    var threads = 1
    @Option(help: "Write the runs as JSON to this path.")
    var json: String?

    func run() throws {
        let paths = try CollisionPath.parse(path)
        var variant = sceneOptions.variant
        variant.staticShapesFirst = staticShapesFirst
        let limits = RunLimits(frames: sceneOptions.frames, budgetSeconds: sceneOptions.budget ?? 0)
        var referenceLimits = limits
        referenceLimits.frames = min(limits.frames ?? referenceFrames, referenceFrames)
        var results = CollisionResults()
        for scene in try sceneOptions.scenes(defaultCounts: [1000, 10_000, 100_000], variant: variant) {
            for sleep in sceneOptions.sleep.values {
                for path in paths {
                    switch path {
                    case .core, .animator:
                        try results.runOurs(path, scene, sleep: sleep, limits: limits, workers: threads)
                    case .reference where scene.dynamicCount > referenceMaxItems:
                        results.skip(scene, sleep: sleep, path: path, reason: "N > --reference-max-items \(referenceMaxItems)")
                    case .reference:
                        try results.runOurs(path, scene, sleep: sleep, limits: referenceLimits)
                    }
                }
            }
        }
        results.print()
        try writeJSON(results, to: json)
    }
}

/// Runs collected by `collisions` and `peers`, and what they print.
struct CollisionResults: Encodable {
    var runs: [CollisionRun] = []
    var skipped: [SkippedRun] = []

    /// Runs `scene` on one of our paths (the animator only with sleeping on: the façade always lets bodies rest), the
    /// C core with `workers` threads.
    mutating func runOurs(_ path: CollisionPath, _ scene: CollisionScene, sleep: Bool, limits: RunLimits, workers: Int = 1) throws {
        let run: CollisionRun
        switch path {
        case .core:
            run = try runOnWorld(scene, engine: AcceleratedBackend.self, configuration: "core", sleep: sleep, limits: limits, workers: workers)
        case .reference:
            run = try runOnWorld(scene, engine: ReferenceWorld.self, configuration: "reference", sleep: sleep, limits: limits)
        case .animator:
            guard sleep else {
                return skip(scene, sleep: sleep, path: path, reason: "the façade always lets bodies rest, as UIKit does")
            }
            run = MainActor.assumeIsolated { runOnAnimator(scene, limits: limits, workers: workers) }
        }
        let all = run.timing["all"]!
        FileHandle.standardError.write(Data(String(
            format: "%@ N=%d %@ sleep %@: %d frames, median %@ ms\n", run.scene, run.n, run.configuration,
            sleep ? "on" : "off", run.framesRun, CollisionTable.milliseconds(all.medianMs)).utf8))
        runs.append(run)
    }

    /// Records a path that was asked for and not run.
    mutating func skip(_ scene: CollisionScene, sleep: Bool, path: CollisionPath, reason: String) {
        skipped.append(SkippedRun(scene: scene.kind.rawValue, n: scene.dynamicCount, sleep: sleep, configuration: path.rawValue, reason: reason))
    }

    /// The table, the core-to-reference comparisons, and how to read them.
    func print() {
        Swift.print(CollisionTable(runs: runs, skipped: skipped).render())
        let comparisons = referenceComparisons()
        if !comparisons.isEmpty { Swift.print("\nReference against core, same run, same frames:\n" + comparisons.joined(separator: "\n")) }
        Swift.print("""

            ms: median milliseconds per 60 Hz frame (two 1/120 s substeps); pour's windows are falling = frames 0–119, \
            piled = 480–599, all = 0–599, the others' all = every frame. "(k fr)": only k frames of the window ran \
            (budget, --frames or --reference-frames). "in core ms": the animator's frame spent in the C core's own \
            stages. "× core": the run's median over a window against swift-dynamics core's median over exactly the \
            same frames (same scene, N and sleep; the animator against core with sleep on); above 1 = slower than \
            the core. swift-dynamics reads per-step measurements after every frame (contacts are found once per \
            frame), so its step numbers are a frame's last substep; the peers read after every substep.
            """)
    }

    /// One line per reference run: its median and the core's over the frames the reference ran.
    private func referenceComparisons() -> [String] {
        let table = CollisionTable(runs: runs)
        return runs.filter { $0.configuration == "reference" }.compactMap { reference in
            guard let w = reference.timing["all"], w.frames > 0, let core = table.core(for: reference),
                let coreMedian = core.medianMs(from: 0, to: w.frames - 1), let ratio = table.ratioToCore(reference, window: "all")
            else { return nil }
            return "\(reference.scene) N=\(CollisionTable.count(reference.n)) sleep \(reference.sleep ? "on" : "off"), frames 0–\(w.frames - 1): "
                + "reference \(CollisionTable.milliseconds(w.medianMs)) ms, core \(CollisionTable.milliseconds(coreMedian)) ms per frame: "
                + "the reference takes \(CollisionTable.ratio(ratio)) the core's time"
        }
    }
}
