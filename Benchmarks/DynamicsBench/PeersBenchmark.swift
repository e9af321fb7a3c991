import ArgumentParser
import Foundation

/// swift-dynamics and its peers in one invocation: our core and animator on the collision scenes, then the C++
/// harness (Box2D 2.4.1 and Chipmunk 7) on the same scenes, side by side in one table with each peer's ratio
/// to our core from the same run.
struct Peers: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The collision scenes on swift-dynamics and on Box2D 2.4.1 and Chipmunk 7 (the C++ harness), side by side.",
        discussion: """
            Runs pour at N = 1,000 and 10,000 and every other scene, sleep on and off, with a 60 s budget per run \
            (a few minutes on two cores; at N = 10,000 no peer reaches the piled window within it). The whole set, \
            as the harness's README reports it: --items 1000,10000,100000. Without budget (Box2D with bullets \
            takes over half an hour at N = 10,000): --budget 0. Build the harness first with `make peers`.
            """)

    @OptionGroup var sceneOptions: CollisionSceneOptions
    @Option(help: "Our paths: comma-separated core, animator.")
    var path = "core,animator"
    @Option(help: "The harness's engines: comma-separated box2d, chipmunk.")
    var engines = "box2d,chipmunk"
    @Option(help: "Box2D's configurations: on (bullets, UIKit's), off, or on,off.")
    var bullets = "on,off"
    @Option(help: "Chipmunk's broad phase: tree (its default) or hash.")
    var chipmunkIndex = "tree"
    @Option(help: "The C++ harness (built by `make peers`).")
    var peersBinary = "Benchmarks/Peers/peers"
    @Option(help: "Write every run, ours and the peers', as JSON to this path.")
    var json: String?

    func run() throws {
        guard FileManager.default.isExecutableFile(atPath: peersBinary) else {
            FileHandle.standardError.write(Data("""
                dynamics-bench peers: the C++ harness is not at \(peersBinary). Build it with `make peers` \
                (it needs Debian's libbox2d-dev and libchipmunk-dev), or name it with --peers-binary.

                """.utf8))
            throw ExitCode.failure
        }
        let paths = try CollisionPath.parse(path)
        guard !paths.contains(.reference) else { throw ValidationError("--path: core and animator only (collisions runs the reference)") }
        let budget = sceneOptions.budget ?? 60
        let limits = RunLimits(frames: sceneOptions.frames, budgetSeconds: budget)
        let defaultCounts = [1000, 10_000]
        var results = CollisionResults()
        for scene in try sceneOptions.scenes(defaultCounts: defaultCounts, variant: sceneOptions.variant) {
            for sleep in sceneOptions.sleep.values {
                for path in paths { try results.runOurs(path, scene, sleep: sleep, limits: limits) }
            }
        }
        var arguments = [
            "--engines", engines, "--scenes", try sceneOptions.kinds().map(\.rawValue).joined(separator: ","),
            "--pour-n", try sceneOptions.counts(defaults: defaultCounts).map(String.init).joined(separator: ","),
            "--sleep", sceneOptions.sleep.harnessArgument, "--bullets", bullets, "--chipmunk-index", chipmunkIndex,
            "--budget", String(budget), "--resting-gap", String(sceneOptions.restingGap),
            "--pour-walls", sceneOptions.pourWalls.rawValue,
        ]
        if let frames = sceneOptions.frames { arguments += ["--max-frames", String(frames)] }
        results.runs += try runHarness(arguments: arguments)
        results.print()
        try writeJSON(results, to: json)
    }

    /// Runs the harness with `arguments` (its progress goes to our standard error) and decodes its JSON Lines.
    private func runHarness(arguments: [String]) throws -> [CollisionRun] {
        FileHandle.standardError.write(Data("\(peersBinary) \(arguments.joined(separator: " "))\n".utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: peersBinary)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError("\(peersBinary) exited with status \(process.terminationStatus)")
        }
        let decoder = JSONDecoder()
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            do {
                return try decoder.decode(CollisionRun.self, from: Data(line.utf8))
            } catch {
                throw ValidationError("could not read the harness's line \(line): \(error)")
            }
        }
    }
}
