// A pile through the animator on `.acceleratedWorkers(n)`: views poured into the reference bounds move to exactly
// the centres they reach on `.accelerated`, and the collision delegate hears the same calls in the same order
// (the collision pass's pair tests and manifolds run on the worker threads once a world has enough shapes).
import Dynamics
import Foundation
import Testing

@Suite("A pile on worker threads through the animator")
@MainActor
struct PileWorkerThreadsAnimatorTests {
    /// Records every delegate call, in order, with the items' indices and the point's bits.
    final class Recorder: CollisionBehaviorDelegate {
        var calls: [String] = []
        var indices: [ObjectIdentifier: Int] = [:]

        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem, at p: CGPoint) {
            calls.append("began \(tag(item1)) \(tag(item2)) \(p.x.bitPattern) \(p.y.bitPattern)")
        }

        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {
            calls.append("ended \(tag(item1)) \(tag(item2))")
        }

        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {
            calls.append("began \(tag(item)) boundary \(p.x.bitPattern) \(p.y.bitPattern)")
        }

        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?) {
            calls.append("ended \(tag(item)) boundary")
        }

        func tag(_ item: any DynamicItem) -> Int { indices[ObjectIdentifier(item)] ?? -1 }
    }

    /// `count` 20 pt boxes and circles (every seventh elastic) in rows, poured onto the reference bounds' floor and
    /// stepped `frames` 60 Hz frames. Returns every view's centre and the delegate's calls.
    static func pour(_ solver: SolverKind, count: Int = 1_100, frames: Int = 120) -> ([CGPoint], [String]) {
        let columns = 36
        let scene = Scene(solver, width: 22 * CGFloat(columns), height: 1200)
        var views: [View] = []
        for i in 0..<count {
            let jitter = CGFloat((i * 7_919) % 13) / 13 - 0.5
            let frame = CGRect(x: 1 + 22 * CGFloat(i % columns) + jitter, y: 1150 - 22 * CGFloat(i / columns) - jitter,
                               width: 20, height: 20)
            let view = i % 3 == 0 ? EllipseView(frame: frame) : View(frame: frame)
            scene.root.addSubview(view)
            views.append(view)
        }
        scene.material(views.enumerated().filter { $0.offset % 7 == 0 }.map(\.element), elasticity: 0.6)
        scene.material(views.enumerated().filter { $0.offset % 7 != 0 }.map(\.element))
        scene.gravity(views)
        let recorder = Recorder()
        for (i, view) in views.enumerated() { recorder.indices[ObjectIdentifier(view)] = i }
        scene.collide(views, bounds: true).collisionDelegate = recorder
        scene.run(frames)
        return (views.map(\.center), recorder.calls)
    }

    @Test("Two workers pour 1,100 views to the same centres and delegate calls as one")
    func sameCentresAndCalls() {
        let (one, oneCalls) = Self.pour(.accelerated)
        // The pile formed: items met each other and the floor, and some contacts ended.
        #expect(oneCalls.filter { $0.hasPrefix("began") && $0.contains("boundary") }.count > 20)
        #expect(oneCalls.filter { $0.hasPrefix("ended") }.count > 100, "\(oneCalls.count) calls")
        let (many, manyCalls) = Self.pour(.acceleratedWorkers(2))
        let differing = zip(one, many).filter { $0.x.bitPattern != $1.x.bitPattern || $0.y.bitPattern != $1.y.bitPattern }
        #expect(differing.count == 0, "\(differing.count) of \(one.count) centres differ")
        let firstDifferent = zip(manyCalls, oneCalls).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        let sameCalls = manyCalls == oneCalls // (not expanded on failure: thousands of calls)
        #expect(sameCalls, "\(manyCalls.count) calls against \(oneCalls.count), first different: \(String(describing: firstDifferent))")
    }
}
