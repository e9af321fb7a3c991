// The bounds-mapping dynamic item, ported from the article's Swift with `UI` dropped: the animator's writes to
// `center` resize the wrapped item instead of moving it.
import Dynamics
import Foundation

/// A dynamic item whose bounds can also be written.
protocol ResizableDynamicItem: DynamicItem
{
    var bounds: CGRect { set get }
}
extension View: ResizableDynamicItem {}

/// Presents the target's size as a position: x is its width, y its height.
final class PositionToBoundsMapping: NSObject, DynamicItem
{
    var target: ResizableDynamicItem

    init(target: ResizableDynamicItem)
    {
        self.target = target
        super.init()
    }

    var bounds: CGRect
    {
        get
        {
            return self.target.bounds
        }
    }

    var center: CGPoint
    {
        get
        {
            return CGPoint(x: self.target.bounds.width, y: self.target.bounds.height)
        }

        set
        {
            self.target.bounds = CGRect(x: 0.0, y: 0.0, width: newValue.x, height: newValue.y)
        }
    }

    var transform: CGAffineTransform
    {
        get
        {
            return self.target.transform
        }

        set
        {
            self.target.transform = newValue
        }
    }
}
