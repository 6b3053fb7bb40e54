/// Pair finding over whole trees: every pair of overlapping leaves of which at least one moved, found in one
/// simultaneous descent instead of one query per moved leaf. The descent visits a node pair once and prunes it
/// when the boxes miss or when neither subtree holds a moved leaf, so the top of the tree, which every query would
/// walk again, is walked once; each pair of leaves is reached once (under the node where their paths split), so
/// no pair needs removing as a duplicate.
extension DynamicTree {
    /// Marks `leaf` as moved, and every ancestor as holding a moved leaf.
    package mutating func markMoved(_ leaf: Int32) {
        setMoved(true, count: 1) { _ in leaf }
    }

    /// Clears the marks `markMoved(leaf)` set.
    package mutating func clearMoved(_ leaf: Int32) {
        setMoved(false, count: 1) { _ in leaf }
    }

    /// `markMoved` (`moved` true) or `clearMoved` of every leaf `leaves` gives (nil: skip that entry), with one
    /// access to the nodes for all of them: a moved crowd marks thousands of leaves a step.
    package mutating func setMoved(_ moved: Bool, count: Int, _ leaves: (Int) -> Int32?) {
        nodes.withUnsafeBufferPointer { n in
            movedMarks.withUnsafeMutableBufferPointer { marks in
                for k in 0..<count {
                    if let leaf = leaves(k) { Self.setMoved(n, marks, leaf, moved) }
                }
            }
        }
    }

    /// Marks the leaves `leaves` gives (nil: skip that entry) and nothing above them: `markMovedAncestors` then
    /// marks their ancestors (Parallel/DynamicTree+ParallelMarks.swift).
    package mutating func setLeavesMoved(count: Int, _ leaves: (Int) -> Int32?) {
        movedMarks.withUnsafeMutableBufferPointer { marks in
            for k in 0..<count {
                if let leaf = leaves(k) { marks[Int(leaf)] = true }
            }
        }
    }

    /// Clears every node's moved mark: one pass over a byte per node, which costs less than the walks of
    /// `setMoved(false, …)` from each of many moved leaves (each a jump to a node elsewhere) and leaves the same
    /// marks, none, when only `setMoved(true, …)` set them.
    package mutating func clearAllMoved() {
        movedMarks.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
    }

    /// Whether node `id` is marked moved (a moved leaf, or an internal node above one).
    package func isMoved(_ id: Int32) -> Bool { movedMarks[Int(id)] }

    /// Sets the moved mark of `leaf` and its ancestors to `moved`, up to the first that already has it.
    @inline(__always) private static func setMoved(
        _ n: UnsafeBufferPointer<Node>, _ marks: UnsafeMutableBufferPointer<Bool>, _ leaf: Int32, _ moved: Bool
    ) {
        var index = leaf
        while index != -1 && marks[Int(index)] != moved {
            marks[Int(index)] = moved
            index = n[Int(index)].parent
        }
    }

    /// Appends to `results` the payloads of every pair of overlapping leaves of this tree of which at least one is
    /// marked moved (two entries per pair), in a fixed order. `stack` is scratch space owned by the caller.
    package func movedPairs(stack: inout [Int32], results: inout [Int32]) {
        // A lone leaf pairs with nothing in its own tree (and the descent expects an internal node here).
        if root == -1 || !movedMarks[Int(root)] || nodes[Int(root)].child1 == -1 { return }
        nodes.withUnsafeBufferPointer { n in
            movedMarks.withUnsafeBufferPointer { marks in
                DynamicTree.descend(
                    n.baseAddress!, n.baseAddress!, marks.baseAddress!, from: root, root, stack: &stack,
                    results: &results)
            }
        }
    }

    /// Appends to `results` the payloads of every pair of a leaf of this tree marked moved and a leaf of `other`
    /// whose boxes overlap (this tree's payload first), in a fixed order.
    package func movedPairs(against other: DynamicTree, stack: inout [Int32], results: inout [Int32]) {
        if root == -1 || other.root == -1 || !movedMarks[Int(root)] { return }
        nodes.withUnsafeBufferPointer { n in
            other.nodes.withUnsafeBufferPointer { o in
                movedMarks.withUnsafeBufferPointer { marks in
                    DynamicTree.descend(
                        n.baseAddress!, o.baseAddress!, marks.baseAddress!, from: root, other.root, stack: &stack,
                        results: &results)
                }
            }
        }
    }

