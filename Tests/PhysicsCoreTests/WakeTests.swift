import Testing
@testable import PhysicsCore

/// Waking: a moving body that reaches a sleeping one wakes it (its whole island) before they touch, so the contact
/// solver sees two dynamic bodies and not a wall.
@Suite("Waking a sleeping body that a moving one reaches")
struct WakeTests {
    /// A 20-pt-radius ball sleeps at (100, 0); an equal ball comes from (0, 0) at 200 pt/s (no gravity, elastic
    /// contacts). Equal masses and restitution 1: the mover stops and the sleeper leaves at the mover's speed, so
    /// after 1 s the sleeper is ≈ 100 + (1 − 0.3 s to close the 60-pt gap)·200 ≈ 240 pt along (tolerance: more
    /// than 200; before the fix the sleeper stayed at 100 and the mover went through it). The mover stops on contact,
    /// at 100 − 40 = 60 (5 pt).
    @Test func movingBodyWakesTheSleeperItReaches() throws {
        var s = WorldSettings()
        s.gravity = .zero
        s.validateEachStep = true
        var w = World(settings: s)
        var shape = ShapeDefinition()
        shape.restitution = 1
        shape.friction = 0
        let sleeperID = w.createBody(BodyDefinition())
        let sleeper = try #require(sleeperID)
        _ = try w.createCircle(on: sleeper, radius: 20, shape).get()
        _ = w.setTransform(sleeper, position: Vec2(100, 0), angle: 0)
        for _ in 0..<60 { w.step(dt: 1.0 / 60) }
        #expect(w.isAwake(sleeper) == false)
        let moverID = w.createBody(BodyDefinition())
        let mover = try #require(moverID)
        _ = try w.createCircle(on: mover, radius: 20, shape).get()
        _ = w.setLinearVelocity(mover, Vec2(200, 0))
        for _ in 0..<60 { w.step(dt: 1.0 / 60) }
        let x = try #require(w.position(of: sleeper)).x
        #expect(x > 200, "the sleeper is at x = \(x)")
        let mx = try #require(w.position(of: mover)).x
        #expect(abs(mx - 60) < 5, "the mover stopped where it hit: x = \(mx)")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }
}
