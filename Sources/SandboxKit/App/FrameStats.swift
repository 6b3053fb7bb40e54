/// What a window run measured, for its closing line: presents per second over the display-linked part
/// of the run (the pacer's unpaced probe excluded, since it runs faster than the display), the longest interval
/// between two presents, and each frame's physics and draw times.
public struct FrameStats: Sendable {
    /// Frames presented in all, probe included.
    public private(set) var framesPresented = 0
    /// Frames presented once the clock was display-linked.
    public private(set) var linkedFrames = 0
    /// Physics time of each display-linked frame, ms.
    public private(set) var physicsMs: [Double] = []
    /// Draw time of each display-linked frame, ms.
    public private(set) var drawMs: [Double] = []
    /// The longest interval between two display-linked presents, s (0 before two).
    public private(set) var longestInterval = 0.0
    /// Time between consecutive display-linked presents with no idle wait between them, s.
    private var activeTime = 0.0
    /// Intervals summed in `activeTime`.
    private var activeIntervals = 0
    private var lastLinked: Double?

    /// An empty record.
    public init() {}

    /// Records one present at monotonic time `time` (s) with the frame's physics and draw times (ms); `linked`
    /// says whether the frame clock was display-linked (probing over) when the frame was made.
    public mutating func recordPresent(
        at time: Double, physicsMs physics: Double, drawMs draw: Double,
        linked: Bool
    ) {
        framesPresented += 1
        guard linked, time.isFinite else { return }
        if let last = lastLinked {
            longestInterval = max(longestInterval, time - last)
            activeTime += time - last
            activeIntervals += 1
        }
        lastLinked = time
        linkedFrames += 1
        physicsMs.append(physics)
        drawMs.append(draw)
    }

    /// The loop slept on events (nothing moved): the next present starts a new run of frames, so neither the
    /// frame rate nor the longest frame counts the wait.
    public mutating func recordIdleWait() {
        lastLinked = nil
    }

    /// Display-linked presents per second: the intervals between consecutive linked presents over their total
    /// time, idle waits excluded (0 before two).
    public var framesPerSecond: Double {
        guard activeIntervals > 0, activeTime > 0 else { return 0 }
        return Double(activeIntervals) / activeTime
    }
}
