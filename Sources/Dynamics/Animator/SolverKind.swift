import ReferenceSolver
import SolverBackend

/// Which solver an animator runs on. Both give the same results (the test suite holds them to 1e-9).
public enum SolverKind: Sendable, Hashable {
    /// The C core (`CSolver`): structure-of-arrays, batched linear algebra. The default.
    case accelerated
    /// The pure-Swift reference solver: the same algorithms written plainly; the oracle for tests.
    case reference

    /// A new, empty world of this kind.
    func makeBackend(settings: WorldSettings = WorldSettings()) -> any PhysicsBackend {
        do {
            switch self {
            case .accelerated: return try AcceleratedBackend(settings: settings)
            case .reference: return try ReferenceWorld(settings: settings)
            }
        } catch {
            preconditionFailure("Could not create a \(self) physics world: \(error)")
        }
    }
}
