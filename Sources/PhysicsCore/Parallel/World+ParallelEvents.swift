/// The begin events' scan over the contacts (World+Step.swift, `emitBeginEvents`) on several threads, with the
/// one-thread result: each thread scans a run of the contacts (each contact's flags are its own) and lists the
/// contacts with an event into its own region; the regions are then joined in contact order.
extension World {
    /// Fills `scratch.pendingBegins` as the one-thread scan does, on `threads` threads (the worker pool held).
    mutating func findBeginsInParallel(threads: Int) {
        World.resize(&scratch.parallel.sideBodies, to: contacts.count + 1, with: 0)
        World.resize(&scratch.parallel.chunkCounts, to: 2 * threads, with: 0)
        contacts.withUnsafeMutableBufferPointer { co in
            scratch.parallel.sideBodies.withUnsafeMutableBufferPointer { found in
                scratch.parallel.chunkCounts.withUnsafeMutableBufferPointer { counts in
                    guard let contacts = co.baseAddress, let found = found.baseAddress, let counts = counts.baseAddress
                    else { return }
                    var job = BeginScanJob(
                        contacts: contacts, count: co.count, found: found, counts: counts, threads: threads)
                    withUnsafePointer(to: &job) { pointer in
                        WorkerPool.shared.run(
                            threads: threads, stageCount: 1,
                            { raw, thread in
                                let j = raw.assumingMemoryBound(to: BeginScanJob.self).pointee
                                WorkerPool.shared.runStage(0, chunks: j.threads, thread: thread, threads: j.threads) {
                                    World.scanBegins(j, part: $0)
                                }
                            }, UnsafeRawPointer(pointer))
                    }
                }
            }
        }
        for t in 0..<threads {
            let lo = contacts.count * t / threads
            scratch.pendingBegins.append(
                contentsOf: scratch.parallel.sideBodies[lo..<lo + scratch.parallel.chunkCounts[t]])
        }
    }

    /// Thread `part`'s run of the contacts: flags set, the contacts with an event listed from the run's start.
    private static func scanBegins(_ j: BeginScanJob, part: Int) {
        let lo = j.count * part / j.threads, hi = j.count * (part + 1) / j.threads
        var n = lo
        for k in lo..<hi where beginsTouching(j.contacts + k) {
            j.found[n] = Int32(k)
            n &+= 1
        }
        j.counts[part] = n - lo
    }
}

/// What the threads of `findBeginsInParallel` share.
private struct BeginScanJob {
    let contacts: UnsafeMutablePointer<Contact>
    let count: Int
    /// One slot per contact: each thread's run of contacts with an event.
    let found: UnsafeMutablePointer<Int32>
    /// By thread: how many it listed.
    let counts: UnsafeMutablePointer<Int>
    let threads: Int
}
