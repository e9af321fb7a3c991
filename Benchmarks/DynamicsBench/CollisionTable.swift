import Foundation

/// A run that was asked for but not made, and why (it prints as a row of dashes).
struct SkippedRun: Codable {
    var scene: String
    var n: Int
    var sleep: Bool
    var configuration: String
    var reason: String
}

/// The human table of collision runs, ours and the peers' alike: one row per scene × N × sleep × engine, frame
/// medians per window, each run's ratio to swift-dynamics' core over the same frames, and the scene's quality
/// measurements. A value that was not measured prints "—".
struct CollisionTable {
    var runs: [CollisionRun]
    var skipped: [SkippedRun] = []

    /// Engines in table order.
    static let configurationOrder = ["core", "animator", "reference", "uikit", "no-bullets", "chipmunk"]

    /// The core run the ratios of `run` are taken against: the same scene, N and sleep (the animator, which
    /// always lets bodies rest, against the core with sleeping on).
    func core(for run: CollisionRun) -> CollisionRun? {
        runs.first { $0.configuration == "core" && $0.scene == run.scene && $0.n == run.n && $0.sleep == run.sleep }
    }

    /// `run`'s median over a window divided by the core's median over exactly the frames `run` ran there.
    func ratioToCore(_ run: CollisionRun, window: String) -> Double? {
        guard run.configuration != "core", let w = run.timing[window], w.frames > 0, let median = w.medianMs,
            let core = core(for: run), let coreMedian = core.medianMs(from: w.from, to: w.from + w.frames - 1), coreMedian > 0
        else { return nil }
        return median / coreMedian
    }

    /// The Markdown table.
    func render() -> String {
        let header = [
            "scene", "N", "sleep", "engine", "frames", "falling ms", "piled ms", "all ms", "all p95 ms", "in core ms",
            "× core (falling / piled / all)", "escaped", "quality",
        ]
        var rows: [[String]] = []
        for key in rowKeys() {
            if let run = runs.first(where: { key == RowKey($0) }) {
                rows.append(row(run))
            } else if let skip = skipped.first(where: { key == RowKey($0) }) {
                rows.append([skip.scene, Self.count(skip.n), skip.sleep ? "on" : "off", Self.engineName(skip.configuration, version: nil)]
                    + Array(repeating: "—", count: header.count - 5) + ["not run: \(skip.reason)"])
            }
        }
        return Self.markdown(header: header, rows: rows)
    }

    /// Rows in scene, N, sleep (on first) and engine order.
    private func rowKeys() -> [RowKey] {
        let keys = Set(runs.map(RowKey.init) + skipped.map(RowKey.init))
        let scenes = CollisionSceneKind.allCases.map(\.rawValue)
        return keys.sorted { a, b in
            let ka = (scenes.firstIndex(of: a.scene) ?? 99, a.n, a.sleep ? 0 : 1, Self.configurationOrder.firstIndex(of: a.configuration) ?? 99)
            let kb = (scenes.firstIndex(of: b.scene) ?? 99, b.n, b.sleep ? 0 : 1, Self.configurationOrder.firstIndex(of: b.configuration) ?? 99)
            return ka < kb
        }
    }

    private func row(_ run: CollisionRun) -> [String] {
        let isPour = run.scene == CollisionSceneKind.pour.rawValue
        func median(_ window: String) -> String {
            guard let w = run.timing[window] else { return "" }
            let planned = w.to - w.from + 1
            return Self.milliseconds(w.medianMs) + (w.frames > 0 && w.frames < planned ? " (\(w.frames) fr)" : "")
        }
        let windows = isPour ? ["falling", "piled", "all"] : ["all"]
        let ratios = windows.map { Self.ratio(ratioToCore(run, window: $0)) }.joined(separator: " / ")
        let frames = run.framesRun == run.framesPlanned ? "\(run.framesRun)" : "\(run.framesRun)/\(run.framesPlanned)"
        return [
            run.scene, Self.count(run.n), run.sleep ? "on" : "off",
            Self.engineName(run.configuration, version: run.engineVersion) + (run.staticShapesFirst == true ? " (static shapes first)" : ""),
            frames, isPour ? median("falling") : "", isPour ? median("piled") : "", median("all"),
            run.timing["all"]?.p95Ms.map { Self.milliseconds($0) } ?? "—",
            run.solverTiming.map { Self.milliseconds($0["all"]?.medianMs) } ?? "",
            run.configuration == "core" ? "1" : ratios,
            isPour ? (run.metrics["escaped"]?.number.map { String(Int($0)) } ?? "—") : "",
            Self.quality(run),
        ]
    }

