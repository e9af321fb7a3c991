// The tutorial's slide-in menu, played: a swipe right opens it (gravity sideways plus a push) until it stops
// at its boundary half-way across; a swipe left closes it against the other boundary.
import Dynamics
package import Foundation

/// The slide-in menu, frame by frame.
@MainActor
package enum SlideInMenuScenario {
    package static let name = "slide-in-menu"
    package static let title = "The slide-in menu"

    /// What the run measured.
    package struct Outcome {
        package var recording: ScenarioRecording
        /// The menu's right edge at its furthest and when it rested open, pt.
        package var furthestOpenEdge: CGFloat
        package var openEdge: CGFloat
        /// The menu's left edge once closed again, pt.
        package var closedEdge: CGFloat
        /// Frames from the swipe until the animator paused, opening and closing.
        package var openingFrames: Int?
        package var closingFrames: Int?
    }

    package static func run() -> Outcome {
        let controller = SlideInMenuViewController()
        controller.viewDidLoad()
        let menu = controller.menuView
        let recorder = ScenarioRecorder(
            name: name, title: title,
            summary: "A swipe right opens the menu: gravity to the right, a 20 N·s push, elasticity 0.4, and a boundary "
                + "half-way across where it stops. A swipe left sends it back against a boundary off screen.",
            canvas: controller.view.frame)
        recorder.show(controller.backgroundView, as: "dim")
        recorder.show(menu, as: "menu", label: "Menu")
        recorder.chart("right edge", in: "Menu's right edge", unit: "pt")
        let bar = controller.tabBarController.tabBar
        let barBox = ShownBox(
            center: bar.center, size: bar.bounds.size, transform: [1, 0, 0, 1], alpha: 1, shape: .rectangle, role: "bar",
            label: "tab bar")

        var furthest = menu.frame.maxX
        func play(frames: Int, caption: String) -> Int? {
            var paused: Int?
            for index in 1...frames {
                if controller.animator.stepNotingPause() { paused = index }
                furthest = max(furthest, menu.frame.maxX)
                recorder.capture(
                    root: controller.view, boxes: [barBox], animator: controller.animator,
                    caption: paused == nil ? caption : "At rest: the animator paused", values: ["right edge": Double(menu.frame.maxX)])
                if recorder.recording.posterFrame == 0 && index == 14 { recorder.markPoster() }  // half-way open
                if let paused, index >= paused + 20 { break }
            }
            return paused
        }
        for _ in 0..<10 {
            recorder.capture(root: controller.view, boxes: [barBox], caption: "Closed, off screen to the left", values: ["right edge": Double(menu.frame.maxX)])
        }
        controller.handleGesture(swipedRight: true)
        let opening = play(frames: 60 * 6, caption: "Swiped right: gravity and a push carry the menu to its boundary")
        let openEdge = menu.frame.maxX
        controller.handleGesture(swipedRight: false)
        let closing = play(frames: 60 * 6, caption: "Swiped left: it falls back against the boundary off screen")
        // The recording's frames: ten closed, then the opening's from 1.
        let recording = recorder.finish(
            pausedAtFrame: opening.map { $0 + 9 }, keyNumber: String(format: "rests open with its edge at %.1f pt", Double(openEdge)))
        return Outcome(
            recording: recording, furthestOpenEdge: furthest, openEdge: openEdge, closedEdge: menu.frame.minX,
            openingFrames: opening, closingFrames: closing)
    }
}
