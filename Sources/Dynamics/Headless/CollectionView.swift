public import Foundation

/// A headless `UICollectionView`: a ``View`` whose items are laid out by a ``CollectionViewLayout`` from the
/// counts a ``CollectionViewDataSource`` gives, with UIKit's queries (`indexPathForItem(at:)`,
/// `layoutAttributesForItem(at:)`, visible items), `moveItem(at:to:)`, `reloadData()` and the iOS 9
/// interactive movement (begin / update / end / cancel) that reorders items under a finger.
///
/// Coordinates are the content's: `bounds.origin` is the scroll offset. Nothing is drawn; what a cell would
/// show is its layout attributes. The layout is prepared (``CollectionViewLayout/prepare()``) before any query
/// that follows an invalidation, as UIKit does.
///
/// Interactive movement follows UIKit: ``beginInteractiveMovementForItem(at:)`` asks the data source whether
/// the item may move; each ``updateInteractiveMovementTargetPosition(_:)`` asks the layout for
/// ``CollectionViewLayout/targetIndexPath(forInteractivelyMovingItem:withPosition:)``, lets the delegate adjust
/// it, moves the item there in the collection view (the data source is not told yet), invalidates the layout
/// and asks for ``CollectionViewLayout/layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)``;
/// ``endInteractiveMovement()`` tells the data source once, from where the item started to where it ended
/// (only if it moved); ``cancelInteractiveMovement()`` puts the item back and tells the data source nothing.
@MainActor
open class CollectionView: View {
    /// Answers the counts and hears reorders. Weak. Setting it reloads the data.
    public weak var dataSource: (any CollectionViewDataSource)? {
        didSet { reloadData() }
    }

    /// Adjusts interactive movement. Weak.
    public weak var delegate: (any CollectionViewDelegate)?

