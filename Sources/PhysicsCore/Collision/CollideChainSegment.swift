// Contacts with chain segments (`World.createChain`): no contact from an inner vertex of a smooth chain.

/// How the narrow phase keeps a chain's inner vertices from catching what slides along the chain.
///
/// A segment alone is a two-sided polygon with two vertices, and every routine treats its ends as corners. In a
/// chain (a boundary built from a path) most ends are joints between two segments, and a shape sliding over a flat
/// joint meets the next segment's end first: the separating axis found there is the shape's own side face, and the
/// contact pushes it back (a "ghost" collision). A box gliding at 600 pt/s over a floor of 20-pt segments hopped
/// 24 pt and stopped within half a second; a frictionless box released in a bowl stopped dead at its bottom. Box2D's
/// chains know each segment's neighbours for this, and so do these (`ShapeGeometry.ghost1`, `ghost2`).
///
/// A joint is flat, a valley (concave) or a ridge (convex) as seen from the shape, whose side is that of its
/// centre: in a valley the centre is on the inner side of both segments. On a ridge the joint is a true corner and
/// contacts stay as the routines make them. At a flat joint or in a valley the joint is no feature of its own, so a
/// contact whose normal leans toward it is computed again on this segment's face: points within the segment, along
/// its normal (where the shape reaches past the joint, the neighbour's own contact holds it; beyond a valley's joint
/// this face's plane runs behind the neighbour, so nothing is found there).
enum ChainSegmentContact {
    /// A normal within this of the face normal (sine of the angle) is the face's own.
    static let faceTolerance = 1e-9
    /// Two segments whose directions turn by less than this (sine of the angle) meet flat.
    static let flatTolerance = 1e-6
}

extension ShapeGeometry {
    /// Whether this is a segment with a chain neighbour on either side (`World.createChain`).
    @inlinable package var isChainSegment: Bool { kind == .segment && (hasGhost1 || hasGhost2) }
}

/// `m`, the manifold of chain segment `seg` (placed by `xfS`) with `other` (placed by `xfO`), its normal from `a`
/// to `b` (`segmentIsA`: the segment is `a`), kept or computed again on the segment's face so that no
/// contact comes from a flat or concave joint of the chain (`ChainSegmentContact`).
func smoothSegmentManifold(
    _ m: Manifold, segment seg: ShapeGeometry, _ xfS: Transform, other: ConvexView, _ xfO: Transform,
    segmentIsA: Bool, speculativeDistance: Double
) -> Manifold {
    guard m.pointCount > 0 else { return m }
    let p1 = xfS.apply(seg.p1), p2 = xfS.apply(seg.p2)
    let length = (p2 - p1).length
    guard length > 1e-12 else { return m }
    let t = (1 / length) * (p2 - p1)
    let normal = segmentIsA ? m.normal : -1 * m.normal
    let lean = dot(normal, t)
    if abs(lean) <= ChainSegmentContact.faceTolerance { return m }
    let atStart = lean < 0
    guard atStart ? seg.hasGhost1 : seg.hasGhost2 else { return m }
    let joint = atStart ? p1 : p2
    let ghost = xfS.apply(atStart ? seg.ghost1 : seg.ghost2)
    // The chain runs `incoming` into the joint and `outgoing` out of it (unit directions).
    let neighbour = atStart ? joint - ghost : ghost - joint
    let neighbourLength = neighbour.length
    guard neighbourLength > 1e-12 else { return m }
    let incoming = atStart ? (1 / neighbourLength) * neighbour : t
    let outgoing = atStart ? t : (1 / neighbourLength) * neighbour
    let turn = cross(incoming, outgoing)
    let centre = xfO.apply(other.geometry.center)
    if abs(turn) > ChainSegmentContact.flatTolerance {
        // A bend: a valley seen from the centre when it lies on the inner side (the side the chain turns to) of
        // both segments; a ridge otherwise, where the joint is a corner the routines handle.
        let r = centre - joint
        let inner = cross(incoming, r) * turn > 0 && cross(outgoing, r) * turn > 0
        if !inner { return m }
    }
    // The face the shape is on: its centre's side (a leaning normal may point along the segment, or past it).
    let right = Vec2(t.y, -t.x)
    let onRight = dot(centre - p1, right) >= 0
    return segmentFaceManifold(
        seg, xfS, p1: p1, face: onRight ? right : -1 * right, edge: onRight ? 0 : 1, other: other, xfO,
        segmentIsA: segmentIsA, speculativeDistance: speculativeDistance)
}

/// The manifold of segment `seg` (its first end at world point `p1`) with `other` on the segment's face whose world
/// normal is `face` (the normal of edge `edge` of `ShapeGeometry.segment`'s polygon: 0 for the right of p1 → p2, 1
/// for its left), whatever the closest features: points within the segment's extent, separations along the face
/// normal. Normal from `a` to `b` as in `collide`.
private func segmentFaceManifold(
    _ seg: ShapeGeometry, _ xfS: Transform, p1: Vec2, face: Vec2, edge: Int, other: ConvexView, _ xfO: Transform,
    segmentIsA: Bool, speculativeDistance: Double
) -> Manifold {
    switch other.geometry.kind {
    case .polygon:
        let poly = NarrowPolygon(other)
        return withSegmentPolygon(seg) { segment in
            clipPolygons(
                ref: segment, xfRef: xfS, edge: edge, separation: 0, inc: poly,
                incCentred: poly.isCentredQuad, incToRef: Transform.invMul(xfS, xfO), flip: !segmentIsA,
                speculativeDistance
            ).manifold
        }
    case .circle, .ellipse:
        // The other shape's surface point deepest toward the segment.
        let deepest: Vec2
        if other.geometry.kind == .circle {
            deepest = xfO.apply(other.geometry.center) - other.geometry.radius * face
        } else {
            let local = EllipseMath.support(other.geometry.radii, xfO.q.invRotate(-1 * face))
            deepest = xfO.apply(other.geometry.center + local)
        }
        let separation = dot(deepest - p1, face)
        var m = Manifold()
        guard separation < speculativeDistance else { return m }
        m.normal = segmentIsA ? face : -1 * face
        m.append(ManifoldPoint(point: deepest - (0.5 * separation) * face, separation: separation, id: 0))
        return m
    case .segment:
        return Manifold()
    }
}
