// DynamicItemGroup: geometry of the group, and members moving together as one rigid body.
import Dynamics
import Foundation
import Testing

@Suite("Item groups") @MainActor
struct ItemGroupTests {
    @Test("The group's centre is the centre of the members' union; bounds is the union's size")
    func geometry() {
        let a = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100))  // centre (150, 150)
        let b = View(frame: CGRect(x: 300, y: 120, width: 60, height: 200))  // centre (330, 220)
        let group = DynamicItemGroup(items: [a, b])
        #expect(group.items.count == 2 && group.items[0] === a && group.items[1] === b)
        // Union: x 100…360, y 100…320.
        #expect(group.center == CGPoint(x: 230, y: 210))
        #expect(group.bounds == CGRect(x: 0, y: 0, width: 260, height: 220))
        #expect(group.memberOffsets == [CGPoint(x: -80, y: -60), CGPoint(x: 100, y: 10)])
        #expect(group.transform == .identity)
        #expect(group.collisionBoundsType == .path)
    }

    @Test("Setting the centre translates the members; setting the transform turns them about the centre")
    func layout() {
        let a = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))  // centre (50, 50)
        let b = View(frame: CGRect(x: 200, y: 0, width: 100, height: 100))  // centre (250, 50)
        let group = DynamicItemGroup(items: [a, b])  // centre (150, 50), offsets (∓100, 0)
        group.center = CGPoint(x: 1000, y: 500)
        #expect(a.center == CGPoint(x: 900, y: 500))
        #expect(b.center == CGPoint(x: 1100, y: 500))

        group.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(isClose(Double(a.center.x), 1000, 1e-12) && isClose(Double(a.center.y), 400, 1e-12))
        #expect(isClose(Double(b.center.x), 1000, 1e-12) && isClose(Double(b.center.y), 600, 1e-12))
        #expect(isClose(rotation(of: a), .pi / 2, 1e-12) && isClose(rotation(of: b), .pi / 2, 1e-12))
        #expect(group.bounds.size.width < 101 && group.bounds.size.height > 299)  // stacked vertically now
    }

    @Test("Members fall together; items(in:) returns the group", arguments: allSolvers)
    func fallTogether(solver: SolverKind) {
        let scene = Scene(solver)
        let a = scene.box(x: 400, y: 200)
        let b = scene.box(x: 700, y: 250, width: 50, height: 50)
        let group = DynamicItemGroup(items: [a, b])
        let properties = DynamicItemBehavior(items: [group])
        properties.resistance = 0
        scene.animator.addBehavior(GravityBehavior(items: [group]))
        scene.animator.addBehavior(properties)
        let found = scene.animator.items(in: CGRect(x: 395, y: 195, width: 10, height: 10))
        #expect(found.count == 1 && found[0] === group)

        scene.run(60)

        let drop = constantAccelerationDistance(acceleration: 1000, substeps: 120, h: substepDT, model: scene.animator.springModel)
        #expect(isClose(Double(a.center.y), 200 + drop, 1e-9))
        #expect(isClose(Double(b.center.y), 250 + drop, 1e-9))
        #expect(isClose(Double(a.center.x), 400, 1e-9) && isClose(Double(b.center.x), 700, 1e-9))
        #expect(rotation(of: a) == 0 && rotation(of: b) == 0)
    }

    @Test("The group's mass is the members' sum; an off-centre impulse turns it as one body", arguments: allSolvers)
    func rigidBody(solver: SolverKind) {
        let scene = Scene(solver)
        let a = scene.box(x: 400, y: 500)
        let b = scene.box(x: 600, y: 500)
        let group = DynamicItemGroup(items: [a, b])  // centre (500, 500), offsets (∓100, 0)
        let properties = DynamicItemBehavior(items: [group])
        properties.resistance = 0
        properties.angularResistance = 0
        let push = PushBehavior(items: [group], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0.0, dy: -1.0)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 150, vertical: 0), for: group)
        scene.animator.addBehavior(properties)
        scene.animator.addBehavior(push)

        scene.run(30)

        // m = 2 kg; I = Σ mᵢ((w² + h²)/12 + dᵢ²) = 2·(20000/12 + 10000) kg·pt².
        let inertia = 2 * (20000.0 / 12 + 10000)
        let omega = -150 * 100 / inertia
        #expect(isClose(Double(properties.linearVelocity(for: group).y), -50, 1e-9))
        #expect(isClose(Double(properties.angularVelocity(for: group)), omega, 1e-9))
        let theta = omega * 0.5
        let centerY = 500 - 50 * 0.5
        #expect(isClose(Double(group.center.y), centerY, 1e-9))
        #expect(isClose(rotation(of: group), theta, 1e-9))
        // Members sit at centre + R(θ)·offset and share the rotation.
        #expect(isClose(Double(b.center.x), 500 + 100 * cos(theta), 1e-9))
        #expect(isClose(Double(b.center.y), centerY + 100 * sin(theta), 1e-9))
        #expect(isClose(Double(a.center.x), 500 - 100 * cos(theta), 1e-9))
        #expect(isClose(Double(a.center.y), centerY - 100 * sin(theta), 1e-9))
        #expect(isClose(rotation(of: a), theta, 1e-9) && isClose(rotation(of: b), theta, 1e-9))
    }
}
