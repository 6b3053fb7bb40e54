import Testing
@testable import PhysicsCore

/// Exact ellipse manifolds. The contract: the ellipse's own surface point (the manifold point moved half the
/// separation back along the normal) lies within 0.1 pt of the true ellipse, and the separation matches the
/// analytic or brute-force answer. Brute force samples the boundary densely (4096 samples + refinement, so it
/// is good to ~1e-6 pt); the 0.01 pt separation tolerances leave room for that.
@Suite("Narrow phase: ellipses")
struct CollideEllipseTests {
    /// Required closeness of contact geometry to the true ellipse surface, pt.
    let surfaceTol = 0.1

    /// Checks that the manifold's single point is an exact ellipse point moved half the separation toward the
    /// other shape. `ellipseIsA` tells which side of the normal the ellipse is on.
    func checkOnEllipse(
        _ m: Manifold, _ e: NarrowShape, _ xfE: Transform, ellipseIsA: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(m.pointCount == 1, sourceLocation: sourceLocation)
        guard m.pointCount == 1 else { return }
        let p = m[0]
        let toward = ellipseIsA ? m.normal : -m.normal
        let surface = p.point - (0.5 * p.separation) * toward
        let r = e.geometry.radii
        let d = NarrowCheck.distanceToEllipse(surface, radii: r, center: e.geometry.center, xfE)
        #expect(d <= surfaceTol, "surface point \(d) pt off the ellipse", sourceLocation: sourceLocation)
        // Same check as the implicit level: |x²/a² + y²/b² − 1| ≲ 2·0.1/min(a, b).
        let level = NarrowCheck.ellipseLevel(surface, radii: r, center: e.geometry.center, xfE)
        #expect(abs(level - 1) <= 2 * surfaceTol / Swift.min(r.x, r.y), sourceLocation: sourceLocation)
        // The point itself is half the separation away from the surface.
        let dp = NarrowCheck.distanceToEllipse(p.point, radii: r, center: e.geometry.center, xfE)
        #expect(dp <= 0.5 * abs(p.separation) + surfaceTol, sourceLocation: sourceLocation)
        #expect(p.id == 0, sourceLocation: sourceLocation)
    }

    @Test("ellipse–segment: rotated ellipse above a horizontal segment, both orders, analytic")
    func ellipseSegment() {
        let e = NarrowShape.ellipse(40, 20)
        let seg = NarrowShape.segment(Vec2(-200, 0), Vec2(200, 0))
        for angle in [0.0, 0.3, 1.0, Double.pi / 2, 2.5] {
            // Lowest point of the rotated ellipse is h = √(a² sin² + b² cos²) below its centre.
            let h = (1600 * mSin(angle) * mSin(angle) + 400 * mCos(angle) * mCos(angle)).squareRoot()
            for gap in [2.0, -1.5] {
                let xfE = NarrowCheck.xf(7, h + gap, angle)
                let (es, se) = NarrowCheck.both(e, xfE, seg, .identity)
                #expect(approxDistance(es.normal, Vec2(0, -1), 1e-9))
                #expect(approxDistance(se.normal, Vec2(0, 1), 1e-9))
                #expect(approxDistance(es[0].separation, gap, 1e-9))
                #expect(approxDistance(se[0].separation, gap, 1e-9))
                #expect(approxDistance(es[0].point.y, 0.5 * gap, 1e-9))
                checkOnEllipse(es, e, xfE, ellipseIsA: true)
                checkOnEllipse(se, e, xfE, ellipseIsA: false)
            }
        }
    }

