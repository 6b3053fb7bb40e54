import Dynamics
import SandboxKit
import Testing

/// Times are exact binary-friendly seconds; tolerances of 1e-9 s only absorb floating-point rounding.
@Suite("FramePacer: vsync detection, the paced tick grid and display-link intervals")
struct FramePacerTests {
    /// A pacer at 60 Hz whose probe found presents that return at once (no vsync: the paced grid).
    func pacedPacer() -> FramePacer {
        var p = FramePacer(refreshHz: 60)
        for _ in 0..<FramePacer.probeFrames { p.recordPresent(duration: 0.0005) }
        return p
    }

    /// A paced pacer after its first frame, waiting for tick 1 of a grid that starts at t = 1 s.
    func gridFromOneSecond() -> FramePacer {
        var p = pacedPacer()
        _ = p.frameInterval(now: 0.99)
        _ = p.waitBeforeNextFrame(now: 1.0)
        return p
    }

    @Test("presents that block for a period mean vsync: the pacer never waits")
    func vsyncDetected() {
        var p = FramePacer(refreshHz: 0)
        #expect(abs(p.period - 1.0 / 60) < 1e-12, "refresh 0 (Xvfb) means 60 Hz")
        for _ in 0..<FramePacer.probeFrames { p.recordPresent(duration: 0.016) }
        #expect(p.vsync == true)
        #expect(p.waitBeforeNextFrame(now: 10) == 0)
    }

    @Test("presents that return at once mean no vsync: frames start on ticks one period apart")
    func pacedGrid() {
        var p = pacedPacer()
        #expect(p.vsync == false)
        let T = 1.0 / 60
        var now = 1.0
        // The first frame waits one period: tick 1 of a grid starting now.
        #expect(abs(p.waitBeforeNextFrame(now: now) - T) < 1e-9)
        now += T + 0.004  // slept to the tick, then 4 ms of work
        #expect(abs(p.waitBeforeNextFrame(now: now) - (T - 0.004)) < 1e-9)
        // 2 ms late past the next tick (within the 4-ms slack): starts at once, and the tick after stays on grid.
        now = 1.0 + 3 * T + 0.002
        #expect(p.waitBeforeNextFrame(now: now) == 0)
        #expect(abs(p.waitBeforeNextFrame(now: now + 0.001) - (T - 0.003)) < 1e-9)
        #expect(p.droppedPeriods == 0)
    }

    @Test("a frame that misses its tick by more than the slack waits for the next one and hands over two periods")
    func missedTick() {
        let T = 1.0 / 60
        var q = gridFromOneSecond()  // next tick 1 + T
        #expect(abs(q.frameInterval(now: 1.0 + T) - T) < 1e-12)
        // This frame started at tick 1 and ended 6 ms after tick 2: tick 2 is missed, it waits for tick 3.
        let wait = q.waitBeforeNextFrame(now: 1.0 + 2 * T + 0.006)
        #expect(abs(wait - (T - 0.006)) < 1e-9)
        #expect(q.droppedPeriods == 1)
        // The next frame hands the animator both periods that passed, exactly.
        #expect(q.frameInterval(now: 1.0 + 3 * T + 0.0003) == 2 * T)
    }

    @Test("paced intervals are exactly one period whatever the timer jitter")
    func jitterIgnored() {
        var p = pacedPacer()
        let T = 1.0 / 60
        var now = 2.0
        _ = p.frameInterval(now: now)
        _ = p.waitBeforeNextFrame(now: now)
        let jitter = [0.0012, -0.0009, 0.0021, 0.0, -0.0015, 0.0008]
        for (k, j) in jitter.enumerated() {
            now = 2.0 + Double(k + 1) * T + j  // woke up a little early or late
            #expect(p.frameInterval(now: now) == T)
            _ = p.waitBeforeNextFrame(now: now + 0.005)
        }
        #expect(p.droppedPeriods == 0)
    }

    /// The pacer has no frame-time cap of its own (issue 15 §9: one cap, the animator's): it hands the fewest
    /// periods longer than `DynamicAnimator.maximumFrameInterval` at most, which the animator takes as a hitch.
    @Test("the most periods a frame hands over are the fewest longer than the animator's 0.5-s maximum")
    func mostPeriodsPerFrame() {
        for hz in [24.0, 30, 60, 90, 120, 144, 500] {
            let p = FramePacer(refreshHz: hz)
            let longest = Double(p.maximumPeriodsPerFrame) * p.period
            #expect(longest > DynamicAnimator.maximumFrameInterval, "\(hz) Hz")
            #expect(Double(p.maximumPeriodsPerFrame - 1) * p.period <= DynamicAnimator.maximumFrameInterval, "\(hz) Hz")
        }
        #expect(FramePacer(refreshHz: 60).maximumPeriodsPerFrame == 31)
    }

