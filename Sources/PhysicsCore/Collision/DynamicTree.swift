/// A bounding-volume hierarchy of fattened AABBs with incremental insert, remove and move, balanced by tree
/// rotations (the design Box2D describes publicly). Leaves carry a 32-bit payload (a shape index).
package struct DynamicTree: Sendable {
    package struct Node: Sendable {
        package var aabb = AABB(lower: .zero, upper: .zero)
        package var parent: Int32 = -1
        package var child1: Int32 = -1
        package var child2: Int32 = -1
        /// Leaf = 0; free = −1.
        package var height: Int32 = -1
        package var payload: Int32 = -1
        /// An internal node whose box grew in place (`enlarge`) since the last `rebuild`; every ancestor of such a
        /// node is one too. A leaf given its box by `setLeafInPlace` whose ancestors are not marked yet (until
        /// `finishUpdates`); false on every other leaf.
        package var enlarged = false
        @inline(__always) var isLeaf: Bool { child1 == -1 }
    }

    package internal(set) var nodes: [Node] = []
    /// By node: a leaf marked by `markMoved`, or an internal node above one (DynamicTree+Pairs.swift). Kept apart
    /// from the nodes: marking and clearing a moved crowd writes a byte per node here instead of every node's record
    /// (whose lines the pair search's threads then read from each other's caches).
    package internal(set) var movedMarks: [Bool] = []
    package internal(set) var root: Int32 = -1
    private var freeList: Int32 = -1
    package private(set) var leafCount = 0
    /// Scratch of `rebuild` (DynamicTree+Rebuild.swift), kept so a rebuild allocates nothing once warm.
    var rebuildScratch = RebuildScratch()
    /// Leaves given a new box by `update` since the last `finishUpdates`, and in the round before it.
    private var updates = 0
    private var previousUpdates = 0
    /// Leaves enlarged in place since the last `rebuild`.
    var enlargedSinceRebuild = 0
    /// Leaves given their box by `setLeafInPlace` this round: their ancestors are marked by `finishUpdates`.
    private var leavesSetInPlace = 0

    package init() {}

    private mutating func allocateNode() -> Int32 {
        if freeList != -1 {
            let id = freeList
            freeList = nodes[Int(id)].parent
            nodes[Int(id)] = Node()
            nodes[Int(id)].height = 0
            movedMarks[Int(id)] = false
            return id
        }
        var n = Node()
        n.height = 0
        nodes.append(n)
        movedMarks.append(false)
        return Int32(nodes.count - 1)
    }

    private mutating func freeNode(_ id: Int32) {
        nodes[Int(id)].parent = freeList
        nodes[Int(id)].height = -1
        freeList = id
    }

    /// Inserts a leaf with the given (already fattened) box. Returns its node id.
    package mutating func insert(_ aabb: AABB, payload: Int32) -> Int32 {
        rebuild()  // the rotations below keep no `enlarged` marks
        let leaf = allocateNode()
        nodes[Int(leaf)].aabb = aabb
        nodes[Int(leaf)].payload = payload
        insertLeaf(leaf)
        leafCount += 1
        return leaf
    }

    /// Removes a leaf.
    package mutating func remove(_ leaf: Int32) {
        rebuild()
        removeLeaf(leaf)
        freeNode(leaf)
        leafCount -= 1
    }

    /// Moves a leaf to a new box.
    package mutating func move(_ leaf: Int32, to aabb: AABB) {
        rebuild()
        removeLeaf(leaf)
        nodes[Int(leaf)].aabb = aabb
        insertLeaf(leaf)
    }

    /// Gives a leaf a new box without re-inserting it: its ancestors grow to hold the box and are marked
    /// `enlarged`, and the next `rebuild` rebuilds them. Cheaper than `move` when many leaves move in one step
    /// (one rebuild replaces a removal and an insertion per leaf), the way Box2D v3 updates its trees.
    package mutating func enlarge(_ leaf: Int32, to aabb: AABB) {
        nodes.withUnsafeMutableBufferPointer { n in
            n[Int(leaf)].aabb = aabb
            var index = n[Int(leaf)].parent
            while index != -1 {
                let grows = !n[Int(index)].aabb.contains(aabb)
                // Above a marked node that already holds the box, every ancestor is marked and holds it too.
                if !grows && n[Int(index)].enlarged { break }
                if grows { n[Int(index)].aabb = n[Int(index)].aabb.union(aabb) }
                n[Int(index)].enlarged = true
                index = n[Int(index)].parent
            }
        }
    }

    /// Gives a leaf a new box the cheaper way for the current load: in place (`enlarge`) when the last round of
    /// updates moved more than an eighth of the leaves, else by re-insertion (`move`). Re-inserting costs a walk
    /// down and a refit up per leaf; a rebuild costs about half that per node it rebuilds, and the marked part
    /// reaches most of the tree once a few per cent of the leaves move, so it pays only when many do (a tumbling
    /// crowd: about 60 %; a settling pile of 1000 balls: 7 %). Call `finishUpdates` after each round.
    package mutating func update(_ leaf: Int32, to aabb: AABB) {
        if manyUpdatedLastRound {
            enlarge(leaf, to: aabb)
            enlargedSinceRebuild += 1
        } else {
            move(leaf, to: aabb)
        }
        updates += 1
    }

    /// `update` for a round that `finishUpdates` ends before the tree is read again (a world step's finalize). In
    /// place, only the leaf's box is set and its ancestors marked, up to the first one marked already (every
    /// ancestor of a marked node is marked): no box is grown, because `finishUpdates` refits or rebuilds every
    /// marked node, and the refit computes each marked box from its children, which `enlarge`'s growing only
    /// approached. After `finishUpdates` the tree is node for node the one `update` leaves. Until then a marked box
    /// may miss a child: no query, descent or `validate` in between.
    package mutating func updateBeforeFinish(_ leaf: Int32, to aabb: AABB) {
        if manyUpdatedLastRound {
            nodes.withUnsafeMutableBufferPointer { n in
                n[Int(leaf)].aabb = aabb
                var index = n[Int(leaf)].parent
                while index != -1 && !n[Int(index)].enlarged {
                    n[Int(index)].enlarged = true
                    index = n[Int(index)].parent
                }
            }
            enlargedSinceRebuild += 1
        } else {
            move(leaf, to: aabb)
        }
        updates += 1
    }

    /// `updateBeforeFinish` for a round in which `manyUpdatedLastRound` holds, from any thread for its own leaves:
    /// the leaf's box, and its mark, which `finishUpdates` spreads to its ancestors (the marks the walks up from each
    /// leaf would set, in any order). Count the leaves with `countLeavesSetInPlace` before `finishUpdates`.
    @inline(__always) static func setLeafInPlace(_ leaf: Int32, to aabb: AABB, _ n: UnsafeMutablePointer<Node>) {
        n[Int(leaf)].aabb = aabb
        n[Int(leaf)].enlarged = true
    }

    /// Counts `count` leaves given their box by `setLeafInPlace` in this round, as that many `updateBeforeFinish`.
    package mutating func countLeavesSetInPlace(_ count: Int) {
        precondition(manyUpdatedLastRound || count == 0, "leaves set in place in a round of re-insertions")
        leavesSetInPlace += count
        enlargedSinceRebuild += count
        updates += count
    }

    /// Enlargements per leaf after which `finishUpdates` rebuilds: in a tumbling crowd, every fourth step.
    package static let rebuildEnlargements = 4

    /// Whether the last round of `update` calls moved more than an eighth of the leaves.
    package var manyUpdatedLastRound: Bool { previousUpdates * 8 > leafCount }

    /// Ends a round of `update` calls (a world step): rebuilds what was enlarged once that reaches
    /// `rebuildEnlargements` times the leaf count (in a tumbling crowd, every fourth step), and remembers how many
    /// leaves moved, which picks the way of the next round. Until the rebuild the grown boxes are looser, which costs
    /// the pair search less than rebuilding every step would (measured on the tumbler: a rebuild every step 31.8 M
    /// instructions a frame, every 2nd 31.0, every 4th to 8th 30.4-30.5, every 16th 30.8; `make bench-ir`, 30 frames:
    /// 17.31 at twice the leaf count, 16.81 at four times). The rebuild's top levels run on the calling thread alone,
    /// so rebuilding less often helps the threads more: the tumbler's two threads 1.587 → 1.518 ms a frame, medians
    /// of 5 interleaved runs. Between rebuilds the enlarged nodes are refitted (`refitEnlarged`). `threads`: see
    /// `rebuild`.
    package mutating func finishUpdates(threads: Int = 1) {
        // Also once the leaves stop moving, so a resting world is not left with a loose tree.
        let rebuilds =
            enlargedSinceRebuild >= DynamicTree.rebuildEnlargements * leafCount
            || (updates == 0 && enlargedSinceRebuild > 0)
        if leavesSetInPlace > 0 {
            // The marks of the leaves set in place spread up, and the enlarged nodes refitted in the same pass
            // (`refitEnlarged`'s boxes) unless the rebuild replaces them.
            spreadMarks(.enlarged(refit: !rebuilds), threads: threads)
            leavesSetInPlace = 0
            if rebuilds { rebuild(threads: threads) }
        } else if rebuilds {
            rebuild(threads: threads)
        } else if updates > 0 && enlargedSinceRebuild > 0 {
            refitEnlarged()
        }
        previousUpdates = updates
        updates = 0
    }

    /// Shrinks the box of every enlarged node to the union of its children's, children first. `enlarge` only grows
    /// boxes: a leaf that moves away leaves its ancestors as large as its old and new boxes together until the next
    /// rebuild, and the pair search visits them for nothing (in a tumbling crowd, about 1 % of the step). The
    /// marks and the shape of the tree stay as they are, so the pairs found, and their order, do not change: only
    /// the nodes the search visits without finding a pair. Every ancestor of an enlarged node is enlarged, so the
    /// enlarged internal nodes are the top of the tree, reached from the root through enlarged nodes alone.
    mutating func refitEnlarged() {
        guard root != -1, nodes[Int(root)].enlarged, nodes[Int(root)].child1 != -1 else { return }
        var order: [Int32] = []
        swap(&order, &rebuildScratch.stack)  // the rebuild's scratch, its capacity kept
        defer { swap(&order, &rebuildScratch.stack) }
        order.removeAll(keepingCapacity: true)
        order.append(root)
        nodes.withUnsafeMutableBufferPointer { n in
            // Parents before children (breadth first), then the boxes from the last one back.
            var k = 0
            while k < order.count {
                let id = Int(order[k])
                k += 1
                let c1 = n[id].child1, c2 = n[id].child2
                if n[Int(c1)].child1 != -1 && n[Int(c1)].enlarged { order.append(c1) }
                if n[Int(c2)].child1 != -1 && n[Int(c2)].enlarged { order.append(c2) }
            }
            while k > 0 {
                k -= 1
                let id = Int(order[k])
                n[id].aabb = n[Int(n[id].child1)].aabb.union(n[Int(n[id].child2)].aabb)
            }
        }
    }

    /// The fattened box of a leaf.
    @inline(__always) package func aabb(of leaf: Int32) -> AABB { nodes[Int(leaf)].aabb }

    private mutating func insertLeaf(_ leaf: Int32) {
        if root == -1 {
            root = leaf
            nodes[Int(root)].parent = -1
            return
        }
        // The new parent is taken before the walk (the walk allocates nothing, so the ids are as before), then the
        // links are rewritten in place through one pointer: no uniqueness or bounds check per field.
        let newParent = allocateNode()
        let start = root
        root = nodes.withUnsafeMutableBufferPointer {
            DynamicTree.insertLeaf(leaf, newParent: newParent, root: start, $0.baseAddress!)
        }
    }

    private mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root {
            root = -1
            return
        }
        let parent = nodes[Int(leaf)].parent
        let grandParent = nodes[Int(parent)].parent
        if grandParent == -1 {
            let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
            root = sibling
            nodes[Int(sibling)].parent = -1
            freeNode(parent)
            return
        }
        let start = root
        root = nodes.withUnsafeMutableBufferPointer { DynamicTree.unlink(leaf, root: start, $0.baseAddress!) }
        freeNode(parent)
    }

    /// Places `leaf` beside the sibling the surface-area heuristic picks (descending greedily from `root`), then
    /// refits the path to the root. Returns the new root.
    private static func insertLeaf(
        _ leaf: Int32, newParent: Int32, root rootIn: Int32, _ n: UnsafeMutablePointer<Node>
    ) -> Int32 {
        var root = rootIn
        let leafAABB = n[Int(leaf)].aabb
        var index = root
        while !n[Int(index)].isLeaf {
            let c1 = n[Int(index)].child1
            let c2 = n[Int(index)].child2
            let area = n[Int(index)].aabb.perimeter
            let combinedArea = n[Int(index)].aabb.union(leafAABB).perimeter
            let cost = 2 * combinedArea
            let inheritance = 2 * (combinedArea - area)
            func childCost(_ c: Int32) -> Double {
                let u = leafAABB.union(n[Int(c)].aabb)
                if n[Int(c)].isLeaf { return u.perimeter + inheritance }
                return (u.perimeter - n[Int(c)].aabb.perimeter) + inheritance
            }
            let cost1 = childCost(c1)
            let cost2 = childCost(c2)
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? c1 : c2
        }
        let sibling = index
        let oldParent = n[Int(sibling)].parent
        n[Int(newParent)].parent = oldParent
        n[Int(newParent)].aabb = leafAABB.union(n[Int(sibling)].aabb)
        n[Int(newParent)].height = n[Int(sibling)].height + 1
        n[Int(newParent)].child1 = sibling
        n[Int(newParent)].child2 = leaf
        n[Int(sibling)].parent = newParent
        n[Int(leaf)].parent = newParent
        if oldParent != -1 {
            if n[Int(oldParent)].child1 == sibling {
                n[Int(oldParent)].child1 = newParent
            } else {
                n[Int(oldParent)].child2 = newParent
            }
        } else {
            root = newParent
        }
        refit(from: n[Int(leaf)].parent, root: &root, n)
        return root
    }
    /// Detaches `leaf` and its parent (the sibling takes the parent's place under the grandparent, which exists),
    /// then refits from the grandparent. Returns the new root; the caller frees the parent.
    private static func unlink(_ leaf: Int32, root rootIn: Int32, _ n: UnsafeMutablePointer<Node>) -> Int32 {
        var root = rootIn
        let parent = n[Int(leaf)].parent
        let grandParent = n[Int(parent)].parent
        let sibling = n[Int(parent)].child1 == leaf ? n[Int(parent)].child2 : n[Int(parent)].child1
        if n[Int(grandParent)].child1 == parent {
            n[Int(grandParent)].child1 = sibling
        } else {
            n[Int(grandParent)].child2 = sibling
        }
        n[Int(sibling)].parent = grandParent
        refit(from: grandParent, root: &root, n)
        return root
    }

    /// Rebalances and refits every node from `start` to the root.
    private static func refit(from start: Int32, root: inout Int32, _ n: UnsafeMutablePointer<Node>) {
        var index = start
        while index != -1 {
            index = balance(index, root: &root, n)
            let c1 = n[Int(index)].child1
            let c2 = n[Int(index)].child2
            n[Int(index)].height = 1 + Swift.max(n[Int(c1)].height, n[Int(c2)].height)
            n[Int(index)].aabb = n[Int(c1)].aabb.union(n[Int(c2)].aabb)
            index = n[Int(index)].parent
        }
    }

    /// Rotates the subtree at `iA` when its children's heights differ by more than one; returns the new subtree root.
    private static func balance(_ iA: Int32, root: inout Int32, _ n: UnsafeMutablePointer<Node>) -> Int32 {
        if n[Int(iA)].isLeaf || n[Int(iA)].height < 2 { return iA }
        let iB = n[Int(iA)].child1, iC = n[Int(iA)].child2
        let balance = n[Int(iC)].height - n[Int(iB)].height
        if balance > 1 { return rotateUp(iA, iC, firstIsChild1: false, root: &root, n) }
        if balance < -1 { return rotateUp(iA, iB, firstIsChild1: true, root: &root, n) }
        return iA
    }

    /// Lifts child `iUp` of `iA` above it; `firstIsChild1` says which side of A it was on.
    private static func rotateUp(
        _ iA: Int32, _ iUp: Int32, firstIsChild1: Bool, root: inout Int32, _ n: UnsafeMutablePointer<Node>
    ) -> Int32 {
        let iF = n[Int(iUp)].child1
        let iG = n[Int(iUp)].child2
        // Up takes A's place.
        n[Int(iUp)].child1 = iA
        n[Int(iUp)].parent = n[Int(iA)].parent
        n[Int(iA)].parent = iUp
        let upParent = n[Int(iUp)].parent
        if upParent != -1 {
            if n[Int(upParent)].child1 == iA {
                n[Int(upParent)].child1 = iUp
            } else {
                n[Int(upParent)].child2 = iUp
            }
        } else {
            root = iUp
        }
        // Keep the taller grandchild under Up, give the other to A.
        let keep: Int32, give: Int32
        if n[Int(iF)].height > n[Int(iG)].height { keep = iF; give = iG } else { keep = iG; give = iF }
        n[Int(iUp)].child2 = keep
        if firstIsChild1 { n[Int(iA)].child1 = give } else { n[Int(iA)].child2 = give }
        n[Int(give)].parent = iA
        let a1 = n[Int(iA)].child1, a2 = n[Int(iA)].child2
        n[Int(iA)].aabb = n[Int(a1)].aabb.union(n[Int(a2)].aabb)
        n[Int(iA)].height = 1 + Swift.max(n[Int(a1)].height, n[Int(a2)].height)
        n[Int(iUp)].aabb = n[Int(iA)].aabb.union(n[Int(keep)].aabb)
        n[Int(iUp)].height = 1 + Swift.max(n[Int(iA)].height, n[Int(keep)].height)
        return iUp
    }

    /// Appends to `results` the payload of every leaf whose box overlaps `aabb`, in a fixed order.
    /// `stack` is scratch space owned by the caller, so a query allocates nothing once warmed up.
    package func query(_ aabb: AABB, stack: inout [Int32], results: inout [Int32]) {
        if root == -1 { return }
        let root = self.root
        nodes.withUnsafeBufferPointer { n in
            DynamicTree.query(n.baseAddress!, root: root, aabb, stack: &stack, results: &results)
        }
    }

    /// `query` of the tree whose nodes are `n` and whose root is `root` (not −1): any thread may call it while the
    /// tree does not change, each with its own `stack` and `results`.
    @inline(__always) static func query(
        _ n: UnsafePointer<Node>, root: Int32, _ aabb: AABB, stack: inout [Int32], results: inout [Int32]
    ) {
        // Depth-first with both children pushed: the stack holds at most one waiting sibling per level plus the
        // two just pushed, so height + 2 slots suffice. `stack` is scratch: its count is its capacity here.
        let need = Int(n[Int(root)].height) + 3
        if stack.count < need { stack = [Int32](repeating: 0, count: 2 * need) }
        let start = results.count
        let complete = stack.withUnsafeMutableBufferPointer { st in
            if !n[Int(root)].aabb.overlaps(aabb) { return true }
            st[0] = root
            var top = 1
            // A child is tested before it is pushed (fewer stack moves); the order of the results is that of
            // pushing both children and testing them when popped.
            while top > 0 {
                top -= 1
                let id = Int(st[top])
                let c1 = n[id].child1
                if c1 == -1 {
                    results.append(n[id].payload)
                    continue
                }
                let c2 = n[id].child2
                if top + 2 > st.count { return false }  // heights out of date: never expected
                if n[Int(c1)].aabb.overlaps(aabb) {
                    st[top] = c1
                    top += 1
                }
                if n[Int(c2)].aabb.overlaps(aabb) {
                    st[top] = c2
                    top += 1
                }
            }
            return true
        }
        if !complete {
            // Same traversal with a growing stack.
            results.removeSubrange(start...)
            var work: [Int32] = [root]
            while let id = work.popLast() {
                let node = n[Int(id)]
                if !node.aabb.overlaps(aabb) { continue }
                if node.child1 == -1 {
                    results.append(node.payload)
                } else {
                    work.append(node.child1)
                    work.append(node.child2)
                }
            }
        }
    }

    /// Height of the tree (0 for a single leaf, −1 when empty).
    package var height: Int32 { root == -1 ? -1 : nodes[Int(root)].height }

    /// Checks parent links, heights and boxes; returns a description of the first problem.
    package func validate() -> String? {
        if root == -1 { return leafCount == 0 ? nil : "tree: empty root with \(leafCount) leaves" }
        var leaves = 0
        var work: [Int32] = [root]
        while let id = work.popLast() {
            let n = nodes[Int(id)]
            if n.isLeaf {
                leaves += 1
                if n.height != 0 { return "tree: leaf \(id) height \(n.height)" }
                continue
            }
            let c1 = nodes[Int(n.child1)], c2 = nodes[Int(n.child2)]
            if c1.parent != id || c2.parent != id { return "tree: bad parent link under \(id)" }
            if n.height != 1 + Swift.max(c1.height, c2.height) { return "tree: bad height at \(id)" }
            if !n.aabb.contains(c1.aabb) || !n.aabb.contains(c2.aabb) { return "tree: box of \(id) misses a child" }
            work.append(n.child1)
            work.append(n.child2)
        }
        return leaves == leafCount ? nil : "tree: \(leaves) leaves reachable, \(leafCount) counted"
    }
}
