/// The source side of a drag: UIKit's `UIDragSession`, which drag interaction delegates receive.
@MainActor
public protocol DragSession: DragDropSession {
    /// Anything the app wants to keep with the drag (nil by default); drop sessions in the same app reach it
    /// through ``DropSession/localDragSession``.
    var localContext: Any? { get set }
}