    /// Lays the items out. Setting it hands the collection view to the new layout and invalidates it; a layout
    /// serves one collection view at a time.
    public var collectionViewLayout: CollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            oldValue.collectionView = nil
            adopt(collectionViewLayout)
        }
    }

    /// Item counts per section as the collection view knows them (nil: ask the data source).
    private var itemCounts: [Int]?

    /// The interactive movement under way, if any.
    private var movement: InteractiveMovement?

    /// Creates a collection view occupying `frame` whose items `layout` places.
    public init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        adopt(layout)
    }

    /// A size change invalidates the layout (rows wrap at the width).
    public override var bounds: CGRect {
        didSet {
            if bounds.size != oldValue.size { collectionViewLayout.invalidateLayout() }
        }
    }

    private func adopt(_ layout: CollectionViewLayout) {
        precondition(
            layout.collectionView == nil || layout.collectionView === self,
            "CollectionView.collectionViewLayout: the \(type(of: layout)) already serves another collection view")
        layout.collectionView = self
        layout.invalidateLayout()
    }

    // MARK: Data

    /// Size of the content: the layout's ``CollectionViewLayout/collectionViewContentSize``.
    public var contentSize: CGSize {
        prepareLayoutIfNeeded()
        return collectionViewLayout.collectionViewContentSize
    }

    /// Number of sections (0 without a data source).
    public var numberOfSections: Int { counts.count }

    /// Number of items in `section`, as the collection view currently holds them (during an interactive
    /// movement across sections this differs from the data source until the movement ends).
    public func numberOfItems(inSection section: Int) -> Int {
        let counts = counts
        precondition(
            counts.indices.contains(section),
            "CollectionView.numberOfItems(inSection:): section \(section) is outside 0..<\(counts.count)")
        return counts[section]
    }

    /// Forgets the counts (the data source is asked again on the next query), ends any interactive movement
    /// without telling the data source, and invalidates the layout.
    public func reloadData() {
        itemCounts = nil
        movement = nil
        collectionViewLayout.invalidateLayout()
    }

    /// Moves the item at `indexPath` to `newIndexPath` after the data source has made the same change (UIKit's
    /// `moveItem(at:to:)`), then invalidates the layout. Stops with a message when either index path is out of
    /// range or the counts then disagree with the data source's.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        precondition(movement == nil, "CollectionView.moveItem(at:to:): an interactive movement is under way; end or cancel it first")
        relocate(from: indexPath, to: newIndexPath, caller: "CollectionView.moveItem(at:to:)")
        if let dataSource {
            for (section, count) in counts.enumerated() {
                let reported = dataSource.collectionView(self, numberOfItemsInSection: section)
                precondition(
                    reported == count,
                    "CollectionView.moveItem(at:to:): section \(section) holds \(count) items after the move but the data source reports \(reported); update the data source first")
            }
        }
        collectionViewLayout.invalidateLayout()
    }

    private var counts: [Int] {
        if let itemCounts { return itemCounts }
        var loaded: [Int] = []
        if let dataSource {
            let sections = dataSource.numberOfSections(in: self)
            precondition(sections >= 0, "CollectionViewDataSource.numberOfSections(in:) must be ≥ 0 (got \(sections))")
            loaded = (0..<sections).map { section in
                let count = dataSource.collectionView(self, numberOfItemsInSection: section)
                precondition(
                    count >= 0,
                    "CollectionViewDataSource.collectionView(_:numberOfItemsInSection:) must be ≥ 0 (got \(count) for section \(section))")
                return count
            }
        }
        itemCounts = loaded
        return loaded
    }

    /// Moves one item in the collection view's own counts: out of `source`'s section, into `destination`'s.
    private func relocate(from source: IndexPath, to destination: IndexPath, caller: String) {
        var counts = counts
        precondition(
            source.count == 2 && counts.indices.contains(source.section) && (0..<counts[source.section]).contains(source.item),
            "\(caller): source \(source) is not an item (counts per section: \(counts))")
        counts[source.section] -= 1
        precondition(
            destination.count == 2 && counts.indices.contains(destination.section)
                && (0...counts[destination.section]).contains(destination.item),
            "\(caller): destination \(destination) is out of range (counts per section without the item: \(counts))")
        counts[destination.section] += 1
        itemCounts = counts
    }

    // MARK: Queries

    /// Runs the layout's ``CollectionViewLayout/prepare()`` if it was invalidated since the last query.
    private func prepareLayoutIfNeeded() {
        guard collectionViewLayout.needsPreparation else { return }
        collectionViewLayout.needsPreparation = false
        collectionViewLayout.prepare()
    }

    /// The index path of the front-most visible cell whose layout frame contains `point` (content
    /// coordinates), or nil. It asks the layout, so the item being moved interactively is found at its place
    /// in the layout, not under the finger.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.cellAttributes(containing: point)?.indexPath
    }

    /// The attributes the item at `indexPath` is shown with: the layout's, or for the item being moved
    /// interactively the layout's ``CollectionViewLayout/layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)``.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        if let movement, movement.current == indexPath { return movement.attributes }
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Index paths of the cells the layout places in `bounds` (plus the item being moved interactively), in
    /// index path order.
    public var indexPathsForVisibleItems: [IndexPath] {
        prepareLayoutIfNeeded()
        var paths = Set(
            (collectionViewLayout.layoutAttributesForElements(in: bounds) ?? [])
                .filter { $0.representedElementCategory == .cell && !$0.isHidden }
                .map(\.indexPath))
        if let movement { paths.insert(movement.current) }
        return paths.sorted()
    }

    // MARK: Interactive movement

    /// Starts moving the item at `indexPath` under a finger. Returns false, and starts nothing, when a movement
    /// is already under way, there is no such item, or the data source's
    /// ``CollectionViewDataSource/collectionView(_:canMoveItemAt:)`` refuses.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard movement == nil, let dataSource else { return false }
        let counts = counts
        guard indexPath.count == 2, counts.indices.contains(indexPath.section),
            (0..<counts[indexPath.section]).contains(indexPath.item),
            dataSource.collectionView(self, canMoveItemAt: indexPath)
        else { return false }
        prepareLayoutIfNeeded()
        let start = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.center ?? .zero
        movement = InteractiveMovement(
            original: indexPath, current: indexPath,
            attributes: collectionViewLayout.layoutAttributesForInteractivelyMovingItem(at: indexPath, withTargetPosition: start))
        collectionViewLayout.invalidateLayout()
        return true
    }

    /// Moves the item being moved interactively to `targetPosition` (content coordinates): the layout picks the
    /// index path for that position, the delegate may adjust it, the item takes it in the collection view, and
    /// the layout gives the moving item's attributes there. Ignored when no movement is under way.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        guard var movement else { return }
        requireFinite(targetPosition, "CollectionView.updateInteractiveMovementTargetPosition targetPosition")
        prepareLayoutIfNeeded()
        let proposed = collectionViewLayout.targetIndexPath(forInteractivelyMovingItem: movement.current, withPosition: targetPosition)
        let target = delegate?.collectionView(self, targetIndexPathForMoveFromItemAt: movement.current, toProposedIndexPath: proposed) ?? proposed
        if target != movement.current {
            relocate(from: movement.current, to: target, caller: "CollectionView.updateInteractiveMovementTargetPosition")
            movement.current = target
        }
        collectionViewLayout.invalidateLayout()
        prepareLayoutIfNeeded()
        movement.attributes = collectionViewLayout.layoutAttributesForInteractivelyMovingItem(at: target, withTargetPosition: targetPosition)
        self.movement = movement
    }

    /// Ends the interactive movement where the item is: the data source hears
    /// ``CollectionViewDataSource/collectionView(_:moveItemAt:to:)`` once, from where the item started to where
    /// it is, if that differs. Ignored when no movement is under way.
    public func endInteractiveMovement() {
        guard let movement else { return }
        self.movement = nil
        if movement.current != movement.original {
            dataSource?.collectionView(self, moveItemAt: movement.original, to: movement.current)
        }
        collectionViewLayout.invalidateLayout()
    }

    /// Abandons the interactive movement: the item goes back where it started and the data source hears
    /// nothing. Ignored when no movement is under way.
    public func cancelInteractiveMovement() {
        guard let movement else { return }
        self.movement = nil
        if movement.current != movement.original {
            relocate(from: movement.current, to: movement.original, caller: "CollectionView.cancelInteractiveMovement")
        }
        collectionViewLayout.invalidateLayout()
    }
}

/// The item a finger is moving: where it started, where it is now, and the attributes it is shown with.
private struct InteractiveMovement {
    let original: IndexPath
    var current: IndexPath
    var attributes: CollectionViewLayoutAttributes
}
