import Testing
@testable import PhysicsCore

/// User polygon validation. These are exact combinatorial outcomes (no tolerance beyond the builder's own weld).
@Suite("Shapes: polygon builder")
struct PolygonBuilderTests {
    func signedArea(_ v: [Vec2]) -> Double {
        var a = 0.0
        for i in 0..<v.count { a += cross(v[i], v[(i + 1) % v.count]) }
        return 0.5 * a
    }

    @Test("counter-clockwise input is kept")
    func ccw() throws {
        let pts = [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10)]
        let r = try makeConvexPolygon(pts).get()
        #expect(!r.reversed)
        #expect(r.vertices == pts)
    }

    @Test("clockwise input is reversed and says so")
    func clockwise() throws {
        let r = try makeConvexPolygon([Vec2(0, 0), Vec2(0, 10), Vec2(10, 10), Vec2(10, 0)]).get()
        #expect(r.reversed)
        #expect(signedArea(r.vertices) > 0)
        #expect(r.vertices.count == 4)
    }

    @Test("duplicates and collinear points are dropped")
    func cleanup() throws {
        let r = try makeConvexPolygon([
            Vec2(0, 0), Vec2(5, 0), Vec2(10, 0), Vec2(10, 0), Vec2(10, 10),
            Vec2(0, 10), Vec2(0, 0)
        ]).get()
        #expect(r.vertices.count == 4)
        #expect(signedArea(r.vertices) == 100)
    }

    @Test("rejections: too few, NaN, collinear, concave, self-intersecting")
    func rejections() {
        func problem(_ p: [Vec2]) -> PolygonProblem? {
            if case .failure(let e) = makeConvexPolygon(p) { return e }
            return nil
        }
        #expect(problem([Vec2(0, 0), Vec2(1, 0)]) == .tooFewPoints)
        #expect(problem([Vec2(0, 0), Vec2(1, 0), Vec2(1, 0)]) == .tooFewPoints)
        #expect(problem([Vec2(0, 0), Vec2(1, 0), Vec2(Double.nan, 1)]) == .nonFinite)
        #expect(problem([Vec2(0, 0), Vec2(1, 0), Vec2(Double.infinity, 1)]) == .nonFinite)
        #expect(problem([Vec2(0, 0), Vec2(1, 1), Vec2(2, 2), Vec2(3, 3)]) == .collinear)
        #expect(problem([Vec2(0, 0), Vec2(10, 0), Vec2(5, 2), Vec2(10, 10), Vec2(0, 10)]) == .notConvex)
        #expect(problem([Vec2(0, 0), Vec2(10, 10), Vec2(10, 0), Vec2(0, 10)]) == .selfIntersecting)
        let star = (0..<5).map { i in
            let t = Double(i * 2) * 2 * Double.pi / 5
            return Vec2(10 * mCos(t), 10 * mSin(t))
        }
        #expect(problem(star) == .selfIntersecting)
    }

    @Test("normals, centroid and box vertices")
    func helpers() {
        let v = boxVertices(halfWidth: 2, halfHeight: 1, center: Vec2(5, 5), angle: Double.pi / 2)
        #expect(signedArea(v) > 0)
        #expect(approxDistance(v[0], Vec2(6, 3), 1e-12))
        let n = polygonNormals(boxVertices(halfWidth: 2, halfHeight: 1))
        #expect(n == [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)])
        #expect(approxDistance(polygonCentroid(v), Vec2(5, 5), 1e-12))
        #expect(approxDistance(polygonCentroid([Vec2(0, 0), Vec2(3, 0), Vec2(0, 3)]), Vec2(1, 1), 1e-12))
    }
}
