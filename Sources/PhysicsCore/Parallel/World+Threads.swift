/// Whether a stage of the step runs on the worker pool (Parallel/WorkerPool.swift).
extension World {
    /// When the world asks for more than one thread (`WorldSettings.workerCount`) and a stage has `work` items to
    /// share (contacts, bundles, awake bodies, moved proxies: at least `WorldSettings.parallelContactMinimum`), takes
    /// the worker pool and returns the threads granted; nil to run the stage on this thread (the pool is busy with
    /// another world, or there is too little work for the threads' meetings to pay). The caller gives the pool back.
    func acquireThreads(forWork work: Int) -> Int? {
        let wanted = Swift.min(Swift.max(stepWorkerCount, 1), WorkerPool.maxThreads)
        guard wanted > 1, work >= WorldSettings.parallelContactMinimum else { return nil }
        let threads = WorkerPool.shared.acquire(threads: wanted)
        return threads > 1 ? threads : nil
    }

    /// The threads this step may use: `WorldSettings.workerCount`, or 1 while the tuner keeps the step on the calling
    /// thread (`WorldSettings.adaptiveWorkers`).
    var stepWorkerCount: Int { workerOverride ?? settings.workerCount }
}
