// The scene's other drop targets, around the article's view controller: a tray that takes copies (by the
// article's copy path: load the image from the provider, show it in a new image view), and a locked area that
// refuses drops.
import Dynamics
import Foundation

/// Copies whatever image is dropped on it into a new image view of its own.
final class CopyTray: DropInteractionDelegate {
    let view: View
    let record: (String) -> Void

    init(view: View, record: @escaping (String) -> Void) {
        self.view = view
        self.record = record
        view.addInteraction(DropInteraction(delegate: self))
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        record("tray.canHandle")
        return session.canLoadObjects(ofClass: Image.self)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) { record("tray.sessionDidEnter") }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        record("tray.sessionDidUpdate")
        return DropProposal(operation: .copy)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) { record("tray.sessionDidExit") }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        record("tray.performDrop")
        let point = session.location(in: view)
        for dragItem in session.items {
            dragItem.itemProvider.loadObject(ofClass: Image.self) { object, _ in
                guard let image = object as? Image else { return }
                DispatchQueue.main.async {
                    let copy = ImageView(frame: CGRect(x: 0, y: 0, width: kImageSizeWidth, height: kImageSizeHeight))
                    copy.center = point
                    copy.image = image
                    self.view.addSubview(copy)
                }
            }
        }
    }

    func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DropSession) { record("tray.concludeDrop") }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) { record("tray.sessionDidEnd") }
}

/// Takes no drops while locked: proposes `.forbidden`.
final class LockedArea: DropInteractionDelegate {
    let record: (String) -> Void

    init(view: View, record: @escaping (String) -> Void) {
        self.record = record
        view.addInteraction(DropInteraction(delegate: self))
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) { record("locked.sessionDidEnter") }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        record("locked.sessionDidUpdate")
        return DropProposal(operation: .forbidden)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) { record("locked.sessionDidExit") }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) { record("locked.performDrop") }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) { record("locked.sessionDidEnd") }
}
