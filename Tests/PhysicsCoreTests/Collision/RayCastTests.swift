import Testing
@testable import PhysicsCore

/// Ray casts and point containment against closed-form answers (tolerance 1e-9 pt: one square root each).
@Suite("Narrow phase: ray casts")
struct RayCastTests {
    let tol = 1e-9

    @Test("circle: entry point, normal, miss, start inside")
    func circle() {
        let c = NarrowShape.circle(10, center: Vec2(5, 0))
        let xf = NarrowCheck.xf(0, 0, Double.pi / 2)  // circle centre at (0, 5)
        let hit = rayCast(c.view, xf, from: Vec2(-30, 5), to: Vec2(10, 5))
        #expect(hit != nil)
        #expect(approxDistance(hit?.fraction ?? -1, 0.5, tol))
        #expect(approxDistance(hit?.point ?? .zero, Vec2(-10, 5), tol))
        #expect(approxDistance(hit?.normal ?? .zero, Vec2(-1, 0), tol))
        #expect(rayCast(c.view, xf, from: Vec2(-30, 30), to: Vec2(30, 30)) == nil)
        #expect(rayCast(c.view, xf, from: Vec2(0, 5), to: Vec2(30, 5)) == nil)
        #expect(rayCast(c.view, xf, from: Vec2(-30, 5), to: Vec2(-25, 5)) == nil)
    }

    @Test("rotated box: entry face and normal")
    func box() {
        let b = NarrowShape.box(10, 10)
        let xf = NarrowCheck.xf(0, 0, Double.pi / 4)
        // Corner at (0, 10√2); a ray down the y axis enters there... aim just beside it onto a face.
        let hit = rayCast(b.view, xf, from: Vec2(-1, 40), to: Vec2(-1, 0))
        let r2 = 2.0.squareRoot()
        // Upper-left face: x − y = −10√2 → y = x + 10√2 → y = 10√2 − 1.
        #expect(approxDistance(hit?.point ?? .zero, Vec2(-1, 10 * r2 - 1), tol))
        #expect(approxDistance(hit?.normal ?? .zero, Vec2(-1, 1) / r2, tol))
        #expect(approxDistance(hit?.fraction ?? -1, (40 - (10 * r2 - 1)) / 40, tol))
        #expect(rayCast(b.view, xf, from: Vec2(30, 40), to: Vec2(30, -40)) == nil)
        #expect(rayCast(b.view, xf, from: .zero, to: Vec2(0, 40)) == nil)
    }

    @Test("rotated ellipse: hit point on the surface with the gradient normal")
    func ellipse() {
        let e = NarrowShape.ellipse(40, 20)
        let xf = NarrowCheck.xf(10, 0, Double.pi / 2)  // now 20 wide, 40 tall
        let hit = rayCast(e.view, xf, from: Vec2(-50, 0), to: Vec2(50, 0))
        #expect(approxDistance(hit?.point ?? .zero, Vec2(-10, 0), tol))
        #expect(approxDistance(hit?.normal ?? .zero, Vec2(-1, 0), tol))
        #expect(approxDistance(hit?.fraction ?? -1, 0.4, tol))
        let oblique = rayCast(e.view, xf, from: Vec2(-60, 70), to: Vec2(40, -30))
        if let o = oblique {
            #expect(abs(NarrowCheck.ellipseLevel(o.point, radii: Vec2(40, 20), xf) - 1) < 1e-9)
        } else {
            Issue.record("oblique ray missed")
        }
    }

    @Test("segment is two-sided")
    func segment() {
        let s = NarrowShape.segment(Vec2(-10, 0), Vec2(10, 0))
        let down = rayCast(s.view, .identity, from: Vec2(2, 10), to: Vec2(2, -10))
        #expect(approxDistance(down?.fraction ?? -1, 0.5, tol))
        #expect(approxDistance(down?.normal ?? .zero, Vec2(0, 1), tol))
        let up = rayCast(s.view, .identity, from: Vec2(2, -10), to: Vec2(2, 10))
        #expect(approxDistance(up?.normal ?? .zero, Vec2(0, -1), tol))
        #expect(rayCast(s.view, .identity, from: Vec2(12, 10), to: Vec2(12, -10)) == nil)
        #expect(rayCast(s.view, .identity, from: Vec2(-20, 0), to: Vec2(20, 0)) == nil)
    }

    @Test("containsPoint for every kind")
    func contains() {
        let xf = NarrowCheck.xf(100, 50, 0.5)
        let c = NarrowShape.circle(10)
        #expect(containsPoint(c.view, xf, Vec2(105, 55)))
        #expect(!containsPoint(c.view, xf, Vec2(108, 58)))
        let b = NarrowShape.box(10, 5)
        #expect(containsPoint(b.view, xf, xf.apply(Vec2(9.9, 4.9))))
        #expect(!containsPoint(b.view, xf, xf.apply(Vec2(9.9, 5.1))))
        let e = NarrowShape.ellipse(40, 20)
        #expect(containsPoint(e.view, xf, xf.apply(Vec2(39.9, 0))))
        #expect(!containsPoint(e.view, xf, xf.apply(Vec2(30, 15))))  // 0.5625 + 0.5625 > 1
        let s = NarrowShape.segment(Vec2(-10, 0), Vec2(10, 0))
        #expect(!containsPoint(s.view, .identity, .zero))
    }
}
