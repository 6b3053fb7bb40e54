// GJK over support functions, on the "core" shapes: a circle is its centre point (its radius is added by the
// caller), an ellipse uses its analytic support, polygons and segments their vertices.

/// A shape reduced to a support function in its body frame, plus the rounding radius of its core.
struct GJKShape {
    /// Shape kind.
    var kind: ShapeKind
    /// Circle or ellipse centre (body frame).
    var center: Vec2
    /// Rounding radius: the circle radius, 0 otherwise.
    var radius: Double
    /// Ellipse semi-axes.
    var radii: Vec2
    /// First segment endpoint.
    var p1: Vec2
    /// Second segment endpoint.
    var p2: Vec2
    /// Polygon vertices (body frame), nil for other kinds.
    var vertices: UnsafePointer<Vec2>?
    /// Polygon vertex count.
    var count: Int

    /// The support view of a shape.
    @inline(__always)
    init(_ view: ConvexView) {
        let g = view.geometry
        kind = g.kind
        center = g.center
        radius = g.kind == .circle ? g.radius : 0
        radii = g.radii
        p1 = g.p1
        p2 = g.p2
        vertices = view.vertices
        count = Int(g.vertexCount)
    }

    /// The core point farthest along `d` (body frame).
    @inline(__always)
    func support(_ d: Vec2) -> Vec2 {
        switch kind {
        case .circle:
            return center
        case .ellipse:
            return center + EllipseMath.support(radii, d)
        case .segment:
            return dot(d, p2) > dot(d, p1) ? p2 : p1
        case .polygon:
            let v = vertices.unsafelyUnwrapped
            var best = 0
            var bestDot = dot(d, v[0])
            for i in 1..<count {
                let s = dot(d, v[i])
                if s > bestDot { bestDot = s; best = i }
            }
            return v[best]
        }
    }

    /// Largest distance from `point` (body frame) to any point of the core shape (a circle's centre, any other
    /// shape itself): bounds how fast the core moves when the body turns about `point`.
    func coreReach(from point: Vec2) -> Double {
        switch kind {
        case .circle:
            return (center - point).length
        case .ellipse:
            return (center - point).length + Swift.max(radii.x, radii.y)
        case .segment:
            return Swift.max((p1 - point).length, (p2 - point).length)
        case .polygon:
            let v = vertices.unsafelyUnwrapped
            var r = 0.0
            for i in 0..<count { r = Swift.max(r, (v[i] - point).length) }
            return r
        }
    }
}

/// One vertex of the GJK simplex on the Minkowski difference B − A.
struct GJKVertex {
    /// Support point of A, body frame of A.
    var localA: Vec2 = .zero
    /// Support point of B, body frame of B.
    var localB: Vec2 = .zero
    /// World support point of A.
    var wA: Vec2 = .zero
    /// World support point of B.
    var wB: Vec2 = .zero
    /// wB − wA.
    var w: Vec2 = .zero
    /// Barycentric weight of the closest point.
    var weight: Double = 0
}

/// Result of GJK on the core shapes.
struct GJKOutput {
    /// Closest point on core A, world.
    var pointA: Vec2
    /// Closest point on core B, world.
    var pointB: Vec2
    /// Distance between the cores (0 when they overlap).
    var distance: Double
    /// Vertices in the final simplex (3 when the cores overlap).
    var count: Int
}

/// Closest points of the cores of `a` and `b` (GJK with Voronoi-region simplex solving).
///
/// Stops when the gap between the upper bound |v| and the lower bound v̂·w falls below 1e-9 pt plus 1e-10 of
/// the distance, when a support point repeats, when the distance stops decreasing, or after 64 iterations
/// (smooth shapes converge linearly, polygons finitely).
func gjkDistance(_ a: GJKShape, _ xfA: Transform, _ b: GJKShape, _ xfB: Transform) -> GJKOutput {
    var d0 = xfB.apply(b.center) - xfA.apply(a.center)
    if d0.lengthSquared < 1e-24 { d0 = Vec2(1, 0) }
    var s1 = gjkMakeVertex(a, xfA, b, xfB, -d0)
    s1.weight = 1
    var s2 = GJKVertex()
    var s3 = GJKVertex()
    var count = 1
    var previousSq = Double.greatestFiniteMagnitude

    for iteration in 0..<64 {
        switch count {
        case 2: gjkSolve2(&s1, &s2, &count)
        case 3: gjkSolve3(&s1, &s2, &s3, &count)
        default: break
        }
        if count == 3 { break }
        let v = gjkClosest(s1, s2, count)
        let vv = v.lengthSquared
        if vv < 1e-26 { break }
        if vv >= previousSq || iteration == 63 { break }
        previousSq = vv
        // Support of B − A toward the origin.
        let w = gjkMakeVertex(a, xfA, b, xfB, -v)
        let vLen = vv.squareRoot()
        let gap = (vv - dot(v, w.w)) / vLen
        if gap <= 1e-9 + 1e-10 * vLen { break }
        if gjkSame(w, s1) || (count == 2 && gjkSame(w, s2)) { break }
        if count == 1 { s2 = w } else { s3 = w }
        count += 1
    }

    var pA: Vec2
    var pB: Vec2
    switch count {
    case 1:
        pA = s1.wA
        pB = s1.wB
    case 2:
        pA = s1.weight * s1.wA + s2.weight * s2.wA
        pB = s1.weight * s1.wB + s2.weight * s2.wB
    default:
        pA = s1.weight * s1.wA + s2.weight * s2.wA + s3.weight * s3.wA
        pB = pA
    }
    return GJKOutput(
        pointA: pA, pointB: pB, distance: count == 3 ? 0 : (pB - pA).length,
        count: count)
}

