// The corner-spring cell drag, ported from the article's Swift with `UI` dropped. The only other change:
// `flatMap` over optionals became `compactMap`, its name since Swift 4.1 (the old spelling is deprecated, and
// warnings fail this build).
import Dynamics
import Foundation

/// Holds one item by four springs from its centre to the corners of a 40 × 40 square around a point.
final class RectangleAttachmentBehavior: DynamicBehavior
{
    init(item: DynamicItem, point: CGPoint)
    {
        // A stiffer spring keeps the formation tighter.
        let frequency: CGFloat = 8.0

        // Less damping: a longer way to rest.
        let damping: CGFloat = 0.6

        super.init()

        // One spring per corner.
        let points = self.attachmentPoints(for: point)

        let attachmentBehaviors: [AttachmentBehavior] = points.map
        {
            let attachmentBehavior = AttachmentBehavior(item: item, attachedToAnchor: $0)
            attachmentBehavior.frequency = frequency
            attachmentBehavior.damping = damping
            return attachmentBehavior
        }

        attachmentBehaviors.forEach
        {
            addChildBehavior($0)
        }
    }

    func updateAttachmentLocation(with point: CGPoint)
    {
        // Move each spring's anchor to the corner around the new point.
        let points = self.attachmentPoints(for: point)
        let attachments = self.childBehaviors.compactMap { $0 as? AttachmentBehavior }
        let pairs = zip(points, attachments)
        pairs.forEach { $0.1.anchorPoint = $0.0 }
    }

    func attachmentPoints(for point: CGPoint) -> [CGPoint]
    {
        // About the size of the item.
        let width: CGFloat = 40.0
        let height: CGFloat = 40.0

        let topLeft = CGPoint(x: point.x - width * 0.5, y: point.y - height * 0.5)
        let topRight = CGPoint(x: point.x + width * 0.5, y: point.y - height * 0.5)
        let bottomLeft = CGPoint(x: point.x - width * 0.5, y: point.y + height * 0.5)
        let bottomRight = CGPoint(x: point.x + width * 0.5, y: point.y + height * 0.5)
        let points = [topLeft, topRight, bottomLeft, bottomRight]
        return points
    }
}
