/// The ordering's pass over the contacts (Solver/ContactOrdering.swift) on several threads, bit for bit what
/// `World.readContacts` does on one.
///
/// Each thread filters a run of the contacts into its own region of the ordering's input (the contacts to solve,
/// their moving bodies), counts the moving-body graph's degrees over them in a row of its own and notes the moving
/// bodies of its contacts with one moving side (the first layer's candidates). The calling thread then closes the
/// gaps between the regions (the input in contact order, as one thread writes it), queues the first layer from the
/// candidates in contact order and stamps its bodies, and gathers and stamps the other bodies that the contacts
/// named (statics, sleepers, kinematic bodies). The rows are added into the degrees by the threads, each a run of
/// the bodies, which also clear their depths and stamp those with a degree (a third stage of the job: on the
/// calling thread alone that loop over every body cost 0.03-0.05 M instructions a step). The awake bodies'
/// preparation records are gathered later, beside the breadth-first search (`depthsFromGroundListingAwake`) or the
/// colouring's first fit (`AwakeGather`, Parallel/World+ParallelColoring.swift). Records of awake bodies without a
/// contact are written but never read; the stamps are the serial pass's: every body of a contact to solve.
extension World {
    /// `readContacts` on `threads` threads (the worker pool held). `sides` has room for two bodies per contact,
    /// `degrees` for a row of `bodyCount` per thread and `chunkCounts` for three numbers per thread; the pass's
    /// `motion` (one byte per body) is noted here. Returns what `readContacts` returns.
    static func readContactsInParallel(
        _ p: ContactPass, _ s: OrderPointers, contactCount: Int, bodyCount: Int, _ gather: BodyGather,
        sides: UnsafeMutablePointer<Int32>, degrees: UnsafeMutablePointer<Int32>,
        chunkCounts: UnsafeMutablePointer<Int>, threads: Int
    ) -> (count: Int, queued: Int) {
        var job = ReadContactsJob(
            pass: p, order: s, epoch: gather.epoch, contactCount: contactCount, bodyCount: bodyCount, sides: sides,
            degrees: degrees, chunkCounts: chunkCounts, threads: threads)
        // Three stages: each thread notes the motion of a run of the bodies (`noteBodyMotion`), then, once all of
        // it is noted, filters its run of the contacts (thread t's share is part t), then, once every row is
        // counted, sums a run of the bodies' degrees (`sumDegrees`).
        withUnsafePointer(to: &job) {
            WorkerPool.shared.run(
                threads: threads, stageCount: 3,
                { raw, thread in
                    let j = raw.assumingMemoryBound(to: ReadContactsJob.self).pointee
                    let pool = WorkerPool.shared
                    pool.runStage(0, chunks: j.threads, thread: thread, threads: j.threads) { part in
                        let lo = j.bodyCount * part / j.threads, hi = j.bodyCount * (part + 1) / j.threads
                        World.noteBodyMotion(j.pass.bodies, lo..<hi, into: j.pass.motion)
                    }
                    pool.runStage(1, chunks: j.threads, thread: thread, threads: j.threads) { part in
                        World.filterContacts(j, part: part)
                    }
                    pool.runStage(2, chunks: j.threads, thread: thread, threads: j.threads) { part in
                        World.sumDegrees(j, part: part)
                    }
                }, UnsafeRawPointer($0))
        }
        // The regions one after the other (on two threads the second region moved by the job's last stage,
        // `sumDegrees`: the first stays where it is), then the first layer in contact order.
        var count = 0
        for t in 0..<threads {
            let lo = job.contactRun(t).lowerBound, n = chunkCounts[3 * t]
            if lo != count && threads > 2 {
                (p.input + count).update(from: p.input + lo, count: n)
                (p.moving + count).update(from: p.moving + lo, count: n)
            }
            count &+= n
        }
        // The depths cleared by the threads (`sumDegrees`); the side that does not move and the rows' end here.
        s.depth[-1] = 0
        s.rows[bodyCount] = 0
        // The first layer in contact order: each run's candidates (written from its end backwards), stamped (the
        // moving bodies of a contact to solve; the sub-steps read the stamps: SinglePrecisionSubsteps.swift).
        var queued = 0
        for t in 0..<threads {
            let end = 2 * job.contactRun(t).upperBound
            for n in stride(from: end - 1, through: end - chunkCounts[3 * t + 2], by: -1) {
                let body = sides[n]
                if s.depth[Int(body)] == -1 {
                    s.depth[Int(body)] = 1
                    s.queue[queued] = body
                    queued &+= 1
                    p.stamp[Int(body)] = gather.epoch
                }
            }
        }
        for t in 0..<threads {
            let lo = 2 * job.contactRun(t).lowerBound
            for j in 0..<chunkCounts[3 * t + 1] {
                let body = sides[lo + j]
                if p.stamp[Int(body)] == gather.epoch { continue }
                p.stamp[Int(body)] = gather.epoch
                gatherPrepareBody(p, body, gather)
            }
        }
        return (count, queued)
    }

