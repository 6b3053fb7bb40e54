import Testing
@testable import PhysicsCore

/// Polygon–polygon and polygon–segment manifolds. Axis-aligned cases are exact up to rounding (tolerance
/// 1e-9 pt); cases built from rotations use 1e-9 pt too since only a few sin/cos roundings enter.
@Suite("Narrow phase: polygons")
struct CollidePolygonTests {
    let tol = 1e-9

    @Test("box resting on a ground box: two points, midway, both orders")
    func restingBox() {
        let ground = NarrowShape.box(100, 10)
        let box = NarrowShape.box(10, 10)
        // Box bottom at y = 9.9, ground top at y = 10: overlap 0.1.
        let (gb, bg) = NarrowCheck.both(ground, .identity, box, NarrowCheck.xf(0, 19.9), speculative: 2)
        #expect(gb.pointCount == 2 && bg.pointCount == 2)
        #expect(approxDistance(gb.normal, Vec2(0, 1), tol))
        #expect(approxDistance(bg.normal, Vec2(0, -1), tol))
        for m in [gb, bg] {
            for i in 0..<2 {
                #expect(approxDistance(m[i].separation, -0.1, tol))
                #expect(approxDistance(m[i].point.y, 9.95, tol))
                #expect(approxDistance(abs(m[i].point.x), 10, tol))
            }
            #expect(m[0].id != m[1].id)
        }
    }

