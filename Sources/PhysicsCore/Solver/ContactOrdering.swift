/// Solve order of the contact constraints. Gauss–Seidel converges fastest on stacks when support is solved from
/// the ground up, and the order must not depend on the order in which bodies happened to be created (the same
/// pyramid built top-down would otherwise jitter forever). So the contacts to solve are sorted, stably, by the
/// contact-graph distance of their bodies from anything that does not move: ground contacts first, then the layer
/// above, and so on. That order is then dealt into colours (greedily, in order): the constraints of one colour share
/// no moving body, so consecutive constraints are independent and the processor overlaps their work, while each
/// colour still runs ground-up. (Box2D v3 colours its constraint graph for the same reason, to solve in parallel.)
extension World {
    /// Fills `solveOrder` with the indices of the contacts to solve this step (solid, with manifold points, with an
    /// awake body), sorted from the ground up.
    package mutating func orderContactsFromGround() {
        solveOrder.removeAll(keepingCapacity: true)
        orderQueue.removeAll(keepingCapacity: true)
        orderEdges.removeAll(keepingCapacity: true)
        orderMovingA.removeAll(keepingCapacity: true)
        orderMovingB.removeAll(keepingCapacity: true)
        let bodyCount = bodies.count
        if orderDepth.count < bodyCount {
            orderDepth = [Int32](repeating: -1, count: bodyCount)
            orderDegree = [Int32](repeating: 0, count: bodyCount + 1)
        }
        // One pass over the contacts reads the bodies; later passes use the compact moving-body lists
        // (`orderMovingA/B`: the body index when it moves, −1 when it does not).
        contacts.withUnsafeBufferPointer { co in
            bodies.withUnsafeBufferPointer { bo in
                for k in 0..<co.count where co[k].isSolid && co[k].manifold.pointCount > 0 {
                    let a = co[k].bodyA, b = co[k].bodyB
                    let awakeA = bo[Int(a)].isAwake, awakeB = bo[Int(b)].isAwake
                    guard awakeA || awakeB else { continue }
                    let ma = awakeA && bo[Int(a)].type == .dynamic, mb = awakeB && bo[Int(b)].type == .dynamic
                    solveOrder.append(Int32(k))
                    orderMovingA.append(ma ? a : -1)
                    orderMovingB.append(mb ? b : -1)
                    if ma { orderDegree[Int(a)] += 1 }
                    if mb { orderDegree[Int(b)] += 1 }
                    // A moving body touching something that does not move is one layer up from the ground.
                    if ma != mb {
                        let body = ma ? a : b
                        if orderDepth[Int(body)] == -1 {
                            orderDepth[Int(body)] = 1
                            orderQueue.append(body)
                        }
                    }
                }
            }
        }
        if solveOrder.count > 1 {
            // The order is a function of the contact list and of which bodies move: when neither changed since the
            // last step (a resting stack, nothing began or ended), last step's sorted, coloured order is the answer.
            if solveOrder == orderCacheInput && orderMovingA == orderCacheMovingA && orderMovingB == orderCacheMovingB {
                solveOrder.removeAll(keepingCapacity: true)
                solveOrder.append(contentsOf: orderCacheOutput)
                colorStart.removeAll(keepingCapacity: true)
                colorStart.append(contentsOf: orderCacheColorStart)
            } else {
                orderCacheInput.removeAll(keepingCapacity: true)
                orderCacheInput.append(contentsOf: solveOrder)
                orderCacheMovingA.removeAll(keepingCapacity: true)
                orderCacheMovingA.append(contentsOf: orderMovingA)
                orderCacheMovingB.removeAll(keepingCapacity: true)
                orderCacheMovingB.append(contentsOf: orderMovingB)
                sortAndColor(bodyCount: bodyCount)
                orderCacheOutput.removeAll(keepingCapacity: true)
                orderCacheOutput.append(contentsOf: solveOrder)
                orderCacheColorStart.removeAll(keepingCapacity: true)
                orderCacheColorStart.append(contentsOf: colorStart)
            }
        }
        // Reset the scratch for the next step.
        for i in 0..<Swift.min(bodyCount + 1, orderDegree.count) { orderDegree[i] = 0 }
        for b in orderQueue { orderDepth[Int(b)] = -1 }
    }

    /// Forgets the cached order, so the next step sorts and colours from scratch (tests compare the two).
    package mutating func invalidateOrderCache() {
        orderCacheInput.removeAll()
        orderCacheMovingA.removeAll()
        orderCacheMovingB.removeAll()
    }

