import Foundation

/// A plain dynamic item: a center, a size, a transform and a collision shape, nothing else. For tests, headless
/// scenes and models that are drawn elsewhere. Values are written back unrounded (as UIKit does for custom items).
@preconcurrency @MainActor
public final class SimpleDynamicItem: DynamicItem {
    /// Position of the center, pt, reference coordinates.
    public var center: CGPoint
    /// Origin (0, 0) and the item's size, pt.
    public var bounds: CGRect
    /// Rotation (after the first step a pure rotation). Default identity.
    public var transform: CGAffineTransform
    /// Collision shape. Default `.rectangle`.
    public var collisionBoundsType: DynamicItemCollisionBoundsType
    /// Item-local convex path used when `collisionBoundsType` is `.path`. Default an empty path.
    public var collisionBoundingPath: BezierPath
    /// Free label shown in diagnostics. Default nil.
    public var name: String?

    /// An item of `size` pt centred at `center`; a nil `collisionBoundingPath` is an empty path.
    public init(
        center: CGPoint, size: CGSize, collisionBoundsType: DynamicItemCollisionBoundsType = .rectangle,
        collisionBoundingPath: BezierPath? = nil, name: String? = nil
    ) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
        self.transform = .identity
        self.collisionBoundsType = collisionBoundsType
        self.collisionBoundingPath = collisionBoundingPath ?? BezierPath()
        self.name = name
    }

    /// An item occupying `frame` (reference coordinates, pt).
    public convenience init(
        frame: CGRect, collisionBoundsType: DynamicItemCollisionBoundsType = .rectangle,
        name: String? = nil
    ) {
        self.init(
            center: CGPoint(x: frame.midX, y: frame.midY), size: frame.size,
            collisionBoundsType: collisionBoundsType, name: name)
    }

    /// The rotation of `transform`, radians.
    public var angle: CGFloat { CGFloat(transform.rotationAngle) }
}
