import Dynamics
import Foundation
import Testing

/// Seed 000: a composite behavior of four corner attachments (frequency 8, damping 0.6, a 40 × 40 square
/// around the touch) per dragged cell, a higher-level drag behavior holding one per cell, a flow layout whose
/// cells come from the animator while dragging, and the delegate's pause ending the drag.
@MainActor
final class RectangleAttachmentBehavior: DynamicBehavior {
    init(item: any DynamicItem, point: CGPoint) {
        super.init()
        for corner in Self.corners(around: point) {
            let attachment = AttachmentBehavior(item: item, attachedToAnchor: corner)
            attachment.frequency = 8
            attachment.damping = 0.6
            addChildBehavior(attachment)
        }
    }

    func updateAttachmentLocation(with point: CGPoint) {
        let attachments = childBehaviors.compactMap { $0 as? AttachmentBehavior }
        for (attachment, corner) in zip(attachments, Self.corners(around: point)) {
            attachment.anchorPoint = corner
        }
    }

    static func corners(around p: CGPoint) -> [CGPoint] {
        [CGPoint(x: p.x - 20, y: p.y - 20), CGPoint(x: p.x + 20, y: p.y - 20),
         CGPoint(x: p.x - 20, y: p.y + 20), CGPoint(x: p.x + 20, y: p.y + 20)]
    }
}

@MainActor
final class DragBehavior: DynamicBehavior {
    init(items: [any DynamicItem], point: CGPoint) {
        super.init()
        for item in items { addChildBehavior(RectangleAttachmentBehavior(item: item, point: point)) }
    }

    func updateDragLocation(with point: CGPoint) {
        for child in childBehaviors.compactMap({ $0 as? RectangleAttachmentBehavior }) {
            child.updateAttachmentLocation(with: point)
        }
    }
}

@MainActor
final class DraggableLayout: CollectionViewFlowLayout, DynamicAnimatorDelegate {
    var animator: DynamicAnimator?
    var dragBehavior: DragBehavior?
    var dragged: [CollectionViewLayoutAttributes] = []
    var startPoint = CGPoint.zero
    var pauses = 0
    var solver = SolverKind.accelerated

    func startDragging(indexPaths: [IndexPath], from point: CGPoint) {
        let animator = DynamicAnimator(collectionViewLayout: self, solver: solver)
        animator.delegate = self
        dragged = indexPaths.compactMap { layoutAttributesForItem(at: $0) }
        let drag = DragBehavior(items: dragged, point: point)
        animator.addBehavior(drag)
        self.animator = animator
        dragBehavior = drag
        startPoint = point
    }

    func updateDragLocation(_ point: CGPoint) { dragBehavior?.updateDragLocation(with: point) }

    func endDragging() { dragBehavior?.updateDragLocation(with: startPoint) }

    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        let draggedPaths = Set(dragged.map(\.indexPath))
        let resting = (super.layoutAttributesForElements(in: rect) ?? []).filter { !draggedPaths.contains($0.indexPath) }
        let moving = animator?.items(in: rect).compactMap { $0 as? CollectionViewLayoutAttributes } ?? []
        return resting + moving
    }

    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { pauses += 1 }
}

@MainActor
@Suite("Seed 000: dragging cells with corner attachments")
struct DragScenarioTests {
    @Test(arguments: [SolverKind.accelerated, .reference])
    func cellFollowsLagsAndReturns(solver: SolverKind) throws {
        let layout = DraggableLayout()
        layout.solver = solver
        layout.numberOfItems = 1000
        layout.collectionViewWidth = 375
        let path = IndexPath(item: 7, section: 0)
        let start = try #require(layout.layoutAttributesForItem(at: path)).center
        layout.startDragging(indexPaths: [path], from: start)
        let cell = layout.dragged[0]
        let animator = try #require(layout.animator)

        // Drag 200 pt right and 100 down over one second.
        let invalidationsBefore = layout.invalidationCount
        var maxLag = 0.0
        for frame in 1...60 {
            let t = CGFloat(frame) / 60
            let touch = CGPoint(x: start.x + 200 * t, y: start.y + 100 * t)
            layout.updateDragLocation(touch)
            animator.step(1.0 / 60.0)
            maxLag = max(maxLag, hypot(Double(touch.x - cell.center.x), Double(touch.y - cell.center.y)))
        }
        #expect(maxLag > 2, "the cell lags the finger (max lag \(maxLag) pt)")
        #expect(layout.invalidationCount == invalidationsBefore + 60, "each step invalidated the layout once")
        #expect(maxLag < 60, "but follows it")
        #expect(cell.center.x > start.x + 150, "the cell moved with the drag")
        let visible = try #require(layout.layoutAttributesForElements(in: CGRect(x: cell.center.x - 1, y: cell.center.y - 1, width: 2, height: 2)))
        #expect(visible.contains { $0 === cell }, "the layout reports the animated cell where it is")

        // Release: the anchors return to the start; within 2 s the cell is back within 0.5 pt.
        layout.endDragging()
        for _ in 0..<120 { animator.step(1.0 / 60.0) }
        let error = hypot(Double(cell.center.x - start.x), Double(cell.center.y - start.y))
        #expect(error <= 0.5, "back within \(error) pt")
        for _ in 0..<600 where animator.isRunning { animator.step(1.0 / 60.0) }
        #expect(!animator.isRunning)
        #expect(layout.pauses == 1, "the delegate hears the pause once")
    }
}
