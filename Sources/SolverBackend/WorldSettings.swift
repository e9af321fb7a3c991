/// World-wide parameters of a backend. Defaults are UIKit's (Box2D's) rest thresholds in points.
public struct WorldSettings: Sendable, Equatable {
    /// Slots allocated up front; storage doubles when full. Default 64.
    public var initialBodyCapacity: Int = 64
    /// Speed below which a body may come to rest, pt/s. Default 1 (0.01 m/s).
    public var sleepLinearTolerance: Double = 1
    /// Spin below which a body may come to rest, rad/s. Default 2° per second.
    public var sleepAngularTolerance: Double = 2 * Double.pi / 180
    /// How long a body must stay below both tolerances before it rests, seconds. Default 0.5.
    public var timeToSleep: Double = 0.5
    /// Threads that solve a large coupled island (a grid or mesh of thousands of joints) and share a large pile's
    /// collision work (1,024 shapes or more), the calling thread included: 1 … 64. Default 1 (no threads started). Results are bit for bit the same for every count; the
    /// accelerated engine starts `workerCount − 1` threads with the world, which sleep while it is idle, and the
    /// reference engine ignores it.
    public var workerCount: Int = 1

    /// Settings with every field at its default.
    public init() {}

    /// Throws the first invalid field.
    public func validate() throws(SolverError) {
        guard (1...(1 << 28)).contains(initialBodyCapacity) else {
            throw .outOfRange(
                parameter: "initialBodyCapacity", value: Double(initialBodyCapacity), expected: "in 1...268435456")
        }
        try Validate.nonNegative(sleepLinearTolerance, "sleepLinearTolerance")
        try Validate.nonNegative(sleepAngularTolerance, "sleepAngularTolerance")
        try Validate.nonNegative(timeToSleep, "timeToSleep")
        guard (1...64).contains(workerCount) else {
            throw .outOfRange(parameter: "workerCount", value: Double(workerCount), expected: "in 1...64")
        }
    }
}

/// One body's full state.
public struct BodyState: Sendable, Equatable {
    /// Centre, x coordinate, pt.
    public var x: Double
    /// Centre, y coordinate (down on screen), pt.
    public var y: Double
    /// Rotation, radians (positive = clockwise on screen).
    public var angle: Double
    /// Linear velocity, x component, pt/s.
    public var vx: Double
    /// Linear velocity, y component, pt/s.
    public var vy: Double
    /// Angular velocity, rad/s.
    public var angularVelocity: Double
    /// Mass in kg (0 when static).
    public var mass: Double
    /// Moment of inertia about the centre in kg·pt² (0 when static or not rotating).
    public var inertia: Double
    /// False once the body has come to rest.
    public var isAwake: Bool

    /// A state from its parts (units as the properties').
    public init(
        x: Double, y: Double, angle: Double, vx: Double, vy: Double, angularVelocity: Double,
        mass: Double, inertia: Double, isAwake: Bool
    ) {
        self.x = x
        self.y = y
        self.angle = angle
        self.vx = vx
        self.vy = vy
        self.angularVelocity = angularVelocity
        self.mass = mass
        self.inertia = inertia
        self.isAwake = isAwake
    }
}

/// Read-only views of every slot's state, for read-back without a call per body. Valid only inside the
/// closure that receives them. Slots whose `alive` entry is 0 are free.
public struct BodyStateBuffers {
    /// Centre x of every slot, pt.
    public var x: UnsafeBufferPointer<Double>
    /// Centre y of every slot, pt.
    public var y: UnsafeBufferPointer<Double>
    /// Rotation of every slot, radians.
    public var angle: UnsafeBufferPointer<Double>
    /// Linear velocity x of every slot, pt/s.
    public var vx: UnsafeBufferPointer<Double>
    /// Linear velocity y of every slot, pt/s.
    public var vy: UnsafeBufferPointer<Double>
    /// Angular velocity of every slot, rad/s.
    public var angularVelocity: UnsafeBufferPointer<Double>
    /// 1 for a slot holding a live body, 0 for a free one (whose other entries mean nothing).
    public var alive: UnsafeBufferPointer<UInt8>
    /// 1 for a dynamic body that has not come to rest; 0 for resting and static bodies and free slots.
    public var awake: UnsafeBufferPointer<UInt8>

