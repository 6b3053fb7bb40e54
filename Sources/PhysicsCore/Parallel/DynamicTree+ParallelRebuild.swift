/// The moving tree's rebuild (DynamicTree+Rebuild.swift) on several threads, node for node the same as on one.
///
/// The serial build splits the items top down and numbers the new internal nodes in the order it makes them: a
/// node, then its first subtree's nodes, then its second's, so a subtree over k items takes the next k − 1 spare
/// nodes and its root is the first of them. The top levels are split on the calling thread, each subtree below them
/// is given the spare nodes it would take, and the subtrees are built on the worker pool (each with bins of its own);
/// the top nodes' boxes and heights are then set from their children, bottom up.
extension DynamicTree {
    /// Fewest items for a rebuild on several threads.
    static let parallelRebuildMinimum = 1024
    /// Levels split on the calling thread: up to 16 subtrees for the threads.
    static let parallelRebuildLevels = 4

    /// `build` over `items[0..<count]` on `threads` threads (the caller holds the worker pool); returns the root.
    static func buildInParallel(
        _ items: UnsafeMutablePointer<RebuildItem>, count: Int, _ c: BuildContext, threads: Int
    ) -> Int32 {
        var tasks: [RebuildTask] = []
        var top: [SIMD3<Int32>] = []
        var next = 0
        let root = buildTop(
            items, count: count, c, next: &next, levels: parallelRebuildLevels, base: items, tasks: &tasks, top: &top)
        let bins = threads * maxBins
        var boxes = [AABB](repeating: AABB(lower: .zero, upper: .zero), count: binSets * bins)
        var counts = [Int](repeating: 0, count: binSets * bins)
        var leftCounts = [Int](repeating: 0, count: bins)
        var leftCosts = [Double](repeating: 0, count: bins)
        tasks.withUnsafeBufferPointer { t in
            boxes.withUnsafeMutableBufferPointer { bb in
                counts.withUnsafeMutableBufferPointer { bc in
                    leftCounts.withUnsafeMutableBufferPointer { lc in
                        leftCosts.withUnsafeMutableBufferPointer { lk in
                            var job = RebuildJob(
                                items: items, context: c, tasks: t.baseAddress!, taskCount: t.count,
                                binBoxes: bb.baseAddress!, binCounts: bc.baseAddress!, leftCounts: lc.baseAddress!,
                                leftCosts: lk.baseAddress!, threads: threads)
                            withUnsafePointer(to: &job) { pointer in
                                WorkerPool.shared.run(
                                    threads: threads, stageCount: 1,
                                    { raw, thread in
                                        DynamicTree.buildTasks(raw.assumingMemoryBound(to: RebuildJob.self), thread)
                                    }, UnsafeRawPointer(pointer))
                            }
                        }
                    }
                }
            }
        }
        // Children before parents: the order in which `buildTop` finished them.
        for node in top { link(node.x, node.y, node.z, c.nodes) }
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

    /// One thread's part of the parallel rebuild: subtrees until none is left, each with this thread's bins and the
    /// bin marks of its own items.
    private static func buildTasks(_ job: UnsafePointer<RebuildJob>, _ thread: Int) {
        let j = job.pointee
        WorkerPool.shared.runStage(0, chunks: j.taskCount, thread: thread, threads: j.threads) { k in
            let task = j.tasks[k]
            var c = j.context
            c.binOf = j.context.binOf + task.start
            c.binBoxes = j.binBoxes + thread * binSets * maxBins
            c.binCounts = j.binCounts + thread * binSets * maxBins
            c.leftCounts = j.leftCounts + thread * maxBins
            c.leftCosts = j.leftCosts + thread * maxBins
            var next = task.spare
            _ = build(j.items + task.start, count: task.count, c, next: &next)
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
    let tasks: UnsafePointer<RebuildTask>
    let taskCount: Int
    /// `DynamicTree.binSets` × `DynamicTree.maxBins` entries per thread.
    let binBoxes: UnsafeMutablePointer<AABB>
    let binCounts: UnsafeMutablePointer<Int>
    /// `DynamicTree.maxBins` entries per thread.
    let leftCounts: UnsafeMutablePointer<Int>
    let leftCosts: UnsafeMutablePointer<Double>
    let threads: Int
}
