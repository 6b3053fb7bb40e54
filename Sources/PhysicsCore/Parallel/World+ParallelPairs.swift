/// Pair finding by descent (`findPairsByDescent`) on several threads (`WorldSettings.workerCount`): the same
/// contacts created in the same order as on one thread.
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
        let perChunk = Swift.max(1, seedCount / (8 * threads))
        let chunks = (seedCount + perChunk - 1) / perChunk
        if scratch.parallel.pairResults.count < chunks {
            scratch.parallel.pairResults.append(
                contentsOf: repeatElement([], count: chunks - scratch.parallel.pairResults.count))
        }
        if scratch.parallel.pairStacks.count < threads {
            scratch.parallel.pairStacks.append(
                contentsOf: repeatElement([], count: threads - scratch.parallel.pairStacks.count))
        }
        movingTree.nodes.withUnsafeBufferPointer { mn in
            staticTree.nodes.withUnsafeBufferPointer { sn in
                pairSet.withView { set in
                    scratch.parallel.pairSeeds.withUnsafeBufferPointer { seeds in
                        scratch.parallel.pairResults.withUnsafeMutableBufferPointer { results in
                            scratch.parallel.pairStacks.withUnsafeMutableBufferPointer { stacks in
                                var job = PairJob(
                                    moving: mn.baseAddress!, fixed: sn.baseAddress ?? mn.baseAddress!,
                                    seeds: seeds.baseAddress!, seedCount: seedCount, perChunk: perChunk,
                                    chunks: chunks, results: results.baseAddress!, stacks: stacks.baseAddress!,
                                    set: set, threads: threads)
                                withUnsafePointer(to: &job) { pointer in
                                    WorkerPool.shared.run(
                                        threads: threads, stageCount: 1,
                                        { raw, thread in
                                            World.pairChunks(raw.assumingMemoryBound(to: PairJob.self), thread)
                                        }, UnsafeRawPointer(pointer))
                                }
                            }
                        }
                    }
                }
            }
        }
        for c in 0..<chunks {
            let count = scratch.parallel.pairResults[c].count
            var k = 0
            while k < count {
                tryCreateContact(scratch.parallel.pairResults[c][k], scratch.parallel.pairResults[c][k + 1])
                k += 2
            }
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
                let other = j.seeds[3 * seed + 2] == 0 ? UnsafePointer(j.moving) : j.fixed
                DynamicTree.descend(
                    j.moving, other, from: a, b, stack: &j.stacks[thread], results: &out.pointee)
            }
            // Pairs already tracked: the serial loop drops them too (the pair set does not change before it).
            World.dropTrackedPairs(&out.pointee, j.set)
        }
    }
}

/// What the threads of the parallel pair descent read and write.
private struct PairJob {
    let moving: UnsafePointer<DynamicTree.Node>
    let fixed: UnsafePointer<DynamicTree.Node>
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
}
