import PhysicsCore

/// The result of one run, formatted as the peers' JSON line (`../shared/peers/README.md`, "The JSON line").
struct BenchReport {
    /// The `engine` field.
    static let engineName = "swiftdynamics"

    var scene: SceneKind
    var n: Int
    var sleep: Bool
    /// Solver sub-steps per frame (the `iters` field is "sub" followed by this).
    var substeps: Int
    /// Settling passes per sub-step (`WorldSettings.settlingIterations`, the `settling_passes` field) and the steps
    /// that took them, warm-up included (`settling_steps`); not peers' fields.
    var settlingPasses: Int
    var settlingSteps: Int
    /// Threads that stepped the world (`WorldSettings.workerCount`, the `threads` field; not a peers' field).
    var threads: Int
    /// Whether the world chose per step between its threads and one (`--adaptive-threads`), and what it ran: the
    /// steps with enough work on the threads and alone, warm-up included (the `threaded_steps` and `alone_steps`
    /// fields, only then).
    var adaptive: Bool
    /// Gravity made `perturbation` × 2⁻²³ of itself stronger (`--perturb`; the `perturb` field, only when not 0).
    var perturbation: Int
    var threadUse: ThreadUseTuner
    var bodies: Int
    var frames: Int
    var warmupMeanMs: Double
    var meanMs: Double
    var medianMs: Double
    var p95Ms: Double
    var maxMs: Double
    var stepMeanMs: Double
    var awake: Int
    var asleep: Int
    /// First frame (warm-up included) after which every dynamic body slept; nil if none did or sleep is off.
    var allAsleepFrame: Int?
    var avgContactPairs: Double
    var avgContactPoints: Double
    var checksum: Double
    /// Deepest contact overlap at the end of any measured frame, pt (`FrameSamples.deepestOverlap`).
    var deepestOverlap: Double
    /// Contact points deeper than `QualityCheck.deepOverlap`, summed over the measured frames.
    var deepPointFrames: Int
    var quality: QualityCheck

    /// Summarises the samples of a finished run of `scene`.
    init(
        scene built: BenchScene, samples s: FrameSamples, warmup: Int, sleep: Bool, substeps: Int, threads: Int,
        adaptive: Bool, perturbation: Int = 0
    ) {
        self.perturbation = perturbation
        scene = built.kind
        n = built.n
        self.sleep = sleep
        self.substeps = substeps
        settlingPasses = built.world.settings.settlingIterations
        settlingSteps = built.world.settlingSteps
        self.threads = threads
        self.adaptive = adaptive
        threadUse = built.world.threadUse
        bodies = built.dynamicBodies.count
        frames = s.frameMs.count
        warmupMeanMs = s.warmupTotalMs / Double(Swift.max(1, warmup))
        meanMs = Self.mean(s.frameMs)
        stepMeanMs = Self.mean(s.stepMs)
        let sorted = s.frameMs.sorted()
        medianMs = Self.percentile(sorted, 0.5)
        p95Ms = Self.percentile(sorted, 0.95)
        maxMs = Self.percentile(sorted, 1.0)
        var awakeCount = 0
        for id in built.dynamicBodies where built.world.isAwake(id) == true { awakeCount += 1 }
        awake = awakeCount
        asleep = bodies - awakeCount
        allAsleepFrame = s.allAsleepFrame
        let samples = Double(Swift.max(1, s.contactSamples))
        avgContactPairs = Double(s.contactPairSum) / samples
        avgContactPoints = Double(s.contactPointSum) / samples
        checksum = s.checksum
        deepestOverlap = s.deepestOverlap
        deepPointFrames = s.deepPointFrames
        quality = QualityCheck.measure(built)
    }

    /// Arithmetic mean, 0 for no values.
    static func mean(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.reduce(0, +) / Double(v.count) }