    /// Breadth-first depth from the ground over the moving bodies, then a stable sort by depth and the colouring.
    private mutating func sortAndColor(bodyCount: Int) {
        let count = solveOrder.count
        // Adjacency of moving bodies through the contacts (compressed rows).
        var total: Int32 = 0
        for i in 0..<bodyCount {
            let d = orderDegree[i]
            orderDegree[i] = total
            total += d
        }
        orderDegree[bodyCount] = total
        orderEdges.append(contentsOf: repeatElement(-1, count: Int(total)))
        orderFill.removeAll(keepingCapacity: true)
        orderFill.append(contentsOf: orderDegree[0..<bodyCount])
        for i in 0..<count {
            let a = orderMovingA[i], b = orderMovingB[i]
            if a >= 0 && b >= 0 {
                orderEdges[Int(orderFill[Int(a)])] = b
                orderFill[Int(a)] += 1
                orderEdges[Int(orderFill[Int(b)])] = a
                orderFill[Int(b)] += 1
            }
        }
        // Breadth-first from the ground.
        var head = 0
        var maxDepth: Int32 = 1
        while head < orderQueue.count {
            let b = orderQueue[head]
            head += 1
            let d = orderDepth[Int(b)]
            for e in Int(orderDegree[Int(b)])..<Int(orderDegree[Int(b) + 1]) {
                let n = orderEdges[e]
                if n >= 0 && orderDepth[Int(n)] == -1 {
                    orderDepth[Int(n)] = d + 1
                    maxDepth = Swift.max(maxDepth, d + 1)
                    orderQueue.append(n)
                }
            }
        }
        // Stable counting sort by the lower depth of the two bodies (0 for a side that does not move; bodies the
        // ground does not reach go last, in their original order).
        let unreached = maxDepth + 1
        orderKeys.removeAll(keepingCapacity: true)
        for i in 0..<count {
            let a = orderMovingA[i], b = orderMovingB[i]
            let da = a >= 0 ? orderDepth[Int(a)] : 0
            let db = b >= 0 ? orderDepth[Int(b)] : 0
            orderKeys.append(Swift.min(da < 0 ? unreached : da, db < 0 ? unreached : db))
        }
        orderBuckets.removeAll(keepingCapacity: true)
        orderBuckets.append(contentsOf: repeatElement(0, count: Int(unreached) + 2))
        for key in orderKeys { orderBuckets[Int(key) + 1] += 1 }
        for i in 1..<orderBuckets.count { orderBuckets[i] += orderBuckets[i - 1] }
        // Sorted permutation of positions, then the contacts and their moving bodies in that order.
        orderFill.removeAll(keepingCapacity: true)
        orderFill.append(contentsOf: repeatElement(0, count: count))
        for i in 0..<count {
            let key = Int(orderKeys[i])
            orderFill[Int(orderBuckets[key])] = Int32(i)
            orderBuckets[key] += 1
        }
        colorInOrder()
    }

    /// Stable partition of the sorted contacts (positions `orderFill`) into up to 64 colours (plus one overflow
    /// group), first-fit in order; writes `solveOrder` and `colorStart`.
    private mutating func colorInOrder() {
        let bodyCount = bodies.count
        let count = solveOrder.count
        if colorMask.count < bodyCount { colorMask = [UInt64](repeating: 0, count: bodyCount) }
        colorOf.removeAll(keepingCapacity: true)
        colorStart.removeAll(keepingCapacity: true)
        colorStart.append(contentsOf: repeatElement(0, count: 66))
        for i in orderFill {
            let a = Int(orderMovingA[Int(i)]), b = Int(orderMovingB[Int(i)])
            let used = (a >= 0 ? colorMask[a] : 0) | (b >= 0 ? colorMask[b] : 0)
            let color = used == .max ? 64 : (~used).trailingZeroBitCount
            if color < 64 {
                if a >= 0 { colorMask[a] |= 1 << UInt64(color) }
                if b >= 0 { colorMask[b] |= 1 << UInt64(color) }
            }
            colorOf.append(UInt8(color))
            colorStart[color + 1] += 1
        }
        for c in 0..<65 { colorStart[c + 1] += colorStart[c] }
        orderKeys.removeAll(keepingCapacity: true)
        orderKeys.append(contentsOf: solveOrder)
        for j in 0..<count {
            let i = Int(orderFill[j])
            let a = Int(orderMovingA[i]), b = Int(orderMovingB[i])
            if a >= 0 { colorMask[a] = 0 }
            if b >= 0 { colorMask[b] = 0 }
            let c = Int(colorOf[j])
            solveOrder[Int(colorStart[c])] = orderKeys[i]
            colorStart[c] += 1
        }
    }
}
