/// The bundles' preparation on several threads (`WorldSettings.workerCount`), bit for bit the same as on one.
///
/// A bundle's preparation reads the contacts and the bodies' records gathered for the step and writes only that
/// bundle (ContactPrepareBundle.swift), so the bundles are cut into chunks that any thread claims. Which contacts
/// go into bundle b follows from the colours' split (`colorStart`, `twoPointEnd`): the same lanes as the serial loop
/// of `prepareContacts` deals.
extension World {
    /// Bundles per chunk of the parallel preparation.
    static let prepareChunk = 16

    /// `prepareContacts`'s bundle loop on `threads` threads (the contacts are ordered, coloured and split, and the
    /// bodies gathered).
    mutating func prepareBundlesInParallel(threads: Int, _ context: PrepareContext) {
        // Where each colour's bundles begin; the overflow colour's (one contact each) begin at entry 64.
        World.resize(&scratch.parallel.colorBundleStart, to: 65, with: 0)
        var bundle = 0
        var start = 0
        for color in 0..<64 {
            scratch.parallel.colorBundleStart[color] = Int32(bundle)
            let mid = Int(scratch.twoPointEnd[color]), end = Int(scratch.colorStart[color])
            bundle += (mid - start + 3) / 4 + (end - mid + 3) / 4
            start = end
        }
        scratch.parallel.colorBundleStart[64] = Int32(bundle)
        // The bundles in the threads' shares that the solve will use (Parallel/World+ParallelShares.swift), so that
        // each thread prepares the bundles it then solves; in equal chunks when no colour is shared out.
        let tabled = planParallelSegments()
        if tabled { planShares(threads: threads) }
        // The solve uses this plan (`acquireSolverThreads`) instead of making it again.
        scratch.parallel.planEpoch = tabled ? scratch.prepareEpoch : 0
        let chunks =
            tabled
            ? Int(scratch.parallel.bundleChunks)
            : (scratch.wideConstraints.count + World.prepareChunk - 1) / World.prepareChunk
        World.resize(&scratch.parallel.chunkBounces, to: chunks, with: false)
        World.resize(&scratch.parallel.bouncing, to: scratch.wideConstraints.count, with: 0)
        let approach = -Float(settings.restitutionThreshold)
        scratch.parallel.slowMarks.prepare(threads: threads, bodies: bodies.count)
        let slowRow = scratch.parallel.slowMarks.row
        scratch.parallel.bouncing.withUnsafeMutableBufferPointer { bouncing in
            scratch.parallel.slowMarks.bytes.withUnsafeMutableBufferPointer { slowMarks in
                scratch.solveOrder.withUnsafeBufferPointer { order in
                    contacts.withUnsafeBufferPointer { co in
                        scratch.prepareBodies.withUnsafeBufferPointer { pb in
                            scratch.colorStart.withUnsafeBufferPointer { colorStart in
                                scratch.twoPointEnd.withUnsafeBufferPointer { twoPointEnd in
                                    scratch.parallel.colorBundleStart.withUnsafeBufferPointer { colorBundle in
                                        scratch.wideConstraints.withUnsafeMutableBufferPointer { ws in
                                            scratch.parallel.chunkBounces.withUnsafeMutableBufferPointer { bounces in
                                                scratch.parallel.chunkRanges.withUnsafeBufferPointer { ranges in
                                                    scratch.parallel.shareBounds.withUnsafeBufferPointer { bounds in
                                                        var job = PrepareJob(
                                                            order: order.baseAddress!, contacts: co.baseAddress!,
                                                            records: pb.baseAddress!,
                                                            colorStart: colorStart.baseAddress!,
                                                            twoPointEnd: twoPointEnd.baseAddress!,
                                                            colorBundleStart: colorBundle.baseAddress!,
                                                            bundles: ws.baseAddress!,
                                                            bundleCount: ws.count, context: context, threads: threads,
                                                            bounces: bounces.baseAddress!, approach: approach,
                                                            bouncing: bouncing.baseAddress!, chunks: chunks,
                                                            ranges: tabled
                                                                ? ranges.baseAddress!
                                                                    + Int(scratch.parallel.bundleTable)
                                                                : nil,
                                                            shares: tabled
                                                                ? bounds.baseAddress!
                                                                    + Int(scratch.parallel.bundleShares)
                                                                : nil,
                                                            slowMarks: slowMarks.baseAddress!, slowRow: slowRow
                                                        )
                                                        withUnsafePointer(to: &job) { pointer in
                                                            WorkerPool.shared.run(
                                                                threads: threads, stageCount: 1,
                                                                { raw, thread in
                                                                    World.prepareChunks(
                                                                        raw.assumingMemoryBound(to: PrepareJob.self),
                                                                        thread
                                                                    )
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
                    }
                }
            }
        }
        scratch.parallel.anyBounce = scratch.parallel.chunkBounces.contains(true)
        scratch.parallel.bouncingListed = true
    }

    /// One thread's part of the parallel preparation: chunks of bundles until none is left.
    private static func prepareChunks(_ job: UnsafePointer<PrepareJob>, _ thread: Int) {
        let j = job.pointee
        WorkerPool.shared.runStage(0, chunks: j.chunks, thread: thread, threads: j.threads, shares: j.shares) {
            chunk in
            let range: Range<Int>
            if let ranges = j.ranges {
                range = Int(ranges[chunk].x)..<Int(ranges[chunk].y)
            } else {
                let first = chunk * prepareChunk
                range = first..<Swift.min(j.bundleCount, first + prepareChunk)
            }
            prepareBundles(j, range)
            // The bodies of its slow lanes (`markConstrainedBodies`), in this thread's row.
            let marks = j.slowMarks + thread * j.slowRow
            for b in range {
                var lanes = j.bundles[b].slowLanes
                while lanes != 0 {
                    let l = lanes.trailingZeroBitCount
                    marks[Int(WideContactConstraint.bodySlot(j.bundles[b].bodyA[l]))] = 1
                    marks[Int(WideContactConstraint.bodySlot(j.bundles[b].bodyB[l]))] = 1
                    lanes &= lanes &- 1
                }
            }
            // Which of its bundles may bounce (`ParallelScratch.bouncing`), and whether one does.
            var bounces = false
            for b in range {
                let bounce = World.bounces(j.bundles + b, approach: j.approach)
                j.bouncing[b] = bounce ? 1 : 0
                bounces = bounces || bounce
            }
            j.bounces[chunk] = bounces
        }
    }

    /// Prepares bundles `range` with the lanes the serial loop deals them.
    private static func prepareBundles(_ j: PrepareJob, _ range: Range<Int>) {
        // The colour of the first bundle.
        var color = 0
        while color < 64 && Int(j.colorBundleStart[color + 1]) <= range.lowerBound { color += 1 }
        for b in range {
            while color < 64 && Int(j.colorBundleStart[color + 1]) <= b { color += 1 }
            let w = j.bundles + b
            if color == 64 {
                // The overflow colour: one contact per bundle.
                let i = Int(j.colorStart[63]) + b - Int(j.colorBundleStart[64])
                let k = lanes(j.order + i, 1)
                if j.contacts[Int(j.order[i])].manifold.pointCount == 2 {
                    prepareTwoPointBundle(w, k, laneCount: 1, j.contacts, j.records, j.context)
                } else {
                    prepareOnePointBundle(w, k, laneCount: 1, j.contacts, j.records, j.context)
                }
                continue
            }
            let start = color == 0 ? 0 : Int(j.colorStart[color - 1])
            let mid = Int(j.twoPointEnd[color]), end = Int(j.colorStart[color])
            let twoPointBundles = (mid - start + 3) / 4
            let offset = b - Int(j.colorBundleStart[color])
            if offset < twoPointBundles {
                let i = start + 4 * offset
                let n = Swift.min(4, mid - i)
                prepareTwoPointBundle(w, lanes(j.order + i, n), laneCount: n, j.contacts, j.records, j.context)
            } else {
                let i = mid + 4 * (offset - twoPointBundles)
                let n = Swift.min(4, end - i)
                prepareOnePointBundle(w, lanes(j.order + i, n), laneCount: n, j.contacts, j.records, j.context)
            }
        }
    }
}

/// What the threads of the parallel preparation read.
private struct PrepareJob {
    let order: UnsafePointer<Int32>
    let contacts: UnsafePointer<Contact>
    let records: UnsafePointer<PrepareBody>
    let colorStart: UnsafePointer<Int32>
    let twoPointEnd: UnsafePointer<Int32>
    /// Where each colour's bundles begin (entry 64: the overflow colour's).
    let colorBundleStart: UnsafePointer<Int32>
    let bundles: UnsafeMutablePointer<WideContactConstraint>
    let bundleCount: Int
    let context: World.PrepareContext
    let threads: Int
    /// By chunk: whether a lane of its bundles may bounce (`World.bounces`), by `approach` (minus
    /// `WorldSettings.restitutionThreshold`, pt/s); by bundle, 1 when it may.
    let bounces: UnsafeMutablePointer<Bool>
    let approach: Float
    let bouncing: UnsafeMutablePointer<UInt8>
    /// The chunks: `ranges[k]` (bundles) and thread t's share `shares[t] ..< shares[t + 1]` (the threads' shares of
    /// the solve), or when nil `prepareChunk` bundles each in equal shares.
    let chunks: Int
    let ranges: UnsafePointer<SIMD2<Int32>>?
    let shares: UnsafePointer<Int32>?
    /// By thread, a row of `slowRow` bytes (`SlowLaneMarks`): the bodies of its bundles' slow lanes.
    let slowMarks: UnsafeMutablePointer<UInt8>
    let slowRow: Int
}

/// By thread, the bodies of the slow lanes of the bundles it prepared (`WideContactConstraint.slowLanes`, marked
/// 1), each thread in a row of its own, `row` bytes apart (a multiple of 64: no cache line written by two threads);
/// `markConstrainedBodies` (World+Step.swift) joins them for `threads` threads (0: the bundles were prepared on one
/// thread) and zeroes them. All zero outside a step's preparation and that join.
struct SlowLaneMarks: Sendable {
    var bytes: [UInt8] = []
    var row = 0
    var threads = 0

    /// Rows for `threads` threads and `bodies` bodies (all zero already: another row length only moves the rows
    /// over zeros).
    mutating func prepare(threads: Int, bodies: Int) {
        row = (bodies + 63) / 64 * 64
        self.threads = threads
        World.grow(&bytes, to: threads * row, with: 0)
    }

    /// Marks left by a preparation whose join did not follow (a preparation run by itself) zeroed.
    mutating func discard() {
        guard threads > 0 else { return }
        bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        threads = 0
    }
}
