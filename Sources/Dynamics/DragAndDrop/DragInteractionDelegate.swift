/// Supplies a drag's items and hears how it goes: UIKit's `UIDragInteractionDelegate`, with the methods the
/// move/copy scenario uses. Only ``dragInteraction(_:itemsForBeginning:)`` is required.
///
/// Order in a drag (``DragAndDropDriver``): `itemsForBeginning` (no items: no drag), `willAnimateLiftWith`,
/// `sessionWillBegin`, then `sessionDidMove` for each move, then on release `willEndWith` and, after any drop,
/// `didEndWith`.
@MainActor
public protocol DragInteractionDelegate: AnyObject {
    /// The items to drag from a touch on `interaction`'s view; return none to refuse the drag.
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: any DragSession) -> [DragItem]
    /// The view lifts under the finger: add animations to `animator`. Default: nothing.
    func dragInteraction(_ interaction: DragInteraction, willAnimateLiftWith animator: any DragAnimating, session: any DragSession)
    /// The drag has begun. Default: nothing.
    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: any DragSession)
    /// The touch moved. Default: nothing.
    func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: any DragSession)
    /// The finger lifted; the drop will do `operation` (`.cancel` or `.forbidden` when it fails). Default:
    /// nothing.
    func dragInteraction(_ interaction: DragInteraction, session: any DragSession, willEndWith operation: DropOperation)
    /// The drag is over, after the drop and its animations. Default: nothing.
    func dragInteraction(_ interaction: DragInteraction, session: any DragSession, didEndWith operation: DropOperation)
}

extension DragInteractionDelegate {
    /// Does nothing.
    public func dragInteraction(
        _ interaction: DragInteraction, willAnimateLiftWith animator: any DragAnimating, session: any DragSession
    ) {}
    /// Does nothing.
    public func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: any DragSession) {}
    /// Does nothing.
    public func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: any DragSession) {}
    /// Does nothing.
    public func dragInteraction(
        _ interaction: DragInteraction, session: any DragSession, willEndWith operation: DropOperation
    ) {}
    /// Does nothing.
    public func dragInteraction(
        _ interaction: DragInteraction, session: any DragSession, didEndWith operation: DropOperation
    ) {}
}
