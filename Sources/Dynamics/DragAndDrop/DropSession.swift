/// The destination side of a drag: UIKit's `UIDropSession`, which drop interaction delegates receive.
@MainActor
public protocol DropSession: DragDropSession {
    /// The drag session when the drag started in this app, nil when it came from another app.
    var localDragSession: (any DragSession)? { get }
}
