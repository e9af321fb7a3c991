/// Decides what a view does with drags over it and performs drops: UIKit's `UIDropInteractionDelegate`.
///
/// Order for one session (``DragAndDropDriver``): `canHandle` once, when the touch first reaches the view (false:
/// the view is passed over for this session); then `sessionDidEnter`, `sessionDidUpdate` after entering and
/// after every move inside, `sessionDidExit` on leaving. On release over the view with a `.copy` or `.move`
/// proposal: `performDrop`, `willAnimateDropWith` for each item, `concludeDrop`; with `.cancel` or `.forbidden`:
/// `sessionDidExit`. Last, every view that could handle the session hears `sessionDidEnd`.
@MainActor
public protocol DropInteractionDelegate: AnyObject {
    /// Whether the view takes this kind of session at all. Default true.
    func dropInteraction(_ interaction: DropInteraction, canHandle session: any DropSession) -> Bool
    /// The touch entered the view. Default: nothing.
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: any DropSession)
    /// What a release here would do now. Default: `.cancel`, so a delegate must implement it to take drops.
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: any DropSession) -> DropProposal
    /// The touch left the view, or a release here was not a drop. Default: nothing.
    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: any DropSession)
    /// The finger lifted here with a `.copy` or `.move` proposal: take the items (load them from their
    /// providers). Default: nothing.
    func dropInteraction(_ interaction: DropInteraction, performDrop session: any DropSession)
    /// `item` is animating into place: add animations to `animator`. Default: nothing.
    func dropInteraction(_ interaction: DropInteraction, item: DragItem, willAnimateDropWith animator: any DragAnimating)
    /// The drop's animations finished. Default: nothing.
    func dropInteraction(_ interaction: DropInteraction, concludeDrop session: any DropSession)
    /// The session is over (dropped here, elsewhere, or nowhere). Default: nothing.
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: any DropSession)
}

extension DropInteractionDelegate {
    /// Handles every session.
    public func dropInteraction(_ interaction: DropInteraction, canHandle session: any DropSession) -> Bool { true }
    /// Does nothing.
    public func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: any DropSession) {}
    /// Proposes `.cancel`: no drop.
    public func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: any DropSession) -> DropProposal {
        DropProposal(operation: .cancel)
    }
    /// Does nothing.
    public func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: any DropSession) {}
    /// Does nothing.
    public func dropInteraction(_ interaction: DropInteraction, performDrop session: any DropSession) {}
    /// Does nothing.
    public func dropInteraction(
        _ interaction: DropInteraction, item: DragItem, willAnimateDropWith animator: any DragAnimating
    ) {}
    /// Does nothing.
    public func dropInteraction(_ interaction: DropInteraction, concludeDrop session: any DropSession) {}
    /// Does nothing.
    public func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: any DropSession) {}
}
