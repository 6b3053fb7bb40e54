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

    /// The narrow phase's loop on `threads` threads; appends the contacts to compact (`retireFlaggedContacts`), the
    /// islands to wake, the bodies pressed deep and the contacts that may begin touching, in contact order, and
    /// counts the touching and settling contacts.
    mutating func collideInParallel(
        dt: Double, threads: Int, flagged: inout [Int32], wakeList: inout [Int32], deepBodies deep: inout [Int32],
        begins: inout [Int32], touches: inout TouchCounts
    ) {
        let count = contacts.count
        let chunks = (count + World.collideChunk - 1) / World.collideChunk
        // Out of the scratch while the narrow phase's context holds it (their capacity kept).
        var records: [CollideChunkRecord] = []
        var lists: [Int32] = []
        swap(&records, &scratch.parallel.collideRecords)
        swap(&lists, &scratch.parallel.collideLists)
        defer {
            swap(&records, &scratch.parallel.collideRecords)
            swap(&lists, &scratch.parallel.collideLists)
        }
        World.grow(&records, to: chunks, with: CollideChunkRecord())
        World.grow(&lists, to: 6 * count, with: 0)
        scratch.parallel.collideSteps += 1
        records.withUnsafeMutableBufferPointer { records in
            lists.withUnsafeMutableBufferPointer { lists in
                withCollideContext(dt: dt) { c in
                    let base = lists.baseAddress!
                    var job = CollideJob(
                        context: c, threads: threads, records: records.baseAddress!, flagged: base,
                        begins: base + count, deep: base + 2 * count, wake: base + 4 * count)
                    withUnsafePointer(to: &job) { pointer in
                        WorkerPool.shared.run(
                            threads: threads, stageCount: 1,
                            { raw, thread in
                                World.collideChunks(raw.assumingMemoryBound(to: CollideJob.self), thread)
                            },
                            UnsafeRawPointer(pointer))
                    }
                    // The chunks' lists joined in chunk order: each list in contact order, as the serial loop
                    // appends it; the counts are integer sums, the same in any order.
                    for chunk in 0..<chunks {
                        let r = records[chunk]
                        let start = chunk * World.collideChunk
                        touches.touching &+= Int(r.touching)
                        touches.settling &+= Int(r.settling)
                        if r.flagged > 0 {
                            flagged.append(
                                contentsOf: UnsafeBufferPointer(start: job.flagged + start, count: Int(r.flagged)))
                        }
                        if r.begins > 0 {
                            begins.append(
                                contentsOf: UnsafeBufferPointer(start: job.begins + start, count: Int(r.begins)))
                        }
                        if r.deep > 0 {
                            deep.append(
                                contentsOf: UnsafeBufferPointer(start: job.deep + 2 * start, count: Int(r.deep)))
                        }
                        if r.wake > 0 {
                            wakeList.append(
                                contentsOf: UnsafeBufferPointer(start: job.wake + 2 * start, count: Int(r.wake)))
                        }
                    }
                }
            }
        }
    }

    /// One thread's part of the parallel narrow phase: chunks of contacts until none is left. Each chunk counts its
    /// touching and settling contacts and lists what `record` would append, in contact order, from its start in
    /// each of the job's lists (`CollideChunkRecord`).
    private static func collideChunks(_ job: UnsafePointer<CollideJob>, _ thread: Int) {
        let j = job.pointee
        let c = j.context
        let count = c.co.count
        let chunks = (count + collideChunk - 1) / collideChunk
        WorkerPool.shared.runStage(0, chunks: chunks, thread: thread, threads: j.threads) { chunk in
            let start = chunk * collideChunk
            let flagged = j.flagged + start, begins = j.begins + start
            let deep = j.deep + 2 * start, wake = j.wake + 2 * start
            var r = CollideChunkRecord()
            for k in start..<Swift.min(count, start + collideChunk) {
                let f = updateContact(k, c)
                if f == 0 { continue }
                // As `record` does, in its order.
                if f & ContactUpdate.touching != 0 {
                    r.touching &+= 1
                    if f & ContactUpdate.settling != 0 { r.settling &+= 1 }
                }
                let k32 = Int32(truncatingIfNeeded: k)
                if f & ContactUpdate.compaction != 0 {
                    flagged[Int(r.flagged)] = k32
                    r.flagged &+= 1
                }
                if f & ContactUpdate.mayBegin != 0 {
                    begins[Int(r.begins)] = k32
                    r.begins &+= 1
                }
                if f & ContactUpdate.deepB != 0 {
                    deep[Int(r.deep)] = c.co[k].bodyB
                    r.deep &+= 1
                }
                if f & ContactUpdate.deepA != 0 {
                    deep[Int(r.deep)] = c.co[k].bodyA
                    r.deep &+= 1
                }
                if f & ContactUpdate.wakeA != 0 {
                    wake[Int(r.wake)] = c.co[k].bodyA
                    r.wake &+= 1
                }
                if f & ContactUpdate.wakeB != 0 {
                    wake[Int(r.wake)] = c.co[k].bodyB
                    r.wake &+= 1
                }
            }
            j.records[chunk] = r
        }
    }
}

/// What one chunk of the parallel narrow phase found: its touching and settling contacts, and how many entries it
/// put in each list of the job (contacts to compact, possible begins, bodies pressed deep, bodies to wake).
struct CollideChunkRecord: Sendable {
    var touching: Int32 = 0
    var settling: Int32 = 0
    var flagged: Int32 = 0
    var begins: Int32 = 0
    var deep: Int32 = 0
    var wake: Int32 = 0
}

/// What the threads of the parallel narrow phase read.
private struct CollideJob {
    let context: World.CollideContext
    let threads: Int
    /// By chunk: what it found.
    let records: UnsafeMutablePointer<CollideChunkRecord>
    /// The lists, each chunk's part from its first contact (twice that for the bodies).
    let flagged: UnsafeMutablePointer<Int32>
    let begins: UnsafeMutablePointer<Int32>
    let deep: UnsafeMutablePointer<Int32>
    let wake: UnsafeMutablePointer<Int32>
}
