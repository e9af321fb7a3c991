public import Foundation

#if !canImport(UIKit)
/// An offset from a point, as in UIKit: attachment and push offsets from an item's centre, in points.
public struct UIOffset: Sendable, Hashable, Codable {
    /// Horizontal offset, pt.
    public var horizontal: CGFloat
    /// Vertical offset, pt (down on screen).
    public var vertical: CGFloat

    /// Creates an offset.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// No offset.
    public static let zero = UIOffset(horizontal: 0, vertical: 0)
}

/// Insets for each edge of a rectangle, in points (positive values shrink it).
public struct UIEdgeInsets: Sendable, Hashable, Codable {
    /// Inset of the top edge, points.
    public var top: CGFloat
    /// Inset of the left edge, points.
    public var left: CGFloat
    /// Inset of the bottom edge, points.
    public var bottom: CGFloat
    /// Inset of the right edge, points.
    public var right: CGFloat

    /// Creates insets.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Insetting rectangles by ``UIEdgeInsets`` (defined here only where UIKit is missing).
extension CGRect {
    /// The rectangle shrunk by `insets` (grown for negative insets).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}

/// A closed range of floating-point values, as in UIKit: attachment ranges (radians or points).
public struct UIFloatRange: Sendable, Hashable, Codable {
    /// Lower bound (may be −∞).
    public var minimum: CGFloat
    /// Upper bound (may be +∞).
    public var maximum: CGFloat

    /// Creates a range.
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The range [0, 0].
    public static let zero = UIFloatRange(minimum: 0, maximum: 0)
    /// The range (−∞, +∞): no limit.
    public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)

    /// True when both bounds are infinite.
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}
#endif
