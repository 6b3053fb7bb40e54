import Testing
@testable import PhysicsCore

/// Changes made through the API that set a sleeping body moving must wake it (World+Wake.swift): the narrow phase
/// and the solver skip sleeping bodies, so without the wake each of these left a body hanging, overlapping or
/// balanced where the new world says it cannot stay. Every test first checks that the body slept.
@Suite("Waking sleeping bodies that a change sets moving")
struct WakeOnChangeTests {
    /// A 20-pt box asleep on a static ground (its top at y = 0), the box's centre at y ≈ 10.
    private static func sleeperOnGround(_ w: inout World) -> (box: BodyID, ground: ShapeID) {
        let ground = SleepScenes.box(&w, .static, at: Vec2(0, -10), halfWidth: 200, halfHeight: 10).shape
        let box = SleepScenes.box(&w, .dynamic, at: Vec2(0, 10), halfWidth: 10, halfHeight: 10).body
        SleepScenes.run(&w, frames: 120)
        return (box, ground)
    }

    /// A 10-pt square added to the sleeping box 12 pt below its centre reaches 7 pt into the ground: the box wakes
    /// and is pushed up until the new square rests on the ground, its centre at 17 pt (tolerance: the 0.5-pt slop
    /// and 0.1 pt for the soft contact's rest overlap). Before the fix it slept on with the square inside the ground.
    @Test func shapeAddedIntoTheGroundWakesItsBody() throws {
        var w = SleepScenes.world()
        let (box, _) = Self.sleeperOnGround(&w)
        #expect(w.isAwake(box) == false)
        _ = try w.createBox(on: box, halfWidth: 5, halfHeight: 5, center: Vec2(0, -12), angle: 0, ShapeDefinition())
            .get()
        #expect(w.isAwake(box) == true)
        SleepScenes.run(&w, frames: 60)
        let y = try #require(w.position(of: box)).y
        #expect(y > 17 - 0.6 && y < 17 + 0.1, "the box's centre is at y = \(y)")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    /// A static 20-pt block created at x = 15 overlaps the sleeping box (x ∈ −10…10) by 5 pt: the box wakes and is
    /// pushed out to x ≤ −5 (tolerance: the 0.5-pt slop and 0.1 pt). Before the fix it slept on inside the block.
    @Test func staticShapeCreatedIntoASleeperWakesIt() throws {
        var w = SleepScenes.world()
        let (box, _) = Self.sleeperOnGround(&w)
        #expect(w.isAwake(box) == false)
        _ = SleepScenes.box(&w, .static, at: Vec2(15, 10), halfWidth: 10, halfHeight: 10)
        #expect(w.isAwake(box) == true)
        SleepScenes.run(&w, frames: 60)
        let x = try #require(w.position(of: box)).x
        #expect(x < -5 + 0.6, "the box's centre is at x = \(x)")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    /// Gravity turned upwards (through `gravity` or through `settings`): the sleeping box falls up, 0.5·1000·0.5² =
    /// 125 pt in 0.5 s (tolerance 10 pt for the step it woke in). A box that feels no gravity (`gravityScale` 0)
    /// stays asleep, and so does everything when the gravity is turned off (nothing at rest moves then). Before the
    /// fix the box stayed asleep on the ground.
    @Test(arguments: ["gravity", "settings"])
    func gravityTurnedWakesTheBodiesItMoves(way: String) throws {
        var w = SleepScenes.world()
        let (box, _) = Self.sleeperOnGround(&w)
        let floating = SleepScenes.box(&w, .dynamic, at: Vec2(100, 300), halfWidth: 10, halfHeight: 10).body
        _ = w.setGravityScale(floating, 0)
        SleepScenes.run(&w, frames: 120)
        #expect(w.isAwake(box) == false)
        #expect(w.isAwake(floating) == false)
        w.gravity = .zero
        #expect(w.isAwake(box) == false, "a zero gravity moves nothing at rest")
        let y0 = try #require(w.position(of: box)).y
        if way == "gravity" { w.gravity = Vec2(0, 1000) } else { w.settings.gravity = Vec2(0, 1000) }
        #expect(w.isAwake(box) == true)
        #expect(w.isAwake(floating) == false, "a body with gravityScale 0 does not feel the change")
        SleepScenes.run(&w, frames: 30)
        let rise = try #require(w.position(of: box)).y - y0
        #expect(abs(rise - 125) < 10, "the box rose \(rise) pt")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    /// A box asleep on a static slope of 0.2 rad (friction 2 on both) slides once the slope's friction is set to 0:
    /// 0.5·g·sin(0.2)·t² = 99.3 pt in 1 s (tolerance 3 pt for the step it woke in). Before the fix it stayed asleep
    /// on the frictionless slope.
    @Test func slopeMadeSlipperyLetsTheSleeperSlide() throws {
        var w = SleepScenes.world()
        let angle = 0.2
        var groundDef = BodyDefinition()
        groundDef.type = .static
        groundDef.angle = angle
        let groundID = w.createBody(groundDef)
        let groundBody = try #require(groundID)
        let slope = try w.createBox(on: groundBody, halfWidth: 300, halfHeight: 10, ShapeDefinition()).get()
        // The box's centre 20 pt above the slope's centre line, along its normal (−sin, cos).
        var boxDef = BodyDefinition()
        boxDef.position = 20 * Vec2(-Rotation(angle: angle).s, Rotation(angle: angle).c)
        boxDef.angle = angle
        let boxID = w.createBody(boxDef)
        let box = try #require(boxID)
        let boxShape = try w.createBox(on: box, halfWidth: 10, halfHeight: 10, ShapeDefinition()).get()
        let rough = w.setFriction(slope, 2) && w.setFriction(boxShape, 2)
        #expect(rough)
        SleepScenes.run(&w, frames: 180)
        #expect(w.isAwake(box) == false)
        let p0 = try #require(w.position(of: box))
        let slippery = w.setFriction(slope, 0)
        #expect(slippery)
        #expect(w.isAwake(box) == true)
        SleepScenes.run(&w, frames: 60)
        let slid = (try #require(w.position(of: box)) - p0).length
        let expected = 0.5 * 1000 * Rotation(angle: angle).s
        #expect(abs(slid - expected) < 3, "the box slid \(slid) pt, not \(expected)")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    /// A plank of two 40 × 10 halves on a pivot at its centre, balanced and asleep; one half made ten times denser
    /// tips it towards that side (counter-clockwise, y up) by more than 0.05 rad in 0.25 s (it turns about 0.3).
    /// Before the fix it stayed asleep and level.
    @Test func plankMadeHeavierOnOneSideTips() throws {
        var w = SleepScenes.world()
        let ground = SleepScenes.box(&w, .static, at: Vec2(0, -10), halfWidth: 200, halfHeight: 10).body
        var d = BodyDefinition()
        d.position = Vec2(0, 100)
        let plankID = w.createBody(d)
        let plank = try #require(plankID)
        let left = try w.createBox(on: plank, halfWidth: 20, halfHeight: 5, center: Vec2(-30, 0), angle: 0, .init())
            .get()
        _ = try w.createBox(on: plank, halfWidth: 20, halfHeight: 5, center: Vec2(30, 0), angle: 0, .init()).get()
        let pivot = w.createJoint(.revolute(ground, plank, anchor: Vec2(0, 100)))
        #expect(pivot != nil)
        SleepScenes.run(&w, frames: 120)
        #expect(w.isAwake(plank) == false)
        let heavier = w.setDensity(left, 10)
        #expect(heavier)
        #expect(w.isAwake(plank) == true)
        SleepScenes.run(&w, frames: 15)
        let turned = try #require(w.angle(of: plank))
        #expect(turned > 0.05, "the plank turned \(turned) rad")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    /// A 20-pt box with fixed rotation rests asleep with its centre 8 pt beside a 10-pt-wide post, more than half of
    /// it over the edge; freed to turn, it tips off (more than 0.1 rad in 1 s). Before the fix it stayed asleep.
    @Test func boxFreedToTurnTipsOffItsPost() throws {
        var w = SleepScenes.world()
        _ = SleepScenes.box(&w, .static, at: Vec2(0, -10), halfWidth: 5, halfHeight: 10)
        var d = BodyDefinition()
        d.position = Vec2(8, 10)
        d.fixedRotation = true
        let boxID = w.createBody(d)
        let box = try #require(boxID)
        _ = try w.createBox(on: box, halfWidth: 10, halfHeight: 10, ShapeDefinition()).get()
        SleepScenes.run(&w, frames: 120)
        #expect(w.isAwake(box) == false)
        let freed = w.setFixedRotation(box, false)
        #expect(freed)
        #expect(w.isAwake(box) == true)
        SleepScenes.run(&w, frames: 60)
        let turned = try #require(w.angle(of: box))
        #expect(abs(turned) > 0.1, "the box turned \(turned) rad")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    /// Sleeping turned off wakes every sleeping body at once (as Box2D's does): nothing may stay asleep in a world
    /// that no longer sleeps. Before the fix the box slept on until something touched it.
    @Test func sleepingTurnedOffWakesEverySleeper() {
        var w = SleepScenes.world()
        let (box, _) = Self.sleeperOnGround(&w)
        #expect(w.isAwake(box) == false)
        w.settings.enableSleep = false
        #expect(w.isAwake(box) == true)
        SleepScenes.run(&w, frames: 120)
        #expect(w.isAwake(box) == true)
    }

    /// What leaves a sleeper asleep: setting the friction, density or gravity it already has, and changing its
    /// restitution (which acts only when bodies approach). A wake resets the body's rest timer, so a caller that
    /// sets the same values every frame would otherwise keep the world from ever sleeping.
    @Test func unchangedValuesLeaveSleepersAsleep() throws {
        var w = SleepScenes.world()
        let (box, ground) = Self.sleeperOnGround(&w)
        #expect(w.isAwake(box) == false)
        let material = try #require(w.material(of: ground))
        let set =
            w.setFriction(ground, material.friction) && w.setDensity(ground, material.density)
            && w.setRestitution(ground, 0.5)
        #expect(set)
        w.gravity = w.gravity
        #expect(w.isAwake(box) == false)
    }
}
