// The tutorial's falling ball, played: gravity pulls the ball onto the tab bar's top edge, it bounces with
// elasticity 0.7, comes to rest, and the animator pauses.
import Dynamics
package import Foundation

/// The falling ball, frame by frame.
@MainActor
package enum FallingBallScenario {
    package static let name = "falling-ball"
    package static let title = "The falling ball"

    /// What the run measured.
    package struct Outcome {
        package var recording: ScenarioRecording
        /// The ball's centre before the first step, and the tab bar's top edge, pt.
        package var startCenter: CGPoint
        package var barTop: CGFloat
        /// The ball's lowest bottom edge, pt (never below the bar).
        package var lowestBottom: CGFloat
        /// The height the first bounce reached, as a fraction of the drop.
        package var firstReboundRatio: Double
        /// The ball's bottom edge at the end, pt.
        package var finalBottom: CGFloat
        /// Energy per kilogram (J/kg, taking 100 pt = 1 m and the bar's top as zero height) at the start and end.
        package var initialEnergy: Double
        package var finalEnergy: Double
        package var pausedAtFrame: Int?
    }

    package static func run() -> Outcome {
        let controller = FallingBallViewController()
        controller.viewDidLoad()
        let ball = controller.orangeBall!
        let animator = controller.animator!
        let bar = controller.tabBarController.tabBar
        let properties = animator.behaviors.compactMap { $0 as? DynamicItemBehavior }.first!
        let recorder = ScenarioRecorder(
            name: name, title: title,
            summary: "Gravity pulls a 50 × 50 ball onto a boundary along the tab bar's top edge. Elasticity 0.7 makes it "
                + "bounce lower each time until it rests and the animator pauses.",
            canvas: controller.view.frame)
        recorder.show(ball, as: "ball", shape: .ellipse)
        recorder.track(frames: 60) { ball.center }
        recorder.chart("height above the bar", in: "Height", unit: "pt")
        recorder.chart("energy", in: "Energy per kilogram", unit: "J/kg")
        let barBox = ShownBox(
            center: bar.center, size: bar.bounds.size, transform: [1, 0, 0, 1], alpha: 1, shape: .rectangle, role: "bar",
            label: "tab bar")

        let startCenter = ball.center
        let drop = Double(bar.frame.minY - ball.frame.maxY)
        var lowest = ball.frame.maxY
        var apex = CGFloat.infinity, previousY = ball.center.y, bounced = false, apexFound = false
        var pausedAtFrame: Int?
        func energy() -> Double {
            // ½v² + g·h with v in m/s, h in m, g = 10 m/s² (UIKit's 1000 pt/s²).
            let v = properties.linearVelocity(for: ball)
            let speed = hypot(Double(v.x), Double(v.y)) / 100
            return 0.5 * speed * speed + 10 * Double(bar.frame.minY - ball.frame.maxY) / 100
        }
        func capture(_ caption: String) {
            recorder.capture(
                root: controller.view, boxes: [barBox], animator: animator, caption: caption,
                values: ["height above the bar": Double(bar.frame.minY - ball.frame.maxY), "energy": energy()])
        }
        let initialEnergy = energy()
        capture("The ball hangs at y = 125 before the first step")
        for index in 1...(60 * 20) where pausedAtFrame.map({ index <= $0 + 20 }) ?? true {
            if animator.stepNotingPause() { pausedAtFrame = index }
            let y = ball.center.y
            lowest = max(lowest, ball.frame.maxY)
            if !bounced, y < previousY { bounced = true }
            if bounced, !apexFound {
                if y > previousY { apexFound = true } else { apex = min(apex, y) }
            }
            previousY = y
            capture(pausedAtFrame == nil ? (bounced ? "Bouncing on the tab bar (elasticity 0.7)" : "Falling under gravity") : "At rest on the tab bar: the animator paused")
            if recorder.recording.posterFrame == 0, recorder.recording.frames.last?.physics?.contacts.isEmpty == false {
                recorder.markPoster()  // the first touch, with its contact point and normal
            }
        }
        let ratio = Double(bar.frame.minY - 25 - apex) / drop
        let recording = recorder.finish(
            pausedAtFrame: pausedAtFrame, keyNumber: String(format: "first rebound %.1f %% of the drop", 100 * ratio))
        return Outcome(
            recording: recording, startCenter: startCenter, barTop: bar.frame.minY, lowestBottom: lowest,
            firstReboundRatio: ratio, finalBottom: ball.frame.maxY, initialEnergy: initialEnergy,
            finalEnergy: energy(), pausedAtFrame: pausedAtFrame)
    }
}