    @Test("ellipse speculative points only under the speculative distance")
    func ellipseSpeculative() {
        let e = NarrowShape.ellipse(40, 20)
        let seg = NarrowShape.segment(Vec2(-200, 0), Vec2(200, 0))
        let ball = NarrowShape.circle(5)
        let other = NarrowShape.ellipse(10, 30)
        // Each pair is 5 pt apart (exact by symmetry): kept under 6, dropped under 4.
        let pairs: [(NarrowShape, Transform)] = [
            (seg, NarrowCheck.xf(0, -25)), (ball, NarrowCheck.xf(0, -30)),
            (other, NarrowCheck.xf(0, -55))
        ]
        for (shape, xf) in pairs {
            let kept = collide(e.view, .identity, shape.view, xf, speculativeDistance: 6)
            #expect(kept.pointCount == 1)
            #expect(approxDistance(kept[0].separation, 5, 1e-9))
            #expect(collide(e.view, .identity, shape.view, xf, speculativeDistance: 4).pointCount == 0)
            #expect(collide(shape.view, xf, e.view, .identity, speculativeDistance: 4).pointCount == 0)
        }
    }

    @Test("ellipse–box: face contact, corner contact, both orders")
    func ellipseBox() {
        let e = NarrowShape.ellipse(40, 20)
        let box = NarrowShape.box(30, 30)
        // Face: box top at y = 30, ellipse bottom at 30 + 3.
        let xfE = NarrowCheck.xf(10, 53, 0)
        let (eb, be) = NarrowCheck.both(e, xfE, box, .identity)
        #expect(approxDistance(eb.normal, Vec2(0, -1), 1e-9))
        #expect(approxDistance(be.normal, Vec2(0, 1), 1e-9))
        #expect(approxDistance(eb[0].separation, 3, 1e-9))
        #expect(approxDistance(eb[0].point, Vec2(10, 31.5), 1e-9))
        checkOnEllipse(eb, e, xfE, ellipseIsA: true)
        checkOnEllipse(be, e, xfE, ellipseIsA: false)

        // Corner: box turned 45° has its top corner at (0, 30√2); ellipse directly above, gap 2.
        let corner = 30 * 2.0.squareRoot()
        let xfB = NarrowCheck.xf(0, 0, Double.pi / 4)
        let xfC = NarrowCheck.xf(0, corner + 22, 0)
        let (ec, ce) = NarrowCheck.both(e, xfC, box, xfB)
        #expect(approxDistance(ec.normal, Vec2(0, -1), 1e-9))
        #expect(approxDistance(ce.normal, Vec2(0, 1), 1e-9))
        #expect(approxDistance(ec[0].separation, 2, 1e-9))
        #expect(approxDistance(ec[0].point, Vec2(0, corner + 1), 1e-9))
        checkOnEllipse(ec, e, xfC, ellipseIsA: true)
        checkOnEllipse(ce, e, xfC, ellipseIsA: false)
    }

