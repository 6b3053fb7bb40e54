import Foundation

// UIKit types boundary identifiers as `NSCopying`; Dynamics as `AnyHashable`. These overloads let ported code pass
// `"floor" as NSCopying` (or any NSCopying object) and get the same boundary a plain `"floor"` names.

extension CollisionBehavior {
    /// Adds (or replaces) a boundary made of the path's segments, named by an `NSCopying` identifier. See
    /// `addBoundary(withIdentifier:for:)` with an `AnyHashable` identifier.
    public func addBoundary(withIdentifier identifier: any NSCopying, for bezierPath: UIBezierPath) {
        addBoundary(withIdentifier: boundaryKey(identifier), for: bezierPath)
    }

    /// Adds (or replaces) a single two-sided segment boundary named by an `NSCopying` identifier.
    public func addBoundary(withIdentifier identifier: any NSCopying, from p1: CGPoint, to p2: CGPoint) {
        addBoundary(withIdentifier: boundaryKey(identifier), from: p1, to: p2)
    }

    /// The path of the boundary named by an `NSCopying` identifier, or nil.
    public func boundary(withIdentifier identifier: any NSCopying) -> UIBezierPath? {
        boundary(withIdentifier: boundaryKey(identifier))
    }

    /// Removes the boundary named by an `NSCopying` identifier. Unknown identifiers are ignored.
    public func removeBoundary(withIdentifier identifier: any NSCopying) {
        removeBoundary(withIdentifier: boundaryKey(identifier))
    }
}

/// The `AnyHashable` key of an `NSCopying` identifier: the bridged Swift value for strings and numbers (so
/// `"floor" as NSCopying` and `"floor"` name the same boundary), the object for hashable objects, its identity
/// otherwise.
func boundaryKey(_ identifier: any NSCopying) -> AnyHashable {
    if let s = identifier as? NSString { return AnyHashable(s as String) }
    if let wrapped = identifier as? BoundaryIdentifier { return wrapped.value }
    if let o = identifier as? NSObject { return AnyHashable(o) }
    return AnyHashable(ObjectIdentifier(identifier as AnyObject))
}

/// The `NSCopying` form of a Dynamics boundary identifier, for `UICollisionBehaviorDelegate`: strings become
/// `NSString`, numbers `NSNumber`, `NSCopying` objects stay themselves; anything else is wrapped in a
/// `BoundaryIdentifier`.
func copyingIdentifier(_ identifier: AnyHashable) -> any NSCopying {
    if let s = identifier.base as? String { return NSString(string: s) }
    if let c = identifier.base as? any NSCopying { return c }
    return BoundaryIdentifier(identifier)
}

/// An `NSCopying` wrapper for a boundary identifier that is not itself `NSCopying` (a Swift enum, struct…).
public final class BoundaryIdentifier: NSObject, NSCopying {
    /// The identifier given to `addBoundary`.
    public let value: AnyHashable

    /// Wraps `value`.
    public init(_ value: AnyHashable) {
        self.value = value
    }

    /// Itself (immutable).
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when the wrapped identifiers are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? BoundaryIdentifier)?.value == value
    }

    /// The wrapped identifier's hash.
    public override var hash: Int { value.hashValue }

    /// The wrapped identifier.
    public override var description: String { "\(value)" }
}
