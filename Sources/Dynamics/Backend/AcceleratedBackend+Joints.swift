import CSolver
import SolverBackend

/// Which linear-algebra path solves small constraint islands in the C core.
public enum IslandSolverKind: Sendable {
    /// One batched pass of an in-house dense Cholesky over all small islands (the default: it follows the
    /// reference solver's operation order exactly).
    case batchedKernel
    /// All small islands as one block-diagonal band through LAPACK's `dpbtrf`/`dpbtrs` (measured faster on
    /// generic small islands; see the README's Performance section).
    case bandedLAPACK
    /// Every island through matrix-free conjugate gradients (huge islands take this path anyway).
    case iterative
}

/// Counters and stage timings of the C core's last step.
public struct SolverStepStatistics: Sendable {
    /// Islands with constraint rows, and rows in the last substep.
    public var islandCount: Int
    public var rowCount: Int
    /// Islands by solve path: batched in-house kernel, LAPACK banded, LAPACK dense, conjugate gradients.
    public var batchedIslands: Int
    public var bandedIslands: Int
    public var denseIslands: Int
    public var iterativeIslands: Int
    /// Widest band factored by LAPACK.
    public var maxBandwidth: Int
    /// Seconds spent integrating forces, filling constraint rows, factoring/solving (incl. projection), and
    /// integrating positions plus rest detection.
    public var forcesSeconds: Double
    public var assemblySeconds: Double
    public var solveSeconds: Double
    public var integrationSeconds: Double
}

extension AcceleratedBackend {
    @inline(__always)
    private func liveJoint(_ id: JointID) throws(SolverError) -> sdJointId {
        let raw = sdJointId(index: id.index, generation: id.generation)
        guard sdJoint_IsValid(world, raw) else { throw .outOfRange(parameter: "joint", value: Double(id.index), expected: "a live joint") }
        return raw
    }

    private func rawBody(_ id: BodyID?) throws(SolverError) -> sdBodyId {
        guard let id else { return sdBodyId(index: sdWorldBodyIndex, generation: 0) }
        return try live(id)
    }

    public var springModel: SpringModel {
        get { storedSpringModel }
        set {
            storedSpringModel = newValue
            _ = sdWorld_SetSpringModel(world, sdSpringModel(rawValue: newValue.rawValue))
        }
    }

    /// The path small islands take. Default `.batchedKernel`.
    public var islandSolver: IslandSolverKind {
        get { storedIslandSolver }
        set {
            storedIslandSolver = newValue
            switch newValue {
            case .batchedKernel: _ = sdWorld_SetIslandSolver(world, sdIslandSolver_batchedKernel)
            case .bandedLAPACK: _ = sdWorld_SetIslandSolver(world, sdIslandSolver_bandedLAPACK)
            case .iterative: _ = sdWorld_SetIslandSolver(world, sdIslandSolver_iterative)
            }
        }
    }

    /// Whether a body held only by springs is solved in its own 3 unknowns (default true). Off, such islands
    /// take ``islandSolver``'s path like any small island (for measuring the two).
    public var usesBodySpacePath: Bool {
        get { storedBodySpacePath }
        set {
            storedBodySpacePath = newValue
            _ = sdWorld_SetBodySpacePath(world, newValue)
        }
    }

    /// Counters and timings of the last step.
    public var lastStepStatistics: SolverStepStatistics {
        let s = sdWorld_GetStepStats(world)
        return SolverStepStatistics(
            islandCount: Int(s.islandCount), rowCount: Int(s.rowCount), batchedIslands: Int(s.batchedIslands),
            bandedIslands: Int(s.bandedIslands), denseIslands: Int(s.denseIslands),
            iterativeIslands: Int(s.iterativeIslands), maxBandwidth: Int(s.maxBandwidth),
            forcesSeconds: s.forcesSeconds, assemblySeconds: s.assemblySeconds, solveSeconds: s.solveSeconds,
            integrationSeconds: s.integrationSeconds)
    }

    public func createJoint(_ definition: JointDefinition) throws(SolverError) -> JointID {
        try definition.validate()
        var def = sdDefaultJointDef()
        def.kind = sdJointKind(rawValue: definition.kind.rawValue)
        def.bodyA = try rawBody(definition.bodyA)
        def.bodyB = try rawBody(definition.bodyB)
        def.anchorAX = definition.anchorAX
        def.anchorAY = definition.anchorAY
        def.anchorBX = definition.anchorBX
        def.anchorBY = definition.anchorBY
        def.length = definition.length
        def.frequency = definition.frequency
        def.dampingRatio = definition.dampingRatio
        def.axisX = definition.axisX
        def.axisY = definition.axisY
        def.lowerLimit = definition.lowerLimit
        def.upperLimit = definition.upperLimit
        def.frictionTorque = definition.frictionTorque
        var raw = sdJointId()
        try Self.check(sdCreateJoint(world, &def, &raw), id: nil)
        return JointID(index: raw.index, generation: raw.generation)
    }

    public func destroyJoint(_ id: JointID) throws(SolverError) {
        try Self.check(sdDestroyJoint(world, try liveJoint(id)), id: nil)
    }

    public func isValid(_ id: JointID) -> Bool {
        sdJoint_IsValid(world, sdJointId(index: id.index, generation: id.generation))
    }

    public func setJointWorldAnchor(_ id: JointID, x: Double, y: Double) throws(SolverError) {
        let raw = try liveJoint(id)
        try Validate.finite(x, "anchorPoint.x")
        try Validate.finite(y, "anchorPoint.y")
        try Self.check(sdJoint_SetWorldAnchor(world, raw, x, y), id: nil)
    }

    public func setJointLength(_ id: JointID, _ length: Double) throws(SolverError) {
        let raw = try liveJoint(id)
        try Validate.nonNegative(length, "length")
        try Self.check(sdJoint_SetLength(world, raw, length), id: nil)
    }

    public func setJointSpring(_ id: JointID, frequency: Double, dampingRatio: Double) throws(SolverError) {
        let raw = try liveJoint(id)
        try Validate.nonNegative(frequency, "frequency")
        try Validate.nonNegative(dampingRatio, "damping")
        try Self.check(sdJoint_SetSpring(world, raw, frequency, dampingRatio), id: nil)
    }

    public func setJointLimits(_ id: JointID, lower: Double, upper: Double) throws(SolverError) {
        let raw = try liveJoint(id)
        try JointDefinition.validateLimits(lower: lower, upper: upper)
        try Self.check(sdJoint_SetLimits(world, raw, lower, upper), id: nil)
    }

    public func setJointFrictionTorque(_ id: JointID, _ torque: Double) throws(SolverError) {
        let raw = try liveJoint(id)
        try Validate.nonNegative(torque, "frictionTorque")
        try Self.check(sdJoint_SetFrictionTorque(world, raw, torque), id: nil)
    }

    public func jointGeometry(_ id: JointID) throws(SolverError) -> (distance: Double, relativeAngle: Double) {
        var distance = 0.0
        var angle = 0.0
        try Self.check(sdJoint_GetGeometry(world, try liveJoint(id), &distance, &angle), id: nil)
        return (distance, angle)
    }
}
