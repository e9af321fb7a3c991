// The headless collection view: counts from the data source laid out by the flow layout, point and visibility
// queries, moveItem, and UIKit's interactive movement (begin / update / end / cancel) with the layout's default
// hooks, the delegate's say, and the data source told once at the end.
import Dynamics
import Foundation
import Testing

/// Sections of labels; records every move it is told about and applies it.
@MainActor
final class LabelDataSource: CollectionViewDataSource {
    var sections: [[String]]
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var immovable: Set<IndexPath> = []

    init(_ sections: [[String]]) { self.sections = sections }

    /// One section of `count` labels "0", "1", ….
    convenience init(count: Int) { self.init([(0..<count).map(String.init)]) }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }

    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        !immovable.contains(indexPath)
    }

    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append((sourceIndexPath, destinationIndexPath))
        let label = sections[sourceIndexPath.section].remove(at: sourceIndexPath.item)
        sections[destinationIndexPath.section].insert(label, at: destinationIndexPath.item)
    }

    /// The labels of section `section` joined by spaces.
    func order(_ section: Int = 0) -> String { sections[section].joined(separator: " ") }
}

/// Refuses to let anything move into the first slot of a section.
@MainActor
final class KeepFirstSlotDelegate: CollectionViewDelegate {
    var proposals: [(IndexPath, IndexPath)] = []
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        proposals.append((originalIndexPath, proposedIndexPath))
        return proposedIndexPath.item == 0 ? originalIndexPath : proposedIndexPath
    }
}

/// A layout that counts `prepare()` calls.
@MainActor
final class CountingFlowLayout: CollectionViewFlowLayout {
    var preparations = 0
    override func prepare() { preparations += 1 }
}

/// A 320 × 480 collection view showing `dataSource` on a flow layout of 50 × 50 cells 10 apart (5 columns,
/// 60 pt pitch). The collection view holds the data source weakly: keep it.
@MainActor
func makeCollectionView(_ dataSource: LabelDataSource) -> CollectionView {
    let collectionView = CollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: CollectionViewFlowLayout())
    collectionView.dataSource = dataSource
    return collectionView
}

@MainActor
@Suite("Collection view")
struct CollectionViewTests {
    /// The centre of slot `item` in the 5-column grid of section 0.
    private func slot(_ item: Int) -> CGPoint {
        CGPoint(x: CGFloat(item % 5) * 60 + 25, y: CGFloat(item / 5) * 60 + 25)
    }

