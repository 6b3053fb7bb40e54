// Exact ellipse manifolds (no polygon approximation). An ellipse is strictly convex, so each gives one point, id 0.
// Every point is the ellipse's exact surface point moved half the separation along the normal.

/// Manifold of ellipse `e` and circle `c`; normal from the ellipse to the circle.
///
/// Uses the exact closest point of the ellipse boundary to the circle centre: the separation is the signed
/// centre-to-boundary distance minus the radius, the normal is the ellipse's outward normal there.
func collideEllipseCircle(
    _ e: ShapeGeometry, _ xfE: Transform, _ c: ShapeGeometry, _ xfC: Transform, _ speculativeDistance: Double
) -> Manifold {
    var m = Manifold()
    let r = e.radii
    // Circle centre in the ellipse's centred frame.
    let p = xfE.invApply(xfC.apply(c.center)) - e.center
    let limit = c.radius + speculativeDistance
    // Cheap rejection: the ellipse lies inside the disc of radius max(a, b).
    if p.length - Swift.max(r.x, r.y) >= limit { return m }
    let q = EllipseMath.closestPoint(r, p)
    let u = EllipseMath.normal(r, at: q)
    let sep = dot(p - q, u) - c.radius
    if !(sep < speculativeDistance) { return m }
    m.normal = xfE.q.rotate(u)
    m.append(ManifoldPoint(point: xfE.apply(e.center + q + (0.5 * sep) * u), separation: sep, id: 0))
    return m
}

/// Manifold of ellipse `e` and polygon (or two-vertex segment polygon) `poly`; normal from the ellipse to the polygon.
///
/// SAT with the ellipse's analytic support function. Candidate axes: every polygon face normal, and for every
/// polygon vertex the ellipse normal at the ellipse point closest to that vertex. The closest features of a
/// polygon and an ellipse are a face or a vertex of the polygon, so the best axis is exact for separated and
/// touching pairs (and the minimum-translation axis in normal overlaps).
func collideEllipsePolygon(
    _ e: ShapeGeometry, _ xfE: Transform, _ poly: NarrowPolygon, _ xfP: Transform, _ speculativeDistance: Double
) -> Manifold {
    var m = Manifold()
    let r = e.radii
    // Polygon frame → ellipse's centred frame.
    let rel = Transform.invMul(xfE, xfP)
    let toL = Transform(p: rel.p - e.center, q: rel.q)
    let count = poly.count
    let v = poly.vertices
    let nrm = poly.normals

    // Face axes (normal from polygon toward ellipse).
    var best = -Double.greatestFiniteMagnitude
    var bestFace = 0
    for i in 0..<count {
        let n = toL.q.rotate(nrm[i])
        let s = -EllipseMath.extent(r, n) - dot(n, toL.apply(v[i]))
        if s > best {
            best = s
            bestFace = i
            if s >= speculativeDistance { return m }
        }
    }

    // Vertex axes (ellipse normal at the closest ellipse point, from ellipse toward polygon).
    var vertexWins = false
    var bestQ = Vec2.zero
    var bestU = Vec2.zero
    let offset = toL.p
    for k in 0..<count {
        let q = EllipseMath.closestPoint(r, toL.apply(v[k]))
        let u = EllipseMath.normal(r, at: q)
        let uP = toL.q.invRotate(u)
        var minDot = Double.greatestFiniteMagnitude
        for j in 0..<count {
            let d = dot(uP, v[j])
            if d < minDot { minDot = d }
        }
        let s = minDot + dot(u, offset) - dot(u, q)
        if s > best {
            best = s
            vertexWins = true
            bestQ = q
            bestU = u
            if s >= speculativeDistance { return m }
        }
    }
    if !(best < speculativeDistance) { return m }

    let u: Vec2
    let q: Vec2
    if vertexWins {
        u = bestU
        q = bestQ
    } else {
        // Face reference: the ellipse's deepest point toward the face.
        u = -toL.q.rotate(nrm[bestFace])
        q = EllipseMath.support(r, u)
    }
    m.normal = xfE.q.rotate(u)
    m.append(ManifoldPoint(point: xfE.apply(e.center + q + (0.5 * best) * u), separation: best, id: 0))
    return m
}