    @Test("a stall is handed over whole up to the animator's maximum, as a display link does")
    func shortStall() {
        var p = gridFromOneSecond()
        let T = 1.0 / 60
        _ = p.frameInterval(now: 1.0 + T)
        // 0.105 s of work: ticks 2…7 are missed, the frame waits for tick 8 and hands over the 7 periods since tick 1.
        let wait = p.waitBeforeNextFrame(now: 1.0 + T + 0.105)
        #expect(abs(wait - (1.0 + 8 * T - (1.0 + T + 0.105))) < 1e-9)
        #expect(p.droppedPeriods == 6)
        #expect(p.frameInterval(now: 1.0 + 8 * T) == 7 * T)
    }

    @Test("a stall longer than the animator's maximum starts a new grid and reads as a hitch to the animator")
    func stall() {
        var p = gridFromOneSecond()
        let T = 1.0 / 60
        _ = p.frameInterval(now: 1.0 + T)
        #expect(p.waitBeforeNextFrame(now: 1.0 + T + 2) == 0)
        #expect(p.droppedPeriods >= p.maximumPeriodsPerFrame)
        let handed = p.frameInterval(now: 1.0 + T + 2)
        #expect(handed == Double(p.maximumPeriodsPerFrame) * T)
        #expect(DynamicAnimator.frameInterval(forDisplayInterval: handed) == 1.0 / 60)
        // The new grid starts at the stall's end.
        #expect(abs(p.waitBeforeNextFrame(now: 1.0 + T + 2 + 0.003) - (T - 0.003)) < 1e-9)
    }

    @Test("with vsync the interval is the wall time rounded to whole periods; extra periods count as dropped")
    func vsyncIntervals() {
        var p = FramePacer(refreshHz: 60)
        for _ in 0..<FramePacer.probeFrames { p.recordPresent(duration: 0.016) }
        let T = 1.0 / 60
        _ = p.frameInterval(now: 3)
        #expect(p.frameInterval(now: 3 + T + 0.0013) == T)
        #expect(p.frameInterval(now: 3 + 3 * T - 0.001) == 2 * T)
        #expect(p.droppedPeriods == 1)
        #expect(p.frameInterval(now: 3.5) == 27 * T)  // 0.451 s since the last frame
        #expect(p.frameInterval(now: 10) == Double(p.maximumPeriodsPerFrame) * T)
        // A clock jump of 10¹⁰⁰ s cannot overflow the period count.
        #expect(p.frameInterval(now: 1e100) == Double(p.maximumPeriodsPerFrame) * T)
    }

    @Test("while probing, intervals are the wall time up to the most periods per frame; the first is one period")
    func probingIntervals() {
        var p = FramePacer(refreshHz: 120)
        #expect(abs(p.frameInterval(now: 5) - 1.0 / 120) < 1e-12)
        #expect(abs(p.frameInterval(now: 5.003) - 0.003) < 1e-9)
        #expect(abs(p.frameInterval(now: 5.303) - 0.3) < 1e-9)
        #expect(abs(p.frameInterval(now: 7) - 61.0 / 120) < 1e-12)
    }

    /// The app hands the animator a long frame as it came (the sandbox's old 0.25-s clamp is gone): 0.4 s is
    /// simulated as 0.4 s, 0.6 s as 1/60 s, as UIKit does with a display link's interval.
    @MainActor
    @Test("the app leaves the long-frame rule to the animator")
    func appFrames() {
        var c = SandboxApp.Configuration()
        c.scene = "sticker-pile"
        let app = SandboxApp(configuration: c)
        app.frame(dt: 1.0 / 60)
        let t0 = app.world.animator.elapsedTime
        app.frame(dt: 0.4)
        #expect(abs(app.world.animator.elapsedTime - t0 - 0.4) < 1e-12)
        app.frame(dt: 0.6)
        #expect(abs(app.world.animator.elapsedTime - t0 - 0.4 - 1.0 / 60) < 1e-12)
    }

    @Test("after sleeping on events the next frame advances one period and the grid restarts")
    func resynchronize() {
        var p = gridFromOneSecond()
        let T = 1.0 / 60
        p.resynchronize(now: 9.0)
        #expect(p.frameInterval(now: 9.0) == T)
        #expect(abs(p.waitBeforeNextFrame(now: 9.004) - T) < 1e-9)
        #expect(p.droppedPeriods == 0)
    }

    @Test("frame stats: fps over the display-linked frames only, the longest interval, the per-frame times")
    func frameStats() {
        var s = FrameStats()
        // 30 probe frames 2 ms apart (they would read as 500 fps), then 61 frames one period apart with one 2-period gap.
        var t = 0.0
        for _ in 0..<30 {
            t += 0.002
            s.recordPresent(at: t, physicsMs: 9, drawMs: 9, linked: false)
        }
        let T = 1.0 / 60
        for k in 0..<61 {
            t += k == 30 ? 2 * T : T
            s.recordPresent(at: t, physicsMs: 1, drawMs: 2, linked: true)
        }
        #expect(s.framesPresented == 91)
        #expect(s.linkedFrames == 61)
        // 60 intervals over 61 periods of time.
        #expect(abs(s.framesPerSecond - 60.0 / (61 * T)) < 1e-6)
        #expect(abs(s.longestInterval - 2 * T) < 1e-9)
        #expect(s.physicsMs.count == 61 && s.physicsMs.allSatisfy { $0 == 1 })
        #expect(s.drawMs.allSatisfy { $0 == 2 })
    }
}
