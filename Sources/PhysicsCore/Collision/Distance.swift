// Distance between two shapes (GJK over support functions).

/// Closest points of two shapes.
package struct DistanceResult: Sendable {
    /// Closest point on shape A, world, pt.
    package var pointA: Vec2
    /// Closest point on shape B, world, pt.
    package var pointB: Vec2
    /// Distance between the surfaces, pt; 0 when the shapes touch or overlap.
    package var distance: Double
    /// Unit normal from A toward B. When the shapes overlap it is still set if the cores (a circle's centre,
    /// any other shape itself) are apart; it is zero when the cores overlap.
    package var normal: Vec2

    /// A result from its parts.
    package init(pointA: Vec2, pointB: Vec2, distance: Double, normal: Vec2) {
        self.pointA = pointA
        self.pointB = pointB
        self.distance = distance
        self.normal = normal
    }
}

/// Distance and closest points between two shapes placed by their body transforms.
///
/// GJK over support functions: polygons and segments by their vertices, ellipses by their analytic support,
/// circles as their centre plus the radius. Accurate to about 1e-9 pt for polygons; ellipses converge to well
/// under 1e-6 pt. Overlapping shapes give distance 0 with `pointA == pointB`.
package func shapeDistance(_ a: ConvexView, _ xfA: Transform, _ b: ConvexView, _ xfB: Transform) -> DistanceResult {
    let sa = GJKShape(a)
    let sb = GJKShape(b)
    let g = gjkDistance(sa, xfA, sb, xfB)
    let rA = sa.radius
    let rB = sb.radius
    if g.distance > 1e-12 {
        let n = (g.pointB - g.pointA) / g.distance
        let pA = g.pointA + rA * n
        let pB = g.pointB - rB * n
        if g.distance > rA + rB {
            return DistanceResult(pointA: pA, pointB: pB, distance: g.distance - rA - rB, normal: n)
        }
        let mid = 0.5 * (pA + pB)
        return DistanceResult(pointA: mid, pointB: mid, distance: 0, normal: n)
    }
    return DistanceResult(pointA: g.pointA, pointB: g.pointA, distance: 0, normal: .zero)
}
