import Testing

@testable import PhysicsCore

/// Manifold reuse (ManifoldCache.swift): while two bodies hold their relative pose, the narrow phase carries the
/// last manifold along instead of computing it again. A carried manifold must equal a fresh one: to rounding
/// (1e-9 pt) when the pair only moved rigidly together, and within what the tolerances allow (a drift of
/// 0.001 pt and a turn of 0.00025 rad at lever arms up to 30 pt: 0.01 pt) when it drifted inside them.
@Suite("Narrow phase: manifold reuse")
struct ManifoldCacheTests {
    /// The pose `xf`, given in the frame `frame`, in world coordinates.
    private func placed(_ xf: Transform, in frame: Transform) -> Transform {
        Transform(p: frame.apply(xf.p), q: frame.q * xf.q)
    }

    private func expectSame(_ carried: Manifold, _ fresh: Manifold, within tolerance: Double) {
        #expect(carried.pointCount == fresh.pointCount)
        #expect(approxDistance(carried.normal, fresh.normal, 1e-3))
        for i in 0..<Swift.min(carried.pointCount, fresh.pointCount) {
            #expect(carried[i].id == fresh[i].id)
            #expect(approxDistance(carried[i].separation, fresh[i].separation, tolerance))
            #expect(approxDistance(carried[i].point, fresh[i].point, tolerance))
        }
    }

    @Test("a pair carried and turned together gives the fresh manifold (box on box, box on ball)")
    func rigidMotion() {
        let ground = NarrowShape.box(100, 10)
        let cases = [(NarrowShape.box(10, 10), NarrowCheck.xf(3, 19.8, 0.01)), (.circle(25), NarrowCheck.xf(-7, 34.7))]
        for (shape, poseB) in cases {
            let xfA0 = NarrowCheck.xf(0, 0)
            let m0 = collide(ground.view, xfA0, shape.view, poseB, speculativeDistance: 2)
            #expect(m0.pointCount > 0)
            var cache = ManifoldCache()
            cache.store(m0, xfA0, poseB, speculativeDistance: 2)
            // Both bodies carried 400 pt and turned by 30°, as a crate carries its load.
            let carry = NarrowCheck.xf(400, -250, 0.5236)
            let xfA = placed(xfA0, in: carry), xfB = placed(poseB, in: carry)
            #expect(cache.canReuse(xfA, xfB, speculativeDistance: 2))
            let fresh = collide(ground.view, xfA, shape.view, xfB, speculativeDistance: 2)
            expectSame(cache.reuse(m0, xfA, xfB), fresh, within: 1e-9)
        }
    }

    @Test("a drift inside the tolerances gives the fresh manifold within 0.01 pt; each limit beyond them recomputes")
    func tolerances() {
        let ground = NarrowShape.box(100, 10)
        let box = NarrowShape.box(20, 20)
        let xfA = NarrowCheck.xf(0, 0), xfB0 = NarrowCheck.xf(5, 29.8)
        let m0 = collide(ground.view, xfA, box.view, xfB0, speculativeDistance: 2)
        #expect(m0.pointCount == 2)
        var cache = ManifoldCache()
        cache.store(m0, xfA, xfB0, speculativeDistance: 2)
        // Inside: 0.0007 pt sideways and down, a turn of 0.0002 rad.
        let inside = NarrowCheck.xf(5.0005, 29.7995, 0.0002)
        #expect(cache.canReuse(xfA, inside, speculativeDistance: 2))
        let fresh = collide(ground.view, xfA, box.view, inside, speculativeDistance: 2)
        expectSame(cache.reuse(m0, xfA, inside), fresh, within: 0.01)
        // The separation follows the drift exactly along the normal: 0.0009 pt down is 0.0009 pt deeper.
        let down = cache.reuse(m0, xfA, NarrowCheck.xf(5, 29.7991))
        #expect(approxDistance(down.point0.separation, m0.point0.separation - 0.0009, 1e-9))
        // Beyond: each limit on its own.
        #expect(!cache.canReuse(xfA, NarrowCheck.xf(5.0012, 29.8), speculativeDistance: 2))
        #expect(!cache.canReuse(xfA, NarrowCheck.xf(5, 29.8, 0.0003), speculativeDistance: 2))
        // A larger speculative distance (beyond the slack) asks for points the computation dropped.
        #expect(cache.canReuse(xfA, xfB0, speculativeDistance: 2 + 0.5 * ManifoldCache.speculativeSlack))
        #expect(!cache.canReuse(xfA, xfB0, speculativeDistance: 2 + 2 * ManifoldCache.speculativeSlack))
        // Nothing cached, or forgotten: never reused.
        #expect(!ManifoldCache().canReuse(xfA, xfB0, speculativeDistance: 2))
        cache.invalidate()
        #expect(!cache.canReuse(xfA, xfB0, speculativeDistance: 2))
    }