    /// Begins moving `item`, passes the finger through `path` (slot indices), and returns the movement's last
    /// shown attributes.
    @discardableResult
    private func drag(_ collectionView: CollectionView, item: Int, through path: [Int]) throws -> CollectionViewLayoutAttributes {
        #expect(collectionView.beginInteractiveMovementForItem(at: IndexPath(item: item, section: 0)))
        var current = item
        for target in path {
            // Two points per slot: on the way, then its centre.
            let from = slot(current), to = slot(target)
            collectionView.updateInteractiveMovementTargetPosition(CGPoint(x: (from.x + to.x) / 2 + 1, y: (from.y + to.y) / 2 + 1))
            collectionView.updateInteractiveMovementTargetPosition(to)
            current = target
        }
        return try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: current, section: 0)))
    }

    @Test("The flow layout lays out the data source's sections, wrapping at the collection view's width")
    func flowLayoutFromData() throws {
        let layout = CollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
        let collectionView = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
        #expect(layout.collectionView === collectionView)
        #expect(collectionView.numberOfSections == 0, "no data source, no sections")
        let data = LabelDataSource([["a", "b", "c"], (0..<7).map(String.init)])
        collectionView.dataSource = data

        #expect(collectionView.numberOfSections == 2)
        #expect(collectionView.numberOfItems(inSection: 1) == 7)
        #expect(layout.columns == 3, "(200 − 10 + 10) / 60 → 3")
        // Section 0: one row, 60 high with insets; section 1: three rows from y = 60.
        #expect(try #require(layout.layoutAttributesForItem(at: [1, 4])).frame == CGRect(x: 65, y: 125, width: 50, height: 50))
        #expect(layout.frameForItem(at: IndexPath(item: 4, section: 1)) == CGRect(x: 65, y: 125, width: 50, height: 50))
        #expect(layout.layoutAttributesForItem(at: [1, 7]) == nil && layout.layoutAttributesForItem(at: [2, 0]) == nil)
        #expect(collectionView.contentSize == CGSize(width: 200, height: 60 + 5 + 3 * 50 + 2 * 10 + 5))
        let everything = try #require(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 200, height: 1000)))
        #expect(everything.count == 10)
        #expect(try #require(layout.layoutAttributesForElements(in: .infinite)).count == 10)
        let secondRow = try #require(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 126, width: 200, height: 10)))
        #expect(secondRow.map(\.indexPath) == [[1, 3], [1, 4], [1, 5]])

        // Narrower: two columns; the size change invalidated the layout.
        let invalidations = layout.invalidationCount
        collectionView.bounds.size.width = 140
        #expect(layout.invalidationCount == invalidations + 1)
        #expect(layout.columns == 2)
        #expect(layout.frameForItem(at: IndexPath(item: 4, section: 1)) == CGRect(x: 5, y: 120 + 5 + 120, width: 50, height: 50))

        // On its own the layout still uses numberOfItems and collectionViewWidth.
        let standalone = CollectionViewFlowLayout()
        standalone.numberOfItems = 7
        standalone.collectionViewWidth = 140
        #expect(standalone.collectionView == nil)
        #expect(standalone.columns == 2 && standalone.frameForItem(at: 5) == CGRect(x: 60, y: 120, width: 50, height: 50))
        #expect(try #require(standalone.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 140, height: 1000))).count == 7)
    }

    @Test("Point and visibility queries ask the layout; prepare() runs once after each invalidation")
    func queries() {
        let layout = CountingFlowLayout()
        let data = LabelDataSource(count: 23)
        let collectionView = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 100), collectionViewLayout: layout)
        collectionView.dataSource = data

        #expect(collectionView.indexPathForItem(at: CGPoint(x: 85, y: 80)) == [0, 6])
        #expect(collectionView.indexPathForItem(at: CGPoint(x: 55, y: 80)) == nil, "between cells")
        #expect(collectionView.indexPathForItem(at: CGPoint(x: 85, y: 320)) == nil, "past the last row")
        #expect(layout.preparations == 1)
        // Rows 0 and 1 reach into the 100-pt-high bounds.
        #expect(collectionView.indexPathsForVisibleItems == (0..<10).map { IndexPath(item: $0, section: 0) })
        collectionView.bounds.origin.y = 200  // scrolled: rows 3 and 4 (items 15–22)
        #expect(collectionView.indexPathsForVisibleItems == (15..<23).map { IndexPath(item: $0, section: 0) })
        #expect(layout.preparations == 1, "no invalidation, no preparation")

        data.sections[0].append("23")
        collectionView.reloadData()
        #expect(collectionView.numberOfItems(inSection: 0) == 24)
        #expect(collectionView.indexPathsForVisibleItems.last == [0, 23])
        #expect(layout.preparations == 2)
    }

    @Test("moveItem(at:to:) follows a data source that already moved")
    func moveItem() {
        let data = LabelDataSource([["a", "b"], ["c"]])
        let collectionView = makeCollectionView(data)
        #expect(collectionView.numberOfItems(inSection: 0) == 2)
        let invalidations = collectionView.collectionViewLayout.invalidationCount
        data.sections = [["a"], ["b", "c"]]
        collectionView.moveItem(at: [0, 1], to: [1, 0])
        #expect(collectionView.numberOfItems(inSection: 0) == 1 && collectionView.numberOfItems(inSection: 1) == 2)
        #expect(collectionView.collectionViewLayout.invalidationCount == invalidations + 1)
        #expect(data.moves.isEmpty, "moveItem does not call the data source")
    }

    @Test("Dragging forward within a row: the layout's default target follows the finger, the data source hears once")
    func forwardDrag() throws {
        let data = LabelDataSource(count: 12)
        let collectionView = makeCollectionView(data)
        let shown = try drag(collectionView, item: 1, through: [2, 3])

        // The moving item is shown under the finger, in front, with its cell's size.
        #expect(shown.center == slot(3) && shown.zIndex == Int.max && shown.size == CGSize(width: 50, height: 50))
        #expect(shown.indexPath == [0, 3])
        #expect(collectionView.indexPathsForVisibleItems.count == 12)
        #expect(data.moves.isEmpty, "nothing is told before the end")
        #expect(data.order() == "0 1 2 3 4 5 6 7 8 9 10 11")

        collectionView.endInteractiveMovement()
        #expect(data.moves.count == 1)
        #expect(data.moves.first?.from == [0, 1] && data.moves.first?.to == [0, 3])
        #expect(data.order() == "0 2 3 1 4 5 6 7 8 9 10 11")
        #expect(collectionView.layoutAttributesForItem(at: [0, 3])?.center == slot(3))
        #expect(collectionView.layoutAttributesForItem(at: [0, 3])?.zIndex == 0, "back to the layout's attributes")
    }

    @Test("Dragging backward and across rows")
    func backwardAndAcrossRows() throws {
        let data = LabelDataSource(count: 12)
        let collectionView = makeCollectionView(data)
        try drag(collectionView, item: 8, through: [7, 6, 1])
        collectionView.endInteractiveMovement()
        #expect(data.order() == "0 8 1 2 3 4 5 6 7 9 10 11")

        try drag(collectionView, item: 2, through: [7, 11])
        collectionView.endInteractiveMovement()
        #expect(data.order() == "0 8 2 3 4 5 6 7 9 10 11 1")
        #expect(data.moves.map(\.from) == [[0, 8], [0, 2]] && data.moves.map(\.to) == [[0, 1], [0, 11]])
    }

    @Test("Cancelling puts the item back and tells the data source nothing; a drag back home tells nothing either")
    func cancelAndReturn() throws {
        let data = LabelDataSource(count: 12)
        let collectionView = makeCollectionView(data)
        try drag(collectionView, item: 0, through: [1, 2, 7])
        collectionView.cancelInteractiveMovement()
        #expect(data.moves.isEmpty)
        #expect(data.order() == "0 1 2 3 4 5 6 7 8 9 10 11")
        #expect(collectionView.layoutAttributesForItem(at: [0, 7])?.zIndex == 0)

        try drag(collectionView, item: 4, through: [3, 4])
        collectionView.endInteractiveMovement()
        #expect(data.moves.isEmpty, "the item ended where it began")
    }

    @Test("A finger over a gap keeps the item where it is")
    func gapKeepsPlace() throws {
        let data = LabelDataSource(count: 12)
        let collectionView = makeCollectionView(data)
        #expect(collectionView.beginInteractiveMovementForItem(at: [0, 5]))
        collectionView.updateInteractiveMovementTargetPosition(CGPoint(x: 55, y: 85))  // between slots 5 and 6
        #expect(collectionView.layoutAttributesForItem(at: [0, 5])?.center == CGPoint(x: 55, y: 85))
        collectionView.endInteractiveMovement()
        #expect(data.moves.isEmpty)
    }

    @Test("Refusals: canMoveItemAt false, a second begin, no such item, updates with no movement")
    func refusals() {
        let data = LabelDataSource(count: 6)
        data.immovable = [[0, 2]]
        let collectionView = makeCollectionView(data)
        #expect(!collectionView.beginInteractiveMovementForItem(at: [0, 2]))
        #expect(!collectionView.beginInteractiveMovementForItem(at: [0, 6]))
        #expect(!collectionView.beginInteractiveMovementForItem(at: [1, 0]))
        collectionView.updateInteractiveMovementTargetPosition(slot(4))  // ignored
        collectionView.endInteractiveMovement()  // ignored
        #expect(collectionView.beginInteractiveMovementForItem(at: [0, 1]))
        #expect(!collectionView.beginInteractiveMovementForItem(at: [0, 3]), "one movement at a time")
        collectionView.updateInteractiveMovementTargetPosition(slot(4))
        collectionView.endInteractiveMovement()
        #expect(data.order() == "0 2 3 4 1 5")
    }

    @Test("The delegate has the last word on the target")
    func delegateAdjustsTarget() throws {
        let data = LabelDataSource(count: 6)
        let delegate = KeepFirstSlotDelegate()
        let collectionView = makeCollectionView(data)
        collectionView.delegate = delegate
        try drag(collectionView, item: 3, through: [2, 0])
        collectionView.endInteractiveMovement()
        // On the way from slot 2 to slot 0 the finger crosses slot 1; slot 0 is refused, so it stays there.
        #expect(data.order() == "0 3 1 2 4 5")
        #expect(delegate.proposals.contains { $0.0 == [0, 1] && $0.1 == [0, 0] })
    }

    @Test("Moving across sections changes the counts during the movement; the data source hears the two ends")
    func acrossSections() throws {
        let data = LabelDataSource([["a", "b", "c"], ["d", "e", "f", "g"]])
        let collectionView = makeCollectionView(data)
        let layout = try #require(collectionView.collectionViewLayout as? CollectionViewFlowLayout)
        // Section 1 starts at y = 50 (no insets): its slot 2 is centred at (145, 75).
        let sectionOneSlotTwo = try #require(layout.layoutAttributesForItem(at: [1, 2])).center
        #expect(sectionOneSlotTwo == CGPoint(x: 145, y: 75))

        #expect(collectionView.beginInteractiveMovementForItem(at: [0, 1]))
        collectionView.updateInteractiveMovementTargetPosition(sectionOneSlotTwo)
        #expect(collectionView.numberOfItems(inSection: 0) == 2 && collectionView.numberOfItems(inSection: 1) == 5)
        #expect(collectionView.layoutAttributesForItem(at: [1, 2])?.center == sectionOneSlotTwo)
        collectionView.endInteractiveMovement()
        #expect(data.moves.count == 1 && data.moves[0].from == [0, 1] && data.moves[0].to == [1, 2])
        #expect(data.order(0) == "a c" && data.order(1) == "d e b f g")

        // Cancelled, the counts return.
        #expect(collectionView.beginInteractiveMovementForItem(at: [1, 0]))
        collectionView.updateInteractiveMovementTargetPosition(CGPoint(x: 25, y: 25))
        #expect(collectionView.numberOfItems(inSection: 0) == 3)
        collectionView.cancelInteractiveMovement()
        #expect(collectionView.numberOfItems(inSection: 0) == 2 && collectionView.numberOfItems(inSection: 1) == 5)
        #expect(data.moves.count == 1)
    }

    @Test("The base layout's interactive defaults: the item under the point, else the previous; a raised copy")
    func baseLayoutDefaults() throws {
        let layout = CollectionViewFlowLayout()
        layout.numberOfItems = 10
        #expect(layout.targetIndexPath(forInteractivelyMovingItem: [0, 1], withPosition: CGPoint(x: 205, y: 85)) == [0, 8])
        #expect(layout.targetIndexPath(forInteractivelyMovingItem: [0, 1], withPosition: CGPoint(x: 55, y: 85)) == [0, 1])
        let resting = try #require(layout.layoutAttributesForItem(at: [0, 4]))
        let moving = layout.layoutAttributesForInteractivelyMovingItem(at: [0, 4], withTargetPosition: CGPoint(x: 12, y: 34))
        #expect(moving !== resting && moving.center == CGPoint(x: 12, y: 34) && moving.size == resting.size)
        #expect(moving.zIndex == Int.max && moving.indexPath == [0, 4])

        let empty = CollectionViewLayout()
        #expect(empty.layoutAttributesForElements(in: .infinite) == nil)
        #expect(empty.targetIndexPath(forInteractivelyMovingItem: [0, 3], withPosition: .zero) == [0, 3])
        #expect(empty.layoutAttributesForInteractivelyMovingItem(at: [0, 3], withTargetPosition: CGPoint(x: 1, y: 2)).size == .zero)
    }

    @Test("IndexPath rows are items; layout attributes can be renumbered")
    func indexPathRows() {
        var path = IndexPath(row: 4, section: 2)
        #expect(path == IndexPath(item: 4, section: 2) && path.row == 4 && path.item == 4)
        path.row = 7
        #expect(path.item == 7 && path.section == 2)
        let attributes = CollectionViewLayoutAttributes(forCellWith: path)
        attributes.indexPath = IndexPath(row: 1, section: 0)
        #expect(attributes.copy().indexPath == [0, 1])
    }
}

@Suite("Collection view: bad input", .serialized)
struct CollectionViewBadInputTests {
    @Test("moveItem with a data source that did not move names the section and both counts")
    func moveWithoutUpdatingTheDataSource() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let data = LabelDataSource([["a", "b"], ["c"]])
            makeCollectionView(data).moveItem(at: [0, 1], to: [1, 0])
        }
        let text = standardError(result)
        #expect(text.contains("section 0 holds 1 items after the move but the data source reports 2"), "\(text)")
    }

    @Test("moveItem to a place past the end names the destination")
    func moveOutOfRange() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let data = LabelDataSource([["a", "b"]])
            makeCollectionView(data).moveItem(at: [0, 0], to: [0, 5])
        }
        let text = standardError(result)
        #expect(text.contains("CollectionView.moveItem(at:to:): destination [0, 5] is out of range"), "\(text)")
    }

    @Test("A layout serves one collection view")
    func sharedLayout() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let layout = CollectionViewFlowLayout()
            let first = CollectionView(frame: .zero, collectionViewLayout: layout)
            withExtendedLifetime(first) { _ = CollectionView(frame: .zero, collectionViewLayout: layout) }
        }
        #expect(standardError(result).contains("already serves another collection view"))
    }
}
