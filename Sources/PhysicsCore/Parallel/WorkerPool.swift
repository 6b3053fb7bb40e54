// The worker threads of the parallel solve: POSIX threads and atomics, no Foundation.
#if canImport(Glibc) && canImport(Synchronization)
    import Glibc
    import Synchronization

    /// A process-wide pool of worker threads that run one job at a time on several threads, the caller included,
    /// with a spin barrier for the job's phases (`WorldSettings.workerCount`, World+ParallelSolve.swift).
    ///
    /// One world at a time holds the pool (`acquire`); a world that finds it taken runs on its own thread, which
    /// gives the same result, so worlds stepping on several threads at once (tests run in parallel) never wait for
    /// each other. Workers are started on first use and live as long as the process. Between jobs a worker spins
    /// for a short while (`spinNanoseconds`: the sub-steps of a step follow each other closely) and then blocks on
    /// a condition variable, so an idle pool uses no processor time.
    package final class WorkerPool: Sendable {
        /// The pool every world shares.
        package static let shared = WorkerPool()
        /// Most threads a job can run on, the caller included.
        package static let maxThreads = 16
        /// A job: called once on each thread with the job's context and the thread's number, 0 (the caller) ….
        package typealias Job = @convention(c) (UnsafeRawPointer, Int) -> Void

        /// How long a worker spins for the next job before it blocks, ns. Jobs of one step are microseconds
        /// apart; steps of a 60-Hz animator are milliseconds apart, so an idle sandbox blocks between frames.
        private static let spinNanoseconds: UInt64 = 200_000
        /// Spins of a barrier or join before each wait also yields the processor (a machine with more threads than
        /// cores would otherwise spin away the time slice of the thread being waited for).
        private static let spinsBeforeYield = 2_000

        private let held = Atomic<Bool>(false)
        /// Workers started (numbered 1 … workers).
        private let workers = Atomic<Int>(0)
        /// Bumped by each job; a worker runs the job when it sees a new value.
        private let epoch = Atomic<UInt64>(0)
        private let participants = Atomic<Int>(0)
        private let pending = Atomic<Int>(0)
        private let jobFunction = Atomic<UInt>(0)
        private let jobContext = Atomic<UInt>(0)
        /// Workers blocked (or about to block) on `signal`.
        private let sleepers = Atomic<Int>(0)
        private let arrived = Atomic<Int>(0)
        private let generation = Atomic<Int>(0)
        private let signal = WakeSignal()

        private init() {}

        /// Takes the pool for a job on `threads` threads when no other world holds it, starting workers as
        /// needed. Returns the threads granted: 1 (the pool is taken or `threads` ≤ 1: run alone) or
        /// `min(threads, maxThreads)` (fewer if the system refused a thread). Give it back with `release()`.
        package func acquire(threads: Int) -> Int {
            guard threads > 1 else { return 1 }
            guard held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
                return 1
            }
            let wanted = Swift.min(threads, Self.maxThreads) - 1
            var started = workers.load(ordering: .relaxed)
            while started < wanted && startWorker(number: started + 1) { started += 1 }
            workers.store(started, ordering: .relaxed)
            if started == 0 {
                release()
                return 1
            }
            return Swift.min(wanted, started) + 1
        }

        /// Workers started so far.
        package var startedWorkers: Int { workers.load(ordering: .relaxed) }
        /// Workers blocked (or about to block) until the next job: all of them once the pool has been idle for
        /// longer than the spin time.
        package var blockedWorkers: Int { sleepers.load(ordering: .relaxed) }

        /// Gives the pool back (after `acquire` granted more than one thread).
        package func release() {
            held.store(false, ordering: .releasing)
        }

        /// Runs `job(context, t)` for t = 0 (on the calling thread) … `threads` − 1 (on workers) and returns when
        /// every one has returned. Only the holder calls it, with at most the threads `acquire` granted.
        package func run(threads: Int, _ job: Job, _ context: UnsafeRawPointer) {
            participants.store(threads, ordering: .relaxed)
            jobFunction.store(unsafeBitCast(job, to: UInt.self), ordering: .relaxed)
            jobContext.store(UInt(bitPattern: context), ordering: .relaxed)
            pending.store(threads - 1, ordering: .relaxed)
            // Sequentially consistent with the workers' `sleepers` increment: either this thread sees a sleeper and
            // wakes it, or the sleeper sees the new epoch before it waits.
            epoch.add(1, ordering: .sequentiallyConsistent)
            if sleepers.load(ordering: .sequentiallyConsistent) > 0 { signal.wakeAll() }
            job(context, 0)
            var spins = 0
            while pending.load(ordering: .acquiring) > 0 { Self.pause(&spins) }
        }

        /// Waits until all `threads` threads of the running job have called it; what each wrote before it is then
        /// visible to all. Called by every thread of the job the same number of times.
        package func barrier(_ threads: Int) {
            let current = generation.load(ordering: .acquiring)
            // The arrivals form one read-modify-write chain, so the last one sees every earlier thread's writes and
            // publishes them all with the next generation.
            if arrived.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == threads {
                arrived.store(0, ordering: .relaxed)
                generation.wrappingAdd(1, ordering: .releasing)
                return
            }
            var spins = 0
            while generation.load(ordering: .acquiring) == current { Self.pause(&spins) }
        }

        @inline(__always) private static func pause(_ spins: inout Int) {
            spins &+= 1
            if spins > spinsBeforeYield { sched_yield() }
        }

        /// What a new worker thread needs: the pool, its number, and the epoch it has seen (the current one, read
        /// before any job it should run is posted).
        private struct WorkerStart {
            var pool: Unmanaged<WorkerPool>
            var number: Int
            var epoch: UInt64
        }

        private func startWorker(number: Int) -> Bool {
            let start = UnsafeMutablePointer<WorkerStart>.allocate(capacity: 1)
            start.initialize(
                to: WorkerStart(
                    pool: .passRetained(self), number: number, epoch: epoch.load(ordering: .relaxed)))
            var thread = pthread_t()
            let status = pthread_create(
                &thread, nil,
                { raw in
                    let pointer = raw!.assumingMemoryBound(to: WorkerStart.self)
                    let start = pointer.move()
                    pointer.deallocate()
                    start.pool.takeRetainedValue().work(number: start.number, seen: start.epoch)
                },
                start)
            if status != 0 {
                start.pointee.pool.release()
                start.deinitialize(count: 1)
                start.deallocate()
                return false
            }
            pthread_detach(thread)
            return true
        }

        /// A worker's life: wait for a job, run it if it is one of its threads, repeat.
        private func work(number: Int, seen start: UInt64) -> Never {
            var seen = start
            while true {
                seen = waitForJob(after: seen)
                if number < participants.load(ordering: .relaxed) {
                    let job = unsafeBitCast(jobFunction.load(ordering: .relaxed), to: Job.self)
                    job(UnsafeRawPointer(bitPattern: jobContext.load(ordering: .relaxed))!, number)
                    pending.subtract(1, ordering: .releasing)
                }
            }
        }

        /// Spins for `spinNanoseconds`, then blocks until the epoch moves past `seen`; returns the new epoch.
        private func waitForJob(after seen: UInt64) -> UInt64 {
            var spins = 0
            var deadline: UInt64 = 0
            while true {
                let now = epoch.load(ordering: .acquiring)
                if now != seen { return now }
                spins &+= 1
                if spins & 255 == 0 {
                    let t = Self.monotonicNanoseconds()
                    if deadline == 0 {
                        deadline = t + Self.spinNanoseconds
                    } else if t >= deadline {
                        break
                    } else if spins > Self.spinsBeforeYield {
                        sched_yield()
                    }
                }
            }
            signal.lock()
            sleepers.add(1, ordering: .sequentiallyConsistent)
            var now = epoch.load(ordering: .sequentiallyConsistent)
            while now == seen {
                signal.wait()
                now = epoch.load(ordering: .sequentiallyConsistent)
            }
            sleepers.subtract(1, ordering: .sequentiallyConsistent)
            signal.unlock()
            return now
        }

        private static func monotonicNanoseconds() -> UInt64 {
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
        }
    }

    /// A POSIX mutex and condition variable in memory of their own (pthread objects must not move).
    ///
    /// `@unchecked Sendable`: the two objects are made to be used from several threads at once; they are created
    /// before any worker starts and never destroyed (the pool that owns this lives as long as the process), so
    /// every thread always sees them initialized.
    private final class WakeSignal: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        func lock() { pthread_mutex_lock(mutex) }
        func unlock() { pthread_mutex_unlock(mutex) }
        /// Waits for `wakeAll` (or a spurious wake-up); the mutex must be held.
        func wait() { pthread_cond_wait(condition, mutex) }

        func wakeAll() {
            pthread_mutex_lock(mutex)
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
    }
#else
    /// Without POSIX threads and the `Synchronization` module the pool has no workers: every world runs on its
    /// own thread (`acquire` grants 1), with the same results.
    package final class WorkerPool: Sendable {
        package static let shared = WorkerPool()
        package static let maxThreads = 16
        package typealias Job = @convention(c) (UnsafeRawPointer, Int) -> Void

        private init() {}

        package var startedWorkers: Int { 0 }
        package var blockedWorkers: Int { 0 }
        package func acquire(threads: Int) -> Int { 1 }
        package func release() {}
        package func run(threads: Int, _ job: Job, _ context: UnsafeRawPointer) { job(context, 0) }
        package func barrier(_ threads: Int) {}
    }
#endif
