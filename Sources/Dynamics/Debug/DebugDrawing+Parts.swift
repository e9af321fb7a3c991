public import Foundation

extension DebugDrawing {
    /// One rigid body: where it is, how it is turned, and what it looks like.
    public struct Body: Sendable, Equatable, Encodable {
        /// The body's centre, reference coordinates (pt).
        public var center: CGPoint
        /// Rotation, radians, positive clockwise on screen.
        public var angle: Double
        /// The outline, in the body's frame: one shape, or one per member of an item group.
        public var shapes: [Shape]
        /// False once the body has come to rest (the solver stops moving it until something wakes it).
        public var isAwake: Bool
        /// True while a collision behavior gives the body collision shapes.
        public var collides: Bool

        /// A body from its parts.
        public init(center: CGPoint, angle: Double, shapes: [Shape], isAwake: Bool, collides: Bool) {
            self.center = center
            self.angle = angle
            self.shapes = shapes
            self.isAwake = isAwake
            self.collides = collides
        }
    }

    /// An outline in its body's frame (points, origin at the body's centre).
    public enum Shape: Sendable, Equatable, Encodable {
        /// A rectangle of `size` centred on `center`, turned by `angle` radians relative to the body.
        case rectangle(center: CGPoint, size: CGSize, angle: Double)
        /// An ellipse filling a `size` box centred on `center`, turned by `angle` radians relative to the body.
        /// Drawn exactly; the solver collides with a non-circular ellipse as a 32-sided polygon around it.
        case ellipse(center: CGPoint, size: CGSize, angle: Double)
        /// A closed convex polygon (an item's `collisionBoundingPath`).
        case polygon([CGPoint])
    }

    /// What an attachment holds: how its line is drawn.
    public enum JointStyle: String, Sendable, Equatable, Encodable {
        /// A damped spring (an attachment with a frequency, or one of a snap's four springs).
        case spring
        /// A rigid rod (an attachment of frequency 0).
        case rod
        /// A rope: at most its length.
        case rope
        /// A pin: the two points coincide.
        case pin
        /// A weld: the points coincide and the angle is fixed.
        case weld
        /// A slider: motion only along an axis.
        case slider
    }

    /// One attachment line: from the point on the first item to the point on the second item or the anchor.
    public struct Joint: Sendable, Equatable, Encodable {
        /// The attachment point on the first item, reference coordinates (pt).
        public var pointA: CGPoint
        /// The attachment point on the second item, or the anchor point, reference coordinates (pt).
        public var pointB: CGPoint
        /// True when `pointB` is a fixed anchor rather than a point on an item.
        public var isAnchored: Bool
        /// How the line holds.
        public var style: JointStyle

        /// A joint line from its parts.
        public init(pointA: CGPoint, pointB: CGPoint, isAnchored: Bool, style: JointStyle) {
            self.pointA = pointA
            self.pointB = pointB
            self.isAnchored = isAnchored
            self.style = style
        }
    }

    /// One collision boundary as a polyline, reference coordinates (pt).
    public struct Boundary: Sendable, Equatable, Encodable {
        /// The boundary's identifier as text (`nil` for the reference bounds' rectangle).
        public var identifier: String?
        /// Each subpath's points in order; a closed subpath repeats its first point at the end.
        public var polylines: [[CGPoint]]

        /// A boundary from its parts.
        public init(identifier: String?, polylines: [[CGPoint]]) {
            self.identifier = identifier
            self.polylines = polylines
        }
    }

    /// One point where two shapes touched at the end of the last step.
    public struct Contact: Sendable, Equatable, Encodable {
        /// Midway between the two surfaces, reference coordinates (pt).
        public var point: CGPoint
        /// Unit normal from the first shape to the second.
        public var normal: CGVector
        /// Separation along the normal, pt (negative while overlapping).
        public var separation: Double

        /// A contact point from its parts.
        public init(point: CGPoint, normal: CGVector, separation: Double) {
            self.point = point
            self.normal = normal
            self.separation = separation
        }
    }

    /// One field behavior: its kind, origin and region.
    public struct Field: Sendable, Equatable, Encodable {
        /// The factory's name without `Field`: `radialGravity`, `vortex`, `drag`, `spring`, …
        public var kind: String
        /// The field's origin, reference coordinates (pt).
        public var position: CGPoint
        /// True when the region is infinite (the field acts everywhere).
        public var isEverywhere: Bool
        /// The circles and rectangles the region is built from, centred on ``position``.
        public var areas: [Area]
        /// True when the region combines shapes by intersection, difference or inverse: the drawing then
        /// shows every shape's outline, which is not the exact edge of the region.
        public var isApproximate: Bool

        /// A field from its parts.
        public init(kind: String, position: CGPoint, isEverywhere: Bool, areas: [Area], isApproximate: Bool) {
            self.kind = kind
            self.position = position
            self.isEverywhere = isEverywhere
            self.areas = areas
            self.isApproximate = isApproximate
        }
    }

    /// One shape of a field's region, centred on the field's position.
    public enum Area: Sendable, Equatable, Encodable {
        /// A circle of `radius` points.
        case circle(radius: Double)
        /// A rectangle of `size` points.
        case rectangle(size: CGSize)
    }
}