/// Number of coarse direction samples in ellipse–ellipse, and the cosine, sine and tangent of the step 2π/32.
private let ellipsePairSamples = 32
private let ellipsePairStepCos = 0.9807852804032304
private let ellipsePairStepSin = 0.19509032201612825
private let ellipsePairStepTan = 0.198912367379658

/// Separation of two ellipses along unit world direction `u` (A → B): dot(u, D) − h_A(u) − h_B(u).
@inline(__always)
private func ellipsePairSeparation(
    _ u: Vec2, _ d: Vec2, _ rA: Vec2, _ qA: Rotation, _ rB: Vec2, _ qB: Rotation
) -> Double {
    dot(u, d) - EllipseMath.extent(rA, qA.invRotate(u)) - EllipseMath.extent(rB, qB.invRotate(u))
}

/// Manifold of two ellipses; normal from A to B.
///
/// Maximises the separation function f(u) = dot(u, c_B − c_A) − h_A(u) − h_B(−u) over directions: 32 coarse
/// samples (starting on the line of centres), then a golden-section refinement around the best one. The
/// maximum is the distance when apart and minus the penetration depth when overlapping. The point is midway
/// between the two support points, which lie exactly on the surfaces.
func collideEllipses(
    _ a: ShapeGeometry, _ xfA: Transform, _ b: ShapeGeometry, _ xfB: Transform, _ speculativeDistance: Double
) -> Manifold {
    var m = Manifold()
    let cA = xfA.apply(a.center)
    let cB = xfB.apply(b.center)
    let d = cB - cA
    let rA = a.radii
    let rB = b.radii
    let qA = xfA.q
    let qB = xfB.q
    let dist = d.length
    if dist - Swift.max(rA.x, rA.y) - Swift.max(rB.x, rB.y) >= speculativeDistance { return m }

    // Coarse sampling.
    var u = dist > 1e-12 ? d / dist : Vec2(1, 0)
    var bestU = u
    var best = -Double.greatestFiniteMagnitude
    for _ in 0..<ellipsePairSamples {
        let s = ellipsePairSeparation(u, d, rA, qA, rB, qB)
        if s > best { best = s; bestU = u }
        u = Vec2(ellipsePairStepCos * u.x - ellipsePairStepSin * u.y, ellipsePairStepSin * u.x + ellipsePairStepCos * u.y)
    }

    // Golden-section search over τ, direction = normalize(bestU + τ·perp), τ ∈ [−tan Δ, tan Δ].
    let perp = bestU.leftPerp
    let invPhi = 0.6180339887498949
    var lo = -ellipsePairStepTan
    var hi = ellipsePairStepTan
    var x1 = hi - invPhi * (hi - lo)
    var x2 = lo + invPhi * (hi - lo)
    var f1 = ellipsePairSeparation((bestU + x1 * perp).normalized, d, rA, qA, rB, qB)
    var f2 = ellipsePairSeparation((bestU + x2 * perp).normalized, d, rA, qA, rB, qB)
    for _ in 0..<36 {
        if f1 < f2 {
            lo = x1; x1 = x2; f1 = f2
            x2 = lo + invPhi * (hi - lo)
            f2 = ellipsePairSeparation((bestU + x2 * perp).normalized, d, rA, qA, rB, qB)
        } else {
            hi = x2; x2 = x1; f2 = f1
            x1 = hi - invPhi * (hi - lo)
            f1 = ellipsePairSeparation((bestU + x1 * perp).normalized, d, rA, qA, rB, qB)
        }
    }
    let refined = f1 > f2 ? (bestU + x1 * perp).normalized : (bestU + x2 * perp).normalized
    let refinedSep = Swift.max(f1, f2)
    if refinedSep > best { best = refinedSep; bestU = refined }
    if !(best < speculativeDistance) { return m }

    let sA = cA + qA.rotate(EllipseMath.support(rA, qA.invRotate(bestU)))
    let sB = cB + qB.rotate(EllipseMath.support(rB, qB.invRotate(-bestU)))
    m.normal = bestU
    m.append(ManifoldPoint(point: 0.5 * (sA + sB), separation: best, id: 0))
    return m
}
