import Foundation

/// The selected item's recent motion, for the sandbox's graph: its speed and its centre's x and y over the last
/// `duration` seconds of animator time, so a spring's ringing, a snap's settling or a bounce's decay can be read
/// while tuning.
public struct MotionTrace: Sendable {
    /// One sample: animator time, s; the centre, pt (reference coordinates, y down); the speed, pt/s.
    public struct Sample: Sendable, Equatable {
        /// Animator time (`elapsedTime`), s.
        public var time: Double
        /// The item's centre x, pt.
        public var x: Double
        /// The item's centre y, pt (down).
        public var y: Double
        /// The item's speed, pt/s (≥ 0).
        public var speed: Double
    }

    /// Seconds of history kept: 4.
    public static let duration = 4.0
    /// The samples, oldest first, spanning at most `duration` s.
    public private(set) var samples: [Sample] = []

    /// An empty trace.
    public init() {}

    /// Adds a sample at animator time `time` (s). A time that does not move forward (the animator paused) or a
    /// non-finite value is ignored; samples older than `duration` before it are dropped.
    public mutating func record(time: Double, x: Double, y: Double, speed: Double) {
        guard time.isFinite, x.isFinite, y.isFinite, speed.isFinite else { return }
        if let last = samples.last, time <= last.time { return }
        samples.append(Sample(time: time, x: x, y: y, speed: max(0, speed)))
        let cutoff = time - Self.duration
        if let keep = samples.firstIndex(where: { $0.time >= cutoff }), keep > 0 {
            samples.removeFirst(keep)
        }
    }

    /// Forgets every sample (a new item was selected, or the scene changed).
    public mutating func reset() {
        samples.removeAll()
    }

    /// The smallest and largest value of `value` over the samples, widened to at least `minimumSpan` around its
    /// middle so a still item draws a flat line in the middle instead of noise; nil when empty.
    public func range(of value: (Sample) -> Double, minimumSpan: Double) -> ClosedRange<Double>? {
        guard let first = samples.first else { return nil }
        var lo = value(first), hi = lo
        for s in samples.dropFirst() {
            let v = value(s)
            lo = min(lo, v)
            hi = max(hi, v)
        }
        if hi - lo < minimumSpan {
            let mid = (lo + hi) / 2
            lo = mid - minimumSpan / 2
            hi = mid + minimumSpan / 2
        }
        return lo...hi
    }
}
