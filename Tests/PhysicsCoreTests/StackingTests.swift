import Testing
@testable import PhysicsCore

@Suite("Stacking and sleeping")
struct StackingTests {
    @Test("Pyramids stand, the top box sags ≤ 5 pt, and everything sleeps before t = 11 s", arguments: [20, 40])
    func pyramid(base: Int) {
        var (w, ids) = Scenes.pyramid(base: base)
        let top = ids.last!
        let start = w.position(of: top)!
        var sleptAt: Double? = nil
        for frame in 1...660 {
            w.step(dt: 1.0 / 60)
            if sleptAt == nil && w.awakeDynamicBodyCount == 0 { sleptAt = Double(frame) / 60 }
        }
        let sag = (w.position(of: top)! - start).length
        #expect(sag <= 5, "top box moved \(sag) pt")
        #expect(sleptAt != nil, "\(w.awakeDynamicBodyCount) bodies still awake")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    @Test("pile 4000: no ball escapes and every ball sleeps by t = 11 s")
    func pile4000() {
        var (w, ids, W) = Scenes.pile(4000)
        var sleptAt: Double? = nil
        for frame in 1...660 {
            w.step(dt: 1.0 / 60)
            if sleptAt == nil && w.awakeDynamicBodyCount == 0 { sleptAt = Double(frame) / 60 }
        }
        let escaped = ids.filter { b in
            let p = w.position(of: b)!
            return p.x < 0 || p.x > W || p.y < 0 || p.y > W
        }.count
        #expect(escaped == 0)
        #expect(sleptAt != nil, "\(w.awakeDynamicBodyCount) balls still awake at t = 11 s")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    /// A 100-pt box resting off-centre on a 60-pt box on the ground, at the animator's 1/120-s step. With static
    /// contacts stiffer than a quarter of the sub-step rate the pair rocked at 15 Hz for ever (±2.5 pt/s): the top
    /// box crept 2–4 pt toward the middle and never slept.
    @Test(
        "A box resting off-centre on a smaller box stays put and sleeps",
        arguments: [
            (7.5, 0.2), (10, 0.2), (15, 0.2), (20, 0.2), (10, 0.6), (10, 1.0)
        ])
    func offCentreBoxOnBox(offset: Double, friction: Double) {
        var s = WorldSettings()
        s.gravity = Vec2(0, -1000)
        s.validateEachStep = true
        var w = World(settings: s)
        Scenes.staticBox(
            &w, center: Vec2(0, -50), halfWidth: 1000, halfHeight: 50, friction: friction,
            restitution: 0.2)
        var sd = ShapeDefinition()
        sd.friction = friction
        sd.restitution = 0.2
        var bd = BodyDefinition()
        bd.position = Vec2(0, 30)
        let bottom = w.createBody(bd)!
        _ = try! w.createBox(on: bottom, halfWidth: 30, halfHeight: 30, sd).get()
        bd.position = Vec2(offset, 110)
        let top = w.createBody(bd)!
        _ = try! w.createBox(on: top, halfWidth: 50, halfHeight: 50, sd).get()
        var sleptAt: Double?
        for k in 1...(120 * 5) {
            w.step(dt: 1.0 / 120)
            if sleptAt == nil, w.isAwake(top) == false { sleptAt = Double(k) / 120 }
        }
        let p = w.position(of: top)!
        // 0.5 pt: the linear slop (the boxes settle into each other by up to that), nothing else moves them.
        #expect(abs(p.x - offset) < 0.5 && abs(p.y - 110) < 0.5, "top box at \(p)")
        #expect(abs(w.position(of: bottom)!.x) < 0.5)
        // timeToSleep is 0.5 s; the drop of a hair's breadth settles in well under a second more.
        #expect(sleptAt != nil && sleptAt! < 1.5, "slept at \(String(describing: sleptAt))")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    @Test("The same scene gives bit-identical states (determinism)")
    func determinism() {
        func run() -> [Double] {
            var (w, ids) = Scenes.pyramid(base: 10)
            for _ in 0..<120 { w.step(dt: 1.0 / 60) }
            return ids.flatMap { [w.position(of: $0)!.x, w.position(of: $0)!.y, w.angle(of: $0)!] }
        }
        let a = run(), b = run()
        #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
    }
}
