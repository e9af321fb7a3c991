public import Foundation

/// The shape an item collides with (and takes its mass from).
public enum DynamicItemCollisionBoundsType: UInt, Sendable {
    /// The item's `bounds` rectangle, centred on `center` (the default).
    case rectangle = 0
    /// The ellipse inscribed in `bounds` (a circle when it is square).
    case ellipse = 1
    /// The item's `collisionBoundingPath`: one convex polygon, (0, 0) at the item's centre.
    case path = 2
}

/// Something the animator can move: UIKit's `UIDynamicItem`.
///
/// The animator reads `center`, `bounds.size` and the rotation of `transform` when the item's body is
/// created, writes `center` and `transform` after every step, and re-reads them whenever they were changed
/// from outside. Main-actor bound, as in UIKit.
@MainActor
public protocol DynamicItem: AnyObject {
    /// Centre, in the animator's reference coordinates (for views: the superview's), points.
    var center: CGPoint { get set }
    /// Size of the item, points; only `bounds.size` is used.
    var bounds: CGRect { get }
    /// The item's transform; the animator reads and writes only its rotation and keeps its scale.
    var transform: CGAffineTransform { get set }
    /// Collision and mass shape. Default ``DynamicItemCollisionBoundsType/rectangle``.
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    /// Outline used when `collisionBoundsType` is `.path`: convex, (0, 0) at the centre. Default: the bounds
    /// rectangle.
    var collisionBoundingPath: BezierPath { get }
}

extension DynamicItem {
    /// ``DynamicItemCollisionBoundsType/rectangle``, as in UIKit.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }

    /// The bounds rectangle centred on (0, 0): a new four-corner path on every read.
    public var collisionBoundingPath: BezierPath {
        let size = bounds.size
        return BezierPath(rect: CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height))
    }
}
