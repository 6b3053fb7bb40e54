import Foundation
import SandboxRender

/// Runs the app without a window: N frames of 1/60 s, each stepped and drawn, with the per-frame split.
@MainActor
public struct HeadlessRun {
    /// Per-frame timings of a run, ms.
    public struct Report: Sendable {
        /// Physics (`advance(by:)`) time of each frame, ms.
        public var physicsMs: [Double] = []
        /// Drawing time of each frame, ms.
        public var drawMs: [Double] = []

        /// Median, 95th percentile and maximum of `values`.
        public static func summary(_ values: [Double]) -> (median: Double, p95: Double, max: Double) {
            guard !values.isEmpty else { return (0, 0, 0) }
            let s = values.sorted()
            return (s[s.count / 2], s[min(s.count - 1, Int(Double(s.count) * 0.95))], s[s.count - 1])
        }

        /// Mean of the last `count` values (all of them when fewer), 0 when empty.
        public static func recentMean(_ values: [Double], count: Int) -> Double {
            let tail = values.suffix(max(1, count))
            return tail.isEmpty ? 0 : tail.reduce(0, +) / Double(tail.count)
        }
    }

    /// Steps and draws `frames` frames of 1/60 s (each frame is drawn, as in the window); calls `progress` every
    /// 60 frames with the frame number and the timings so far. Returns the timings and leaves the last frame in
    /// `raster`.
    public static func run(
        _ app: SandboxApp, frames: Int, raster: inout Raster,
        progress: (Int, Report) -> Void = { _, _ in }
    ) -> Report {
        var report = Report()
        for f in 1...max(1, frames) {
            app.frame(dt: 1.0 / 60)
            app.render(into: &raster)
            report.physicsMs.append(app.physicsMs)
            report.drawMs.append(app.drawMs)
            if f % 60 == 0 { progress(f, report) }
        }
        return report
    }
}
