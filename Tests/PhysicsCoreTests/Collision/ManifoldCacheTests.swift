import Testing
@testable import PhysicsCore

/// Manifold reuse (ManifoldCache.swift): while two bodies keep their relative pose, the narrow phase carries the last
/// manifold along instead of recomputing it. A reused manifold must match a fresh one: exactly (to rounding, 1e-9 pt)
/// when the pair only moved rigidly together, and within the cache's tolerances (0.005 pt of drift, a turn of
/// 0.00025 at lever arms of 10-20 pt, so 0.02 pt) when it drifted a little inside them.
@Suite("Narrow phase: manifold reuse")
struct ManifoldCacheTests {
    /// Places a pose `xf` (given in the frame of `frame`) into the world: frame · xf.
    private func compose(_ frame: Transform, _ xf: Transform) -> Transform {
        Transform(p: frame.apply(xf.p), q: frame.q * xf.q)
    }

    private func expectSame(_ reused: Manifold, _ fresh: Manifold, tolerance: Double) {
        #expect(reused.pointCount == fresh.pointCount)
        #expect(approxDistance(reused.normal, fresh.normal, 1e-3))
        for i in 0..<Swift.min(reused.pointCount, fresh.pointCount) {
            #expect(reused[i].id == fresh[i].id)
            #expect(approxDistance(reused[i].separation, fresh[i].separation, tolerance))
            #expect(approxDistance(reused[i].point, fresh[i].point, tolerance))
        }
    }

    @Test("a pair moved and turned together reuses its manifold, equal to a fresh one (box on box, ball on box)")
    func rigidMotionIsExact() {
        let ground = NarrowShape.box(100, 10)
        for (shape, pose) in [(NarrowShape.box(10, 10), NarrowCheck.xf(3, 19.9, 0.01)),
                              (NarrowShape.circle(25), NarrowCheck.xf(-7, 34.8))] {
            let xfA0 = NarrowCheck.xf(0, 0), xfB0 = pose
            let m0 = collide(ground.view, xfA0, shape.view, xfB0, speculativeDistance: 2)
            #expect(m0.pointCount > 0)
            var cache = ManifoldCache()
            cache.store(m0, xfA0, xfB0, speculativeDistance: 2)
            // The whole pair carried 400 pt and turned 30°, as a crate carries its load.
            let carry = NarrowCheck.xf(400, -250, 0.5236)
            let xfA = compose(carry, xfA0), xfB = compose(carry, xfB0)
            #expect(cache.canReuse(xfA, xfB, speculativeDistance: 2))
            let fresh = collide(ground.view, xfA, shape.view, xfB, speculativeDistance: 2)
            expectSame(cache.reuse(m0, xfA, xfB), fresh, tolerance: 1e-9)
        }
    }

    @Test("a drift inside the tolerances gives the fresh manifold within 0.02 pt; beyond them the pair is recomputed")
    func driftTolerance() {
        let ground = NarrowShape.box(100, 10)
        let box = NarrowShape.box(20, 20)
        let xfA = NarrowCheck.xf(0, 0), xfB0 = NarrowCheck.xf(5, 29.9)
        let m0 = collide(ground.view, xfA, box.view, xfB0, speculativeDistance: 2)
        #expect(m0.pointCount == 2)
        var cache = ManifoldCache()
        cache.store(m0, xfA, xfB0, speculativeDistance: 2)
        // Inside: 0.004 pt sideways and down, a turn of 0.0002 rad.
        let inside = NarrowCheck.xf(5.003, 29.897, 0.0002)
        #expect(cache.canReuse(xfA, inside, speculativeDistance: 2))
        let fresh = collide(ground.view, xfA, box.view, inside, speculativeDistance: 2)
        expectSame(cache.reuse(m0, xfA, inside), fresh, tolerance: 0.02)
        // Beyond: each limit on its own.
        #expect(!cache.canReuse(xfA, NarrowCheck.xf(5.006, 29.9), speculativeDistance: 2))
        #expect(!cache.canReuse(xfA, NarrowCheck.xf(5, 29.9, 0.0003), speculativeDistance: 2))
        // A larger speculative distance than the cached one (beyond the slack) asks for points that were dropped.
        #expect(cache.canReuse(xfA, xfB0, speculativeDistance: 2 + 0.5 * ManifoldCache.speculativeSlack))
        #expect(!cache.canReuse(xfA, xfB0, speculativeDistance: 2 + 2 * ManifoldCache.speculativeSlack))
        // Nothing cached yet: never reused.
        #expect(!ManifoldCache().canReuse(xfA, xfB0, speculativeDistance: 2))
    }

    @Test("a stack of boxes in a world ends where a recomputing narrow phase leaves it (within 0.02 pt)")
    func worldMatchesRecomputation() {
        func run(reuse: Bool) -> [Vec2] {
            var world = World()
            world.gravity = Vec2(0, -1000)
            var gd = BodyDefinition()
            gd.type = .static
            let ground = world.createBody(gd)!
            _ = try! world.createBox(on: ground, halfWidth: 200, halfHeight: 10).get()
            var boxes: [BodyID] = []
            for k in 0..<4 {
                var bd = BodyDefinition()
                bd.position = Vec2(3 * Double(k), 30 + 40 * Double(k))
                bd.angle = 0.01 * Double(k)
                let box = world.createBody(bd)!
                _ = try! world.createBox(on: box, halfWidth: 20, halfHeight: 20).get()
                boxes.append(box)
            }
            for _ in 0..<360 {
                if !reuse { world.invalidateManifoldCaches() }
                world.step(dt: 1.0 / 120)
            }
            return boxes.map { world.position(of: $0) ?? .zero }
        }
        let reused = run(reuse: true), fresh = run(reuse: false)
        for (r, f) in zip(reused, fresh) { #expect(approxDistance(r, f, 0.02), "reused \(r) fresh \(f)") }
    }
}
