/// Body flags shared by both backends.
public struct BodyFlags: OptionSet, Sendable, Hashable {
    /// The flag bits: `isStatic` is bit 0, `fixedRotation` bit 1 (the C core's `sdBodyFlags` values).
    public let rawValue: UInt32
    /// Flags from their bits; ``validate()`` refuses unknown bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Anchored: the body never moves, ignores forces and has infinite mass.
    public static let isStatic = BodyFlags(rawValue: 1 << 0)
    /// The body never rotates (infinite moment of inertia).
    public static let fixedRotation = BodyFlags(rawValue: 1 << 1)

    /// Every flag the solvers know.
    public static let all: BodyFlags = [.isStatic, .fixedRotation]

    /// Throws unless every bit is a known flag.
    public func validate() throws(SolverError) {
        guard BodyFlags.all.isSuperset(of: self) else {
            throw .outOfRange(parameter: "flags", value: Double(rawValue), expected: "a combination of isStatic and fixedRotation")
        }
    }
}

/// Everything needed to create a body. Units: points, seconds, radians (clockwise on screen), kilograms.
public struct BodyDefinition: Sendable, Equatable {
    /// Centre, x coordinate, pt. Default 0.
    public var x: Double = 0
    /// Centre, y coordinate (down on screen), pt. Default 0.
    public var y: Double = 0
    /// Rotation, radians. Default 0.
    public var angle: Double = 0
    /// Linear velocity, x component, pt/s. Default 0.
    public var vx: Double = 0
    /// Linear velocity, y component, pt/s. Default 0.
    public var vy: Double = 0
    /// Angular velocity, rad/s. Default 0.
    public var angularVelocity: Double = 0
    /// Bounding width, pt, in ``Validate/bodySizes``. Default 100.
    public var width: Double = 100
    /// Bounding height, pt, in ``Validate/bodySizes``. Default 100.
    public var height: Double = 100
    /// Shape of the mass distribution. Default rectangle.
    public var shape: ShapeKind = .rectangle
    /// Density, in ``Validate/densities``: mass = density × area / 10 000 kg. Default 1.
    public var density: Double = 1
    /// Linear damping c ≥ 0 in 1/s: velocity decays as e^(−c·t). Default 0.
    public var linearDamping: Double = 0
    /// Angular damping ≥ 0 in 1/s. Default 0.
    public var angularDamping: Double = 0
    /// Gravitational acceleration acting on this body, x component, pt/s². Default 0.
    public var gravityX: Double = 0
    /// Gravitational acceleration acting on this body, y component (positive = down), pt/s². Default 0.
    public var gravityY: Double = 0
    /// Static / fixed-rotation flags. Default none.
    public var flags: BodyFlags = []

    /// A definition with every field at its default.
    public init() {}

    /// Checks every field and throws the first problem found, naming the field and its value.
    public func validate() throws(SolverError) {
        try Validate.bounded(x, "x")
        try Validate.bounded(y, "y")
        try Validate.bounded(angle, "angle")
        try Validate.bounded(vx, "vx")
        try Validate.bounded(vy, "vy")
        try Validate.bounded(angularVelocity, "angularVelocity")
        try Validate.inside(width, Validate.bodySizes, "width")
        try Validate.inside(height, Validate.bodySizes, "height")
        try Validate.inside(density, Validate.densities, "density")
        try Validate.boundedNonNegative(linearDamping, "linearDamping")
        try Validate.boundedNonNegative(angularDamping, "angularDamping")
        try Validate.bounded(gravityX, "gravityX")
        try Validate.bounded(gravityY, "gravityY")
        try flags.validate()
        if case let .polygon(area, unitInertia) = shape {
            try Validate.inside(area, Validate.polygonAreas, "polygon area")
            try Validate.inside(unitInertia, Validate.polygonUnitInertias, "polygon unitInertia")
        }
    }
}