    /// Part `part`'s run of the bodies: each one's degree (the rows' sum) into `rows`, its depth cleared (−1, not
    /// reached: `startLayers`), and a stamp (`epoch`) for each with a degree, a moving body of a contact to solve.
    /// On two threads, part 1 also moves the second region of the input down to the end of the first
    /// (`readContactsInParallel`).
    private static func sumDegrees(_ j: ReadContactsJob, part: Int) {
        let s = j.order
        if j.threads == 2 && part == 1 {
            let count = j.chunkCounts[0], lo = j.contactRun(1).lowerBound, n = j.chunkCounts[3]
            if lo != count {
                (j.pass.input + count).update(from: j.pass.input + lo, count: n)
                (j.pass.moving + count).update(from: j.pass.moving + lo, count: n)
            }
        }
        let lo = j.bodyCount * part / j.threads, hi = j.bodyCount * (part + 1) / j.threads
        for i in lo..<hi {
            var degree: Int32 = 0
            for t in 0..<j.threads { degree &+= j.degrees[t &* j.bodyCount &+ i] }
            s.rows[i] = degree
            s.depth[i] = -1
            if degree > 0 { j.pass.stamp[i] = j.epoch }
        }
    }

    /// Thread `part`'s run of the contacts: the contacts to solve into the input from the run's start, the bodies
    /// they name that do not move (not awake, or not dynamic) into `sides` from twice the run's start, the moving
    /// body of each with one moving side into `sides` from twice the run's end backwards (a contact fills at most
    /// two entries), and the degrees of the moving-body graph over them into the part's row of `degrees`.
    private static func filterContacts(_ j: ReadContactsJob, part: Int) {
        let p = j.pass
        let run = j.contactRun(part)
        let lo = run.lowerBound, hi = run.upperBound
        let degrees = j.degrees + part * j.bodyCount
        degrees.update(repeating: 0, count: j.bodyCount)
        var out = lo
        var side = 2 * lo
        var candidate = 2 * hi
        for k in lo..<hi where p.contacts[k].manifold.pointCount > 0 && p.contacts[k].isSolid {
            let a = p.contacts[k].bodyA, b = p.contacts[k].bodyB
            let motionA = p.motion[Int(a)], motionB = p.motion[Int(b)]
            guard (motionA | motionB) & BodyMotion.awake != 0 else { continue }
            p.input[out] = Int32(k) | (p.contacts[k].manifold.pointCount == 2 ? twoPointFlag : 0)
            let movingA = motionA == BodyMotion.moving, movingB = motionB == BodyMotion.moving
            p.moving[out] = SIMD2(movingA ? a : -1, movingB ? b : -1)
            out &+= 1
            if movingA && movingB {
                degrees[Int(a)] &+= 1
                degrees[Int(b)] &+= 1
            } else if movingA != movingB {
                candidate &-= 1
                j.sides[candidate] = movingA ? a : b
            }
            // Not moving (not awake, or not dynamic): gathered by the calling thread afterwards (an awake kinematic
            // body again: the same record).
            if !movingA {
                j.sides[side] = a
                side &+= 1
            }
            if !movingB {
                j.sides[side] = b
                side &+= 1
            }
        }
        j.chunkCounts[3 * part] = out - lo
        j.chunkCounts[3 * part + 1] = side - 2 * lo
        j.chunkCounts[3 * part + 2] = 2 * hi - candidate
    }

