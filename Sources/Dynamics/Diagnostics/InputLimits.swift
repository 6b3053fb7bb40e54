import Foundation

/// The largest values Dynamics accepts at its entry points. Beyond them no screen can mean anything, and the
/// products the world forms (mass × velocity, inertia = mass × size², field falloffs, spring stiffness) would
/// overflow a `Double` to infinity and then NaN. Larger finite values are refused exactly like NaN: one
/// `.invalidValue` (or `.invalidSize`, `.invalidCenter`) diagnostic, the old value kept, nothing reaches the world.
public enum InputLimits {
    /// Largest |x| or |y| of a center, anchor, snap point, field position, offset or boundary point, pt: 10⁷
    /// (a thousand screens).
    public static let maxCoordinate: CGFloat = 10_000_000
    /// Largest width or height of an item, pt: 10⁶.
    public static let maxSize: CGFloat = 1_000_000
    /// Largest |component| of a velocity given to an item, pt/s, and largest |angular velocity|, rad/s: 10⁶ (the
    /// world caps speeds far below that anyway).
    public static let maxSpeed: CGFloat = 1_000_000
    /// Largest |value| of a strength-like parameter: gravity and push magnitudes and vector components, field
    /// strength, direction components, falloff exponents' effects, spring frequency: 10⁶.
    public static let maxMagnitude: CGFloat = 1_000_000
    /// Largest |component| of a force a custom field's block may return, mass·pt/s²: 10¹².
    public static let maxBlockForce: Double = 1e12
}

extension CGFloat {
    /// Finite and |self| ≤ `limit`.
    func isWithin(_ limit: CGFloat) -> Bool { isFinite && Swift.abs(self) <= limit }
}

extension CGPoint {
    /// Both coordinates finite and within ±`InputLimits.maxCoordinate`.
    var isWithinWorld: Bool { x.isWithin(InputLimits.maxCoordinate) && y.isWithin(InputLimits.maxCoordinate) }
}

extension CGVector {
    /// Both components finite and within ±`limit`.
    func isWithin(_ limit: CGFloat) -> Bool { dx.isWithin(limit) && dy.isWithin(limit) }
}
