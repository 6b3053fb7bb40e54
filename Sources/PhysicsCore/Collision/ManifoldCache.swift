/// The last manifold computed for a pair, kept in the frame of body A, so the narrow phase can skip the collision
/// routine while the two bodies hold their relative pose (a resting stack, a settled pile, a load carried along).
///
/// A reused manifold moves rigidly with body A. Each point's separation is updated from the two material points
/// that coincided there when it was computed: the one fixed to A and the one fixed to B have since moved apart by
/// `d`, so the surfaces are `dot(d, n)` further apart (the first-order update the solver itself applies within a
/// step). The drift is measured from the pose of the last computation, never accumulated over reuses, so a reused
/// manifold stays within the tolerances of a freshly computed one.
package struct ManifoldCache: Sendable {
    /// Body B's transform in body A's frame at the computation.
    package var relative = Transform.identity
    /// The normal in body A's frame.
    package var localNormal = Vec2.zero
    /// The points in body A's frame, pt.
    package var localPoint0 = Vec2.zero
    package var localPoint1 = Vec2.zero
    /// The points in body B's frame (the same places at the computation), pt.
    package var localPointB0 = Vec2.zero
    package var localPointB1 = Vec2.zero
    /// Separations at the computation, pt.
    package var separation0 = 0.0
    package var separation1 = 0.0
    /// The speculative distance of the computation, pt; negative when nothing is cached.
    package var speculativeDistance = -1.0
    /// The polygon edge that last kept the pair apart, tried first next time (`collidePolygons`); kept by
    /// `invalidate`, since it is a hint only.
    package var separatingAxis: Int32 = -1
    /// Which of the pair's polygons are centred quadrilaterals (`NarrowPolygon.isCentredQuad`, which reads eight
    /// vectors): `centredA` and `centredB` bits, and `shapesKnown` once found, on the pair's first polygon
    /// computation. A shape's polygon never changes, so `invalidate` keeps them.
    package var centredQuads: UInt8 = 0

    /// `centredQuads` bits.
    package static let centredA: UInt8 = 1
    package static let centredB: UInt8 = 2
    package static let shapesKnown: UInt8 = 4

    /// Largest drift of B's origin in A's frame since the computation for a reuse, pt. Measured on the tilted sticker
    /// pile (Seed001Tests.stickerPile, 100 runs with one sticker's start moved by k·10⁻⁷ pt): up to 0.0025 pt the
    /// pile slides as far as with every manifold computed (mean 55-56 pt, sd 13); at 0.005 pt it slid 47 pt on
    /// average, so reuse changed the motion there. 0.001 keeps a wide margin.
    package static let linearTolerance = 0.001
    /// Largest relative turn since the computation for a reuse (its sine). At a 20-pt lever arm (a 40-pt box's half
    /// side) it moves a point by 0.005 pt.
    package static let angularTolerance = 0.000_25
    /// Largest relative motion over a step (relative speed of the two bodies' points × step, pt) for which a pair
    /// is cached at all: a pair moving faster leaves the tolerances within a step anyway, so its cache is not written.
    package static let settledMotion = 4 * linearTolerance
    /// How much larger than the computation's the speculative distance may be for a reuse, pt. It follows the
    /// bodies' speeds, which jitter at rest; a point that close beyond the old distance is a speculative point
    /// (at least 4 slops apart), which pushes only once the gap closes, and by then the pose has changed.
    package static let speculativeSlack = 0.1

    package init() {}

    /// Remembers `m`, computed at `xfA`, `xfB` with `speculativeDistance`.
    @inline(__always)
    package mutating func store(_ m: Manifold, _ xfA: Transform, _ xfB: Transform, speculativeDistance: Double) {
        relative = Transform.invMul(xfA, xfB)
        localNormal = xfA.q.invRotate(m.normal)
        if m.pointCount > 0 {
            localPoint0 = xfA.invApply(m.point0.point)
            localPointB0 = xfB.invApply(m.point0.point)
            separation0 = m.point0.separation
        }
        if m.pointCount > 1 {
            localPoint1 = xfA.invApply(m.point1.point)
            localPointB1 = xfB.invApply(m.point1.point)
            separation1 = m.point1.separation
        }
        self.speculativeDistance = speculativeDistance
    }

    /// Forgets the manifold: the next narrow phase computes the pair.
    @inline(__always) package mutating func invalidate() { speculativeDistance = -1 }

    /// Whether the cached manifold may stand for the pair at `xfA`, `xfB` with `speculativeDistance`: B kept its pose
    /// in A's frame within the tolerances and the speculative distance grew by at most the slack.
    @inline(__always)
    package func canReuse(_ xfA: Transform, _ xfB: Transform, speculativeDistance: Double) -> Bool {
        // Also false when nothing is cached (a negative distance).
        if !(speculativeDistance <= self.speculativeDistance + ManifoldCache.speculativeSlack) { return false }
        let now = Transform.invMul(xfA, xfB)
        let dx = now.p.x - relative.p.x, dy = now.p.y - relative.p.y
        let tol = ManifoldCache.linearTolerance
        if dx * dx + dy * dy > tol * tol { return false }
        // Sine and cosine of the turn from the cached relative rotation to the current one.
        let sinTurn = relative.q.c * now.q.s - relative.q.s * now.q.c
        let cosTurn = relative.q.c * now.q.c + relative.q.s * now.q.s
        return cosTurn > 0 && abs(sinTurn) <= ManifoldCache.angularTolerance
    }

    /// The cached manifold carried to `xfA`, `xfB`; `current` supplies the point count and ids (unchanged since the
    /// computation: a reuse never changes them).
    @inline(__always)
    package func reuse(_ current: Manifold, _ xfA: Transform, _ xfB: Transform) -> Manifold {
        var m = current
        reuse(in: &m, xfA, xfB)
        return m
    }

    /// `reuse`, written into `m` in place (the narrow phase's: no copy of the manifold in and out).
    @inline(__always)
    package func reuse(in m: inout Manifold, _ xfA: Transform, _ xfB: Transform) {
        let n = xfA.q.rotate(localNormal)
        m.normal = n
        if m.pointCount > 0 {
            let pA = xfA.apply(localPoint0), pB = xfB.apply(localPointB0)
            let d = pB - pA
            m.point0.point = pA + 0.5 * d
            m.point0.separation = separation0 + dot(d, n)
        }
        if m.pointCount > 1 {
            let pA = xfA.apply(localPoint1), pB = xfB.apply(localPointB1)
            let d = pB - pA
            m.point1.point = pA + 0.5 * d
            m.point1.separation = separation1 + dot(d, n)
        }
    }
}
