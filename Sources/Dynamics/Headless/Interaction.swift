/// Something added to a ``View`` that reacts to the user there: UIKit's `UIInteraction` (drag and drop
/// interactions are ones). The view keeps it; it keeps the view weakly.
@MainActor
public protocol Interaction: AnyObject {
    /// The view the interaction is attached to, or nil.
    var view: View? { get }
    /// Called before the interaction moves to `view` (nil: it is being removed). Default: nothing.
    func willMove(to view: View?)
    /// Called after the interaction moved to `view` (nil: it was removed).
    func didMove(to view: View?)
}

extension Interaction {
    /// Does nothing.
    public func willMove(to view: View?) {}
}
