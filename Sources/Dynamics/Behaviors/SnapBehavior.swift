public import Foundation
internal import SolverBackend

/// Pulls an item to a point with a damped bounce and straightens it: UIKit's `UISnapBehavior`.
///
/// As in UIKit, the item is held by four springs of 4 Hz and rest length 50 pt: from its top-left corner to
/// points 50 pt left of and above the target's top-left corner, and from its bottom-right corner to points
/// 50 pt right of and below the target's bottom-right corner (the target being the item's size centred on
/// ``snapPoint``, unrotated). So the centre settles on the snap point and the rotation returns to 0.
@MainActor
open class SnapBehavior: DynamicBehavior {
    /// The item snapped.
    public let item: any DynamicItem
    private var joints: [JointID] = []
    private var changes: JointChanges = []
    private static let springFrequency = 4.0
    private static let springLength = 50.0

    /// Snaps `item` to `point` (reference coordinates).
    public init(item: any DynamicItem, snapTo point: CGPoint) {
        requireFinite(point, "SnapBehavior snapTo point")
        self.item = item
        snapPoint = point
        super.init()
    }

    /// Where the item settles. Setting it moves the target and wakes the item.
    public var snapPoint: CGPoint {
        didSet {
            requireFinite(snapPoint, "SnapBehavior.snapPoint")
            record(.anchor)
        }
    }

    /// 0 = most oscillation … 1 = least (the damping ratio of the four springs). Default 0.5. Unlike UIKit,
    /// changes take effect at once.
    public var damping: CGFloat = 0.5 {
        didSet {
            precondition(damping.isFinite && damping >= 0 && damping <= 1, "SnapBehavior.damping must be in 0...1 (got \(damping))")
            record(.spring)
        }
    }

    override var keepsNoChildren: Bool { true }
    override var bodyItems: [any DynamicItem] { [item] }

    /// Local corners and the world anchor each spring pulls toward.
    func corners() -> [(x: Double, y: Double)] {
        let w = Double(item.bounds.width) / 2, h = Double(item.bounds.height) / 2
        return [(-w, -h), (-w, -h), (w, h), (w, h)]
    }

    func anchors() -> [(x: Double, y: Double)] {
        let sx = Double(snapPoint.x), sy = Double(snapPoint.y), l = Self.springLength
        return corners().enumerated().map { k, corner in
            let pull: (Double, Double) = [(-l, 0), (0, -l), (l, 0), (0, l)][k]
            return (sx + corner.x + pull.0, sy + corner.y + pull.1)
        }
    }

    override func register(in context: BehaviorContext) {
        guard let body = context.body(of: item) else { return }
        let state = context.state(of: body)
        let c = cos(state.angle), s = sin(state.angle)
        joints = zip(corners(), anchors()).map { corner, anchor in
            var definition = JointDefinition()
            definition.kind = .distance
            definition.bodyA = body
            definition.anchorAX = state.x + c * corner.x - s * corner.y
            definition.anchorAY = state.y + s * corner.x + c * corner.y
            definition.anchorBX = anchor.x
            definition.anchorBY = anchor.y
            definition.length = Self.springLength
            definition.frequency = Self.springFrequency
            definition.dampingRatio = Double(damping)
            return context.run { try $0.createJoint(definition) }
        }
        changes = []
    }

    override func unregister(from context: BehaviorContext) {
        context.run { world in
            for joint in joints where world.isValid(joint) { try world.destroyJoint(joint) }
        }
        joints = []
    }

    /// Records a change for the live springs; it is applied before the next step.
    private func record(_ change: JointChanges) {
        guard !joints.isEmpty else { return }
        changes.insert(change)
        setNeedsWorldUpdate()
    }

    override func contributeDebugDrawing(to drawing: inout DebugDrawing, in context: BehaviorContext) {
        drawDebug(into: &drawing, in: context)
    }

    override func applyChanges(in context: BehaviorContext) {
        let changes = self.changes
        self.changes = []
        context.run { world in
            if changes.contains(.anchor) {
                for (joint, anchor) in zip(joints, anchors()) { try world.setJointWorldAnchor(joint, x: anchor.x, y: anchor.y) }
            }
            if changes.contains(.spring) {
                for joint in joints {
                    try world.setJointSpring(joint, frequency: Self.springFrequency, dampingRatio: Double(damping))
                }
            }
        }
    }
}
