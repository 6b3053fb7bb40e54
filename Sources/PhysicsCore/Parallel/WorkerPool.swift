// The worker threads of the parallel solve: POSIX threads and atomics, no Foundation.
#if canImport(Glibc) && canImport(Synchronization)
    import Glibc
    import Synchronization

    /// A process-wide pool of worker threads that run one job at a time on several threads, the caller included
    /// (`WorldSettings.workerCount`, World+ParallelSolve.swift).
    ///
    /// A job is a list of stages, each cut into chunks that any thread may claim (`claim`); a stage is over when
    /// all its chunks are finished (`finish`, `waitForStage`), and no thread starts the next one before. So the caller
    /// alone can always finish a job: a worker that is late (waking up, or descheduled on a busy machine) joins
    /// when it can and takes whatever chunks are left, and nobody waits for a thread that has no work in hand.
    /// Each thread first takes the chunks of its own share of the stage, front to back, and then takes chunks from
    /// the back of the others' shares: a thread keeps the same share in every stage over the same items, so the
    /// items stay in its core's cache from one pass to the next.
    ///
    /// One world at a time holds the pool (`acquire`); a world that finds it taken runs on its own thread, which
    /// gives the same result, so worlds stepping on several threads at once (tests run in parallel) never wait for
    /// each other. Workers are started on first use and live as long as the process. Between jobs a worker spins
    /// for a short while (`spinNanoseconds`: the jobs of a step follow each other closely) and then blocks on a
    /// condition variable, so an idle pool uses no processor time.
    package final class WorkerPool: Sendable {
        /// The pool every world shares.
        package static let shared = WorkerPool()
        /// Most threads a job can run on, the caller included.
        package static let maxThreads = 16
        /// Counter lines of the stages: a stage on `threads` threads takes `threads + 1`.
        private static let counterLines = 4096
        /// A job: called on each thread that joins it with the job's context and the thread's number (0: the
        /// caller).
        package typealias Job = @convention(c) (UnsafeRawPointer, Int) -> Void

        /// How long a worker spins for the next job before it blocks, ns. Jobs of one step are up to a few hundred
        /// microseconds apart (the serial ordering and gathering between the narrow phase and the preparation of
        /// `pile 4000` take about 0.4 ms): a worker blocked there wakes too late for the next job (a wake-up costs
        /// tens of µs in a virtual machine), and with 0.2 ms the parallel preparation ran no faster than on one
        /// thread. Steps of a 60-Hz animator are 16.7 ms apart, so an idle sandbox still blocks between frames.
        private static let spinNanoseconds: UInt64 = 2_000_000
        /// How long a worker spins once a step has ended (`park()`), ns: long enough for the next step when steps
        /// follow each other at once (a benchmark, an animator catching up), short enough that an idle 60-Hz sandbox
        /// spins about 1 % of a core per worker instead of 12 % with the full `spinNanoseconds`.
        private static let parkedSpinNanoseconds: UInt64 = 200_000
        /// Spins of a wait (about 50 µs) before each further spin also yields the processor: a machine with more
        /// threads than cores would otherwise spin away the time slice of the thread being waited for, and a yield
        /// (a system call) in every spin of a short wait slows the answer to it.
        private static let spinsBeforeYield = 50_000
        /// `state`: the job number above these bits, then a closed flag, then the workers inside the job.
        private static let jobShift: UInt64 = 16
        private static let closedBit: UInt64 = 1 << 15
        private static let insideMask: UInt64 = closedBit - 1

        private let held = Atomic<Bool>(false)
        /// Workers started (numbered 1 … workers).
        private let workers = Atomic<Int>(0)
        /// The current job's number, whether it is closed to late workers, and how many workers are inside it.
        private let state = Atomic<UInt64>(0)
        private let participants = Atomic<Int>(0)
        private let jobFunction = Atomic<UInt>(0)
        private let jobContext = Atomic<UInt>(0)
        /// Bit n: worker n is blocked (or about to block) on `signals[n]`.
        private let sleeping = Atomic<UInt64>(0)
        /// Set by `park()` when a step ends, cleared by the next job: waiting workers spin for
        /// `parkedSpinNanoseconds` only.
        private let parked = Atomic<Bool>(false)
        /// One condition variable per worker: a job wakes only the workers it wants.
        private let signals = (0..<maxThreads).map { _ in WakeSignal() }
        private let counters = StageCounters(lines: counterLines)
        /// By thread, the stages of the current job it has finished (`publish`, `waitForProgress`): a line each.
        private let progress = StageCounters(lines: maxThreads)
        /// By thread, the spins of its waits in the last job that recorded them (`recordWaits`).
        private let waitSpins = StageCounters(lines: maxThreads)
        /// Whether `runStage` times the threads (`timeThreads`), and their times.
        private let timing = Atomic<Bool>(false)
        private let times = ThreadTimes()

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
        package var blockedWorkers: Int { sleeping.load(ordering: .relaxed).nonzeroBitCount }

        /// Gives the pool back (after `acquire` granted more than one thread).
        package func release() {
            held.store(false, ordering: .releasing)
        }

        /// Says a step has ended: no job follows for a while unless another step starts at once, so waiting workers
        /// block after `parkedSpinNanoseconds` instead of `spinNanoseconds`. The next job clears it.
        package func park() {
            parked.store(true, ordering: .relaxed)
        }

        /// Whether the workers were told that a step ended (`park()`) and no job has started since.
        package var isParked: Bool { parked.load(ordering: .relaxed) }

        /// Runs `job(context, t)` on the calling thread (t = 0) and on workers 1 … `threads` − 1 that join it, each
        /// as soon as it sees the job, and returns when the caller's call has returned and every worker that
        /// joined has left. The job's first `stageCount` stages start with no chunk claimed. Only the holder calls
        /// it, with at most the threads `acquire` granted.
        package func run(threads: Int, stageCount: Int, _ job: Job, _ context: UnsafeRawPointer) {
            counters.reset(stageCount * (threads + 1))
            progress.reset(threads)
            waitSpins.reset(threads)
            parked.store(false, ordering: .relaxed)
            participants.store(threads, ordering: .relaxed)
            jobFunction.store(unsafeBitCast(job, to: UInt.self), ordering: .relaxed)
            jobContext.store(UInt(bitPattern: context), ordering: .relaxed)
            let number = (state.load(ordering: .relaxed) >> Self.jobShift) &+ 1
            // Sequentially consistent with the workers' `sleeping` bits: either this thread sees a sleeper's bit and
            // wakes it, or the sleeper sees the new job before it waits.
            state.store(number << Self.jobShift, ordering: .sequentiallyConsistent)
            var asleep = sleeping.load(ordering: .sequentiallyConsistent) & ((1 << UInt64(threads)) - 2)
            while asleep != 0 {
                signals[asleep.trailingZeroBitCount].wake()
                asleep &= asleep &- 1
            }
            job(context, 0)
            // Late workers stay out; those inside have no chunk left (every stage is over) and leave at once.
            if state.bitwiseOr(Self.closedBit, ordering: .acquiringAndReleasing).newValue & Self.insideMask != 0 {
                spinUntilWorkersLeft()
            }
        }

        /// `run`'s wait for the workers inside the job to leave it.
        @inline(never) private func spinUntilWorkersLeft() {
            var spins = 0
            while state.load(ordering: .acquiring) & Self.insideMask != 0 { Self.pause(&spins) }
        }

        /// Most stages in one job on `threads` threads.
        package static func stageCapacity(threads: Int) -> Int { counterLines / (threads + 1) }

        /// Claims a chunk of stage `stage` (chunks 0 ..< `chunks`) for thread `thread` of `threads`: the next one of
        /// its own share, else the last one left in another's; nil when none is left. Thread t's share is
        /// `shares[t] ..< shares[t + 1]` when a share table is given (`threads + 1` ascending bounds from 0 to
        /// `chunks`: the threads' shares of a step, Parallel/World+ParallelShares.swift), else
        /// `chunks · t / threads ..< chunks · (t + 1) / threads`.
        @inline(__always) package func claim(
            _ stage: Int, chunks: Int, thread: Int, threads: Int, shares: UnsafePointer<Int32>? = nil
        ) -> Int? {
            let base = stage &* (threads &+ 1) &+ 1
            var share = thread
            for _ in 0..<threads {
                let lo: Int, hi: Int
                if let shares {
                    lo = Int(shares[share])
                    hi = Int(shares[share &+ 1])
                } else {
                    lo = chunks &* share / threads
                    hi = chunks &* (share &+ 1) / threads
                }
                if lo < hi {
                    // Front claims in the low half of the word, back claims in the high half: a claim is good while
                    // the two have not met.
                    let own = share == thread
                    let old = counters.lines[base &+ share].word.wrappingAdd(
                        own ? 1 : 1 << 32, ordering: .relaxed
                    ).oldValue
                    let front = Int(old & 0xFFFF_FFFF), back = Int(old >> 32)
                    if front &+ back < hi &- lo {
                        if own { return lo &+ front }
                        if _slowPath(timing.load(ordering: .relaxed)) { times.took(thread: thread) }
                        return hi &- 1 &- back
                    }
                }
                share = share &+ 1 == threads ? 0 : share &+ 1
            }
            return nil
        }

        /// Records that this thread finished `count` chunks of stage `stage` (what it wrote becomes visible to every
        /// thread that then sees the stage over).
        @inline(__always) package func finish(_ stage: Int, count: Int, threads: Int) {
            counters.lines[stage &* (threads &+ 1)].word.wrappingAdd(UInt64(count), ordering: .releasing)
        }

        /// Waits until all `chunks` chunks of stage `stage` are finished.
        @inline(__always) package func waitForStage(_ stage: Int, chunks: Int, threads: Int) {
            let line = stage &* (threads &+ 1)
            if counters.lines[line].word.load(ordering: .acquiring) < UInt64(chunks) {
                spinUntilStageDone(line: line, chunks: UInt64(chunks))
            }
        }

        // The waits' loops, out of line under names of their own (`spinUntil…`), so that an instruction count
        // (`make bench-ir-threads`, callgrind) can leave out the time threads spend waiting for each other.

        /// `waitForStage`'s loop.
        @inline(never) private func spinUntilStageDone(line: Int, chunks: UInt64) {
            var spins = 0
            while counters.lines[line].word.load(ordering: .acquiring) < chunks { Self.pause(&spins) }
        }

        /// Records that thread `thread` has finished the first `stages` stages of the job: what it wrote in them
        /// becomes visible to every thread that then sees the count (`waitForProgress`). Stages that threads run
        /// in step with each other without a barrier between them (World+ParallelSolve.swift) use these counts
        /// instead of `finish` and `waitForStage`.
        @inline(__always) package func publish(thread: Int, stages: Int) {
            progress.lines[thread].word.store(UInt64(stages), ordering: .releasing)
        }

        /// Waits until thread `thread` has finished the first `stages` stages of the job (`publish`).
        /// Returns how many times it looked again.
        @discardableResult
        @inline(__always) package func waitForProgress(of thread: Int, stages: Int) -> Int {
            if progress.lines[thread].word.load(ordering: .acquiring) >= UInt64(stages) { return 0 }
            return spinUntilProgress(of: thread, stages: UInt64(stages))
        }

        /// `waitForProgress`'s loop; returns its spins (at least 1).
        @inline(never) private func spinUntilProgress(of thread: Int, stages: UInt64) -> Int {
            var spins = 1
            while progress.lines[thread].word.load(ordering: .acquiring) < stages { Self.pause(&spins) }
            return spins
        }

        /// Records how many times thread `thread` looked again in its waits of this job (`waits`).
        package func recordWaits(thread: Int, spins: Int) {
            waitSpins.lines[thread].word.store(UInt64(spins), ordering: .relaxed)
        }

        /// What thread `thread` recorded in the last job (`recordWaits`); read between jobs.
        package func waits(thread: Int) -> Int { Int(waitSpins.lines[thread].word.load(ordering: .relaxed)) }

        /// One thread's part of stage `stage`: `body(chunk)` for each chunk it claims (its share from `shares` when
        /// given, see `claim`), then the wait for the stage to be over.
        @inline(__always) package func runStage(
            _ stage: Int, chunks: Int, thread: Int, threads: Int, shares: UnsafePointer<Int32>? = nil,
            _ body: (Int) -> Void
        ) {
            var done = 0
            let timed = timing.load(ordering: .relaxed)
            let start = timed ? Self.monotonicNanoseconds() : 0
            while let k = claim(stage, chunks: chunks, thread: thread, threads: threads, shares: shares) {
                body(k)
                done &+= 1
            }
            if done > 0 { finish(stage, count: done, threads: threads) }
            let worked = timed ? Self.monotonicNanoseconds() : 0
            waitForStage(stage, chunks: chunks, threads: threads)
            if _slowPath(timed) {
                times.add(thread: thread, busy: worked &- start, waiting: Self.monotonicNanoseconds() &- worked)
            }
        }

        /// Starts or stops timing the stages (`threadTimes`; off by default: a flag read per stage).
        package func timeThreads(_ on: Bool) { timing.store(on, ordering: .relaxed) }

        /// Whether the stages are timed (`timeThreads`).
        package var timesThreads: Bool { timing.load(ordering: .relaxed) }

        /// Adds one stage of thread `thread` to `threadTimes`: nanoseconds working and waiting (stages that do not
        /// go through `runStage`, World+ParallelSolve.swift's pipelined jobs).
        package func addStageTime(thread: Int, busy: UInt64, waiting: UInt64) {
            times.add(thread: thread, busy: busy, waiting: waiting)
        }

        /// What thread `thread` (0: the caller) did in the stages of the jobs since the last `resetThreadTimes`
        /// while they were timed: nanoseconds working on chunks, nanoseconds waiting for the others to finish a
        /// stage, stages, and chunks it took from the others' shares. Read between jobs.
        package func threadTimes(_ thread: Int) -> ThreadTime { times.value(thread: thread) }

        /// Zeroes `threadTimes`. Only between jobs.
        package func resetThreadTimes() { times.reset() }

        @inline(__always) private static func pause(_ spins: inout Int) {
            spins &+= 1
            if spins > spinsBeforeYield { sched_yield() }
        }

        /// What a new worker thread needs: the pool, its number, and the job it has seen (the current one, read
        /// before any job it should run is posted).
        private struct WorkerStart {
            var pool: Unmanaged<WorkerPool>
            var number: Int
            var job: UInt64
        }

        private func startWorker(number: Int) -> Bool {
            let start = UnsafeMutablePointer<WorkerStart>.allocate(capacity: 1)
            start.initialize(
                to: WorkerStart(
                    pool: .passRetained(self), number: number,
                    job: state.load(ordering: .relaxed) >> Self.jobShift))
            var thread = pthread_t()
            let status = pthread_create(
                &thread, nil,
                { raw in
                    let pointer = raw!.assumingMemoryBound(to: WorkerStart.self)
                    let start = pointer.move()
                    pointer.deallocate()
                    start.pool.takeRetainedValue().work(number: start.number, seen: start.job)
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

        /// A worker's life: wait for a job, join it if it is still open and wants this worker, repeat. A worker that
        /// a job does not want (a world asked for fewer threads) blocks at once until one does.
        private func work(number: Int, seen start: UInt64) -> Never {
            var seen = start
            var spin = true
            while true {
                seen = waitForJob(after: seen, number: number, spin: spin)
                spin = number < participants.load(ordering: .relaxed)
                guard spin else { continue }
                var s = state.load(ordering: .relaxed)
                var joined = false
                while s >> Self.jobShift == seen && s & Self.closedBit == 0 {
                    let (exchanged, now) = state.weakCompareExchange(
                        expected: s, desired: s &+ 1, ordering: .acquiringAndReleasing)
                    if exchanged {
                        joined = true
                        break
                    }
                    s = now
                }
                guard joined else { continue }
                let job = unsafeBitCast(jobFunction.load(ordering: .relaxed), to: Job.self)
                job(UnsafeRawPointer(bitPattern: jobContext.load(ordering: .relaxed))!, number)
                state.subtract(1, ordering: .releasing)
            }
        }

        /// Spins for `spinNanoseconds` (when `spin`), then blocks until the job number moves past `seen` and a job
        /// wakes worker `number`; returns the new job number.
        @inline(never) private func waitForJob(after seen: UInt64, number: Int, spin: Bool) -> UInt64 {
            var spins = 0
            var start: UInt64 = 0
            var deadline: UInt64 = 0
            while spin {
                let now = state.load(ordering: .acquiring) >> Self.jobShift
                if now != seen { return now }
                spins &+= 1
                if spins & 255 == 0 {
                    let t = Self.monotonicNanoseconds()
                    if deadline == 0 {
                        start = t
                        deadline = t + Self.spinNanoseconds
                    } else if t >= deadline
                        || (t &- start >= Self.parkedSpinNanoseconds && parked.load(ordering: .relaxed))
                    {
                        break
                    } else if spins > Self.spinsBeforeYield {
                        sched_yield()
                    }
                }
            }
            let signal = signals[number]
            let bit: UInt64 = 1 << UInt64(number)
            signal.lock()
            sleeping.bitwiseOr(bit, ordering: .sequentiallyConsistent)
            var now = state.load(ordering: .sequentiallyConsistent) >> Self.jobShift
            while now == seen {
                signal.wait()
                now = state.load(ordering: .sequentiallyConsistent) >> Self.jobShift
            }
            sleeping.bitwiseAnd(~bit, ordering: .sequentiallyConsistent)
            signal.unlock()
            return now
        }

        /// The monotonic clock, ns.
        package static func monotonicNanoseconds() -> UInt64 {
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
        }
    }

    /// One counter of a job's stages in a cache line of its own (threads hammer them).
    private struct CounterLine: ~Copyable {
        let word = Atomic<UInt64>(0)
        private let padding: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
    }

    /// The stage counters in memory of their own, 64-byte aligned: for each stage of a job on T threads, the count of
    /// finished chunks, then the claims of each thread's share.
    ///
    /// `@unchecked Sendable`: the memory is allocated and initialized before any worker starts and never freed
    /// (the pool that owns it lives as long as the process); threads touch it only through its atomics.
    private final class StageCounters: @unchecked Sendable {
        let lines: UnsafeMutablePointer<CounterLine>

        init(lines count: Int) {
            let raw = UnsafeMutableRawPointer.allocate(
                byteCount: count * MemoryLayout<CounterLine>.stride, alignment: 64)
            lines = raw.bindMemory(to: CounterLine.self, capacity: count)
            for i in 0..<count { (lines + i).initialize(to: CounterLine()) }
        }

        /// Zeroes the first `count` lines (between jobs: no thread is in one).
        func reset(_ count: Int) {
            for i in 0..<count { lines[i].word.store(0, ordering: .relaxed) }
        }
    }

    /// By thread, what `WorkerPool.threadTimes` reports: a row of four counts per thread, 128 bytes apart (a
    /// cache-line pair each), written only by its thread during a job and read between jobs (`run` returns after
    /// every worker has left the job, which orders their writes before the read).
    ///
    /// `@unchecked Sendable`: as `StageCounters`, allocated once and never freed; each row has one writer at a time.
    private final class ThreadTimes: @unchecked Sendable {
        private let rows: UnsafeMutablePointer<UInt64>
        private static let rowStride = 16

        init() {
            let n = WorkerPool.maxThreads * Self.rowStride
            rows = UnsafeMutableRawPointer.allocate(byteCount: n * MemoryLayout<UInt64>.stride, alignment: 128)
                .bindMemory(to: UInt64.self, capacity: n)
            rows.initialize(repeating: 0, count: n)
        }

        func add(thread: Int, busy: UInt64, waiting: UInt64) {
            let row = rows + thread * Self.rowStride
            row[0] &+= busy
            row[1] &+= waiting
            row[2] &+= 1
        }

        func took(thread: Int) { rows[thread * Self.rowStride + 3] &+= 1 }

        func value(thread: Int) -> ThreadTime {
            let row = rows + thread * Self.rowStride
            return ThreadTime(
                busyNanoseconds: row[0], waitNanoseconds: row[1], stages: Int(row[2]), takenChunks: Int(row[3]))
        }

        func reset() { rows.update(repeating: 0, count: WorkerPool.maxThreads * Self.rowStride) }
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
        /// Waits for `wake` (or a spurious wake-up); the mutex must be held.
        func wait() { pthread_cond_wait(condition, mutex) }

        /// Wakes the thread waiting, if any.
        func wake() {
            pthread_mutex_lock(mutex)
            pthread_cond_signal(condition)
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

        package static func stageCapacity(threads: Int) -> Int { 1024 }
        package var startedWorkers: Int { 0 }
        package var blockedWorkers: Int { 0 }
        package func acquire(threads: Int) -> Int { 1 }
        package func release() {}
        package func park() {}
        package var isParked: Bool { false }
        /// No clock without the C library's: 0 (the thread tuner then keeps one thread, which is all there is).
        package static func monotonicNanoseconds() -> UInt64 { 0 }
        package func run(threads: Int, stageCount: Int, _ job: Job, _ context: UnsafeRawPointer) {}
        package func claim(
            _ stage: Int, chunks: Int, thread: Int, threads: Int, shares: UnsafePointer<Int32>? = nil
        ) -> Int? { nil }
        package func finish(_ stage: Int, count: Int, threads: Int) {}
        package func waitForStage(_ stage: Int, chunks: Int, threads: Int) {}
        package func publish(thread: Int, stages: Int) {}
        @discardableResult package func waitForProgress(of thread: Int, stages: Int) -> Int { 0 }
        package func recordWaits(thread: Int, spins: Int) {}
        package func waits(thread: Int) -> Int { 0 }
        package func timeThreads(_ on: Bool) {}
        package var timesThreads: Bool { false }
        package func addStageTime(thread: Int, busy: UInt64, waiting: UInt64) {}
        package func threadTimes(_ thread: Int) -> ThreadTime { ThreadTime() }
        package func resetThreadTimes() {}
        package func runStage(
            _ stage: Int, chunks: Int, thread: Int, threads: Int, shares: UnsafePointer<Int32>? = nil,
            _ body: (Int) -> Void
        ) {}
    }
#endif

extension WorkerPool {
    /// Runs `part(context, k)` for every k in 0 ..< `parts` as a job of one stage on `threads` threads (the pool
    /// held): each thread takes the parts of its own share first (`claim`), then what is left of the others'. The
    /// one-stage jobs (the ordering's pass, the begin-event scan, the awake list) share this set-up.
    package func runParts(threads: Int, parts: Int, _ context: UnsafeRawPointer, _ part: Job) {
        var plan = PartsPlan(part: part, context: context, parts: parts, threads: threads)
        withUnsafePointer(to: &plan) { pointer in
            run(
                threads: threads, stageCount: 1,
                { raw, thread in
                    let plan = raw.assumingMemoryBound(to: PartsPlan.self).pointee
                    WorkerPool.shared.runStage(0, chunks: plan.parts, thread: thread, threads: plan.threads) {
                        plan.part(plan.context, $0)
                    }
                }, UnsafeRawPointer(pointer))
        }
    }
}

/// What every thread of a `WorkerPool.runParts` job reads.
private struct PartsPlan {
    let part: WorkerPool.Job
    let context: UnsafeRawPointer
    let parts: Int
    let threads: Int
}

/// What one thread did in the timed stages of the worker pool's jobs (`WorkerPool.threadTimes`).
package struct ThreadTime: Sendable {
    /// Nanoseconds working on chunks (claiming them included).
    package var busyNanoseconds: UInt64 = 0
    /// Nanoseconds waiting for the other threads to finish a stage.
    package var waitNanoseconds: UInt64 = 0
    /// Stages it ran.
    package var stages = 0
    /// Chunks it took from the other threads' shares.
    package var takenChunks = 0
}
