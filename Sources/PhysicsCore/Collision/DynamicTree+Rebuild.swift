/// The partial rebuild of a `DynamicTree` after leaves were enlarged in place: the marked part at the top of the
/// tree is taken apart and built again top down with a binned surface-area heuristic, as Box2D v3 does to its
/// trees every step. The unmarked subtrees under it are kept whole and placed like leaves.
///
/// When most leaves move every step (a tumbling crowd), one rebuild costs far less than removing and inserting
/// each moved leaf, and the top-down tree it builds is tighter than one grown by insertions, so queries visit fewer
/// nodes.
extension DynamicTree {
    /// A subtree placed like a leaf by the rebuild: its root and box.
    struct RebuildItem: Sendable {
        var box: AABB
        var id: Int32
    }

    /// Scratch arrays of `rebuild`, kept in the tree so a rebuild allocates nothing once warm.
    struct RebuildScratch: Sendable {
        var items: [RebuildItem] = []
        /// Each item's bin in the split search under way.
        var binOf: [UInt8] = []
        /// The marked nodes taken apart: exactly one fewer than the items, reused for the new internal nodes.
        var spare: [Int32] = []
        var stack: [Int32] = []
        /// Per bin: its box and item count (`binSets` sets of `maxBins`, one after the other); per split plane: the
        /// items left of it and their cost.
        var binBoxes: [AABB] = []
        var binCounts: [Int] = []
        var leftCounts: [Int] = []
        var leftCosts: [Double] = []
    }

    /// Pointers to the scratch of one rebuild.
    struct BuildContext {
        var nodes: UnsafeMutablePointer<Node>
        var spare: UnsafePointer<Int32>
        var binOf: UnsafeMutablePointer<UInt8>
        var binBoxes: UnsafeMutablePointer<AABB>
        var binCounts: UnsafeMutablePointer<Int>
        var leftCounts: UnsafeMutablePointer<Int>
        var leftCosts: UnsafeMutablePointer<Double>
    }

    /// Most bins per split search (fewer when the node has fewer items).
    static let maxBins = 16
    /// Sets of bins the items are dealt into alternately, then merged: consecutive items of a node often fall in the
    /// same bin, and with one set each item's union waited for the one before it (`bestPlane`).
    static let binSets = 2

