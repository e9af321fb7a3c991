import Foundation

/// One scene measurement as JSON holds it: a number, a whole number, a yes/no, a word, or null (not measured,
/// or not finite).
enum MetricValue: Codable, Equatable {
    case number(Double)
    case integer(Int)
    case boolean(Bool)
    case text(String)
    case null

    /// A number, or null when it is not finite (as the C++ harness writes NaN).
    static func finite(_ value: Double) -> MetricValue { value.isFinite ? .number(value) : .null }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .number(value): try value.isFinite ? container.encode(value) : container.encodeNil()
        case let .integer(value): try container.encode(value)
        case let .boolean(value): try container.encode(value)
        case let .text(value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// The value as a number (whole numbers too), or nil.
    var number: Double? {
        switch self {
        case let .number(value): return value
        case let .integer(value): return Double(value)
        default: return nil
        }
    }

    /// The value as a yes/no, or nil.
    var boolean: Bool? {
        if case let .boolean(value) = self { return value }
        return nil
    }
}

/// Frame times of one window, milliseconds per 60 Hz frame, over the frames of [from, to] that ran. The median
/// is the contract's: the middle frame time, the mean of the middle two for an even count; medians are nil
/// when no frame of the window ran. `p95Ms` is ours (the C++ harness does not report it).
struct WindowTiming: Codable, Equatable {
    var from: Int
    var to: Int
    var frames: Int
    var medianMs: Double?
    var meanMs: Double?
    var p95Ms: Double?

    /// The summary of frames `window.from…window.to` of `frameMs` (those that exist).
    init(_ window: FrameWindow, frameMs: [Double]) {
        from = window.from
        to = window.to
        let times = Self.frames(from: window.from, to: window.to, of: frameMs)
        frames = times.count
        guard !times.isEmpty else { return }
        medianMs = Self.median(times)
        meanMs = times.reduce(0, +) / Double(times.count)
        p95Ms = percentiles(Array(times)).p95
    }

    /// The frame times of [from, to] that `frameMs` holds.
    static func frames(from: Int, to: Int, of frameMs: [Double]) -> ArraySlice<Double> {
        let last = min(to, frameMs.count - 1)
        return from <= last ? frameMs[from...last] : []
    }

    /// The middle value, or the mean of the middle two for an even count (nil for none).
    static func median(_ values: some Collection<Double>) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}

/// One engine × configuration × scene run: ours (core, animator, reference) or a line of the C++ harness's
/// output, which decodes into the same fields (the contract's schema 1, plus fields only ours fill).
struct CollisionRun: Codable {
    /// `swift-dynamics`, `box2d` or `chipmunk`.
    var engine: String
    /// The peers' linked library version (nil for ours).
    var engineVersion: String?
    /// Ours: `core`, `animator` or `reference`; the peers': `uikit`, `no-bullets` or `chipmunk`.
    var configuration: String
    /// Box2D's bullet flag (nil for everything else).
    var bullets: Bool?
    var sleep: Bool
    var scene: String
    /// Dynamic bodies (pour: N).
    var n: Int
    var framesPlanned: Int
    var framesRun: Int
    /// Stepping time allowed for the run, seconds; 0 = none.
    var budgetSeconds: Double
    var budgetExhausted: Bool
    /// Building the world (ours: the animator's bodies are built inside its first step, so that is 0 there).
    var setupSeconds: Double
    /// Frame times by window name (`all`; pour also `falling` and `piled`).
    var timing: [String: WindowTiming]
    /// The scene's measurements of the state after the last frame run (names as the contract's).
    var metrics: [String: MetricValue]
    /// How often ours read the state for the per-step measurements: `frame` (each 60 Hz frame; the peers read
    /// after every 1/120 s step and leave this nil).
    var sampling: String?
    /// Animator only: the C core's own share of each frame (its stage timings), by window.
    var solverTiming: [String: WindowTiming]?
    /// Ours only: true when the diagnostic variant gave the static bodies their shapes first (nil otherwise).
    var staticShapesFirst: Bool?
    /// Ours only: every frame's time, ms, so other runs can be compared over exactly the frames they ran.
    var frameMs: [Double]?

    /// The median of this run's frames [from, to] (ours only: nil without frame times or frames there).
    func medianMs(from: Int, to: Int) -> Double? {
        guard let frameMs else { return nil }
        return WindowTiming.median(WindowTiming.frames(from: from, to: to, of: frameMs))
    }
}
