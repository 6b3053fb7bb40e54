/// A rotation stored as cosine and sine. Positive angles turn +x toward +y.
public struct Rotation: Hashable, Sendable {
    /// Cosine of the angle.
    public var c: Double
    /// Sine of the angle.
    public var s: Double

    /// No rotation.
    public static let identity = Rotation(c: 1, s: 0)

    /// A rotation from cosine and sine (must be unit length).
    @inlinable public init(c: Double, s: Double) { self.c = c; self.s = s }
    /// A rotation by `angle` radians.
    @inlinable public init(angle: Double) { c = mCos(angle); s = mSin(angle) }

    /// The angle in radians, −π…π.
    @inlinable public var angle: Double { mAtan2(s, c) }

    /// The angle in radians, −π…π, cheaper for the small turns of one step: when |tan θ| ≤ 1/8 the arctangent
    /// series to t¹³ (truncation below 3·10⁻¹⁵ rad, at rounding level), otherwise `atan2`.
    @inlinable package var smallAngle: Double {
        guard c > 0, abs(s) <= 0.125 * c else { return mAtan2(s, c) }
        let t = s / c, t2 = t * t
        return t * (1 - t2 * (1.0 / 3 - t2 * (1.0 / 5 - t2 * (1.0 / 7 - t2 * (1.0 / 9 - t2 * (1.0 / 11 - t2 / 13))))))
    }

    /// Rotates a vector.
    @inlinable public func rotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    /// Rotates a vector by the inverse rotation.
    @inlinable public func invRotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }

    /// This rotation followed by `deltaAngle` (small-angle update, renormalised), as Box2D v3 integrates.
    @inlinable public func integrated(by deltaAngle: Double) -> Rotation {
        let c2 = c - deltaAngle * s
        let s2 = s + deltaAngle * c
        let mag = (c2 * c2 + s2 * s2).squareRoot()
        let inv = mag > 0 ? 1 / mag : 0
        return Rotation(c: c2 * inv, s: s2 * inv)
    }

    /// The composition a·b (apply b then a).
    @inlinable public static func * (a: Rotation, b: Rotation) -> Rotation {
        Rotation(c: a.c * b.c - a.s * b.s, s: a.s * b.c + a.c * b.s)
    }

    /// The composition aᵀ·b.
    @inlinable public static func invMul(_ a: Rotation, _ b: Rotation) -> Rotation {
        Rotation(c: a.c * b.c + a.s * b.s, s: a.c * b.s - a.s * b.c)
    }

    /// Relative angle of b with respect to a, −π…π.
    @inlinable public static func relativeAngle(_ a: Rotation, _ b: Rotation) -> Double {
        invMul(a, b).angle
    }
}

/// A rigid transform: rotate, then translate.
public struct Transform: Hashable, Sendable {
    /// Translation, pt.
    public var p: Vec2
    /// Rotation.
    public var q: Rotation

    /// No translation, no rotation.
    public static let identity = Transform(p: .zero, q: .identity)

    @inlinable public init(p: Vec2, q: Rotation) { self.p = p; self.q = q }

    /// Maps a local point into the parent frame.
    @inlinable public func apply(_ v: Vec2) -> Vec2 { q.rotate(v) + p }
    /// Maps a parent-frame point into the local frame.
    @inlinable public func invApply(_ v: Vec2) -> Vec2 { q.invRotate(v - p) }

    /// aᵀ·b: b expressed in a's frame.
    @inlinable public static func invMul(_ a: Transform, _ b: Transform) -> Transform {
        Transform(p: a.q.invRotate(b.p - a.p), q: Rotation.invMul(a.q, b.q))
    }
}
