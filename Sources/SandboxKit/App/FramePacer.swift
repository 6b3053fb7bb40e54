import Dynamics

/// The frame clock's policy, apart from any real clock so it can be tested: trust vsync when presenting blocks,
/// otherwise emulate a display's refresh ticks, and hand the animator whole display periods as a display link does.
///
/// The first `probeFrames` presents are timed unpaced; if their median takes more than 40 % of the nominal period
/// the display blocks (vsync) and the pacer never waits, otherwise it paces frames onto a grid of ticks one period
/// apart. Under Xvfb SDL simulates vsync with 16-ms blocking presents (62.5 Hz) when vsync was asked for; without
/// it, presents take under a millisecond and the pacer holds 60 Hz.
///
/// On the tick grid a frame that ends more than `lateSlack` periods after its tick waits for the next tick, as a
/// display drops a frame that missed its vsync: the periods skipped are counted in `droppedPeriods`, and the next
/// frame hands the animator every period that passed, so the world keeps real time and moves evenly.
public struct FramePacer: Sendable {
    /// Presents timed before deciding. 30.
    public static let probeFrames = 30
    /// The most display periods one frame hands the animator: the fewest that last longer than
    /// `DynamicAnimator.maximumFrameInterval` (31 at 60 Hz). Up to the animator's maximum the frame hands every
    /// period that passed, as a display link does, and the world keeps real time; any longer stall means the same
    /// to the animator (a hitch, simulated as 1/60 s, UIKit's rule), so it is handed as this many periods and
    /// starts a new grid. The frame-time cap itself lives in the animator only.
    public let maximumPeriodsPerFrame: Int
    /// How late past its tick a paced frame may still start, in periods: 0.25 (4 ms at 60 Hz). Later than that the
    /// tick counts as missed and the frame waits for the next one.
    public static let lateSlack = 0.25
    /// Nominal display period, s (1/refresh; 1/60 when the display reports 0 or nonsense).
    public let period: Double
    /// nil while probing; then whether presents block (vsync) or the pacer waits (fallback).
    public private(set) var vsync: Bool?
    /// Display periods that passed without a frame since probing ended (dropped frames, a stall's included), ≥ 0.
    public private(set) var droppedPeriods = 0
    private var samples: [Double] = []
    /// Paced mode: the time of tick 0 of the current grid, s, and the tick the next frame starts on.
    private var origin: Double?
    private var tick = 0
    /// Periods between the frame in progress and the next one (paced mode), 1…`maximumPeriodsPerFrame`.
    private var nextPeriods = 1
    private var last: Double?

    /// A pacer for a display of `refreshHz` (values outside 24…500, e.g. 0 under Xvfb, mean 60).
    public init(refreshHz: Double) {
        period = (24...500).contains(refreshHz) ? 1 / refreshHz : 1.0 / 60
        var periods = Int((DynamicAnimator.maximumFrameInterval / period).rounded(.down))
        while Double(periods) * period <= DynamicAnimator.maximumFrameInterval { periods += 1 }
        maximumPeriodsPerFrame = periods
    }

    /// Records how long one present took, s (only used while probing).
    public mutating func recordPresent(duration: Double) {
        guard vsync == nil, duration.isFinite else { return }
        samples.append(max(0, duration))
        if samples.count >= Self.probeFrames {
            vsync = samples.sorted()[samples.count / 2] > 0.4 * period
        }
    }

    /// How long to wait before starting the next frame, s, at monotonic time `now` (s): until the next tick of
    /// the grid (0 while probing or with vsync). A frame later than `lateSlack` past its tick waits for the tick
    /// after; a stall longer than `maximumPeriodsPerFrame` periods starts a new grid at `now` instead of bursting.
    public mutating func waitBeforeNextFrame(now: Double) -> Double {
        guard vsync == false else { return 0 }
        guard let start = origin else {
            origin = now
            tick = 1
            nextPeriods = 1
            return period
        }
        var next = tick + 1
        let due = start + Double(next) * period
        if now > due + Self.lateSlack * period {
            next = Int(((now - start) / period).rounded(.up))
        }
        let skipped = next - tick - 1
        droppedPeriods += skipped
        if skipped >= maximumPeriodsPerFrame {
            origin = now
            tick = 0
            nextPeriods = maximumPeriodsPerFrame
            return 0
        }
        nextPeriods = next - tick
        tick = next
        return max(0, start + Double(next) * period - now)
    }

    /// The time the animator advances this frame, s, at monotonic time `now` (s): one display period for the first
    /// call.
    ///
    /// Once the clock is display-linked this is a whole number of periods, as a display link's
    /// `targetTimestamp − timestamp` is: paced, the ticks between this frame and the previous one; with vsync, the
    /// wall-clock interval rounded to periods (a longer interval counts its extra periods as dropped). Always
    /// 1…`maximumPeriodsPerFrame` periods, so timer jitter never turns into a frame of one world step followed by
    /// one of three. While probing (unpaced) it is the wall-clock interval, clamped to 0…`maximumPeriodsPerFrame`
    /// periods.
    public mutating func frameInterval(now: Double) -> Double {
        defer { last = now }
        guard let last else { return period }
        let wall = now - last
        guard wall.isFinite else { return period }
        let cap = Double(maximumPeriodsPerFrame) * period
        switch vsync {
        case nil:
            return max(0, min(cap, wall))
        case false?:
            return Double(nextPeriods) * period
        case true?:
            let periods = max(1, Int(min(Double(maximumPeriodsPerFrame), (wall / period).rounded())))
            droppedPeriods += periods - 1
            return Double(periods) * period
        }
    }

    /// Forgets the schedule after the app slept on events, so the next frame neither bursts nor jumps: it starts
    /// a new tick grid and advances one period.
    public mutating func resynchronize(now: Double) {
        origin = nil
        nextPeriods = 1
        last = now - period
    }
}
