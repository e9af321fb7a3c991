// dynamics-demo: plays every scenario, records it from the animator frame by frame, and writes one
// self-contained HTML page that replays them (no network: data inline, drawn as SVG).
//
//   swift run dynamics-demo                                   # every scenario → .build/demo/index.html
//   swift run dynamics-demo --output PATH                     # the page somewhere else
//   swift run dynamics-demo --scenario NAME --frames N --svg PATH   # frame N of one scenario as SVG
//   swift run dynamics-demo --list                            # the scenarios' names
//   swift run dynamics-demo free-fall [--real-time] [--uikit] [--solver reference]   # the free-fall table
import DynamicsScenarios
import Foundation

@MainActor
func runDemo() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "free-fall" {
        runFreeFall(Array(arguments.dropFirst()))
        return
    }
    let options = DemoOptions.parse(arguments)
    if options.list {
        for entry in ScenarioCatalog.all { print("\(entry.name)\t\(entry.title)") }
        return
    }
    if let svgPath = options.svgPath {
        await writeFrameSVG(options: options, to: svgPath)
        return
    }
    var recordings: [ScenarioRecording] = []
    for entry in ScenarioCatalog.all where options.scenario.map({ $0 == entry.name }) ?? true {
        let started = ContinuousClock.now
        let recording = await entry.record()
        recordings.append(recording)
        printSummaryLine(recording, seconds: (ContinuousClock.now - started).seconds)
    }
    let page = DemoPage(recordings: recordings).html()
    let url = URL(fileURLWithPath: options.outputPath)
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try page.write(to: url, atomically: true, encoding: .utf8)
    } catch {
        fail("could not write \(options.outputPath): \(error)")
    }
    let frames = recordings.reduce(0) { $0 + $1.frames.count }
    print("")
    print("\(recordings.count) scenarios, \(frames) frames, \(page.utf8.count / 1024) KiB of self-contained HTML.")
    print("Open it in a browser: \(url.standardizedFileURL.path)")
}

/// Plays the scenario and writes frame `--frames` as an SVG file.
@MainActor
func writeFrameSVG(options: DemoOptions, to path: String) async {
    guard let name = options.scenario, let entry = ScenarioCatalog.entry(named: name) else {
        fail("--svg needs --scenario NAME, one of: \(ScenarioCatalog.all.map(\.name).joined(separator: ", ")) (got \(options.scenario ?? "none"))")
    }
    let recording = await entry.record()
    let count = options.frames ?? recording.posterFrame + 1
    guard count >= 1 && count <= recording.frames.count else {
        fail("--frames must be 1…\(recording.frames.count) for \(name) (got \(count))")
    }
    let svg = FrameSVG(recording: recording, frameIndex: count - 1).document()
    do {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try svg.write(to: url, atomically: true, encoding: .utf8)
    } catch {
        fail("could not write \(path): \(error)")
    }
    print("\(recording.title): frame \(count) of \(recording.frames.count) (t = \(String(format: "%.2f", recording.frames[count - 1].time)) s) → \(path)")
}

/// Stops with `message` on standard error and exit status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("dynamics-demo: \(message)\n".utf8))
    exit(1)
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}

await runDemo()
