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
        let bodyCount = bodies.count
        if orderDepth.count < bodyCount {
            orderDepth = [Int32](repeating: -1, count: bodyCount)
            orderDegree = [Int32](repeating: 0, count: bodyCount + 1)
        }
        contacts.withUnsafeBufferPointer { co in
        bodies.withUnsafeBufferPointer { bo in
            @inline(__always) func moves(_ b: Int32) -> Bool { bo[Int(b)].isAwake && bo[Int(b)].type == .dynamic }
            for k in 0..<co.count where co[k].isSolid && co[k].manifold.pointCount > 0 {
                let a = co[k].bodyA, b = co[k].bodyB
                guard bo[Int(a)].isAwake || bo[Int(b)].isAwake else { continue }
                solveOrder.append(Int32(k))
                let ma = moves(a), mb = moves(b)
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
            guard solveOrder.count > 1 else { return }
            // Adjacency of moving bodies through those contacts (compressed rows).
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
            for k in solveOrder {
                let a = co[Int(k)].bodyA, b = co[Int(k)].bodyB
                let ma = moves(a), mb = moves(b)
                if ma && mb {
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
            // Stable counting sort by the lower depth of the two bodies (0 for a side that does not move; bodies
            // the ground does not reach go last, in their original order).
            let unreached = maxDepth + 1
            @inline(__always) func key(_ k: Int32) -> Int {
                let a = co[Int(k)].bodyA, b = co[Int(k)].bodyB
                let da = moves(a) ? orderDepth[Int(a)] : 0
                let db = moves(b) ? orderDepth[Int(b)] : 0
                return Int(Swift.min(da < 0 ? unreached : da, db < 0 ? unreached : db))
            }
            orderBuckets.removeAll(keepingCapacity: true)
            orderBuckets.append(contentsOf: repeatElement(0, count: Int(unreached) + 2))
            for k in solveOrder { orderBuckets[key(k) + 1] += 1 }
            for i in 1..<orderBuckets.count { orderBuckets[i] += orderBuckets[i - 1] }
            orderFill.removeAll(keepingCapacity: true)
            orderFill.append(contentsOf: solveOrder)
            for k in orderFill {
                let slot = Int(orderBuckets[key(k)])
                orderBuckets[key(k)] += 1
                solveOrder[slot] = k
            }
            colorInOrder(co, moves)
        }}
        // Reset the scratch for the next step.
        for i in 0..<Swift.min(bodyCount + 1, orderDegree.count) { orderDegree[i] = 0 }
        for b in orderQueue { orderDepth[Int(b)] = -1 }
    }

    /// Stable partition of `solveOrder` into up to 64 colours (plus one overflow group), first-fit in order.
    private mutating func colorInOrder(_ co: UnsafeBufferPointer<Contact>, _ moves: (Int32) -> Bool) {
        let bodyCount = bodies.count
        if colorMask.count < bodyCount { colorMask = [UInt64](repeating: 0, count: bodyCount) }
        colorOf.removeAll(keepingCapacity: true)
        colorStart.removeAll(keepingCapacity: true)
        colorStart.append(contentsOf: repeatElement(0, count: 66))
        for k in solveOrder {
            let a = Int(co[Int(k)].bodyA), b = Int(co[Int(k)].bodyB)
            let ma = moves(Int32(a)), mb = moves(Int32(b))
            let used = (ma ? colorMask[a] : 0) | (mb ? colorMask[b] : 0)
            let color = used == .max ? 64 : (~used).trailingZeroBitCount
            if color < 64 {
                if ma { colorMask[a] |= 1 << UInt64(color) }
                if mb { colorMask[b] |= 1 << UInt64(color) }
            }
            colorOf.append(UInt8(color))
            colorStart[color + 1] += 1
        }
        for c in 0..<65 { colorStart[c + 1] += colorStart[c] }
        orderFill.removeAll(keepingCapacity: true)
        orderFill.append(contentsOf: solveOrder)
        for i in 0..<orderFill.count {
            let c = Int(colorOf[i])
            solveOrder[Int(colorStart[c])] = orderFill[i]
            colorStart[c] += 1
        }
        for k in solveOrder {
            colorMask[Int(co[Int(k)].bodyA)] = 0
            colorMask[Int(co[Int(k)].bodyB)] = 0
        }
    }
}
