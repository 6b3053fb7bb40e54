/// The cores' round trip as the pool's own threads see it: what a stage boundary between two threads costs at
/// least. On a virtual machine it moves with the host (this project's machine flips between about 60 and 500 ns
/// within seconds), and the threads' gain moves with it, so a benchmark that compares one thread with two reads it
/// beside every comparison (`dynamics-bench --paired`).
extension WorkerPool {
    /// The mean round trip of a value handed back and forth `rounds` times between the calling thread and worker 1,
    /// ns; nil when the pool is held by another world or has no worker (nothing is measured then). The handover
    /// that brings the worker into the job is not counted. Range of `rounds`: 1…1 000 000 (clamped); default 2000
    /// (about 0.1–1 ms).
    package func roundTripNanoseconds(rounds: Int = 2000) -> Double? {
        guard acquire(threads: 2) == 2 else { return nil }
        defer { release() }
        var probe = RoundTripProbe(rounds: Swift.max(1, Swift.min(1_000_000, rounds)))
        withUnsafeMutablePointer(to: &probe) { pointer in
            run(
                threads: 2, stageCount: 0,
                { raw, thread in
                    let probe = UnsafeMutableRawPointer(mutating: raw).assumingMemoryBound(to: RoundTripProbe.self)
                    let pool = WorkerPool.shared
                    let rounds = probe.pointee.rounds
                    if thread == 0 {
                        // Round 1 brings the worker in; rounds 2 … rounds + 1 are timed.
                        pool.publish(thread: 0, stages: 1)
                        pool.waitForProgress(of: 1, stages: 1)
                        let start = WorkerPool.monotonicNanoseconds()
                        for round in 2...(rounds + 1) {
                            pool.publish(thread: 0, stages: round)
                            pool.waitForProgress(of: 1, stages: round)
                        }
                        probe.pointee.nanoseconds = WorkerPool.monotonicNanoseconds() &- start
                    } else if thread == 1 {
                        for round in 1...(rounds + 1) {
                            pool.waitForProgress(of: 0, stages: round)
                            pool.publish(thread: 1, stages: round)
                        }
                    }
                }, UnsafeRawPointer(pointer))
        }
        return Double(probe.nanoseconds) / Double(probe.rounds)
    }
}

/// What the two threads of `WorkerPool.roundTripNanoseconds` share.
private struct RoundTripProbe {
    let rounds: Int
    var nanoseconds: UInt64 = 0
}