    /// The descent from the node pair (`a` in `n`, `b` in `o`). When `n` and `o` are the same tree and `a == b`,
    /// the pair stands for the pairs of leaves within that subtree. Only a leaf of `n` counts as moved when the
    /// trees differ (the other tree is static); `moved` is `n`'s `movedMarks`. A node pair is pushed only when its
    /// boxes overlap and one side holds a moved leaf. Appends the pairs found to `results`. Always inlined: where
    /// the caller passes the same tree twice the test for it folds away (out of line, called from the parallel
    /// descent's chunks with either tree, the tumbler's two-thread step was 1.6–2 % slower).
    @inline(__always) static func descend(
        _ n: UnsafePointer<Node>, _ o: UnsafePointer<Node>, _ moved: UnsafePointer<Bool>, from a: Int32, _ b: Int32,
        stack: inout [Int32], results: inout [Int32]
    ) {
        let same = n == o
        if !same && !n[Int(a)].aabb.overlaps(o[Int(b)].aabb) { return }
        if stack.count < 64 { stack = [Int32](repeating: 0, count: 64) }
        stack[0] = a
        stack[1] = b
        var top = 2
        var found = results.count
        while top > 0 {
            // Room for the three pairs one step can push and for one result pair; the arrays keep their contents
            // when they grow.
            if top + 6 > stack.count { stack.append(contentsOf: repeatElement(0, count: stack.count)) }
            if found + 2 > results.count {
                results.append(contentsOf: repeatElement(0, count: Swift.max(64, results.count)))
            }
            (top, found) = stack.withUnsafeMutableBufferPointer { st in
                results.withUnsafeMutableBufferPointer { out in
                    var top = top, found = found
                    let topLimit = st.count - 6, foundLimit = out.count - 2
                    while top > 0 && top <= topLimit && found <= foundLimit {
                        top -= 2
                        visit(
                            st[top], st[top + 1], n, o, moved, same: same,
                            emit: { a, b in
                                out[found] = a
                                out[found + 1] = b
                                found += 2
                            },
                            push: { a, b in
                                st[top] = a
                                st[top + 1] = b
                                top += 2
                            })
                    }
                    return (top, found)
                }
            }
        }
        results.removeLast(results.count - found)
    }

    /// One node pair (`ia` in `n`, `ib` in `o`) of the descent: a pair of leaves is a result (`emit`), anything else
    /// pushes the node pairs to descend into (`push`, at most three), which the descent takes last pushed first.
    @inline(__always) static func visit(
        _ ia: Int32, _ ib: Int32, _ n: UnsafePointer<Node>, _ o: UnsafePointer<Node>, _ moved: UnsafePointer<Bool>,
        same: Bool, emit: (Int32, Int32) -> Void, push: (Int32, Int32) -> Void
    ) {
        let na = n + Int(ia), nb = o + Int(ib)
        if same && ia == ib {
            // Pairs within one subtree (an internal node holding a moved leaf: only such are pushed): within each
            // child, and across.
            let c1 = na.pointee.child1, c2 = na.pointee.child2
            let n1 = n + Int(c1), n2 = n + Int(c2)
            if moved[Int(c1)] && n1.pointee.child1 != -1 { push(c1, c1) }
            if moved[Int(c2)] && n2.pointee.child1 != -1 { push(c2, c2) }
            if n1.pointee.aabb.overlaps(n2.pointee.aabb) { push(c1, c2) }
            return
        }
        let leafA = na.pointee.child1 == -1, leafB = nb.pointee.child1 == -1
        if leafA && leafB {
            emit(na.pointee.payload, nb.pointee.payload)
        } else if leafB || (!leafA && na.pointee.height >= nb.pointee.height) {
            // Split the taller side (or the one that is not a leaf).
            let bMoved = same && moved[Int(ib)]
            let c1 = na.pointee.child1, c2 = na.pointee.child2
            let n1 = n + Int(c1), n2 = n + Int(c2)
            if (bMoved || moved[Int(c1)]) && n1.pointee.aabb.overlaps(nb.pointee.aabb)
                && (same || mayMeetLeaf(n1.pointee.aabb, o, nb))
            {
                push(c1, ib)
            }
            if (bMoved || moved[Int(c2)]) && n2.pointee.aabb.overlaps(nb.pointee.aabb)
                && (same || mayMeetLeaf(n2.pointee.aabb, o, nb))
            {
                push(c2, ib)
            }
        } else {
            let aMoved = moved[Int(ia)]
            let c1 = nb.pointee.child1, c2 = nb.pointee.child2
            let n1 = o + Int(c1), n2 = o + Int(c2)
            if (aMoved || (same && moved[Int(c1)])) && na.pointee.aabb.overlaps(n1.pointee.aabb) { push(ia, c1) }
            if (aMoved || (same && moved[Int(c2)])) && na.pointee.aabb.overlaps(n2.pointee.aabb) { push(ia, c2) }
        }
    }

