public import Foundation

/// Plays one finger's drag across a view tree, headless: begin at a point, move through points, release, and
/// calls the ``DragInteractionDelegate`` and ``DropInteractionDelegate`` methods in UIKit's order, so drag and
/// drop code runs and is tested without a screen.
///
/// Points are in the ``window``'s coordinates. A drag begins on the front-most view under the touch that (or
/// whose ancestor) has an enabled ``DragInteraction`` whose delegate gives items; ``beginExternalDrag(items:at:)``
/// plays a drag coming from another app instead (its drop session has no `localDragSession`, and a `.move`
/// proposal is performed as `.copy`). The drop target is the first ``DropInteraction`` up the tree from the view
/// under the touch whose delegate can handle the session (asked once per session).
///
/// Order, per step (see the two delegate protocols for each side's view):
/// - begin: `itemsForBeginning`, `willAnimateLiftWith` (animations run at once), `sessionWillBegin`, then the
///   target under the touch: `canHandle` (first visit), `sessionDidEnter`, `sessionDidUpdate`;
/// - move: `sessionDidMove`; then, searching for the target, `canHandle` of each drop interaction met for the
///   first time; on changing target the old one's `sessionDidExit` and the new one's `sessionDidEnter`; then the
///   target's `sessionDidUpdate`;
/// - release: the drag's `willEndWith`; with a `.copy` or `.move` proposal the target's `performDrop`,
///   `willAnimateDropWith` per item, `concludeDrop`; otherwise the target's `sessionDidExit`; then the drag's
///   `didEndWith`, and `sessionDidEnd` for every drop interaction that could handle the session.
@MainActor
public final class DragAndDropDriver {
    /// The root of the view tree the finger moves over.
    public let window: View

    /// The drag under way.
    private struct ActiveDrag {
        let source: DragInteraction?
        let dragSession: HeadlessDragSession
        let dropSession: HeadlessDropSession
        /// `canHandle` answers so far, by drop interaction.
        var canHandle: [ObjectIdentifier: Bool] = [:]
        /// Drop interactions that can handle the session, in the order they were met.
        var involved: [DropInteraction] = []
        var target: DropInteraction?
        var operation = DropOperation.cancel
    }

    private var drag: ActiveDrag?

    /// A driver for drags over `window`'s tree.
    public init(window: View) {
        self.window = window
    }

    /// True between a begin and the release.
    public var isDragging: Bool { drag != nil }

    /// What a release now would do: the current target's last proposal (`.cancel` over no target or when no
    /// drag is under way).
    public var proposedOperation: DropOperation { drag?.operation ?? .cancel }

    /// The view of the drop interaction the touch is over, if any.
    public var targetView: View? { drag?.target?.view }

    /// Touches `point` and starts a drag from the drag interaction there. Returns false, starting nothing, when
    /// no enabled drag interaction is under the touch or its delegate gives no items. Stops with a message when
    /// a drag is already under way.
    @discardableResult
    public func beginDrag(at point: CGPoint) -> Bool {
        precondition(drag == nil, "DragAndDropDriver.beginDrag(at:): a drag is already under way; release it first")
        requireFinite(point, "DragAndDropDriver.beginDrag(at:) point")
        let sources = interactions(at: point).compactMap { $0 as? DragInteraction }
        guard let source = sources.first(where: \.isEnabled), let delegate = source.delegate
        else { return false }
        let dragSession = HeadlessDragSession(window: window, items: [], at: point, isLocal: true)
        let items = delegate.dragInteraction(source, itemsForBeginning: dragSession)
        guard !items.isEmpty else { return false }
        dragSession.items = items
        let lift = HeadlessDragAnimator()
        delegate.dragInteraction(source, willAnimateLiftWith: lift, session: dragSession)
        lift.finish()
        delegate.dragInteraction(source, sessionWillBegin: dragSession)
        start(ActiveDrag(source: source, dragSession: dragSession, dropSession: HeadlessDropSession(drag: dragSession)))
        return true
    }

