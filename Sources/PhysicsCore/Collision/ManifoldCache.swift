/// A pair's last computed manifold in the frame of shape A's body, so that the narrow phase can skip the collision
/// routine while the two bodies keep their relative pose (a resting stack, a settled pile, a crate carried along):
/// the manifold then moves rigidly with body A and each point's separation is updated from how far the two
/// material points that met there have moved apart along the normal (the same first-order update the solver uses
/// within a step). The pose drift is measured from the pose of the last computation, never accumulated, so a
/// reused manifold is never more than the tolerances away from a freshly computed one.
package struct ManifoldCache: Sendable {
    /// Body B's transform in body A's frame when the manifold was computed.
    package var relative = Transform.identity
    /// Normal in body A's frame.
    package var localNormal = Vec2.zero
    /// Each point in body A's frame, pt (in B's frame it is `relative.invApply` of it: they coincided).
    package var localA0 = Vec2.zero, localA1 = Vec2.zero
    /// Separations when computed, pt.
    package var separation0 = 0.0, separation1 = 0.0
    /// Speculative distance the manifold was computed with, pt (−1: nothing cached). Points further apart than it
    /// were dropped, so a reuse must not ask for more.
    package var speculativeDistance = -1.0

    /// Largest drift of B's origin in A's frame since the computation for which the manifold is reused, pt.
    package static let linearTolerance = 0.005
    /// Largest relative turn since the computation for which the manifold is reused (sine of the angle). At a lever
    /// arm of 20 pt (a 40-pt box's half side) it moves a point by 0.005 pt.
    package static let angularTolerance = 0.00025
    /// How much larger than the cached one a speculative distance may be for a reuse, pt. The speculative distance
    /// follows the bodies' speeds, which jitter at rest; a point this little beyond the old distance is a
    /// speculative point at least 2 pt apart (the base distance is 4 slops), which pushes only if the gap closes.
    package static let speculativeSlack = 0.1

    package init() {}

    /// Remembers `m`, computed at the transforms `xfA`, `xfB` with `speculativeDistance`.
    @inline(__always) package mutating func store(_ m: Manifold, _ xfA: Transform, _ xfB: Transform,
                                                  speculativeDistance: Double) {
        relative = Transform.invMul(xfA, xfB)
        localNormal = xfA.q.invRotate(m.normal)
        if m.pointCount > 0 {
            localA0 = xfA.invApply(m.point0.point)
            separation0 = m.point0.separation
        }
        if m.pointCount > 1 {
            localA1 = xfA.invApply(m.point1.point)
            separation1 = m.point1.separation
        }
        self.speculativeDistance = speculativeDistance
    }

    /// Whether the cached manifold can be carried to the transforms `xfA`, `xfB` with `reuse`: true when B kept its pose in A's frame within the tolerances and no larger speculative distance is
    /// asked for (beyond `speculativeSlack`).
    @inline(__always) package func canReuse(_ xfA: Transform, _ xfB: Transform, speculativeDistance: Double) -> Bool {
        if speculativeDistance > self.speculativeDistance + ManifoldCache.speculativeSlack { return false }
        let now = Transform.invMul(xfA, xfB)
        let dx = now.p.x - relative.p.x, dy = now.p.y - relative.p.y
        let tol = ManifoldCache.linearTolerance
        if dx * dx + dy * dy > tol * tol { return false }
        // Sine of the turn between the cached and the current relative rotation (and the cosine's sign).
        let sinTurn = relative.q.c * now.q.s - relative.q.s * now.q.c
        let cosTurn = relative.q.c * now.q.c + relative.q.s * now.q.s
        return cosTurn > 0 && abs(sinTurn) <= ManifoldCache.angularTolerance
    }

    /// The cached manifold carried to the transforms `xfA`, `xfB`; `old` supplies the point count and ids.
    @inline(__always) package func reuse(_ old: Manifold, _ xfA: Transform, _ xfB: Transform) -> Manifold {
        var m = old
        let n = xfA.q.rotate(localNormal)
        m.normal = n
        if m.pointCount > 0 {
            let pA = xfA.apply(localA0), pB = xfB.apply(relative.invApply(localA0))
            let d = pB - pA
            m.point0.point = pA + 0.5 * d
            m.point0.separation = separation0 + dot(d, n)
        }
        if m.pointCount > 1 {
            let pA = xfA.apply(localA1), pB = xfB.apply(relative.invApply(localA1))
            let d = pB - pA
            m.point1.point = pA + 0.5 * d
            m.point1.separation = separation1 + dot(d, n)
        }
        return m
    }
}
