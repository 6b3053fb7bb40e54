/// Scratch space of `buildPinRows`' island interleaving, reused every step.
package struct JointRowScratch: Sendable {
    /// Union–find parent of each body (−1: not a moving body of this step's joints).
    var parent: [Int32] = []
    /// Island number of each union–find root (−1: none yet).
    var islandOfRoot: [Int32] = []
    var rank: [Int32] = []
    var islandSize: [Int32] = []
    var rankStart: [Int32] = []
    /// Positions in the joint list, in solve order.
    package var rowOrder: [Int32] = []
    /// What the last order was made from: the joint list and which sides moved (bit 0: A, bit 1: B).
    var lastList: [Int32] = []
    var lastMoving: [UInt8] = []
    var moving: [UInt8] = []
    /// Tests switch the interleaving off to compare. Default true.
    package var interleave = true
    var lastInterleave = true

    package init() {}

    private mutating func find(_ i: Int32) -> Int32 {
        var r = i
        while parent[Int(r)] != r { r = parent[Int(r)] }
        var x = i
        while parent[Int(x)] != r { let next = parent[Int(x)]; parent[Int(x)] = r; x = next }
        return r
    }

    /// Orders `list` round-robin over its islands: the t-th joint of every island before the (t+1)-th of any,
    /// each island in list order. A side with no inverse mass and inertia on the joint (static, kinematic,
    /// asleep) does not link islands.
    package mutating func order(_ list: [Int32], _ joints: [Joint], bodyCount: Int) {
        let n = list.count
        // Most steps see the same joints moving the same bodies as the last: keep the last order then.
        moving.removeAll(keepingCapacity: true)
        for k32 in list {
            let k = Int(k32)
            let a: UInt8 = joints[k].invMassA > 0 || joints[k].invIA > 0 ? 1 : 0
            let b: UInt8 = joints[k].invMassB > 0 || joints[k].invIB > 0 ? 2 : 0
            moving.append(a | b)
        }
        if list == lastList && moving == lastMoving && interleave == lastInterleave && rowOrder.count == n { return }
        lastList = list
        lastInterleave = interleave
        swap(&lastMoving, &moving)
        if !interleave {
            rowOrder = Array(0..<Int32(n))
            return
        }
        if parent.count < bodyCount {
            parent = [Int32](repeating: -1, count: bodyCount)
            islandOfRoot = [Int32](repeating: -1, count: bodyCount)
        }
        rank.removeAll(keepingCapacity: true)
        islandSize.removeAll(keepingCapacity: true)
        for k32 in list {
            let k = Int(k32)
            if joints[k].invMassA > 0 || joints[k].invIA > 0 { parent[Int(joints[k].bodyA)] = joints[k].bodyA }
            if joints[k].invMassB > 0 || joints[k].invIB > 0 { parent[Int(joints[k].bodyB)] = joints[k].bodyB }
        }
        for k32 in list {
            let k = Int(k32)
            let a = joints[k].bodyA, b = joints[k].bodyB
            guard parent[Int(a)] != -1, parent[Int(b)] != -1 else { continue }
            let ra = find(a), rb = find(b)
            if ra < rb { parent[Int(rb)] = ra } else if rb < ra { parent[Int(ra)] = rb }
        }
        var maxRank: Int32 = 0
        for k32 in list {
            let k = Int(k32)
            let a = joints[k].bodyA, b = joints[k].bodyB
            let moving = parent[Int(a)] != -1 ? a : b
            var id = Int32(islandSize.count)
            if parent[Int(moving)] == -1 {
                islandSize.append(0)  // no moving body: an island of its own
            } else {
                let root = Int(find(moving))
                if islandOfRoot[root] == -1 {
                    islandOfRoot[root] = id
                    islandSize.append(0)
                } else {
                    id = islandOfRoot[root]
                }
            }
            rank.append(islandSize[Int(id)])
            islandSize[Int(id)] += 1
            maxRank = Swift.max(maxRank, islandSize[Int(id)])
        }
        // Counting sort by rank, stable in list order.
        rankStart.removeAll(keepingCapacity: true)
        rankStart.append(contentsOf: repeatElement(0, count: Int(maxRank) + 1))
        for r in 0..<n { rankStart[Int(rank[r]) + 1] += 1 }
        for t in 0..<Int(maxRank) { rankStart[t + 1] += rankStart[t] }
        rowOrder.removeAll(keepingCapacity: true)
        rowOrder.append(contentsOf: repeatElement(0, count: n))
        for r in 0..<n {
            let t = Int(rank[r])
            rowOrder[Int(rankStart[t])] = Int32(r)
            rankStart[t] += 1
        }
        for k32 in list {
            let a = Int(joints[Int(k32)].bodyA), b = Int(joints[Int(k32)].bodyB)
            islandOfRoot[a] = -1
            islandOfRoot[b] = -1
            parent[a] = -1
            parent[b] = -1
        }
    }
}
