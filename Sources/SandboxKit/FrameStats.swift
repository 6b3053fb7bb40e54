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
    private var firstLinked: Double?
    private var lastLinked: Double?

    /// An empty record.
    public init() {}

    /// Records one present at monotonic time `time` (s) with the frame's physics and draw times (ms); `linked`
    /// says whether the frame clock was display-linked (probing over) when the frame was made.
    public mutating func recordPresent(at time: Double, physicsMs physics: Double, drawMs draw: Double,
                                       linked: Bool) {
        framesPresented += 1
        guard linked, time.isFinite else { return }
        if let last = lastLinked { longestInterval = max(longestInterval, time - last) }
        if firstLinked == nil { firstLinked = time }
        lastLinked = time
        linkedFrames += 1
        physicsMs.append(physics)
        drawMs.append(draw)
    }

    /// Display-linked presents per second: intervals between the first and last linked present over their time
    /// (0 before two).
    public var framesPerSecond: Double {
        guard let a = firstLinked, let b = lastLinked, b > a, linkedFrames > 1 else { return 0 }
        return Double(linkedFrames - 1) / (b - a)
    }
}
