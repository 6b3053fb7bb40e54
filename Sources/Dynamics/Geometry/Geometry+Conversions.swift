import Foundation
internal import PhysicsCore

// Conversions between the UIKit-shaped value types (points, y down) and the core's `Vec2`. Reference coordinates
// map 1:1 onto world coordinates; the core does not care which way y points.

extension Vec2 {
    /// The world vector of a reference-coordinate point.
    init(_ p: CGPoint) { self.init(Double(p.x), Double(p.y)) }
    /// The world vector of a `CGVector`.
    init(_ v: CGVector) { self.init(Double(v.dx), Double(v.dy)) }
    /// The point in reference coordinates.
    var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}

extension CGPoint {
    /// True when both coordinates are finite.
    var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGVector {
    /// True when both components are finite.
    var isFinite: Bool { dx.isFinite && dy.isFinite }
}

extension CGRect {
    /// True when origin and size are finite (`CGRect.null` is not).
    var isFiniteRect: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }

    /// The world box of this rectangle (standardized).
    var aabb: AABB {
        let r = standardized
        return AABB(lower: Vec2(Double(r.minX), Double(r.minY)), upper: Vec2(Double(r.maxX), Double(r.maxY)))
    }
}

extension CGAffineTransform {
    /// The rotation Dynamics reads from an item transform: `atan2(b, a)`, radians; 0 for a degenerate matrix.
    var rotationAngle: Double {
        let angle = atan2(Double(b), Double(a))
        return angle.isFinite ? angle : 0
    }

    /// True when all six entries are finite.
    var isFiniteTransform: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}
