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
/// polygon and an ellipse are a face or a vertex of the polygon, so the best axis is exact for separated,
/// touching and ordinarily overlapping pairs. In deep overlaps (over a quarter of the smaller semi-axis, with a
/// vertex inside the ellipse that another vertex out-reaches along its axis; or over the shortest normal
/// chord) the candidates may miss the minimum-translation axis, and a direction search
/// (`maximizeOverDirections`, 64 samples) over the exact separation function settles it.
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
    var needsSearch = false
    let offset = toL.p
    for k in 0..<count {
        let vk = toL.apply(v[k])
        let q = EllipseMath.closestPoint(r, vk)
        let u = EllipseMath.normal(r, at: q)
        let uP = toL.q.invRotate(u)
        var minDot = Double.greatestFiniteMagnitude
        for j in 0..<count {
            let d = dot(uP, v[j])
            if d < minDot { minDot = d }
        }
        // A vertex inside the ellipse that is not the polygon's deepest point along its own axis: in such a deep
        // overlap the minimum-translation axis can be a normal from it other than the closest one.
        if minDot < dot(uP, v[k]) - 1e-9 * (1 + abs(minDot)) && EllipseMath.level(r, vk) < 1 { needsSearch = true }
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

    var u: Vec2
    var q: Vec2
    if vertexWins {
        u = bestU
        q = bestQ
    } else {
        // Face reference: the ellipse's deepest point toward the face.
        u = -toL.q.rotate(nrm[bestFace])
        q = EllipseMath.support(r, u)
    }
    // A stationary axis from a vertex outside the ellipse with negative separation runs the vertex through the
    // whole ellipse along a normal chord, so it can only win when best ≤ −(shortest normal chord).
    if (needsSearch && best < -0.25 * Swift.min(r.x, r.y)) || best <= -0.999 * EllipseMath.shortestNormalChord(r) {
        // Deep overlap: maximise the separation over all directions (64 coarse samples, then golden section).
        let found = maximizeOverDirections(from: u, samples: 64) { w in
            let wP = toL.q.invRotate(w)
            var minDot = Double.greatestFiniteMagnitude
            for j in 0..<count {
                let d = dot(wP, v[j])
                if d < minDot { minDot = d }
            }
            return minDot + dot(w, offset) - EllipseMath.extent(r, w)
        }
        if found.value > best {
            best = found.value
            u = found.direction
            q = EllipseMath.support(r, u)
        }
    }
    m.normal = xfE.q.rotate(u)
    m.append(ManifoldPoint(point: xfE.apply(e.center + q + (0.5 * best) * u), separation: best, id: 0))
    return m
}

/// Global maximum of a function of direction: `samples` evenly spaced unit directions starting at `start`, then
/// a golden-section search (36 steps, to ~1e-8 rad) between the best sample's neighbours. Reliable when the
/// maximum's basin is wider than the sample step, which holds for the smooth separation functions used here.
@inline(__always)
func maximizeOverDirections(
    from start: Vec2, samples: Int, _ f: (Vec2) -> Double
) -> (direction: Vec2, value: Double) {
    let step = 2 * Double.pi / Double(samples)
    let stepCos = mCos(step)
    let stepSin = mSin(step)
    let stepTan = stepSin / stepCos
    var u = start
    var bestU = start
    var best = -Double.greatestFiniteMagnitude
    for _ in 0..<samples {
        let s = f(u)
        if s > best { best = s; bestU = u }
        u = Vec2(stepCos * u.x - stepSin * u.y, stepSin * u.x + stepCos * u.y)
    }
    // Golden section over τ, direction = normalize(bestU + τ·perp), τ ∈ [−tan Δ, tan Δ].
    let perp = bestU.leftPerp
    let invPhi = 0.6180339887498949
    var lo = -stepTan
    var hi = stepTan
    var x1 = hi - invPhi * (hi - lo)
    var x2 = lo + invPhi * (hi - lo)
    var f1 = f((bestU + x1 * perp).normalized)
    var f2 = f((bestU + x2 * perp).normalized)
    for _ in 0..<36 {
        if f1 < f2 {
            lo = x1; x1 = x2; f1 = f2
            x2 = lo + invPhi * (hi - lo)
            f2 = f((bestU + x2 * perp).normalized)
        } else {
            hi = x2; x2 = x1; f2 = f1
            x1 = hi - invPhi * (hi - lo)
            f1 = f((bestU + x1 * perp).normalized)
        }
    }
    if f1 > best || f2 > best {
        return f1 > f2 ? ((bestU + x1 * perp).normalized, f1) : ((bestU + x2 * perp).normalized, f2)
    }
    return (bestU, best)
}

/// Separation of two ellipses along unit world direction `u` (A → B): dot(u, D) − h_A(u) − h_B(u).
@inline(__always)
private func ellipsePairSeparation(
    _ u: Vec2, _ d: Vec2, _ rA: Vec2, _ qA: Rotation, _ rB: Vec2, _ qB: Rotation
) -> Double {
    dot(u, d) - EllipseMath.extent(rA, qA.invRotate(u)) - EllipseMath.extent(rB, qB.invRotate(u))
}

/// Manifold of two ellipses; normal from A to B.
///
/// Maximises the separation function f(u) = dot(u, c_B − c_A) − h_A(u) − h_B(−u) over directions with
/// `maximizeOverDirections` (32 coarse samples starting on the line of centres, 128 more when the overlap is
/// deeper than a quarter of the smallest semi-axis, then golden section). The
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

    let found = maximizeOverDirections(from: dist > 1e-12 ? d / dist : Vec2(1, 0), samples: 32) { u in
        ellipsePairSeparation(u, d, rA, qA, rB, qB)
    }
    var best = found.value
    var bestU = found.direction
    if best < -0.25 * Swift.min(rA.x, rA.y, rB.x, rB.y) {
        // Deep overlap: the separation function can have several narrow local maxima; sample finer.
        let fine = maximizeOverDirections(from: bestU, samples: 128) { u in
            ellipsePairSeparation(u, d, rA, qA, rB, qB)
        }
        if fine.value > best {
            best = fine.value
            bestU = fine.direction
        }
    }
    if !(best < speculativeDistance) { return m }

    let sA = cA + qA.rotate(EllipseMath.support(rA, qA.invRotate(bestU)))
    let sB = cB + qB.rotate(EllipseMath.support(rB, qB.invRotate(-bestU)))
    m.normal = bestU
    m.append(ManifoldPoint(point: 0.5 * (sA + sB), separation: best, id: 0))
    return m
}
