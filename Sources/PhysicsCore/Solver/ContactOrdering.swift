/// Solve order of the contact constraints. Gauss–Seidel converges fastest on stacks when support is solved from
/// the ground up, and the order must not depend on the order in which bodies happened to be created (the same
/// pyramid built top-down would otherwise jitter forever). So the contacts to solve are sorted, stably, by the
/// contact-graph distance of their bodies from anything that does not move: ground contacts first, then the layer
/// above, and so on. That order is then dealt into colours (greedily, in order): the constraints of one colour share
/// no moving body, so consecutive constraints are independent and the processor overlaps their work, while each
/// colour still runs ground-up. (Box2D v3 colours its constraint graph for the same reason, to solve in parallel.)
extension World {
    /// Fills `scratch.solveOrder` with the indices of the contacts to solve this step (solid, with manifold points, with an
    /// awake body), sorted from the ground up.
    package mutating func orderContactsFromGround() {
        scratch.solveOrder.removeAll(keepingCapacity: true)
        scratch.orderQueue.removeAll(keepingCapacity: true)
        scratch.orderEdges.removeAll(keepingCapacity: true)
        scratch.orderMovingA.removeAll(keepingCapacity: true)
        scratch.orderMovingB.removeAll(keepingCapacity: true)
        let bodyCount = bodies.count
        if scratch.orderDepth.count < bodyCount {
            scratch.orderDepth = [Int32](repeating: -1, count: bodyCount)
            scratch.orderDegree = [Int32](repeating: 0, count: bodyCount + 1)
        }
        // One pass over the contacts reads the bodies; later passes use the compact moving-body lists
        // (`scratch.orderMovingA/B`: the body index when it moves, −1 when it does not).
        contacts.withUnsafeBufferPointer { co in
            bodies.withUnsafeBufferPointer { bo in
                for k in 0..<co.count where co[k].isSolid && co[k].manifold.pointCount > 0 {
                    let a = co[k].bodyA, b = co[k].bodyB
                    let awakeA = bo[Int(a)].isAwake, awakeB = bo[Int(b)].isAwake
                    guard awakeA || awakeB else { continue }
                    let ma = awakeA && bo[Int(a)].type == .dynamic, mb = awakeB && bo[Int(b)].type == .dynamic
                    scratch.solveOrder.append(Int32(k))
                    scratch.orderMovingA.append(ma ? a : -1)
                    scratch.orderMovingB.append(mb ? b : -1)
                    if ma { scratch.orderDegree[Int(a)] += 1 }
                    if mb { scratch.orderDegree[Int(b)] += 1 }
                    // A moving body touching something that does not move is one layer up from the ground.
                    if ma != mb {
                        let body = ma ? a : b
                        if scratch.orderDepth[Int(body)] == -1 {
                            scratch.orderDepth[Int(body)] = 1
                            scratch.orderQueue.append(body)
                        }
                    }
                }
            }
        }
        if scratch.solveOrder.count > 1 {
            // The order is a function of the contact list and of which bodies move: when neither changed since the
            // last step (a resting stack, nothing began or ended), last step's sorted, coloured order is the answer.
            if scratch.solveOrder == scratch.orderCacheInput && scratch.orderMovingA == scratch.orderCacheMovingA
                && scratch.orderMovingB == scratch.orderCacheMovingB
            {
                scratch.solveOrder.removeAll(keepingCapacity: true)
                scratch.solveOrder.append(contentsOf: scratch.orderCacheOutput)
                scratch.colorStart.removeAll(keepingCapacity: true)
                scratch.colorStart.append(contentsOf: scratch.orderCacheColorStart)
            } else {
                scratch.orderCacheInput.removeAll(keepingCapacity: true)
                scratch.orderCacheInput.append(contentsOf: scratch.solveOrder)
                scratch.orderCacheMovingA.removeAll(keepingCapacity: true)
                scratch.orderCacheMovingA.append(contentsOf: scratch.orderMovingA)
                scratch.orderCacheMovingB.removeAll(keepingCapacity: true)
                scratch.orderCacheMovingB.append(contentsOf: scratch.orderMovingB)
                sortAndColor(bodyCount: bodyCount)
                scratch.orderCacheOutput.removeAll(keepingCapacity: true)
                scratch.orderCacheOutput.append(contentsOf: scratch.solveOrder)
                scratch.orderCacheColorStart.removeAll(keepingCapacity: true)
                scratch.orderCacheColorStart.append(contentsOf: scratch.colorStart)
            }
        }
        // Reset the scratch for the next step.
        for i in 0..<Swift.min(bodyCount + 1, scratch.orderDegree.count) { scratch.orderDegree[i] = 0 }
        for b in scratch.orderQueue { scratch.orderDepth[Int(b)] = -1 }
    }

    /// Forgets the cached order, so the next step sorts and colours from scratch (tests compare the two).
    package mutating func invalidateOrderCache() {
        scratch.orderCacheInput.removeAll()
        scratch.orderCacheMovingA.removeAll()
        scratch.orderCacheMovingB.removeAll()
    }

