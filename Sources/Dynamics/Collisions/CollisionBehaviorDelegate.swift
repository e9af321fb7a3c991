public import Foundation

/// Hears when items of a ``CollisionBehavior`` start and stop touching each other or its boundaries: UIKit's
/// `UICollisionBehaviorDelegate`. Every method is optional.
///
/// The animator calls these after the physics step and before the behaviors' `action`s: every began contact of
/// the step first, then every ended one. Each contact episode gets exactly one began and one ended call. Points
/// are in the animator's reference coordinates, midway between the touching surfaces.
@MainActor
public protocol CollisionBehaviorDelegate: AnyObject {
    /// Two items of `behavior` began touching at `p`.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem, at p: CGPoint)
    /// Two items of `behavior` stopped touching.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem)
    /// An item began touching a boundary of `behavior` at `p`; `identifier` is nil for the reference bounds.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint)
    /// An item stopped touching a boundary of `behavior`; `identifier` is nil for the reference bounds.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?)
}

extension CollisionBehaviorDelegate {
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem, at p: CGPoint) {}
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {}
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {}
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?) {}
}
