// Ray casts against single shapes and point containment.

/// Where a ray first enters a shape.
package struct RayHit: Sendable {
    /// Fraction along from→to, 0…1.
    package var fraction: Double
    /// World hit point, pt.
    package var point: Vec2
    /// World unit surface normal at the hit, facing the ray's origin side.
    package var normal: Vec2

    /// A hit from its parts.
    package init(fraction: Double, point: Vec2, normal: Vec2) {
        self.fraction = fraction
        self.point = point
        self.normal = normal
    }
}

/// First entry of the ray `from → to` into the shape, or nil.
///
/// Solid shapes (circle, polygon, ellipse) report where the ray enters them; a ray that starts inside reports
/// nothing. Segments are two-sided: the normal faces the ray's origin. A ray of zero length hits nothing.
package func rayCast(_ s: ConvexView, _ xf: Transform, from: Vec2, to: Vec2) -> RayHit? {
    let g = s.geometry
    // Work in the shape's body frame; fractions are unchanged by the rigid map.
    let p = xf.invApply(from)
    let d = xf.q.invRotate(to - from)
    if d.lengthSquared == 0 { return nil }
    switch g.kind {
    case .circle:
        guard let t = unitCircleEntry(p - g.center, d, scale: Vec2(g.radius, g.radius)) else { return nil }
        let local = p + t * d
        return RayHit(fraction: t, point: xf.apply(local), normal: xf.q.rotate((local - g.center).normalized))
    case .ellipse:
        guard let t = unitCircleEntry(p - g.center, d, scale: g.radii) else { return nil }
        let local = p + t * d
        let n = EllipseMath.normal(g.radii, at: local - g.center)
        return RayHit(fraction: t, point: xf.apply(local), normal: xf.q.rotate(n))
    case .segment:
        let e = g.p2 - g.p1
        let denom = cross(d, e)
        if !(abs(denom) > 1e-15 * d.length * e.length) { return nil }
        let r = g.p1 - p
        let t = cross(r, e) / denom
        let u = cross(r, d) / denom
        if t < 0 || t > 1 || u < 0 || u > 1 { return nil }
        var n = e.rightPerp.normalized
        if dot(n, d) > 0 { n = -n }
        return RayHit(fraction: t, point: xf.apply(p + t * d), normal: xf.q.rotate(n))
    case .polygon:
        let v = s.vertices.unsafelyUnwrapped
        let nrm = s.normals.unsafelyUnwrapped
        var lower = 0.0
        var upper = 1.0
        var index = -1
        for i in 0..<s.count {
            // Points x with dot(n, x − v) ≤ 0 are inside this edge's half-plane.
            let numerator = dot(nrm[i], v[i] - p)
            let denominator = dot(nrm[i], d)
            if denominator == 0 {
                if numerator < 0 { return nil }
            } else if denominator < 0 && numerator < lower * denominator {
                lower = numerator / denominator
                index = i
            } else if denominator > 0 && numerator < upper * denominator {
                upper = numerator / denominator
            }
            if upper < lower { return nil }
        }
        if index < 0 { return nil }
        return RayHit(fraction: lower, point: xf.apply(p + lower * d), normal: xf.q.rotate(nrm[index]))
    }
}

/// Entry fraction of the ray p + t·d (t ∈ [0, 1]) into the axis-aligned ellipse with semi-axes `scale` centred
/// at the origin (scaled to a unit circle, which keeps fractions); nil when missed or starting inside.
@inline(__always)
private func unitCircleEntry(_ p: Vec2, _ d: Vec2, scale: Vec2) -> Double? {
    if !(scale.x > 0 && scale.y > 0) { return nil }
    let ps = Vec2(p.x / scale.x, p.y / scale.y)
    let ds = Vec2(d.x / scale.x, d.y / scale.y)
    let a = dot(ds, ds)
    let b = dot(ps, ds)
    let c = dot(ps, ps) - 1
    if c < 0 { return nil }
    let disc = b * b - a * c
    if disc < 0 || a == 0 { return nil }
    let t = (-b - disc.squareRoot()) / a
    if t < 0 || t > 1 { return nil }
    return t
}

/// True when the world point `p` lies inside or on the shape. Segments have no area and contain nothing.
package func containsPoint(_ s: ConvexView, _ xf: Transform, _ p: Vec2) -> Bool {
    let g = s.geometry
    let local = xf.invApply(p)
    switch g.kind {
    case .circle:
        return (local - g.center).lengthSquared <= g.radius * g.radius
    case .ellipse:
        return EllipseMath.level(g.radii, local - g.center) <= 1
    case .segment:
        return false
    case .polygon:
        let v = s.vertices.unsafelyUnwrapped
        let nrm = s.normals.unsafelyUnwrapped
        for i in 0..<s.count where dot(nrm[i], local - v[i]) > 0 { return false }
        return true
    }
}
