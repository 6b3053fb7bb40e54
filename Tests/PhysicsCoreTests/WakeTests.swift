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
        var w = SleepScenes.world(gravity: .zero)
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

    /// A 20-pt box asleep on a static ground, which then goes: its body destroyed, its shape destroyed, its shape
    /// filtered out of collisions, or the ground moved away. The box must fall: after 0.5 s of free fall it is
    /// 0.5·1000·0.5² = 125 pt lower (tolerance 10 pt for the frames of the step it woke in); before the fix it hung
    /// asleep where the ground was.
    @Test(arguments: ["destroyBody", "destroyShape", "setFilter", "setTransform"])
    func boxFallsWhenItsGroundGoes(way: String) {
        var w = SleepScenes.world()
        let (ground, groundShape) = SleepScenes.box(&w, .static, at: Vec2(0, -10), halfWidth: 200, halfHeight: 10)
        let box = SleepScenes.box(&w, .dynamic, at: Vec2(0, 10), halfWidth: 10, halfHeight: 10).body
        SleepScenes.run(&w, frames: 120)
        #expect(w.isAwake(box) == false)
        let y0 = w.position(of: box)!.y
        let done: Bool
        switch way {
        case "destroyBody": done = w.destroyBody(ground)
        case "destroyShape": done = w.destroyShape(groundShape)
        case "setTransform": done = w.setTransform(ground, position: Vec2(1000, -10), angle: 0)
        default: done = w.setFilter(groundShape, CollisionFilter(categoryBits: 2, collideMask: 0))
        }
        #expect(done)
        #expect(w.isAwake(box) == true)
        SleepScenes.run(&w, frames: 30)
        let drop = y0 - w.position(of: box)!.y
        #expect(abs(drop - 125) < 10, "\(way): fell \(drop) pt")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    /// A static 40-pt block moved into a sleeping box (as an app moves an anchored item): the box wakes and is pushed
    /// out, instead of sleeping inside the block.
    @Test func staticBodyMovedIntoASleeperWakesIt() {
        var w = SleepScenes.world()
        _ = SleepScenes.box(&w, .static, at: Vec2(0, -10), halfWidth: 400, halfHeight: 10)
        let block = SleepScenes.box(&w, .static, at: Vec2(-200, 20), halfWidth: 20, halfHeight: 20).body
        let box = SleepScenes.box(&w, .dynamic, at: Vec2(0, 10), halfWidth: 10, halfHeight: 10).body
        SleepScenes.run(&w, frames: 120)
        #expect(w.isAwake(box) == false)
        // The block's right face 10 pt into the box.
        let moved = w.setTransform(block, position: Vec2(-20, 20), angle: 0)
        #expect(moved)
        #expect(w.isAwake(box) == true)
        SleepScenes.run(&w, frames: 60)
        // Pushed out to the block's face at x = 0 (its centre at 10 or more, less the contact slop).
        #expect(w.position(of: box)!.x > 9, "box at \(w.position(of: box)!.x)")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }
}
