// The drag-to-move/copy article's view controller, ported from its Swift with `UI` dropped and `NSItemProvider`
// → `ItemProvider`. The segmented control choosing move or copy is a plain index the test sets; drawing (colours,
// content mode, clipping) is left out. Which image view is being dragged is not shown in the article: the port
// takes the drag interaction's view. Every delegate call is also recorded, for the test.
import Dynamics
import Foundation

let kImageSizeWidth: CGFloat = 100
let kImageSizeHeight: CGFloat = 100

/// The article's segmented control: 0 moves, 1 copies.
struct SegmentControl {
    var selectedSegmentIndex = 0
}

final class DragAndDropViewController: ViewController, DragInteractionDelegate, DropInteractionDelegate {
    var dragImageView: ImageView!
    var selectedImageView: ImageView!
    var dropPoint: CGPoint?
    var segmentControl = SegmentControl()
    /// The delegate calls, in order, shared with the other drop targets of the scene.
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        // The image to drag.
        let dragImage = Image(named: "madao")
        dragImageView = ImageView(frame: CGRect(x: 50, y: 80, width: kImageSizeWidth, height: kImageSizeHeight))
        dragImageView.isUserInteractionEnabled = true
        dragImageView.image = dragImage

        // Dragging starts on the image.
        dragImageView.addInteraction(DragInteraction(delegate: self))
        view.addSubview(dragImageView)

        // Dropping ends on the whole view.
        view.addInteraction(DropInteraction(delegate: self))
    }

    // MARK: Drag

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        log.append("drag.itemsForBeginning")
        selectedImageView = interaction.view as? ImageView
        let dragImage = dragImageView.image
        // The image travels in an item provider.
        let itemProvider = ItemProvider(object: dragImage!)
        let dragItem = DragItem(itemProvider: itemProvider)
        return [dragItem]
    }

    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
        log.append("drag.sessionWillBegin")
    }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        log.append("drag.didEndWith(\(operation))")
    }

    // MARK: Drop

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
        log.append("window.sessionDidEnter")
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        log.append("window.sessionDidUpdate")
        // The segmented control picks the operation.
        let operation = segmentControl.selectedSegmentIndex == 0 ? DropOperation.move : .copy
        let proposal = DropProposal(operation: operation)
        dropPoint = session.location(in: view)
        return proposal
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
        log.append("window.sessionDidExit")
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        log.append("window.performDrop")
        self.dropPoint = session.location(in: interaction.view!)
        // From another app: copy the data; from here: move the view.
        if session.localDragSession == nil {
            self.dropPoint = session.location(in: interaction.view!)
            for dragItem in session.items {
                // The data comes from the item's provider.
                createImageFromProviderAndPoint(provider: dragItem.itemProvider, point: self.dropPoint!)
            }
        } else {
            self.selectedImageView.center = self.dropPoint!
        }
    }

    func dropInteraction(_ interaction: DropInteraction, item: DragItem, willAnimateDropWith animator: DragAnimating) {
        log.append("window.willAnimateDrop")
        if segmentControl.selectedSegmentIndex == 0 {
            // Move: animate the view to the drop point.
            animator.addAnimations {
                self.selectedImageView.center = self.dropPoint!
            }
            animator.addCompletion { _ in
                self.selectedImageView.center = self.dropPoint!
            }
        }
    }

    func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DropSession) {
        log.append("window.concludeDrop")
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {
        log.append("window.sessionDidEnd")
    }

    private func createImageFromProviderAndPoint(provider: ItemProvider, point: CGPoint) {
        // A new image view.
        let newImageView = ImageView(frame: CGRect(x: 0, y: 0, width: kImageSizeWidth, height: kImageSizeHeight))
        newImageView.center = point
        newImageView.isUserInteractionEnabled = true
        // Load the image from the provider.
        provider.loadObject(ofClass: Image.self, completionHandler: { (object, error) in
            // Show it once loaded.
            if object != nil {
                DispatchQueue.main.async {
                    newImageView.image = (object as! Image)
                    newImageView.addInteraction(DragInteraction(delegate: self))
                    self.view.addSubview(newImageView)
                }
            }
            else {
                // Handle the error.
            }
        })
    }
}
