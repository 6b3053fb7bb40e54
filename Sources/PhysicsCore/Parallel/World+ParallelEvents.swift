/// Two scans of a step on several threads, with the one-thread result: the begin events' scan over the contacts
/// (World+Step.swift, `emitBeginEvents`) and the list of awake bodies (`listAwakeBodies`). Each thread scans a run
/// (each contact's flags, each body's step start, are its own) and lists what it found into its own region; the
/// regions are then joined in order.
extension World {
    /// Fills `scratch.pendingBegins` as the one-thread scan does, on `threads` threads (the worker pool held).
    mutating func findBeginsInParallel(threads: Int) {
        World.resize(&scratch.parallel.scanSlots, to: contacts.count + 1, with: 0)
        World.resize(&scratch.parallel.chunkCounts, to: 2 * threads, with: 0)
        contacts.withUnsafeMutableBufferPointer { co in
            scratch.parallel.scanSlots.withUnsafeMutableBufferPointer { found in
                scratch.parallel.chunkCounts.withUnsafeMutableBufferPointer { counts in
                    guard let contacts = co.baseAddress, let found = found.baseAddress, let counts = counts.baseAddress
                    else { return }
                    var job = BeginScanJob(
                        contacts: contacts, count: co.count, found: found, counts: counts, threads: threads)
                    withUnsafePointer(to: &job) {
                        WorkerPool.shared.runParts(threads: threads, parts: threads, UnsafeRawPointer($0)) {
                            raw, part in
                            World.scanBegins(raw.assumingMemoryBound(to: BeginScanJob.self).pointee, part: part)
                        }
                    }
                }
            }
        }
        for t in 0..<threads {
            let lo = contacts.count * t / threads
            scratch.pendingBegins.append(
                contentsOf: scratch.parallel.scanSlots[lo..<lo + scratch.parallel.chunkCounts[t]])
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

extension World {
    /// `listAwakeBodies` on `threads` threads (the worker pool held): each thread lists a run of the bodies from the
    /// run's start in `awake`; the runs are then moved together. Returns how many bodies are listed.
    static func listAwakeBodiesInParallel(
        _ bodies: UnsafeMutablePointer<Body>, _ states: UnsafeMutablePointer<BodyState>, count: Int,
        _ awake: UnsafeMutablePointer<Int32>, counts: UnsafeMutablePointer<Int>, threads: Int
    ) -> Int {
        var job = AwakeListJob(
            bodies: bodies, states: states, count: count, awake: awake, counts: counts, threads: threads)
        withUnsafePointer(to: &job) {
            WorkerPool.shared.runParts(threads: threads, parts: threads, UnsafeRawPointer($0)) { raw, part in
                World.listAwakeRun(raw.assumingMemoryBound(to: AwakeListJob.self).pointee, part: part)
            }
        }
        var listed = 0
        for t in 0..<threads {
            let lo = count * t / threads
            if lo != listed { (awake + listed).update(from: awake + lo, count: counts[t]) }
            listed &+= counts[t]
        }
        return listed
    }
}

extension World {
    /// Thread `part`'s run of the bodies, listed from the run's start.
    private static func listAwakeRun(_ j: AwakeListJob, part: Int) {
        let lo = j.count * part / j.threads, hi = j.count * (part + 1) / j.threads
        j.counts[part] = listAwakeBodies(j.bodies, j.states, lo..<hi, into: j.awake + lo)
    }
}

/// What the threads of `listAwakeBodiesInParallel` share.
private struct AwakeListJob {
    let bodies: UnsafeMutablePointer<Body>
    let states: UnsafeMutablePointer<BodyState>
    let count: Int
    /// One slot per body: each thread's run of awake bodies.
    let awake: UnsafeMutablePointer<Int32>
    /// By thread: how many it listed.
    let counts: UnsafeMutablePointer<Int>
    let threads: Int
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
