/// The narrow phase on several threads (`WorldSettings.workerCount`), bit for bit the same as on one.
///
/// Each contact's update reads the bodies and shapes as the step left them and writes only that contact and its
/// manifold cache (`World.updateContact`), so the contacts are cut into chunks that any thread claims. What an
/// update finds for the rest of the step (a pair to retire, a sleeper to wake, a body pressed deep) is kept as
/// flags by contact and read afterwards on the calling thread in contact order: the same lists, in the same order,
/// as the serial loop makes.
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
        World.resize(&scratch.parallel.contactFlags, to: contacts.count, with: 0)
        let chunks = (contacts.count + World.collideChunk - 1) / World.collideChunk
        // Out of the scratch while the narrow phase's context holds it (its capacity kept).
        var chunkCounts: [TouchCounts] = []
        swap(&chunkCounts, &scratch.parallel.chunkTouches)
        defer { swap(&chunkCounts, &scratch.parallel.chunkTouches) }
        World.grow(&chunkCounts, to: chunks, with: TouchCounts())
        scratch.parallel.collideSteps += 1
        chunkCounts.withUnsafeMutableBufferPointer { chunkTouches in
            withCollideContext(dt: dt) { c in
                var job = CollideJob(context: c, threads: threads, touches: chunkTouches.baseAddress!)
                withUnsafePointer(to: &job) { pointer in
                    WorkerPool.shared.run(
                        threads: threads, stageCount: 1,
                        { raw, thread in World.collideChunks(raw.assumingMemoryBound(to: CollideJob.self), thread) },
                        UnsafeRawPointer(pointer))
                }
                // Integer sums: the same in any order.
                for chunk in 0..<chunks {
                    touches.touching &+= chunkTouches[chunk].touching
                    touches.settling &+= chunkTouches[chunk].settling
                }
                // The touch counts are in; what is left to record is rare (a pair parted, a sleeper hit, a body
                // pressed deep, a possible begin): eight flags at a time are skipped while all are zero.
                let count = c.co.count
                let flags = UnsafeRawPointer(c.flags.baseAddress!)
                var k = 0
                while k < count {
                    if k & 7 == 0 && k &+ 8 <= count && flags.loadUnaligned(fromByteOffset: k, as: UInt64.self) == 0 {
                        k &+= 8
                        continue
                    }
                    let f = c.flags[k]
                    if f != 0 { World.record(f, of: k, c, &flagged, &wakeList, &deep, &begins, &touches) }
                    k &+= 1
                }
            }
        }
    }

    /// One thread's part of the parallel narrow phase: chunks of contacts until none is left. Each chunk counts its
    /// touching and settling contacts (`TouchCounts`, by chunk) and leaves only the other flags for the calling
    /// thread's loop.
    private static func collideChunks(_ job: UnsafePointer<CollideJob>, _ thread: Int) {
        let c = job.pointee.context
        let count = c.co.count
        let chunks = (count + collideChunk - 1) / collideChunk
        let counted = ContactUpdate.touching | ContactUpdate.settling
        WorkerPool.shared.runStage(0, chunks: chunks, thread: thread, threads: job.pointee.threads) { chunk in
            let start = chunk * collideChunk
            var touches = TouchCounts()
            for k in start..<Swift.min(count, start + collideChunk) {
                let f = updateContact(k, c)
                if f & ContactUpdate.touching != 0 {
                    touches.touching &+= 1
                    if f & ContactUpdate.settling != 0 { touches.settling &+= 1 }
                }
                c.flags[k] = f & ~counted
            }
            job.pointee.touches[chunk] = touches
        }
    }
}

/// What the threads of the parallel narrow phase read.
private struct CollideJob {
    let context: World.CollideContext
    let threads: Int
    /// By chunk: its touching and settling contacts.
    let touches: UnsafeMutablePointer<World.TouchCounts>
}
