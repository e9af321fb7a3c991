// The collision delegate: one began and one ended per contact episode, with the right items, boundary
// identifiers (nil for the reference bounds) and a point on the touching surfaces; nothing for pairs a behavior
// does not own.
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("Collision delegate")
struct CollisionDelegateTests {
    @Test("A ball bouncing on a named boundary: one began and one ended per bounce, at the boundary", arguments: collisionSolvers)
    func bouncesOnNamedBoundary(solver: SolverKind) {
        let scene = Scene(solver)
        let ball = scene.box(x: 200, y: 380, width: 40, height: 40)
        scene.material([ball], elasticity: 0.6)
        scene.gravity([ball])
        let collision = CollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 2000, y: 600))
        let recorder = CollisionRecorder(names: [(ball, "ball")])
        collision.collisionDelegate = recorder
        scene.animator.addBehavior(collision)
        scene.run(600)
        // It bounces while impacts exceed 100 pt/s, then stays: began/ended alternate and the last began stays open.
        let began = recorder.events.filter { $0.hasPrefix("began") }
        let ended = recorder.events.filter { $0.hasPrefix("ended") }
        #expect(began.count >= 3, "several bounces: \(recorder.events)")
        #expect(began.count == ended.count + 1, "every episode but the last (resting) one ended: \(recorder.events)")
        for (k, event) in recorder.events.enumerated() {
            #expect(event == (k % 2 == 0 ? "began ball|floor" : "ended ball|floor"), "event \(k): \(event)")
        }
        for point in recorder.points {
            // Under the box, between its bottom corners (x = 180…220), on the floor: the point lies midway between the
            // two surfaces, which the exact solve brings together to a part in 10⁶ of the step's motion.
            #expect(abs(point.y - 600) < 1e-4 && abs(point.x - 200) <= 20 + 1e-4, "contact point \(point) on the floor under the ball")
        }
    }

    @Test("The reference-bounds boundary reports a nil identifier (and, elasticity 0.2, bounces an elasticity-0 box)", arguments: collisionSolvers)
    func referenceBoundsIdentifier(solver: SolverKind) {
        let scene = Scene(solver, width: 400, height: 400)
        let box = scene.box(x: 200, y: 200, width: 40, height: 40)
        scene.material([box], elasticity: 0)
        scene.gravity([box])
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        let recorder = CollisionRecorder(names: [(box, "box")])
        collision.collisionDelegate = recorder
        scene.animator.addBehavior(collision)
        scene.run(120)
        // Restitution mixes by maximum: the boundary's 0.2 bounces the fast first impact, the second is slow.
        #expect(recorder.events == ["began box|nil", "ended box|nil", "began box|nil"], "\(recorder.events)")
        for point in recorder.points {
            #expect(abs(point.y - 401) < 1e-4, "on the bounds grown by 1 pt: \(point)")
        }
        #expect(collision.boundaryIdentifiers == nil, "the reference bounds are not a named boundary")
    }

    @Test("Two items of the behavior meeting: began then ended with both items; another behavior hears nothing", arguments: collisionSolvers)
    func itemPairsAndOwnership(solver: SolverKind) {
        let scene = Scene(solver)
        let a = scene.box(x: 100, y: 300, width: 40, height: 40)
        let b = scene.box(x: 300, y: 300, width: 40, height: 40)
        let properties = scene.material([a, b], elasticity: 1)
        let collision = CollisionBehavior(items: [a, b])
        let recorder = CollisionRecorder(names: [(a, "a"), (b, "b")])
        collision.collisionDelegate = recorder
        scene.animator.addBehavior(collision)
        let bystander = CollisionBehavior(items: [a]) // holds only one of them
        let bystanderRecorder = CollisionRecorder(names: [(a, "a"), (b, "b")])
        bystander.collisionDelegate = bystanderRecorder
        scene.animator.addBehavior(bystander)
        properties.addLinearVelocity(CGPoint(x: 400, y: 0), for: a)
        properties.addLinearVelocity(CGPoint(x: -400, y: 0), for: b)
        scene.run(60)
        #expect(recorder.events == ["began a+b", "ended a+b"], "\(recorder.events)")
        if let point = recorder.points.first {
            #expect(abs(point.x - 200) < 1, "they meet midway: \(point)")
        }
        #expect(bystanderRecorder.events.isEmpty, "a behavior holding one of the items hears nothing: \(bystanderRecorder.events)")
    }

    @Test("Named boundaries: add, look up, replace, remove", arguments: collisionSolvers)
    func boundaryBookkeeping(solver: SolverKind) {
        let collision = CollisionBehavior()
        collision.addBoundary(withIdentifier: "a" as NSString, from: .zero, to: CGPoint(x: 100, y: 0))
        collision.addBoundary(withIdentifier: "b" as NSString, for: BezierPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50)))
        #expect(collision.boundaryIdentifiers?.compactMap { $0 as? NSString } == ["a", "b"])
        #expect(collision.boundary(withIdentifier: "b" as NSString)?.lineSegments.count == 4)
        collision.addBoundary(withIdentifier: "a" as NSString, from: .zero, to: CGPoint(x: 0, y: 100)) // replaces "a"
        #expect(collision.boundaryIdentifiers?.count == 2)
        #expect(collision.boundary(withIdentifier: "a" as NSString)?.lineSegments.first?.to == CGPoint(x: 0, y: 100))
        collision.removeBoundary(withIdentifier: "a" as NSString)
        #expect(collision.boundary(withIdentifier: "a" as NSString) == nil)
        collision.removeAllBoundaries()
        #expect(collision.boundaryIdentifiers == nil)
    }
}