    /// The peers' percentile: element ⌊p·(n−1) + 0.5⌋ of the sorted values, 0 for no values.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let i = Int((p * Double(sorted.count - 1) + 0.5).rounded(.down))
        return sorted[Swift.min(sorted.count - 1, Swift.max(0, i))]
    }

    /// The JSON line: the peers' fields in the peers' order and precision.
    var jsonLine: String {
        var j = JSONLine()
        j.string("engine", Self.engineName)
        // The peers' optional `build` field: only the AVX2 build (make bench CPU=haswell) names itself.
        if BuildTarget.name != "x86-64" { j.string("build", BuildTarget.name) }
        j.string("scene", scene.rawValue)
        j.int("n", n)
        j.bool("sleep", sleep)
        j.string("iters", "sub\(substeps)")
        j.int("settling_passes", settlingPasses)
        j.int("settling_steps", settlingSteps)
        j.int("threads", threads)
        if perturbation != 0 { j.int("perturb", perturbation) }
        if adaptive {
            j.int("threaded_steps", threadUse.stepsWithThreads)
            j.int("alone_steps", threadUse.stepsAlone)
        }
        j.int("bodies", bodies)
        j.int("frames", frames)
        j.fixed("warmup_mean_ms", warmupMeanMs, 4)
        j.fixed("mean_ms", meanMs, 4)
        j.fixed("median_ms", medianMs, 4)
        j.fixed("p95_ms", p95Ms, 4)
        j.fixed("max_ms", maxMs, 4)
        j.fixed("step_mean_ms", stepMeanMs, 4)
        j.int("awake", awake)
        j.int("asleep", asleep)
        if let frame = allAsleepFrame { j.int("asleep_frame", frame) }
        j.fixed("avg_contact_pairs", avgContactPairs, 1)
        j.fixed("avg_contact_points", avgContactPoints, 1)
        j.number("checksum", checksum)
        j.fixed("overlap_max_pt", deepestOverlap, 3)
        j.int("deep_points", deepPointFrames)
        switch quality {
        case .pile(let escaped):
            j.int("escaped", escaped)
        case .pyramid(let d, let angle, let maxDisplacement):
            let top = d.length
            j.fixed("top_disp_pt", top, 3)
            j.fixed("top_dx_pt", d.x, 3)
            j.fixed("top_dy_pt", d.y, 3)
            j.fixed("top_angle_deg", angle, 3)
            j.fixed("max_disp_pt", maxDisplacement, 3)
            j.bool("stood", top < QualityCheck.pyramidStandLimit)
        case .chain(let mx, let mean, let worst):
            j.fixed("joint_gap_max_pt", mx, 4)
            j.fixed("joint_gap_mean_pt", mean, 4)
            j.fixed("joint_gap_worst_any_frame_pt", worst, 4)
        case .none:
            break
        }
        return j.text + "}"
    }

    /// One sentence for a person reading the terminal.
    var summaryLine: String {
        let sceneName = n > 0 ? "\(scene.rawValue) \(n)" : scene.rawValue
        let build = BuildTarget.name == "x86-64" ? "" : ", \(BuildTarget.name) build"
        var s = "\(sceneName) (\(sleep ? "sleep on" : "sleep off"), \(substeps) sub-steps, "
        s += "\(threads) thread\(threads == 1 ? "" : "s")"
        if adaptive {
            s += " when they pay (\(threadUse.stepsWithThreads) steps on them, \(threadUse.stepsAlone) alone)"
        }
        if perturbation != 0 { s += ", gravity \(perturbation) × 2⁻²³ stronger" }
        s += "\(build)): \(bodies) bodies, "
        s += "\(frames) frames, \(fixedString(meanMs, 3)) ms a frame (median \(fixedString(medianMs, 3)), "
        s += "p95 \(fixedString(p95Ms, 3)), max \(fixedString(maxMs, 3)), "
        s += "\(fixedString(1000 / Swift.max(meanMs, 1e-9), 0)) fps); "
        s += "\(awake) awake, \(asleep) asleep; \(fixedString(avgContactPairs, 0)) contacts"
        switch quality {
        case .pile(let escaped):
            s += "; \(escaped) escaped the box" + (escaped == 0 ? " (good)" : " (TUNNELING)")
        case .pyramid(let d, _, _):
            let stood = d.length < QualityCheck.pyramidStandLimit
            s += "; top box moved \(fixedString(d.length, 1)) pt" + (stood ? " (stood)" : " (FELL)")
        case .chain(let mx, _, let worst):
            s += "; joint gaps \(fixedString(mx, 3)) pt at the end, \(fixedString(worst, 3)) pt worst of any frame"
            s += worst <= 1 ? " (stiff)" : " (STRETCHED)"
        case .none:
            break
        }
        return s
    }
}

/// Builds one JSON object on a single line, without Foundation.
struct JSONLine {
    private(set) var text = "{"
    private var isEmpty = true

    private mutating func key(_ k: String) {
        if !isEmpty { text += "," }
        isEmpty = false
        text += "\"\(k)\":"
    }

    /// A string field (the values here need no escaping).
    mutating func string(_ k: String, _ v: String) { key(k); text += "\"\(v)\"" }
    /// An integer field.
    mutating func int(_ k: String, _ v: Int) { key(k); text += String(v) }
    /// A boolean field.
    mutating func bool(_ k: String, _ v: Bool) { key(k); text += v ? "true" : "false" }
    /// A number with `digits` decimals, like printf's `%.Nf`; null when not finite.
    mutating func fixed(_ k: String, _ v: Double, _ digits: Int) { key(k); text += fixedString(v, digits) }
    /// A number in Swift's shortest round-trip form; null when not finite.
    mutating func number(_ k: String, _ v: Double) { key(k); text += v.isFinite ? v.description : "null" }
}

/// `v` with `digits` decimals (rounded half away from zero), or "null" when not finite (JSON has no NaN).
func fixedString(_ v: Double, _ digits: Int) -> String {
    guard v.isFinite else { return "null" }
    var scale: UInt64 = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = (v.magnitude * Double(scale)).rounded()
    guard scaled < 9.0e18 else { return v.description }
    let units = UInt64(scaled)
    var s = units > 0 && v < 0 ? "-" : ""
    s += String(units / scale)
    if digits > 0 {
        let frac = String(units % scale)
        s += "." + String(repeating: "0", count: digits - frac.count) + frac
    }
    return s
}
