// Polygon–polygon (and polygon–segment) manifolds: SAT for the reference face, then clipping of the incident edge.

/// The separation of edge `i` of `poly1` from `poly2`: how far the vertex of `poly2` deepest below the edge's line
/// lies above it. `toFrame2` maps poly1's body frame into poly2's.
@inline(__always)
func edgeSeparation(_ poly1: NarrowPolygon, _ i: Int, _ poly2: NarrowPolygon, _ toFrame2: Transform) -> Double {
    let n = toFrame2.q.rotate(poly1.normals[i])
    let offset = dot(n, toFrame2.apply(poly1.vertices[i]))
    var si = Double.greatestFiniteMagnitude
    for j in 0..<poly2.count {
        let s = dot(n, poly2.vertices[j])
        if s < si { si = s }
    }
    return si - offset
}

/// The edge of `poly1` with the largest separation from `poly2`, and that separation.
///
/// `toFrame2` maps poly1's body frame into poly2's. Stops early (returning the current edge) once a separation
/// reaches `stopAbove`, since the caller then rejects the pair anyway.
@inline(__always)
func polygonMaxSeparation(
    _ poly1: NarrowPolygon, _ poly2: NarrowPolygon, _ toFrame2: Transform, stopAbove: Double
) -> (edge: Int, separation: Double) {
    var best = -Double.greatestFiniteMagnitude
    var bestEdge = 0
    for i in 0..<poly1.count {
        let si = edgeSeparation(poly1, i, poly2, toFrame2)
        if si > best {
            best = si
            bestEdge = i
            if si > stopAbove { break }
        }
    }
    return (bestEdge, best)
}

/// `polygonMaxSeparation` for a quadrilateral `poly1` centred on its body origin (a box, at any angle: vertex and
/// normal i + 2 are those of i negated), with the same result: opposite edges share their normal up to sign and
/// their vertices up to sign before the translation, and against a centred `poly2` (`poly2Centred`) the deepest
/// vertex below either of them is as deep, so the work of two edges gives all four. Negation is exact in floating
/// point, so every separation has the value the edge-by-edge search computes (a zero may differ in sign, which no
/// comparison sees), and the edge is chosen by the same comparisons in the same order.
@inline(__always)
func centredQuadMaxSeparation(
    _ poly1: NarrowPolygon, _ poly2: NarrowPolygon, poly2Centred: Bool, _ toFrame2: Transform, stopAbove: Double
) -> (edge: Int, separation: Double) {
    var separations = (0.0, 0.0, 0.0, 0.0)
    if poly2Centred {
        let (near, opposite) = centredQuadSeparations(poly1, poly2, toFrame2)
        separations = (near[0], near[1], opposite[0], opposite[1])
    } else {
        let p = toFrame2.p
        for i in 0..<2 {
            let n = toFrame2.q.rotate(poly1.normals[i])
            let r = toFrame2.q.rotate(poly1.vertices[i])
            let offset = dot(n, r + p)
            let oppositeOffset = dot(-n, -r + p)
            // The least of dot(n, w) over poly2's vertices w, and of dot(−n, w) = −dot(n, w).
            var low = Double.greatestFiniteMagnitude
            var oppositeLow = Double.greatestFiniteMagnitude
            for j in 0..<poly2.count {
                let d = dot(n, poly2.vertices[j])
                if d < low { low = d }
                if -d < oppositeLow { oppositeLow = -d }
            }
            if i == 0 {
                separations.0 = low - offset
                separations.2 = oppositeLow - oppositeOffset
            } else {
                separations.1 = low - offset
                separations.3 = oppositeLow - oppositeOffset
            }
        }
    }
    // The search's choice: the first largest, stopping at the first new best above `stopAbove`.
    var best = separations.0
    var bestEdge = 0
    if best > stopAbove { return (0, best) }
    if separations.1 > best {
        best = separations.1
        bestEdge = 1
        if best > stopAbove { return (1, best) }
    }
    if separations.2 > best {
        best = separations.2
        bestEdge = 2
        if best > stopAbove { return (2, best) }
    }
    if separations.3 > best {
        best = separations.3
        bestEdge = 3
    }
    return (bestEdge, best)
}

