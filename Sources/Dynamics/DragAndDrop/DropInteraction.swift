/// Makes a view a drop target: UIKit's `UIDropInteraction`. Add it with ``View/addInteraction(_:)``; drags
/// over the view (or its subviews) then ask the ``delegate`` what a drop would do.
@MainActor
public final class DropInteraction: Interaction {
    /// Proposes and performs drops. Weak.
    public private(set) weak var delegate: (any DropInteractionDelegate)?
    /// The view the interaction is attached to. Weak.
    public private(set) weak var view: View?

    /// A drop interaction whose drops `delegate` handles.
    public init(delegate: any DropInteractionDelegate) {
        self.delegate = delegate
    }

    /// Remembers `view` as the interaction's view.
    public func didMove(to view: View?) {
        self.view = view
    }
}
