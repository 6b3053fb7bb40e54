// Narrow phase entry point: dispatches a pair of convex shapes to the routine for their kinds.

/// Tunables and tiny helpers shared by the narrow-phase routines.
enum NarrowPhase {
    /// A face of shape B becomes the polygon reference face instead of A's only when B's SAT separation beats A's
    /// by more than this, pt. Keeps the reference face (and so the contact ids) from flip-flopping between frames
    /// when two faces are nearly parallel.
    static let referenceFaceTolerance = 0.05

    /// Above this SAT separation two polygons count as disjoint and the vertex–vertex closest-feature case is
    /// checked (the vertex–vertex normal can then be normalised safely), pt.
    static let disjointThreshold = 0.005

    /// No separating-axis hint (`collidePolygons`).
    static let noAxis: Int32 = -1
    /// Bit set in a separating-axis hint when the edge is shape B's.
    static let axisOnB: Int32 = 0x4000_0000

    /// Bit set in a polygon contact id when shape B owns the reference face.
    static let referenceOnBBit: UInt32 = 0x8000_0000

    /// Packs the feature indices of a polygon contact point into a stable id.
    ///
    /// Bits 16…30 hold the vertex index on shape A, bits 0…15 the vertex index on shape B, and bit 31 is set
    /// when B owns the reference face. A point keeps its id while the same reference face and incident edge
    /// produce it.
    @inline(__always)
    static func featureId(aIndex: Int, bIndex: Int, referenceOnB: Bool) -> UInt32 {
        let packed = (UInt32(truncatingIfNeeded: aIndex) & 0x7FFF) << 16 | (UInt32(truncatingIfNeeded: bIndex) & 0xFFFF)
        return referenceOnB ? packed | referenceOnBBit : packed
    }

    /// The manifold seen from the other shape: the normal is reversed, points and ids are kept.
    @inline(__always)
    static func flipped(_ m: Manifold) -> Manifold {
        var r = m
        r.normal = -m.normal
        return r
    }

    /// Index of the vertex after `i` in a loop of `count` vertices.
    @inline(__always)
    static func next(_ i: Int, _ count: Int) -> Int { i + 1 == count ? 0 : i + 1 }
}

/// Computes the contact manifold between two convex shapes placed by their body transforms.
///
/// - The normal points from `a` toward `b` (world, unit length); each point lies midway between the two
///   surfaces and carries a signed separation (negative when overlapping).
/// - Only points whose separation is below `speculativeDistance` are kept, so a point may have a positive
///   separation (a speculative contact).
/// - Polygon–polygon and polygon–segment give up to two points (reference face + clipped incident edge);
///   every pair involving a circle or an ellipse gives at most one point, with id 0.
/// - Segment–segment gives an empty manifold (segments live on static bodies only).
/// - A chain segment (`World.createChain`) gives no contact from a flat or concave joint with its neighbours: such
///   contacts are computed again on its face (`smoothSegmentManifold`).
package func collide(
    _ a: ConvexView, _ xfA: Transform, _ b: ConvexView, _ xfB: Transform, speculativeDistance: Double
) -> Manifold {
    let m = collideShapes(a, xfA, b, xfB, speculativeDistance: speculativeDistance)
    // A chain segment's inner vertices are joints, not corners (CollideChainSegment.swift).
    if _slowPath(a.geometry.isChainSegment) {
        return smoothSegmentManifold(
            m, segment: a.geometry, xfA, other: b, xfB, segmentIsA: true, speculativeDistance: speculativeDistance)
    }
    if _slowPath(b.geometry.isChainSegment) {
        return smoothSegmentManifold(
            m, segment: b.geometry, xfB, other: a, xfA, segmentIsA: false, speculativeDistance: speculativeDistance)
    }
    return m
}

/// `collide` without the chain segments' smoothing: every segment end is a corner.
@inline(__always)
private func collideShapes(
    _ a: ConvexView, _ xfA: Transform, _ b: ConvexView, _ xfB: Transform, speculativeDistance: Double
) -> Manifold {
    switch a.geometry.kind {
    case .circle:
        switch b.geometry.kind {
        case .circle:
            return collideCircles(a.geometry, xfA, b.geometry, xfB, speculativeDistance)
        case .polygon:
            return NarrowPhase.flipped(
                collidePolygonCircle(NarrowPolygon(b), xfB, a.geometry, xfA, speculativeDistance))
        case .ellipse:
            return NarrowPhase.flipped(collideEllipseCircle(b.geometry, xfB, a.geometry, xfA, speculativeDistance))
        case .segment:
            return withSegmentPolygon(b.geometry) {
                NarrowPhase.flipped(collidePolygonCircle($0, xfB, a.geometry, xfA, speculativeDistance))
            }
        }
    case .polygon:
        switch b.geometry.kind {
        case .circle:
            return collidePolygonCircle(NarrowPolygon(a), xfA, b.geometry, xfB, speculativeDistance)
        case .polygon:
            return collidePolygons(NarrowPolygon(a), xfA, NarrowPolygon(b), xfB, speculativeDistance)
        case .ellipse:
            return NarrowPhase.flipped(
                collideEllipsePolygon(b.geometry, xfB, NarrowPolygon(a), xfA, speculativeDistance))
        case .segment:
            return withSegmentPolygon(b.geometry) {
                collidePolygons(NarrowPolygon(a), xfA, $0, xfB, speculativeDistance)
            }
        }
    case .ellipse:
        switch b.geometry.kind {
        case .circle:
            return collideEllipseCircle(a.geometry, xfA, b.geometry, xfB, speculativeDistance)
        case .polygon:
            return collideEllipsePolygon(a.geometry, xfA, NarrowPolygon(b), xfB, speculativeDistance)
        case .ellipse:
            return collideEllipses(a.geometry, xfA, b.geometry, xfB, speculativeDistance)
        case .segment:
            return withSegmentPolygon(b.geometry) {
                collideEllipsePolygon(a.geometry, xfA, $0, xfB, speculativeDistance)
            }
        }
    case .segment:
        switch b.geometry.kind {
        case .circle:
            return withSegmentPolygon(a.geometry) {
                collidePolygonCircle($0, xfA, b.geometry, xfB, speculativeDistance)
            }
        case .polygon:
            return withSegmentPolygon(a.geometry) {
                collidePolygons($0, xfA, NarrowPolygon(b), xfB, speculativeDistance)
            }
        case .ellipse:
            return withSegmentPolygon(a.geometry) {
                NarrowPhase.flipped(collideEllipsePolygon(b.geometry, xfB, $0, xfA, speculativeDistance))
            }
        case .segment:
            return Manifold()
        }
    }
}
