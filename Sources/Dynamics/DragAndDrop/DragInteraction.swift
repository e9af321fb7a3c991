/// Makes a view a drag source: UIKit's `UIDragInteraction`. Add it with ``View/addInteraction(_:)``; a touch
/// on the view (or a subview) can then start a drag whose items the ``delegate`` supplies.
@MainActor
public final class DragInteraction: Interaction {
    /// Supplies the items and hears the drag. Weak.
    public private(set) weak var delegate: (any DragInteractionDelegate)?
    /// False ignores touches. Default true (UIKit's default on iPad).
    public var isEnabled = true
    /// The view the interaction is attached to. Weak.
    public private(set) weak var view: View?

    /// A drag interaction whose items `delegate` supplies.
    public init(delegate: any DragInteractionDelegate) {
        self.delegate = delegate
    }

    /// Remembers `view` as the interaction's view.
    public func didMove(to view: View?) {
        self.view = view
    }
}
