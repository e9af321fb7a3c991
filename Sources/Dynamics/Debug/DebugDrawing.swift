public import Foundation

/// What an animator's physics looks like at one moment: bodies with their shapes, attachments and snaps,
/// collision boundaries, touching contacts and field regions, ready to draw.
///
/// Make one with ``DynamicAnimator/debugDrawing()``; turn it into SVG with ``svgDocument()`` (or take
/// ``DynamicAnimator/debugSnapshot()``, which does both).
///
/// **Coordinates.** Everything is in the animator's reference coordinate system, in points: the reference
/// view's bounds space, or the collection view layout's content space; y grows downwards and angles are in
/// radians, positive clockwise on screen, as in UIKit. Shapes are given in their body's frame (origin at the
/// body's centre, unrotated) and placed by ``Body/center`` and ``Body/angle``.
///
/// The value is plain data and `Encodable`, so a recording of many moments can be stored or replayed elsewhere.
public struct DebugDrawing: Sendable, Equatable, Encodable {
    /// The area the drawing covers, reference coordinates: the reference view's bounds or the layout's content
    /// rectangle; without a reference system, the smallest rectangle holding every body, anchor and contact.
    public var bounds: CGRect
    /// One entry per body (one per item a behavior holds), in body order.
    public var bodies: [Body]
    /// Attachments (one line each) and snaps (four springs each).
    public var joints: [Joint]
    /// Collision boundaries: the reference bounds' rectangle and every named boundary, as polylines.
    public var boundaries: [Boundary]
    /// The points where shapes touched at the end of the last step.
    public var contacts: [Contact]
    /// Every field behavior's origin and region.
    public var fields: [Field]

    /// A drawing from its parts.
    public init(
        bounds: CGRect, bodies: [Body] = [], joints: [Joint] = [], boundaries: [Boundary] = [], contacts: [Contact] = [],
        fields: [Field] = []
    ) {
        self.bounds = bounds
        self.bodies = bodies
        self.joints = joints
        self.boundaries = boundaries
        self.contacts = contacts
        self.fields = fields
    }
}