    /// Rebuilds the nodes marked by `enlarge` (nothing when none is). Deterministic: the same tree and marks give
    /// the same result, whatever `threads` (more than 1: the subtrees below the top levels are built on the worker
    /// pool, Parallel/DynamicTree+ParallelRebuild.swift).
    package mutating func rebuild(threads: Int = 1) {
        enlargedSinceRebuild = 0
        guard root != -1, nodes[Int(root)].enlarged else { return }
        var s = RebuildScratch()
        swap(&s, &rebuildScratch)
        defer { swap(&s, &rebuildScratch) }
        s.items.removeAll(keepingCapacity: true)
        s.spare.removeAll(keepingCapacity: true)
        s.stack.removeAll(keepingCapacity: true)
        if s.binBoxes.count < DynamicTree.binSets * DynamicTree.maxBins {
            s.binBoxes = [AABB](
                repeating: AABB(lower: .zero, upper: .zero), count: DynamicTree.binSets * DynamicTree.maxBins)
            s.binCounts = [Int](repeating: 0, count: DynamicTree.binSets * DynamicTree.maxBins)
            s.leftCounts = [Int](repeating: 0, count: DynamicTree.maxBins)
            s.leftCosts = [Double](repeating: 0, count: DynamicTree.maxBins)
        }
        nodes.withUnsafeBufferPointer { n in
            s.stack.append(root)
            while let id = s.stack.popLast() {
                if n[Int(id)].child1 == -1 || !n[Int(id)].enlarged {
                    s.items.append(RebuildItem(box: n[Int(id)].aabb, id: id))
                } else {
                    s.spare.append(id)
                    s.stack.append(n[Int(id)].child2)
                    s.stack.append(n[Int(id)].child1)
                }
            }
        }
        let count = s.items.count
        if s.binOf.count < count { s.binOf = [UInt8](repeating: 0, count: count) }
        let newRoot = s.items.withUnsafeMutableBufferPointer { items in
            s.binOf.withUnsafeMutableBufferPointer { binOf in
                s.spare.withUnsafeBufferPointer { spare in
                    s.binBoxes.withUnsafeMutableBufferPointer { bb in
                        s.binCounts.withUnsafeMutableBufferPointer { bc in
                            s.leftCounts.withUnsafeMutableBufferPointer { lc in
                                s.leftCosts.withUnsafeMutableBufferPointer { lk in
                                    nodes.withUnsafeMutableBufferPointer { n in
                                        let context = BuildContext(
                                            nodes: n.baseAddress!, spare: spare.baseAddress!,
                                            binOf: binOf.baseAddress!, binBoxes: bb.baseAddress!,
                                            binCounts: bc.baseAddress!, leftCounts: lc.baseAddress!,
                                            leftCosts: lk.baseAddress!)
                                        if threads > 1 && count >= DynamicTree.parallelRebuildMinimum {
                                            return DynamicTree.buildInParallel(
                                                items.baseAddress!, count: count, context, threads: threads)
                                        }
                                        var next = 0
                                        return DynamicTree.build(
                                            items.baseAddress!, count: count, context, next: &next)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        nodes[Int(newRoot)].parent = -1
        root = newRoot
    }

    /// Builds a subtree over `items[0..<count]` (reordering them) from the spare nodes and returns its root (whose
    /// parent the caller sets). Takes the spare nodes `next ..< next + count − 1`, the root first.
    static func build(
        _ items: UnsafeMutablePointer<RebuildItem>, count: Int, _ c: BuildContext, next: inout Int
    ) -> Int32 {
        if count == 1 { return items[0].id }
        let split = splitItems(items, count: count, c)
        let id = spare(c, &next)
        let c1 = build(items, count: split, c, next: &next)
        let c2 = build(items + split, count: count - split, c, next: &next)
        link(id, c1, c2, c.nodes)
        return id
    }

    /// Makes `id` the parent of `c1` and `c2`, with their box and height.
    @inline(__always) static func link(_ id: Int32, _ c1: Int32, _ c2: Int32, _ n: UnsafeMutablePointer<Node>) {
        var node = Node()
        node.aabb = n[Int(c1)].aabb.union(n[Int(c2)].aabb)
        node.child1 = c1
        node.child2 = c2
        node.height = 1 + Swift.max(n[Int(c1)].height, n[Int(c2)].height)
        n[Int(id)] = node
        n[Int(c1)].parent = id
        n[Int(c2)].parent = id
    }

    /// Reorders `items[0..<count]` (more than one) so that the first `split` go left, and returns `split`.
    @inline(__always) static func splitItems(
        _ items: UnsafeMutablePointer<RebuildItem>, count: Int, _ c: BuildContext
    ) -> Int {
        var split = count / 2
        if count > 2 {
            // Centres doubled (lower + upper): the factor changes no comparison.
            var loX = items[0].box.lower.x + items[0].box.upper.x, hiX = loX
            var loY = items[0].box.lower.y + items[0].box.upper.y, hiY = loY
            for i in 1..<count {
                let x = items[i].box.lower.x + items[i].box.upper.x
                let y = items[i].box.lower.y + items[i].box.upper.y
                loX = Swift.min(loX, x)
                hiX = Swift.max(hiX, x)
                loY = Swift.min(loY, y)
                hiY = Swift.max(hiY, y)
            }
            let alongX = hiX - loX >= hiY - loY
            let extent = alongX ? hiX - loX : hiY - loY
            if extent > 0 {
                let plane = bestPlane(items, count: count, alongX: alongX, origin: alongX ? loX : loY, extent, c)
                if plane > 0 {
                    // Items of the bins below the plane first; both sides are non-empty.
                    var i = 0, j = count
                    while i < j {
                        if Int(c.binOf[i]) < plane {
                            i += 1
                        } else {
                            j -= 1
                            (items[i], items[j]) = (items[j], items[i])
                            (c.binOf[i], c.binOf[j]) = (c.binOf[j], c.binOf[i])
                        }
                    }
                    split = i
                }
            }
        }
        return split
    }

    @inline(__always) static func spare(_ c: BuildContext, _ next: inout Int) -> Int32 {
        let id = c.spare[next]
        next += 1
        return id
    }

    /// Bins the items along one axis (filling `binOf`) and returns the split plane (1…bins − 1: bins below it go
    /// left) of least surface-area cost, or 0 when every plane leaves one side empty.
    private static func bestPlane(
        _ items: UnsafeMutablePointer<RebuildItem>, count: Int, alongX: Bool, origin: Double, _ extent: Double,
        _ c: BuildContext
    ) -> Int {
        let bins = Swift.min(maxBins, count)
        // Slightly under `bins`: the largest centre falls in the last bin.
        let scale = Double(bins) * (1 - 0x1p-40) / extent
        // Two sets of bins, even items in the first and odd in the second, merged after: a bin's box is the least
        // and greatest coordinates of its items, which no order changes.
        let empty = AABB(
            lower: Vec2(Double.infinity, Double.infinity), upper: Vec2(-Double.infinity, -Double.infinity))
        let boxes1 = c.binBoxes + maxBins, counts1 = c.binCounts + maxBins
        for b in 0..<bins {
            c.binCounts[b] = 0
            counts1[b] = 0
            c.binBoxes[b] = empty
            boxes1[b] = empty
        }
        @inline(__always) func deal(
            _ i: Int, _ boxes: UnsafeMutablePointer<AABB>, _ counts: UnsafeMutablePointer<Int>
        ) {
            let box = items[i].box
            let centre = alongX ? box.lower.x + box.upper.x : box.lower.y + box.upper.y
            let b = Swift.min(bins - 1, Int((centre - origin) * scale))
            c.binOf[i] = UInt8(truncatingIfNeeded: b)
            boxes[b] = boxes[b].union(box)
            counts[b] += 1
        }
        var i = 0
        while i + 1 < count {
            deal(i, c.binBoxes, c.binCounts)
            deal(i + 1, boxes1, counts1)
            i += 2
        }
        if i < count { deal(i, c.binBoxes, c.binCounts) }
        for b in 0..<bins {
            c.binCounts[b] += counts1[b]
            c.binBoxes[b] = c.binBoxes[b].union(boxes1[b])
        }
        // Below plane p: bins 0..<p.
        var box = AABB(lower: .zero, upper: .zero)
        var inside = 0
        for p in 1..<bins {
            if c.binCounts[p - 1] > 0 {
                box = inside == 0 ? c.binBoxes[p - 1] : box.union(c.binBoxes[p - 1])
                inside += c.binCounts[p - 1]
            }
            c.leftCounts[p] = inside
            c.leftCosts[p] = Double(inside) * box.perimeter
        }
        var best = Double.infinity
        var plane = 0
        inside = 0
        for p in stride(from: bins - 1, through: 1, by: -1) {
            if c.binCounts[p] > 0 {
                box = inside == 0 ? c.binBoxes[p] : box.union(c.binBoxes[p])
                inside += c.binCounts[p]
            }
            if inside > 0 && c.leftCounts[p] > 0 {
                let cost = c.leftCosts[p] + Double(inside) * box.perimeter
                if cost < best {
                    best = cost
                    plane = p
                }
            }
        }
        return plane
    }
}
