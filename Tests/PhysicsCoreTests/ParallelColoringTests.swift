import Testing

@testable import PhysicsCore

/// The ordering's sort and colouring on several threads (Parallel/World+ParallelColoring.swift): the order and
/// colours of one thread, and layers that are those of a breadth-first search from the ground done here from the
/// contacts themselves. In the serialized suite: the orderings need the worker pool.
extension ParallelSolveTests {
    /// The ordering of `w` as it stands, computed again on `threads` threads: the order, the colours' ends and
    /// two-point runs, the layers, and the colour masks after.
    static func ordering(_ w: World, threads: Int) -> (
        order: [Int32], colorStart: [Int32], twoPointEnd: [Int32], layers: OrderLayers, masks: [UInt64]
    ) {
        var w = w
        w.settings.workerCount = threads
        w.invalidateOrderCache()
        let soft = Softness(hertz: 30, dampingRatio: 10, h: 1.0 / 240)
        w.prepareContacts(contactSoftness: soft, staticSoftness: soft)
        return (
            w.scratch.solveOrder, w.scratch.colorStart, w.scratch.twoPointEnd, w.scratch.layers, w.scratch.colorMask
        )
    }

    /// By body, its depth from the ground in the graph of the moving bodies of the contacts in `order` (1: touches
    /// something that does not move; 0: not a moving body of them; −1: a moving body the ground does not reach),
    /// found breadth first; and each contact's key (the lower depth of its sides, a side that does not move 0, an
    /// unreached one the depth past the deepest).
    static func referenceLayers(_ w: World, order: [Int32]) -> (depth: [Int], key: [Int32: Int], unreached: Int) {
        func moving(_ b: Int32) -> Bool { w.bodies[Int(b)].isAwake && w.bodies[Int(b)].type == .dynamic }
        var depth = [Int](repeating: 0, count: w.bodies.count)
        var neighbours = [Int32: [Int32]]()
        var queue: [Int32] = []
        for k in order {
            let a = w.contacts[Int(k)].bodyA, b = w.contacts[Int(k)].bodyB
            for body in [a, b] where moving(body) && depth[Int(body)] == 0 { depth[Int(body)] = -1 }
            if moving(a) && moving(b) {
                neighbours[a, default: []].append(b)
                neighbours[b, default: []].append(a)
            }
        }
        for k in order {
            let a = w.contacts[Int(k)].bodyA, b = w.contacts[Int(k)].bodyB
            for (m, other) in [(a, b), (b, a)] where moving(m) && !moving(other) && depth[Int(m)] == -1 {
                depth[Int(m)] = 1
                queue.append(m)
            }
        }
        var head = 0
        while head < queue.count {
            let b = queue[head]
            head += 1
            for n in neighbours[b, default: []] where depth[Int(n)] == -1 {
                depth[Int(n)] = depth[Int(b)] + 1
                queue.append(n)
            }
        }
        let unreached = Swift.max(1, depth.max() ?? 1) + 1
        var key = [Int32: Int]()
        for k in order {
            func d(_ body: Int32) -> Int {
                guard moving(body) else { return 0 }
                return depth[Int(body)] == -1 ? unreached : depth[Int(body)]
            }
            key[k] = Swift.min(d(w.contacts[Int(k)].bodyA), d(w.contacts[Int(k)].bodyB))
        }
        return (depth, key, unreached)
    }

    @Test(
        "The sort and colouring on 2 and 3 threads give one thread's order and colours, and the layers of a breadth-first search from the ground",
        arguments: [Scene.pile, .tumbler, .overflow, .pyramid])
    func sortAndColorOnThreads(scene: Scene) {
        var (w, _) = Self.build(scene, threads: 1)
        // The plank's balls while they land and the pyramid while it settles (both sleep within the second), the
        // pile and the crowd formed.
        for _ in 0..<(scene == .overflow ? 10 : scene == .pyramid ? 20 : 60) { w.step(dt: 1.0 / 60) }
        let one = Self.ordering(w, threads: 1)
        let count = one.order.count
        #expect(count >= WorldSettings.parallelContactMinimum, "\(count) contacts to solve")
        // The plank touches every ball: it takes all 64 colours, and the rest go to the overflow colour.
        if scene == .overflow { #expect(one.colorStart[64] > one.colorStart[63]) }
        let (depth, key, unreached) = Self.referenceLayers(w, order: one.order)
        let movingBodies = depth.indices.filter { depth[$0] != 0 }
        for threads in [2, 3] {
            let many = Self.ordering(w, threads: threads)
            #expect(many.order == one.order, "\(threads) threads: another order")
            #expect(many.colorStart == one.colorStart && many.twoPointEnd == one.twoPointEnd)
            // The layers were made (only the threads make them), for these contacts and bodies.
            #expect(many.layers.contactCount == count && many.layers.bodyCount == w.bodies.count)
            #expect(many.layers.keyCount == unreached + 1 && many.layers.ranked == movingBodies.count)
            let l = LayerSegments(bodyCount: w.bodies.count, contactCount: count)
            let work = many.layers.work
            // Each contact's key beside it in the order, and each key's end in the sorted order.
            var wrongKeys = 0
            for (p, k) in many.order.enumerated() where work[l.keysOffset + p] != Int32(key[k]!) { wrongKeys += 1 }
            #expect(wrongKeys == 0, "\(threads) threads: \(wrongKeys) of \(count) keys differ")
            let keyEnds = work[w.bodies.count..<w.bodies.count + unreached + 1].map(Int.init)
            let expectedEnds = (0...unreached).map { k in key.values.filter { $0 <= k }.count }
            #expect(keyEnds == expectedEnds)
            // The moving bodies ranked in layer order, once each; their counts by key (depth − 1, the unreached
            // ones' the last key).
            let ranks = movingBodies.map { Int(work[$0]) }
            #expect(Set(ranks) == Set(0..<movingBodies.count))
            let layerOf = { (b: Int) in depth[b] == -1 ? unreached : depth[b] - 1 }
            let byRank = movingBodies.sorted { work[$0] < work[$1] }.map(layerOf)
            #expect(byRank == byRank.sorted(), "\(threads) threads: ranks out of layer order")
            let bodyKeys = work[l.bodyKeysOffset..<l.bodyKeysOffset + unreached + 1].map(Int.init)
            let expectedBodyKeys = (0...unreached).map { k in movingBodies.filter { layerOf($0) == k }.count }
            #expect(bodyKeys == expectedBodyKeys)
            // Every colour mask is clear again.
            #expect(many.masks.allSatisfy { $0 == 0 })
        }
    }
}
