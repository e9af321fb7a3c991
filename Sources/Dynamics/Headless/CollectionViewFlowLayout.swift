public import Foundation

/// A headless `UICollectionViewFlowLayout` for one section laid out in rows: cells of ``itemSize`` placed left
/// to right with ``minimumInteritemSpacing``, wrapping at the collection view's width, rows
/// ``minimumLineSpacing`` apart, inside ``sectionInset``. Subclass it and override
/// ``layoutAttributesForElements(in:)`` to mix in animated attributes (seed 000's draggable layout).
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
    /// Number of cells in the section. Default 0.
    public var numberOfItems = 0 { didSet { invalidateLayout() } }
    /// Width of the collection view, points. Default 320.
    public var collectionViewWidth: CGFloat = 320 { didSet { invalidateLayout() } }
    /// Size of every cell. Default 50 × 50.
    public var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Smallest gap between cells in a row. Default 10.
    public var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Gap between rows. Default 10.
    public var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Margins around the section. Default zero.
    public var sectionInset = UIEdgeInsets.zero { didSet { invalidateLayout() } }

    /// Creates an empty flow layout.
    public override init() {}

    /// Cells per row that fit the width (at least 1).
    public var columns: Int {
        let available = collectionViewWidth - sectionInset.left - sectionInset.right
        return max(1, Int(((available + minimumInteritemSpacing) / (itemSize.width + minimumInteritemSpacing)).rounded(.down)))
    }

    /// The resting frame of the cell at `item`.
    public func frameForItem(at item: Int) -> CGRect {
        let column = item % columns
        let row = item / columns
        return CGRect(
            x: sectionInset.left + CGFloat(column) * (itemSize.width + minimumInteritemSpacing),
            y: sectionInset.top + CGFloat(row) * (itemSize.height + minimumLineSpacing),
            width: itemSize.width, height: itemSize.height)
    }

    open override var collectionViewContentSize: CGSize {
        let rows = (numberOfItems + columns - 1) / columns
        let height = sectionInset.top + sectionInset.bottom + CGFloat(rows) * itemSize.height
            + CGFloat(max(0, rows - 1)) * minimumLineSpacing
        return CGSize(width: collectionViewWidth, height: height)
    }

    /// Fresh attributes for every cell whose resting frame meets `rect`.
    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        (0..<numberOfItems).compactMap { item in
            let frame = frameForItem(at: item)
            guard frame.intersects(rect) else { return nil }
            return layoutAttributesForItem(at: IndexPath(item: item, section: 0))
        }
    }

    /// Fresh attributes for the cell at `indexPath` at its resting frame (nil when out of range).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.section == 0, (0..<numberOfItems).contains(indexPath.item) else { return nil }
        let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frameForItem(at: indexPath.item)
        return attributes
    }
}
