/// The narrow phase's compaction (`retireFlaggedContacts`, World+Broadphase.swift) on several threads, record for
/// record the same moves as on one.
///
/// The kept contacts after the first retired one move down, in order, over the retired ones: in a crowd that keeps
/// making and parting pairs this is most of the contact and manifold-cache records (about a megabyte a step in
/// `tumbler`), one copy the threads can share. The destinations are cut into one run per thread; each thread moves
/// its run front to back, like the serial loop. The only records a thread would overwrite before another has read
/// them are the few at the start of its run that the thread before it still has to move (as many as the contacts
/// retired before that point): a first stage keeps those aside, and the thread before reads them from there. The
/// retired pairs are forgotten meanwhile: one more chunk of the moves' stage removes their keys from the pair set, in
/// contact order, on whichever thread takes it (nothing else reads the pair set then).
extension World {
    /// Records that must move before the compaction is shared: a smaller copy costs less than the threads' meeting.
    static let parallelCompactionMinimum = 1024

    /// `compactContacts(removed:)` on `threads` threads (the worker pool held), and the pair set's removal of
    /// `keys`, in order.
    mutating func compactContactsInParallel(removed: [Int32], keys: [UInt64], threads: Int) {
        precondition(threads < CompactionPlan.entries, "at most \(CompactionPlan.entries - 1) threads compact")
        // The plan on this thread's stack: a step's compaction allocates nothing.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * CompactionPlan.entries) { buffer in
            compactContactsInParallel(
                removed: removed, keys: keys, threads: threads, plan: CompactionPlan(buffer.baseAddress!))
        }
    }

    /// The compaction with its plan written into `plan`'s buffer.
    private mutating func compactContactsInParallel(
        removed: [Int32], keys: [UInt64], threads: Int, plan: CompactionPlan
    ) {
        let count = contacts.count
        let first = Int(removed[0])
        let newCount = count - removed.count
        scratch.parallel.compactionSteps += 1
        // Thread t moves destinations `bounds[t] ..< bounds[t + 1]`, whose first source comes after `retired[t]`
        // retired contacts; as many records from `bounds[t]` on are kept aside for thread t − 1, from `aside[t]` in
        // the compaction's scratch.
        var asideCount = 0
        for t in 0...threads {
            let d = first + (newCount - first) * t / threads
            plan.bounds[t] = d
            plan.retired[t] = t == threads ? 0 : World.retiredBefore(destination: d, removed)
            plan.aside[t] = asideCount
            if t > 0 { asideCount += plan.retired[t] }
        }
        let template = Contact(
            shapeA: 0, shapeB: 0, bodyA: 0, bodyB: 0, friction: 0, restitution: 0, isSolid: false,
            reportsEvents: false, key: 0)
        World.grow(&scratch.compactionContacts, to: asideCount, with: template)
        World.grow(&scratch.compactionCaches, to: asideCount, with: ManifoldCache())
        contacts.withUnsafeMutableBufferPointer { co in
            manifoldCaches.withUnsafeMutableBufferPointer { mc in
                scratch.compactionContacts.withUnsafeMutableBufferPointer { ac in
                    scratch.compactionCaches.withUnsafeMutableBufferPointer { am in
                        removed.withUnsafeBufferPointer { rm in
                            keys.withUnsafeBufferPointer { keys in
                                withUnsafeMutablePointer(to: &pairSet) { pairSet in
                                    var job = CompactionJob(
                                        contacts: co.baseAddress!, caches: mc.baseAddress!,
                                        asideContacts: ac.baseAddress!, asideCaches: am.baseAddress!,
                                        removed: rm.baseAddress!, removedCount: rm.count, count: count, plan: plan,
                                        threads: threads, keys: keys, pairSet: pairSet)
                                    withUnsafePointer(to: &job) { pointer in
                                        WorkerPool.shared.run(
                                            threads: threads, stageCount: 2,
                                            { raw, thread in
                                                World.runCompaction(
                                                    raw.assumingMemoryBound(to: CompactionJob.self), thread)
                                            }, UnsafeRawPointer(pointer))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// How many of `removed` (contact indices, ascending) come before the record that moves to `destination` (one
    /// at or after the first retired contact): the number of retired contacts i whose index less i, the kept records
    /// before it, is at most `destination`.
    static func retiredBefore(destination: Int, _ removed: [Int32]) -> Int {
        var lo = 0, hi = removed.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(removed[mid]) - mid <= destination { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// One thread's part: stage 0 keeps aside the records at the start of its run that the thread before it reads,
    /// stage 1 moves its run; the chunk after the runs forgets the keys.
    private static func runCompaction(_ job: UnsafePointer<CompactionJob>, _ thread: Int) {
        let j = job.pointee
        let pool = WorkerPool.shared
        pool.runStage(0, chunks: j.threads, thread: thread, threads: j.threads) { t in
            let from = j.plan.bounds[t], n = j.plan.retired[t], to = j.plan.aside[t]
            if t > 0 && n > 0 {
                (j.asideContacts + to).update(from: j.contacts + from, count: n)
                (j.asideCaches + to).update(from: j.caches + from, count: n)
            }
        }
        pool.runStage(1, chunks: j.threads + 1, thread: thread, threads: j.threads) { t in
            if t < j.threads {
                moveRun(j, t)
            } else {
                for key in j.keys { j.pairSet.pointee.remove(key) }
            }
        }
    }

    /// Moves destinations `bounds[t] ..< bounds[t + 1]`: each from its source in the contacts, or, for a source at
    /// or past the next run's start, from where stage 0 kept it.
    private static func moveRun(_ j: CompactionJob, _ t: Int) {
        let end = j.plan.bounds[t + 1]
        // The next thread's run begins at `end`; after the last run, no thread writes.
        let next = t + 1 < j.threads ? end : Int.max, nextAside = j.plan.aside[t + 1]
        var d = j.plan.bounds[t]
        // Retired contacts before the current source.
        var r = j.plan.retired[t]
        while d < end {
            let source = d + r
            // The kept run of sources ends at the next retired contact (or the last record).
            let runEnd = r < j.removedCount ? Int(j.removed[r]) : j.count
            let n = Swift.min(runEnd - source, end - d)
            if n <= 0 {
                // Two retired contacts in a row: no record between them.
                r += 1
                continue
            }
            // Sources before the next thread's run come from the contacts, the rest from stage 0's copies.
            let direct = next == Int.max ? n : Swift.max(0, Swift.min(n, next - source))
            if direct > 0 { moveRecords(j.contacts, j.caches, from: source, count: direct, to: d) }
            if direct < n {
                let at = nextAside + (source + direct - next)
                (j.contacts + d + direct).update(from: j.asideContacts + at, count: n - direct)
                (j.caches + d + direct).update(from: j.asideCaches + at, count: n - direct)
            }
            d += n
            if source + n == runEnd { r += 1 }
        }
    }
}

/// Where each thread's run of destinations begins (`bounds`, one more for the end), how many retired contacts come
/// before its first source (`retired`: for t ≥ 1 also the records kept aside for the thread before), and where they
/// are kept (`aside`): `entries` each, one per thread and one more, in a buffer the caller holds.
private struct CompactionPlan {
    static let entries = WorkerPool.maxThreads + 1
    let bounds: UnsafeMutablePointer<Int>
    var retired: UnsafeMutablePointer<Int> { bounds + Self.entries }
    var aside: UnsafeMutablePointer<Int> { bounds + 2 * Self.entries }

    /// The plan in `buffer`, `3 × entries` integers.
    init(_ buffer: UnsafeMutablePointer<Int>) { bounds = buffer }
}

/// What the threads of the parallel compaction read and write.
private struct CompactionJob {
    let contacts: UnsafeMutablePointer<Contact>
    let caches: UnsafeMutablePointer<ManifoldCache>
    let asideContacts: UnsafeMutablePointer<Contact>
    let asideCaches: UnsafeMutablePointer<ManifoldCache>
    let removed: UnsafePointer<Int32>
    let removedCount: Int
    let count: Int
    let plan: CompactionPlan
    let threads: Int
    /// The retired pairs' keys, in contact order, and the pair set that forgets them.
    let keys: UnsafeBufferPointer<UInt64>
    let pairSet: UnsafeMutablePointer<PairSet>
}
