/// The moving tree's rebuild (DynamicTree+Rebuild.swift) on several threads, node for node the same as on one.
///
/// The serial build splits the items top down and numbers the new internal nodes in the order it makes them: a
/// node, then its first subtree's nodes, then its second's, so a subtree over k items takes the next k − 1 spare
/// nodes and its root is the first of them. The root is split on the calling thread; in a job of the worker pool
/// its two sides' top levels are then split each by one thread, and each subtree below them is given the spare
/// nodes it would take and built by whichever thread claims it (each thread with bins of its own); the top nodes'
/// boxes and heights are then set from their children, bottom up. (All four top levels split on the calling thread
/// cost it 0.1 M instructions a rebuild on `pile 4000 --nosleep` and the tumbler, with the other thread waiting.)
extension DynamicTree {
    /// Fewest items for a rebuild on several threads.
    static let parallelRebuildMinimum = 1024
    /// Levels split above the subtrees shared out (the root on the calling thread, the others a side per thread): up
    /// to 16 subtrees.
    static let parallelRebuildLevels = 4

    /// `build` over `items[0..<count]` on `threads` threads (the caller holds the worker pool); returns the root.
    static func buildInParallel(
        _ items: UnsafeMutablePointer<RebuildItem>, count: Int, _ c: BuildContext, threads: Int
    ) -> Int32 {
        // The root, split here; its sides (a subtree over k items takes k − 1 spare nodes after the root's).
        let split = splitItems(items, count: count, c)
        var next = 0
        let root = spare(c, &next)
        let sides = [
            RebuildTask(start: 0, count: split, spare: 1), RebuildTask(start: split, count: count - split, spare: split)
        ]
        // By side: the subtrees below its top levels, its top nodes (children before parents) and its root.
        var sideTasks: [[RebuildTask]] = [[], []]
        var sideTops: [[SIMD3<Int32>]] = [[], []]
        var sideRoots: [Int32] = [-1, -1]
        let bins = threads * maxBins
        var boxes = [AABB](repeating: AABB(lower: .zero, upper: .zero), count: binSets * bins)
        var counts = [Int](repeating: 0, count: binSets * bins)
        var leftCounts = [Int](repeating: 0, count: bins)
        var leftCosts = [Double](repeating: 0, count: bins)
        sides.withUnsafeBufferPointer { sd in
            sideTasks.withUnsafeMutableBufferPointer { st in
                sideTops.withUnsafeMutableBufferPointer { tp in
                    sideRoots.withUnsafeMutableBufferPointer { sr in
                        boxes.withUnsafeMutableBufferPointer { bb in
                            counts.withUnsafeMutableBufferPointer { bc in
                                leftCounts.withUnsafeMutableBufferPointer { lc in
                                    leftCosts.withUnsafeMutableBufferPointer { lk in
                                        var job = RebuildJob(
                                            items: items, context: c, sides: sd.baseAddress!,
                                            sideTasks: st.baseAddress!, sideTops: tp.baseAddress!,
                                            sideRoots: sr.baseAddress!, binBoxes: bb.baseAddress!,
                                            binCounts: bc.baseAddress!, leftCounts: lc.baseAddress!,
                                            leftCosts: lk.baseAddress!, threads: threads)
                                        withUnsafePointer(to: &job) { pointer in
                                            WorkerPool.shared.run(
                                                threads: threads, stageCount: 2,
                                                { raw, thread in
                                                    DynamicTree.buildSidesAndTasks(
                                                        raw.assumingMemoryBound(to: RebuildJob.self), thread)
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
        // Children before parents: each side's top nodes in the order `buildTop` finished them, then the root.
        for side in 0..<2 {
            for node in sideTops[side] { link(node.x, node.y, node.z, c.nodes) }
        }
        link(root, sideRoots[0], sideRoots[1], c.nodes)
        return root
    }

    /// The top `levels` levels of `build`: splits and numbers the nodes as `build` does, and leaves each subtree
    /// below them (of more than one item) to a task with the spare nodes it takes. Appends each top node with its
    /// children to `top` once both are placed.
    private static func buildTop(
        _ items: UnsafeMutablePointer<RebuildItem>, count: Int, _ c: BuildContext, next: inout Int, levels: Int,
        base: UnsafeMutablePointer<RebuildItem>, tasks: inout [RebuildTask], top: inout [SIMD3<Int32>]
    ) -> Int32 {
        if count == 1 { return items[0].id }
        if levels == 0 {
            let root = c.spare[next]
            tasks.append(RebuildTask(start: items - base, count: count, spare: next))
            next += count - 1
            return root
        }
        let split = splitItems(items, count: count, c)
        let id = spare(c, &next)
        let c1 = buildTop(items, count: split, c, next: &next, levels: levels - 1, base: base, tasks: &tasks, top: &top)
        let c2 = buildTop(
            items + split, count: count - split, c, next: &next, levels: levels - 1, base: base, tasks: &tasks,
            top: &top)
        top.append(SIMD3(id, c1, c2))
        return id
    }

    /// One thread's part of the parallel rebuild: the root's sides' top levels (stage 0, a side each), then the
    /// subtrees below them until none is left (stage 1), each with this thread's bins and the bin marks of its own
    /// items.
    private static func buildSidesAndTasks(_ job: UnsafePointer<RebuildJob>, _ thread: Int) {
        let j = job.pointee
        @inline(__always) func context(from start: Int) -> BuildContext {
            var c = j.context
            c.binOf = j.context.binOf + start
            c.binBoxes = j.binBoxes + thread * binSets * maxBins
            c.binCounts = j.binCounts + thread * binSets * maxBins
            c.leftCounts = j.leftCounts + thread * maxBins
            c.leftCosts = j.leftCosts + thread * maxBins
            return c
        }
        let pool = WorkerPool.shared
        pool.runStage(0, chunks: 2, thread: thread, threads: j.threads) { side in
            let task = j.sides[side]
            var next = task.spare
            j.sideRoots[side] = buildTop(
                j.items + task.start, count: task.count, context(from: task.start), next: &next,
                levels: parallelRebuildLevels - 1, base: j.items, tasks: &j.sideTasks[side], top: &j.sideTops[side])
        }
        let first = j.sideTasks[0].count
        pool.runStage(1, chunks: first + j.sideTasks[1].count, thread: thread, threads: j.threads) { k in
            let task = k < first ? j.sideTasks[0][k] : j.sideTasks[1][k - first]
            var next = task.spare
            _ = build(j.items + task.start, count: task.count, context(from: task.start), next: &next)
        }
    }
}

/// A subtree of the parallel rebuild: its items and the first spare node it takes.
private struct RebuildTask {
    var start: Int
    var count: Int
    var spare: Int
}

/// What the threads of the parallel rebuild read and write.
private struct RebuildJob {
    let items: UnsafeMutablePointer<DynamicTree.RebuildItem>
    let context: DynamicTree.BuildContext
    /// The root's two sides; by side, the subtrees below its top levels, its top nodes and its root (written by
    /// the thread that splits it, read after the stage).
    let sides: UnsafePointer<RebuildTask>
    let sideTasks: UnsafeMutablePointer<[RebuildTask]>
    let sideTops: UnsafeMutablePointer<[SIMD3<Int32>]>
    let sideRoots: UnsafeMutablePointer<Int32>
    /// `DynamicTree.binSets` × `DynamicTree.maxBins` entries per thread.
    let binBoxes: UnsafeMutablePointer<AABB>
    let binCounts: UnsafeMutablePointer<Int>
    /// `DynamicTree.maxBins` entries per thread.
    let leftCounts: UnsafeMutablePointer<Int>
    let leftCosts: UnsafeMutablePointer<Double>
    let threads: Int
}
