// Mass, centre of mass and rotational inertia of shapes; tight world bounding boxes.

/// Mass data of a shape.
package struct MassProperties: Sendable {
    /// Mass = density × area (kg when density is kg/pt²).
    package var mass: Double
    /// Centre of mass, body frame, pt.
    package var center: Vec2
    /// Rotational inertia about the centre of mass, kg·pt².
    package var inertia: Double

    /// Mass data from its parts.
    package init(mass: Double, center: Vec2, inertia: Double) {
        self.mass = mass
        self.center = center
        self.inertia = inertia
    }
}

/// Mass properties of a shape of uniform `density`.
///
/// Circle: m = ρπr², I = mr²/2. Ellipse: m = ρπab (exact), I = m(a² + b²)/4. Polygon: exact area, centroid and
/// polar moment from a triangle fan. Segment: zero mass and inertia, centre at its midpoint.
package func massProperties(_ s: ConvexView, density: Double) -> MassProperties {
    let g = s.geometry
    switch g.kind {
    case .circle:
        let m = density * Double.pi * g.radius * g.radius
        return MassProperties(mass: m, center: g.center, inertia: 0.5 * m * g.radius * g.radius)
    case .ellipse:
        let a = g.radii.x
        let b = g.radii.y
        let m = density * Double.pi * a * b
        return MassProperties(mass: m, center: g.center, inertia: 0.25 * m * (a * a + b * b))
    case .segment:
        return MassProperties(mass: 0, center: 0.5 * (g.p1 + g.p2), inertia: 0)
    case .polygon:
        let v = s.vertices.unsafelyUnwrapped
        let n = s.count
        // Fan from the vertex average for precision far from the origin.
        var origin = Vec2.zero
        for i in 0..<n { origin += v[i] }
        origin = origin / Double(n)
        var area = 0.0
        var firstMoment = Vec2.zero
        var secondMoment = 0.0
        for i in 0..<n {
            let e1 = v[i] - origin
            let e2 = v[i + 1 == n ? 0 : i + 1] - origin
            let d = cross(e1, e2)
            let triArea = 0.5 * d
            area += triArea
            firstMoment += (triArea / 3) * (e1 + e2)
            let ix = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
            let iy = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
            secondMoment += (d / 12) * (ix + iy)
        }
        if !(area > 0) { return MassProperties(mass: 0, center: origin, inertia: 0) }
        let m = density * area
        let c = firstMoment / area
        let inertia = density * secondMoment - m * dot(c, c)
        return MassProperties(mass: m, center: origin + c, inertia: inertia)
    }
}

/// Tight world bounding box of a shape (exact for a rotated ellipse: half-extents √((a·cos)² + (b·sin)²) etc.).
package func computeAABB(_ s: ConvexView, _ xf: Transform) -> AABB {
    let g = s.geometry
    switch g.kind {
    case .circle:
        let c = xf.apply(g.center)
        let r = Vec2(g.radius, g.radius)
        return AABB(lower: c - r, upper: c + r)
    case .ellipse:
        let c = xf.apply(g.center)
        let a = g.radii.x
        let b = g.radii.y
        let q = xf.q
        let ex = ((a * q.c) * (a * q.c) + (b * q.s) * (b * q.s)).squareRoot()
        let ey = ((a * q.s) * (a * q.s) + (b * q.c) * (b * q.c)).squareRoot()
        return AABB(lower: Vec2(c.x - ex, c.y - ey), upper: Vec2(c.x + ex, c.y + ey))
    case .segment:
        let p1 = xf.apply(g.p1)
        let p2 = xf.apply(g.p2)
        return AABB(lower: min(p1, p2), upper: max(p1, p2))
    case .polygon:
        let v = s.vertices.unsafelyUnwrapped
        var lower = xf.apply(v[0])
        var upper = lower
        for i in 1..<s.count {
            let p = xf.apply(v[i])
            lower = min(lower, p)
            upper = max(upper, p)
        }
        return AABB(lower: lower, upper: upper)
    }
}
