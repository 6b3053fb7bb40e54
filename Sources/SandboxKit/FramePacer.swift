/// The frame clock's policy, apart from any real clock so it can be tested: trust vsync when presenting blocks,
/// otherwise pace frames to the display's nominal rate.
///
/// The first `probeFrames` presents are timed unpaced; if their median takes more than 40 % of the nominal period
/// the display blocks (vsync) and the pacer never waits, otherwise it waits until each frame's deadline. Under Xvfb
/// SDL simulates vsync with 16-ms blocking presents (62.5 Hz) when vsync was asked for; without it, presents take
/// under a millisecond and the pacer holds 60 Hz.
public struct FramePacer: Sendable {
    /// Presents timed before deciding. 30.
    public static let probeFrames = 30
    /// Nominal display period, s (1/refresh; 1/60 when the display reports 0 or nonsense).
    public let period: Double
    /// nil while probing; then whether presents block (vsync) or the pacer waits (fallback).
    public private(set) var vsync: Bool?
    private var samples: [Double] = []
    private var deadline: Double?
    private var last: Double?

    /// A pacer for a display of `refreshHz` (values outside 24…500, e.g. 0 under Xvfb, mean 60).
    public init(refreshHz: Double) {
        period = (24...500).contains(refreshHz) ? 1 / refreshHz : 1.0 / 60
    }

    /// Records how long one present took, s (only used while probing).
    public mutating func recordPresent(duration: Double) {
        guard vsync == nil, duration.isFinite else { return }
        samples.append(max(0, duration))
        if samples.count >= Self.probeFrames {
            vsync = samples.sorted()[samples.count / 2] > 0.4 * period
        }
    }

    /// How long to wait before starting the next frame, s, at monotonic time `now` (s). 0 while probing, with
    /// vsync, or when late (a stall of more than 4 periods resynchronises instead of bursting).
    public mutating func waitBeforeNextFrame(now: Double) -> Double {
        guard vsync == false else { return 0 }
        let next = (deadline ?? now) + period
        if now > next + 4 * period {
            deadline = now
            return 0
        }
        deadline = next
        return max(0, next - now)
    }

    /// The interval since the previous call, s, clamped to 0…1/15 (the first call answers one period).
    public mutating func frameInterval(now: Double) -> Double {
        defer { last = now }
        guard let last else { return period }
        return max(0, min(1.0 / 15, now - last))
    }

    /// Forgets the schedule after the app slept on events, so the next frame neither bursts nor jumps.
    public mutating func resynchronize(now: Double) {
        deadline = now
        last = now - period
    }
}
