/// One contact point of a manifold.
package struct ManifoldPoint: Sendable {
    /// World point midway between the two surfaces, pt.
    package var point: Vec2
    /// Signed distance between the surfaces along the normal, pt; negative when they overlap.
    package var separation: Double
    /// Feature key (which vertex/edge of each shape made the point), stable frame to frame for warm starting.
    package var id: UInt32

    package init(point: Vec2, separation: Double, id: UInt32) {
        self.point = point
        self.separation = separation
        self.id = id
    }
}

/// Up to two contact points between two convex shapes with a shared normal.
package struct Manifold: Sendable {
    /// World unit normal pointing from shape A toward shape B.
    package var normal: Vec2 = .zero
    /// 0, 1 or 2.
    package var pointCount: Int = 0
    package var point0 = ManifoldPoint(point: .zero, separation: 0, id: 0)
    package var point1 = ManifoldPoint(point: .zero, separation: 0, id: 0)

    package init() {}

    package subscript(i: Int) -> ManifoldPoint {
        get { i == 0 ? point0 : point1 }
        set { if i == 0 { point0 = newValue } else { point1 = newValue } }
    }

    /// Appends a point (at most two are kept).
    package mutating func append(_ p: ManifoldPoint) {
        if pointCount == 0 { point0 = p } else { point1 = p }
        pointCount = Swift.min(pointCount + 1, 2)
    }
}

/// Linear motion of a body over one step, for time of impact: the centre of mass moves from `c1` to `c2`
/// and the rotation from `q1` to `q2` (angles interpolated).
package struct Sweep: Sendable {
    /// Centre of mass in the body frame, pt.
    package var localCenter: Vec2
    package var c1: Vec2
    package var c2: Vec2
    package var a1: Double
    package var a2: Double

    package init(localCenter: Vec2, c1: Vec2, c2: Vec2, a1: Double, a2: Double) {
        self.localCenter = localCenter
        self.c1 = c1
        self.c2 = c2
        self.a1 = a1
        self.a2 = a2
    }

    /// Body-origin transform at fraction t ∈ [0, 1].
    @inlinable package func transform(at t: Double) -> Transform {
        let c = lerp(c1, c2, t)
        let q = Rotation(angle: a1 + t * (a2 - a1))
        return Transform(p: c - q.rotate(localCenter), q: q)
    }
}
