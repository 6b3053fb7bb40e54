/// Marks spread from the leaves up on several threads, node for node the marks the serial walks up from each
/// leaf leave: the broad phase's `moved` marks (DynamicTree+Pairs.swift) and the in-place updates' `enlarged`
/// marks (`enlarge`).
///
/// A walk up from each marked leaf stops at the first marked ancestor: serial, since two walks meet in their
/// common ancestors. When most leaves are marked (a tumbling crowd: every leaf, every step) the same marks come from
/// the leaves up instead: every internal node is marked when one of its children is, children first. The tree below
/// its top levels is cut into subtrees, each marked by one thread from its own leaves up (no two threads write the
/// same node), and the few top nodes are then marked from their children.
extension DynamicTree {
    /// Levels of the tree above the subtrees the threads mark: up to 16 subtrees.
    static let parallelMarkLevels = 4

    /// Which mark a pass spreads.
    enum SpreadRule {
        /// The moved marks (`movedMarks`, by node), from the leaves marked by `setLeavesMoved`.
        case moved(UnsafeMutablePointer<Bool>)
        /// `enlarged`, from the leaves given a new box by `setLeafInPlace` (whose mark is cleared); with `refit`, each
        /// enlarged internal node's box also becomes its children's union, as `refitEnlarged` makes it.
        case enlarged(refit: Bool)
    }

    /// Sets `moved` on every internal node with a marked leaf below it, on `threads` threads (the caller holds the
    /// worker pool). Every leaf to mark must be marked, and no internal node (the marks between two descents).
    package mutating func markMovedAncestors(threads: Int) {
        // Out of the tree while the spread writes them through a pointer (the spread also reads the nodes).
        var marks: [Bool] = []
        swap(&marks, &movedMarks)
        defer { swap(&marks, &movedMarks) }
        marks.withUnsafeMutableBufferPointer { spreadMarks(.moved($0.baseAddress!), threads: threads) }
    }

