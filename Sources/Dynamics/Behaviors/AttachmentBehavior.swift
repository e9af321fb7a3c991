public import Foundation
internal import SolverBackend

/// Connects an item to an anchor point or to another item: UIKit's `UIAttachmentBehavior`, every kind.
///
/// The plain forms keep the attachment points `length` apart — rigidly when ``frequency`` is 0 (the default),
/// or as a damped spring of `frequency` Hz and damping ratio ``damping``. Spring convention (Box2D's, as in
/// UIKit): on the effective mass m along the attachment, stiffness k = m·(2πf)² and damping c = 2·m·ζ·2πf. With
/// the animator's default ``DynamicAnimator/springModel`` (`.analytic`) the spring then oscillates at exactly
/// the analytic damped frequency 2πf·√(1 − ζ²) with decay e^(−ζ·2πf·t) at any frame rate.
///
/// The iOS 9 factories make sliding, limit (rope), fixed (weld) and pin (revolute) attachments. Offsets from
/// centre are in the item's own (rotating) frame; anchor points and axes are in reference coordinates. The
/// joint is built when the behavior is added to an animator, from the items' positions at that moment.
@MainActor
open class AttachmentBehavior: DynamicBehavior {
    /// Whether the behavior ties two items or an item and an anchor point.
    public enum AttachmentType: Int, Sendable {
        /// Two items attached to each other (UIKit's `UIAttachmentBehaviorTypeItems`, raw value 0).
        case items = 0
        /// One item attached to a fixed anchor point in reference coordinates (`UIAttachmentBehaviorTypeAnchor`,
        /// raw value 1).
        case anchor = 1
    }

    /// The joint an attachment is made of.
    enum Form {
        case distance
        case sliding(axis: CGVector)
        case limit
        case fixed
        case pin
    }

    /// The one or two items attached.
    public let items: [any DynamicItem]
    /// `.items` or `.anchor`, fixed at creation.
    public let attachedBehaviorType: AttachmentType
    let form: Form
    let offsets: [UIOffset]
    var joint: JointID?
    /// Parameters changed since the joint last saw them (applied in `applyChanges(in:)`).
    private var changes: JointChanges = []
    private var explicitLength: CGFloat?
    private var storedAnchor: CGPoint

    init(items: [any DynamicItem], offsets: [UIOffset], anchor: CGPoint, type: AttachmentType, form: Form) {
        precondition(items.count == 1 || items[0] !== items[1], "AttachmentBehavior: an item cannot be attached to itself")
        for offset in offsets {
            requireFinite(offset.horizontal, "AttachmentBehavior offsetFromCenter.horizontal")
            requireFinite(offset.vertical, "AttachmentBehavior offsetFromCenter.vertical")
        }
        requireFinite(anchor, "AttachmentBehavior anchor point")
        self.items = items
        self.offsets = offsets
        storedAnchor = anchor
        attachedBehaviorType = type
        self.form = form
        super.init()
    }

    /// Attaches the centre of `item` to `point` (reference coordinates).
    public convenience init(item: any DynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches the point `offset` from `item`'s centre (in the item's frame) to `point`.
    public convenience init(item: any DynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        self.init(items: [item], offsets: [offset], anchor: point, type: .anchor, form: .distance)
    }

    /// Attaches the centres of two items.
    public convenience init(item item1: any DynamicItem, attachedTo item2: any DynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Attaches a point of `item1` to a point of `item2` (offsets in each item's own frame).
    public convenience init(
        item item1: any DynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: any DynamicItem,
        offsetFromCenter offset2: UIOffset
    ) {
        self.init(items: [item1, item2], offsets: [offset1, offset2], anchor: .zero, type: .items, form: .distance)
    }

    /// Lets `item2` slide relative to `item1` along `axis` (in reference coordinates now, then turning with
    /// `item1`), without relative rotation. ``attachmentRange`` limits the translation (points).
    public static func slidingAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem, attachmentAnchor point: CGPoint,
        axisOfTranslation axis: CGVector
    ) -> AttachmentBehavior {
        requireAxis(axis)
        return AttachmentBehavior(
            items: [item1, item2], offsets: [.zero, .zero], anchor: point, type: .items, form: .sliding(axis: axis))
    }

    /// Lets `item` slide along `axis` through `point`, without rotating.
    public static func slidingAttachment(
        with item: any DynamicItem, attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector
    ) -> AttachmentBehavior {
        requireAxis(axis)
        return AttachmentBehavior(items: [item], offsets: [.zero], anchor: point, type: .anchor, form: .sliding(axis: axis))
    }

    /// A rope between a point of each item: they may come closer but never farther apart than ``length``
    /// (default: their distance when the behavior is added).
    public static func limitAttachment(
        with item1: any DynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: any DynamicItem,
        offsetFromCenter offset2: UIOffset
    ) -> AttachmentBehavior {
        AttachmentBehavior(items: [item1, item2], offsets: [offset1, offset2], anchor: .zero, type: .items, form: .limit)
    }

    /// Welds two items together at `point`: they move as one.
    public static func fixedAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem, attachmentAnchor point: CGPoint
    ) -> AttachmentBehavior {
        AttachmentBehavior(items: [item1, item2], offsets: [.zero, .zero], anchor: point, type: .items, form: .fixed)
    }

