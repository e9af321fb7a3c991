import Foundation

/// The drop side of a ``HeadlessDragSession``: the same items and touch, and the drag session itself only
/// when the drag started in this app.
@MainActor
final class HeadlessDropSession: DropSession {
    let drag: HeadlessDragSession

    init(drag: HeadlessDragSession) {
        self.drag = drag
    }

    var items: [DragItem] { drag.items }

    func location(in view: View) -> CGPoint { drag.location(in: view) }

    var allowsMoveOperation: Bool { drag.allowsMoveOperation }

    var localDragSession: (any DragSession)? { drag.isLocal ? drag : nil }
}
