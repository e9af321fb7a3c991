public import Foundation

/// Several items moved as one rigid body (UIKit's `UIDynamicItemGroup`).
///
/// The group's centre is the centre of the union of its members' frames at creation; each member keeps its
/// offset from it. Moving the group moves every member; rotating it places each member at
/// `center + R·offset` and gives it the group's rotation. Mass is the sum of the members' masses. A group
/// cannot contain another group, and its members must not be given to behaviors on their own.
@MainActor
public final class DynamicItemGroup: DynamicItem {
    /// The members, fixed at creation.
    public let items: [any DynamicItem]
    private let offsets: [CGPoint]
    private var groupCenter: CGPoint
    private var groupTransform: CGAffineTransform = .identity

    /// Creates a group of `items` (at least one; none of them a group).
    public init(items: [any DynamicItem]) {
        precondition(!items.isEmpty, "DynamicItemGroup(items:) needs at least one item (got none)")
        for item in items {
            precondition(!(item is DynamicItemGroup), "DynamicItemGroup cannot be initialized with items containing another DynamicItemGroup")
        }
        self.items = items
        var union = CGRect.null
        for item in items {
            let size = item.bounds.size
            union = union.union(CGRect(x: item.center.x - size.width / 2, y: item.center.y - size.height / 2,
                                       width: size.width, height: size.height))
        }
        groupCenter = CGPoint(x: union.midX, y: union.midY)
        offsets = items.map { CGPoint(x: $0.center.x - union.midX, y: $0.center.y - union.midY) }
    }

    /// Centre of the group; setting it translates every member.
    public var center: CGPoint {
        get { groupCenter }
        set {
            groupCenter = newValue
            layOutMembers()
        }
    }

    /// (0, 0, union size) of the members' frames, recomputed on each read.
    public var bounds: CGRect {
        var union = CGRect.null
        for item in items {
            let size = item.bounds.size
            union = union.union(CGRect(x: item.center.x - size.width / 2, y: item.center.y - size.height / 2,
                                       width: size.width, height: size.height))
        }
        return CGRect(origin: .zero, size: union.size)
    }

    /// The group's transform; setting it rotates the members about the group's centre.
    public var transform: CGAffineTransform {
        get { groupTransform }
        set {
            groupTransform = newValue
            layOutMembers()
        }
    }

    /// Always ``DynamicItemCollisionBoundsType/path``. The group's body does not use a path: its area is the sum
    /// of its members' areas and its moment of inertia the sum of each member's own plus its area times the
    /// squared ``memberOffsets`` distance (parallel axes), at the density its item behaviors give the group.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .path }

    /// Members' offsets from the group's centre, as recorded at creation.
    public var memberOffsets: [CGPoint] { offsets }

    private func layOutMembers() {
        let t = groupTransform
        for (item, offset) in zip(items, offsets) {
            let rotated = CGPoint(x: t.a * offset.x + t.c * offset.y, y: t.b * offset.x + t.d * offset.y)
            item.center = CGPoint(x: groupCenter.x + rotated.x, y: groupCenter.y + rotated.y)
            item.transform = item.transform.replacingRotation(with: t.rotationAngle)
        }
    }
}
