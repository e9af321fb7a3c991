// The tutorial's tap to snap, played: each tap snaps the square there with damping 0.3, so it overshoots and
// settles; a tap mid-flight replaces the snap.
import Dynamics
import Foundation

/// Tap to snap, frame by frame.
@MainActor
package enum TapToSnapScenario {
    package static let name = "tap-to-snap"
    package static let title = "Tap to snap"

    /// The taps: where, and at which frame.
    static let taps: [(frame: Int, point: CGPoint)] = [(10, CGPoint(x: 100, y: 500)), (130, CGPoint(x: 300, y: 150)), (142, CGPoint(x: 250, y: 250))]

    /// What the run measured.
    package struct Outcome {
        package var recording: ScenarioRecording
        /// How far the square flew past the first tap, pt.
        package var firstOvershoot: Double
        /// Its distance from the first tap just before the second, pt.
        package var firstSettleError: Double
        /// Its distance from the last tap at the end, pt.
        package var finalError: Double
        /// Snap behaviors in the animator at the end (one at a time).
        package var snapCount: Int
        package var pausedAtFrame: Int?
    }

    package static func run() -> Outcome {
        let controller = TapToSnapViewController()
        controller.viewDidLoad()
        let square = controller.purpleView
        let recorder = ScenarioRecorder(
            name: name, title: title,
            summary: "Each tap snaps the square to the tap with damping 0.3: it overshoots, swings back and settles. A "
                + "second tap mid-flight replaces the snap.",
            canvas: controller.view.frame)
        recorder.show(square, as: "square")
        recorder.track(frames: 40) { square.center }
        recorder.chart("distance to the snap point", in: "Distance to the snap point", unit: "pt")

        var target: CGPoint?
        var firstOvershoot = 0.0, firstSettleError = 0.0
        var pausedAtFrame: Int?
        var index = 0
        while index < 60 * 12 {
            if let tap = taps.first(where: { $0.frame == index }) {
                if tap.frame == taps[1].frame, let target { firstSettleError = distance(square.center, target) }
                controller.handleTapGesture(at: tap.point)  // the tap recognizer's action
                target = tap.point
                pausedAtFrame = nil
            }
            if controller.animator.stepNotingPause() { pausedAtFrame = index }
            if let target, target == taps[0].point {
                let start = CGPoint(x: 187.5, y: 333.5)
                let length = distance(target, start)
                let along = ((square.center.x - target.x) * (target.x - start.x) + (square.center.y - target.y) * (target.y - start.y)) / CGFloat(length)
                firstOvershoot = max(firstOvershoot, Double(along))
            }
            let tapping = taps.contains { index >= $0.frame && index < $0.frame + 6 }
            recorder.capture(
                root: controller.view, animator: controller.animator, finger: tapping ? target : nil,
                caption: target == nil ? "Waiting for a tap" : pausedAtFrame == nil ? "Snapping (damping 0.3): it overshoots and settles" : "Settled: the animator paused",
                values: ["distance to the snap point": target.map { distance(square.center, $0) } ?? .nan])
            if index == 24 { recorder.markPoster() }  // past the first tap, overshooting
            index += 1
            if let paused = pausedAtFrame, index > taps.last!.frame, index > paused + 20 { break }
        }
        let recording = recorder.finish(
            pausedAtFrame: pausedAtFrame, keyNumber: String(format: "overshoots %.1f pt", firstOvershoot))
        return Outcome(
            recording: recording, firstOvershoot: firstOvershoot, firstSettleError: firstSettleError,
            finalError: distance(square.center, taps.last!.point),
            snapCount: controller.animator.behaviors.filter { $0 is SnapBehavior }.count, pausedAtFrame: pausedAtFrame)
    }
}
