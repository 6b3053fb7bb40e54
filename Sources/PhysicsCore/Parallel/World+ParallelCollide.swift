/// The narrow phase on several threads (`WorldSettings.workerCount`), bit for bit the same as on one.
///
/// Each contact's update reads the bodies and shapes as the step left them and writes only that contact and its
/// manifold cache (`World.updateContact`), so the contacts are cut into chunks that any thread claims. What an
/// update finds for the rest of the step (a pair to retire, a sleeper to wake, a body pressed deep) each chunk lists
/// from its own place in the job's lists; the calling thread joins the chunks' lists in chunk order: the same lists,
/// in the same order, as the serial loop makes.
extension World {
    /// Contacts per chunk of the parallel narrow phase: a pair costs from a few dozen instructions (apart, or
    /// cached) to a few thousand (two polygons clipped), so chunks are small enough for the threads to even out.
    static let collideChunk = 64
    /// New contacts per chunk: their first manifolds cost most (no cache to start from), and they end the job.
    static let newContactChunk = 16

    /// The narrow phase's loop on `threads` threads; appends what the retirement needs (`retireContacts`: the
    /// contacts to retire with their keys, the end events' shapes, noted by the chunks, `noteFlagged`), the islands
    /// to wake, the bodies pressed deep and the contacts that may begin touching, in contact order, and counts the
    /// touching and settling contacts.
    mutating func collideInParallel(
        dt: Double, threads: Int, retirement: inout Retirement, wakeList: inout [Int32],
        deepBodies deep: inout [Int32], begins: inout [Int32], touches: inout TouchCounts
    ) {
        let old = contacts.count
        // The contacts the parallel pair descent made (`pendingPairChunks`) go after the others, all of them for now:
        // the calling thread's part of the job first tracks them in the pair set, in order, and drops a pair made
        // twice (a shape twice in the move buffer), as `addContacts` does.
        let pending = scratch.parallel.pendingPairChunks
        scratch.parallel.pendingPairChunks = 0
        for chunk in 0..<pending { contacts.append(contentsOf: scratch.parallel.pairContacts[chunk]) }
        let made = contacts.count - old
        if made > 0 {
            manifoldCaches.append(contentsOf: repeatElement(ManifoldCache(), count: made))
            scratch.parallel.trackingCollideSteps += 1
        }
        let oldChunks = (old + World.collideChunk - 1) / World.collideChunk
        let chunks = oldChunks + (made + World.newContactChunk - 1) / World.newContactChunk
        // Out of the scratch while the narrow phase's context holds it (their capacity kept); the pair set too, for
        // the tracking.
        var records: [CollideChunkRecord] = []
        var lists: [Int32] = []
        var keys: [UInt64] = []
        var set = PairSet.placeholder
        swap(&records, &scratch.parallel.collideRecords)
        swap(&lists, &scratch.parallel.collideLists)
        swap(&keys, &scratch.parallel.collideKeys)
        swap(&set, &pairSet)
        defer {
            swap(&records, &scratch.parallel.collideRecords)
            swap(&lists, &scratch.parallel.collideLists)
            swap(&keys, &scratch.parallel.collideKeys)
            swap(&set, &pairSet)
        }
        World.grow(&records, to: chunks, with: CollideChunkRecord())
        let count = old + made
        World.grow(&lists, to: 8 * count, with: 0)
        World.grow(&keys, to: count, with: 0)
        scratch.parallel.collideSteps += 1
        var kept = made
        // The shares of the stage with new contacts: the calling thread's from the new contacts' chunks on, about
        // a new contact's chunk as half an old one's and the tracking as one; the others' shares of the rest alike.
        let newChunks = (made + World.newContactChunk - 1) / World.newContactChunk
        let callerOld = Swift.max(0, Swift.min(oldChunks, oldChunks / threads - 1 - newChunks / 2))
        let rest = oldChunks - callerOld
        var shareBounds: [Int32] = []
        swap(&shareBounds, &scratch.parallel.collideShares)
        defer { swap(&shareBounds, &scratch.parallel.collideShares) }
        World.resize(&shareBounds, to: threads + 1, with: 0)
        for t in 1...threads {
            shareBounds[t] = Int32(newChunks + callerOld + rest * (t - 1) / Swift.max(1, threads - 1))
        }
        shareBounds.withUnsafeBufferPointer { shares in
            withUnsafeMutablePointer(to: &set) { set in
                withUnsafeMutablePointer(to: &kept) { kept in
                    records.withUnsafeMutableBufferPointer { records in
                        lists.withUnsafeMutableBufferPointer { lists in
                            keys.withUnsafeMutableBufferPointer { keys in
                                withCollideContext(dt: dt) { c in
                                    let base = lists.baseAddress!
                                    var job = CollideJob(
                                        context: c, threads: threads, old: old, made: made, kept: kept, pairSet: set,
                                        shares: shares.baseAddress!, records: records.baseAddress!, removed: base,
                                        keys: keys.baseAddress!, begins: base + count, deep: base + 2 * count,
                                        wake: base + 4 * count, ended: base + 6 * count)
                                    withUnsafePointer(to: &job) { pointer in
                                        WorkerPool.shared.run(
                                            threads: threads, stageCount: made > 0 ? 2 : 1,
                                            { raw, thread in
                                                World.collideChunks(
                                                    raw.assumingMemoryBound(to: CollideJob.self), thread)
                                            },
                                            UnsafeRawPointer(pointer))
                                    }
                                    // The chunks' lists joined in chunk order (the new contacts' chunks last): each list in
                                    // contact order, as the serial loop appends it; the counts are integer sums, the same in
                                    // any order.
                                    let keptChunks = (kept.pointee + World.newContactChunk - 1) / World.newContactChunk
                                    for chunk in 0..<(oldChunks + keptChunks) {
                                        let r = records[chunk]
                                        let start =
                                            chunk < oldChunks
                                            ? chunk * World.collideChunk
                                            : old + (chunk - oldChunks) * World.newContactChunk
                                        touches.touching &+= Int(r.touching)
                                        touches.settling &+= Int(r.settling)
                                        World.appendChunkList(&retirement.removed, job.removed + start, r.removed)
                                        if r.removed > 0 {
                                            retirement.keys.append(
                                                contentsOf: UnsafeBufferPointer(
                                                    start: job.keys + start, count: Int(r.removed)))
                                        }
                                        World.appendChunkList(&retirement.ended, job.ended + 2 * start, r.ended)
                                        World.appendChunkList(&begins, job.begins + start, r.begins)
                                        World.appendChunkList(&deep, job.deep + 2 * start, r.deep)
                                        World.appendChunkList(&wakeList, job.wake + 2 * start, r.wake)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // The pairs made twice, dropped by the tracking (their places at the end).
        if kept < made {
            contacts.removeLast(made - kept)
            manifoldCaches.removeLast(made - kept)
        }
    }

    /// One thread's part of the parallel narrow phase: chunks of contacts until none is left. Each chunk counts its
    /// touching and settling contacts and lists what `record` would append, in contact order, from its start in
    /// each of the job's lists (`CollideChunkRecord`). With new contacts (`CollideJob.made`) the calling thread first
    /// tracks them (`trackNewContacts`; stage 0 finished is the sign that it has) while the others start on the
    /// contacts before them; the new contacts' chunks (of `newContactChunk`) begin its share of stage 1, and a
    /// thread that takes one from it waits for the sign.
    private static func collideChunks(_ job: UnsafePointer<CollideJob>, _ thread: Int) {
        let j = job.pointee
        let pool = WorkerPool.shared
        let oldChunks = (j.old + collideChunk - 1) / collideChunk
        // With new contacts the calling thread tracks them first (stage 0 is its flag), then takes their chunks (they
        // start its share: it copied them), then its part of the others; without, one stage of the older contacts.
        let newChunks = (j.made + newContactChunk - 1) / newContactChunk
        if j.made > 0 && thread == 0 {
            trackNewContacts(j)
            pool.finish(0, count: 1, threads: j.threads)
        }
        pool.runStage(
            j.made > 0 ? 1 : 0, chunks: newChunks + oldChunks, thread: thread, threads: j.threads,
            shares: j.made > 0 ? j.shares : nil
        ) { chunk in
            runCollideChunk(j, chunk, newChunks: newChunks, oldChunks: oldChunks, thread: thread)
        }
    }

    /// Chunk `chunk` of the narrow phase's stage (the new contacts' chunks first). Out of line, so that the contacts'
    /// updates are inlined in its loop with the job's fields in registers, as in the serial loop (inside the stage's
    /// closure they were a call per contact: on `tumbler` 2.30 M instructions a frame on two threads against one
    /// thread's 2.01; now 1.99, `make bench-ir-threads`).
    @inline(never) private static func runCollideChunk(
        _ j: CollideJob, _ chunk: Int, newChunks: Int, oldChunks: Int, thread: Int
    ) {
        if chunk < newChunks {
            if thread != 0 { WorkerPool.shared.waitForStage(0, chunks: 1, threads: j.threads) }
            let end = j.old + j.kept.pointee
            let start = Swift.min(end, j.old + chunk * newContactChunk)
            updateChunk(j, oldChunks + chunk, start..<Swift.min(end, start + newContactChunk))
        } else {
            let start = (chunk - newChunks) * collideChunk
            updateChunk(j, chunk - newChunks, start..<Swift.min(j.old, start + collideChunk))
        }
    }

    /// The new contacts (after `CollideJob.old`) tracked in the pair set in order, those whose pair is tracked
    /// already (made twice) dropped and the rest moved up: `tryCreateContact`'s tracking for each pair of the
    /// descent, as `addContacts` does it. Their manifold caches are all new, so none moves.
    private static func trackNewContacts(_ j: CollideJob) {
        let first = j.context.co.baseAddress! + j.old
        var kept = 0
        for i in 0..<j.made where j.pairSet.pointee.insert(first[i].key) {
            if kept != i { first[kept] = first[i] }
            kept += 1
        }
        j.kept.pointee = kept
    }

    /// Appends a chunk's list (`count` values from `start`) to `list`.
    @inline(__always) private static func appendChunkList(
        _ list: inout [Int32], _ start: UnsafeMutablePointer<Int32>, _ count: Int32
    ) {
        if count > 0 { list.append(contentsOf: UnsafeBufferPointer(start: start, count: Int(count))) }
    }

    /// One chunk of the narrow phase: the contacts of `range`, what they found recorded as chunk `chunk`.
    @inline(__always) private static func updateChunk(_ j: CollideJob, _ chunk: Int, _ range: Range<Int>) {
        let c = j.context
        let start = range.lowerBound
        let removed = j.removed + start, keys = j.keys + start, begins = j.begins + start
        let deep = j.deep + 2 * start, wake = j.wake + 2 * start, ended = j.ended + 2 * start
        var r = CollideChunkRecord()
        /// `value` at the end of `list`, whose length `n` counts.
        @inline(__always) func put(_ list: UnsafeMutablePointer<Int32>, _ n: inout Int32, _ value: Int32) {
            list[Int(n)] = value
            n &+= 1
        }
        for k in range {
            let f = updateContact(k, c)
            if f == 0 { continue }
            // As `record` does, in its order.
            if f & ContactUpdate.touching != 0 {
                r.touching &+= 1
                if f & ContactUpdate.settling != 0 { r.settling &+= 1 }
            }
            let k32 = Int32(truncatingIfNeeded: k)
            if f & ContactUpdate.compaction != 0 {
                // What the retirement needs of the contact, noted while its record is at hand (`noteFlagged`).
                noteFlagged(c.co.baseAddress.unsafelyUnwrapped + k, k32) {
                    put(ended, &r.ended, $0)
                    put(ended, &r.ended, $1)
                } retired: {
                    keys[Int(r.removed)] = $1
                    put(removed, &r.removed, $0)
                }
            }
            if f & ContactUpdate.mayBegin != 0 { put(begins, &r.begins, k32) }
            if f & ContactUpdate.deepB != 0 { put(deep, &r.deep, c.co[k].bodyB) }
            if f & ContactUpdate.deepA != 0 { put(deep, &r.deep, c.co[k].bodyA) }
            if f & ContactUpdate.wakeA != 0 { put(wake, &r.wake, c.co[k].bodyA) }
            if f & ContactUpdate.wakeB != 0 { put(wake, &r.wake, c.co[k].bodyB) }
        }
        j.records[chunk] = r
    }
}

/// What one chunk of the parallel narrow phase found: its touching and settling contacts, and how many entries it
/// put in each list of the job (contacts to retire, with as many keys; possible begins, bodies pressed deep, bodies
/// to wake, end events' shapes).
struct CollideChunkRecord: Sendable {
    var touching: Int32 = 0
    var settling: Int32 = 0
    var removed: Int32 = 0
    var begins: Int32 = 0
    var deep: Int32 = 0
    var wake: Int32 = 0
    var ended: Int32 = 0
}

/// What the threads of the parallel narrow phase read.
private struct CollideJob {
    let context: World.CollideContext
    let threads: Int
    /// The contacts before this round's new ones, and the new ones the parallel pair descent made (0: none).
    let old: Int
    let made: Int
    /// How many new contacts the tracking chunk kept (`World.trackNewContacts`), and the pair set it tracks them in.
    let kept: UnsafeMutablePointer<Int>
    let pairSet: UnsafeMutablePointer<PairSet>
    /// The threads' shares of the stage with new contacts (`threads + 1` bounds).
    let shares: UnsafePointer<Int32>
    /// By chunk: what it found.
    let records: UnsafeMutablePointer<CollideChunkRecord>
    /// The lists, each chunk's part from its first contact (twice that for the bodies and the end events' shapes):
    /// the contacts to retire and their keys, the possible begins, the bodies pressed deep, the bodies to wake, the
    /// end events' shapes.
    let removed: UnsafeMutablePointer<Int32>
    let keys: UnsafeMutablePointer<UInt64>
    let begins: UnsafeMutablePointer<Int32>
    let deep: UnsafeMutablePointer<Int32>
    let wake: UnsafeMutablePointer<Int32>
    let ended: UnsafeMutablePointer<Int32>
}
