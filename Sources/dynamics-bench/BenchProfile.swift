import PhysicsCore

/// The `--profile` table: where the measured frames' steps spent their time, by phase (`StepProfile`), and what
/// each thread did in the worker pool's stages (`WorkerPool.threadTimes`), by phase and in all. Lines for stderr.
enum BenchProfile {
    /// The table for `frames` measured frames of `world` (profiled since the warm-up ended) on `threads` threads,
    /// whose steps took `stepMs` ms a frame on average.
    static func lines(_ world: World, frames: Int, threads: Int, stepMs: Double) -> [String] {
        let profile = world.stepProfile
        let perFrame = 1e-6 / Double(Swift.max(1, frames))
        let total = profile.nanoseconds.reduce(0, +)
        var out = ["profile: ms a frame over \(frames) frames (step \(fixedString(stepMs, 3)) ms)"]
        for phase in StepProfile.Phase.allCases {
            let ns = profile.nanoseconds[phase.rawValue]
            let share = total == 0 ? 0 : 100 * Double(ns) / Double(total)
            // With threads: the part of the phase outside the shared stages, the calling thread's alone.
            let alone = Double(ns - Swift.min(ns, profile.inStages[phase.rawValue])) * perFrame
            // With threads: each thread's busy and waiting time in the phase's shared stages, thread 0 first.
            func byThread(_ rows: [[UInt64]]) -> String {
                (0..<Swift.min(threads, WorkerPool.maxThreads)).map {
                    fixedString(Double(rows[phase.rawValue][$0]) * perFrame, 3)
                }.joined(separator: "/")
            }
            out.append(
                "  " + padded(phase.name, 18) + padded(fixedString(Double(ns) * perFrame, 3), 8, left: true)
                    + padded(fixedString(share, 1), 7, left: true) + " %"
                    + (threads > 1
                        ? ", alone " + padded(fixedString(alone, 3), 6, left: true) + "; busy "
                            + byThread(profile.threadBusy) + ", waiting " + byThread(profile.threadWaiting) : ""))
        }
        guard threads > 1 else { return out }
        var callerWork = 0.0
        for t in 0..<threads {
            let time = WorkerPool.shared.threadTimes(t)
            let busy = Double(time.busyNanoseconds) * perFrame, waiting = Double(time.waitNanoseconds) * perFrame
            if t == 0 { callerWork = busy + waiting }
            out.append(
                "  thread \(t)\(t == 0 ? " (caller)" : ""): busy \(fixedString(busy, 3)), waiting "
                    + "\(fixedString(waiting, 3)), \(fixedString(Double(time.stages) / Double(frames), 1)) stages and "
                    + "\(fixedString(Double(time.takenChunks) / Double(frames), 1)) chunks taken from other shares")
        }
        out.append(
            "  caller outside the shared stages: \(fixedString(Swift.max(0, Double(total) * perFrame - callerWork), 3))"
                + " (the other threads wait through it)")
        return out
    }

    private static func padded(_ s: String, _ width: Int, left: Bool = false) -> String {
        let pad = String(repeating: " ", count: Swift.max(0, width - s.count))
        return left ? pad + s : s + pad
    }
}
