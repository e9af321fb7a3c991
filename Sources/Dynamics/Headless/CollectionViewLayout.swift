public import Foundation

/// A headless `UICollectionViewLayout`: subclass it and answer the layout queries. A layout animator
/// (``DynamicAnimator/init(collectionViewLayout:solver:)``) invalidates it after every step, as UIKit does, so
/// the collection view asks again.
@MainActor
open class CollectionViewLayout {
    /// How many times the layout was invalidated.
    public private(set) var invalidationCount = 0

    /// The collection view showing this layout (nil until a ``CollectionView`` uses it). Weak.
    public internal(set) weak var collectionView: CollectionView?

    /// True from an invalidation until the collection view next calls ``prepare()``.
    var needsPreparation = true

    /// Creates a layout.
    public init() {}

    /// Size of the scrollable content, points. Default zero.
    open var collectionViewContentSize: CGSize { .zero }

    /// Called by the collection view before it queries the layout after an invalidation (and before the first
    /// query). The default does nothing; subclasses compute and cache their attributes here.
    open func prepare() {}

    /// Attributes of every element in `rect` (the collection view's content coordinates). Default nil, as in
    /// UIKit: the base layout has no elements.
    open func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? { nil }

    /// Attributes of the cell at `indexPath`. Default nil.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    /// Marks the layout as needing to be asked again; the collection view calls ``prepare()`` before its next
    /// query. Overrides must call `super`.
    open func invalidateLayout() {
        invalidationCount += 1
        needsPreparation = true
    }

    // MARK: Interactive movement (iOS 9)

    /// The index path the item being moved interactively should take when the finger is at `position`
    /// (content coordinates). `previousIndexPath` is where the item is now.
    ///
    /// The default, as UIKit documents it, returns the index path of the cell whose frame contains `position`
    /// (the front-most by `zIndex` when several do; hidden cells are skipped), or `previousIndexPath` when no
    /// cell does.
    open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint)
        -> IndexPath
    {
        cellAttributes(containing: position)?.indexPath ?? previousIndexPath
    }

    /// The attributes the collection view shows for the item being moved interactively while the finger is at
    /// `position` (content coordinates).
    ///
    /// The default, as UIKit documents it, is a copy of the item's attributes from
    /// ``layoutAttributesForItem(at:)`` (fresh cell attributes of zero size when there are none) centred on
    /// `position`, with `zIndex` raised to `Int.max` so the item floats above the others. Overrides may call
    /// `super` and change the copy.
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint)
        -> CollectionViewLayoutAttributes
    {
        let attributes = layoutAttributesForItem(at: indexPath)?.copy()
            ?? CollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.indexPath = indexPath
        attributes.center = position
        attributes.zIndex = Int.max
        return attributes
    }

    /// The front-most visible cell (highest `zIndex`, then latest in the layout's answer) whose frame contains
    /// `point`.
    func cellAttributes(containing point: CGPoint) -> CollectionViewLayoutAttributes? {
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        var best: CollectionViewLayoutAttributes?
        for attributes in layoutAttributesForElements(in: probe) ?? []
        where attributes.representedElementCategory == .cell && !attributes.isHidden && attributes.frame.contains(point) {
            if best == nil || attributes.zIndex >= best!.zIndex { best = attributes }
        }
        return best
    }
}
