public import Foundation

/// Which kind of element a set of layout attributes describes.
public enum CollectionElementCategory: Sendable, Hashable {
    case cell
    case supplementaryView(kind: String)
    case decorationView(kind: String)
}

/// A headless `UICollectionViewLayoutAttributes`: the geometry and appearance of one element of a
/// collection view, which a layout animator moves as a dynamic item.
@MainActor
open class CollectionViewLayoutAttributes: DynamicItem {
    /// The element's position in the data. Settable, as in UIKit: a layout that reorders its cached attributes
    /// (a drag to reorder) renumbers them.
    public var indexPath: IndexPath
    /// Cell, supplementary or decoration view.
    public let representedElementCategory: CollectionElementCategory
    /// Centre in the layout's content coordinates, points.
    public var center: CGPoint = .zero
    /// Size, points.
    public var size: CGSize = .zero
    /// Transform about the centre. Default identity.
    /// The shape this item collides as (and takes its mass from). Default `.rectangle`; override it in a subclass
    /// for `.ellipse` or `.path`, as with UIKit.
    open var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    /// The outline used when ``collisionBoundsType`` is `.path`: one convex polygon, (0, 0) at the centre.
    /// Default: the bounds rectangle.
    open var collisionBoundingPath: BezierPath {
        let size = bounds.size
        return BezierPath(rect: CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height))
    }
    public var transform: CGAffineTransform = .identity
    /// Stacking order: higher in front. Default 0.
    public var zIndex = 0
    /// Opacity 0…1. Default 1.
    public var alpha: CGFloat = 1
    /// Hidden elements are not displayed. Default false.
    public var isHidden = false

    /// Attributes for the cell at `indexPath`.
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
    }

    /// Attributes for a supplementary view of `kind` at `indexPath`.
    public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView(kind: kind)
    }

    /// Attributes for a decoration view of `kind` at `indexPath`.
    public init(forDecorationViewOfKind kind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .decorationView(kind: kind)
    }

    /// (0, 0, size).
    public var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// The untransformed frame: centre ± size/2. Setting it sets `center` and `size`.
    public var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            center = CGPoint(x: newValue.midX, y: newValue.midY)
            size = newValue.size
        }
    }

    /// A new object with the same values (layouts hand out copies).
    public func copy() -> CollectionViewLayoutAttributes {
        let copy: CollectionViewLayoutAttributes
        switch representedElementCategory {
        case .cell: copy = CollectionViewLayoutAttributes(forCellWith: indexPath)
        case let .supplementaryView(kind): copy = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: indexPath)
        case let .decorationView(kind): copy = CollectionViewLayoutAttributes(forDecorationViewOfKind: kind, with: indexPath)
        }
        copy.center = center
        copy.size = size
        copy.transform = transform
        copy.zIndex = zIndex
        copy.alpha = alpha
        copy.isHidden = isHidden
        return copy
    }
}