    /// Spreads the marks `rule` names from the leaves to every ancestor, on `threads` threads (more than 1: the
    /// caller holds the worker pool).
    mutating func spreadMarks(_ rule: SpreadRule, threads: Int) {
        guard root != -1 else { return }
        if nodes[Int(root)].child1 == -1 {
            if case .enlarged = rule { nodes[Int(root)].enlarged = false }
            return
        }
        // On this thread's stack, so a step allocates nothing: the top levels breadth first (at most 1 + 2 + 4 + 8
        // nodes, then the 16 of the level below), the internal nodes among them (the top, parents before children),
        // and the internal nodes of the level below (the threads' tasks, one subtree each).
        let levelCapacity = (1 << (Self.parallelMarkLevels + 1)) - 1
        let topCapacity = (1 << Self.parallelMarkLevels) - 1
        let taskCapacity = 1 << Self.parallelMarkLevels
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: levelCapacity + topCapacity + taskCapacity) { buffer in
            let order = buffer.baseAddress!
            let top = order + levelCapacity
            let tasks = top + topCapacity
            var topCount = 0
            var taskCount = 0
            nodes.withUnsafeBufferPointer { n in
                order[0] = root
                var levelStart = 0
                var levelEnd = 1
                for _ in 0..<Self.parallelMarkLevels {
                    var next = levelEnd
                    for k in levelStart..<levelEnd {
                        let id = order[k]
                        if n[Int(id)].child1 == -1 { continue }
                        top[topCount] = id
                        topCount += 1
                        order[next] = n[Int(id)].child1
                        order[next + 1] = n[Int(id)].child2
                        next += 2
                    }
                    levelStart = levelEnd
                    levelEnd = next
                }
                for k in levelStart..<levelEnd where n[Int(order[k])].child1 != -1 {
                    tasks[taskCount] = order[k]
                    taskCount += 1
                }
            }
            nodes.withUnsafeMutableBufferPointer { n in
                if threads > 1 {
                    var job = MarkJob(
                        nodes: n.baseAddress!, tasks: tasks, taskCount: taskCount, threads: threads, rule: rule)
                    withUnsafePointer(to: &job) { pointer in
                        WorkerPool.shared.run(
                            threads: threads, stageCount: 1,
                            { raw, thread in
                                let j = raw.assumingMemoryBound(to: MarkJob.self).pointee
                                WorkerPool.shared.runStage(
                                    0, chunks: j.taskCount, thread: thread, threads: j.threads
                                ) {
                                    DynamicTree.markFromLeaves(j.nodes, under: j.tasks[$0], j.rule)
                                }
                            }, UnsafeRawPointer(pointer))
                    }
                } else {
                    for k in 0..<taskCount { DynamicTree.markFromLeaves(n.baseAddress!, under: tasks[k], rule) }
                }
                // The top nodes, children first.
                for k in stride(from: topCount - 1, through: 0, by: -1) {
                    DynamicTree.markFromChildren(n.baseAddress!, Int(top[k]), rule)
                }
            }
        }
    }

    /// Marks every internal node of the subtree under `subtree` that has a marked leaf below it, children before
    /// their parent (a recursion as deep as the subtree's height: each call returns its node's mark, so a node is
    /// read once, and a leaf only by its parent; a walk with a stack of its own pushed and popped every node twice
    /// and read every child twice: 0.37 M instructions a frame on `pile 4000 --nosleep`, two threads).
    static func markFromLeaves(_ n: UnsafeMutablePointer<Node>, under subtree: Int32, _ rule: SpreadRule) {
        switch rule {
        case .moved(let marks): _ = spreadMoved(n, marks, Int(subtree))
        case .enlarged(let refit):
            _ = refit ? spreadEnlargedRefitting(n, Int(subtree)) : spreadEnlargedOnly(n, Int(subtree))
        }
    }

    /// The `moved` marks of the internal nodes under and at `id` (an internal node): returns its mark.
    private static func spreadMoved(_ n: UnsafeMutablePointer<Node>, _ marks: UnsafeMutablePointer<Bool>, _ id: Int)
        -> Bool
    {
        let c1 = Int(n[id].child1), c2 = Int(n[id].child2)
        let m1 = n[c1].child1 == -1 ? marks[c1] : spreadMoved(n, marks, c1)
        let m2 = n[c2].child1 == -1 ? marks[c2] : spreadMoved(n, marks, c2)
        if m1 || m2 { marks[id] = true }
        return marks[id]
    }

    /// The `enlarged` marks and boxes of the internal nodes under and at `id`, as `markFromChildren` sets them with
    /// `refit`; a leaf's mark is read, then cleared. Returns `id`'s mark. (One function with `refit` as an argument
    /// cost 0.03 M instructions a frame more on `pile 4000 --nosleep`: a node's test and argument on each call.)
    private static func spreadEnlargedRefitting(_ n: UnsafeMutablePointer<Node>, _ id: Int) -> Bool {
        let c1 = Int(n[id].child1), c2 = Int(n[id].child2)
        let e1 = n[c1].child1 == -1 ? takeLeafMark(n, c1) : spreadEnlargedRefitting(n, c1)
        let e2 = n[c2].child1 == -1 ? takeLeafMark(n, c2) : spreadEnlargedRefitting(n, c2)
        if e1 || e2 { n[id].enlarged = true }
        let enlarged = n[id].enlarged
        if enlarged { n[id].aabb = n[c1].aabb.union(n[c2].aabb) }
        return enlarged
    }

    /// `spreadEnlargedRefitting` without the boxes (`refit` false: a rebuild replaces them).
    private static func spreadEnlargedOnly(_ n: UnsafeMutablePointer<Node>, _ id: Int) -> Bool {
        let c1 = Int(n[id].child1), c2 = Int(n[id].child2)
        let e1 = n[c1].child1 == -1 ? takeLeafMark(n, c1) : spreadEnlargedOnly(n, c1)
        let e2 = n[c2].child1 == -1 ? takeLeafMark(n, c2) : spreadEnlargedOnly(n, c2)
        if e1 || e2 { n[id].enlarged = true }
        return n[id].enlarged
    }

    /// Leaf `id`'s `enlarged` mark (its in-place update of this round), cleared.
    @inline(__always) private static func takeLeafMark(_ n: UnsafeMutablePointer<Node>, _ id: Int) -> Bool {
        let mark = n[id].enlarged
        n[id].enlarged = false
        return mark
    }

    /// Marks the internal node `id` as `rule` says from its children (done before it).
    @inline(__always) static func markFromChildren(_ n: UnsafeMutablePointer<Node>, _ id: Int, _ rule: SpreadRule) {
        let c1 = Int(n[id].child1), c2 = Int(n[id].child2)
        switch rule {
        case .moved(let marks):
            if marks[c1] || marks[c2] { marks[id] = true }
        case .enlarged(let refit):
            // A leaf's mark is its in-place update of this round: read, then cleared.
            let grows = n[c1].enlarged || n[c2].enlarged
            if n[c1].child1 == -1 { n[c1].enlarged = false }
            if n[c2].child1 == -1 { n[c2].enlarged = false }
            if grows { n[id].enlarged = true }
            if refit && n[id].enlarged { n[id].aabb = n[c1].aabb.union(n[c2].aabb) }
        }
    }
}

/// What the threads of `spreadMarks` read and write.
private struct MarkJob {
    let nodes: UnsafeMutablePointer<DynamicTree.Node>
    let tasks: UnsafePointer<Int32>
    let taskCount: Int
    let threads: Int
    let rule: DynamicTree.SpreadRule
}
