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
        @inline(__always) var isLeaf: Bool { child1 == -1 }
    }

    package private(set) var nodes: [Node] = []
    package private(set) var root: Int32 = -1
    private var freeList: Int32 = -1
    package private(set) var leafCount = 0

    package init() {}

    private mutating func allocateNode() -> Int32 {
        if freeList != -1 {
            let id = freeList
            freeList = nodes[Int(id)].parent
            nodes[Int(id)] = Node()
            nodes[Int(id)].height = 0
            return id
        }
        var n = Node()
        n.height = 0
        nodes.append(n)
        return Int32(nodes.count - 1)
    }

    private mutating func freeNode(_ id: Int32) {
        nodes[Int(id)].parent = freeList
        nodes[Int(id)].height = -1
        freeList = id
    }

    /// Inserts a leaf with the given (already fattened) box. Returns its node id.
    package mutating func insert(_ aabb: AABB, payload: Int32) -> Int32 {
        let leaf = allocateNode()
        nodes[Int(leaf)].aabb = aabb
        nodes[Int(leaf)].payload = payload
        insertLeaf(leaf)
        leafCount += 1
        return leaf
    }

    /// Removes a leaf.
    package mutating func remove(_ leaf: Int32) {
        removeLeaf(leaf)
        freeNode(leaf)
        leafCount -= 1
    }

    /// Moves a leaf to a new box.
    package mutating func move(_ leaf: Int32, to aabb: AABB) {
        removeLeaf(leaf)
        nodes[Int(leaf)].aabb = aabb
        insertLeaf(leaf)
    }

    /// The fattened box of a leaf.
    @inline(__always) package func aabb(of leaf: Int32) -> AABB { nodes[Int(leaf)].aabb }

    private mutating func insertLeaf(_ leaf: Int32) {
        if root == -1 {
            root = leaf
            nodes[Int(root)].parent = -1
            return
        }
        let leafAABB = nodes[Int(leaf)].aabb
        // Find the best sibling by the surface-area heuristic, descending greedily.
        var index = root
        while !nodes[Int(index)].isLeaf {
            let c1 = nodes[Int(index)].child1
            let c2 = nodes[Int(index)].child2
            let area = nodes[Int(index)].aabb.perimeter
            let combinedArea = nodes[Int(index)].aabb.union(leafAABB).perimeter
            let cost = 2 * combinedArea
            let inheritance = 2 * (combinedArea - area)
            func childCost(_ c: Int32) -> Double {
                let u = leafAABB.union(nodes[Int(c)].aabb)
                if nodes[Int(c)].isLeaf { return u.perimeter + inheritance }
                return (u.perimeter - nodes[Int(c)].aabb.perimeter) + inheritance
            }
            let cost1 = childCost(c1)
            let cost2 = childCost(c2)
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? c1 : c2
        }
        let sibling = index
        let oldParent = nodes[Int(sibling)].parent
        let newParent = allocateNode()
        nodes[Int(newParent)].parent = oldParent
        nodes[Int(newParent)].aabb = leafAABB.union(nodes[Int(sibling)].aabb)
        nodes[Int(newParent)].height = nodes[Int(sibling)].height + 1
        nodes[Int(newParent)].child1 = sibling
        nodes[Int(newParent)].child2 = leaf
        nodes[Int(sibling)].parent = newParent
        nodes[Int(leaf)].parent = newParent
        if oldParent != -1 {
            if nodes[Int(oldParent)].child1 == sibling {
                nodes[Int(oldParent)].child1 = newParent
            } else {
                nodes[Int(oldParent)].child2 = newParent
            }
        } else {
            root = newParent
        }
        refit(from: nodes[Int(leaf)].parent)
    }

    private mutating func refit(from start: Int32) {
        var index = start
        while index != -1 {
            index = balance(index)
            let c1 = nodes[Int(index)].child1
            let c2 = nodes[Int(index)].child2
            nodes[Int(index)].height = 1 + Swift.max(nodes[Int(c1)].height, nodes[Int(c2)].height)
            nodes[Int(index)].aabb = nodes[Int(c1)].aabb.union(nodes[Int(c2)].aabb)
            index = nodes[Int(index)].parent
        }
    }

    private mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root {
            root = -1
            return
        }
        let parent = nodes[Int(leaf)].parent
        let grandParent = nodes[Int(parent)].parent
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        if grandParent != -1 {
            if nodes[Int(grandParent)].child1 == parent {
                nodes[Int(grandParent)].child1 = sibling
            } else {
                nodes[Int(grandParent)].child2 = sibling
            }
            nodes[Int(sibling)].parent = grandParent
            freeNode(parent)
            refit(from: grandParent)
        } else {
            root = sibling
            nodes[Int(sibling)].parent = -1
            freeNode(parent)
        }
    }

    /// Rotates the subtree at `a` when its children's heights differ by more than one; returns the new subtree root.
    private mutating func balance(_ iA: Int32) -> Int32 {
        let A = nodes[Int(iA)]
        if A.isLeaf || A.height < 2 { return iA }
        let iB = A.child1, iC = A.child2
        let balance = nodes[Int(iC)].height - nodes[Int(iB)].height
        if balance > 1 { return rotateUp(iA, iC, firstIsChild1: false) }
        if balance < -1 { return rotateUp(iA, iB, firstIsChild1: true) }
        return iA
    }

    /// Lifts child `iUp` of `iA` above it; `firstIsChild1` says which side of A it was on.
    private mutating func rotateUp(_ iA: Int32, _ iUp: Int32, firstIsChild1: Bool) -> Int32 {
        let iF = nodes[Int(iUp)].child1
        let iG = nodes[Int(iUp)].child2
        // Up takes A's place.
        nodes[Int(iUp)].child1 = iA
        nodes[Int(iUp)].parent = nodes[Int(iA)].parent
        nodes[Int(iA)].parent = iUp
        let upParent = nodes[Int(iUp)].parent
        if upParent != -1 {
            if nodes[Int(upParent)].child1 == iA {
                nodes[Int(upParent)].child1 = iUp
            } else {
                nodes[Int(upParent)].child2 = iUp
            }
        } else {
            root = iUp
        }
        // Keep the taller grandchild under Up, give the other to A.
        let keep: Int32, give: Int32
        if nodes[Int(iF)].height > nodes[Int(iG)].height { keep = iF; give = iG } else { keep = iG; give = iF }
        nodes[Int(iUp)].child2 = keep
        if firstIsChild1 { nodes[Int(iA)].child1 = give } else { nodes[Int(iA)].child2 = give }
        nodes[Int(give)].parent = iA
        let a1 = nodes[Int(iA)].child1, a2 = nodes[Int(iA)].child2
        nodes[Int(iA)].aabb = nodes[Int(a1)].aabb.union(nodes[Int(a2)].aabb)
        nodes[Int(iA)].height = 1 + Swift.max(nodes[Int(a1)].height, nodes[Int(a2)].height)
        nodes[Int(iUp)].aabb = nodes[Int(iA)].aabb.union(nodes[Int(keep)].aabb)
        nodes[Int(iUp)].height = 1 + Swift.max(nodes[Int(iA)].height, nodes[Int(keep)].height)
        return iUp
    }

    /// Appends to `results` the payload of every leaf whose box overlaps `aabb`, in a fixed order.
    /// `stack` is scratch space owned by the caller, so a query allocates nothing once warmed up.
    package func query(_ aabb: AABB, stack: inout [Int32], results: inout [Int32]) {
        if root == -1 { return }
        // Depth-first with both children pushed: the stack holds at most one waiting sibling per level plus the
        // two just pushed, so height + 2 slots suffice. `stack` is scratch: its count is its capacity here.
        let need = Int(nodes[Int(root)].height) + 3
        if stack.count < need { stack = [Int32](repeating: 0, count: 2 * need) }
        let root = self.root
        let start = results.count
        let complete = stack.withUnsafeMutableBufferPointer { st in
            nodes.withUnsafeBufferPointer { n in
                st[0] = root
                var top = 1
                while top > 0 {
                    top -= 1
                    let node = n[Int(st[top])]
                    if !node.aabb.overlaps(aabb) { continue }
                    if node.child1 == -1 {
                        results.append(node.payload)
                    } else {
                        if top + 2 > st.count { return false }  // heights out of date: never expected
                        st[top] = node.child1
                        st[top + 1] = node.child2
                        top += 2
                    }
                }
                return true
            }
        }
        if !complete {
            // Same traversal with a growing stack.
            results.removeSubrange(start...)
            var work: [Int32] = [root]
            while let id = work.popLast() {
                let node = nodes[Int(id)]
                if !node.aabb.overlaps(aabb) { continue }
                if node.child1 == -1 {
                    results.append(node.payload)
                } else {
                    work.append(node.child1); work.append(node.child2)
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
