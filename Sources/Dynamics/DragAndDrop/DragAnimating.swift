/// Lets a delegate join the lift or drop animation: UIKit's `UIDragAnimating`. Headless animations take no
/// time: the animations run at once, in the order added, then the completions with ``ViewAnimatingPosition/end``.
@MainActor
public protocol DragAnimating: AnyObject {
    /// Adds changes to animate alongside the system's.
    func addAnimations(_ animations: @escaping @MainActor () -> Void)
    /// Adds a block to run when the animation finishes.
    func addCompletion(_ completion: @escaping @MainActor (ViewAnimatingPosition) -> Void)
}
