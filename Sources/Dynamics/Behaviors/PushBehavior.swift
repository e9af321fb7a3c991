public import Foundation

/// Pushes its items with a force or an impulse: UIKit's `UIPushBehavior`.
///
/// Units are UIKit's: a magnitude of 1 is one "UIKit Newton", which accelerates a 100 × 100 item of density 1
/// (1 kg) by 100 points/s² (continuous), or changes its velocity by 100 points/s at once (instantaneous).
/// A push applied off the centre (``setTargetOffsetFromCenter(_:for:)``) also turns the item.
@MainActor
open class PushBehavior: DynamicBehavior {
    /// How the push acts.
    public enum Mode: Int, Sendable {
        /// A force applied during every step while ``PushBehavior/active``.
        case continuous = 0
        /// One impulse on the next step; then ``PushBehavior/active`` turns false by itself.
        case instantaneous = 1
    }

    private var list: ItemList
    private var offsets: [ObjectIdentifier: UIOffset] = [:]
    /// True while an instantaneous push turns itself off, which is not a change to wake the animator for.
    private var isFiring = false

    /// The push mode, fixed at creation.
    public let mode: Mode

    /// Creates a push for `items` in `mode`, with zero magnitude and `active` true.
    public init(items: [any DynamicItem], mode: Mode) {
        list = ItemList(items)
        self.mode = mode
        super.init()
    }

    /// The items pushed.
    public var items: [any DynamicItem] { list.items }

    /// Adds an item (duplicates are ignored).
    public func addItem(_ item: any DynamicItem) { insertItem(item, into: &list) }

    /// Removes an item.
    public func removeItem(_ item: any DynamicItem) {
        offsets[ObjectIdentifier(item)] = nil
        removeItem(item, from: &list)
    }

    /// Whether the push acts. Default true. An instantaneous push sets it to false after firing; set it to
    /// true to fire again.
    public var active = true {
        didSet { if active != oldValue, !isFiring { wakeAnimator() } }
    }

    /// Direction and strength are stored apart, so setting `angle` while the magnitude is 0 is kept (code that
    /// sets the angle first, then the magnitude, pushes in the direction it asked for).
    private var storedAngle: CGFloat = 0
    private var storedMagnitude: CGFloat = 0

    /// The force (or impulse) vector in UIKit Newtons (N·s): (cos angle, sin angle) × magnitude. Default (0, 0).
    public var pushDirection: CGVector {
        get {
            CGVector(dx: CGFloat(cos(Double(storedAngle))) * storedMagnitude, dy: CGFloat(sin(Double(storedAngle))) * storedMagnitude)
        }
        set {
            requireFinite(newValue, "PushBehavior.pushDirection")
            if newValue != .zero { storedAngle = CGFloat(atan2(Double(newValue.dy), Double(newValue.dx))) }
            storedMagnitude = CGFloat(hypot(Double(newValue.dx), Double(newValue.dy)))
            wakeAnimator()
        }
    }

    /// Direction of the push in radians (0 = right, π/2 = down). Default 0.
    public var angle: CGFloat {
        get { storedAngle }
        set { setAngle(newValue, magnitude: storedMagnitude) }
    }

    /// Strength in UIKit Newtons. Default 0. Negative values push the other way.
    public var magnitude: CGFloat {
        get { storedMagnitude }
        set { setAngle(storedAngle, magnitude: newValue) }
    }

    /// Sets direction and strength: the vector becomes (cos θ, sin θ) × magnitude.
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        requireFinite(angle, "PushBehavior.angle")
        requireFinite(magnitude, "PushBehavior.magnitude")
        storedAngle = angle
        storedMagnitude = magnitude
        wakeAnimator()
    }

    /// Where the push acts on `item`, as an offset from its centre in reference axes (not turning with the
    /// item). `.zero` (the default) pushes through the centre.
    public func setTargetOffsetFromCenter(_ offset: UIOffset, for item: any DynamicItem) {
        requireFinite(offset.horizontal, "PushBehavior target offset horizontal")
        requireFinite(offset.vertical, "PushBehavior target offset vertical")
        offsets[ObjectIdentifier(item)] = offset == .zero ? nil : offset
        wakeAnimator()
    }

    /// The offset set for `item`, or `.zero`.
    public func targetOffsetFromCenter(for item: any DynamicItem) -> UIOffset {
        offsets[ObjectIdentifier(item)] ?? .zero
    }

    override var keepsNoChildren: Bool { true }
    override var actsBeforeStep: Bool { true }
    override var bodyItems: [any DynamicItem] { list.items }

    override func prepareStep(in context: BehaviorContext) {
        guard active else { return }
        let fx = Double(pushDirection.dx) * PhysicsUnits.newton
        let fy = Double(pushDirection.dy) * PhysicsUnits.newton
        if fx != 0 || fy != 0 {
            for item in list.items {
                guard let body = context.body(of: item) else { continue }
                let offset = offsets[ObjectIdentifier(item)] ?? .zero
                let state = context.state(of: body)
                let px = state.x + Double(offset.horizontal)
                let py = state.y + Double(offset.vertical)
                context.run { world in
                    if mode == .instantaneous {
                        try world.applyImpulse(body, jx: fx, jy: fy, px: px, py: py)
                    } else {
                        try world.applyForce(body, fx: fx, fy: fy, px: px, py: py)
                    }
                }
            }
        }
        if mode == .instantaneous {
            isFiring = true
            active = false
            isFiring = false
        }
    }
}
