/// Solve order of the contact constraints. Gauss–Seidel converges fastest on stacks when support is solved from
/// the ground up, and the order must not depend on the order in which bodies happened to be created (the same
/// pyramid built top-down would otherwise jitter forever). So constraints are sorted, stably, by the contact-graph
/// distance of their bodies from anything static: ground contacts first, then the layer above, and so on.
extension World {
    package mutating func orderContactsFromGround() {
        let count = constraints.count
        guard count > 1 else { return }
        let bodyCount = bodies.count
        if orderDepth.count < bodyCount {
            orderDepth = [Int32](repeating: -1, count: bodyCount)
            orderDegree = [Int32](repeating: 0, count: bodyCount + 1)
        }
        // Adjacency of moving bodies through constraints (compressed rows).
        for k in 0..<count {
            let c = constraints[k]
            if c.invMassA > 0 || c.invIA > 0 { orderDegree[Int(c.bodyA)] += 1 }
            if c.invMassB > 0 || c.invIB > 0 { orderDegree[Int(c.bodyB)] += 1 }
        }
        var total: Int32 = 0
        for i in 0..<bodyCount {
            let d = orderDegree[i]
            orderDegree[i] = total
            total += d
        }
        orderDegree[bodyCount] = total
        orderEdges.removeAll(keepingCapacity: true)
        orderEdges.append(contentsOf: repeatElement(0, count: Int(total)))
        orderFill.removeAll(keepingCapacity: true)
        orderFill.append(contentsOf: orderDegree[0..<bodyCount])
        orderQueue.removeAll(keepingCapacity: true)
        for k in 0..<count {
            let c = constraints[k]
            let movesA = c.invMassA > 0 || c.invIA > 0, movesB = c.invMassB > 0 || c.invIB > 0
            if movesA { orderEdges[Int(orderFill[Int(c.bodyA)])] = movesB ? c.bodyB : -1; orderFill[Int(c.bodyA)] += 1 }
            if movesB { orderEdges[Int(orderFill[Int(c.bodyB)])] = movesA ? c.bodyA : -1; orderFill[Int(c.bodyB)] += 1 }
            // A moving body touching something that does not move is one layer up from the ground.
            if movesA != movesB {
                let body = movesA ? c.bodyA : c.bodyB
                if orderDepth[Int(body)] == -1 {
                    orderDepth[Int(body)] = 1
                    orderQueue.append(body)
                }
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
        // Stable counting sort by the lower depth of the two bodies (0 for a non-moving side; bodies the ground
        // does not reach go last, in their original order).
        let unreached = maxDepth + 1
        func key(_ c: ContactConstraint) -> Int {
            let da = (c.invMassA > 0 || c.invIA > 0) ? orderDepth[Int(c.bodyA)] : 0
            let db = (c.invMassB > 0 || c.invIB > 0) ? orderDepth[Int(c.bodyB)] : 0
            return Int(Swift.min(da < 0 ? unreached : da, db < 0 ? unreached : db))
        }
        orderBuckets.removeAll(keepingCapacity: true)
        orderBuckets.append(contentsOf: repeatElement(0, count: Int(unreached) + 2))
        for k in 0..<count { orderBuckets[key(constraints[k]) + 1] += 1 }
        for i in 1..<orderBuckets.count { orderBuckets[i] += orderBuckets[i - 1] }
        sortedConstraints.removeAll(keepingCapacity: true)
        sortedConstraints.append(contentsOf: constraints)
        sortedPoints.removeAll(keepingCapacity: true)
        sortedPoints.append(contentsOf: constraintPoints)
        for k in 0..<count {
            let c = sortedConstraints[k]
            let slot = Int(orderBuckets[key(c)])
            orderBuckets[key(c)] += 1
            constraints[slot] = c
            constraintPoints[2 * slot] = sortedPoints[2 * k]
            constraintPoints[2 * slot + 1] = sortedPoints[2 * k + 1]
        }
        // Reset the scratch for the next step.
        for i in 0..<bodyCount { orderDegree[i] = 0 }
        for b in orderQueue { orderDepth[Int(b)] = -1 }
    }
}
