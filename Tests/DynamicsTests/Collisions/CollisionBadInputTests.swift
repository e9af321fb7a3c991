// Collision input the solver cannot take stops with a message naming the item or parameter, before anything is
// half-added.
import Dynamics
import Foundation
import Testing

@Suite("Collision bad input", .serialized)
struct CollisionBadInputTests {
    @Test("A non-convex collisionBoundingPath names the item and the invalid path")
    func nonConvexPath() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            // An arrowhead: its notch is a reflex corner.
            let notched = BezierPath(polygon: [
                CGPoint(x: -20, y: -20), CGPoint(x: 0, y: 0), CGPoint(x: 20, y: -20), CGPoint(x: 0, y: 20),
            ])
            let item = PathView(frame: CGRect(x: 100, y: 100, width: 40, height: 40), outline: notched)
            root.addSubview(item)
            let animator = DynamicAnimator(referenceView: root)
            animator.addBehavior(CollisionBehavior(items: [item]))
            animator.step()
        }
        let text = standardError(result)
        #expect(text.contains("invalid bounding path") && text.contains("PathView"), "\(text)")
    }

    @Test("A self-intersecting collisionBoundingPath (a star) is refused as an outline that crosses itself")
    func selfIntersectingPath() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let star = BezierPath(polygon: (0..<5).map { k in
                let t = Double.pi * 4 * Double(k) / 5 // every second point of a pentagon: a pentagram
                return CGPoint(x: 20 * cos(t), y: 20 * sin(t))
            })
            let item = PathView(frame: CGRect(x: 100, y: 100, width: 40, height: 40), outline: star)
            root.addSubview(item)
            let animator = DynamicAnimator(referenceView: root)
            animator.addBehavior(CollisionBehavior(items: [item]))
            animator.step()
        }
        let text = standardError(result)
        #expect(text.contains("invalid bounding path") && text.contains("crosses itself"), "\(text)")
    }

    @Test("A boundary from a point to itself names the point")
    func degenerateBoundary() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            CollisionBehavior().addBoundary(withIdentifier: "dot" as NSString, from: CGPoint(x: 5, y: 5), to: CGPoint(x: 5, y: 5))
        }
        let text = standardError(result)
        #expect(text.contains("addBoundary") && text.contains("x: 5.0, y: 5.0"), "\(text)")
    }

    @Test("A NaN boundary point names the parameter")
    func nanBoundary() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            CollisionBehavior().addBoundary(withIdentifier: "bad" as NSString, from: CGPoint(x: CGFloat.nan, y: 0), to: .zero)
        }
        let text = standardError(result)
        #expect(text.contains("CollisionBehavior.addBoundary") && text.contains("nan"), "\(text)")
    }

    @Test("A 33rd collision behavior in one animator is refused with the limit")
    func tooManyCollisionBehaviors() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let animator = DynamicAnimator()
            for _ in 0..<33 { animator.addBehavior(CollisionBehavior(items: [PlainItem()])) }
        }
        let text = standardError(result)
        #expect(text.contains("at most 32 collision behaviors"), "\(text)")
    }

    @Test("NaN elasticity names the parameter")
    func nanElasticity() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            DynamicItemBehavior().elasticity = .nan
        }
        let text = standardError(result)
        #expect(text.contains("DynamicItemBehavior.elasticity") && text.contains("nan"), "\(text)")
    }
}
