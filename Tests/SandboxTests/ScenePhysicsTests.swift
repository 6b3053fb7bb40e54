import Dynamics
import Foundation
import SandboxScenes
import Testing

/// Issue 10 §1: scenes whose point is that items at rest are struck and move, run headless as the app runs them
/// (`onFrame`, then one animator step per 1/60-s frame).
@MainActor
@Suite("Scenes: the cradle passes the impact on, the break scatters the rack")
struct ScenePhysicsTests {
    private func make(_ name: String) throws -> SceneWorld {
        let scene = try #require(SceneCatalog.named(name))
        return scene.make(bounds: CGRect(x: 0, y: 0, width: 960, height: 640), seed: 1)
    }

    private func frame(_ w: SceneWorld) {
        w.onFrame?(1.0 / 60)
        w.animator.advance(by: 1.0 / 60)
    }

    /// Newton's cradle, 5 balls: the released ball stops at the bottom and the last ball swings out to nearly the
    /// release height (100 pt above its rest), the middle three hardly move; then the last ball comes back and the
    /// first one swings out again. Tolerances: 10 pt of rise (of 100) for the energy the rods and the three
    /// impacts per pass may lose, 8 pt of drift for the resting balls (they are nudged by less than a ball's
    /// width). Before issue 10's fix the rested row was a wall: the first ball bounced back and the others never
    /// moved.
    @Test func newtonsCradleOneOutOneIn() throws {
        let w = try make("newtons-cradle")
        let balls = w.items
        #expect(balls.count == 5)
        let rest = balls.map(\.center)
        // Ball 0 hangs one spacing left of ball 1 once it has swung down.
        let hang0 = CGPoint(x: rest[1].x - (rest[2].x - rest[1].x), y: rest[1].y)
        var rise4: CGFloat = 0, drift0: CGFloat = 0, driftMiddle: CGFloat = 0, rise0Again: CGFloat = 0
        for f in 0..<200 {
            frame(w)
            if f >= 50 && f < 130 {
                rise4 = max(rise4, rest[4].y - balls[4].center.y)
                drift0 = max(drift0, abs(balls[0].center.x - hang0.x))
            }
            if f < 130 {
                for k in 1...3 { driftMiddle = max(driftMiddle, abs(balls[k].center.x - rest[k].x)) }
            }
            if f >= 140 { rise0Again = max(rise0Again, hang0.y - balls[0].center.y) }
        }
        #expect(rise4 >= 90, "the last ball rose \(rise4) pt")
        #expect(drift0 <= 8, "the struck-in ball drifted \(drift0) pt")
        #expect(driftMiddle <= 8, "the middle balls drifted \(driftMiddle) pt")
        #expect(rise0Again >= 80, "on the way back the first ball rose \(rise0Again) pt")
    }

    /// The break: the rack is asleep when the cue ball arrives, and at least 10 of its 15 balls end up more than
    /// 30 pt (one ball width) from where they were racked; none leaves the table.
    @Test func billiardsBreakScattersTheRack() throws {
        let w = try make("billiards-break")
        let rack = w.items.filter { $0.name != "cue" }
        #expect(rack.count == 15)
        let racked = rack.map(\.center)
        for _ in 0..<44 { frame(w) }
        #expect(rack.allSatisfy { w.animator.debugIsSleeping($0) == true }, "the rack rests before the break")
        for _ in 0..<120 { frame(w) }
        let moved = zip(rack, racked).filter { hypot($0.center.x - $1.x, $0.center.y - $1.y) > 30 }.count
        #expect(moved >= 10, "\(moved) of 15 balls moved more than a ball width")
        #expect(w.items.allSatisfy { w.bounds.contains($0.center) })
    }
}
