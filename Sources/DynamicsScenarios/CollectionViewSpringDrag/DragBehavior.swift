// The corner-spring cell drag's higher-level behavior, ported from the article (`flatMap` → `compactMap`).
import Dynamics
import Foundation

/// One rectangle attachment per dragged item, all following the same point.
final class DragBehavior: DynamicBehavior
{
    init(items: [DynamicItem], point: CGPoint)
    {
        super.init()
        items.forEach
        {
            let rectAttachment = RectangleAttachmentBehavior(item: $0, point: point)
            self.addChildBehavior(rectAttachment)
        }
    }

    func updateDragLocation(with point: CGPoint)
    {
        // Pass the new point down to every item's springs.
        self.childBehaviors.compactMap { $0 as? RectangleAttachmentBehavior }.forEach { $0.updateAttachmentLocation(with: point) }
    }
}