    /// Starts a drag of `items` coming from another app, touching `point`: no drag delegate here hears it, and
    /// drop delegates see no `localDragSession`. Stops with a message when a drag is already under way or
    /// `items` is empty.
    public func beginExternalDrag(items: [DragItem], at point: CGPoint) {
        precondition(drag == nil, "DragAndDropDriver.beginExternalDrag(items:at:): a drag is already under way; release it first")
        precondition(!items.isEmpty, "DragAndDropDriver.beginExternalDrag(items:at:): items must not be empty")
        requireFinite(point, "DragAndDropDriver.beginExternalDrag(items:at:) point")
        let dragSession = HeadlessDragSession(window: window, items: items, at: point, isLocal: false)
        start(ActiveDrag(source: nil, dragSession: dragSession, dropSession: HeadlessDropSession(drag: dragSession)))
    }

    /// Moves the touch to `point`. Stops with a message when no drag is under way.
    public func move(to point: CGPoint) {
        guard let drag else { preconditionFailure("DragAndDropDriver.move(to:): no drag is under way; begin one first") }
        requireFinite(point, "DragAndDropDriver.move(to:) point")
        drag.dragSession.windowLocation = point
        if let source = drag.source { source.delegate?.dragInteraction(source, sessionDidMove: drag.dragSession) }
        updateTarget()
    }

    /// Lifts the finger where it is and returns what the drop did: `.copy` or `.move` when a target performed
    /// it, else the failed proposal (`.cancel` or `.forbidden`). Stops with a message when no drag is under way.
    @discardableResult
    public func release() -> DropOperation {
        guard let drag else { preconditionFailure("DragAndDropDriver.release(): no drag is under way; begin one first") }
        self.drag = nil
        var operation = drag.operation
        if operation == .move && !drag.dropSession.allowsMoveOperation { operation = .copy }
        let source = drag.source, sourceDelegate = source?.delegate
        if let source { sourceDelegate?.dragInteraction(source, session: drag.dragSession, willEndWith: operation) }
        if let target = drag.target, let delegate = target.delegate {
            if operation == .copy || operation == .move {
                delegate.dropInteraction(target, performDrop: drag.dropSession)
                let animator = HeadlessDragAnimator()
                for item in drag.dropSession.items { delegate.dropInteraction(target, item: item, willAnimateDropWith: animator) }
                animator.finish()
                delegate.dropInteraction(target, concludeDrop: drag.dropSession)
            } else {
                delegate.dropInteraction(target, sessionDidExit: drag.dropSession)
            }
        }
        if let source { sourceDelegate?.dragInteraction(source, session: drag.dragSession, didEndWith: operation) }
        for interaction in drag.involved { interaction.delegate?.dropInteraction(interaction, sessionDidEnd: drag.dropSession) }
        return operation
    }

    // MARK: Targets

    private func start(_ newDrag: ActiveDrag) {
        drag = newDrag
        updateTarget()
    }

    /// Finds the drop target under the touch, tells the old and new targets, and asks the target's proposal.
    private func updateTarget() {
        guard var drag else { return }
        let session = drag.dropSession
        var target: DropInteraction?
        for case let interaction as DropInteraction in interactions(at: drag.dragSession.windowLocation) {
            guard let delegate = interaction.delegate else { continue }
            let key = ObjectIdentifier(interaction)
            if drag.canHandle[key] == nil {
                let handles = delegate.dropInteraction(interaction, canHandle: session)
                drag.canHandle[key] = handles
                if handles { drag.involved.append(interaction) }
            }
            if drag.canHandle[key] == true {
                target = interaction
                break
            }
        }
        if target !== drag.target {
            if let old = drag.target { old.delegate?.dropInteraction(old, sessionDidExit: session) }
            drag.target = target
            if let target { target.delegate?.dropInteraction(target, sessionDidEnter: session) }
        }
        if let target, let delegate = target.delegate {
            drag.operation = delegate.dropInteraction(target, sessionDidUpdate: session).operation
        } else {
            drag.operation = .cancel
        }
        self.drag = drag
    }

    /// The interactions a touch at `point` reaches: those of the view under it, then of its ancestors (each
    /// view's latest first).
    private func interactions(at point: CGPoint) -> [any Interaction] {
        var result: [any Interaction] = []
        var view = window.hitTest(point)
        while let current = view {
            result += current.interactions.reversed()
            view = current.superview
        }
        return result
    }
}
