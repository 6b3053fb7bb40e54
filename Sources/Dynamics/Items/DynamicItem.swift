import Foundation

/// The shape Dynamics builds for an item's collisions (UIKit's `UIDynamicItemCollisionBoundsType`).
public enum DynamicItemCollisionBoundsType: UInt, Hashable, Sendable, CaseIterable {
    /// A box of `bounds.size` centred on `center`. The default.
    case rectangle = 0
    /// An exact ellipse with semi-axes `bounds.width / 2` and `bounds.height / 2` (a circle when equal).
    case ellipse = 1
    /// The convex polygon of `collisionBoundingPath`'s first subpath, item-local, (0, 0) = the item's center.
    case path = 2
}

/// Something Dynamics can move: a view, a layer, a sprite, a model object (UIKit's `UIDynamicItem`).
///
/// Dynamics reads `center`, `bounds.size` and the rotation of `transform` when it creates the item's body (when
/// the first behaviour naming the item is added to an animator) and in `DynamicAnimator.updateItem(usingCurrentState:)`.
/// After every step it writes `center` and sets `transform` to a **pure rotation** (scale, shear and translation
/// are lost, as in UIKit). `bounds` is only read at body creation.
///
/// `collisionBoundsType` and `collisionBoundingPath` have defaults (`.rectangle`, an empty path) in a protocol extension.
/// As with any protocol-extension default, a subclass can only override them if its superclass declares them.
@preconcurrency @MainActor
public protocol DynamicItem: AnyObject {
    /// Position of the item's center in the animator's reference coordinates, pt (y down). Must be finite.
    var center: CGPoint { get set }
    /// Only `bounds.size` is used, pt; width and height must be finite and > 0.
    var bounds: CGRect { get }
    /// Only the rotation `atan2(b, a)` is read (radians, positive = clockwise on screen); written back as a pure
    /// rotation.
    var transform: CGAffineTransform { get set }
    /// The collision shape. Default `.rectangle`.
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    /// Used when `collisionBoundsType` is `.path`: its first subpath, convex, counter-clockwise as seen on a y-down
    /// screen (clockwise is reversed with a diagnostic), in item-local points with (0, 0) = the item's center.
    /// Not optional, as in UIKit (`var collisionBoundingPath: UIBezierPath`). Default an empty path.
    var collisionBoundingPath: BezierPath { get }
}

extension DynamicItem {
    /// `.rectangle`.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    /// An empty path (a `.path` item must provide its own).
    public var collisionBoundingPath: BezierPath { BezierPath() }
}

/// A short text naming an item in diagnostics: its type, name if any, center and size.
@MainActor
func describe(_ item: any DynamicItem) -> String {
    let name = (item as? SimpleDynamicItem)?.name.map { " \"\($0)\"" } ?? ""
    let c = item.center, s = item.bounds.size
    return "<\(type(of: item))\(name) center (\(c.x), \(c.y)) size (\(s.width), \(s.height))>"
}
