/// Pair finding by descent (`findPairsByDescent`) and by per-shape queries (`findPairsByQueries`) on several threads
/// (`WorldSettings.workerCount`): the same contacts created in the same order as on one thread.
///
/// The descent over the moving tree (and of the moving tree against the static one) is cut into node pairs whose
/// descents, one after the other, find exactly the pairs of the whole descent in its order
/// (`DynamicTree.movedPairSeeds`). The node pairs are cut into chunks that any thread claims; each chunk descends
/// its node pairs into a list of its own and drops the pairs already tracked (the pair set does not change
/// meanwhile). The calling thread then creates the contacts of the lists in chunk order: the order of the serial
/// loop, which would have skipped the dropped pairs.
extension World {

    /// The pair descent and the contacts it creates, on `threads` threads (the moved leaves are marked).
    mutating func findMovedPairsInParallel(threads: Int) {
        scratch.parallel.pairSteps += 1
        scratch.parallel.pairSeeds.removeAll(keepingCapacity: true)
        // Many more node pairs than threads: their descents differ in size.
        let minimum = 32 * threads
        movingTree.movedPairSeeds(against: nil, minimum: minimum, tag: 0, seeds: &scratch.parallel.pairSeeds)
        movingTree.movedPairSeeds(
            against: staticTree, minimum: minimum, tag: 1, seeds: &scratch.parallel.pairSeeds)
        let seedCount = scratch.parallel.pairSeeds.count / 3
        if seedCount == 0 { return }
        // About sixteen chunks per thread: the last chunks' descents, which end the job, are short (eight: the
        // tumbler's two threads 0.5 % slower, interleaved; thirty-two: no faster than sixteen).
        let perChunk = Swift.max(1, seedCount / (16 * threads))
        let chunks = (seedCount + perChunk - 1) / perChunk
        World.grow(&scratch.parallel.pairResults, to: chunks, with: [])
        World.grow(&scratch.parallel.pairContacts, to: chunks, with: [])
        World.grow(&scratch.parallel.pairStacks, to: threads, with: [])
        World.withContactSources(shapes, bodies, joints) { sources in
            scratch.parallel.pairContacts.withUnsafeMutableBufferPointer { made in
                movingTree.nodes.withUnsafeBufferPointer { mn in
                    movingTree.movedMarks.withUnsafeBufferPointer { marks in
                        staticTree.nodes.withUnsafeBufferPointer { sn in
                            pairSet.withView { set in
                                scratch.parallel.pairSeeds.withUnsafeBufferPointer { seeds in
                                    scratch.parallel.pairResults.withUnsafeMutableBufferPointer { results in
                                        scratch.parallel.pairStacks.withUnsafeMutableBufferPointer { stacks in
                                            var job = PairJob(
                                                moving: mn.baseAddress!, fixed: sn.baseAddress ?? mn.baseAddress!,
                                                moved: marks.baseAddress!,
                                                seeds: seeds.baseAddress!, seedCount: seedCount, perChunk: perChunk,
                                                chunks: chunks, results: results.baseAddress!,
                                                stacks: stacks.baseAddress!,
                                                set: set, threads: threads, sources: sources, made: made.baseAddress!)
                                            withUnsafePointer(to: &job) { pointer in
                                                WorkerPool.shared.run(
                                                    threads: threads, stageCount: 1,
                                                    { raw, thread in
                                                        World.pairChunks(
                                                            raw.assumingMemoryBound(to: PairJob.self), thread)
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
        // Tracked by the narrow phase's threads, or before a serial narrow phase (`trackPendingPairs`).
        scratch.parallel.pendingPairChunks = chunks
    }

    /// Tracks the contacts the parallel pair descent made and left for the narrow phase
    /// (`ParallelScratch.pendingPairChunks`), here on the calling thread: before a narrow phase on one thread, or
    /// before a static shape's queries create contacts after them.
    mutating func trackPendingPairs() {
        let chunks = scratch.parallel.pendingPairChunks
        if chunks == 0 { return }
        scratch.parallel.pendingPairChunks = 0
        addContacts(fromChunks: chunks)
    }

    /// Creates the contacts of the pairs the first `chunks` lists of `ParallelScratch.pairResults` hold, list by list.
    private mutating func createContacts(fromChunks chunks: Int) {
        for c in 0..<chunks {
            let count = scratch.parallel.pairResults[c].count
            var k = 0
            while k < count {
                tryCreateContact(scratch.parallel.pairResults[c][k], scratch.parallel.pairResults[c][k + 1])
                k += 2
            }
        }
    }

    /// Tracks the contacts the first `chunks` lists of `ParallelScratch.pairContacts` hold, list by list: what
    /// `tryCreateContact` does for each pair of the descent in its order, the contacts made on the threads already.
    /// A pair found twice (by a shape twice in the move buffer) is tracked once, as there.
    private mutating func addContacts(fromChunks chunks: Int) {
        for chunk in 0..<chunks {
            var made: [Contact] = []
            swap(&made, &scratch.parallel.pairContacts[chunk])
            for c in made where pairSet.insert(c.key) { appendContact(c) }
            swap(&made, &scratch.parallel.pairContacts[chunk])
        }
    }

    /// One thread's part of the parallel pair descent: chunks of node pairs until none is left.
    private static func pairChunks(_ job: UnsafePointer<PairJob>, _ thread: Int) {
        let j = job.pointee
        WorkerPool.shared.runStage(0, chunks: j.chunks, thread: thread, threads: j.threads) { chunk in
            let out = j.results + chunk
            out.pointee.removeAll(keepingCapacity: true)
            let first = chunk * j.perChunk
            for seed in first..<Swift.min(j.seedCount, first + j.perChunk) {
                let a = j.seeds[3 * seed], b = j.seeds[3 * seed + 1]
                // Two calls, each with its trees as arguments: inlined, the one within the moving tree knows that
                // both trees are the same (`descend`).
                if j.seeds[3 * seed + 2] == 0 {
                    DynamicTree.descend(
                        j.moving, j.moving, j.moved, from: a, b, stack: &j.stacks[thread], results: &out.pointee)
                } else {
                    DynamicTree.descend(
                        j.moving, j.fixed, j.moved, from: a, b, stack: &j.stacks[thread], results: &out.pointee)
                }
            }
            // Pairs already tracked: the serial loop drops them too (the pair set does not change before it).
            World.dropTrackedPairs(&out.pointee, j.set)
            // The new pairs' contacts, made here (`tryCreateContact`'s test and record, from records no thread
            // writes during the search).
            let made = j.made + chunk
            made.pointee.removeAll(keepingCapacity: true)
            var k = 0
            while k + 1 < out.pointee.count {
                let s = out.pointee[k], t = out.pointee[k + 1]
                let a = Swift.min(s, t), b = Swift.max(s, t)
                if let c = World.newContact(a, b, key: pairKey(a, b), j.sources) {
                    made.pointee.append(c)
                }
                k += 2
            }
        }
    }
}

extension World {
    /// Moved shapes per chunk of the parallel per-shape queries: a query costs a few hundred nanoseconds.
    static let queryChunk = 16

    /// `findPairsByQueries` on `threads` threads (the pool held). The serial loop queries the trees for each moved
    /// shape in move-buffer order, drops the shapes it queried before (they found this pair already), then the pairs
    /// already tracked, and creates the rest. Here each chunk of the move buffer does the queries and the drops into
    /// a list of its own, "queried before" being "first queried at an earlier position in the move buffer"
    /// (`ParallelScratch.queryPosition`), against the pair set as it was before any contact of this round was
    /// created; the calling thread then creates the lists' contacts in chunk order. A pair the serial loop would
    /// have dropped because a contact created earlier in the round tracks it can only be one found twice by a shape
    /// that is twice in the move buffer, and creating its contact again does nothing (`tryCreateContact` asks the pair
    /// set), so the contacts, and their order, are the serial loop's.
    mutating func findPairsByQueriesInParallel(threads: Int) {
        scratch.parallel.queryPairSteps += 1
        let moved = moveBuffer.count
        World.resize(&scratch.parallel.queryPosition, to: shapes.count, with: Int32.max)
        // Where each shape first queries: the serial loop's `pairsQueried` as the loop reaches each position.
        for k in 0..<moved {
            let s = Int(moveBuffer[k])
            if shapes[s].isAlive && shapes[s].proxy != -1 && !shapes[s].filter.isInert
                && scratch.parallel.queryPosition[s] == Int32.max
            {
                scratch.parallel.queryPosition[s] = Int32(truncatingIfNeeded: k)
            }
        }
        let chunks = (moved + World.queryChunk - 1) / World.queryChunk
        World.grow(&scratch.parallel.pairResults, to: chunks, with: [])
        World.grow(&scratch.parallel.pairStacks, to: threads, with: [])
        World.grow(&scratch.parallel.queryFound, to: threads, with: [])
        let movingRoot = movingTree.root, staticRoot = staticTree.root
        shapes.withUnsafeBufferPointer { sh in
            moveBuffer.withUnsafeBufferPointer { mb in
                scratch.parallel.queryPosition.withUnsafeBufferPointer { position in
                    movingTree.nodes.withUnsafeBufferPointer { mn in
                        staticTree.nodes.withUnsafeBufferPointer { sn in
                            pairSet.withView { set in
                                scratch.parallel.pairResults.withUnsafeMutableBufferPointer { results in
                                    scratch.parallel.pairStacks.withUnsafeMutableBufferPointer { stacks in
                                        scratch.parallel.queryFound.withUnsafeMutableBufferPointer { found in
                                            var job = QueryJob(
                                                shapes: sh.baseAddress!, moved: mb.baseAddress!, movedCount: moved,
                                                position: position.baseAddress!, moving: mn.baseAddress,
                                                movingRoot: movingRoot, fixed: sn.baseAddress, fixedRoot: staticRoot,
                                                set: set, chunks: chunks, results: results.baseAddress!,
                                                stacks: stacks.baseAddress!, found: found.baseAddress!,
                                                threads: threads)
                                            withUnsafePointer(to: &job) { pointer in
                                                WorkerPool.shared.run(
                                                    threads: threads, stageCount: 1,
                                                    { raw, thread in
                                                        World.queryChunks(
                                                            raw.assumingMemoryBound(to: QueryJob.self), thread)
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
        for k in 0..<moved { scratch.parallel.queryPosition[Int(moveBuffer[k])] = Int32.max }
        createContacts(fromChunks: chunks)
    }

    /// One thread's part of the parallel per-shape queries: chunks of the move buffer until none is left, each
    /// listing the pairs (moved shape, found shape) the serial loop would try to create, in its order.
    private static func queryChunks(_ job: UnsafePointer<QueryJob>, _ thread: Int) {
        let j = job.pointee
        WorkerPool.shared.runStage(0, chunks: j.chunks, thread: thread, threads: j.threads) { chunk in
            let out = j.results + chunk
            out.pointee.removeAll(keepingCapacity: true)
            let first = chunk * World.queryChunk
            for k in first..<Swift.min(j.movedCount, first + World.queryChunk) {
                let s = j.moved[k]
                // Every position queries (a shape twice in the buffer, twice), as in the serial loop.
                let shape = j.shapes + Int(s)
                guard shape.pointee.isAlive, shape.pointee.proxy != -1, !shape.pointee.filter.isInert else { continue }
                let fat = shape.pointee.fatAABB
                let found = j.found + thread
                found.pointee.removeAll(keepingCapacity: true)
                if let moving = j.moving, j.movingRoot != -1 {
                    DynamicTree.query(
                        moving, root: j.movingRoot, fat, stack: &j.stacks[thread], results: &found.pointee)
                }
                if !shape.pointee.inStaticTree, let fixed = j.fixed, j.fixedRoot != -1 {
                    DynamicTree.query(fixed, root: j.fixedRoot, fat, stack: &j.stacks[thread], results: &found.pointee)
                }
                let here = Int32(truncatingIfNeeded: k)
                for t in found.pointee where t != s && j.position[Int(t)] >= here && !j.set.contains(pairKey(s, t)) {
                    out.pointee.append(s)
                    out.pointee.append(t)
                }
            }
        }
    }
}

/// What the threads of the parallel per-shape queries read and write.
private struct QueryJob {
    let shapes: UnsafePointer<Shape>
    /// The move buffer.
    let moved: UnsafePointer<Int32>
    let movedCount: Int
    /// By shape: `ParallelScratch.queryPosition`.
    let position: UnsafePointer<Int32>
    /// The trees' nodes (nil for an empty tree) and roots.
    let moving: UnsafePointer<DynamicTree.Node>?
    let movingRoot: Int32
    let fixed: UnsafePointer<DynamicTree.Node>?
    let fixedRoot: Int32
    let set: PairSet.View
    let chunks: Int
    /// By chunk: the pairs it found, two shape indices each.
    let results: UnsafeMutablePointer<[Int32]>
    /// By thread: the query stack and the query's results.
    let stacks: UnsafeMutablePointer<[Int32]>
    let found: UnsafeMutablePointer<[Int32]>
    let threads: Int
}

/// What the threads of the parallel pair descent read and write.
private struct PairJob {
    let moving: UnsafePointer<DynamicTree.Node>
    let fixed: UnsafePointer<DynamicTree.Node>
    /// The moving tree's `movedMarks`.
    let moved: UnsafePointer<Bool>
    /// Node pairs: moving-tree node, other node, 0 (the other is in the moving tree) or 1 (static tree).
    let seeds: UnsafePointer<Int32>
    let seedCount: Int
    let perChunk: Int
    let chunks: Int
    /// By chunk: the pairs it found and kept.
    let results: UnsafeMutablePointer<[Int32]>
    /// By thread: the descent's stack.
    let stacks: UnsafeMutablePointer<[Int32]>
    let set: PairSet.View
    let threads: Int
    /// The records a new pair's contact is made from, and by chunk the contacts made.
    let sources: ContactSources
    let made: UnsafeMutablePointer<[Contact]>
}
