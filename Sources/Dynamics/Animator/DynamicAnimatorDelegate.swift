/// Hears when an animator starts and stops: UIKit's `UIDynamicAnimatorDelegate`. Both methods are optional.
@MainActor
public protocol DynamicAnimatorDelegate: AnyObject {
    /// The animator is about to run again: a behavior was added, removed or changed, or an item was updated,
    /// while it was paused. Called synchronously from that call.
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    /// The animator paused: every item came to rest, or it has no behaviors left.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    /// Does nothing, so a delegate implements only the callbacks it needs.
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
    /// Does nothing, so a delegate implements only the callbacks it needs.
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
}
