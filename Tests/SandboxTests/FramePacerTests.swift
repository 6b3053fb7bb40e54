import SandboxKit
import Testing

@Suite("FramePacer: vsync detection and the paced fallback")
struct FramePacerTests {
    @Test("presents that block for a period mean vsync: the pacer never waits")
    func vsyncDetected() {
        var p = FramePacer(refreshHz: 0)
        #expect(abs(p.period - 1.0 / 60) < 1e-12, "refresh 0 (Xvfb) means 60 Hz")
        for _ in 0..<FramePacer.probeFrames { p.recordPresent(duration: 0.016) }
        #expect(p.vsync == true)
        #expect(p.waitBeforeNextFrame(now: 10) == 0)
    }

    @Test("presents that return at once mean no vsync: frames are paced one period apart")
    func pacedFallback() {
        var p = FramePacer(refreshHz: 60)
        for _ in 0..<FramePacer.probeFrames { p.recordPresent(duration: 0.0005) }
        #expect(p.vsync == false)
        var now = 1.0
        // The first frame waits one period; the next deadline is exactly one period after it (1e-9 s: rounding).
        #expect(abs(p.waitBeforeNextFrame(now: now) - 1.0 / 60) < 1e-9)
        now += 1.0 / 60 + 0.004                     // slept to the deadline, then 4 ms of work
        let wait = p.waitBeforeNextFrame(now: now)
        #expect(abs(wait - (1.0 / 60 - 0.004)) < 1e-9)
        // A stall of 5 periods resynchronises instead of bursting frames.
        #expect(p.waitBeforeNextFrame(now: now + 0.1) == 0)
        #expect(abs(p.waitBeforeNextFrame(now: now + 0.1) - 1.0 / 60) < 1e-9)
    }

    @Test("frame intervals are clamped to 1/15 s; the first is one period")
    func intervals() {
        var p = FramePacer(refreshHz: 120)
        #expect(abs(p.frameInterval(now: 5) - 1.0 / 120) < 1e-12)
        #expect(abs(p.frameInterval(now: 5.01) - 0.01) < 1e-9)
        #expect(p.frameInterval(now: 7) == 1.0 / 15)
    }
}
