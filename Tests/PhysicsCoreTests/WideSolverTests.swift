import Testing
@testable import PhysicsCore

/// The contact solver's bundles of four (Solver/Wide*): every constraint is solved exactly once per pass, the
/// lanes of a bundle never share a moving body (so solving them side by side equals solving them in turn), the
/// colours keep their ground-up order, and the overflow colour (a body with more than 64 contacts) still holds.
@Suite("Wide contact solver")
struct WideSolverTests {
    /// Runs `steps` frames, then re-prepares the solver data of the current contacts (as a step does) for inspection.
    private static func prepared(_ w: inout World, steps: Int) {
        for _ in 0..<steps { w.step(dt: 1.0 / 60) }
        let soft = Softness(hertz: 30, dampingRatio: 10, h: 1.0 / 360)
        w.prepareContacts(contactSoftness: soft, staticSoftness: soft)
    }

    @Test("The cached solve order gives bit-identical steps to sorting and colouring every step", arguments: [0, 1])
    func cachedOrderIsExact(scene: Int) {
        func run(cached: Bool) -> [Double] {
            var (w, bodies) =
                scene == 0
                ? {
                    let p = Scenes.pile(300); return (p.0, p.1)
                }() : Scenes.pyramid(base: 12)
            for _ in 0..<120 {
                if !cached { w.invalidateOrderCache() }
                w.step(dt: 1.0 / 60)
            }
            return bodies.flatMap { [w.position(of: $0)!.x, w.position(of: $0)!.y, w.angle(of: $0)!] }
        }
        // Exact: the order is a function of its input, so a reused order must change nothing at all.
        #expect(run(cached: true) == run(cached: false))
    }

