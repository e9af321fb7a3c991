// The same façade scene, scripted identically on an animator over the C core and one over the pure-Swift
// reference solver: every item's centre and rotation must agree to 1e-9 (relative) throughout.
import Dynamics
import Foundation
import Testing

/// One copy of the scripted scene.
@MainActor
private final class ParityScene {
    let root: View
    let animator: DynamicAnimator
    let views: [View]
    let group: DynamicItemGroup
    /// Everything the comparison reads: the views, and the group as an item of its own.
    var items: [any DynamicItem] { views + [group] }

    let gravity: GravityBehavior
    let sideGravity: GravityBehavior
    let lateGravity: GravityBehavior
    let composite = DynamicBehavior()
    let continuous: PushBehavior
    let impulse: PushBehavior
    let common: DynamicItemBehavior
    let heavy: DynamicItemBehavior
    let noRotation: DynamicItemBehavior
    let anchor: DynamicItemBehavior
    let groupProperties: DynamicItemBehavior
    var actionCalls = 0

    init(solver: SolverKind) {
        let root = View(frame: CGRect(x: 0, y: 0, width: 2000, height: 2000))
        self.root = root
        animator = DynamicAnimator(referenceView: root, solver: solver)
        func box(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> View {
            let view = View(frame: CGRect(x: x - w / 2, y: y - h / 2, width: w, height: h))
            root.addSubview(view)
            return view
        }
        views = [
            box(300, 100, 100, 100),  // 0: gravity
            box(600, 150, 60, 120),  // 1: gravity + off-centre continuous push
            box(900, 200, 80, 80),  // 2: off-centre impulses
            box(1200, 300, 150, 50),  // 3: sideways gravity + push, heavier
            box(1500, 400, 40, 40),  // 4: gravity, anchored for a while
            box(200, 800, 70, 70),  // 5: thrown, later falls
            box(500, 1200, 90, 30),  // 6: scaled, thrown spinning
        ]
        views[6].transform = CGAffineTransform(scaleX: 1.5, y: 1.5).rotated(by: 0.4)
        let m1 = box(1000, 1000, 50, 50)
        let m2 = box(1100, 1050, 50, 50)
        group = DynamicItemGroup(items: [m1, m2])

        gravity = GravityBehavior(items: [views[0], views[1], views[4]])
        sideGravity = GravityBehavior(items: [views[3]])
        sideGravity.setAngle(1.2, magnitude: 0.6)
        lateGravity = GravityBehavior(items: [views[5]])
        lateGravity.magnitude = 0.3
        composite.addChildBehavior(lateGravity)

        continuous = PushBehavior(items: [views[1], views[3]], mode: .continuous)
        continuous.setAngle(0.3, magnitude: 0.7)
        continuous.setTargetOffsetFromCenter(UIOffset(horizontal: 20, vertical: -30), for: views[1])
        continuous.setTargetOffsetFromCenter(UIOffset(horizontal: -40, vertical: 5), for: views[3])
        impulse = PushBehavior(items: [views[2], group], mode: .instantaneous)
        impulse.setAngle(-1.0, magnitude: 2)
        impulse.setTargetOffsetFromCenter(UIOffset(horizontal: -25, vertical: 10), for: views[2])
        impulse.setTargetOffsetFromCenter(UIOffset(horizontal: 60, vertical: 0), for: group)

        common = DynamicItemBehavior(items: Array(views[0...6]))
        common.resistance = 0.05
        common.angularResistance = 0.2
        heavy = DynamicItemBehavior(items: [views[3]])
        heavy.density = 2.5
        noRotation = DynamicItemBehavior(items: [views[1]])
        noRotation.allowsRotation = false
        anchor = DynamicItemBehavior(items: [views[4]])
        anchor.isAnchored = true
        groupProperties = DynamicItemBehavior(items: [group])
        groupProperties.angularResistance = 0
        groupProperties.density = 1.7

        common.action = { [unowned self] in actionCalls += 1 }
        for behavior in [gravity, sideGravity, continuous, impulse, common, heavy, groupProperties] as [DynamicBehavior] {
            animator.addBehavior(behavior)
        }
        common.addLinearVelocity(CGPoint(x: 150, y: -80), for: views[5])
        common.addAngularVelocity(1.5, for: views[5])
        common.addLinearVelocity(CGPoint(x: -40, y: 0), for: views[6])
        common.addAngularVelocity(-2.5, for: views[6])
    }

    /// The changes made before frame `frame` (0-based).
    func script(_ frame: Int) {
        switch frame {
        case 60:
            heavy.density = 0.5
            continuous.magnitude = 1.3
        case 100:
            animator.addBehavior(noRotation)
        case 150:
            animator.addBehavior(anchor)
        case 200:
            impulse.active = true
            gravity.angle = 1.4
        case 250:
            animator.addBehavior(composite)
            gravity.addItem(views[5])
        case 300:
            common.resistance = 0.3
            animator.removeBehavior(sideGravity)
        case 350:
            anchor.isAnchored = false
            continuous.setTargetOffsetFromCenter(.zero, for: views[1])
        case 400:
            impulse.active = true
            continuous.removeItem(views[3])
            gravity.removeItem(views[0])
        case 450:
            animator.removeBehavior(noRotation)
            animator.addBehavior(sideGravity)
            heavy.removeItem(views[3])
        case 500:
            animator.removeBehavior(composite)
            views[5].center = CGPoint(x: 700, y: 700)
            animator.updateItem(usingCurrentState: views[5])
            views[0].transform = CGAffineTransform(rotationAngle: -0.9)
        case 550:
            heavy.addItem(views[6])
            heavy.density = 3
            common.addAngularVelocity(0.75, for: views[1])
            lateGravity.magnitude = 2
            continuous.active = false
        default:
            break
        }
    }

    /// (x, y, rotation) of every item, then every view's velocity and spin.
    func snapshot() -> [Double] {
        var values: [Double] = []
        for item in items {
            values += [Double(item.center.x), Double(item.center.y), Double(atan2(Double(item.transform.b), Double(item.transform.a)))]
        }
        for view in views {
            let v = common.linearVelocity(for: view)
            values += [Double(v.x), Double(v.y), Double(common.angularVelocity(for: view))]
        }
        return values
    }
}

@Suite("Animator parity: C core vs reference solver") @MainActor
struct AnimatorParityTests {
    private static func agree(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    @Test("A scripted 600-frame scene agrees to 1e-9 at every second and at the end")
    func scriptedScene() {
        let fast = ParityScene(solver: .accelerated)
        let oracle = ParityScene(solver: .reference)
        #expect(fast.animator.solver == .accelerated && oracle.animator.solver == .reference)
        let start = fast.snapshot()
        var compared = 0

        for frame in 0..<600 {
            fast.script(frame)
            oracle.script(frame)
            let ranFast = fast.animator.step(1.0 / 60.0)
            let ranOracle = oracle.animator.step(1.0 / 60.0)
            #expect(ranFast == ranOracle, "frame \(frame)")
            #expect(ranFast, "frame \(frame): the scene keeps moving")
            guard (frame + 1) % 60 == 0 else { continue }
            let a = fast.snapshot()
            let b = oracle.snapshot()
            #expect(a.count == b.count)
            for (i, (x, y)) in zip(a, b).enumerated() {
                #expect(Self.agree(x, y), "frame \(frame + 1), value \(i): accelerated \(x), reference \(y)")
            }
            compared += 1
        }

        #expect(compared == 10)
        let end = fast.snapshot()
        // The scene really moved: most values changed, and the gated ones behaved.
        #expect(zip(start, end).filter { $0.0 != $0.1 }.count > start.count / 2)
        #expect(fast.actionCalls == 600 && oracle.actionCalls == 600)
        #expect(fast.animator.isRunning == oracle.animator.isRunning)
        #expect(Self.agree(fast.animator.elapsedTime, 10) && fast.animator.elapsedTime == oracle.animator.elapsedTime)
        // Same queries answered alike.
        for rect in [CGRect(x: 0, y: 0, width: 1000, height: 1000), CGRect(x: 1000, y: 0, width: 1000, height: 3000),
                     CGRect(x: -5000, y: -5000, width: 10000, height: 10000)] {
            #expect(fast.animator.items(in: rect).count == oracle.animator.items(in: rect).count)
        }
        // The group's members were carried by the group.
        let members = fast.group.items
        #expect(Self.agree(Double(members[0].center.x), Double(oracle.group.items[0].center.x)))
        #expect(Self.agree(Double(members[1].center.y), Double(oracle.group.items[1].center.y)))
        // The scaled view kept its scale on both.
        for scene in [fast, oracle] {
            let t = scene.views[6].transform
            #expect(abs(Double(hypot(t.a, t.b)) - 1.5) < 1e-12)
        }
    }

    @Test("Uneven frame lengths (stalls, 30 Hz, 120 Hz) agree too")
    func unevenFrames() {
        let fast = ParityScene(solver: .accelerated)
        let oracle = ParityScene(solver: .reference)
        let pattern: [TimeInterval] = [1.0 / 60, 1.0 / 30, 1.0 / 120, 0.7, 1.0 / 50, 0.013]
        for frame in 0..<300 {
            fast.script(frame * 2)
            oracle.script(frame * 2)
            let dt = pattern[frame % pattern.count]
            #expect(fast.animator.step(dt) == oracle.animator.step(dt))
        }
        let a = fast.snapshot()
        let b = oracle.snapshot()
        for (i, (x, y)) in zip(a, b).enumerated() {
            #expect(Self.agree(x, y), "value \(i): accelerated \(x), reference \(y)")
        }
        #expect(fast.animator.elapsedTime == oracle.animator.elapsedTime)
    }
}
