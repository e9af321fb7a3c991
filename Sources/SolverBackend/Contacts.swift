/// A contact that began touching during the last step.
public struct ContactBegan: Hashable, Sendable {
    /// Shape A (its slot below B's).
    public var shapeA: ShapeID
    /// Shape B.
    public var shapeB: ShapeID
    /// Shape A's tag (``ShapeDefinition/userData``).
    public var userDataA: UInt64
    /// Shape B's tag.
    public var userDataB: UInt64
    /// Midway between the two surfaces where the contact pushed hardest, world coordinates, pt.
    public var point: ShapePoint
    /// Unit normal from A to B.
    public var normal: ShapePoint

    /// An event from its parts.
    public init(shapeA: ShapeID, shapeB: ShapeID, userDataA: UInt64, userDataB: UInt64, point: ShapePoint, normal: ShapePoint) {
        self.shapeA = shapeA
        self.shapeB = shapeB
        self.userDataA = userDataA
        self.userDataB = userDataB
        self.point = point
        self.normal = normal
    }
}

/// A contact that stopped touching during the last step (or whose shape was destroyed while touching).
public struct ContactEnded: Hashable, Sendable {
    /// Shape A (its slot below B's).
    public var shapeA: ShapeID
    /// Shape B.
    public var shapeB: ShapeID
    /// Shape A's tag (``ShapeDefinition/userData``).
    public var userDataA: UInt64
    /// Shape B's tag.
    public var userDataB: UInt64

    /// An event from its parts.
    public init(shapeA: ShapeID, shapeB: ShapeID, userDataA: UInt64, userDataB: UInt64) {
        self.shapeA = shapeA
        self.shapeB = shapeB
        self.userDataA = userDataA
        self.userDataB = userDataB
    }
}

/// The contact events of the last step: every began one, then every ended one.
public struct ContactEvents: Hashable, Sendable {
    /// Contacts that began touching, in contact order.
    public var began: [ContactBegan]
    /// Contacts that stopped touching.
    public var ended: [ContactEnded]

    /// Events from their lists.
    public init(began: [ContactBegan] = [], ended: [ContactEnded] = []) {
        self.began = began
        self.ended = ended
    }
}

/// One contact as the last step left it (for tests and inspection).
public struct ContactInfo: Hashable, Sendable {
    /// One point of the contact.
    public struct Point: Hashable, Sendable {
        /// Midway between the surfaces at collision time, world coordinates, pt.
        public var position: ShapePoint
        /// Separation along the normal at collision time, pt (negative = overlapping).
        public var separation: Double
        /// Normal impulse of the last substep, kg·pt/s.
        public var normalImpulse: Double

        /// A point from its parts.
        public init(position: ShapePoint, separation: Double, normalImpulse: Double) {
            self.position = position
            self.separation = separation
            self.normalImpulse = normalImpulse
        }
    }

    /// Shape A (its slot below B's).
    public var shapeA: ShapeID
    /// Shape B.
    public var shapeB: ShapeID
    /// Unit normal from A to B.
    public var normal: ShapePoint
    /// 0, 1 or 2 points.
    public var points: [Point]
    /// Whether the contact touched at the end of the last step.
    public var isTouching: Bool

    /// A contact from its parts.
    public init(shapeA: ShapeID, shapeB: ShapeID, normal: ShapePoint, points: [Point], isTouching: Bool) {
        self.shapeA = shapeA
        self.shapeB = shapeB
        self.normal = normal
        self.points = points
        self.isTouching = isTouching
    }
}
