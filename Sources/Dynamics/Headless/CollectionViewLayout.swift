public import Foundation

/// A headless `UICollectionViewLayout`: subclass it and answer the layout queries. A layout animator
/// (``DynamicAnimator/init(collectionViewLayout:solver:)``) invalidates it after every step, as UIKit does, so
/// the collection view asks again.
@MainActor
open class CollectionViewLayout {
    /// How many times the layout was invalidated.
    public private(set) var invalidationCount = 0

    /// Creates a layout.
    public init() {}

    /// Size of the scrollable content, points. Default zero.
    open var collectionViewContentSize: CGSize { .zero }

    /// Called before the layout is queried after an invalidation. The default does nothing.
    open func prepare() {}

    /// Attributes of every element in `rect`. Default none.
    open func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] { [] }

    /// Attributes of the cell at `indexPath`. Default nil.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    /// Marks the layout as needing to be asked again; `prepare()` runs before the next query.
    open func invalidateLayout() {
        invalidationCount += 1
    }
}