    @Test("Bundles cover every constraint once, lanes share no moving body, colours stay in order", arguments: [0, 1])
    func bundlesPartitionTheConstraints(scene: Int) {
        var w = scene == 0 ? Scenes.pile(1000).0 : Scenes.pyramid(base: 20).0
        // The pile after 1 s (landed: about 1 800 touching pairs). At 0.5 s it has some 430 touching pairs, and only
        // the speculative pairs of falling balls took it past 500, which fast bodies no longer get (their broad-phase
        // margin is 4 × slop). The pyramid after 0.5 s (by 1 s it sleeps, and sleeping contacts are not solved).
        Self.prepared(&w, steps: scene == 0 ? 60 : 30)
        let count = w.scratch.solveOrder.count
        #expect(count > 500, "the scene should have many contacts, has \(count)")
        // Position of each contact in the ground-up order, to read its colour.
        var position = [Int: Int]()
        for (i, k) in w.scratch.solveOrder.enumerated() { position[Int(k)] = i }
        var seen = [Int](repeating: 0, count: count)
        var lastColor = -1
        func color(of k: Int) -> Int {
            var c = 0
            while c < 64 && k >= Int(w.scratch.colorStart[c]) { c += 1 }
            return c
        }
        for bundle in w.scratch.wideConstraints {
            var moving = Set<Int32>()
            var colors = Set<Int>()
            for l in 0..<Int(bundle.laneCount) {
                let k = Int(bundle.contactIndex[l])
                let i = position[k]!
                seen[i] += 1
                colors.insert(color(of: i))
                let c = w.contacts[k]
                #expect(
                    WideContactConstraint.bodySlot(bundle.bodyA[l]) == c.bodyA
                        && WideContactConstraint.bodySlot(bundle.bodyB[l]) == c.bodyB)
                if bundle.writeA & (1 << UInt8(l)) != 0 { #expect(moving.insert(c.bodyA).inserted) }
                if bundle.writeB & (1 << UInt8(l)) != 0 { #expect(moving.insert(c.bodyB).inserted) }
            }
            // Empty lanes never write.
            #expect(bundle.writeA >> UInt8(bundle.laneCount) == 0 && bundle.writeB >> UInt8(bundle.laneCount) == 0)
            #expect(colors.count == 1)
            let c = colors.first ?? 0
            #expect(c >= lastColor, "colour \(c) after colour \(lastColor)")
            lastColor = c
        }
        #expect(seen.allSatisfy { $0 == 1 })
    }

    @Test("Each colour lists its two-point manifolds first, also when only a point count changed since the last step")
    func twoPointManifoldsFirst() {
        // A pyramid of boxes at 0.5 s: boxes resting flat (two points) and the odd one-point contact.
        var w = Scenes.pyramid(base: 12).0
        Self.prepared(&w, steps: 30)
        func check(_ label: String) {
            var start = 0
            var twoPoint = 0, onePoint = 0
            for color in 0..<64 {
                let mid = Int(w.scratch.twoPointEnd[color]), end = Int(w.scratch.colorStart[color])
                #expect(start <= mid && mid <= end, "\(label): colour \(color) runs \(start)..<\(mid)..<\(end)")
                for i in start..<end {
                    let points = w.contacts[Int(w.scratch.solveOrder[i])].manifold.pointCount
                    #expect(points == (i < mid ? 2 : 1), "\(label): colour \(color), slot \(i): \(points) points")
                    if points == 2 { twoPoint += 1 } else { onePoint += 1 }
                }
                start = end
            }
            #expect(twoPoint > 0, "\(label): the pyramid should have two-point manifolds")
            // Every bundle is all one kind, as its lanes' manifolds.
            for bundle in w.scratch.wideConstraints {
                for l in 0..<Int(bundle.laneCount) {
                    let points = w.contacts[Int(bundle.contactIndex[l])].manifold.pointCount
                    #expect(bundle.twoPoints == (points == 2), "\(label): a \(points)-point lane in a mixed bundle")
                }
            }
        }
        check("fresh")
        // The same contacts with one manifold cut to one point: the input of the ordering differs only in that
        // point count, so the order must be recomputed (a reused order would list it among the two-point ones).
        let k = Int(w.scratch.solveOrder.first { w.contacts[Int($0)].manifold.pointCount == 2 }!)
        w.contacts[k].manifold.pointCount = 1
        let soft = Softness(hertz: 30, dampingRatio: 10, h: 1.0 / 360)
        w.prepareContacts(contactSoftness: soft, staticSoftness: soft)
        check("one point fewer")
    }

    @Test("A plank carrying 100 balls (more contacts than colours) holds them at rest")
    func overflowColorHolds() {
        var s = Scenes.frameSettings
        s.gravity = Vec2(0, -1000)
        s.enableSleep = false
        var w = World(settings: s)
        Scenes.staticBox(&w, center: Vec2(0, -50), halfWidth: 3000, halfHeight: 50, friction: 0.6, restitution: 0)
        var plankDef = BodyDefinition()
        plankDef.position = Vec2(0, 10)
        let plank = w.createBody(plankDef)!
        var sd = ShapeDefinition()
        sd.friction = 0.6
        _ = try! w.createBox(on: plank, halfWidth: 1100, halfHeight: 10, sd).get()
        var balls: [BodyID] = []
        for i in 0..<100 {
            var bd = BodyDefinition()
            bd.position = Vec2(-1089 + 22 * Double(i), 30)
            let b = w.createBody(bd)!
            _ = try! w.createCircle(on: b, radius: 10, sd).get()
            balls.append(b)
        }
        Self.prepared(&w, steps: 120)
        // The plank touches the ground and all 100 balls: at least 36 of its contacts are in the overflow colour.
        #expect(w.scratch.solveOrder.count - Int(w.scratch.colorStart[63]) >= 36)
        for _ in 0..<120 { w.step(dt: 1.0 / 60) }
        // Resting height of a ball centre: plank top (20) + radius. Tolerance 0.5 pt: the soft contact's
        // steady-state overlap under a 100-ball load is a fraction of a point.
        for b in balls {
            #expect(approx(w.position(of: b)!.y, 30, 0.5), "ball at \(w.position(of: b)!.y)")
            #expect(w.linearVelocity(of: b)!.length < 1)
        }
        #expect(approx(w.position(of: plank)!.y, 10, 0.5))
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }
}
