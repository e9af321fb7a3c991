// The collection-view spring drag, played: a 1000-cell flow layout, three selected cells dragged by one finger
// on four corner springs each, released, pulled home; the animator's pause ends the drag.
package import Dynamics
package import Foundation

/// The collection-view spring drag, scripted frame by frame.
@MainActor
package enum CollectionViewSpringDragScenario {
    package static let name = "collection-view-spring-drag"
    package static let title = "The collection-view spring drag"

    /// What the run measured.
    package struct Outcome {
        package var recording: ScenarioRecording
        /// Cells in the collection view.
        package var cellCount: Int
        /// The selected cells' index paths, in the order they were dragged.
        package var dragged: [IndexPath]
        /// Where the lead cell rested before the drag, and where the finger was when it lifted.
        package var start: CGPoint
        package var release: CGPoint
        /// The largest distance between the lead cell and the finger while the finger moved, pt.
        package var maximumLag: Double
        /// The lead cell's distance from the finger just before it lifted, pt.
        package var lagAtRelease: Double
        /// How far each dragged cell ended from its resting place, pt.
        package var homeErrors: [Double]
        /// The frame at which the animator paused.
        package var pausedAtFrame: Int?
        /// True when the pause cleared the drag (no animator, no dragged index paths).
        package var dragCleared: Bool
    }

    /// The finger: down on the lead cell, 200 pt right and 300 pt down in one second, a hold, a swing back
    /// left and up, a hold, then it lifts (frames 0…119 move, 120 lifts).
    static func finger(at frameIndex: Int, from start: CGPoint) -> CGPoint {
        func lerp(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
            let s = CGFloat(t * t * (3 - 2 * t))  // eased, as a hand moves
            return CGPoint(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s)
        }
        let far = CGPoint(x: start.x + 200, y: start.y + 300)
        let back = CGPoint(x: start.x + 60, y: start.y + 180)
        switch frameIndex {
        case ..<60: return lerp(start, far, Double(frameIndex) / 60)
        case ..<80: return far
        case ..<105: return lerp(far, back, Double(frameIndex - 80) / 25)
        default: return back
        }
    }

    /// Frames the finger is down.
    static let fingerFrames = 120

    package static func run() -> Outcome {
        let layout = DraggableLayout()
        let collectionView = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        let data = ThousandCells()
        collectionView.dataSource = data
        let recorder = ScenarioRecorder(
            name: name, title: title,
            summary: "1,000 cells in a flow layout. Three selected cells follow one finger on four springs each (8 Hz, "
                + "damping 0.6, to the corners of a 40 × 40 square around the touch), lag behind it, and spring home when "
                + "it lifts; the animator's pause ends the drag.",
            canvas: collectionView.frame)
        recorder.chart("lead cell", in: "Distance from where the springs pull", unit: "pt")
        recorder.chart("finger speed / 10", in: "Distance from where the springs pull", unit: "pt")

        // The article's didSelectItemAt, then a long press on the first selected cell.
        data.selectedIndexPaths = [IndexPath(item: 7, section: 0), IndexPath(item: 12, section: 0), IndexPath(item: 14, section: 0)]
        let start = collectionView.layoutAttributesForItem(at: data.selectedIndexPaths[0])!.center
        let homes = data.selectedIndexPaths.map { collectionView.layoutAttributesForItem(at: $0)!.center }
        layout.startDragging(indexPaths: data.selectedIndexPaths, from: start)
        let animator = layout.animator!
        let cells = animator.items(in: collectionView.bounds).compactMap { $0 as? CollectionViewLayoutAttributes }
        let lead = cells.first { $0.indexPath == data.selectedIndexPaths[0] }!

        recorder.track(frames: 40) { lead.center }

        func boxes() -> [ShownBox] {
            let shown = (layout.layoutAttributesForElements(in: collectionView.bounds) ?? []).sorted { $0.zIndex < $1.zIndex }
            return shown.map { cell in
                ShownBox(cell: cell, role: cell.zIndex > 0 ? "dragged" : "item", label: String(cell.indexPath.item))
            }
        }

        var maximumLag = 0.0, lagAtRelease = 0.0, pausedAtFrame: Int?
        var touch = start
        var frameIndex = 0
        while frameIndex < fingerFrames + 60 * 10 {
            let fingerDown = frameIndex < fingerFrames
            let previous = touch
            if fingerDown {
                touch = finger(at: frameIndex, from: start)
                layout.updateDragLocation(touch)  // .changed
            } else if frameIndex == fingerFrames {
                lagAtRelease = distance(lead.center, touch)
                layout.endDragging()  // .ended
            }
            if animator.stepNotingPause() { pausedAtFrame = frameIndex }
            let target = fingerDown ? touch : start
            if fingerDown { maximumLag = max(maximumLag, distance(lead.center, touch)) }
            let caption = fingerDown
                ? "Finger down: the selected cells trail it on their springs"
                : pausedAtFrame == nil ? "Finger lifted: the springs pull the cells home" : "At rest: the animator paused and the drag is over"
            recorder.capture(
                boxes: boxes(), animator: layout.animator, finger: fingerDown ? touch : nil, caption: caption,
                values: [
                    "lead cell": distance(lead.center, target),
                    "finger speed / 10": fingerDown ? distance(touch, previous) / frame / 10 : .nan,
                ])
            if frameIndex == 70 { recorder.markPoster() }  // the finger held far away, the cells trailing in
            frameIndex += 1
            if let paused = pausedAtFrame, frameIndex > paused + 20 { break }
        }
        // Measured on the animator's own attributes: once the drag is cleared the layout shows its resting ones.
        let homeErrors = zip(data.selectedIndexPaths, homes).map { indexPath, home in
            distance(cells.first { $0.indexPath == indexPath }!.center, home)
        }
        let recording = recorder.finish(
            pausedAtFrame: pausedAtFrame,
            keyNumber: String(format: "lag up to %.1f pt; home within %.3f pt", maximumLag, homeErrors.max() ?? 0))
        return Outcome(
            recording: recording, cellCount: collectionView.numberOfItems(inSection: 0), dragged: cells.map(\.indexPath),
            start: start, release: touch, maximumLag: maximumLag, lagAtRelease: lagAtRelease, homeErrors: homeErrors,
            pausedAtFrame: pausedAtFrame, dragCleared: layout.animator == nil && layout.indexPathsForDraggingElements == nil)
    }
}
