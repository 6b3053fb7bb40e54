/// An axis-aligned bounding box, pt.
public struct AABB: Hashable, Sendable {
    /// Minimum corner.
    public var lower: Vec2
    /// Maximum corner.
    public var upper: Vec2

    @inlinable public init(lower: Vec2, upper: Vec2) { self.lower = lower; self.upper = upper }

    /// Half the perimeter-based cost used by the tree (the perimeter).
    @inlinable public var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    /// Centre of the box.
    @inlinable public var center: Vec2 { 0.5 * (lower + upper) }
    /// Half widths.
    @inlinable public var extents: Vec2 { 0.5 * (upper - lower) }

    /// Smallest box holding both.
    @inlinable public func union(_ b: AABB) -> AABB { AABB(lower: min(lower, b.lower), upper: max(upper, b.upper)) }
    /// True when the boxes overlap or touch.
    @inlinable public func overlaps(_ b: AABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    /// True when `b` lies inside this box.
    @inlinable public func contains(_ b: AABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    /// True when the point lies inside or on the box.
    @inlinable public func contains(point p: Vec2) -> Bool {
        p.x >= lower.x && p.x <= upper.x && p.y >= lower.y && p.y <= upper.y
    }
    /// The box grown by `margin` on every side.
    @inlinable public func expanded(by margin: Double) -> AABB {
        AABB(lower: Vec2(lower.x - margin, lower.y - margin), upper: Vec2(upper.x + margin, upper.y + margin))
    }
    /// True when every coordinate is finite and lower ≤ upper.
    @inlinable public var isValid: Bool {
        lower.isFinite && upper.isFinite && lower.x <= upper.x && lower.y <= upper.y
    }
}
