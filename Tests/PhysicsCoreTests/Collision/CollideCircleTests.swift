import Testing
@testable import PhysicsCore

/// Circle–circle, circle–polygon and circle–segment manifolds against hand-computed answers.
/// Tolerance 1e-9 pt throughout: these paths are closed-form (one square root), so only rounding remains.
@Suite("Narrow phase: circles")
struct CollideCircleTests {
    let tol = 1e-9

    @Test("circle–circle: separation, normal and midpoint in both orders")
    func circleCircle() {
        let a = NarrowShape.circle(10)
        let b = NarrowShape.circle(5)
        let (ab, ba) = NarrowCheck.both(a, NarrowCheck.xf(0, 0), b, NarrowCheck.xf(17, 0))
        #expect(ab.pointCount == 1 && ba.pointCount == 1)
        #expect(approxDistance(ab.normal, Vec2(1, 0), tol))
        #expect(approxDistance(ba.normal, Vec2(-1, 0), tol))
        #expect(approxDistance(ab[0].separation, 2, tol))
        #expect(approxDistance(ba[0].separation, 2, tol))
        // Surfaces at x = 10 and x = 12.
        #expect(approxDistance(ab[0].point, Vec2(11, 0), tol))
        #expect(approxDistance(ba[0].point, Vec2(11, 0), tol))
        #expect(ab[0].id == 0)
    }

    @Test("circle–circle overlap and speculative cut-off")
    func circleCircleOverlap() {
        let a = NarrowShape.circle(10)
        let b = NarrowShape.circle(5)
        let m = collide(a.view, NarrowCheck.xf(0, 0), b.view, NarrowCheck.xf(0, 12), speculativeDistance: 1)
        #expect(m.pointCount == 1)
        #expect(approxDistance(m.normal, Vec2(0, 1), tol))
        #expect(approxDistance(m[0].separation, -3, tol))
        #expect(approxDistance(m[0].point, Vec2(0, 8.5), tol))
        // Separation 3.9 is kept under a 4 pt speculative distance, 4.1 is not.
        #expect(collide(a.view, .identity, b.view, NarrowCheck.xf(18.9, 0), speculativeDistance: 4).pointCount == 1)
        #expect(collide(a.view, .identity, b.view, NarrowCheck.xf(19.1, 0), speculativeDistance: 4).pointCount == 0)
    }

    @Test("circle with an offset centre on a rotated body")
    func offsetCircle() {
        let a = NarrowShape.circle(10, center: Vec2(5, 0))
        let b = NarrowShape.circle(5)
        // Body A turned 90°: its circle centre sits at (0, 5) in the world.
        let m = collide(
            a.view, NarrowCheck.xf(0, 0, Double.pi / 2), b.view, NarrowCheck.xf(0, 21), speculativeDistance: 4)
        #expect(m.pointCount == 1)
        #expect(approxDistance(m[0].separation, 1, tol))
        #expect(approxDistance(m.normal, Vec2(0, 1), tol))
        #expect(approxDistance(m[0].point, Vec2(0, 15.5), tol))
    }

    @Test("polygon–circle: face, vertex region and centre inside, both orders")
    func polygonCircle() {
        let box = NarrowShape.box(10, 10)
        let ball = NarrowShape.circle(5)
        // Face region: top face at y = 10, ball bottom at y = 12.
        let (pb, bp) = NarrowCheck.both(box, .identity, ball, NarrowCheck.xf(3, 17))
        #expect(pb.pointCount == 1 && bp.pointCount == 1)
        #expect(approxDistance(pb.normal, Vec2(0, 1), tol))
        #expect(approxDistance(bp.normal, Vec2(0, -1), tol))
        #expect(approxDistance(pb[0].separation, 2, tol))
        #expect(approxDistance(bp[0].separation, 2, tol))
        #expect(approxDistance(pb[0].point, Vec2(3, 11), tol))

        // Vertex region of corner (10, 10): centre offset (3, 4) → distance 5, touching.
        let v = collide(box.view, .identity, ball.view, NarrowCheck.xf(13, 14), speculativeDistance: 1)
        #expect(v.pointCount == 1)
        #expect(approxDistance(v.normal, Vec2(0.6, 0.8), tol))
        #expect(approxDistance(v[0].separation, 0, tol))
        #expect(approxDistance(v[0].point, Vec2(10, 10), tol))

        // Centre inside, 2 pt below the top face: penetration 2 + 5.
        let i = collide(box.view, .identity, ball.view, NarrowCheck.xf(0, 8), speculativeDistance: 1)
        #expect(i.pointCount == 1)
        #expect(approxDistance(i.normal, Vec2(0, 1), tol))
        #expect(approxDistance(i[0].separation, -7, tol))
        #expect(approxDistance(i[0].point, Vec2(0, 6.5), tol))
    }

    @Test("polygon–circle on a rotated box")
    func rotatedPolygonCircle() {
        let box = NarrowShape.box(10, 10)
        let ball = NarrowShape.circle(5)
        // Box turned 45°: its top corner is at (0, 10√2).
        let top = 10 * 2.0.squareRoot()
        let m = collide(
            box.view, NarrowCheck.xf(0, 0, Double.pi / 4), ball.view, NarrowCheck.xf(0, top + 6),
            speculativeDistance: 4)
        #expect(m.pointCount == 1)
        #expect(approxDistance(m.normal, Vec2(0, 1), tol))
        #expect(approxDistance(m[0].separation, 1, tol))
        #expect(approxDistance(m[0].point, Vec2(0, top + 0.5), tol))
    }

    @Test("circle–segment: both sides, end cap, both orders")
    func circleSegment() {
        let seg = NarrowShape.segment(Vec2(-50, 0), Vec2(50, 0))
        let ball = NarrowShape.circle(5)
        let (sb, bs) = NarrowCheck.both(seg, .identity, ball, NarrowCheck.xf(10, 7))
        #expect(sb.pointCount == 1 && bs.pointCount == 1)
        #expect(approxDistance(sb.normal, Vec2(0, 1), tol))
        #expect(approxDistance(bs.normal, Vec2(0, -1), tol))
        #expect(approxDistance(sb[0].separation, 2, tol))
        #expect(approxDistance(sb[0].point, Vec2(10, 1), tol))
        // Two-sided: the same ball below the segment.
        let below = collide(seg.view, .identity, ball.view, NarrowCheck.xf(10, -7), speculativeDistance: 4)
        #expect(approxDistance(below.normal, Vec2(0, -1), tol))
        #expect(approxDistance(below[0].separation, 2, tol))
        // End cap at (50, 0): offset (3, 4).
        let cap = collide(seg.view, .identity, ball.view, NarrowCheck.xf(53, 4), speculativeDistance: 4)
        #expect(approxDistance(cap.normal, Vec2(0.6, 0.8), tol))
        #expect(approxDistance(cap[0].separation, 0, tol))
        #expect(approxDistance(cap[0].point, Vec2(50, 0), tol))
    }
}