/// The separations of the edges of centred quadrilateral `poly1` from centred quadrilateral `poly2`
/// (`centredQuadMaxSeparation`): edges 0 and 1 (`near`) and their opposites 2 and 3 (`opposite`), edge i in lane i.
///
/// The two edges' work runs side by side in the lanes of `SIMD2` values, each lane doing the operations of the
/// edge-by-edge code in its order (a rotated normal n and vertex r, the offsets dot(n, r + p) and dot(−n, −r + p),
/// the latter as an exactly equal negated sum, the deepest vertex max(|dot(n, w0)|, |dot(n, w1)|) of `poly2`), so
/// every separation has the value that code computes; about a third of its instructions, and box pairs are most of
/// the polygon pairs computed.
@inline(__always)
func centredQuadSeparations(
    _ poly1: NarrowPolygon, _ poly2: NarrowPolygon, _ toFrame2: Transform
) -> (near: SIMD2<Double>, opposite: SIMD2<Double>) {
    typealias Lanes = SIMD2<Double>
    typealias Bits = SIMD2<UInt64>
    // Negation and abs as the scalar code does them: the sign bit flipped or cleared (SIMD's prefix minus is
    // 0 − x, which differs for a zero).
    let signBit = Bits(repeating: 0x8000_0000_0000_0000)
    @inline(__always) func negated(_ x: Lanes) -> Lanes {
        unsafeBitCast(unsafeBitCast(x, to: Bits.self) ^ signBit, to: Lanes.self)
    }
    @inline(__always) func magnitude(_ x: Lanes) -> Lanes {
        unsafeBitCast(unsafeBitCast(x, to: Bits.self) & ~signBit, to: Lanes.self)
    }
    let c = Lanes(repeating: toFrame2.q.c), s = Lanes(repeating: toFrame2.q.s)
    let px = Lanes(repeating: toFrame2.p.x), py = Lanes(repeating: toFrame2.p.y)
    let n0 = poly1.normals[0], n1 = poly1.normals[1]
    let v0 = poly1.vertices[0], v1 = poly1.vertices[1]
    // Rotation.rotate: (c·x − s·y, s·x + c·y).
    let nLocalX = Lanes(n0.x, n1.x), nLocalY = Lanes(n0.y, n1.y)
    let nx = c * nLocalX - s * nLocalY, ny = s * nLocalX + c * nLocalY
    let vLocalX = Lanes(v0.x, v1.x), vLocalY = Lanes(v0.y, v1.y)
    let rx = c * vLocalX - s * vLocalY, ry = s * vLocalX + c * vLocalY
    let offset = nx * (rx + px) + ny * (ry + py)
    // The opposite edges' offset dot(−n, −r + p) is −(nx·(px − rx) + ny·(py − ry)) exactly (−r + p is p − r, and
    // negating the factors negates the products and their sum), so low − that offset is low + this sum.
    let oppositeSum = nx * (px - rx) + ny * (py - ry)
    let w0 = poly2.vertices[0], w1 = poly2.vertices[1]
    let d0 = nx * Lanes(repeating: w0.x) + ny * Lanes(repeating: w0.y)
    let d1 = nx * Lanes(repeating: w1.x) + ny * Lanes(repeating: w1.y)
    // Lane by lane (`replacing` and `pointwiseMax` are not compiled inline here).
    let a0 = magnitude(d0), a1 = magnitude(d1)
    let deepest = Lanes(Swift.max(a0[0], a1[0]), Swift.max(a0[1], a1[1]))
    let low = negated(deepest)
    return (low - offset, low + oppositeSum)
}

extension NarrowPolygon {
    /// A quadrilateral centred on its body origin: vertex and normal i + 2 are those of i negated (a box built around
    /// its body's origin, at any angle).
    @inline(__always) var isCentredQuad: Bool {
        count == 4 && vertices[2] == -vertices[0] && vertices[3] == -vertices[1] && normals[2] == -normals[0]
            && normals[3] == -normals[1]
    }
}

