import Foundation

/// UIKit's `UICollisionBehaviorDelegate`, with boundary identifiers typed `NSCopying?` as in UIKit, so iOS delegate
/// methods keep their signatures and are called. Every method has an empty default.
///
/// It refines `CollisionBehaviorDelegate`: the identifier-typed Dynamics methods are implemented here and forward to
/// the `NSCopying` ones (string identifiers arrive as `NSString`; nil is the reference-bounds boundary). The
/// item–item methods are the Dynamics ones, unchanged.
@preconcurrency @MainActor
public protocol UICollisionBehaviorDelegate: CollisionBehaviorDelegate {
    /// An item started touching one of `behavior`'s boundaries at `p` (reference coordinates, pt). `identifier` is
    /// the boundary's identifier, or nil for the reference-bounds boundary.
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint)
    /// An item stopped touching one of `behavior`'s boundaries.
    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?)
}

extension UICollisionBehaviorDelegate {
    /// Does nothing.
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint
    ) {}
    /// Does nothing.
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?
    ) {}

    /// Forwards to the `NSCopying` variant.
    public func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint
    ) {
        let id: (any NSCopying)? = identifier.map(copyingIdentifier)
        collisionBehavior(behavior, beganContactFor: item, withBoundaryIdentifier: id, at: point)
    }

    /// Forwards to the `NSCopying` variant.
    public func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?
    ) {
        let id: (any NSCopying)? = identifier.map(copyingIdentifier)
        collisionBehavior(behavior, endedContactFor: item, withBoundaryIdentifier: id)
    }
}
