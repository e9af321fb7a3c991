internal import AcceleratedSolver
internal import ReferenceSolver
internal import SolverBackend

/// Which solver an animator runs on. Both give the same results (the test suite holds them to 1e-9).
public enum SolverKind: Sendable, Hashable {
    /// The C core (`CSolver`): structure-of-arrays, batched linear algebra. The default.
    case accelerated
    /// The pure-Swift reference solver: the same algorithms written plainly; the oracle for tests.
    case reference

    /// The engine of this kind.
    var engine: any PhysicsBackend.Type {
        switch self {
        case .accelerated: return AcceleratedBackend.self
        case .reference: return ReferenceWorld.self
        }
    }

    /// A new, empty world of this kind.
    func makeWorld(settings: WorldSettings = WorldSettings()) -> PhysicsWorld {
        do {
            return try PhysicsWorld(engine, settings: settings)
        } catch {
            preconditionFailure("Could not create a \(self) physics world: \(error)")
        }
    }
}
