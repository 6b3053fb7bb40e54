// Validation and construction of convex polygons from user points.

/// Why a user polygon was rejected.
package enum PolygonProblem: Error, Sendable {
    /// Fewer than three distinct points.
    case tooFewPoints
    /// A coordinate is NaN or infinite.
    case nonFinite
    /// All points lie (nearly) on one line.
    case collinear
    /// A simple polygon with a reflex vertex.
    case notConvex
    /// Edges cross or the outline doubles back on itself.
    case selfIntersecting
}

/// Validates a user polygon and returns it counter-clockwise (positive signed area).
///
/// Points closer than the weld tolerance (1e-6 × max(1 pt, bounding-box size)) to the previous point are
/// dropped, as are points that lie within that tolerance of the line through their neighbours while between
/// them. A clockwise outline is reversed (`reversed == true`). Non-adjacent edges that touch or cross give
/// `.selfIntersecting`; a simple outline with a reflex vertex gives `.notConvex`.
package func makeConvexPolygon(_ points: [Vec2]) -> Result<(vertices: [Vec2], reversed: Bool), PolygonProblem> {
    for p in points where !p.isFinite { return .failure(.nonFinite) }
    if points.count < 3 { return .failure(.tooFewPoints) }

    var lower = points[0]
    var upper = points[0]
    for p in points {
        lower = min(lower, p)
        upper = max(upper, p)
    }
    let size = Swift.max(upper.x - lower.x, upper.y - lower.y)
    let tolerance = 1e-6 * Swift.max(1, size)

    // Drop duplicates (including last ≈ first).
    var v: [Vec2] = []
    v.reserveCapacity(points.count)
    for p in points {
        if let last = v.last, distance(last, p) <= tolerance { continue }
        v.append(p)
    }
    while v.count > 1, distance(v[0], v[v.count - 1]) <= tolerance { v.removeLast() }
    if v.count < 3 { return .failure(.tooFewPoints) }

    // Drop points lying on the segment between their neighbours, until none is left.
    var removed = true
    while removed && v.count >= 3 {
        removed = false
        var i = 0
        while i < v.count && v.count >= 3 {
            let prev = v[(i + v.count - 1) % v.count]
            let cur = v[i]
            let next = v[(i + 1) % v.count]
            let e = next - prev
            let len = e.length
            let offLine = len > 0 ? abs(cross(e, cur - prev)) / len : distance(cur, prev)
            if offLine <= tolerance && dot(cur - prev, next - cur) > 0 {
                v.remove(at: i)
                removed = true
            } else {
                i += 1
            }
        }
    }
    if v.count < 3 { return .failure(.collinear) }

    // Self-intersection: any two non-adjacent edges touching or crossing, or an edge doubling back.
    let n = v.count
    for i in 0..<n {
        let a1 = v[i]
        let a2 = v[(i + 1) % n]
        let b2 = v[(i + 2) % n]
        // Adjacent edge folding back over this one.
        let e1 = a2 - a1
        let e2 = b2 - a2
        if abs(cross(e1, e2)) <= tolerance * Swift.max(e1.length, e2.length) && dot(e1, e2) < 0 {
            return .failure(.selfIntersecting)
        }
        var j = i + 2
        while j < n {
            if i == 0 && j == n - 1 { break }
            if segmentsTouch(a1, a2, v[j], v[(j + 1) % n], tolerance) { return .failure(.selfIntersecting) }
            j += 1
        }
    }

    var twiceArea = 0.0
    for i in 0..<n { twiceArea += cross(v[i], v[(i + 1) % n]) }
    if abs(twiceArea) <= tolerance * size { return .failure(.collinear) }
    let reversed = twiceArea < 0
    if reversed { v.reverse() }

    for i in 0..<n {
        let e1 = v[(i + 1) % n] - v[i]
        let e2 = v[(i + 2) % n] - v[(i + 1) % n]
        if cross(e1, e2) <= 0 { return .failure(.notConvex) }
    }
    return .success((v, reversed))
}

/// True when segments p1–p2 and q1–q2 cross or come within `tolerance` of each other.
private func segmentsTouch(_ p1: Vec2, _ p2: Vec2, _ q1: Vec2, _ q2: Vec2, _ tolerance: Double) -> Bool {
    let c = SegmentClosest(p1, p2, q1, q2)
    return distance(c.point1, c.point2) <= tolerance
}

/// Outward unit normals of a counter-clockwise polygon: normal i = rightPerp of edge v[i] → v[i + 1].
package func polygonNormals(_ v: [Vec2]) -> [Vec2] {
    let n = v.count
    var out: [Vec2] = []
    out.reserveCapacity(n)
    for i in 0..<n {
        out.append((v[(i + 1) % n] - v[i]).rightPerp.normalized)
    }
    return out
}

/// Area centroid of a simple polygon (vertex average if the area is zero).
package func polygonCentroid(_ v: [Vec2]) -> Vec2 {
    let n = v.count
    if n == 0 { return .zero }
    var origin = Vec2.zero
    for p in v { origin += p }
    origin = origin / Double(n)
    var area = 0.0
    var c = Vec2.zero
    for i in 0..<n {
        let e1 = v[i] - origin
        let e2 = v[(i + 1) % n] - origin
        let a = 0.5 * cross(e1, e2)
        area += a
        c += (a / 3) * (e1 + e2)
    }
    if area == 0 { return origin }
    return origin + c / area
}

/// The four vertices of a box, counter-clockwise from the (−w, −h) corner, rotated by `angle` about its centre
/// and placed at `center`.
package func boxVertices(halfWidth: Double, halfHeight: Double, center: Vec2 = .zero, angle: Double = 0) -> [Vec2] {
    let q = Rotation(angle: angle)
    return [
        center + q.rotate(Vec2(-halfWidth, -halfHeight)),
        center + q.rotate(Vec2(halfWidth, -halfHeight)),
        center + q.rotate(Vec2(halfWidth, halfHeight)),
        center + q.rotate(Vec2(-halfWidth, halfHeight))
    ]
}