    /// `body` with the pointers `listAwakeBodies` reads and writes: the bodies, their states, and the awake list
    /// (room for every body).
    static func withAwakeList<R>(
        _ bodies: inout [Body], _ states: inout [BodyState], _ awake: inout [Int32],
        _ body: (UnsafeMutablePointer<Body>, UnsafeMutablePointer<BodyState>, UnsafeMutablePointer<Int32>) -> R
    ) -> R {
        World.resize(&awake, to: bodies.count, with: 0)
        return bodies.withUnsafeMutableBufferPointer { bo in
            states.withUnsafeMutableBufferPointer { st in
                awake.withUnsafeMutableBufferPointer { aw in body(bo.baseAddress!, st.baseAddress!, aw.baseAddress!) }
            }
        }
    }

    /// `depthsFromGround` on one thread while another lists the awake bodies (`listAwakeBodies`, every body) and
    /// then gathers them into `gathering` (`gatherAwakeBodies`): the search reads only the ordering's arrays, the
    /// listing and the gathering only the bodies, their states, records and solver bodies. (The search is serial
    /// and the longer: on `tumbler` the other thread waited through most of it.) Returns the search's result and
    /// the awake bodies listed.
    static func depthsFromGroundListingAwake(
        _ s: OrderPointers, _ moving: UnsafePointer<SIMD2<Int32>>, count: Int, queued: Int, bodyCount: Int,
        bodies: UnsafeMutablePointer<Body>, states: UnsafeMutablePointer<BodyState>, awake: UnsafeMutablePointer<Int32>,
        gathering: GatherTargets, threads: Int
    ) -> (tail: Int, unreached: Int32, awakeCount: Int) {
        var job = SearchAndListJob(
            s: s, moving: moving, count: count, queued: queued, bodyCount: bodyCount, bodies: bodies, states: states,
            awake: awake, gathering: gathering)
        withUnsafeMutablePointer(to: &job) {
            WorkerPool.shared.runParts(threads: threads, parts: 2, UnsafeRawPointer($0)) { raw, part in
                let j = UnsafeMutableRawPointer(mutating: raw).assumingMemoryBound(to: SearchAndListJob.self)
                if part == 0 {
                    (j.pointee.tail, j.pointee.unreached) = World.depthsFromGround(
                        j.pointee.s, j.pointee.moving, count: j.pointee.count, queued: j.pointee.queued,
                        bodyCount: j.pointee.bodyCount)
                } else {
                    let listed = World.listAwakeBodies(
                        j.pointee.bodies, j.pointee.states, 0..<j.pointee.bodyCount, into: j.pointee.awake)
                    j.pointee.awakeCount = listed
                    let t = j.pointee.gathering
                    World.gatherAwakeBodies(
                        AwakeGather(
                            records: t.records, solverBodies: t.solverBodies, bodies: j.pointee.bodies,
                            states: j.pointee.states, awake: j.pointee.awake, awakeCount: listed, gather: t.gather),
                        0..<listed)
                }
            }
        }
        return (job.tail, job.unreached, job.awakeCount)
    }