/// Whether the separating-axis hint `hint` of `collidePolygons` (an edge, `NarrowPhase.axisOnB` marking one of B's;
/// `NarrowPhase.noAxis`: none) still separates the polygons by more than `speculativeDistance`, so that their
/// manifold is empty. The narrow phase asks this before the call, which it then makes with no hint. `centredA`,
/// `centredB`: `polyA.isCentredQuad`, `polyB.isCentredQuad` (false when not known): the deepest vertex of a centred
/// quadrilateral comes from two dot products (`centredEdgeSeparation`).
@inline(__always)
func separatingAxisHolds(
    _ hint: Int32, _ polyA: NarrowPolygon, _ xfA: Transform, _ polyB: NarrowPolygon, _ xfB: Transform,
    _ speculativeDistance: Double, centredA: Bool, centredB: Bool
) -> Bool {
    if hint < 0 { return false }
    let edge = Int(hint & ~NarrowPhase.axisOnB)
    if hint & NarrowPhase.axisOnB != 0 {
        if edge >= polyB.count { return false }
        let bToA = Transform.invMul(xfA, xfB)
        let separation =
            centredA ? centredEdgeSeparation(polyB, edge, polyA, bToA) : edgeSeparation(polyB, edge, polyA, bToA)
        return separation > speculativeDistance
    }
    if edge >= polyA.count { return false }
    let aToB = Transform.invMul(xfB, xfA)
    let separation =
        centredB ? centredEdgeSeparation(polyA, edge, polyB, aToB) : edgeSeparation(polyA, edge, polyB, aToB)
    return separation > speculativeDistance
}

/// `edgeSeparation` against a centred quadrilateral `poly2` (`NarrowPolygon.isCentredQuad`), with the same value:
/// vertex j + 2 of `poly2` is vertex j negated, so the least of the four dot products is −max(|d0|, |d1|) of the
/// first two (exactly; a zero may differ in sign, which no comparison sees).
@inline(__always)
func centredEdgeSeparation(_ poly1: NarrowPolygon, _ i: Int, _ poly2: NarrowPolygon, _ toFrame2: Transform) -> Double {
    let n = toFrame2.q.rotate(poly1.normals[i])
    let offset = dot(n, toFrame2.apply(poly1.vertices[i]))
    let d0 = dot(n, poly2.vertices[0]), d1 = dot(n, poly2.vertices[1])
    return -Swift.max(abs(d0), abs(d1)) - offset
}

/// `collidePolygons` with no separating-axis hint.
func collidePolygons(
    _ polyA: NarrowPolygon, _ xfA: Transform, _ polyB: NarrowPolygon, _ xfB: Transform, _ speculativeDistance: Double
) -> Manifold {
    var axis = NarrowPhase.noAxis
    return collidePolygons(polyA, xfA, polyB, xfB, speculativeDistance, separatingAxis: &axis)
}

/// Manifold of two convex polygons (either may be a two-vertex segment polygon); normal from A to B.
///
/// The reference face is the face of largest SAT separation. When the polygons touch or overlap, or when apart
/// with their best faces facing each other (within ~8°), A's face is kept unless B's is larger by more than
/// `NarrowPhase.referenceFaceTolerance` (or A's leads to a vertex pair while B's is larger at all). The incident
/// edge (the one most anti-parallel to the reference normal) is clipped to the side planes of the reference edge,
/// giving up to two points. When the polygons are disjoint and the closest features are two vertices, one point
/// with the vertex–vertex normal is returned instead. Ids come from `NarrowPhase.featureId` (A vertex, B vertex,
/// reference side).
///
/// `separatingAxis` is a hint kept with the pair (`NarrowPhase.axisOnB` marks an edge of B): the edge that
/// separated the polygons by more than `speculativeDistance` last time, or `NarrowPhase.noAxis`. A pair that stays
/// apart is usually kept apart by the same edge (97 % of the empty results in the tumbler), so it is tried first;
/// when it still separates them, the result is the empty manifold the full search returns (any edge separating
/// them by that much makes the search return it), so the hint changes no result, only the work. It is updated
/// on return.
func collidePolygons(
    _ polyA: NarrowPolygon, _ xfA: Transform, _ polyB: NarrowPolygon, _ xfB: Transform, _ speculativeDistance: Double,
    separatingAxis: inout Int32
) -> Manifold {
    collidePolygons(
        polyA, xfA, polyB, xfB, speculativeDistance, separatingAxis: &separatingAxis,
        centredA: polyA.isCentredQuad, centredB: polyB.isCentredQuad)
}

