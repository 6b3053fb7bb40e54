import Foundation

/// Receives contact notifications from a `CollisionBehavior` (UIKit's `UICollisionBehaviorDelegate`). Every method
/// has an empty default.
///
/// Contacts are gathered during the world steps of an animator step and delivered after them: every "began" of
/// the step before every "ended", all before any behaviour's `action`. A resting item stays in contact (no repeated
/// began). Adding or removing behaviours from a callback is queued until the end of the step.
@preconcurrency @MainActor
public protocol CollisionBehaviorDelegate: AnyObject {
    /// Two items, both in `behavior`, started touching at `point` (reference coordinates, pt: the manifold point
    /// that took the largest impulse). Sent to every collision behaviour with a delegate that holds both items.
    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
        with item2: any DynamicItem, at point: CGPoint)
    /// Two items stopped touching.
    func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
        with item2: any DynamicItem)
    /// An item started touching one of `behavior`'s boundaries at `point`. `identifier` is the boundary's
    /// identifier, or nil for the reference-bounds boundary. Also sent in `.items` mode, where the item passes
    /// through.
    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint)
    /// An item stopped touching one of `behavior`'s boundaries.
    func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?)
}

extension CollisionBehaviorDelegate {
    /// Does nothing.
    public func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
        with item2: any DynamicItem, at point: CGPoint
    ) {}
    /// Does nothing.
    public func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
        with item2: any DynamicItem
    ) {}
    /// Does nothing.
    public func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint
    ) {}
    /// Does nothing.
    public func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?
    ) {}
}