    /// Buffers from their parts; all must have the same count.
    public init(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, angle: UnsafeBufferPointer<Double>,
        vx: UnsafeBufferPointer<Double>, vy: UnsafeBufferPointer<Double>,
        angularVelocity: UnsafeBufferPointer<Double>, alive: UnsafeBufferPointer<UInt8>,
        awake: UnsafeBufferPointer<UInt8>
    ) {
        self.x = x
        self.y = y
        self.angle = angle
        self.vx = vx
        self.vy = vy
        self.angularVelocity = angularVelocity
        self.alive = alive
        self.awake = awake
    }

    /// Number of slots (live or free).
    public var slotCount: Int { x.count }
}

/// cos and sin of every slot's angle, exactly `cos(angle)` and `sin(angle)`, for read-back of rotation matrices
/// without computing them again. Valid only inside the closure that receives them; entries of free slots mean
/// nothing.
public struct RotationBuffers {
    /// cos of every slot's angle.
    public var cosine: UnsafeBufferPointer<Double>
    /// sin of every slot's angle.
    public var sine: UnsafeBufferPointer<Double>

    /// Buffers from their parts; both must have the same count.
    public init(cosine: UnsafeBufferPointer<Double>, sine: UnsafeBufferPointer<Double>) {
        self.cosine = cosine
        self.sine = sine
    }
}

/// Counters and stage timings of an engine's last step (the C core keeps them; see
/// ``PhysicsWorld/lastStepStatistics``).
public struct SolverStepStatistics: Sendable, Equatable {
    /// Islands with constraint rows.
    public var islandCount: Int
    /// Constraint rows in the last substep.
    public var rowCount: Int
    /// Islands solved by the batched in-house kernel (and bodies held only by springs, solved in body space).
    public var batchedIslands: Int
    /// Islands solved by LAPACK's banded Cholesky.
    public var bandedIslands: Int
    /// Islands solved by LAPACK's dense Cholesky.
    public var denseIslands: Int
    /// Islands solved by conjugate gradients.
    public var iterativeIslands: Int
    /// Widest band factored by LAPACK.
    public var maxBandwidth: Int
    /// Seconds spent integrating forces into velocities.
    public var forcesSeconds: Double
    /// Seconds spent building the row layout and filling constraint rows.
    public var assemblySeconds: Double
    /// Seconds spent factoring and solving, projection included.
    public var solveSeconds: Double
    /// Seconds spent integrating positions and detecting rest.
    public var integrationSeconds: Double
    /// Islands solved by the sparse path: a Cholesky factor in nested-dissection order, kept across solves.
    public var sparseIslands = 0
    /// Sparse numeric factorisations done in the step.
    public var sparseFactorizations = 0
    /// Conjugate-gradient iterations preconditioned by a kept sparse factor in the step.
    public var sparseIterations = 0
    /// Entries of L over the sparse islands' factors.
    public var factorNonzeros = 0
    /// Flops of one numeric factorisation of every sparse island.
    public var factorFlops = 0.0
    /// Flops of the sparse factorisations and of the substitutions done in the step.
    public var stepFactorFlops = 0.0, stepSolveFlops = 0.0
    /// Seconds of the step in the sparse path's stages: nested-dissection ordering and symbolic analysis (only when
    /// the layout was rebuilt), numeric factorisation, and solves (substitutions and preconditioned iterations).
    public var orderSeconds = 0.0, symbolicSeconds = 0.0, numericSeconds = 0.0, sparseSolveSeconds = 0.0

    /// Statistics from their parts.
    public init(
        islandCount: Int, rowCount: Int, batchedIslands: Int, bandedIslands: Int, denseIslands: Int,
        iterativeIslands: Int, maxBandwidth: Int, forcesSeconds: Double, assemblySeconds: Double,
        solveSeconds: Double, integrationSeconds: Double
    ) {
        self.islandCount = islandCount
        self.rowCount = rowCount
        self.batchedIslands = batchedIslands
        self.bandedIslands = bandedIslands
        self.denseIslands = denseIslands
        self.iterativeIslands = iterativeIslands
        self.maxBandwidth = maxBandwidth
        self.forcesSeconds = forcesSeconds
        self.assemblySeconds = assemblySeconds
        self.solveSeconds = solveSeconds
        self.integrationSeconds = integrationSeconds
    }
}
