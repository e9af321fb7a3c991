public import Foundation

/// A headless view: the geometry of `UIView` that dynamics reads and writes, with a view tree, so the
/// collection-view, drag-and-drop and dynamics scenarios run and are tested where UIKit does not exist.
///
/// `center` is in the superview's coordinates, `bounds` in the view's own; `frame` is derived from them and
/// the transform (the bounding box of the transformed bounds, as in UIKit).
@MainActor
open class View: DynamicItem {
    /// Centre in the superview's coordinates, points.
    public var center: CGPoint {
        get { storedCenter }
        set {
            storedCenter = newValue
            countGeometryChange()
        }
    }
    /// The storage of `center` (and `storedTransform` of `transform`): internal, so the whole-module optimiser
    /// can prove that no two accesses overlap and drop the run-time exclusivity check that every access to a
    /// public stored property of a class pays (about 85 instructions; an animator writes every moving view
    /// every frame).
    var storedCenter: CGPoint
    /// How many animators give this view a body. An animator writing a view that another one also moves
    /// counts the write (``countGeometryChange()``), so the other reads it as a move from outside, as it would
    /// any write through `center` or `transform`.
    var animatorsHolding = 0
    /// The storage of `transform`, after `storedCenter` and `animatorsHolding` (which the animator reads when
    /// it writes the view): an animator writing a moved view touches these bytes alone, and together they span
    /// two cache lines where a split would take three (a view that only moved, mostly one).
    var storedTransform: CGAffineTransform = .identity
    /// The view's own coordinate space: origin (scroll offset) and size, points.
    public var bounds: CGRect
    /// The shape this item collides as (and takes its mass from). Default `.rectangle`; override it in a subclass
    /// for `.ellipse` or `.path`, as with UIKit.
    open var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    /// The outline used when ``collisionBoundsType`` is `.path`: one convex polygon, (0, 0) at the centre.
    /// Default: the bounds rectangle.
    open var collisionBoundingPath: BezierPath {
        let size = bounds.size
        return BezierPath(rect: CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height))
    }
    /// Transform about the centre. Default identity.
    public var transform: CGAffineTransform {
        get { storedTransform }
        set {
            storedTransform = newValue
            countGeometryChange()
        }
    }
    /// Counts writes to `center` and `transform`, so an animator can tell in one comparison whether anyone
    /// else moved the view since it last wrote it.
    var geometryChangeCount: UInt64 = 0
    /// Counts writes to `center` and `transform` of every view, so an animator can tell in one comparison
    /// that nobody moved any view since its last look and skip its views' own counters (10,000 heap objects).
    /// Animators write the views they move through the storage, counted by neither (see
    /// ``animatorsHolding``).
    static var geometryChangeCountOfAllViews: UInt64 = 0

    /// Counts a write to `center` or `transform` in the view's counter and in every view's.
    func countGeometryChange() {
        geometryChangeCount &+= 1
        View.geometryChangeCountOfAllViews &+= 1
    }
    /// The children, back to front.
    public private(set) var subviews: [View] = []
    /// The parent, if any.
    public private(set) weak var superview: View?
    /// Opacity 0…1. Default 1. Headless views draw nothing; it is kept for code that sets it, and views below
    /// 0.01 are not hit by touches, as in UIKit.
    public var alpha: CGFloat = 1
    /// Hidden views (and their subviews) are not hit by touches. Default false.
    public var isHidden = false
    /// False makes touches pass through the view and its subviews. Default true.
    public var isUserInteractionEnabled = true
    /// The interactions attached to the view (drag, drop), in the order they were added.
    public private(set) var interactions: [any Interaction] = []

    /// Creates a view occupying `frame` in its (future) superview's coordinates.
    public init(frame: CGRect = .zero) {
        storedCenter = CGPoint(x: frame.midX, y: frame.midY)
        bounds = CGRect(origin: .zero, size: frame.size)
    }

    /// The bounding box of the view in its superview's coordinates. Setting it sets `center` and
    /// `bounds.size` (with an identity transform it round-trips exactly).
    public var frame: CGRect {
        get {
            let size = bounds.size
            let t = transform
            let halfWidth = (abs(t.a) * size.width + abs(t.c) * size.height) / 2
            let halfHeight = (abs(t.b) * size.width + abs(t.d) * size.height) / 2
            return CGRect(x: center.x - halfWidth, y: center.y - halfHeight, width: 2 * halfWidth, height: 2 * halfHeight)
        }
        set {
            center = CGPoint(x: newValue.midX, y: newValue.midY)
            bounds.size = newValue.size
        }
    }

    /// Adds `view` as the front-most child, taking it from its old parent.
    public func addSubview(_ view: View) {
        precondition(view !== self, "View.addSubview: a view cannot be its own subview")
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Detaches the view from its parent.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Attaches `interaction`, taking it from the view it was on.
    public func addInteraction(_ interaction: any Interaction) {
        guard interaction.view !== self else { return }
        interaction.view?.removeInteraction(interaction)
        interaction.willMove(to: self)
        interactions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Detaches `interaction` (ignored when it is not attached here).
    public func removeInteraction(_ interaction: any Interaction) {
        guard let index = interactions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        interactions.remove(at: index)
        interaction.didMove(to: nil)
    }

    /// True when `point` (this view's coordinates) is inside the view's bounds, as UIKit's
    /// `point(inside:with:)` without the event.
    public func point(inside point: CGPoint) -> Bool {
        bounds.contains(point)
    }

    /// The deepest descendant (or this view) a touch at `point` (this view's coordinates) lands in, front-most
    /// subviews first, or nil. As UIKit's `hitTest(_:with:)` (without the event), hidden views, views below
    /// alpha 0.01 and views not accepting touches are passed over with their subviews.
    public func hitTest(_ point: CGPoint) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self)) { return hit }
        }
        return self
    }

    /// True when `view` is this view or one of its ancestors.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// `point` from this view's coordinates into `view`'s (nil: the root's). Transforms of the views in
    /// between are not applied; origins and bounds offsets are.
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        let inRoot = toRoot(point)
        guard let view else { return inRoot }
        let origin = view.toRoot(.zero)
        return CGPoint(x: inRoot.x - origin.x, y: inRoot.y - origin.y)
    }

    /// `point` from `view`'s coordinates (nil: the root's) into this view's.
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        let inRoot = view?.toRoot(point) ?? point
        let origin = toRoot(.zero)
        return CGPoint(x: inRoot.x - origin.x, y: inRoot.y - origin.y)
    }

    private func toRoot(_ point: CGPoint) -> CGPoint {
        var p = point
        var current: View? = self
        while let v = current, v.superview != nil {
            p.x += v.center.x - v.bounds.size.width / 2 - v.bounds.origin.x
            p.y += v.center.y - v.bounds.size.height / 2 - v.bounds.origin.y
            current = v.superview
        }
        return p
    }
}
