import Foundation

/// Monotonic time in seconds.
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Median and 95th percentile of a sample.
func percentiles(_ values: [Double]) -> (median: Double, p95: Double) {
    guard !values.isEmpty else { return (0, 0) }
    let sorted = values.sorted()
    func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))] }
    return (at(0.5), at(0.95))
}

/// Peak resident memory of this process, in MiB (Linux `VmHWM`), and a way to restart the peak.
enum ResidentMemory {
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Resident memory now, in MiB (Linux `VmRSS`).
    static func currentMiB() -> Double { statusMiB("VmRSS:") }

    static func peakMiB() -> Double { statusMiB("VmHWM:") }

    private static func statusMiB(_ key: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
        for line in status.split(separator: "\n") where line.hasPrefix(key) {
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? .nan
            return kilobytes / 1024
        }
        return .nan
    }
}

/// Progress on standard error, for runs over a few seconds.
struct Progress {
    let label: String
    let total: Int
    let start = now()
    var lastPrint = now()

    mutating func update(_ done: Int) {
        let t = now()
        guard t - lastPrint > 2 else { return }
        lastPrint = t
        FileHandle.standardError.write(Data("  \(label): \(done)/\(total) steps, \(String(format: "%.0f", t - start)) s\n".utf8))
    }
}

/// One measured run.
struct BenchmarkResult: Codable {
    var scene: String
    var solver: String
    var cells: Int
    var steps: Int
    var medianMilliseconds: Double
    var p95Milliseconds: Double
    var nanosecondsPerCellStep: Double
    var peakResidentMiB: Double
    /// Share of the step in each stage (C core only): forces, assembly, solve, integration.
    var stageShares: [String: Double]?
    var accuracyName: String
    var accuracy: Double
    /// Solve paths used (C core only), e.g. "batched 10000".
    var solvePaths: String?
    /// Median of the phase (drag: the moving frames; hold: the last frames), to show settling costs no more.
    var movingMedianMilliseconds: Double?
    var settledMedianMilliseconds: Double?
    var driveMedianMilliseconds: Double
    /// The sparse path (C core only), summed over the run: milliseconds per stage (ordering, symbolic, numeric,
    /// solve), factorisations, preconditioned iterations, flops of one factorisation and of the run's work.
    var sparse: SparseSummary?
    /// Every step's time in seconds (not written to JSON), to compare solvers over the same frames.
    var stepSeconds: [Double] = []

    enum CodingKeys: String, CodingKey {
        case scene, solver, cells, steps, medianMilliseconds, p95Milliseconds, nanosecondsPerCellStep
        case peakResidentMiB, stageShares, accuracyName, accuracy, solvePaths, movingMedianMilliseconds
        case settledMedianMilliseconds, driveMedianMilliseconds, sparse
    }

    /// Median milliseconds of the first `count` steps.
    func medianOfFirst(_ count: Int) -> Double { percentiles(Array(stepSeconds.prefix(count))).median * 1e3 }
}

/// The sparse path's work over a run (C core).
struct SparseSummary: Codable {
    var islands = 0
    var factorNonzeros = 0
    var factorFlops = 0.0
    var orderMilliseconds = 0.0, symbolicMilliseconds = 0.0, numericMilliseconds = 0.0, solveMilliseconds = 0.0
    var factorizations = 0, iterations = 0
    var runFactorFlops = 0.0, runSolveFlops = 0.0

    /// One line for the report.
    var description: String {
        String(
            format: "sparse %d island(s), L %d nonzeros, %.3g flops/factorisation; over the run: ordering %.1f ms, symbolic %.1f ms, numeric %.1f ms (%d factorisations, %.3g flops), solve %.1f ms (%d PCG iterations, %.3g flops)",
            islands, factorNonzeros, factorFlops, orderMilliseconds, symbolicMilliseconds, numericMilliseconds,
            factorizations, runFactorFlops, solveMilliseconds, iterations, runSolveFlops)
    }
}