    /// `body` with the pointers the awake bodies' gathering reads and writes (`AwakeGather`).
    static func withAwakeGather<R>(
        _ records: inout [PrepareBody], _ solverBodies: inout [SolverBody], _ bodies: [Body], _ states: [BodyState],
        _ awake: [Int32], _ gather: BodyGather, _ body: (AwakeGather) -> R
    ) -> R {
        records.withUnsafeMutableBufferPointer { re in
            solverBodies.withUnsafeMutableBufferPointer { sb in
                bodies.withUnsafeBufferPointer { bo in
                    states.withUnsafeBufferPointer { st in
                        awake.withUnsafeBufferPointer { aw in
                            body(
                                AwakeGather(
                                    records: re.baseAddress!, solverBodies: sb.baseAddress!, bodies: bo.baseAddress!,
                                    states: st.baseAddress!, awake: aw.baseAddress, awakeCount: aw.count,
                                    gather: gather))
                        }
                    }
                }
            }
        }
    }

    /// The awake bodies `range` (positions in the awake list): their preparation records and solver bodies.
    static func gatherAwakeBodies(_ g: AwakeGather, _ range: Range<Int>) {
        guard let awake = g.awake else { return }
        for n in range {
            gatherPrepareBody(
                records: g.records, solverBodies: g.solverBodies, bodies: g.bodies, states: g.states, awake[n],
                g.gather)
        }
    }

    /// Every awake body gathered on `threads` threads (the worker pool held), each thread a share.
    static func gatherAwakeBodiesInParallel(_ g: AwakeGather, threads: Int) {
        var job = (g, threads)
        withUnsafePointer(to: &job) {
            WorkerPool.shared.runParts(threads: threads, parts: threads, UnsafeRawPointer($0)) { raw, part in
                let (g, threads) = raw.assumingMemoryBound(to: (AwakeGather, Int).self).pointee
                World.gatherAwakeBodies(g, g.awakeCount * part / threads..<g.awakeCount * (part + 1) / threads)
            }
        }
    }
}

/// What the threads of `readContactsInParallel` read, and where each writes its counts.
private struct ReadContactsJob {
    let pass: ContactPass
    /// The ordering's arrays (degrees into `rows`, depths cleared) and this step's stamp.
    let order: OrderPointers
    let epoch: UInt32
    let contactCount: Int
    let bodyCount: Int
    /// Two entries per contact: each thread's run of the bodies its contacts name that do not move.
    let sides: UnsafeMutablePointer<Int32>
    /// By thread: its row of degrees (`bodyCount` entries).
    let degrees: UnsafeMutablePointer<Int32>
    /// By thread: the contacts it kept, the bodies it put in `sides`, its first layer's candidates.
    let chunkCounts: UnsafeMutablePointer<Int>
    let threads: Int

    /// Thread `part`'s run of the contacts (its region of the input starts at the run's start).
    func contactRun(_ part: Int) -> Range<Int> { contactCount * part / threads..<contactCount * (part + 1) / threads }
}

/// What the awake bodies' gathering reads and writes (`World.withAwakeGather`): their preparation records and solver
/// bodies, from the bodies' records and states, in the awake list's order.
struct AwakeGather {
    let records: UnsafeMutablePointer<PrepareBody>
    let solverBodies: UnsafeMutablePointer<SolverBody>
    let bodies: UnsafePointer<Body>
    let states: UnsafePointer<BodyState>
    let awake: UnsafePointer<Int32>?
    let awakeCount: Int
    let gather: BodyGather
}

/// Where the awake bodies' gathering writes (`AwakeGather` without the list, which is made meanwhile): their
/// preparation records and solver bodies, by body.
struct GatherTargets {
    let records: UnsafeMutablePointer<PrepareBody>
    let solverBodies: UnsafeMutablePointer<SolverBody>
    let gather: BodyGather
}

/// The breadth-first search (part 0) beside the awake bodies' listing and gathering (part 1), and what each found.
private struct SearchAndListJob {
    let s: OrderPointers
    let moving: UnsafePointer<SIMD2<Int32>>
    let count: Int, queued: Int, bodyCount: Int
    let bodies: UnsafeMutablePointer<Body>
    let states: UnsafeMutablePointer<BodyState>
    let awake: UnsafeMutablePointer<Int32>
    let gathering: GatherTargets
    var tail = 0
    var unreached: Int32 = 0
    var awakeCount = 0
}