    /// The scene's measurements in a few words.
    static func quality(_ run: CollisionRun) -> String {
        let m = run.metrics
        func pt(_ key: String) -> String { m[key]?.number.map(figure) ?? "—" }
        func yes(_ key: String) -> String { m[key]?.boolean.map { $0 ? "yes" : "no" } ?? "—" }
        func step(_ key: String) -> String { m[key]?.number.map { "step \(Int($0))" } ?? "never" }
        switch CollisionSceneKind(rawValue: run.scene) {
        case .pour:
            let walls = "walls \(m["walls"].flatMap { if case let .text(t) = $0 { return t } else { return nil } } ?? "—")"
            guard let escaped = m["escaped"]?.number, escaped > 0, let below = m["escapedBelow"]?.number,
                let left = m["escapedLeft"]?.number, let right = m["escapedRight"]?.number
            else { return walls }
            let first = m["firstEscapeFrame"]?.number.map { ", first out after frame \(Int($0))" } ?? ""
            let deepest = m["deepestBelow"]?.number.map { " (lowest centre \(figure($0)) pt under the floor's top)" } ?? ""
            return walls + "; out: \(Int(below)) below\(deepest), \(Int(left)) left, \(Int(right)) right" + first
        case .stack: return "drift \(pt("maxDrift")), sink top \(pt("topSink")) / bottom \(pt("bottomSink")), all asleep \(yes("allAsleep"))"
        case .pyramid:
            return "stands \(yes("stands")), displacement \(pt("maxDisplacement")) (sideways \(pt("maxHorizontalDisplacement"))), top sink \(pt("topSink"))"
        case .bounce:
            let partial = m["apexReached"]?.boolean == false && m["apexFraction"]?.number != nil
            return "apex fraction \(pt("apexFraction"))" + (partial ? " (still rising at the last frame run)" : " (ideal 0.64)")
        case .tunnel: return "inside at end \(yes("insideAtEnd")), first outside: \(step("firstOutsideSubstep"))"
        case .headOn: return "passed through \(yes("passedThrough")), first crossed: \(step("firstCrossedSubstep")), end gap \(pt("endGap"))"
        case nil: return ""
        }
    }

    /// The engine's name for people. Box2D is named by its release: Debian's 2.4.1 still reports `b2_version`
    /// 2.4.0 (upstream never bumped it), which the JSON keeps as `engineVersion`.
    static func engineName(_ configuration: String, version: String?) -> String {
        switch configuration {
        case "core", "animator", "reference": return "swift-dynamics \(configuration)"
        case "uikit": return "Box2D 2.4.1 bullets (uikit)"
        case "no-bullets": return "Box2D 2.4.1 no bullets"
        case "chipmunk": return "Chipmunk \(version ?? "7")"
        default: return configuration
        }
    }

    /// Milliseconds to three significant figures (at most four decimals), "—" for none.
    static func milliseconds(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "—" }
        guard value > 0 else { return "0" }
        guard value >= 0.0001 else { return "<0.0001" }
        let decimals = max(0, min(4, 2 - Int(log10(value).rounded(.down))))
        return String(format: "%.\(decimals)f", value)
    }

    /// A length or fraction: three significant figures without exponent, to 0.001 at least.
    static func figure(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let magnitude = abs(value)
        let decimals = magnitude < 1 ? 3 : max(0, 2 - Int(log10(magnitude).rounded(.down)))
        return String(format: "%.\(decimals)f", value)
    }

    /// A ratio as "12.3×", "—" for none.
    static func ratio(_ value: Double?) -> String { value.map { milliseconds($0) + "×" } ?? "—" }

    /// N with thousands separators.
    static func count(_ n: Int) -> String {
        let digits = String(n)
        return digits.enumerated().map { i, c in i > 0 && (digits.count - i) % 3 == 0 ? ",\(c)" : "\(c)" }.joined()
    }

    /// A Markdown table with padded columns.
    static func markdown(header: [String], rows: [[String]]) -> String {
        let widths = header.indices.map { c in ([header] + rows).map { $0[c].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |"
        }
        return ([line(header), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"] + rows.map(line))
            .joined(separator: "\n")
    }
}

/// What identifies a row: scene, N, sleep, engine configuration.
private struct RowKey: Hashable {
    var scene: String
    var n: Int
    var sleep: Bool
    var configuration: String

    init(_ run: CollisionRun) { (scene, n, sleep, configuration) = (run.scene, run.n, run.sleep, run.configuration) }
    init(_ skip: SkippedRun) { (scene, n, sleep, configuration) = (skip.scene, skip.n, skip.sleep, skip.configuration) }
}
