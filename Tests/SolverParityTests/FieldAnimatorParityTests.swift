// Every FieldBehavior factory through the animator, scripted identically over the C core and the reference
// solver: items' centres must agree to 1e-9 relative on every frame, for each field kind on its own and for all
// of them together with property, region and membership changes.
import Dynamics
import Foundation
import Testing

/// One copy of the field scene on one solver.
@MainActor
private final class FieldScene {
    let animator: DynamicAnimator
    let views: [View]
    let fields: [FieldBehavior]

    /// A scene with `kinds` (indices into `FieldScene.makers`), or all of them.
    init(solver: SolverKind, kinds: [Int]) {
        let root = View(frame: CGRect(x: 0, y: 0, width: 2000, height: 2000))
        animator = DynamicAnimator(referenceView: root, solver: solver)
        var rng = LCG(seed: 0xF1E1_D000_0000_0001)
        var views: [View] = []
        let properties = DynamicItemBehavior()
        let charged = DynamicItemBehavior()
        charged.charge = 1.5
        for k in 0..<24 {
            let size = CGFloat(rng.range(20, 80))
            let view = View(frame: CGRect(x: rng.range(600, 1400), y: rng.range(600, 1400), width: Double(size), height: Double(size)))
            root.addSubview(view)
            views.append(view)
            properties.addItem(view)
            properties.addLinearVelocity(CGPoint(x: rng.range(-60, 60), y: rng.range(-60, 60)), for: view)
            if k % 3 == 0 { charged.addItem(view) }
        }
        properties.resistance = 0.05
        animator.addBehavior(properties)
        animator.addBehavior(charged)
        self.views = views
        fields = kinds.map { FieldScene.makers[$0]() }
        for (f, field) in fields.enumerated() {
            for (k, view) in views.enumerated() where (k + f) % 4 != 0 { field.addItem(view) }
            animator.addBehavior(field)
        }
    }

    static let centre = CGPoint(x: 1000, y: 1000)

    /// One maker per factory, each with non-default parameters and a region.
    static let makers: [@MainActor () -> FieldBehavior] = [
        {
            let f = FieldBehavior.linearGravityField(direction: CGVector(dx: 0.3, dy: 1))
            f.region = Region(size: CGSize(width: 700, height: 900))
            f.position = centre
            return f
        },
        {
            let f = FieldBehavior.radialGravityField(position: centre)
            f.strength = 3
            f.minimumRadius = 40
            f.region = Region(radius: 500).difference(from: Region(radius: 30))
            return f
        },
        {
            let f = FieldBehavior.springField()
            f.position = centre
            f.strength = 0.4
            return f
        },
        {
            let f = FieldBehavior.electricField()
            f.position = CGPoint(x: 900, y: 1100)
            f.strength = 2
            f.falloff = 1.5
            return f
        },
        {
            let f = FieldBehavior.magneticField()
            f.position = centre
            f.strength = 0.8
            f.minimumRadius = 20
            return f
        },
        {
            let f = FieldBehavior.vortexField()
            f.position = centre
            f.strength = 0.002
            f.region = Region(radius: 350)
            return f
        },
        {
            let f = FieldBehavior.dragField()
            f.strength = 0.3
            f.direction = CGVector(dx: 0.1, dy: 0)
            f.position = centre
            f.region = Region(radius: 150).inverse()
            return f
        },
        {
            let f = FieldBehavior.velocityField(direction: CGVector(dx: -0.5, dy: 0.2))
            f.position = CGPoint(x: 1200, y: 900)
            f.region = Region(size: CGSize(width: 120, height: 120))
            return f
        },
        {
            let f = FieldBehavior.noiseField(smoothness: 0.4, animationSpeed: 1.5)
            f.position = centre
            f.strength = 0.6
            return f
        },
        {
            let f = FieldBehavior.turbulenceField(smoothness: 0.6, animationSpeed: 0.5)
            f.position = centre
            f.strength = 2
            f.region = Region(radius: 450).union(with: Region(size: CGSize(width: 1200, height: 60)))
            return f
        },
        {
            let f = FieldBehavior.field { field, position, velocity, mass, charge, dt in
                CGVector(
                    dx: -0.01 * position.y * mass + 0.2 * charge * velocity.dx + CGFloat(dt),
                    dy: 0.01 * position.x * mass * field.strength)
            }
            f.position = centre
            f.strength = 2
            f.region = Region(radius: 400)
            return f
        },
    ]

    /// Changes made during the run (the same frames on both solvers).
    func script(_ frame: Int) {
        guard let first = fields.first else { return }
        switch frame {
        case 30: first.strength = -0.5
        case 45: first.region = Region(radius: 250).inverse()
        case 60: first.removeItem(views[1])
        case 75: first.addItem(views[0])
        case 90: first.position = CGPoint(x: 1100, y: 950)
        case 100 where fields.count > 8: fields[8].animationSpeed = 0
        default: break
        }
    }

    var centres: [CGPoint] { views.map(\.center) }
}

@MainActor
@Suite("Field animator parity")
struct FieldAnimatorParityTests {
    private func compare(kinds: [Int], frames: Int = 150) {
        let c = FieldScene(solver: .accelerated, kinds: kinds)
        let r = FieldScene(solver: .reference, kinds: kinds)
        let start = c.centres
        for frame in 0..<frames {
            c.script(frame)
            r.script(frame)
            c.animator.step()
            r.animator.step()
            for (k, (a, b)) in zip(c.centres, r.centres).enumerated()
            where !a.x.isFinite || !a.y.isFinite || !close(Double(a.x), Double(b.x)) || !close(Double(a.y), Double(b.y)) {
                Issue.record("kinds \(kinds), frame \(frame), item \(k): \(a) vs \(b)")
                return
            }
        }
        #expect(zip(start, c.centres).contains { hypot(Double($0.x - $1.x), Double($0.y - $1.y)) > 1 }, "the fields moved things")
    }

    @Test("Each factory on its own agrees on both solvers to 1e-9", arguments: Array(0..<11))
    func eachKind(kind: Int) { compare(kinds: [kind]) }

    @Test("All eleven factories together, with strength, region, position, item and speed changes mid-run")
    func allTogether() { compare(kinds: Array(0..<11), frames: 240) }
}
