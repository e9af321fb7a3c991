public import Foundation

/// A headless `UICollectionViewFlowLayout` laid out in rows: cells of ``itemSize`` placed left to right with
/// ``minimumInteritemSpacing``, wrapping at the width, rows ``minimumLineSpacing`` apart, each section inside
/// ``sectionInset`` and the sections stacked top to bottom. Subclass it and override
/// ``layoutAttributesForElements(in:)`` to mix in animated attributes (the corner-spring cell drag does).
///
/// In a ``CollectionView`` the layout takes the sections, their item counts and the width from the collection
/// view (its data source and `bounds`). Used on its own it lays out one section of ``numberOfItems`` cells in
/// ``collectionViewWidth``.
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
    /// Number of cells in the one section laid out when no collection view uses the layout. Default 0.
    public var numberOfItems = 0 { didSet { invalidateLayout() } }
    /// Width to wrap at when no collection view uses the layout, points. Default 320.
    public var collectionViewWidth: CGFloat = 320 { didSet { invalidateLayout() } }
    /// Size of every cell. Default 50 × 50.
    public var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Smallest gap between cells in a row. Default 10.
    public var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Gap between rows. Default 10.
    public var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Margins around each section. Default zero.
    public var sectionInset = UIEdgeInsets.zero { didSet { invalidateLayout() } }

    /// Creates an empty flow layout.
    public override init() {}

    /// The width rows wrap at: the collection view's `bounds` width, or ``collectionViewWidth`` on its own.
    public var layoutWidth: CGFloat { collectionView?.bounds.width ?? collectionViewWidth }

    /// Cells per row that fit the width (at least 1).
    public var columns: Int {
        let available = layoutWidth - sectionInset.left - sectionInset.right
        return max(1, Int(((available + minimumInteritemSpacing) / (itemSize.width + minimumInteritemSpacing)).rounded(.down)))
    }

    /// The resting frame of the cell at `item` in the first section.
    public func frameForItem(at item: Int) -> CGRect {
        frame(ofItem: item, sectionTop: 0, columns: columns)
    }

    /// The resting frame of the cell at `indexPath` (content coordinates), whether or not the section has that
    /// many items.
    public func frameForItem(at indexPath: IndexPath) -> CGRect {
        let counts = sectionItemCounts
        precondition(
            (0..<max(1, counts.count)).contains(indexPath.section),
            "CollectionViewFlowLayout.frameForItem(at:): section \(indexPath.section) is outside 0..<\(counts.count)")
        return frame(ofItem: indexPath.item, sectionTop: sectionTop(indexPath.section, counts: counts), columns: columns)
    }

    /// The layout width by the height of all sections, insets included.
    open override var collectionViewContentSize: CGSize {
        let counts = sectionItemCounts
        return CGSize(width: layoutWidth, height: sectionTop(counts.count, counts: counts))
    }

    /// Fresh attributes for every cell whose resting frame meets `rect`.
    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        guard !rect.isNull else { return [] }
        let counts = sectionItemCounts
        let columns = columns
        let rowPitch = itemSize.height + minimumLineSpacing
        var result: [CollectionViewLayoutAttributes] = []
        var top: CGFloat = 0
        for (section, count) in counts.enumerated() {
            let height = sectionHeight(items: count, columns: columns)
            defer { top += height }
            guard count > 0, top <= rect.maxY, top + height >= rect.minY else { continue }
            // Only the rows the rect can reach (the drag scenario asks this of 1000 cells every frame), clamped
            // before converting so an infinite rect works.
            let rows = (count + columns - 1) / columns
            func row(at y: CGFloat) -> Int {
                guard rowPitch > 0 else { return y < top ? -1 : rows }
                return Int(min(max(((y - top - sectionInset.top) / rowPitch).rounded(.down), -1), CGFloat(rows)))
            }
            let firstRow = max(0, row(at: rect.minY) - 1)
            let lastRow = min(rows - 1, row(at: rect.maxY) + 1)
            guard firstRow <= lastRow else { continue }
            let items = (firstRow * columns)..<min(count, (lastRow + 1) * columns)
            for item in items {
                let frame = frame(ofItem: item, sectionTop: top, columns: columns)
                guard frame.intersects(rect) else { continue }
                let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = frame
                result.append(attributes)
            }
        }
        return result
    }

    /// Fresh attributes for the cell at `indexPath` at its resting frame (nil when out of range).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        let counts = sectionItemCounts
        guard indexPath.count == 2, counts.indices.contains(indexPath.section),
            (0..<counts[indexPath.section]).contains(indexPath.item)
        else { return nil }
        let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frame(ofItem: indexPath.item, sectionTop: sectionTop(indexPath.section, counts: counts), columns: columns)
        return attributes
    }

    // MARK: Geometry

    /// Items per section: the collection view's, or the one section of ``numberOfItems``.
    private var sectionItemCounts: [Int] {
        guard let collectionView else { return [numberOfItems] }
        return (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
    }

    private func frame(ofItem item: Int, sectionTop: CGFloat, columns: Int) -> CGRect {
        CGRect(
            x: sectionInset.left + CGFloat(item % columns) * (itemSize.width + minimumInteritemSpacing),
            y: sectionTop + sectionInset.top + CGFloat(item / columns) * (itemSize.height + minimumLineSpacing),
            width: itemSize.width, height: itemSize.height)
    }

    /// Height of a section of `items` cells, insets included.
    private func sectionHeight(items: Int, columns: Int) -> CGFloat {
        let rows = (items + columns - 1) / columns
        return sectionInset.top + sectionInset.bottom + CGFloat(rows) * itemSize.height
            + CGFloat(max(0, rows - 1)) * minimumLineSpacing
    }

    /// The top of `section`: the heights of the sections before it.
    private func sectionTop(_ section: Int, counts: [Int]) -> CGFloat {
        let columns = columns
        return counts.prefix(section).reduce(0) { $0 + sectionHeight(items: $1, columns: columns) }
    }
}
