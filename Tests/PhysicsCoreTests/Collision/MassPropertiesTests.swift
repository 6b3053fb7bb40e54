import Testing
@testable import PhysicsCore

/// Mass, centre and inertia against textbook formulas (relative tolerance 1e-12: closed forms, rounding only),
/// and tight bounding boxes (exact formulas vs dense boundary sampling, 1e-6 pt).
@Suite("Shapes: mass properties and bounds")
struct MassPropertiesTests {

    @Test("box: m = ρwh, I = m(w² + h²)/12, also off-centre and rotated")
    func box() {
        let rho = 2.0
        for (center, angle) in [(Vec2.zero, 0.0), (Vec2(30, -12), 0.7)] {
            let b = NarrowShape.box(10, 5, center: center, angle: angle)
            let mp = massProperties(b.view, density: rho)
            let m = rho * 20 * 10
            #expect(approxRelative(mp.mass, m, 1e-12))
            #expect(approxRelative(mp.inertia, m * (400 + 100) / 12, 1e-12))
            #expect(approxDistance(mp.center, center, 1e-12))
        }
    }

    @Test("disc: m = ρπr², I = mr²/2")
    func disc() {
        let mp = massProperties(NarrowShape.circle(10, center: Vec2(1, 2)).view, density: 0.5)
        let m = 0.5 * Double.pi * 100
        #expect(approxRelative(mp.mass, m, 1e-12))
        #expect(approxRelative(mp.inertia, m * 100 / 2, 1e-12))
        #expect(mp.center == Vec2(1, 2))
    }

    @Test("ellipse: m = ρπab, I = m(a² + b²)/4")
    func ellipse() {
        let mp = massProperties(NarrowShape.ellipse(40, 20).view, density: 3)
        let m = 3 * Double.pi * 800
        #expect(approxRelative(mp.mass, m, 1e-12))
        #expect(approxRelative(mp.inertia, m * (1600 + 400) / 4, 1e-12))
    }

    @Test("triangle centroid and inertia; segment has no mass")
    func triangleAndSegment() {
        let t = NarrowShape.polygon([Vec2(0, 0), Vec2(30, 0), Vec2(0, 30)])
        let mp = massProperties(t.view, density: 1)
        #expect(approxRelative(mp.mass, 450, 1e-12))
        #expect(approxDistance(mp.center, Vec2(10, 10), 1e-12))
        // Right isosceles triangle with legs L about its centroid: I = m·L²/9 (= m(a² + b² + c²)/36, c² = 2L²).
        #expect(approxRelative(mp.inertia, 450 * 900 / 9, 1e-12))
        let s = massProperties(NarrowShape.segment(Vec2(0, 0), Vec2(10, 0)).view, density: 1)
        #expect(s.mass == 0 && s.inertia == 0)
    }

    @Test("AABB of a rotated ellipse is tight; polygon, circle and segment boxes")
    func aabb() {
        let e = NarrowShape.ellipse(40, 10, center: Vec2(5, 0))
        let xf = NarrowCheck.xf(100, -20, 0.6)
        let box = computeAABB(e.view, xf)
        var lo = Vec2(Double.infinity, Double.infinity)
        var hi = -lo
        for i in 0..<20000 {
            let t = 2 * Double.pi * Double(i) / 20000
            let p = xf.apply(Vec2(5 + 40 * mCos(t), 10 * mSin(t)))
            lo = min(lo, p)
            hi = max(hi, p)
        }
        #expect(approxDistance(box.lower, lo, 1e-6) && approxDistance(box.upper, hi, 1e-6))
        let b = computeAABB(NarrowShape.box(10, 10).view, NarrowCheck.xf(0, 0, Double.pi / 4))
        let r = 10 * 2.0.squareRoot()
        #expect(approxDistance(b.upper, Vec2(r, r), 1e-9) && approxDistance(b.lower, Vec2(-r, -r), 1e-9))
        let c = computeAABB(NarrowShape.circle(3).view, NarrowCheck.xf(1, 1))
        #expect(c.lower == Vec2(-2, -2) && c.upper == Vec2(4, 4))
        let s = computeAABB(NarrowShape.segment(Vec2(5, -1), Vec2(-3, 4)).view, .identity)
        #expect(s.lower == Vec2(-3, -1) && s.upper == Vec2(5, 4))
    }
}
