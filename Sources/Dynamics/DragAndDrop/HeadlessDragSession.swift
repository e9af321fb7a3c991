import Foundation

/// The drag session the ``DragAndDropDriver`` plays: the items and where the touch is, in the window's
/// coordinates.
@MainActor
final class HeadlessDragSession: DragSession {
    let window: View
    var items: [DragItem]
    var localContext: Any?
    /// Where the touch is, in the window's coordinates.
    var windowLocation: CGPoint
    /// False for a drag that came from another app (no drag interaction here started it).
    let isLocal: Bool

    init(window: View, items: [DragItem], at location: CGPoint, isLocal: Bool) {
        self.window = window
        self.items = items
        windowLocation = location
        self.isLocal = isLocal
    }

    func location(in view: View) -> CGPoint { view.convert(windowLocation, from: window) }

    var allowsMoveOperation: Bool { isLocal }
}