/// The support vertex of B − A along `toward`: B's support along `toward` minus A's support along −`toward`.
@inline(__always)
private func gjkMakeVertex(_ a: GJKShape, _ xfA: Transform, _ b: GJKShape, _ xfB: Transform, _ toward: Vec2)
    -> GJKVertex
{
    var v = GJKVertex()
    v.localA = a.support(xfA.q.invRotate(-toward))
    v.localB = b.support(xfB.q.invRotate(toward))
    v.wA = xfA.apply(v.localA)
    v.wB = xfB.apply(v.localB)
    v.w = v.wB - v.wA
    return v
}

/// True when two simplex vertices come from the same support points.
@inline(__always)
private func gjkSame(_ x: GJKVertex, _ y: GJKVertex) -> Bool {
    x.localA == y.localA && x.localB == y.localB
}

/// Closest point of the current simplex (1 or 2 vertices) to the origin.
@inline(__always)
private func gjkClosest(_ s1: GJKVertex, _ s2: GJKVertex, _ count: Int) -> Vec2 {
    count == 1 ? s1.w : s1.weight * s1.w + s2.weight * s2.w
}

/// Reduces a segment simplex to the feature closest to the origin and sets the weights.
@inline(__always)
private func gjkSolve2(_ s1: inout GJKVertex, _ s2: inout GJKVertex, _ count: inout Int) {
    let w1 = s1.w
    let w2 = s2.w
    let e = w2 - w1
    let t2 = -dot(w1, e)
    if t2 <= 0 { s1.weight = 1; count = 1; return }
    let t1 = dot(w2, e)
    if t1 <= 0 { s1 = s2; s1.weight = 1; count = 1; return }
    let inv = 1 / (t1 + t2)
    s1.weight = t1 * inv
    s2.weight = t2 * inv
    count = 2
}

/// Reduces a triangle simplex to the feature closest to the origin (count stays 3 when the origin is inside).
@inline(__always)
private func gjkSolve3(_ s1: inout GJKVertex, _ s2: inout GJKVertex, _ s3: inout GJKVertex, _ count: inout Int) {
    let w1 = s1.w, w2 = s2.w, w3 = s3.w
    let e12 = w2 - w1
    let d12a = dot(w2, e12), d12b = -dot(w1, e12)
    let e13 = w3 - w1
    let d13a = dot(w3, e13), d13b = -dot(w1, e13)
    let e23 = w3 - w2
    let d23a = dot(w3, e23), d23b = -dot(w2, e23)
    let area = cross(e12, e13)
    let d123a = area * cross(w2, w3)
    let d123b = area * cross(w3, w1)
    let d123c = area * cross(w1, w2)

    if d12b <= 0 && d13b <= 0 { s1.weight = 1; count = 1; return }
    if d12a > 0 && d12b > 0 && d123c <= 0 {
        let inv = 1 / (d12a + d12b)
        s1.weight = d12a * inv; s2.weight = d12b * inv; count = 2; return
    }
    if d13a > 0 && d13b > 0 && d123b <= 0 {
        let inv = 1 / (d13a + d13b)
        s1.weight = d13a * inv; s3.weight = d13b * inv; s2 = s3; count = 2; return
    }
    if d12a <= 0 && d23b <= 0 { s1 = s2; s1.weight = 1; count = 1; return }
    if d13a <= 0 && d23a <= 0 { s1 = s3; s1.weight = 1; count = 1; return }
    if d23a > 0 && d23b > 0 && d123a <= 0 {
        let inv = 1 / (d23a + d23b)
        s2.weight = d23a * inv; s3.weight = d23b * inv; s1 = s3; count = 2; return
    }
    let sum = d123a + d123b + d123c
    if !(sum > 0) {
        // Degenerate (flat) triangle: keep the edge w1–w2.
        gjkSolve2(&s1, &s2, &count)
        return
    }
    let inv = 1 / sum
    s1.weight = d123a * inv
    s2.weight = d123b * inv
    s3.weight = d123c * inv
    count = 3
}
