/// Solve order of the contact constraints. Gauss–Seidel converges fastest on stacks when support is solved from
/// the ground up, and the order must not depend on the order in which bodies happened to be created (the same
/// pyramid built top-down would otherwise jitter forever). So the contacts to solve are sorted, stably, by the
/// contact-graph distance of their bodies from anything that does not move: ground contacts first, then the layer
/// above, and so on. That order is then dealt into colours (greedily, in order): the constraints of one colour share
/// no moving body, so consecutive constraints are independent and the processor overlaps their work, while each
/// colour still runs ground-up. (Box2D v3 colours its constraint graph for the same reason, to solve in parallel.)
///
/// The working arrays are segments of one buffer (`StepScratch.orderWork`, see `OrderSegments`), reached through
/// pointers: the passes below run over every contact each step a contact begins or ends, and array appends and
/// subscripts there cost uniqueness and bounds checks on every element.
extension World {
    /// Fills `scratch.solveOrder` with the indices of the contacts to solve this step (solid, with manifold points,
    /// with an awake body), sorted from the ground up, and `scratch.colorStart` with the colours' ends.
    package mutating func orderContactsFromGround() {
        let bodyCount = bodies.count
        let segments = OrderSegments(bodyCount: bodyCount, contactCount: contacts.count)
        World.resize(&scratch.orderWork, to: segments.total, with: 0)
        World.resize(&scratch.solveOrder, to: contacts.count, with: 0)
        var count = 0
        var queued = 0
        // One pass over the contacts reads the bodies; later passes use the compact moving-body lists
        // (`movingA/B`: the body index when it moves, −1 when it does not).
        contacts.withUnsafeBufferPointer { co in
            bodies.withUnsafeBufferPointer { bo in
                scratch.orderWork.withUnsafeMutableBufferPointer { work in
                    scratch.solveOrder.withUnsafeMutableBufferPointer { order in
                        guard let base = work.baseAddress, let out = order.baseAddress else { return }
                        let s = segments.pointers(base)
                        s.depth.update(repeating: -1, count: bodyCount)
                        s.degree.update(repeating: 0, count: bodyCount + 1)
                        for k in 0..<co.count where co[k].isSolid && co[k].manifold.pointCount > 0 {
                            let a = co[k].bodyA, b = co[k].bodyB
                            let awakeA = bo[Int(a)].isAwake, awakeB = bo[Int(b)].isAwake
                            guard awakeA || awakeB else { continue }
                            let ma = awakeA && bo[Int(a)].type == .dynamic, mb = awakeB && bo[Int(b)].type == .dynamic
                            out[count] = Int32(k)
                            s.movingA[count] = ma ? a : -1
                            s.movingB[count] = mb ? b : -1
                            count &+= 1
                            if ma { s.degree[Int(a)] &+= 1 }
                            if mb { s.degree[Int(b)] &+= 1 }
                            // A moving body touching something that does not move is one layer up from the ground.
                            if ma != mb {
                                let body = ma ? a : b
                                if s.depth[Int(body)] == -1 {
                                    s.depth[Int(body)] = 1
                                    s.queue[queued] = body
                                    queued &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
        scratch.solveOrder.removeLast(contacts.count - count)
        guard count > 1 else { return }
        // The order is a function of the contact list and of which bodies move: when neither changed since the
        // last step (a resting stack, nothing began or ended), last step's sorted, coloured order is the answer.
        let cached = scratch.orderWork.withUnsafeBufferPointer { work in
            let s = segments.pointers(UnsafeMutablePointer(mutating: work.baseAddress!))
            return scratch.solveOrder.withUnsafeBufferPointer { World.equal($0, scratch.orderCacheInput) }
                && World.equal(UnsafeBufferPointer(start: s.movingA, count: count), scratch.orderCacheMovingA)
                && World.equal(UnsafeBufferPointer(start: s.movingB, count: count), scratch.orderCacheMovingB)
        }
        if cached {
            scratch.solveOrder.removeAll(keepingCapacity: true)
            scratch.solveOrder.append(contentsOf: scratch.orderCacheOutput)
            scratch.colorStart.removeAll(keepingCapacity: true)
            scratch.colorStart.append(contentsOf: scratch.orderCacheColorStart)
            return
        }
        scratch.orderCacheInput.removeAll(keepingCapacity: true)
        scratch.orderCacheInput.append(contentsOf: scratch.solveOrder)
        scratch.orderWork.withUnsafeBufferPointer { work in
            let s = segments.pointers(UnsafeMutablePointer(mutating: work.baseAddress!))
            scratch.orderCacheMovingA.removeAll(keepingCapacity: true)
            scratch.orderCacheMovingA.append(contentsOf: UnsafeBufferPointer(start: s.movingA, count: count))
            scratch.orderCacheMovingB.removeAll(keepingCapacity: true)
            scratch.orderCacheMovingB.append(contentsOf: UnsafeBufferPointer(start: s.movingB, count: count))
        }
        World.resize(&scratch.colorMask, to: bodyCount, with: 0)
        World.resize(&scratch.colorStart, to: 66, with: 0)
        scratch.orderWork.withUnsafeMutableBufferPointer { work in
            scratch.solveOrder.withUnsafeMutableBufferPointer { order in
                scratch.colorMask.withUnsafeMutableBufferPointer { mask in
                    scratch.colorStart.withUnsafeMutableBufferPointer { start in
                        let s = segments.pointers(work.baseAddress!)
                        World.sortAndColor(
                            s, order.baseAddress!, count: count, queued: queued, bodyCount: bodyCount,
                            colorMask: mask.baseAddress!, colorStart: start.baseAddress!)
                    }
                }
            }
        }
        scratch.orderCacheOutput.removeAll(keepingCapacity: true)
        scratch.orderCacheOutput.append(contentsOf: scratch.solveOrder)
        scratch.orderCacheColorStart.removeAll(keepingCapacity: true)
        scratch.orderCacheColorStart.append(contentsOf: scratch.colorStart)
    }

    /// Forgets the cached order, so the next step sorts and colours from scratch (tests compare the two).
    package mutating func invalidateOrderCache() {
        scratch.orderCacheInput.removeAll()
        scratch.orderCacheMovingA.removeAll()
        scratch.orderCacheMovingB.removeAll()
    }

    /// Breadth-first depth from the ground over the moving bodies, then a stable sort by depth and the colouring.
    private static func sortAndColor(
        _ s: OrderPointers, _ order: UnsafeMutablePointer<Int32>, count: Int, queued: Int, bodyCount: Int,
        colorMask: UnsafeMutablePointer<UInt64>, colorStart: UnsafeMutablePointer<Int32>
    ) {
        // Adjacency of moving bodies through the contacts (compressed rows).
        var total: Int32 = 0
        for i in 0..<bodyCount {
            let d = s.degree[i]
            s.degree[i] = total
            total &+= d
        }
        s.degree[bodyCount] = total
        s.edges.update(repeating: -1, count: Int(total))
        s.fill.update(from: s.degree, count: bodyCount)
        for i in 0..<count {
            let a = s.movingA[i], b = s.movingB[i]
            if a >= 0 && b >= 0 {
                s.edges[Int(s.fill[Int(a)])] = b
                s.fill[Int(a)] &+= 1
                s.edges[Int(s.fill[Int(b)])] = a
                s.fill[Int(b)] &+= 1
            }
        }
        // Breadth-first from the ground.
        var head = 0
        var tail = queued
        var maxDepth: Int32 = 1
        while head < tail {
            let b = s.queue[head]
            head &+= 1
            let d = s.depth[Int(b)]
            for e in Int(s.degree[Int(b)])..<Int(s.degree[Int(b) + 1]) {
                let n = s.edges[e]
                if n >= 0 && s.depth[Int(n)] == -1 {
                    s.depth[Int(n)] = d + 1
                    maxDepth = Swift.max(maxDepth, d + 1)
                    s.queue[tail] = n
                    tail &+= 1
                }
            }
        }
        // Stable counting sort by the lower depth of the two bodies (0 for a side that does not move; bodies the
        // ground does not reach go last, in their original order).
        let unreached = maxDepth + 1
        for i in 0..<count {
            let a = s.movingA[i], b = s.movingB[i]
            let da = a >= 0 ? s.depth[Int(a)] : 0
            let db = b >= 0 ? s.depth[Int(b)] : 0
            s.keys[i] = Swift.min(da < 0 ? unreached : da, db < 0 ? unreached : db)
        }
        let bucketCount = Int(unreached) + 2
        s.buckets.update(repeating: 0, count: bucketCount)
        for i in 0..<count { s.buckets[Int(s.keys[i]) + 1] &+= 1 }
        for i in 1..<bucketCount { s.buckets[i] &+= s.buckets[i - 1] }
        // Sorted permutation of positions, then the contacts and their moving bodies in that order.
        for i in 0..<count {
            let key = Int(s.keys[i])
            s.fill[Int(s.buckets[key])] = Int32(i)
            s.buckets[key] &+= 1
        }
        colorInOrder(s, order, count: count, colorMask: colorMask, colorStart: colorStart)
    }

    /// Stable partition of the sorted contacts (positions `fill`) into up to 64 colours (plus one overflow group),
    /// first-fit in order; writes the order and the colours' ends (`colorStart[c]`: end of colour c).
    private static func colorInOrder(
        _ s: OrderPointers, _ order: UnsafeMutablePointer<Int32>, count: Int,
        colorMask: UnsafeMutablePointer<UInt64>, colorStart: UnsafeMutablePointer<Int32>
    ) {
        colorStart.update(repeating: 0, count: 66)
        for j in 0..<count {
            let i = Int(s.fill[j])
            let a = Int(s.movingA[i]), b = Int(s.movingB[i])
            let used = (a >= 0 ? colorMask[a] : 0) | (b >= 0 ? colorMask[b] : 0)
            let color = used == .max ? 64 : (~used).trailingZeroBitCount
            if color < 64 {
                if a >= 0 { colorMask[a] |= 1 << UInt64(color) }
                if b >= 0 { colorMask[b] |= 1 << UInt64(color) }
            }
            s.colorOf[j] = Int32(color)
            colorStart[color + 1] &+= 1
        }
        for c in 0..<65 { colorStart[c + 1] &+= colorStart[c] }
        s.keys.update(from: order, count: count)
        for j in 0..<count {
            let i = Int(s.fill[j])
            let a = Int(s.movingA[i]), b = Int(s.movingB[i])
            if a >= 0 { colorMask[a] = 0 }
            if b >= 0 { colorMask[b] = 0 }
            let c = Int(s.colorOf[j])
            order[Int(colorStart[c])] = s.keys[i]
            colorStart[c] &+= 1
        }
    }

    /// Sets `array`'s count to `count`, keeping its capacity (new elements are `value`).
    @inline(__always) static func resize<T>(_ array: inout [T], to count: Int, with value: T) {
        if array.count < count {
            array.append(contentsOf: repeatElement(value, count: count - array.count))
        } else if array.count > count {
            array.removeLast(array.count - count)
        }
    }

    /// Element-wise equality of two lists of indices.
    @inline(__always) private static func equal(_ a: UnsafeBufferPointer<Int32>, _ b: [Int32]) -> Bool {
        a.count == b.count
            && b.withUnsafeBufferPointer { b in
                var same = true
                for i in 0..<a.count where a[i] != b[i] { same = false; break }
                return same
            }
    }

}

/// Where each working array of the ordering lies in `StepScratch.orderWork` (counts in elements).
private struct OrderSegments {
    let bodyCount: Int, contactCount: Int

    /// Depth, degree (one more), queue, buckets (four more) per body; moving A and B, keys, colours per contact;
    /// edges two per contact; fill the larger of the two.
    var total: Int { 4 * bodyCount + 5 + 6 * contactCount + Swift.max(bodyCount, contactCount) }

    func pointers(_ base: UnsafeMutablePointer<Int32>) -> OrderPointers {
        let nb = bodyCount, nc = contactCount
        let depth = base
        let degree = depth + nb
        let queue = degree + nb + 1
        let buckets = queue + nb
        let movingA = buckets + nb + 4
        let movingB = movingA + nc
        let keys = movingB + nc
        let colorOf = keys + nc
        let edges = colorOf + nc
        let fill = edges + 2 * nc
        return OrderPointers(
            depth: depth, degree: degree, queue: queue, buckets: buckets, movingA: movingA, movingB: movingB,
            keys: keys, colorOf: colorOf, edges: edges, fill: fill)
    }
}

/// The ordering's working arrays, by body: depth from the ground (−1 not reached), adjacency row starts
/// (`degree`), breadth-first queue; by depth: the counting sort's buckets; by contact to solve: its moving bodies
/// (−1 when it does not move), sort key, colour; the adjacency (`edges`) and a fill cursor / sorted permutation.
private struct OrderPointers {
    let depth: UnsafeMutablePointer<Int32>, degree: UnsafeMutablePointer<Int32>, queue: UnsafeMutablePointer<Int32>
    let buckets: UnsafeMutablePointer<Int32>
    let movingA: UnsafeMutablePointer<Int32>, movingB: UnsafeMutablePointer<Int32>
    let keys: UnsafeMutablePointer<Int32>, colorOf: UnsafeMutablePointer<Int32>
    let edges: UnsafeMutablePointer<Int32>, fill: UnsafeMutablePointer<Int32>
}