    /// Breadth-first depth from the ground over the moving bodies, then a stable sort by depth and the colouring.
    private mutating func sortAndColor(bodyCount: Int) {
        let count = scratch.solveOrder.count
        // Adjacency of moving bodies through the contacts (compressed rows).
        var total: Int32 = 0
        for i in 0..<bodyCount {
            let d = scratch.orderDegree[i]
            scratch.orderDegree[i] = total
            total += d
        }
        scratch.orderDegree[bodyCount] = total
        scratch.orderEdges.append(contentsOf: repeatElement(-1, count: Int(total)))
        scratch.orderFill.removeAll(keepingCapacity: true)
        scratch.orderFill.append(contentsOf: scratch.orderDegree[0..<bodyCount])
        for i in 0..<count {
            let a = scratch.orderMovingA[i], b = scratch.orderMovingB[i]
            if a >= 0 && b >= 0 {
                scratch.orderEdges[Int(scratch.orderFill[Int(a)])] = b
                scratch.orderFill[Int(a)] += 1
                scratch.orderEdges[Int(scratch.orderFill[Int(b)])] = a
                scratch.orderFill[Int(b)] += 1
            }
        }
        // Breadth-first from the ground.
        var head = 0
        var maxDepth: Int32 = 1
        while head < scratch.orderQueue.count {
            let b = scratch.orderQueue[head]
            head += 1
            let d = scratch.orderDepth[Int(b)]
            for e in Int(scratch.orderDegree[Int(b)])..<Int(scratch.orderDegree[Int(b) + 1]) {
                let n = scratch.orderEdges[e]
                if n >= 0 && scratch.orderDepth[Int(n)] == -1 {
                    scratch.orderDepth[Int(n)] = d + 1
                    maxDepth = Swift.max(maxDepth, d + 1)
                    scratch.orderQueue.append(n)
                }
            }
        }
        // Stable counting sort by the lower depth of the two bodies (0 for a side that does not move; bodies the
        // ground does not reach go last, in their original order).
        let unreached = maxDepth + 1
        scratch.orderKeys.removeAll(keepingCapacity: true)
        for i in 0..<count {
            let a = scratch.orderMovingA[i], b = scratch.orderMovingB[i]
            let da = a >= 0 ? scratch.orderDepth[Int(a)] : 0
            let db = b >= 0 ? scratch.orderDepth[Int(b)] : 0
            scratch.orderKeys.append(Swift.min(da < 0 ? unreached : da, db < 0 ? unreached : db))
        }
        scratch.orderBuckets.removeAll(keepingCapacity: true)
        scratch.orderBuckets.append(contentsOf: repeatElement(0, count: Int(unreached) + 2))
        for key in scratch.orderKeys { scratch.orderBuckets[Int(key) + 1] += 1 }
        for i in 1..<scratch.orderBuckets.count { scratch.orderBuckets[i] += scratch.orderBuckets[i - 1] }
        // Sorted permutation of positions, then the contacts and their moving bodies in that order.
        scratch.orderFill.removeAll(keepingCapacity: true)
        scratch.orderFill.append(contentsOf: repeatElement(0, count: count))
        for i in 0..<count {
            let key = Int(scratch.orderKeys[i])
            scratch.orderFill[Int(scratch.orderBuckets[key])] = Int32(i)
            scratch.orderBuckets[key] += 1
        }
        colorInOrder()
    }

    /// Stable partition of the sorted contacts (positions `scratch.orderFill`) into up to 64 colours (plus one overflow
    /// group), first-fit in order; writes `scratch.solveOrder` and `scratch.colorStart`.
    private mutating func colorInOrder() {
        let bodyCount = bodies.count
        let count = scratch.solveOrder.count
        if scratch.colorMask.count < bodyCount { scratch.colorMask = [UInt64](repeating: 0, count: bodyCount) }
        scratch.colorOf.removeAll(keepingCapacity: true)
        scratch.colorStart.removeAll(keepingCapacity: true)
        scratch.colorStart.append(contentsOf: repeatElement(0, count: 66))
        for i in scratch.orderFill {
            let a = Int(scratch.orderMovingA[Int(i)]), b = Int(scratch.orderMovingB[Int(i)])
            let used = (a >= 0 ? scratch.colorMask[a] : 0) | (b >= 0 ? scratch.colorMask[b] : 0)
            let color = used == .max ? 64 : (~used).trailingZeroBitCount
            if color < 64 {
                if a >= 0 { scratch.colorMask[a] |= 1 << UInt64(color) }
                if b >= 0 { scratch.colorMask[b] |= 1 << UInt64(color) }
            }
            scratch.colorOf.append(UInt8(color))
            scratch.colorStart[color + 1] += 1
        }
        for c in 0..<65 { scratch.colorStart[c + 1] += scratch.colorStart[c] }
        scratch.orderKeys.removeAll(keepingCapacity: true)
        scratch.orderKeys.append(contentsOf: scratch.solveOrder)
        for j in 0..<count {
            let i = Int(scratch.orderFill[j])
            let a = Int(scratch.orderMovingA[i]), b = Int(scratch.orderMovingB[i])
            if a >= 0 { scratch.colorMask[a] = 0 }
            if b >= 0 { scratch.colorMask[b] = 0 }
            let c = Int(scratch.colorOf[j])
            scratch.solveOrder[Int(scratch.colorStart[c])] = scratch.orderKeys[i]
            scratch.colorStart[c] += 1
        }
    }
}