    /// The world-level check: a stack of four 40-pt boxes settling for 3 s ends where the same world computing
    /// every manifold leaves it. Tolerance 0.02 pt: each step's manifolds differ by at most 0.01 pt, and a settling
    /// stack (not chaotic) does not amplify that. A step counts as reusing when some pair kept the pose of its last
    /// computation (the pair was not computed in it).
    @Test("a settling stack ends where a narrow phase that computes every manifold leaves it (within 0.02 pt)")
    func worldMatchesRecomputation() {
        func run(reuse: Bool) -> (positions: [Vec2], reusedSteps: Int) {
            var world = World()
            world.gravity = Vec2(0, -1000)
            // Awake throughout: a sleeping pair is not collided at all, which would count as a reuse below.
            world.settings.enableSleep = false
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
            var reusedSteps = 0
            for _ in 0..<360 {
                if !reuse { world.invalidateManifoldCaches() }
                let before = world.manifoldCaches
                world.step(dt: 1.0 / 120)
                // A pair that was not computed keeps its cache, valid and with the pose of its last computation.
                let after = world.manifoldCaches
                let kept = zip(before, after).contains {
                    $0.speculativeDistance >= 0 && $1.speculativeDistance >= 0 && $0.relative == $1.relative
                }
                if before.count == after.count && kept { reusedSteps += 1 }
            }
            return (boxes.map { world.position(of: $0)! }, reusedSteps)
        }
        let reused = run(reuse: true), fresh = run(reuse: false)
        // The stack comes to rest within the 3 s, so reuse must have happened (else the test proves nothing).
        #expect(reused.reusedSteps > 100, "reused in \(reused.reusedSteps) steps")
        for (r, f) in zip(reused.positions, fresh.positions) {
            #expect(approxDistance(r, f, 0.02), "reused \(r), fresh \(f)")
        }
    }

    /// The narrow phase adopts a reused manifold in place (`World.adoptReused`), skipping the feature-id matching
    /// whose outcome a reuse fixes. It must leave the contact bit for bit as the general path does (`World.adopt` of
    /// `reuse`): every point count, and two points sharing an id (the matching then gives point 1 point 0's impulses).
    @Test("a reused manifold adopted in place equals the matched adoption, bit for bit (0, 1, 2 points, shared ids)")
    func reuseInPlaceMatchesAdoption() {
        let xfA = NarrowCheck.xf(1, 2, 0.3), xfB0 = NarrowCheck.xf(5, 29.8, 0.31)
        let xfB = NarrowCheck.xf(5.0004, 29.7996, 0.3101)
        for count in 0...2 {
            for sharedId in [false, true] {
                var m = Manifold()
                m.normal = Vec2(0.6, 0.8)
                for i in 0..<count {
                    m.append(
                        ManifoldPoint(
                            point: Vec2(3 + 7 * Double(i), 19.5), separation: -0.2 + 0.1 * Double(i),
                            id: sharedId ? 7 : UInt32(7 + 2 * i)))
                }
                var contact = Contact(
                    shapeA: 0, shapeB: 1, bodyA: 0, bodyB: 1, friction: 0.5, restitution: 0, isSolid: true,
                    reportsEvents: false, key: 1)
                contact.manifold = m
                contact.normalImpulse0 = 1.5
                contact.normalImpulse1 = 2.5
                contact.tangentImpulse0 = -0.25
                contact.tangentImpulse1 = 0.75
                var cache = ManifoldCache()
                cache.store(m, xfA, xfB0, speculativeDistance: 2)
                #expect(cache.canReuse(xfA, xfB, speculativeDistance: 2))
                var general = contact, inPlace = contact
                World.adopt(cache.reuse(general.manifold, xfA, xfB), &general)
                World.adoptReused(&cache, &inPlace, xfA, xfB)
                let label = "\(count) points, shared id \(sharedId)"
                #expect(inPlace.manifold.pointCount == general.manifold.pointCount, "\(label)")
                #expect(inPlace.manifold.normal == general.manifold.normal, "\(label)")
                for i in 0..<count {
                    #expect(inPlace.manifold[i].point == general.manifold[i].point, "\(label)")
                    #expect(inPlace.manifold[i].separation == general.manifold[i].separation, "\(label)")
                    #expect(inPlace.manifold[i].id == general.manifold[i].id, "\(label)")
                }
                let impulses = { (c: Contact) in
                    [c.normalImpulse0, c.normalImpulse1, c.tangentImpulse0, c.tangentImpulse1]
                }
                #expect(
                    impulses(inPlace) == impulses(general), "\(label): \(impulses(inPlace)) vs \(impulses(general))")
            }
        }
    }
}