    /// Pins two items together at `point`; both turn freely about it (``attachmentRange`` limits the relative
    /// angle, ``frictionTorque`` resists it).
    public static func pinAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem, attachmentAnchor point: CGPoint
    ) -> AttachmentBehavior {
        AttachmentBehavior(items: [item1, item2], offsets: [.zero, .zero], anchor: point, type: .items, form: .pin)
    }

    private static func requireAxis(_ axis: CGVector) {
        requireFinite(axis, "AttachmentBehavior axisOfTranslation")
        precondition(axis.dx != 0 || axis.dy != 0, "AttachmentBehavior axisOfTranslation must be non-zero (got \(axis))")
    }

    // MARK: Properties

    /// The anchor point in reference coordinates. Setting it moves the anchor (every frame is fine: a drag
    /// follows the finger this way) and wakes the item. Plain item–item attachments read (0, 0).
    public var anchorPoint: CGPoint {
        get { storedAnchor }
        set {
            requireFinite(newValue, "AttachmentBehavior.anchorPoint")
            storedAnchor = newValue
            // The one change that comes by the thousand each frame: queued with the animator, not as a hook.
            if attachedBehaviorType == .anchor, let joint { dynamicAnimator?.queueAnchorMove(of: joint, to: newValue) }
        }
    }

    /// Rest length (or a limit attachment's maximum length), points. Default: the distance between the
    /// attachment points when the behavior is added to an animator (before that, their current distance).
    public var length: CGFloat {
        get {
            if let explicitLength { return explicitLength }
            return joint == nil ? currentDistance() : storedLength
        }
        set {
            requireNonNegative(newValue, "AttachmentBehavior.length")
            explicitLength = newValue
            storedLength = newValue
            record(.length)
        }
    }
    private var storedLength: CGFloat = 0

    /// Spring frequency in Hz, 0 … 10⁹; 0 (the default) makes the attachment rigid.
    public var frequency: CGFloat = 0 {
        didSet {
            requireNonNegative(frequency, "AttachmentBehavior.frequency")
            precondition(
                frequency <= CGFloat(Validate.maximumSpringFrequency),
                "AttachmentBehavior.frequency must be ≤ \(Validate.maximumSpringFrequency) Hz (got \(frequency))")
            record(.spring)
        }
    }

    /// Damping ratio of the spring: 0 (the default) none, 1 critical.
    public var damping: CGFloat = 0 {
        didSet {
            requireNonNegative(damping, "AttachmentBehavior.damping")
            record(.spring)
        }
    }

    /// Pin attachments: torque resisting relative rotation, in UIKit's N·m (10⁴ kg·pt²/s² here). Default 0.
    public var frictionTorque: CGFloat = 0 {
        didSet {
            requireNonNegative(frictionTorque, "AttachmentBehavior.frictionTorque")
            record(.frictionTorque)
        }
    }

    /// Pin: allowed relative rotation (radians); sliding: allowed translation along the axis (points), which
    /// must contain 0 (otherwise it is reset to `.infinite`, as UIKit does). Default `.infinite`.
    public var attachmentRange: UIFloatRange = .infinite {
        didSet {
            precondition(
                !attachmentRange.minimum.isNaN && !attachmentRange.maximum.isNaN && attachmentRange.minimum <= attachmentRange.maximum,
                "AttachmentBehavior.attachmentRange must satisfy minimum ≤ maximum (got \(attachmentRange))")
            if case .sliding = form, !(attachmentRange.minimum <= 0 && attachmentRange.maximum >= 0) {
                attachmentRange = .infinite
                return
            }
            record(.limits)
        }
    }

    // MARK: Joint lifetime

    override var keepsNoChildren: Bool { true }
    override var bodyItems: [any DynamicItem] { items }

    /// World position of attachment point `k`: centre plus the offset turned by the item's rotation.
    func attachmentPoint(_ k: Int, center: CGPoint, angle: Double) -> CGPoint {
        let o = offsets[k]
        let c = CGFloat(cos(angle)), s = CGFloat(sin(angle))
        return CGPoint(x: center.x + c * o.horizontal - s * o.vertical, y: center.y + s * o.horizontal + c * o.vertical)
    }

    /// Distance between the attachment points as the items are now (before joining an animator).
    private func currentDistance() -> CGFloat {
        let a = attachmentPoint(0, center: items[0].center, angle: Double(items[0].transform.rotationAngle))
        let b = items.count > 1
            ? attachmentPoint(1, center: items[1].center, angle: Double(items[1].transform.rotationAngle)) : storedAnchor
        return CGFloat(hypot(Double(b.x - a.x), Double(b.y - a.y)))
    }

    override func register(in context: BehaviorContext) {
        let bodyIDs = items.map { context.body(of: $0)! }
        let states = bodyIDs.map(context.state)
        let pointA = attachmentPoint(0, center: CGPoint(x: states[0].x, y: states[0].y), angle: states[0].angle)
        var definition = JointDefinition()
        definition.bodyA = bodyIDs[0]
        definition.anchorAX = Double(pointA.x)
        definition.anchorAY = Double(pointA.y)
        if items.count > 1 {
            definition.bodyB = bodyIDs[1]
            let pointB = attachmentPoint(1, center: CGPoint(x: states[1].x, y: states[1].y), angle: states[1].angle)
            definition.anchorBX = Double(pointB.x)
            definition.anchorBY = Double(pointB.y)
        } else {
            definition.anchorBX = Double(storedAnchor.x)
            definition.anchorBY = Double(storedAnchor.y)
        }
        let distance = hypot(definition.anchorBX - definition.anchorAX, definition.anchorBY - definition.anchorAY)
        switch form {
        case .distance:
            definition.kind = .distance
            var length = explicitLength.map(Double.init) ?? distance
            // UIKit: an unset rigid anchor attachment shorter than 1 pt is a pin at the anchor.
            if explicitLength == nil, frequency == 0, attachedBehaviorType == .anchor, length < 1 { length = 0 }
            definition.length = length
            definition.frequency = Double(frequency)
            definition.dampingRatio = Double(damping)
        case .limit:
            definition.kind = .rope
            definition.length = explicitLength.map(Double.init) ?? distance
        case let .sliding(axis):
            definition.kind = .prismatic
            definition.axisX = Double(axis.dx)
            definition.axisY = Double(axis.dy)
            // The anchor is where both attachment points start.
            definition.anchorAX = Double(storedAnchor.x)
            definition.anchorAY = Double(storedAnchor.y)
            definition.anchorBX = Double(storedAnchor.x)
            definition.anchorBY = Double(storedAnchor.y)
            if items.count == 1 {
                // The world is A so the axis stays fixed in reference coordinates.
                definition.bodyA = nil
                definition.bodyB = bodyIDs[0]
            }
            definition.lowerLimit = Double(attachmentRange.minimum)
            definition.upperLimit = Double(attachmentRange.maximum)
        case .fixed, .pin:
            if case .fixed = form { definition.kind = .weld } else { definition.kind = .revolute }
            definition.anchorAX = Double(storedAnchor.x)
            definition.anchorAY = Double(storedAnchor.y)
            definition.anchorBX = Double(storedAnchor.x)
            definition.anchorBY = Double(storedAnchor.y)
            if case .pin = form {
                definition.lowerLimit = Double(attachmentRange.minimum)
                definition.upperLimit = Double(attachmentRange.maximum)
                definition.frictionTorque = Double(frictionTorque) * 10_000
            }
        }
        storedLength = CGFloat(definition.length)
        joint = context.run { try $0.createJoint(definition) }
        changes = []
    }

    override func unregister(from context: BehaviorContext) {
        if let joint, !context.animator.anchorMoves.isEmpty { context.animator.anchorMoves.remove(joint) }
        if let joint { context.run { world in if world.isValid(joint) { try world.destroyJoint(joint) } } }
        joint = nil
    }

    /// Records a parameter change for the live joint (if any); it is applied before the next step.
    private func record(_ change: JointChanges) {
        guard joint != nil else { return }
        changes.insert(change)
        setNeedsWorldUpdate()
    }

    override func contributeDebugDrawing(to drawing: inout DebugDrawing, in context: BehaviorContext) {
        drawDebug(into: &drawing, in: context)
    }

    override func applyChanges(in context: BehaviorContext) {
        guard let joint else { return }
        let changes = self.changes
        self.changes = []
        context.run { world in
            if changes.contains(.length) { try world.setJointLength(joint, Double(storedLength)) }
            if changes.contains(.spring), case .distance = form {
                try world.setJointSpring(joint, frequency: Double(frequency), dampingRatio: Double(damping))
            }
            if changes.contains(.frictionTorque), case .pin = form {
                try world.setJointFrictionTorque(joint, Double(frictionTorque) * 10_000)
            }
            if changes.contains(.limits) {
                switch form {
                case .pin, .sliding:
                    try world.setJointLimits(
                        joint, lower: Double(attachmentRange.minimum), upper: Double(attachmentRange.maximum))
                default: break
                }
            }
        }
    }
}

/// Which parameters of a behavior's joint changed since it last saw them (an attachment's moved anchor goes
/// through the animator's anchor queue instead).
struct JointChanges: OptionSet {
    let rawValue: UInt8
    static let anchor = JointChanges(rawValue: 1 << 0)
    static let length = JointChanges(rawValue: 1 << 1)
    static let spring = JointChanges(rawValue: 1 << 2)
    static let frictionTorque = JointChanges(rawValue: 1 << 3)
    static let limits = JointChanges(rawValue: 1 << 4)
}
