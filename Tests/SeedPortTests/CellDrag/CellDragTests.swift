// The corner-spring cell drag in a 1000-cell collection view: the selected cells follow the finger with a
// spring's lag, keep their places relative to each other, go back when the finger lifts, and the animator's
// pause clears the drag.
import Dynamics
@testable import DynamicsScenarios
import Foundation
import Testing

@MainActor
@Suite("The corner-spring cell drag")
struct CellDragTests {
    @Test("Dragged cells lag behind the finger, follow it, and spring back; the pause ends the drag")
    func dragFollowAndReturn() throws {
        let layout = DraggableLayout()
        let collectionView = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        let data = ThousandCells()
        collectionView.dataSource = data
        #expect(try #require(layout.layoutAttributesForElements(in: collectionView.bounds)).count == 6 * 12, "12 rows of 6 reach into the 667-pt height")

        // Select two cells (the article's didSelectItemAt), then long-press on the first.
        data.selectedIndexPaths = [IndexPath(item: 7, section: 0), IndexPath(item: 12, section: 0)]
        let start = try #require(collectionView.layoutAttributesForItem(at: data.selectedIndexPaths[0])).center
        let otherStart = try #require(collectionView.layoutAttributesForItem(at: data.selectedIndexPaths[1])).center
        #expect(start == CGPoint(x: 85, y: 85) && otherStart == CGPoint(x: 25, y: 145))
        layout.startDragging(indexPaths: data.selectedIndexPaths, from: start)  // .began
        let animator = try #require(layout.animator)
        let cells = try #require(layout.dragBehavior?.childBehaviors.compactMap {
            ($0.childBehaviors.first as? AttachmentBehavior)?.items.first as? CollectionViewLayoutAttributes
        })
        #expect(cells.map(\.indexPath) == data.selectedIndexPaths && cells.allSatisfy { $0.zIndex == 1 })

        // .changed: 200 pt right and 300 down over one second, then held for one second.
        var maxLag = 0.0
        var touch = start
        for index in 1...120 {
            let t = min(CGFloat(index) / 60, 1)
            touch = CGPoint(x: start.x + 200 * t, y: start.y + 300 * t)
            layout.updateDragLocation(touch)
            animator.step(frame)
            maxLag = max(maxLag, distance(cells[0].center, touch))
        }
        #expect(maxLag > 5 && maxLag < 60, "the cell trails the finger by up to \(maxLag) pt")
        #expect(distance(cells[0].center, touch) < 0.5, "and catches up once the finger stops")
        let offset = CGPoint(x: otherStart.x - start.x, y: otherStart.y - start.y)
        let otherTarget = CGPoint(x: touch.x + offset.x, y: touch.y + offset.y)
        #expect(distance(cells[1].center, otherTarget) < 0.5, "the other selected cell keeps its place beside it")

        // Where the cell is now, the collection view finds it (in front of the resting cell there), and the
        // layout lists it once.
        #expect(collectionView.indexPathForItem(at: cells[0].center) == data.selectedIndexPaths[0])
        let near = try #require(layout.layoutAttributesForElements(in: CGRect(x: touch.x - 1, y: touch.y - 1, width: 2, height: 2)))
        #expect(near.filter { $0.indexPath == data.selectedIndexPaths[0] }.count == 1)

        // .ended: the springs pull both back; the pause clears the drag.
        layout.endDragging()
        animator.runUntilPaused()
        #expect(!animator.isRunning)
        #expect(distance(cells[0].center, start) < 0.5 && distance(cells[1].center, otherStart) < 0.5)
        #expect(layout.animator == nil && layout.indexPathsForDraggingElements == nil && !layout.isFinishedDragging)
        #expect(collectionView.layoutAttributesForItem(at: data.selectedIndexPaths[0])?.zIndex == 0, "resting again")
    }
}
