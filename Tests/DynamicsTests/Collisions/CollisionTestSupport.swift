// Helpers for the collision tests: round and path-shaped views, material settings, and measurements.
import Dynamics
import Foundation
import Testing

/// The solvers the collision tests run on.
let collisionSolvers: [SolverKind] = allSolvers

/// A view that collides as its inscribed ellipse (a circle when square), as a UIKit subclass would declare it.
@MainActor
final class EllipseView: View {
    override var collisionBoundsType: DynamicItemCollisionBoundsType { .ellipse }
}

/// A view that collides as a given convex outline ((0, 0) at its centre).
@MainActor
final class PathView: View {
    let outline: BezierPath
    init(frame: CGRect, outline: BezierPath) {
        self.outline = outline
        super.init(frame: frame)
    }
    override var collisionBoundsType: DynamicItemCollisionBoundsType { .path }
    override var collisionBoundingPath: BezierPath { outline }
}

extension Scene {
    /// Steps until `item` reaches the top of its first rebound (at most `frames` frames); returns the highest
    /// point (smallest y). `rising` runs after every step from the bounce on.
    func apexAfterFirstBounce(of item: View, frames: Int = 600, rising: () -> Void = {}) -> CGFloat {
        var bounced = false
        var previous = item.center.y
        var apex = CGFloat.infinity
        for _ in 0..<frames {
            animator.step()
            let y = item.center.y
            if !bounced, y < previous { bounced = true }
            if bounced {
                rising()
                if y < apex { apex = y }
                if y > previous { break } // falling again: the apex has passed
            }
            previous = y
        }
        return apex
    }

    /// An item behavior with resistance 0 (and the given material) for `items`, added to the animator.
    @discardableResult
    func material(_ items: [any DynamicItem], elasticity: CGFloat = 0.2, friction: CGFloat = 0.2, anchored: Bool = false,
                  rotates: Bool = true) -> DynamicItemBehavior {
        let behavior = DynamicItemBehavior(items: items)
        behavior.resistance = 0
        behavior.angularResistance = 0
        behavior.elasticity = elasticity
        behavior.friction = friction
        behavior.isAnchored = anchored
        behavior.allowsRotation = rotates
        animator.addBehavior(behavior)
        return behavior
    }

    /// Gravity (1000 pt/s² down) on `items`.
    @discardableResult
    func gravity(_ items: [any DynamicItem]) -> GravityBehavior {
        let gravity = GravityBehavior(items: items)
        animator.addBehavior(gravity)
        return gravity
    }

    /// One collision behavior for `items`.
    @discardableResult
    func collide(_ items: [any DynamicItem], bounds: Bool = false) -> CollisionBehavior {
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = bounds
        animator.addBehavior(collision)
        return collision
    }
}

/// Records the collision delegate calls, in order, as short strings.
@MainActor
final class CollisionRecorder: CollisionBehaviorDelegate {
    var events: [String] = []
    var points: [CGPoint] = []
    let names: [ObjectIdentifier: String]

    init(names: [(any DynamicItem, String)]) {
        self.names = Dictionary(uniqueKeysWithValues: names.map { (ObjectIdentifier($0.0), $0.1) })
    }

    private func name(_ item: any DynamicItem) -> String { names[ObjectIdentifier(item)] ?? "?" }
    private func name(_ identifier: (any NSCopying)?) -> String { (identifier as? NSString).map { String($0) } ?? "nil" }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem, at p: CGPoint) {
        events.append("began \([name(item1), name(item2)].sorted().joined(separator: "+"))")
        points.append(p)
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {
        events.append("ended \([name(item1), name(item2)].sorted().joined(separator: "+"))")
    }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {
        events.append("began \(name(item))|\(name(identifier))")
        points.append(p)
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?) {
        events.append("ended \(name(item))|\(name(identifier))")
    }
}