    @Test("rotated ellipse against rotated boxes: separation equals the brute-force distance")
    func ellipseBoxBruteForce() {
        let e = NarrowShape.ellipse(35, 12)
        let box = NarrowShape.box(15, 25)
        let cases: [(Transform, Transform)] = [
            (NarrowCheck.xf(0, 0, 0.4), NarrowCheck.xf(48, 10, 0.2)),
            (NarrowCheck.xf(0, 0, 1.2), NarrowCheck.xf(-20, 40, -0.7)),
            (NarrowCheck.xf(5, 5, -0.9), NarrowCheck.xf(30, -35, 0.9)),
            (NarrowCheck.xf(0, 0, 2.0), NarrowCheck.xf(-44, -12, 0.35))
        ]
        for (xfE, xfB) in cases {
            let m = collide(e.view, xfE, box.view, xfB, speculativeDistance: 50)
            let truth = ellipsePolygonDistance(e, xfE, box, xfB)
            #expect(m.pointCount == 1)
            if truth > 0 { #expect(approxDistance(m[0].separation, truth, 0.01)) }
            checkOnEllipse(m, e, xfE, ellipseIsA: true)
            let r = collide(box.view, xfB, e.view, xfE, speculativeDistance: 50)
            checkOnEllipse(r, e, xfE, ellipseIsA: false)
            #expect(approxDistance(r.normal, -m.normal, 1e-12))
        }
    }

    /// Distance from the polygon's boundary points (dense samples) to the ellipse, positive when apart.
    func ellipsePolygonDistance(_ e: NarrowShape, _ xfE: Transform, _ p: NarrowShape, _ xfP: Transform) -> Double {
        let v = p.view
        var best = Double.greatestFiniteMagnitude
        for i in 0..<v.count {
            let a = xfP.apply(v.vertices![i])
            let b = xfP.apply(v.vertices![(i + 1) % v.count])
            for k in 0...64 {
                let q = lerp(a, b, Double(k) / 64)
                if NarrowCheck.ellipseLevel(q, radii: e.geometry.radii, xfE) < 1 { return -1 }
                best = Swift.min(best, NarrowCheck.distanceToEllipse(q, radii: e.geometry.radii, xfE))
            }
        }
        return best
    }

    @Test("ellipse–circle: on the axes (analytic) and off-axis (brute force), both orders")
    func ellipseCircle() {
        let e = NarrowShape.ellipse(40, 20)
        let ball = NarrowShape.circle(5)
        // Below the minor-axis end: closest point (0, −20).
        let (ec, ce) = NarrowCheck.both(e, .identity, ball, NarrowCheck.xf(0, -30), speculative: 6)
        #expect(approxDistance(ec.normal, Vec2(0, -1), 1e-9))
        #expect(approxDistance(ce.normal, Vec2(0, 1), 1e-9))
        #expect(approxDistance(ec[0].separation, 5, 1e-9))
        #expect(approxDistance(ec[0].point, Vec2(0, -22.5), 1e-9))
        // Beyond the major-axis end, overlapping by 1.
        let side = collide(e.view, .identity, ball.view, NarrowCheck.xf(44, 0), speculativeDistance: 4)
        #expect(approxDistance(side.normal, Vec2(1, 0), 1e-9))
        #expect(approxDistance(side[0].separation, -1, 1e-9))
        // Rotated ellipse, off-axis circle centres outside, inside near the surface and deep inside.
        let xfE = NarrowCheck.xf(3, -2, 0.7)
        for c in [Vec2(30, 40), Vec2(-45, 10), Vec2(20, 12), Vec2(5, 3)] {
            let (m, r) = NarrowCheck.both(e, xfE, ball, NarrowCheck.xf(c.x, c.y), speculative: 100)
            let d = NarrowCheck.distanceToEllipse(c, radii: e.geometry.radii, xfE)
            let inside = NarrowCheck.ellipseLevel(c, radii: e.geometry.radii, xfE) < 1
            #expect(approxDistance(m[0].separation, (inside ? -d : d) - 5, 1e-4))
            checkOnEllipse(m, e, xfE, ellipseIsA: true)
            checkOnEllipse(r, e, xfE, ellipseIsA: false)
        }
    }

    @Test("ellipse–ellipse: aligned (analytic), crossed, overlapping, both orders")
    func ellipseEllipse() {
        let a = NarrowShape.ellipse(40, 20)
        let b = NarrowShape.ellipse(30, 10)
        let (ab, ba) = NarrowCheck.both(a, .identity, b, NarrowCheck.xf(75, 0), speculative: 6)
        #expect(approxDistance(ab.normal, Vec2(1, 0), 1e-9))
        #expect(approxDistance(ba.normal, Vec2(-1, 0), 1e-9))
        #expect(approxDistance(ab[0].separation, 5, 1e-9))
        #expect(approxDistance(ba[0].separation, 5, 1e-9))
        #expect(approxDistance(ab[0].point, Vec2(42.5, 0), 1e-6))
        // B turned 90° above A: A's top at 20, B's bottom at 55 − 30 = 25.
        let up = collide(a.view, .identity, b.view, NarrowCheck.xf(0, 55, Double.pi / 2), speculativeDistance: 6)
        #expect(approxDistance(up.normal, Vec2(0, 1), 1e-9))
        #expect(approxDistance(up[0].separation, 5, 1e-9))
        // Overlap along the major axes by 5.
        let over = collide(a.view, .identity, b.view, NarrowCheck.xf(65, 0), speculativeDistance: 1)
        #expect(approxDistance(over.normal, Vec2(1, 0), 1e-9))
        #expect(approxDistance(over[0].separation, -5, 1e-9))
        checkOnEllipse(over, a, .identity, ellipseIsA: true)
        checkOnEllipse(over, b, NarrowCheck.xf(65, 0), ellipseIsA: false)
    }

    @Test("rotated ellipse pairs: separation equals the brute-force distance; points on both surfaces")
    func ellipseEllipseBruteForce() {
        let a = NarrowShape.ellipse(40, 15)
        let b = NarrowShape.ellipse(25, 8)
        let cases: [(Transform, Transform)] = [
            (NarrowCheck.xf(0, 0, 0.3), NarrowCheck.xf(50, 30, 1.1)),
            (NarrowCheck.xf(0, 0, -0.8), NarrowCheck.xf(-30, 45, 0.2)),
            (NarrowCheck.xf(10, 0, 1.9), NarrowCheck.xf(-5, -40, -1.3)),
            (NarrowCheck.xf(0, 0, 0.5), NarrowCheck.xf(45, 20, 0.5)),
            (NarrowCheck.xf(0, 0, 0.5), NarrowCheck.xf(30, 18, 2.0))
        ]
        for (xa, xb) in cases {
            let (m, r) = NarrowCheck.both(a, xa, b, xb, speculative: 100)
            #expect(m.pointCount == 1 && r.pointCount == 1)
            let truth = ellipseEllipseDistance(a, xa, b, xb)
            if truth > 0 { #expect(approxDistance(m[0].separation, truth, 0.01)) }
            #expect(approxDistance(m[0].separation, r[0].separation, 1e-6))
            checkOnEllipse(m, a, xa, ellipseIsA: true)
            checkOnEllipse(m, b, xb, ellipseIsA: false)
            checkOnEllipse(r, a, xa, ellipseIsA: false)
            checkOnEllipse(r, b, xb, ellipseIsA: true)
        }
    }

    /// Brute-force distance between two ellipse boundaries (−1 when B's boundary enters A).
    func ellipseEllipseDistance(_ a: NarrowShape, _ xa: Transform, _ b: NarrowShape, _ xb: Transform) -> Double {
        let rb = b.geometry.radii
        var best = Double.greatestFiniteMagnitude
        var bestT = 0.0
        func point(_ t: Double) -> Vec2 { xb.apply(Vec2(rb.x * mCos(t), rb.y * mSin(t))) }
        for i in 0..<256 {
            let t = 2 * Double.pi * Double(i) / 256
            if NarrowCheck.ellipseLevel(point(t), radii: a.geometry.radii, xa) < 1 { return -1 }
            let d = NarrowCheck.distanceToEllipse(point(t), radii: a.geometry.radii, xa)
            if d < best { best = d; bestT = t }
        }
        var step = 2 * Double.pi / 256
        for _ in 0..<40 {
            for t in [bestT - step, bestT + step] {
                let d = NarrowCheck.distanceToEllipse(point(t), radii: a.geometry.radii, xa)
                if d < best { best = d; bestT = t }
            }
            step *= 0.5
        }
        return best
    }

    @Test("closest point on an ellipse is accurate everywhere, inside and outside")
    func closestPointAccuracy() {
        let radii = [Vec2(40, 20), Vec2(10, 30), Vec2(50, 2), Vec2(15, 15)]
        for r in radii {
            for i in 0..<24 {
                for scale in [0.0, 0.05, 0.5, 0.99, 1.0, 1.01, 2, 10] {
                    let t = 2 * Double.pi * Double(i) / 24 + 0.01
                    let p = Vec2(scale * r.x * mCos(t), scale * r.y * mSin(t))
                    let q = EllipseMath.closestPoint(r, p)
                    // On the ellipse to rounding, and as close as the brute force (1e-5 pt covers its sampling).
                    #expect(abs(EllipseMath.level(r, q) - 1) < 1e-9)
                    let truth = NarrowCheck.distanceToEllipse(p, radii: r, .identity)
                    #expect(distance(p, q) <= truth + 1e-5)
                }
            }
        }
    }
}
