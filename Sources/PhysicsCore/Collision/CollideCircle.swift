// Circle–circle and polygon(or segment)–circle manifolds. Hot paths: no loops beyond the polygon's edges.

/// Manifold of two circles: one point (id 0) midway between the surfaces on the line of centres.
///
/// Concentric circles use the +y axis as normal.
@inline(__always)
func collideCircles(
    _ a: ShapeGeometry, _ xfA: Transform, _ b: ShapeGeometry, _ xfB: Transform, _ speculativeDistance: Double
) -> Manifold {
    let pA = xfA.apply(a.center)
    let pB = xfB.apply(b.center)
    let d = pB - pA
    let distSq = d.lengthSquared
    let reach = a.radius + b.radius + speculativeDistance
    var m = Manifold()
    if reach <= 0 || distSq >= reach * reach { return m }
    let dist = distSq.squareRoot()
    let n = dist > 1e-12 ? Vec2(d.x / dist, d.y / dist) : Vec2(0, 1)
    let separation = dist - a.radius - b.radius
    let cA = pA + a.radius * n
    let cB = pB - b.radius * n
    m.normal = n
    m.append(ManifoldPoint(point: 0.5 * (cA + cB), separation: separation, id: 0))
    return m
}

/// Manifold of a polygon (or two-vertex segment polygon) `poly` and a circle `circle`; normal from polygon to circle.
///
/// The edge of largest separation from the circle centre is found first; when the centre lies outside that
/// edge's span (and outside the polygon) the nearest vertex gives the normal instead. One point, id 0.
@inline(__always)
func collidePolygonCircle(
    _ poly: NarrowPolygon, _ xfP: Transform, _ circle: ShapeGeometry, _ xfC: Transform, _ speculativeDistance: Double
) -> Manifold {
    var m = Manifold()
    let radius = circle.radius
    let limit = radius + speculativeDistance
    // Circle centre in the polygon frame.
    let c = xfP.invApply(xfC.apply(circle.center))
    let count = poly.count
    let v = poly.vertices
    let nrm = poly.normals

    var separation = -Double.greatestFiniteMagnitude
    var edge = 0
    for i in 0..<count {
        let s = dot(nrm[i], c - v[i])
        if s > separation {
            separation = s
            edge = i
            if s >= limit { return m }
        }
    }

    let v1 = v[edge]
    let v2 = v[NarrowPhase.next(edge, count)]
    let u1 = dot(c - v1, v2 - v1)
    let u2 = dot(c - v2, v1 - v2)
    let normal: Vec2
    let cA: Vec2
    var centerDistance: Double
    if u1 < 0 && separation > 1e-12 {
        // Centre in the Voronoi region of v1.
        let d = c - v1
        centerDistance = d.length
        if centerDistance - radius >= speculativeDistance { return m }
        normal = d / centerDistance
        cA = v1
    } else if u2 < 0 && separation > 1e-12 {
        // Centre in the Voronoi region of v2.
        let d = c - v2
        centerDistance = d.length
        if centerDistance - radius >= speculativeDistance { return m }
        normal = d / centerDistance
        cA = v2
    } else {
        // Face region (or centre inside the polygon).
        normal = nrm[edge]
        centerDistance = dot(c - v1, normal)
        cA = c - centerDistance * normal
    }
    let sep = centerDistance - radius
    if !(sep < speculativeDistance) { return m }
    let cB = c - radius * normal
    m.normal = xfP.q.rotate(normal)
    m.append(ManifoldPoint(point: xfP.apply(0.5 * (cA + cB)), separation: sep, id: 0))
    return m
}
