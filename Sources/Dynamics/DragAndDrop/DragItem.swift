/// One thing being dragged: UIKit's `UIDragItem`. Its data travels in ``itemProvider``; inside the app the
/// source can also attach the object itself as ``localObject``.
@MainActor
public final class DragItem {
    /// The item's data, loaded by the destination.
    public let itemProvider: ItemProvider
    /// Any object for destinations in the same app (nil by default; never seen by other apps).
    public var localObject: Any?

    /// A drag item carrying `itemProvider`.
    public init(itemProvider: ItemProvider) {
        self.itemProvider = itemProvider
    }
}
