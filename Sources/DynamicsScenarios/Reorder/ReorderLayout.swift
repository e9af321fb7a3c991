// The drag-to-reorder grid layout, ported from the article's Objective-C with `UI` dropped and Swift syntax.
// Where the article reaches past layouts the port says so: the long-press recognizer is played by the tests
// (they call the gesture handlers with its state and location), the dragged cell's snapshot is a plain view in
// the cell's frame (a headless collection view has no cells to snapshot), and rows wrap at the collection
// view's width rather than the app window's.
import Dynamics
import Foundation

final class ReorderLayout: CollectionViewLayout {
    // The grid: equal cells in rows, wrapping at the collection view's width.
    var sectionInsets = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    var itemWidth: CGFloat = 80
    var itemHeight: CGFloat = 80
    var lineSpace: CGFloat = 10
    var itemSpace: CGFloat = 10

    // Every cell's attributes, in slot order.
    var attributesArray: [CollectionViewLayoutAttributes] = []

    // Drag state.
    var isItemDragging = false
    var startDragIndexPath: IndexPath?
    var currentDragIndexPath: IndexPath?
    var dragSnapView: View?
    var dragOffset = CGPoint.zero
    var dragAttribute: CollectionViewLayoutAttributes?

    // Asked whether an item may be dragged; told (from, to) when a drag ends.
    var moveBeganBlock: ((IndexPath) -> Bool)?
    var moveEndBlock: ((IndexPath, IndexPath) -> Void)?

    override func prepare() {
        super.prepare()
        // The article adds its long-press recognizer here, once; the tests play the gesture instead.
        // The attributes are built once per data set: a drag in progress keeps its own order.
        let count = collectionView?.numberOfItems(inSection: 0) ?? 0
        guard attributesArray.count != count else { return }
        attributesArray = (0..<count).map { CollectionViewLayoutAttributes(forCellWith: IndexPath(row: $0, section: 0)) }
        for attributes in attributesArray { attributes.size = CGSize(width: itemWidth, height: itemHeight) }
        if let first = attributesArray.first?.indexPath {
            reloadLayoutItem(withPreviousIndexPath: first, targetIndexPath: first, exchange: true)
            attributesArray.forEach { $0.alpha = 1 }
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: (attributesArray.last?.frame.maxY ?? 0) + sectionInsets.bottom)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        attributesArray.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        attributesArray.indices.contains(indexPath.row) ? attributesArray[indexPath.row] : nil
    }

    // MARK: Before iOS 9: the layout moves the cells itself

    func longPress(_ state: GestureState, at point: CGPoint) {
        switch state {
        case .began:
            // A drag under way.
            isItemDragging = true
            beginLongPress(point)
        case .changed:
            isItemDragging = true
            updateLongPress(point)
        default:
            isItemDragging = false
            endLongPress(point)
        }
    }

    func beginLongPress(_ point: CGPoint) {
        // The item under the finger.
        guard let indexPath = collectionView?.indexPathForItem(at: point) else {
            return
        }

        // May it move?
        if !(moveBeganBlock?(indexPath) ?? false) {
            return
        }

        // Where the drag starts.
        startDragIndexPath = indexPath
        currentDragIndexPath = indexPath

        // The view that follows the finger, over the cell.
        let cell = layoutAttributesForItem(at: indexPath)!
        let dragSnapView = View(frame: cell.frame)
        dragSnapView.frame = cell.frame
        dragSnapView.alpha = 0.8
        dragSnapView.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
        dragOffset = CGPoint(x: dragSnapView.center.x - point.x, y: dragSnapView.center.y - point.y)
        collectionView?.addSubview(dragSnapView)
        self.dragSnapView = dragSnapView
    }

    func updateLongPress(_ point: CGPoint) {
        // The snapshot follows the finger.
        let center = CGPoint(x: point.x + dragOffset.x, y: point.y + dragOffset.y)
        dragSnapView?.center = center

        // Has the finger entered another slot? (Ask the latest layout: earlier moves changed the slots.)
        if let indexPath = getIndexPath(withPosition: point), let current = currentDragIndexPath {
            if (current.row != indexPath.row) || (current.section != indexPath.section) {
                reloadLayoutItem(withPreviousIndexPath: current, targetIndexPath: indexPath, exchange: false)
                invalidateLayout()
                currentDragIndexPath = indexPath
            }
        }
    }