    /// Whether `box`, which overlaps the box of node `nb` of the other (static) tree, may overlap the box of a leaf
    /// under it: false when it misses every node two levels down (or every leaf above that). A node's box holds its
    /// children's, so a box that misses a node misses every leaf under it, and a node pair pruned on this test
    /// would have found no pair: the pairs found, and their order, are those of the descent without it. The static
    /// tree's upper boxes are loose (a pile's four walls: the two boxes under the root each hold two walls and
    /// cover half the pile), and without the test the descent splits the moving tree against them down to the
    /// leaves beside the walls, which is most of the moving tree.
    @inline(__always) static func mayMeetLeaf(_ box: AABB, _ o: UnsafePointer<Node>, _ nb: UnsafePointer<Node>)
        -> Bool
    {
        if nb.pointee.child1 == -1 { return true }
        @inline(__always) func below(_ c: Int32) -> Bool {
            let nc = o + Int(c)
            if !nc.pointee.aabb.overlaps(box) { return false }
            if nc.pointee.child1 == -1 { return true }
            return o[Int(nc.pointee.child1)].aabb.overlaps(box) || o[Int(nc.pointee.child2)].aabb.overlaps(box)
        }
        return below(nb.pointee.child1) || below(nb.pointee.child2)
    }

    /// The descent of `movedPairs` (`other` nil) or `movedPairs(against: other)` cut into pieces: appends to
    /// `seeds` node pairs (`a`, `b`, then `tag`) whose descents, one after the other in the order appended, find
    /// exactly the pairs of the whole descent in its order (the descent processes whatever a node pair pushes before
    /// the node pairs below it on its stack, so a node pair's results are those of what it pushes, last pushed
    /// first). Node pairs are split level by level until there are at least `minimum` (or only pairs of leaves).
    package func movedPairSeeds(against other: DynamicTree?, minimum: Int, tag: Int32, seeds: inout [Int32]) {
        if root == -1 || !movedMarks[Int(root)] { return }
        nodes.withUnsafeBufferPointer { n in
            movedMarks.withUnsafeBufferPointer { marks in
                guard let other else {
                    if n[Int(root)].child1 == -1 { return }
                    DynamicTree.seeds(
                        n.baseAddress!, n.baseAddress!, marks.baseAddress!, root, root, minimum: minimum, tag: tag,
                        seeds: &seeds)
                    return
                }
                if other.root == -1 { return }
                other.nodes.withUnsafeBufferPointer { o in
                    if !n[Int(root)].aabb.overlaps(o[Int(other.root)].aabb) { return }
                    DynamicTree.seeds(
                        n.baseAddress!, o.baseAddress!, marks.baseAddress!, root, other.root, minimum: minimum,
                        tag: tag, seeds: &seeds)
                }
            }
        }
    }

    /// `movedPairSeeds` from the node pair (`a`, `b`).
    private static func seeds(
        _ n: UnsafePointer<Node>, _ o: UnsafePointer<Node>, _ moved: UnsafePointer<Bool>, _ a: Int32, _ b: Int32,
        minimum: Int, tag: Int32, seeds: inout [Int32]
    ) {
        let same = n == o
        var items: [Int32] = [a, b]
        var next: [Int32] = []
        var rounds = 0
        while items.count / 2 < minimum && rounds < 16 {
            rounds += 1
            next.removeAll(keepingCapacity: true)
            var split = false
            var k = 0
            while k < items.count {
                let ia = items[k], ib = items[k + 1]
                k += 2
                // A pair of leaves is its own result (the pair a subtree holds with itself is never a leaf).
                if n[Int(ia)].child1 == -1 && o[Int(ib)].child1 == -1 && (!same || ia != ib) {
                    next.append(ia)
                    next.append(ib)
                    continue
                }
                split = true
                // At most three node pairs: in registers, not an array allocated per node pair.
                var pushed = SIMD8<Int32>()
                var pushedCount = 0
                visit(
                    ia, ib, n, o, moved, same: same, emit: { _, _ in },
                    push: {
                        pushed[pushedCount] = $0
                        pushed[pushedCount + 1] = $1
                        pushedCount += 2
                    })
                var p = pushedCount - 2
                while p >= 0 {
                    next.append(pushed[p])
                    next.append(pushed[p + 1])
                    p -= 2
                }
            }
            swap(&items, &next)
            if !split { break }
        }
        var k = 0
        while k < items.count {
            seeds.append(items[k])
            seeds.append(items[k + 1])
            seeds.append(tag)
            k += 2
        }
    }
}
