internal import AcceleratedSolver
internal import ReferenceSolver
internal import SolverBackend

/// Which solver an animator runs on. Both give the same results (the test suite holds them to 1e-9).
public enum SolverKind: Sendable, Hashable {
    /// The C core (`CSolver`): structure-of-arrays, batched linear algebra. The default.
    case accelerated
    /// The C core with `workers` threads (1 … 64, the calling thread included) for large coupled islands — grids
    /// and meshes of thousands of joints, whose sparse solve splits across them — and for piles of 1,024 shapes
    /// or more, whose pair tests, contact manifolds and soft-step preparation split across them. The results are
    /// bit for bit those of ``accelerated`` (`acceleratedWorkers(1)` behaves exactly like it); the threads start
    /// with the animator's world, spin briefly between a step's forks and sleep while it is idle. Smaller
    /// islands, a pile's sweeps and fields stay on the calling thread. Use at most as many workers as free
    /// cores: more make the solve slower. A count outside 1 … 64 stops the program with a message that names
    /// `workerCount` and the value.
    case acceleratedWorkers(Int)
    /// The pure-Swift reference solver: the same algorithms written plainly; the oracle for tests.
    case reference

    /// The engine of this kind.
    var engine: any PhysicsBackend.Type {
        switch self {
        case .accelerated, .acceleratedWorkers: return AcceleratedBackend.self
        case .reference: return ReferenceWorld.self
        }
    }

    /// A new, empty world of this kind.
    func makeWorld(settings: WorldSettings = WorldSettings()) -> PhysicsWorld {
        var settings = settings
        if case .acceleratedWorkers(let workers) = self { settings.workerCount = workers }
        do {
            return try PhysicsWorld(engine, settings: settings)
        } catch {
            preconditionFailure("Could not create a \(self) physics world: \(error)")
        }
    }
}
