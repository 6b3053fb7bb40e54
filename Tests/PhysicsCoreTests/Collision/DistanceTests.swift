import Testing
@testable import PhysicsCore

/// GJK distance against analytic answers. Polygon pairs terminate exactly (tolerance 1e-9 pt); pairs with an
/// ellipse converge iteratively, so they are held to 1e-6 pt.
@Suite("Narrow phase: distance")
struct DistanceTests {
    @Test("box–box face and corner distances")
    func boxes() {
        let a = NarrowShape.box(10, 10)
        let b = NarrowShape.box(5, 5)
        let face = shapeDistance(a.view, .identity, b.view, NarrowCheck.xf(22, 3))
        #expect(approxDistance(face.distance, 7, 1e-9))
        #expect(approxDistance(face.normal, Vec2(1, 0), 1e-9))
        #expect(approxDistance(face.pointA.x, 10, 1e-9) && approxDistance(face.pointB.x, 17, 1e-9))
        let corner = shapeDistance(a.view, .identity, b.view, NarrowCheck.xf(18, 19))
        #expect(approxDistance(corner.distance, 5, 1e-9))  // (13, 14) − (10, 10) = (3, 4)
        #expect(approxDistance(corner.normal, Vec2(0.6, 0.8), 1e-9))
        #expect(approxDistance(corner.pointA, Vec2(10, 10), 1e-9))
        #expect(approxDistance(corner.pointB, Vec2(13, 14), 1e-9))
        let rotated = shapeDistance(
            a.view, .identity, b.view, NarrowCheck.xf(20 + 5 * 2.0.squareRoot(), 0, Double.pi / 4))
        #expect(approxDistance(rotated.distance, 10, 1e-9))
    }

    @Test("circles as point plus radius")
    func circles() {
        let a = NarrowShape.circle(10)
        let b = NarrowShape.circle(5)
        let d = shapeDistance(a.view, .identity, b.view, NarrowCheck.xf(30, 40))
        #expect(approxDistance(d.distance, 35, 1e-9))
        #expect(approxDistance(d.pointA, Vec2(6, 8), 1e-9))
        #expect(approxDistance(d.pointB, Vec2(27, 36), 1e-9))
        let box = NarrowShape.box(10, 10)
        let cb = shapeDistance(b.view, NarrowCheck.xf(0, 30), box.view, .identity)
        #expect(approxDistance(cb.distance, 15, 1e-9))
        #expect(approxDistance(cb.normal, Vec2(0, -1), 1e-9))
        // Overlap: distance 0, shared point.
        let o = shapeDistance(a.view, .identity, b.view, NarrowCheck.xf(12, 0))
        #expect(o.distance == 0)
        #expect(o.pointA == o.pointB)
    }

    @Test("segments and polygons")
    func segments() {
        let seg = NarrowShape.segment(Vec2(-50, 0), Vec2(50, 0))
        let tri = NarrowShape.polygon([Vec2(0, 0), Vec2(10, 0), Vec2(5, 8)])
        let d = shapeDistance(seg.view, .identity, tri.view, NarrowCheck.xf(20, 6))
        #expect(approxDistance(d.distance, 6, 1e-9))
        let e = shapeDistance(seg.view, .identity, tri.view, NarrowCheck.xf(53, 4))
        #expect(approxDistance(e.distance, 5, 1e-9))  // vertex (53, 4) − end (50, 0)
        let crossing = shapeDistance(seg.view, .identity, tri.view, NarrowCheck.xf(0, -3))
        #expect(crossing.distance == 0)
    }

    @Test("ellipses via their analytic support")
    func ellipses() {
        let e = NarrowShape.ellipse(40, 20)
        let f = NarrowShape.ellipse(30, 10)
        let d = shapeDistance(e.view, .identity, f.view, NarrowCheck.xf(75, 0))
        #expect(approxDistance(d.distance, 5, 1e-6))
        #expect(approxDistance(d.normal, Vec2(1, 0), 1e-6))
        let seg = NarrowShape.segment(Vec2(-200, 0), Vec2(200, 0))
        for angle in [0.0, 0.4, 1.3] {
            let h = (1600 * mSin(angle) * mSin(angle) + 400 * mCos(angle) * mCos(angle)).squareRoot()
            let r = shapeDistance(e.view, NarrowCheck.xf(5, h + 3, angle), seg.view, .identity)
            #expect(approxDistance(r.distance, 3, 1e-6))
            #expect(approxDistance(r.pointB.y, 0, 1e-6))
        }
        // Ellipse–circle against the closest-point answer.
        let ball = NarrowShape.circle(4)
        let xfE = NarrowCheck.xf(0, 0, 0.6)
        let c = Vec2(35, 38)
        let truth = NarrowCheck.distanceToEllipse(c, radii: Vec2(40, 20), xfE) - 4
        let g = shapeDistance(e.view, xfE, ball.view, NarrowCheck.xf(c.x, c.y))
        #expect(approxDistance(g.distance, truth, 1e-5))
        #expect(shapeDistance(e.view, .identity, f.view, NarrowCheck.xf(60, 0)).distance == 0)
    }
}
