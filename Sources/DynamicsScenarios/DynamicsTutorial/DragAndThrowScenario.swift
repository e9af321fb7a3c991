// The tutorial's drag and throw, played: a pan holds the image by the touched point on an attachment whose
// anchor follows the finger; a fast release throws it with a push and some spin, and the demo resets.
import Dynamics
package import Foundation

/// Drag and throw, frame by frame.
@MainActor
package enum DragAndThrowScenario {
    package static let name = "drag-and-throw"
    package static let title = "Drag and throw"

    /// What the run measured.
    package struct Outcome {
        package var recording: ScenarioRecording
        /// The image's resting centre.
        package var original: CGPoint
        /// The largest distance between the touched point of the image and the finger while dragging, pt.
        package var worstGap: Double
        /// How far the drag carried the image's centre, pt.
        package var dragged: Double
        /// The push's magnitude (N·s) and the image's speed one frame after the release, pt/s.
        package var pushMagnitude: CGFloat
        package var speedAfterRelease: Double
        /// True when the reset put the image back unturned with no behaviors left.
        package var resetRestored: Bool
    }

    /// Where the point `offset` from the view's centre (in its unrotated frame) is now, turned with the view.
    static func pointHeld(on view: View, offset: CGPoint) -> CGPoint {
        let angle = Double(view.transform.rotationAngle)
        return CGPoint(
            x: view.center.x + offset.x * CGFloat(cos(angle)) - offset.y * CGFloat(sin(angle)),
            y: view.center.y + offset.x * CGFloat(sin(angle)) + offset.y * CGFloat(cos(angle)))
    }

    package static func run() -> Outcome {
        let controller = ThrowViewController()
        controller.viewDidLoad()
        let image = controller.imageView
        let original = image.center
        let recorder = ScenarioRecorder(
            name: name, title: title,
            summary: "A pan holds the image by the touched point: an attachment from that point to an anchor that follows "
                + "the finger. Released faster than 1000 pt/s, the image is thrown by an instantaneous push of |v|/15 N·s "
                + "with a random spin; 0.3 s later the demo resets.",
            canvas: controller.view.frame)
        recorder.show(image, as: "image", label: "image")
        recorder.track(frames: 30) { image.center }
        recorder.show(controller.redView, as: "anchor", shape: .ellipse)
        recorder.show(controller.blueView, as: "touch", shape: .ellipse)
        recorder.chart("image speed", in: "Speed", unit: "pt/s")

        var previousCenter = image.center
        func capture(_ finger: CGPoint?, _ caption: String) {
            let speed = distance(image.center, previousCenter) / frame
            previousCenter = image.center
            recorder.capture(
                root: controller.view, animator: controller.animator, finger: finger, caption: caption, values: ["image speed": speed])
        }
        for _ in 0..<15 { capture(nil, "The image at rest") }

        // .began on the image, away from its centre; .changed for half a second, 100 pt right and 60 pt up.
        let touch = CGPoint(x: 250, y: 260)
        controller.handleAttachmentGesture(.began, location: touch, boxLocation: image.convert(touch, from: controller.view), velocity: .zero)
        let animator = controller.animator!
        let offset = CGPoint(x: touch.x - original.x, y: touch.y - original.y)
        var worstGap = 0.0
        var finger = touch
        for index in 1...30 {
            finger = CGPoint(x: touch.x + CGFloat(index) * 100 / 30, y: touch.y - CGFloat(index) * 60 / 30)
            controller.handleAttachmentGesture(.changed, location: finger, boxLocation: .zero, velocity: .zero)
            animator.step(frame)
            worstGap = max(worstGap, distance(pointHeld(on: image, offset: offset), finger))
            capture(finger, "Dragging: the attachment's anchor (red) follows the finger")
            if index == 20 { recorder.markPoster() }
        }
        let dragged = distance(image.center, original)

        // .ended at 1500 pt/s up and to the right: thrown.
        controller.handleAttachmentGesture(.ended, location: finger, boxLocation: .zero, velocity: CGPoint(x: 1200, y: -900))
        let pushMagnitude = controller.pushBehavior?.magnitude ?? 0
        animator.step(frame)
        let v = controller.itemBehavior?.linearVelocity(for: image) ?? .zero
        let speedAfterRelease = hypot(Double(v.x), Double(v.y))
        capture(nil, "Released at 1500 pt/s: a push throws the image, spinning")
        for _ in 0..<17 {
            animator.step(frame)
            capture(nil, "Thrown: it flies with the push and the spin")
        }
        // The article's reset, 0.3 s after the throw.
        controller.resetDemo()
        previousCenter = image.center  // the reset puts it back at once: no speed to chart
        let resetRestored = image.center == original && image.transform == .identity && animator.behaviors.isEmpty
        for _ in 0..<30 { capture(nil, "Reset: the image is back") }
        let recording = recorder.finish(
            pausedAtFrame: nil, keyNumber: String(format: "thrown at %.0f pt/s", speedAfterRelease))
        return Outcome(
            recording: recording, original: original, worstGap: worstGap, dragged: dragged, pushMagnitude: pushMagnitude,
            speedAfterRelease: speedAfterRelease, resetRestored: resetRestored)
    }
}
