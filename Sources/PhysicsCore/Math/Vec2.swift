/// A 2-D vector or point in points (pt). The core does not care which way y points; the UIKit layer uses y down.
public struct Vec2: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal component, pt (or pt/s, pt/s² by context).
    public var x: Double
    /// Vertical component.
    public var y: Double

    /// A vector from its components.
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// A vector from labelled components.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// (0, 0).
    public static let zero = Vec2(0, 0)

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable public static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a.x += b.x; a.y += b.y }
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a.x -= b.x; a.y -= b.y }
    @inlinable public static func *= (a: inout Vec2, s: Double) { a.x *= s; a.y *= s }

    /// Euclidean length.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// Squared length (no square root).
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// True when both components are finite (not NaN, not infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    /// The vector turned a quarter turn in the positive sense: (−y, x).
    @inlinable public var leftPerp: Vec2 { Vec2(-y, x) }
    /// The vector turned a quarter turn in the negative sense: (y, −x).
    @inlinable public var rightPerp: Vec2 { Vec2(y, -x) }

    /// The unit vector in this direction, or zero for a (near) zero vector.
    @inlinable public var normalized: Vec2 {
        let l = length
        return l < 1e-300 ? .zero : Vec2(x / l, y / l)
    }

    public var description: String { "(\(x), \(y))" }
}

/// Dot product.
@inlinable public func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
/// 2-D cross product (z of the 3-D cross product).
@inlinable public func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// Cross of a vector with a scalar: a × s = (s·a.y, −s·a.x).
@inlinable public func cross(_ a: Vec2, _ s: Double) -> Vec2 { Vec2(s * a.y, -s * a.x) }
/// Cross of a scalar with a vector: s × a = (−s·a.y, s·a.x).
@inlinable public func cross(_ s: Double, _ a: Vec2) -> Vec2 { Vec2(-s * a.y, s * a.x) }
/// Distance between two points.
@inlinable public func distance(_ a: Vec2, _ b: Vec2) -> Double { (a - b).length }
/// Component-wise minimum.
@inlinable public func min(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)) }
/// Component-wise maximum.
@inlinable public func max(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y)) }
/// Linear interpolation a + t (b − a).
@inlinable public func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 {
    Vec2(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y))
}
