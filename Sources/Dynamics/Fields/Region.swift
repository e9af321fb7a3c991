public import Foundation
internal import SolverBackend

/// Where a field acts: UIKit's `UIRegion`.
///
/// Circles and rectangles centred on the field's ``FieldBehavior/position``, combined with exact set algebra
/// (union, intersection, difference, inverse) to any depth up to 1024 shapes and operators. Points are tested
/// relative to the field's position, in points. Boundaries belong to their shape: a circle of radius r contains
/// the points with x² + y² ≤ r², a rectangle of size w × h those with |x| ≤ w/2 and |y| ≤ h/2.
///
/// A value type: combining regions makes new regions and never changes the ones combined.
public struct Region: Sendable, Equatable {
    let shape: FieldRegion

    init(shape: FieldRegion) {
        precondition(
            shape.nodeCount <= FieldRegion.maximumNodeCount,
            "Region: a combined region may hold at most \(FieldRegion.maximumNodeCount) shapes and operators (got \(shape.nodeCount))")
        self.shape = shape
    }

    /// Every point: the default region of every field. Its inverse contains no point.
    public static let infinite = Region(shape: .infinite)

    /// A circle of `radius` points (finite, ≥ 0) centred on the field's position.
    public init(radius: CGFloat) {
        requireNonNegative(radius, "Region(radius:) radius")
        self.init(shape: .circle(radius: Double(radius)))
    }

    /// A rectangle of `size` points (finite, ≥ 0) centred on the field's position.
    public init(size: CGSize) {
        requireNonNegative(size.width, "Region(size:) width")
        requireNonNegative(size.height, "Region(size:) height")
        self.init(shape: .rectangle(width: Double(size.width), height: Double(size.height)))
    }

    /// Every point not in this region.
    public func inverse() -> Region { Region(shape: .inverse(shape)) }

    /// The points in this region or in `region`.
    public func union(with region: Region) -> Region { Region(shape: .union(shape, region.shape)) }

    /// The points in this region that are not in `region` (this region minus `region`).
    public func difference(from region: Region) -> Region { Region(shape: .difference(shape, region.shape)) }

    /// The points in both this region and `region`.
    public func intersection(with region: Region) -> Region { Region(shape: .intersection(shape, region.shape)) }

    /// Whether `point`, relative to the field's position (points), is in the region.
    public func contains(_ point: CGPoint) -> Bool { shape.contains(x: Double(point.x), y: Double(point.y)) }
}