/// `collidePolygons` with `polyA.isCentredQuad` and `polyB.isCentredQuad` given (`centredA`, `centredB`: the narrow
/// phase keeps them with the pair).
func collidePolygons(
    _ polyA: NarrowPolygon, _ xfA: Transform, _ polyB: NarrowPolygon, _ xfB: Transform, _ speculativeDistance: Double,
    separatingAxis: inout Int32, centredA: Bool, centredB: Bool
) -> Manifold {
    if separatingAxisHolds(
        separatingAxis, polyA, xfA, polyB, xfB, speculativeDistance, centredA: centredA, centredB: centredB)
    {
        return Manifold()
    }
    let aToB = Transform.invMul(xfB, xfA)
    let bToA = Transform.invMul(xfA, xfB)
    let (edgeA, sepA) =
        centredA
        ? centredQuadMaxSeparation(polyA, polyB, poly2Centred: centredB, aToB, stopAbove: speculativeDistance)
        : polygonMaxSeparation(polyA, polyB, aToB, stopAbove: speculativeDistance)
    if sepA > speculativeDistance {
        separatingAxis = Int32(edgeA)
        return Manifold()
    }
    let (edgeB, sepB) =
        centredB
        ? centredQuadMaxSeparation(polyB, polyA, poly2Centred: centredA, bToA, stopAbove: speculativeDistance)
        : polygonMaxSeparation(polyB, polyA, bToA, stopAbove: speculativeDistance)
    if sepB > speculativeDistance {
        separatingAxis = Int32(edgeB) | NarrowPhase.axisOnB
        return Manifold()
    }
    separatingAxis = NarrowPhase.noAxis

    // Touching or overlapping, or with the two best faces facing each other (within ~8°): prefer A's face unless
    // B's is clearly better, so the reference face (and the ids) do not flip-flop. Apart at an angle: the face of
    // largest separation is the true closest feature, so no tolerance.
    var tolerance = NarrowPhase.referenceFaceTolerance
    if Swift.max(sepA, sepB) > NarrowPhase.disjointThreshold
        && dot(xfA.q.rotate(polyA.normals[edgeA]), xfB.q.rotate(polyB.normals[edgeB])) > -0.99
    {
        tolerance = 0
    }
    if sepB > sepA + tolerance {
        return clipPolygons(
            ref: polyB, xfRef: xfB, edge: edgeB, separation: sepB,
            inc: polyA, incCentred: centredA, incToRef: aToB, flip: true, speculativeDistance
        ).manifold
    }
    let fromA = clipPolygons(
        ref: polyA, xfRef: xfA, edge: edgeA, separation: sepA,
        inc: polyB, incCentred: centredB, incToRef: bToA, flip: false, speculativeDistance)
    if fromA.vertexPair && sepB > sepA {
        // Apart, and A's slightly worse face led to a vertex pair that is not the closest feature: B's face is.
        return clipPolygons(
            ref: polyB, xfRef: xfB, edge: edgeB, separation: sepB,
            inc: polyA, incCentred: centredA, incToRef: aToB, flip: true, speculativeDistance
        ).manifold
    }
    return fromA.manifold
}

