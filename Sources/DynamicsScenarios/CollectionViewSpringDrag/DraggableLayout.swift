// The corner-spring cell drag's flow layout, ported from the article (`flatMap` → `compactMap`): resting cells
// from the flow layout, dragged ones from the animator, and the animator's pause ending the drag.
import Dynamics
import Foundation

final class DraggableLayout: CollectionViewFlowLayout
{
    // The index paths being dragged.
    var indexPathsForDraggingElements: [IndexPath]?

    // Moves the dragged cells.
    var animator: DynamicAnimator?

    // The springs that pull the dragged cells after the finger.
    var dragBehavior: DragBehavior?

    // Where the drag began, to go back to.
    var startDragPoint = CGPoint.zero

    // Set when the finger lifts.
    var isFinishedDragging = false


    // The drag begins.
    func startDragging(indexPaths selectedIndexPaths: [IndexPath], from point: CGPoint)
    {
        indexPathsForDraggingElements = selectedIndexPaths
        animator = DynamicAnimator(collectionViewLayout: self)
        animator?.delegate = self

        // The dragged cells' resting attributes, raised above the others.
        let draggableAttributes: [CollectionViewLayoutAttributes] = selectedIndexPaths.compactMap {
            let attribute = super.layoutAttributesForItem(at: $0)
            attribute?.zIndex = 1
            return attribute
        }

        startDragPoint = point

        // Springs for all of them.
        dragBehavior = DragBehavior(items: draggableAttributes, point: point)

        // Start animating.
        animator?.addBehavior(dragBehavior!)
    }

    func updateDragLocation(_ point: CGPoint)
    {
        // Follow the finger.
        dragBehavior?.updateDragLocation(with: point)
    }

    func endDragging()
    {
        isFinishedDragging = true

        // Pull the cells back to where the drag began.
        dragBehavior?.updateDragLocation(with: startDragPoint)
    }

    func clearDraggedIndexPaths()
    {
        // Ready for the next drag.
        animator = nil
        indexPathsForDraggingElements = nil
        isFinishedDragging = false
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]?
    {
        let existingAttributes: [CollectionViewLayoutAttributes] = super.layoutAttributesForElements(in: rect) ?? []
        var allAttributes = [CollectionViewLayoutAttributes]()

        // The flow layout's attributes for the cells not dragged.
        for attributes in existingAttributes
        {
            if (indexPathsForDraggingElements?.contains(attributes.indexPath) ?? false) == false
            {
                allAttributes.append(attributes)
            }
        }

        // The dragged cells, where the animator has them.
        if let animator = self.animator
        {
            let animatorAttributes: [CollectionViewLayoutAttributes] = animator.items(in: rect).compactMap { $0 as? CollectionViewLayoutAttributes }
            allAttributes.append(contentsOf: animatorAttributes)
        }
        return allAttributes
    }
}
extension DraggableLayout: DynamicAnimatorDelegate
{
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
    {
        // The cells are back at rest after the drag: clear it.
        guard isFinishedDragging else { return }
        clearDraggedIndexPaths()
    }
}
