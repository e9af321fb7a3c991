// The terminal's one-screen summary: one line per scenario.
import DynamicsScenarios
import Foundation

/// Prints `recording`'s line: title, frames, when the animator paused, and its key number.
func printSummaryLine(_ recording: ScenarioRecording, seconds: Double) {
    // Frames are counted from 1, as the page shows them.
    let paused = recording.pausedAtFrame.map {
        String(format: "paused at frame %d (%.2f s)", $0 + 1, Double($0) * recording.frameInterval)
    } ?? "no pause"
    let title = recording.title.padding(toLength: 34, withPad: " ", startingAt: 0)
    let frames = String(format: "%5d frames", recording.frames.count)
    print("\(title) \(frames)  \(paused.padding(toLength: 29, withPad: " ", startingAt: 0))  \(recording.keyNumber)")
}