/// Builds the manifold from a chosen reference edge: finds the incident edge, handles the disjoint
/// vertex–vertex case, otherwise clips. Works in the reference polygon's frame. `flip` is true when the
/// reference polygon is shape B; `vertexPair` tells that the disjoint vertex–vertex case was taken (or rejected).
/// `incCentred`: `inc.isCentredQuad` (its incident edge is then found from two of its normals). Also used on a chain
/// segment's face (CollideChainSegment.swift), with `separation` 0: the face, whatever the closest features.
@inline(__always)
func clipPolygons(
    ref: NarrowPolygon, xfRef: Transform, edge i1: Int, separation: Double,
    inc: NarrowPolygon, incCentred: Bool, incToRef: Transform, flip: Bool, _ speculativeDistance: Double
) -> (manifold: Manifold, vertexPair: Bool) {
    var m = Manifold()
    let n = ref.normals[i1]
    let i2 = NarrowPhase.next(i1, ref.count)
    let v11 = ref.vertices[i1]
    let v12 = ref.vertices[i2]

    // Incident edge: the edge of `inc` whose normal is most anti-parallel to n.
    let nInc = incToRef.q.invRotate(n)
    var j1 = 0
    if incCentred {
        j1 = centredQuadIncidentEdge(nInc, inc)
    } else {
        var minDot = Double.greatestFiniteMagnitude
        for j in 0..<inc.count {
            let d = dot(nInc, inc.normals[j])
            if d < minDot { minDot = d; j1 = j }
        }
    }
    let j2 = incCentred ? (j1 + 1) & 3 : NarrowPhase.next(j1, inc.count)
    let w1 = incToRef.apply(inc.vertices[j1])
    let w2 = incToRef.apply(inc.vertices[j2])

    let normalWorld = xfRef.q.rotate(n)

    if separation > NarrowPhase.disjointThreshold {
        // Disjoint: if the closest features are two vertices, the face normal is not the contact normal.
        let sc = SegmentClosest(v11, v12, w1, w2)
        let endRef = sc.fraction1 == 0 || sc.fraction1 == 1
        let endInc = sc.fraction2 == 0 || sc.fraction2 == 1
        let d = sc.point2 - sc.point1
        let dist = d.length
        // Parallel edges whose ends just line up also meet "end to end", but there the face is the feature:
        // only a vertex pair strictly farther apart than the face separation is a true corner contact.
        if endRef && endInc && dist > separation * (1 + 1e-9) + 1e-12 {
            if !(dist < speculativeDistance) { return (m, true) }
            let nv = d / dist
            let refVertex = sc.fraction1 == 0 ? i1 : i2
            let incVertex = sc.fraction2 == 0 ? j1 : j2
            let nw = xfRef.q.rotate(nv)
            m.normal = flip ? -nw : nw
            let id =
                flip
                ? NarrowPhase.featureId(aIndex: incVertex, bIndex: refVertex, referenceOnB: true)
                : NarrowPhase.featureId(aIndex: refVertex, bIndex: incVertex, referenceOnB: false)
            m.append(ManifoldPoint(point: xfRef.apply(0.5 * (sc.point1 + sc.point2)), separation: dist, id: id))
            return (m, true)
        }
    }

    // Clip the incident edge w1→w2 (running opposite to v11→v12) to the reference edge's side planes.
    let tangent = n.leftPerp
    let upper1 = dot(v12 - v11, tangent)
    let upper2 = dot(w1 - v11, tangent)
    let lower2 = dot(w2 - v11, tangent)
    let span = upper2 - lower2
    var vLower = w2
    var vUpper = w1
    if span > 1e-12 {
        if lower2 < 0 { vLower = lerp(w2, w1, -lower2 / span) }
        if upper2 > upper1 { vUpper = lerp(w2, w1, (upper1 - lower2) / span) }
    }
    let sepLower = dot(vLower - v11, n)
    let sepUpper = dot(vUpper - v11, n)

    m.normal = flip ? -normalWorld : normalWorld
    if sepLower < speculativeDistance {
        let id =
            flip
            ? NarrowPhase.featureId(aIndex: j2, bIndex: i1, referenceOnB: true)
            : NarrowPhase.featureId(aIndex: i1, bIndex: j2, referenceOnB: false)
        m.append(ManifoldPoint(point: xfRef.apply(vLower - (0.5 * sepLower) * n), separation: sepLower, id: id))
    }
    if sepUpper < speculativeDistance {
        let id =
            flip
            ? NarrowPhase.featureId(aIndex: j1, bIndex: i2, referenceOnB: true)
            : NarrowPhase.featureId(aIndex: i2, bIndex: j1, referenceOnB: false)
        m.append(ManifoldPoint(point: xfRef.apply(vUpper - (0.5 * sepUpper) * n), separation: sepUpper, id: id))
    }
    if m.pointCount == 0 { m.normal = .zero }
    return (m, false)
}

/// The incident edge of centred quadrilateral `inc` (`NarrowPolygon.isCentredQuad`) for the reference normal `nInc`
/// (in `inc`'s frame): the edge whose normal is most anti-parallel to it, the first of equals, as `clipPolygons`'
/// search over all four edges finds it. Normal i + 2 is normal i negated, so its dot product is the negated one of
/// normal i (exactly: negation commutes with rounding; a zero may differ in sign, which no comparison sees): two dot
/// products and the comparisons of the search, in its order, instead of four dot products.
@inline(__always)
func centredQuadIncidentEdge(_ nInc: Vec2, _ inc: NarrowPolygon) -> Int {
    let d0 = dot(nInc, inc.normals[0]), d1 = dot(nInc, inc.normals[1])
    var j = 0
    var least = d0
    if d1 < least { least = d1; j = 1 }
    if -d0 < least { least = -d0; j = 2 }
    if -d1 < least { j = 3 }
    return j
}