    @Test("resting contact keeps its ids when slightly moved, also for two equal boxes")
    func stableIds() {
        let ground = NarrowShape.box(100, 10)
        let box = NarrowShape.box(10, 10)
        func ids(_ a: NarrowShape, _ b: NarrowShape, _ xb: Transform) -> [UInt32: Double] {
            let m = collide(a.view, .identity, b.view, xb, speculativeDistance: 2)
            var out: [UInt32: Double] = [:]
            for i in 0..<m.pointCount { out[m[i].id] = m[i].point.x }
            return out
        }
        let base = ids(ground, box, NarrowCheck.xf(0, 19.9))
        #expect(base.count == 2)
        // Small moves of a resting box, as between frames: same ids, and each id stays on the same side.
        let moves: [(Double, Double, Double)] = [(0.3, 19.92, 0.001), (-0.4, 19.88, -0.002), (1, 19.95, 0.003)]
        for (x, y, angle) in moves {
            let moved = ids(ground, box, NarrowCheck.xf(x, y, angle))
            #expect(Set(moved.keys) == Set(base.keys))
            for (id, px) in moved { #expect((px > 0) == ((base[id] ?? 0) > 0)) }
        }
        // Equal boxes: both faces are candidates; the tolerance keeps the reference face on A.
        let top = NarrowShape.box(10, 10)
        let eqBase = ids(box, top, NarrowCheck.xf(0, 19.95))
        #expect(eqBase.count == 2)
        for angle in [1e-4, -1e-4, 3e-4, -3e-4] {
            let moved = ids(box, top, NarrowCheck.xf(0.05, 19.95, angle))
            #expect(Set(moved.keys) == Set(eqBase.keys))
            // Hovering 0.02 pt apart (speculative face contact): still the same reference face and ids.
            let hovering = ids(box, top, NarrowCheck.xf(0.05, 20.02, angle))
            #expect(Set(hovering.keys) == Set(eqBase.keys))
        }
    }

    @Test("speculative points only below the speculative distance")
    func speculative() {
        let ground = NarrowShape.box(100, 10)
        let box = NarrowShape.box(10, 10)
        // Gap of 3 pt.
        #expect(
            collide(ground.view, .identity, box.view, NarrowCheck.xf(0, 23), speculativeDistance: 2).pointCount == 0)
        let m = collide(ground.view, .identity, box.view, NarrowCheck.xf(0, 23), speculativeDistance: 4)
        #expect(m.pointCount == 2)
        for i in 0..<2 { #expect(approxDistance(m[i].separation, 3, tol)) }
        // Tilted box: lowest corner 2.05 pt above the ground, the next one 4.05 pt: only the first is kept.
        let tilted = collide(ground.view, .identity, box.view, NarrowCheck.xf(0, 23, 0.1), speculativeDistance: 4)
        for i in 0..<tilted.pointCount { #expect(tilted[i].separation < 4) }
        #expect(tilted.pointCount == 1)
    }

    @Test("corner-to-corner boxes use the vertex–vertex normal and true distance")
    func vertexVertex() {
        let a = NarrowShape.box(10, 10)
        let b = NarrowShape.box(10, 10)
        // Corners (10, 10) and (13, 13): distance 3√2 ≈ 4.243 although each face separation is only 3.
        let d = 3 * 2.0.squareRoot()
        let m = collide(a.view, .identity, b.view, NarrowCheck.xf(23, 23), speculativeDistance: 5)
        #expect(m.pointCount == 1)
        #expect(approxDistance(m[0].separation, d, tol))
        #expect(approxDistance(m.normal, Vec2(1, 1) / 2.0.squareRoot(), tol))
        #expect(approxDistance(m[0].point, Vec2(11.5, 11.5), tol))
        #expect(collide(a.view, .identity, b.view, NarrowCheck.xf(23, 23), speculativeDistance: 4).pointCount == 0)
    }

    @Test("rotated box corner into a box face: one point at the corner")
    func rotatedBoxes() {
        let ground = NarrowShape.box(50, 10)
        let box = NarrowShape.box(10, 10)
        // Box turned 45° with its lowest corner 1 pt below the ground's top face (y = 10).
        let h = 10 * 2.0.squareRoot()
        let (gb, bg) = NarrowCheck.both(
            ground, .identity, box, NarrowCheck.xf(5, 10 + h - 1, Double.pi / 4),
            speculative: 2)
        #expect(gb.pointCount == 1 && bg.pointCount == 1)
        #expect(approxDistance(gb.normal, Vec2(0, 1), tol))
        #expect(approxDistance(bg.normal, Vec2(0, -1), tol))
        #expect(approxDistance(gb[0].separation, -1, 1e-9))
        #expect(approxDistance(gb[0].point, Vec2(5, 9.5), 1e-9))
    }

    @Test("polygon–segment both orders and both sides (two-sided segment)")
    func polygonSegment() {
        let seg = NarrowShape.segment(Vec2(-50, 0), Vec2(50, 0))
        let box = NarrowShape.box(10, 10)
        let (sb, bs) = NarrowCheck.both(seg, .identity, box, NarrowCheck.xf(0, 11), speculative: 2)
        #expect(sb.pointCount == 2 && bs.pointCount == 2)
        #expect(approxDistance(sb.normal, Vec2(0, 1), tol))
        #expect(approxDistance(bs.normal, Vec2(0, -1), tol))
        for m in [sb, bs] {
            for i in 0..<2 {
                #expect(approxDistance(m[i].separation, 1, tol))
                #expect(approxDistance(m[i].point.y, 0.5, tol))
                #expect(approxDistance(abs(m[i].point.x), 10, tol))
            }
        }
        let below = collide(seg.view, .identity, box.view, NarrowCheck.xf(0, -9.5), speculativeDistance: 2)
        #expect(below.pointCount == 2)
        #expect(approxDistance(below.normal, Vec2(0, -1), tol))
        for i in 0..<2 { #expect(approxDistance(below[i].separation, -0.5, tol)) }
        // A box resting across the segment's end: clipped to the segment.
        let edge = collide(seg.view, .identity, box.view, NarrowCheck.xf(45, 9.9), speculativeDistance: 2)
        #expect(edge.pointCount == 2)
        let xs = [edge[0].point.x, edge[1].point.x].sorted()
        #expect(approxDistance(xs[0], 35, tol) && approxDistance(xs[1], 50, tol))
    }

    @Test("segment–segment gives no contact")
    func segmentSegment() {
        let a = NarrowShape.segment(Vec2(-10, 0), Vec2(10, 0))
        let b = NarrowShape.segment(Vec2(0, -10), Vec2(0, 10))
        #expect(collide(a.view, .identity, b.view, .identity, speculativeDistance: 4).pointCount == 0)
    }

    @Test("triangle against a hexagon: normal and separation from the analytic face distance")
    func generalPolygons() {
        let hex = NarrowShape.polygon(
            (0..<6).map { i in
                let t = Double(i) * Double.pi / 3
                return Vec2(20 * mCos(t), 20 * mSin(t))
            })
        let tri = NarrowShape.polygon([Vec2(-10, 0), Vec2(10, 0), Vec2(0, 15)])
        // Hexagon's top edge is at y = 20·sin 60° = 17.32; triangle base 2 pt above it.
        let top = 20 * mSin(Double.pi / 3)
        let (ht, th) = NarrowCheck.both(hex, .identity, tri, NarrowCheck.xf(0, top + 2))
        #expect(ht.pointCount == 2 && th.pointCount == 2)
        #expect(approxDistance(ht.normal, Vec2(0, 1), tol))
        #expect(approxDistance(th.normal, Vec2(0, -1), tol))
        for i in 0..<2 { #expect(approxDistance(ht[i].separation, 2, tol)) }
    }
}
