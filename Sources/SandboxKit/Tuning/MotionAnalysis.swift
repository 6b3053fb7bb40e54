import Foundation

/// How springy a motion is, measured from the motion itself (not from any parameter): the readouts beside the
/// selected item. Works on a sampled 2-D trace; the oscillation is read along the trace's principal axis.
public struct MotionAnalysis: Equatable, Sendable {
    /// Natural frequency, Hz: the oscillation's frequency corrected for damping, fd / √(1 − ζ²).
    public var frequency: Double
    /// Damping ratio ζ from the logarithmic decrement of successive extremes.
    public var dampingRatio: Double
    /// First swing past the rest point, % of the starting displacement (0 when it never crosses).
    public var overshootPercent: Double
    /// Time from the trace's start until the item stays within `settleTolerance` of its rest point, s.
    public var settleTime: Double
    /// The rest point the motion decays to, along the principal axis, pt (relative to the trace's mean).
    public var rest: Double
    /// Number of extremes the estimate used.
    public var extremes: Int

    /// Swings (extreme to extreme) smaller than this end the analysed part of the motion, pt: 1.
    public static let minimumSwing = 1.0
    /// The settle tolerance, pt: 0.5.
    public static let settleTolerance = 0.5
    /// A body sleeps after this long below `restSpeed`, s (spec §sleep: ≈ 0.5 s).
    public static let sleepDelay = 0.5
    /// The rest rule's speed, pt/s (1 pt/s).
    public static let restSpeed = 1.0

    /// Analyses a 1-D signal `x` (pt) sampled at `t` (s, increasing). Nil when there are fewer than three extremes
    /// (no oscillation to read).
    public static func analyze(t: [Double], x: [Double]) -> MotionAnalysis? {
        let n = min(t.count, x.count)
        guard n >= 5 else { return nil }
        // Extremes, refined by a parabola through the sample and its neighbours (sub-frame time and value).
        var ext: [(t: Double, x: Double)] = []
        var lastSign = 0
        for i in 1..<(n - 1) {
            let d1 = x[i] - x[i - 1], d2 = x[i + 1] - x[i]
            let isMax = d1 > 0 && d2 <= 0, isMin = d1 < 0 && d2 >= 0
            guard isMax || isMin else { continue }
            let sign = isMax ? 1 : -1
            guard sign != lastSign else { continue }
            let a = x[i - 1], b = x[i], c = x[i + 1]
            let denom = a - 2 * b + c
            let h = (t[i + 1] - t[i - 1]) / 2
            let u = abs(denom) > 1e-12 ? max(-1, min(1, 0.5 * (a - c) / denom)) : 0
            ext.append((t[i] + u * h, b - 0.25 * (a - c) * u))
            lastSign = sign
        }
        // Drop the tail once the swing is below `minimumSwing`: there the rest rule (1 pt/s) puts the body to
        // sleep mid-swing, which is not the spring's motion.
        if let cut = ext.indices.dropFirst().first(where: { abs(ext[$0].x - ext[$0 - 1].x) < minimumSwing }) {
            ext.removeSubrange(cut...)
        }
        guard ext.count >= 3 else { return nil }
        // Rest point: for extremes c ± A·rⁿ alternating, (x0·x2 − x1²) / (x0 + x2 − 2·x1) = c exactly.
        var rests: [Double] = []
        for k in 0..<(ext.count - 2) {
            let x0 = ext[k].x, x1 = ext[k + 1].x, x2 = ext[k + 2].x
            let d = x0 + x2 - 2 * x1
            if abs(d) > 1e-9 { rests.append((x0 * x2 - x1 * x1) / d) }
        }
        guard !rests.isEmpty else { return nil }
        let rest = rests.sorted()[rests.count / 2]
        let first = ext[0], last = ext[ext.count - 1]
        let halfPeriods = Double(ext.count - 1)
        let fd = halfPeriods / (2 * (last.t - first.t))
        let a0 = abs(first.x - rest), an = abs(last.x - rest)
        guard a0 > 0, an > 0, fd.isFinite, fd > 0 else { return nil }
        let delta = 2 * log(a0 / an) / halfPeriods  // per full period
        let zeta = delta / (4 * .pi * .pi + delta * delta).squareRoot()
        let fn = fd / max(1e-9, 1 - zeta * zeta).squareRoot()
        // Overshoot: the first extreme on the far side of the rest point from the start.
        let d0 = x[0] - rest
        let opposite = ext.first { ($0.x - rest) * d0 < 0 }
        let overshoot = abs(d0) > 1e-9 ? (opposite.map { abs($0.x - rest) / abs(d0) * 100 } ?? 0) : 0
        // Settle: the sample after the last one outside the tolerance.
        var settle = 0.0
        if let i = (0..<n).last(where: { abs(x[$0] - rest) > settleTolerance }) {
            settle = (i + 1 < n ? t[i + 1] : t[i]) - t[0]
        }
        return MotionAnalysis(
            frequency: fn, dampingRatio: zeta, overshootPercent: overshoot, settleTime: settle,
            rest: rest, extremes: ext.count)
    }

    /// Analyses a 2-D trace along its principal axis (the direction it moves most).
    public static func analyze(t: [Double], x: [Double], y: [Double]) -> MotionAnalysis? {
        let n = min(t.count, x.count, y.count)
        guard n >= 5 else { return nil }
        let mx = x.prefix(n).reduce(0, +) / Double(n), my = y.prefix(n).reduce(0, +) / Double(n)
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for i in 0..<n {
            let dx = x[i] - mx, dy = y[i] - my
            sxx += dx * dx
            syy += dy * dy
            sxy += dx * dy
        }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        let c = cos(angle), s = sin(angle)
        let projected = (0..<n).map { (x[$0] - mx) * c + (y[$0] - my) * s }
        return analyze(t: Array(t.prefix(n)), x: projected)
    }
}

/// What a spring's parameters predict (the readouts' "predicted" column).
public struct SpringPrediction: Equatable, Sendable {
    /// Natural frequency, Hz.
    public var frequency: Double
    /// Damping ratio.
    public var dampingRatio: Double
    /// First overshoot, % (0 at ζ ≥ 1).
    public var overshootPercent: Double
    /// Time for the envelope of a displacement `amplitude` to fall within 0.5 pt, s (nil when undamped).
    public var settleTime: Double?
    /// Time until the item may sleep (speed envelope below 1 pt/s, then 0.5 s), s (nil when undamped).
    public var timeToPause: Double?

    /// The prediction for a spring of `frequency` Hz and damping ratio `dampingRatio` released `amplitude` pt
    /// from rest.
    public init(frequency: Double, dampingRatio: Double, amplitude: Double) {
        self.frequency = frequency
        self.dampingRatio = dampingRatio
        let z = dampingRatio, w = 2 * .pi * frequency
        overshootPercent = z < 1 ? exp(-.pi * z / (1 - z * z).squareRoot()) * 100 : 0
        let a = max(abs(amplitude), MotionAnalysis.settleTolerance)
        settleTime = z > 0 && w > 0 ? log(a / MotionAnalysis.settleTolerance) / (z * w) : nil
        let v = a * w
        timeToPause =
            z > 0 && w > 0
            ? max(0, log(max(1, v / MotionAnalysis.restSpeed)) / (z * w)) + MotionAnalysis.sleepDelay : nil
    }
}
