import SolverBackend

/// One body of the reference world, as a plain struct (the C core keeps the same fields as separate arrays).
struct ReferenceBody {
    var x: Double
    var y: Double
    var angle: Double
    var vx: Double
    var vy: Double
    var w: Double
    var width: Double
    var height: Double
    var area: Double
    var unitInertia: Double
    var density: Double
    var invMass = 0.0
    var invInertia = 0.0
    var linearDamping: Double
    var angularDamping: Double
    var gravityX: Double
    var gravityY: Double
    var flags: BodyFlags {
        didSet { isStatic = flags.contains(.isStatic) }
    }
    /// Anchored (kept with `flags`: the solver asks for every row).
    private(set) var isStatic: Bool
    var forceX = 0.0
    var forceY = 0.0
    var torque = 0.0
    var sleepTime = 0.0
    var isAwake = false
    var restitution = 0.2
    var friction = 0.2
    var charge = 0.0
    /// Next body of the ring that came to rest together (itself when awake or alone).
    var sleepNext = 0

    init(_ definition: BodyDefinition) {
        x = definition.x
        y = definition.y
        angle = definition.angle
        vx = definition.vx
        vy = definition.vy
        w = definition.angularVelocity
        width = definition.width
        height = definition.height
        (area, unitInertia) = definition.shape.massProperties(width: width, height: height)
        density = definition.density
        linearDamping = definition.linearDamping
        angularDamping = definition.angularDamping
        gravityX = definition.gravityX
        gravityY = definition.gravityY
        flags = definition.flags
        isStatic = definition.flags.contains(.isStatic)
        updateMass()
    }

    /// Mass = density × area / 10 000; inverse inertia is 0 when the body may not rotate.
    mutating func updateMass() {
        let mass = density * area / 10000.0
        let fixedRotation = flags.contains(.fixedRotation)
        invMass = isStatic ? 0.0 : 1.0 / mass
        invInertia = (isStatic || fixedRotation) ? 0.0 : 1.0 / (mass * unitInertia)
        if fixedRotation || isStatic { w = 0 }
        if isStatic {
            vx = 0
            vy = 0
        }
    }
}
