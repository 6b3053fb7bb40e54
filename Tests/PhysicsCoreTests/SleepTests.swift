import Testing
@testable import PhysicsCore

/// The sleep rule: a body rests when it moves slower than `sleepLinearThreshold` (1 pt/s) and turns slower than
/// `sleepAngularThreshold` (2°/s) or its surface does (angular speed × largest extent < 1 pt/s); an island sleeps
/// after `timeToSleep` (0.5 s) at rest. Bodies float with no gravity here so their speeds stay what was set.
@Suite("Sleeping: the linear, angular and surface-speed thresholds")
struct SleepTests {
    /// A world without gravity holding one body with `shape` added, moving at `v` and turning at `w`.
    func floating(v: Vec2, w angular: Double, shape: (inout World, BodyID) -> Void) -> (World, BodyID) {
        var s = WorldSettings()
        s.gravity = .zero
        s.validateEachStep = true
        var w = World(settings: s)
        let b = w.createBody(BodyDefinition())!
        shape(&w, b)
        _ = w.setLinearVelocity(b, v)
        _ = w.setAngularVelocity(b, angular)
        return (w, b)
    }

    /// Seconds of 1/60-s steps until `body` sleeps, or nil within `limit` s.
    func timeToSleep(_ w: inout World, _ body: BodyID, limit: Double) -> Double? {
        for frame in 1...Int(limit * 60) {
            w.step(dt: 1.0 / 60)
            if w.isAwake(body) == false { return Double(frame) / 60 }
        }
        return nil
    }

    @Test("a 10-pt ball rolling at 0.3 pt/s (3.4°/s, surface 0.3 pt/s) sleeps after timeToSleep")
    func smallRollingBallSleeps() {
        var (w, ball) = floating(v: Vec2(0.3, 0), w: 0.3 / 5) { w, b in
            _ = try! w.createCircle(on: b, radius: 5, ShapeDefinition()).get()
        }
        let t = timeToSleep(&w, ball, limit: 2)
        // 0.5 s at rest, plus one 1/60-s frame of rounding where the timer crosses 0.5.
        #expect(t != nil && t! <= 0.5 + 1.0 / 60 + 1e-9, "slept at \(String(describing: t))")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    @Test("a 10-pt ball spinning at 0.3 rad/s (surface 1.5 pt/s) stays awake")
    func smallSpinningBallStaysAwake() {
        var (w, ball) = floating(v: .zero, w: 0.3) { w, b in
            _ = try! w.createCircle(on: b, radius: 5, ShapeDefinition()).get()
        }
        #expect(timeToSleep(&w, ball, limit: 2) == nil)
    }

    @Test("a 200 × 200 pt box turning at 3°/s (surface 7.4 pt/s at its corners) stays awake")
    func largeSlowBoxStaysAwake() {
        var (w, box) = floating(v: .zero, w: 3 * Double.pi / 180) { w, b in
            _ = try! w.createBox(on: b, halfWidth: 100, halfHeight: 100, ShapeDefinition()).get()
        }
        #expect(timeToSleep(&w, box, limit: 2) == nil)
    }

    @Test("a 200 × 200 pt box turning at 1.5°/s (under the angular threshold) sleeps after timeToSleep")
    func largeBoxUnderAngularThresholdSleeps() {
        var (w, box) = floating(v: .zero, w: 1.5 * Double.pi / 180) { w, b in
            _ = try! w.createBox(on: b, halfWidth: 100, halfHeight: 100, ShapeDefinition()).get()
        }
        let t = timeToSleep(&w, box, limit: 2)
        #expect(t != nil && t! <= 0.5 + 1.0 / 60 + 1e-9, "slept at \(String(describing: t))")
    }

    @Test(
        "a box carried by a kinematic platform creeping at 0.5 pt/s (under the rest speed) stays awake and rides along; once the platform stops, the box sleeps after timeToSleep"
    )
    func kinematicPlatformKeepsItsLoadAwake() {
        var w = SleepScenes.world()
        let platform = SleepScenes.box(&w, .kinematic, at: Vec2(0, 0), halfWidth: 200, halfHeight: 10).body
        let box = SleepScenes.box(&w, .dynamic, at: Vec2(0, 30), halfWidth: 20, halfHeight: 20).body
        // Let the box land and settle on the resting platform, then set the platform creeping.
        SleepScenes.run(&w, frames: 60)
        _ = w.setLinearVelocity(platform, Vec2(0.5, 0))
        let start = w.position(of: box)!.x
        // 3 s: six times timeToSleep. Asleep, the box would hang where it was while the platform slides away.
        for _ in 0..<180 {
            w.step(dt: 1.0 / 60)
            #expect(w.isAwake(box) == true)
        }
        // Carried by friction at the platform's speed, 1.5 pt in 3 s (±0.05 pt: the soft contact's creep).
        #expect(abs(w.position(of: box)!.x - start - 1.5) < 0.05, "moved \(w.position(of: box)!.x - start) pt")
        _ = w.setLinearVelocity(platform, .zero)
        let t = timeToSleep(&w, box, limit: 2)
        // The box's speed drops to zero within a step or two; then 0.5 s at rest and a frame of rounding.
        #expect(t != nil && t! <= 0.5 + 3.0 / 60 + 1e-9, "slept at \(String(describing: t))")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    @Test(
        "a pendulum hanging asleep from a kinematic anchor wakes when the anchor is set moving and follows it; creeping at 0.5 pt/s, it stays awake"
    )
    func kinematicAnchorWakesItsPendulum() {
        var w = SleepScenes.world()
        let anchor = SleepScenes.ball(&w, .kinematic, at: Vec2(0, 100), radius: 2)
        let bob = SleepScenes.ball(&w, .dynamic, at: Vec2(0, 50), radius: 10)
        #expect(w.createJoint(.revolute(anchor, bob, anchor: Vec2(0, 100))) != nil)
        SleepScenes.run(&w, frames: 120)
        #expect(w.isAwake(bob) == false)  // hanging still for 2 s: asleep
        _ = w.setLinearVelocity(anchor, Vec2(0.5, 0))
        for _ in 0..<120 {
            w.step(dt: 1.0 / 60)
            #expect(w.isAwake(bob) == true)
        }
        // The bob trails its pivot by the pendulum's lag, well under a point at these speeds.
        #expect(abs(w.position(of: bob)!.x - w.position(of: anchor)!.x) < 0.5)
        _ = w.setLinearVelocity(anchor, Vec2(30, 0))
        SleepScenes.run(&w, frames: 60)
        // 1 s at 30 pt/s: the bob swings behind the moving pivot but stays on its 50-pt rod.
        let rod = w.position(of: bob)! - w.position(of: anchor)!
        #expect(abs(rod.length - 50) < 0.5, "rod \(rod.length) pt")
        #expect(w.position(of: bob)!.x > 20, "bob at \(w.position(of: bob)!.x) pt")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }
}
