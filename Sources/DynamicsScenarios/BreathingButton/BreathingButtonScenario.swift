// The breathing button, played: a press kicks the button's size through a position-to-bounds mapping on a
// 2 Hz spring; it grows and shrinks, then settles and the animator pauses.
import Dynamics
package import Foundation

/// The bounds-mapping button, scripted frame by frame.
@MainActor
package enum BreathingButtonScenario {
    package static let name = "breathing-button"
    package static let title = "The breathing button"

    /// What the run measured.
    package struct Outcome {
        package var recording: ScenarioRecording
        /// Width and height minus the resting 300 × 200, pt, after each frame.
        package var widthChanges: [Double]
        package var heightChanges: [Double]
        /// The button's centre after the run (the mapping must never move it).
        package var center: CGPoint
        package var pausedAtFrame: Int?
    }

    package static func run() -> Outcome {
        let controller = BoundsMappingViewController()
        controller.viewDidLoad()
        controller.viewDidLayoutSubviews()
        let recorder = ScenarioRecorder(
            name: name, title: title,
            summary: "A custom dynamic item maps the animator's position writes to the button's width and height. An "
                + "attachment (2 Hz, damping 0.1) holds the size; an instantaneous push at 45° kicks it, so the button "
                + "breathes and settles. The physics layer shows the body where it lives: at (width, height).",
            canvas: controller.view.frame)
        recorder.show(controller.button, as: "button", label: "Press")
        recorder.chart("width − 300", in: "Size change", unit: "pt")
        recorder.chart("height − 200", in: "Size change", unit: "pt")

        recorder.capture(root: controller.view, caption: "At rest, before the press", values: ["width − 300": 0, "height − 200": 0])
        controller.didPressButton(sender: controller.button)
        let animator = controller.animator!
        var widths: [Double] = [], heights: [Double] = []
        var pausedAtFrame: Int?
        for index in 1...(60 * 30) where pausedAtFrame.map({ index <= $0 + 20 }) ?? true {
            if animator.stepNotingPause() { pausedAtFrame = index }
            let width = Double(controller.button.bounds.width) - 300, height = Double(controller.button.bounds.height) - 200
            if pausedAtFrame == nil || pausedAtFrame == index {
                widths.append(width)
                heights.append(height)
            }
            recorder.capture(
                root: controller.view, animator: animator,
                caption: pausedAtFrame == nil ? "Pressed: the spring swings the size around 300 × 200" : "Settled: the animator paused",
                values: ["width − 300": width, "height − 200": height])
            if index == 8 { recorder.markPoster() }  // near the first swing's peak
        }
        let recording = recorder.finish(
            pausedAtFrame: pausedAtFrame, keyNumber: String(format: "grows up to +%.1f pt", widths.max() ?? 0))
        return Outcome(
            recording: recording, widthChanges: widths, heightChanges: heights, center: controller.button.center,
            pausedAtFrame: pausedAtFrame)
    }
}
