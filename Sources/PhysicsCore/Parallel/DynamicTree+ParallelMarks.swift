/// The moved marks of the broad phase's descent (DynamicTree+Pairs.swift) for a moved crowd, on several threads,
/// node for node the marks `setMoved(true, …)` leaves.
///
/// `setMoved` walks up from each moved leaf until it meets a marked node: serial, since two walks meet in their
/// common ancestors. When most leaves moved (a tumbling crowd: every leaf, every step) the same marks come from the
/// leaves up instead: the leaves are marked, and then every internal node is marked when one of its children is,
/// children first. The tree below its top levels is cut into subtrees, each marked by one thread from its own
/// leaves up (no two threads write the same node), and the few top nodes are then marked from their children.
extension DynamicTree {
    /// Levels of the tree above the subtrees the threads mark: up to 16 subtrees.
    static let parallelMarkLevels = 4

    /// Sets `moved` on every internal node with a marked leaf below it, on `threads` threads (the caller holds the
    /// worker pool). Every leaf to mark must be marked, and no internal node (the marks between two descents).
    package mutating func markMovedAncestors(threads: Int) {
        guard root != -1, nodes[Int(root)].child1 != -1 else { return }
        // The top levels, parents before children; the subtrees below them are the threads' tasks.
        var top: [Int32] = []
        var tasks: [Int32] = []
        nodes.withUnsafeBufferPointer { n in
            var level: [Int32] = [root]
            for _ in 0..<Self.parallelMarkLevels {
                var next: [Int32] = []
                for id in level {
                    if n[Int(id)].child1 == -1 { continue }
                    top.append(id)
                    next.append(n[Int(id)].child1)
                    next.append(n[Int(id)].child2)
                }
                level = next
            }
            tasks = level.filter { n[Int($0)].child1 != -1 }
        }
        nodes.withUnsafeMutableBufferPointer { n in
            tasks.withUnsafeBufferPointer { t in
                var job = MarkJob(nodes: n.baseAddress!, tasks: t.baseAddress!, taskCount: t.count, threads: threads)
                withUnsafePointer(to: &job) { pointer in
                    WorkerPool.shared.run(
                        threads: threads, stageCount: 1,
                        { raw, thread in
                            let j = raw.assumingMemoryBound(to: MarkJob.self).pointee
                            WorkerPool.shared.runStage(0, chunks: j.taskCount, thread: thread, threads: j.threads) {
                                DynamicTree.markFromLeaves(j.nodes, under: j.tasks[$0])
                            }
                        }, UnsafeRawPointer(pointer))
                }
            }
            // The top nodes, children first.
            for id in top.reversed() {
                let i = Int(id)
                if n[Int(n[i].child1)].moved || n[Int(n[i].child2)].moved { n[i].moved = true }
            }
        }
    }

    /// Marks every internal node of the subtree under `subtree` that has a marked leaf below it: a walk in post-order
    /// (children before their parent) with a stack on this thread's stack (a node's height bounds its depth: each
    /// level holds at most a node and its sibling, and a node once more when its children are done).
    static func markFromLeaves(_ n: UnsafeMutablePointer<Node>, under subtree: Int32) {
        let capacity = 2 * Int(n[Int(subtree)].height) + 4
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { stack in
            // Entries: a node, and whether its children are done (the low bit).
            stack[0] = subtree << 1
            var top = 1
            while top > 0 {
                top -= 1
                let entry = stack[top]
                let id = Int(entry >> 1)
                if entry & 1 == 1 {
                    if n[Int(n[id].child1)].moved || n[Int(n[id].child2)].moved { n[id].moved = true }
                    continue
                }
                assert(top + 3 <= capacity, "a node's height is less than its depth below it")
                stack[top] = entry | 1
                top += 1
                let c1 = n[id].child1, c2 = n[id].child2
                if n[Int(c2)].child1 != -1 {
                    stack[top] = c2 << 1
                    top += 1
                }
                if n[Int(c1)].child1 != -1 {
                    stack[top] = c1 << 1
                    top += 1
                }
            }
        }
    }
}

/// What the threads of `markMovedAncestors` read and write.
private struct MarkJob {
    let nodes: UnsafeMutablePointer<DynamicTree.Node>
    let tasks: UnsafePointer<Int32>
    let taskCount: Int
    let threads: Int
}
