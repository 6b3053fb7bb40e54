/// The ordering's pass over the contacts (Solver/ContactOrdering.swift) on several threads, bit for bit what
/// `World.readContacts` does on one.
///
/// Each thread filters a run of the contacts into its own region of the ordering's input (the contacts to solve,
/// their moving bodies) and gathers a share of the awake bodies' preparation records; the calling thread then closes
/// the gaps between the regions (the input in contact order, as one thread writes it), counts the moving-body
/// graph's degrees and queues its first layer in that order, stamps the moving bodies, and gathers and stamps the
/// other bodies that the contacts named (statics, sleepers, kinematic bodies). Records of awake bodies without a
/// contact are written but never read; the stamps are the serial pass's: every body of a contact to solve.
extension World {
    /// `readContacts` on `threads` threads (the worker pool held). `sides` has room for two bodies per contact and
    /// `chunkCounts` for two numbers per thread. Returns what `readContacts` returns.
    static func readContactsInParallel(
        _ p: ContactPass, _ s: OrderPointers, contactCount: Int, bodyCount: Int, _ gather: BodyGather,
        awake: UnsafeBufferPointer<Int32>, sides: UnsafeMutablePointer<Int32>,
        chunkCounts: UnsafeMutablePointer<Int>, threads: Int
    ) -> (count: Int, queued: Int) {
        var job = ReadContactsJob(
            pass: p, contactCount: contactCount, gather: gather, awake: awake.baseAddress,
            awakeCount: awake.count, sides: sides, chunkCounts: chunkCounts, threads: threads)
        // Thread t's share is parts 2t (its run of contacts) and 2t + 1 (its share of awake bodies).
        withUnsafePointer(to: &job) {
            WorkerPool.shared.runParts(threads: threads, parts: 2 * threads, UnsafeRawPointer($0)) { raw, part in
                let job = raw.assumingMemoryBound(to: ReadContactsJob.self).pointee
                if part & 1 == 0 {
                    World.filterContacts(job, part: part >> 1)
                } else {
                    World.gatherAwakeBodies(job, part: part >> 1)
                }
            }
        }
        // The regions one after the other, then the degrees and the first layer in contact order.
        var count = 0
        for t in 0..<threads {
            let lo = contactCount * t / threads, n = chunkCounts[2 * t]
            if lo != count {
                (p.input + count).update(from: p.input + lo, count: n)
                (p.moving + count).update(from: p.moving + lo, count: n)
            }
            count &+= n
        }
        startLayers(s, bodyCount: bodyCount)
        var queued = 0
        for i in 0..<count {
            let m = p.moving[i]
            linkMovingBodies(s, m, queued: &queued)
            // Gathered by the threads; stamped here (the sub-steps read the stamps: SinglePrecisionSubsteps.swift).
            if m.x >= 0 { p.stamp[Int(m.x)] = gather.epoch }
            if m.y >= 0 { p.stamp[Int(m.y)] = gather.epoch }
        }
        for t in 0..<threads {
            let lo = 2 * (contactCount * t / threads)
            for j in 0..<chunkCounts[2 * t + 1] {
                let body = sides[lo + j]
                if p.stamp[Int(body)] == gather.epoch { continue }
                p.stamp[Int(body)] = gather.epoch
                gatherPrepareBody(p, body, gather)
            }
        }
        return (count, queued)
    }

    /// Thread `part`'s run of the contacts: the contacts to solve into the input from the run's start, and the
    /// bodies they name that do not move (not awake, or not dynamic) into `sides` from twice the run's start.
    private static func filterContacts(_ j: ReadContactsJob, part: Int) {
        let p = j.pass
        let lo = j.contactCount * part / j.threads, hi = j.contactCount * (part + 1) / j.threads
        var out = lo
        var side = 2 * lo
        for k in lo..<hi where p.contacts[k].manifold.pointCount > 0 && p.contacts[k].isSolid {
            let a = p.contacts[k].bodyA, b = p.contacts[k].bodyB
            let awakeA = p.bodies[Int(a)].isAwake, awakeB = p.bodies[Int(b)].isAwake
            guard awakeA || awakeB else { continue }
            let typeA = p.bodies[Int(a)].type, typeB = p.bodies[Int(b)].type
            p.input[out] = Int32(k) | (p.contacts[k].manifold.pointCount == 2 ? twoPointFlag : 0)
            p.moving[out] = SIMD2(awakeA && typeA == .dynamic ? a : -1, awakeB && typeB == .dynamic ? b : -1)
            out &+= 1
            // Not moving (not awake, or not dynamic): gathered by the calling thread afterwards (an awake kinematic
            // body again: the same record).
            if !awakeA || typeA != .dynamic {
                j.sides[side] = a
                side &+= 1
            }
            if !awakeB || typeB != .dynamic {
                j.sides[side] = b
                side &+= 1
            }
        }
        j.chunkCounts[2 * part] = out - lo
        j.chunkCounts[2 * part + 1] = side - 2 * lo
    }

    /// Thread `part`'s share of the awake bodies: their preparation records and solver bodies.
    private static func gatherAwakeBodies(_ j: ReadContactsJob, part: Int) {
        guard let awake = j.awake else { return }
        let lo = j.awakeCount * part / j.threads, hi = j.awakeCount * (part + 1) / j.threads
        for n in lo..<hi { gatherPrepareBody(j.pass, awake[n], j.gather) }
    }
}

/// What the threads of `readContactsInParallel` read, and where each writes its counts.
private struct ReadContactsJob {
    let pass: ContactPass
    let contactCount: Int
    let gather: BodyGather
    let awake: UnsafePointer<Int32>?
    let awakeCount: Int
    /// Two entries per contact: each thread's run of the bodies its contacts name that do not move.
    let sides: UnsafeMutablePointer<Int32>
    /// By thread: the contacts it kept, the bodies it put in `sides`.
    let chunkCounts: UnsafeMutablePointer<Int>
    let threads: Int
}
