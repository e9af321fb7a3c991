public import Foundation

#if !canImport(CoreGraphics)
/// A two-dimensional vector, as in CoreGraphics: gravity directions, push directions, field directions.
public struct CGVector: Sendable, Hashable, Codable, CustomStringConvertible {
    /// x component.
    public var dx: CGFloat
    /// y component (down on screen).
    public var dy: CGFloat

    /// Creates a vector from its components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// Creates a vector from `Double` components.
    public init(dx: Double, dy: Double) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// Creates a vector from `Int` components.
    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// The zero vector.
    public static let zero = CGVector(dx: 0.0, dy: 0.0)

    /// The components in parentheses, e.g. `(0.0, 1.0)`.
    public var description: String { "(\(dx), \(dy))" }
}
#endif
