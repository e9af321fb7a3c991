// The drag-to-reorder grid, played both ways the article shows: the layout moving a snapshot itself, and the
// collection view's interactive movement. Three drags: forward, backward, across rows; then "i", which may
// not move, is pressed and nothing happens.
import Dynamics
package import Foundation

/// The reorder grid, frame by frame, one approach per run.
@MainActor
package enum ReorderScenario {
    /// The drags, as slots the finger passes through.
    static let drags = [[0, 1, 2], [5, 4, 3], [1, 4, 7]]
    /// Finger positions per path stop (so each stop takes this many frames).
    static let stepsPerStop = 8

    package static func name(_ approach: ReorderApproach) -> String {
        switch approach {
        case .layoutMovesCells: "reorder-snapshot"
        case .interactiveMovement: "reorder-interactive"
        }
    }

    package static func title(_ approach: ReorderApproach) -> String {
        switch approach {
        case .layoutMovesCells: "Reorder by moving a snapshot"
        case .interactiveMovement: "Reorder with interactive movement"
        }
    }

    /// What the run measured.
    package struct Outcome {
        package var recording: ScenarioRecording
        /// The letters after each drag, and at the end.
        package var ordersAfterDrags: [String]
        package var finalOrder: String
        /// Every (from, to) row the data source was told.
        package var reports: [(from: Int, to: Int)]
        /// Slot origins after the drags (the grid must be whole again).
        package var slotOrigins: [CGPoint]
    }

    package static func run(_ approach: ReorderApproach) -> Outcome {
        let grid = ReorderGrid()
        let (layout, collectionView, data) = (grid.layout, grid.collectionView, grid.data)
        let recorder = ScenarioRecorder(
            name: name(approach), title: title(approach),
            summary: approach == .layoutMovesCells
                ? "Before iOS 9: a long press lifts a snapshot of the cell (1.2×, 80 % opaque) that follows the finger; "
                    + "the layout re-flows the grid whenever the finger enters another slot and tells the data source "
                    + "(from, to) when the finger lifts."
                : "iOS 9's interactive movement: the collection view moves the cell (shown 1.2× under the finger), asks "
                    + "the layout for the target index path as the finger moves, and moves the data when the finger lifts.",
            canvas: collectionView.frame)
        recorder.chart("finger x", in: "Finger", unit: "pt")
        recorder.chart("finger y", in: "Finger", unit: "pt")

        var moving: (start: Int, current: Int)?
        func boxes() -> [ShownBox] {
            var letters = data.items
            if let moving { letters.insert(letters.remove(at: moving.start), at: moving.current) }
            let cells = (0..<data.items.count).compactMap { row -> (CollectionViewLayoutAttributes, String)? in
                let attributes = approach == .layoutMovesCells
                    ? layout.attributesArray.first { $0.indexPath.row == row }
                    : collectionView.layoutAttributesForItem(at: IndexPath(row: row, section: 0))
                return attributes.map { ($0, approach == .layoutMovesCells ? data.items[row] : letters[row]) }
            }
            // The moving cell last, in front; a slot left empty for the dragged item as a ghost.
            let ordered = cells.sorted { ($0.0.transform != .identity ? 1 : 0) < ($1.0.transform != .identity ? 1 : 0) }
            var boxes = ordered.map { attributes, letter in
                ShownBox(
                    cell: attributes, role: attributes.alpha == 0 ? "ghost" : attributes.transform != .identity ? "dragged" : "item",
                    label: letter)
            }
            for k in boxes.indices where boxes[k].role == "ghost" { boxes[k].alpha = 1 }
            if let snapshot = layout.dragSnapView, let start = layout.startDragIndexPath {
                let t = snapshot.transform
                boxes.append(
                    ShownBox(
                        center: snapshot.center, size: snapshot.bounds.size, transform: [t.a, t.b, t.c, t.d].map(Double.init),
                        alpha: Double(snapshot.alpha), shape: .rectangle, role: "dragged", label: data.items[start.row]))
            }
            return boxes
        }
        func capture(_ finger: CGPoint?, _ caption: String) {
            recorder.capture(
                boxes: boxes(), finger: finger, caption: caption,
                values: ["finger x": finger.map { Double($0.x) } ?? .nan, "finger y": finger.map { Double($0.y) } ?? .nan])
        }
        func press(_ state: GestureState, _ point: CGPoint) {
            switch approach {
            case .layoutMovesCells: layout.longPress(state, at: point)
            case .interactiveMovement: layout.interactiveLongPress(state, at: point)
            }
        }

        for _ in 0..<15 { capture(nil, "The grid: \(data.order)") }
        var orders: [String] = []
        for slots in drags {
            let first = ReorderGrid.slot(slots[0])
            press(.began, first)
            moving = approach == .interactiveMovement ? (slots[0], slots[0]) : nil
            for _ in 0..<10 { capture(first, "Long press on “\(data.items[slots[0]])”: it lifts") }
            for (k, point) in ReorderGrid.smoothPath(through: slots, steps: stepsPerStop).enumerated() {
                press(.changed, point)
                if let current = moving?.current { moving?.current = layout.getIndexPath(withPosition: point)?.row ?? current }
                capture(point, "Dragging “\(data.items[slots[0]])” through slots \(slots.map(String.init).joined(separator: " → "))")
                if slots == drags[2] && k == stepsPerStop * 2 + 3 { recorder.markPoster() }  // the third drag, a row down
            }
            press(.ended, ReorderGrid.slot(slots.last!))
            moving = nil
            orders.append(data.order)
            for _ in 0..<20 { capture(nil, "Dropped: the data is now \(data.order)") }
        }
        // "i" may not move: nothing lifts.
        press(.began, ReorderGrid.slot(8))
        for _ in 0..<20 { capture(ReorderGrid.slot(8), "“i” may not move: the long press does nothing") }
        press(.ended, ReorderGrid.slot(8))
        for _ in 0..<10 { capture(nil, "Final order: \(data.order)") }

        let recording = recorder.finish(pausedAtFrame: nil, keyNumber: "order \(data.order)")
        return Outcome(
            recording: recording, ordersAfterDrags: orders, finalOrder: data.order,
            reports: data.reports.map { ($0.from.row, $0.to.row) }, slotOrigins: layout.attributesArray.map(\.frame.origin))
    }
}