    func endLongPress(_ point: CGPoint) {
        guard let start = startDragIndexPath else { return }
        let center = CGPoint(x: point.x + dragOffset.x, y: point.y + dragOffset.y)
        dragOffset = CGPoint(x: 0, y: 0)
        if let indexPath = getIndexPath(withPosition: center) {
            // Renumber the slots.
            if (start.row != indexPath.row) || (start.section != indexPath.section) {
                reloadLayoutItem(withPreviousIndexPath: start, targetIndexPath: indexPath, exchange: true)
            }
            currentDragIndexPath = indexPath
        } else {
            currentDragIndexPath = start
        }

        // The snapshot goes.
        dragSnapView?.removeFromSuperview()
        dragSnapView = nil

        // Tell the caller (from, to).
        if let moveEndBlock, let current = currentDragIndexPath {
            moveEndBlock(start, current)
            let attributes = layoutAttributesForItem(at: current)
            attributes?.isHidden = false
        }
        invalidateLayout()
        currentDragIndexPath = nil
        startDragIndexPath = nil
    }

    /// The slot under `point` in the current (possibly reordered) layout.
    func getIndexPath(withPosition point: CGPoint) -> IndexPath? {
        attributesArray.firstIndex { $0.frame.contains(point) }.map { IndexPath(row: $0, section: 0) }
    }

    func reloadLayoutItem(withPreviousIndexPath previousIndexPath: IndexPath, targetIndexPath: IndexPath, exchange: Bool) {
        // Reorder a copy of the attributes to compute the frames in the new order; the index paths change only
        // with `exchange` (cells are drawn by index path, not by this order).
        var dataArray = attributesArray
        let temp = attributesArray[previousIndexPath.row]
        dataArray.remove(at: previousIndexPath.row)
        dataArray.insert(temp, at: targetIndexPath.row)

        // Lay every item out again, with its place (index path) when exchanging.
        var y = sectionInsets.top
        var x = sectionInsets.left

        var tempArray: [CollectionViewLayoutAttributes] = []
        for index in 0..<dataArray.count {
            let temp = dataArray[index]
            let isDragItem = targetIndexPath.row == index
            temp.alpha = isDragItem ? 0 : 1
            // The frame being computed.
            var frame = CGRect.zero
            frame.size = temp.frame.size

            // Wrap, and renumber.
            if x + frame.size.width > (collectionView?.bounds.size.width ?? 0) {
                x = sectionInsets.left
                y += (itemHeight + lineSpace)
            }
            frame.origin = CGPoint(x: x, y: y)
            temp.frame = frame
            if exchange {
                temp.indexPath = IndexPath(row: index, section: 0)
            }
            tempArray.append(temp)

            // On to the next place in the row.
            x += frame.size.width + itemSpace
        }
        attributesArray = tempArray
    }

    // MARK: iOS 9: the collection view moves the cells

    func interactiveLongPress(_ state: GestureState, at point: CGPoint) {
        switch state {
        case .began:
            guard let indexPath = collectionView?.indexPathForItem(at: point) else {
                return
            }
            isItemDragging = true
            dragAttribute = attributesArray[indexPath.row]
            collectionView?.beginInteractiveMovementForItem(at: indexPath)
        case .changed:
            isItemDragging = true
            collectionView?.updateInteractiveMovementTargetPosition(point)
        case .ended:
            isItemDragging = false
            collectionView?.endInteractiveMovement()
        default:
            isItemDragging = false
            collectionView?.cancelInteractiveMovement()
        }
    }

    override func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint)
        -> CollectionViewLayoutAttributes
    {
        // 1: the moving item follows the finger, 1.2 times its size.
        let temp = CollectionViewLayoutAttributes(forCellWith: indexPath)
        let size = dragAttribute!.frame.size
        temp.frame = CGRect(x: position.x - size.width / 2,
                            y: position.y - size.height / 2,
                            width: size.width,
                            height: size.height)
        temp.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
        return temp
    }

    override func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint) -> IndexPath {
        // 2: another slot: lay everything out again, index paths included (swapping two would not do).
        let indexPath = getIndexPath(withPosition: position)
        if let indexPath {
            if (previousIndexPath.row != indexPath.row) || (previousIndexPath.section != indexPath.section) {
                reloadLayoutItem(withPreviousIndexPath: previousIndexPath, targetIndexPath: indexPath, exchange: true)
            }
        }
        // Objective-C returned nil over no slot; Swift's result is not optional, so the item stays where it is.
        return indexPath ?? previousIndexPath
    }
}
