// Drag and drop, played in three acts on one screen: the image is moved within the window, then copied into a
// tray through its item provider, then dropped on a locked area, which refuses it.
package import Dynamics
package import Foundation

/// Drag to move, copy and refuse, frame by frame.
@MainActor
package enum DragAndDropScenario {
    package static let name = "drag-and-drop"
    package static let title = "Drag and drop: move, copy, refuse"

    /// What the run measured.
    package struct Outcome {
        package var recording: ScenarioRecording
        /// What each release did: move, copy, forbidden.
        package var operations: [DropOperation]
        /// The image's centre after each act.
        package var imageCenters: [CGPoint]
        /// Image views in the tray at the end, and the copy's centre in the tray.
        package var copiesInTray: Int
        package var copyCenter: CGPoint?
        /// Subviews of the window at the end (image, tray, locked area).
        package var windowSubviews: Int
        /// Every delegate call, in order.
        package var log: [String]
    }

    package static func run() async -> Outcome {
        let controller = DragAndDropViewController()
        controller.viewDidLoad()
        let trayView = View(frame: CGRect(x: 0, y: 500, width: 375, height: 167))
        let lockedView = View(frame: CGRect(x: 255, y: 0, width: 120, height: 70))
        controller.view.addSubview(trayView)
        controller.view.addSubview(lockedView)
        let log: (String) -> Void = { controller.log.append($0) }
        let tray = CopyTray(view: trayView, record: log)
        let locked = LockedArea(view: lockedView, record: log)
        let driver = DragAndDropDriver(window: controller.view)
        let image = controller.dragImageView!

        let recorder = ScenarioRecorder(
            name: name, title: title,
            summary: "The article's drag and drop: the image is dragged and moved within the window (the drop delegate "
                + "animates it to the drop point), then dragged into a tray that copies it through its item provider, then "
                + "onto a locked area that proposes .forbidden, so nothing happens. The caption shows each delegate call.",
            canvas: controller.view.frame)
        recorder.show(trayView, as: "tray", label: "tray: copies")
        recorder.show(lockedView, as: "locked", label: "locked")
        recorder.show(image, as: "image", label: "madao")

        func capture(_ finger: CGPoint?, _ caption: String? = nil) {
            var preview: [ShownBox] = []
            if let finger, driver.isDragging {
                let operation = driver.proposedOperation
                preview.append(
                    ShownBox(
                        center: finger, size: image.bounds.size, transform: [1, 0, 0, 1], alpha: 0.6, shape: .rectangle,
                        role: operation == .forbidden ? "refused" : "preview", label: String(describing: operation)))
            }
            for copy in trayView.subviews.compactMap({ $0 as? ImageView }) {
                recorder.show(copy, as: "copy", label: copy.image?.name)
            }
            let last = controller.log.last.map { "delegate: \($0)" } ?? ""
            recorder.capture(
                root: controller.view, boxes: [], finger: finger, caption: caption ?? last)
            if !preview.isEmpty { recorder.appendToLastFrame(preview) }
        }
        /// One drag: touch `from`, move along a straight line to `to` in `frames` frames, release.
        func drag(from: CGPoint, to: CGPoint, frames: Int) -> DropOperation {
            guard driver.beginDrag(at: from) else { return .cancel }
            capture(from)
            for k in 1...frames {
                let t = CGFloat(k) / CGFloat(frames)
                let point = CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
                driver.move(to: point)
                capture(point)
                if driver.targetView === trayView && recorder.recording.posterFrame == 0 { recorder.markPoster() }
            }
            let operation = driver.release()
            capture(nil, "Released: \(operation)")
            return operation
        }

        for _ in 0..<15 { capture(nil, "The image, a tray that copies, and a locked area") }
        var operations: [DropOperation] = [], centers: [CGPoint] = []
        // Act 1: move within the window.
        operations.append(drag(from: CGPoint(x: 90, y: 120), to: CGPoint(x: 200, y: 330), frames: 40))
        centers.append(image.center)
        for _ in 0..<20 { capture(nil, "Moved: the window's drop delegate put the image where the finger lifted") }
        // Act 2: copy into the tray; the copy arrives from the item provider, asynchronously.
        operations.append(drag(from: image.center, to: CGPoint(x: 120, y: 580), frames: 40))
        centers.append(image.center)
        let deadline = ContinuousClock.now + .seconds(5)
        while trayView.subviews.isEmpty && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(2)) }
        for _ in 0..<20 { capture(nil, "Copied: the tray loaded the image from the provider into a new view") }
        // Act 3: the locked area refuses.
        operations.append(drag(from: image.center, to: CGPoint(x: 315, y: 35), frames: 40))
        centers.append(image.center)
        for _ in 0..<20 { capture(nil, "Refused: the locked area proposed .forbidden, nothing moved") }
        _ = (tray, locked)  // the drop delegates live as long as the scene

        let copies = trayView.subviews.compactMap { $0 as? ImageView }
        let recording = recorder.finish(
            pausedAtFrame: nil, keyNumber: operations.map { String(describing: $0) }.joined(separator: ", "))
        return Outcome(
            recording: recording, operations: operations, imageCenters: centers, copiesInTray: copies.count,
            copyCenter: copies.first?.center, windowSubviews: controller.view.subviews.count, log: controller.log)
    }
}
