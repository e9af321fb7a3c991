/// The ``DragAnimating`` the driver hands delegates: collects their blocks, then runs them at once.
@MainActor
final class HeadlessDragAnimator: DragAnimating {
    private var animations: [@MainActor () -> Void] = []
    private var completions: [@MainActor (ViewAnimatingPosition) -> Void] = []

    func addAnimations(_ animations: @escaping @MainActor () -> Void) {
        self.animations.append(animations)
    }

    func addCompletion(_ completion: @escaping @MainActor (ViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Runs the animations, then the completions at the end position.
    func finish() {
        for animation in animations { animation() }
        for completion in completions { completion(.end) }
        animations = []
        completions = []
    }
}
