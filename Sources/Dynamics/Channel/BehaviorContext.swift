internal import SolverBackend

/// What a behavior may use of the physics world, handed to it by the animator inside a hook.
///
/// This is the one channel between behaviors and the world: the animator calls each behavior's hooks at fixed
/// points of its life and of every step (see ``DynamicBehavior``'s hooks section), passing a context; behaviors
/// hold no world of their own. A parameter changed outside a hook is recorded by the behavior, which asks for a
/// hook with `setNeedsWorldUpdate()`.
@MainActor
struct BehaviorContext {
    /// The animator running the hook (its bodies and coordinates).
    unowned let animator: DynamicAnimator

    /// The body of `item` in this animator, or nil when it has none.
    func body(of item: any DynamicItem) -> BodyID? { animator.bodyID(of: item) }

    /// The state of a live body.
    func state(of body: BodyID) -> BodyState { run { try $0.state(of: body) } }

    /// Runs a world call whose arguments the behavior has already checked; a refusal here is a bug.
    @discardableResult
    func run<T>(_ call: (PhysicsWorld) throws -> T) -> T { animator.solve { try call(animator.world) } }
}
