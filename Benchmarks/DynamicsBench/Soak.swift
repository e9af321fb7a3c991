import ArgumentParser
import Dynamics
import DynamicsScenarios
import Foundation

/// The soak: the mixed scene (SoakScene: springs, rigid joints, contacts, fields of every kind, items added and
/// removed, behaviors toggled) for many steps, checked every 1000: no number NaN or infinite, no item out of
/// the box, the mechanical energy not growing during the quiet halves (nothing there can add energy), and the
/// resident memory flat.
struct Soak: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The mixed scene for many steps: NaN, escapes, energy in the quiet halves, and memory, every 1000 steps.")

    @Option(help: "Steps of 1/60 s.")
    var steps = 1_000_000
    @Option(help: "accelerated or reference.")
    var solver = SolverChoice.accelerated
    @Option(help: "Steps per cycle (even): the first half active, the second quiet.")
    var cycle = 1000
    @Flag(help: "Print a reading every 100 steps (to see where something goes wrong).")
    var verbose = false
    @Option(help: "Print every item's centre and velocity at every step from this one on (to see an escape happen).")
    var traceFrom: Int?
    @Flag(help: "Print only the hash of the final state's bits (to compare runs in separate processes).")
    var printHash = false

    func run() throws {
        guard solver != .both else { throw ValidationError("soak runs one solver at a time") }
        let outcome = MainActor.assumeIsolated { SoakRun(solver: solver.kinds[0], steps: steps, cycle: cycle, verbose: verbose, traceFrom: traceFrom).run() }
        if printHash {
            print(String(outcome.hash, radix: 16))
            return
        }
        print(outcome.report)
        if !outcome.clean { throw ExitCode.failure }
    }
}

/// One soak run and what it found.
@MainActor
struct SoakRun {
    let solver: SolverKind
    let steps: Int
    let cycle: Int
    let verbose: Bool
    var traceFrom: Int?

    /// The findings: counts of broken checks, and the numbers the README reports.
    struct Outcome {
        var steps = 0
        var nonFinite = 0
        var escaped = 0
        /// Quiet-half checks where the energy rose above its value at the half's start (beyond round-off).
        var energyRises = 0
        /// The largest such rise, relative to the scene's energy scale.
        var largestRise = -Double.infinity
        var fastest = 0.0
        /// The first check that found an item outside the box: the step, the item and where it was.
        var firstEscape: String?
        var startMiB = Double.nan
        var endMiB = Double.nan
        var seconds = 0.0
        /// The final reading's hash.
        var hash: UInt64 = 0
        var clean: Bool { nonFinite == 0 && escaped == 0 && energyRises == 0 && !(endMiB > startMiB * 1.1 + 8) }
        var report: String {
            String(
                format: "soak: %d steps in %.0f s: non-finite %d, escaped %d, quiet-half energy rises %d (largest %.2e of the scale), fastest %.0f pt/s, resident %.1f → %.1f MiB: %@",
                steps, seconds, nonFinite, escaped, energyRises, largestRise, fastest, startMiB, endMiB,
                clean ? "clean" : "FAILED") + (firstEscape.map { "; first escape \($0)" } ?? "")
        }
    }

    func run() -> Outcome {
        let scene = SoakScene(solver: solver, cycleSteps: cycle)
        var outcome = Outcome()
        let start = now()
        var progress = Progress(label: "soak", total: steps)
        var quietStart: Double?
        let scale = SoakScene.energyScale(scene)
        for step in 1...steps {
            scene.advance()
            if let from = traceFrom, step >= from {
                var line = "step \(step):"
                for (index, item) in scene.items.enumerated() {
                    let v = scene.velocity(of: item)
                    line += String(format: " [%d %.3f %.3f v %.1f %.1f]", index, item.center.x, item.center.y, v.x, v.y)
                }
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
            if verbose && step % 10 == 0 {
                let r = scene.reading()
                FileHandle.standardError.write(Data("step \(step): energy \(r.energy), kinetic \(r.kinetic), fastest \(r.fastest) (item \(r.fastestIndex) at \(r.fastestIndex >= 0 ? scene.items[r.fastestIndex].center : .zero)), escaped \(r.escaped), non-finite \(r.nonFinite)\n".utf8))
            }
            guard step % 1000 == 0 || (step - 1) % scene.cycleSteps == scene.activeSteps else { continue }
            let reading = scene.reading()
            outcome.nonFinite += reading.nonFinite
            outcome.escaped += reading.escaped
            if reading.escaped > 0 && outcome.firstEscape == nil {
                let out = scene.items.enumerated().first { scene.colliding.contains(ObjectIdentifier($0.element)) && !scene.screen.bounds.insetBy(dx: -1, dy: -1).contains($0.element.center) }
                outcome.firstEscape = "step \(step): item \(out?.offset ?? -1) at \(out.map { "\($0.element.center)" } ?? "?")"
            }
            outcome.fastest = max(outcome.fastest, reading.fastest)
            if (step - 1) % scene.cycleSteps == scene.activeSteps {
                quietStart = reading.energy  // the first quiet step
            } else if scene.isQuiet, let begin = quietStart {
                let rise = (reading.energy - begin) / scale
                outcome.largestRise = max(outcome.largestRise, rise)
                if rise > SoakScene.energyTolerance { outcome.energyRises += 1 }
            }
            if step == min(steps, 10_000) { outcome.startMiB = ResidentMemory.currentMiB() }
            progress.update(step)
        }
        outcome.endMiB = ResidentMemory.currentMiB()
        outcome.hash = scene.reading().hash
        outcome.steps = steps
        outcome.seconds = now() - start
        return outcome
    }
}
