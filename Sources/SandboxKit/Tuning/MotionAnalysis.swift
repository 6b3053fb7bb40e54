import Foundation

/// How springy a motion is, measured from the motion itself (not from any parameter): the readouts beside the
/// selected item. Works on a sampled 2-D trace; the oscillation is read along the trace's principal axis.
public struct MotionAnalysis: Equatable, Sendable {
    /// Natural frequency, Hz: the oscillation's frequency corrected for damping, fd / √(1 − ζ²).
    public var frequency: Double
    /// Damping ratio ζ from the logarithmic decrement of successive extremes.
    public var dampingRatio: Double
    /// First swing past the rest point, % of the starting displacement (0 when it never crosses); for a trace that
    /// starts mid-swing, the first swing past the rest point after the first extreme, % of that extreme.
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
        // Only the swings that oscillate about the rest point are read; the rest point is found again from them
        // when the later extremes break the pattern (each round keeps fewer, so this ends).
        var rest = 0.0
        while true {
            guard ext.count >= 3, let r = restPoint(ext) else { return nil }
            rest = r
            let kept = min(oscillatingCount(ext, rest: rest), consistentCount(ext, rest: rest))
            if kept == ext.count { break }
            ext.removeSubrange(kept...)
        }
        guard settlesAtRest(x: x, t: t, n: n, rest: rest, firstAmplitude: abs(ext[0].x - rest)) else { return nil }
        let first = ext[0], last = ext[ext.count - 1]
        let halfPeriods = Double(ext.count - 1)
        let fd = halfPeriods / (2 * (last.t - first.t))
        let a0 = abs(first.x - rest), an = abs(last.x - rest)
        guard a0 > 0, an > 0, fd.isFinite, fd > 0 else { return nil }
        let delta = 2 * log(a0 / an) / halfPeriods  // per full period
        let zeta = delta / (4 * .pi * .pi + delta * delta).squareRoot()
        let fn = fd / max(1e-9, 1 - zeta * zeta).squareRoot()
        // Overshoot: the first extreme on the far side of the rest point from the start, when the trace starts from
        // its largest displacement (a release). A trace that starts mid-swing (a cursor that stopped while the item
        // swung) has no release to compare with: there it is the first swing past the rest point after the first
        // extreme, as a share of that extreme (the same number for a release from rest).
        let d0 = x[0] - rest
        let overshoot: Double
        if abs(d0) >= abs(ext[0].x - rest) {
            let opposite = ext.first { ($0.x - rest) * d0 < 0 }
            overshoot = opposite.map { abs($0.x - rest) / abs(d0) * 100 } ?? 0
        } else {
            overshoot = abs(ext[1].x - rest) / abs(ext[0].x - rest) * 100
        }
        // Settle: the sample after the last one outside the tolerance.
        var settle = 0.0
        if let i = (0..<n).last(where: { abs(x[$0] - rest) > settleTolerance }) {
            settle = (i + 1 < n ? t[i + 1] : t[i]) - t[0]
        }
        return MotionAnalysis(
            frequency: fn, dampingRatio: zeta, overshootPercent: overshoot, settleTime: settle,
            rest: rest, extremes: ext.count)
    }

    /// The rest point three alternating extremes in a row give: for extremes c ± A·rⁿ,
    /// (x0·x2 − x1²) / (x0 + x2 − 2·x1) = c exactly. Nil when the denominator vanishes.
    static func restOfThree(_ x0: Double, _ x1: Double, _ x2: Double) -> Double? {
        let d = x0 + x2 - 2 * x1
        return abs(d) > 1e-9 ? (x0 * x2 - x1 * x1) / d : nil
    }

    /// The rest point of alternating extremes `ext` (at least three): the median of `restOfThree` over each three
    /// in a row. Nil when none is defined.
    static func restPoint(_ ext: [(t: Double, x: Double)]) -> Double? {
        let rests = (0..<(ext.count - 2)).compactMap { restOfThree(ext[$0].x, ext[$0 + 1].x, ext[$0 + 2].x) }
        return rests.isEmpty ? nil : rests.sorted()[rests.count / 2]
    }

    /// Largest change of a half-period from the first one, as a factor: 1.5. A spring's half-periods are all the
    /// same, a pendulum's change slowly with its amplitude (1.18 × at a 90° swing); the extremes of a drag, a
    /// tumble or a settle into a pile come at any times.
    static let maximumPaceChange = 1.5
    /// Largest growth of a swing from the one two extremes before (same side), as a share of it and in pt: 10 %
    /// and 0.5 pt. A free motion that is damped never gains amplitude; one driven by a hand or a collision may.
    static let maximumGrowth = 0.1
    static let growthSlack = 0.5

    /// How many of the extremes `ext`, from the first, oscillate about `rest`: each on the other side of it from
    /// the one before, half a period after it (within `maximumPaceChange` of the first half-period), and no
    /// larger than the one on the same side before it (within `maximumGrowth` and `growthSlack`).
    static func oscillatingCount(_ ext: [(t: Double, x: Double)], rest: Double) -> Int {
        guard ext.count >= 2 else { return ext.count }
        let firstHalf = ext[1].t - ext[0].t
        guard firstHalf > 0 else { return 1 }
        for k in 1..<ext.count {
            let side = ext[k].x - rest
            guard side * (ext[k - 1].x - rest) < 0 else { return k }
            let half = ext[k].t - ext[k - 1].t
            guard half <= maximumPaceChange * firstHalf, half * maximumPaceChange >= firstHalf else { return k }
            if k >= 2 {
                let before = abs(ext[k - 2].x - rest)
                guard abs(side) <= before * (1 + maximumGrowth) + growthSlack else { return k }
            }
        }
        return ext.count
    }

    /// How many of the extremes `ext`, from the first, agree on the rest point `rest`: each three in a row give it
    /// within a tenth of the first swing's amplitude (at least `minimumSwing`). A damped spring's extremes give the
    /// same rest point from any three; a bouncing ball's, whose low extremes all lie on the floor, do not.
    static func consistentCount(_ ext: [(t: Double, x: Double)], rest: Double) -> Int {
        let tolerance = max(minimumSwing, 0.1 * abs(ext[0].x - rest))
        for k in 0..<(ext.count - 2) {
            guard let r = restOfThree(ext[k].x, ext[k + 1].x, ext[k + 2].x), abs(r - rest) <= tolerance else {
                return k + 2
            }
        }
        return ext.count
    }

    /// Time at the end of a trace over which it must stay within `settleTolerance` of one place to count as come to
    /// rest, s: 0.25.
    static let restWindow = 0.25

    /// Whether the trace `x`, when it has come to rest (its last `restWindow` within `settleTolerance`), rests at
    /// the oscillation's rest point `rest` (within twice `minimumSwing`, or a tenth of the first swing's
    /// amplitude `firstAmplitude`: the sleep rule may stop the last small swing short of it). A bouncing ball's
    /// extremes alternate about a point in mid-air, and it comes to rest on the floor. True while the trace still
    /// moves.
    static func settlesAtRest(x: [Double], t: [Double], n: Int, rest: Double, firstAmplitude: Double) -> Bool {
        guard let last = t.prefix(n).last, last - t[0] > restWindow else { return true }
        var lo = Double.infinity, hi = -Double.infinity
        var i = n - 1
        while i >= 0 && last - t[i] <= restWindow {
            lo = min(lo, x[i])
            hi = max(hi, x[i])
            i -= 1
        }
        guard hi - lo <= settleTolerance else { return true }
        let tolerance = max(2 * minimumSwing, 0.1 * firstAmplitude)
        return abs(x[n - 1] - rest) <= tolerance
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
