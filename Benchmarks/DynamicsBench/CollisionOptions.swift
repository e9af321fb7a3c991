import ArgumentParser
import Foundation

/// Sleeping allowed, not allowed, or both one after the other.
enum SleepChoice: String, ExpressibleByArgument, CaseIterable {
    case on, off, both

    /// The settings to run, "on" first.
    var values: [Bool] {
        switch self {
        case .on: return [true]
        case .off: return [false]
        case .both: return [true, false]
        }
    }

    /// The C++ harness's spelling of the same choice.
    var harnessArgument: String { self == .both ? "on,off" : rawValue }
}

/// Pour's walls: the specification's thick boxes, or zero-thickness edges (a diagnostic variant).
enum PourWalls: String, ExpressibleByArgument, CaseIterable {
    case boxes, segments
}

/// The scene options `collisions` and `peers` share, spelled as the C++ harness understands them.
struct CollisionSceneOptions: ParsableArguments {
    @Option(help: "Comma-separated scenes: \(CollisionSceneKind.allCases.map(\.rawValue).joined(separator: ", ")), or all.")
    var scene = "all"
    @Option(help: "Comma-separated item counts N for pour (default: the subcommand's own set).")
    var items: String?
    @Option(help: "Sleeping: on, off or both.")
    var sleep = SleepChoice.both
    @Option(help: "Stop every scene after this many frames (smoke tests); the windows report how many ran.")
    var frames: Int?
    @Option(help: "Stop a run after the frame that crosses this many seconds of stepping; 0 = no limit (default: the subcommand's own).")
    var budget: Double?
    @Option(help: "Diagnostic variant: open every contact of stack and pyramid by this many points (0 = the specification).")
    var restingGap = 0.0
    @Option(help: "Diagnostic variant: pour's walls as boxes (the specification) or zero-thickness segments.")
    var pourWalls = PourWalls.boxes

    /// The scenes asked for, in the contract's order.
    func kinds() throws -> [CollisionSceneKind] {
        guard scene != "all" else { return CollisionSceneKind.allCases }
        let names = scene.split(separator: ",").map(String.init)
        for name in names where CollisionSceneKind(rawValue: name) == nil { throw ValidationError("unknown scene \(name)") }
        return CollisionSceneKind.allCases.filter { names.contains($0.rawValue) }
    }

    /// Pour's item counts, or `defaults` when none were given.
    func counts(defaults: [Int]) throws -> [Int] {
        guard let items else { return defaults }
        return try items.split(separator: ",").map { text in
            guard let n = Int(text), n > 0 else { throw ValidationError("bad item count \(text)") }
            return n
        }
    }

    /// The variant the options describe (the specification unless a diagnostic option was given).
    var variant: SceneVariant { SceneVariant(restingGap: restingGap, segmentWalls: pourWalls == .segments) }

    /// Every scene to run, built as `variant` says: each kind once, pour once per N.
    func scenes(defaultCounts: [Int], variant: SceneVariant) throws -> [CollisionScene] {
        let counts = try counts(defaults: defaultCounts)
        return try kinds().flatMap { kind in
            (kind == .pour ? counts : [0]).map { CollisionScene(kind, n: $0, variant: variant) }
        }
    }

    func validate() throws {
        guard JitterGenerator.matchesContract else { throw ValidationError("pour's jitter differs from the contract's first three values") }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if let budget, !(budget >= 0) { throw ValidationError("--budget must be ≥ 0") }
        guard restingGap.isFinite, restingGap >= 0 else { throw ValidationError("--resting-gap must be ≥ 0") }
    }
}
