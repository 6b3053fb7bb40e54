import Testing

@testable import PhysicsCore

/// The threads' shares of a parallel step (Parallel/World+ParallelShares.swift): every bundle in exactly one
/// thread's share, the shares even, the sub-steps' bodies in layer order, and the bundles naming bodies again once
/// the step is over. (That the results are those of one thread is checked for every scene by
/// "1, 2 and 3 threads give bit-identical worlds".) In the serialized suite: the worlds need the worker pool.
extension ParallelSolveTests {
    /// Steps `w` until one step ran its solve on the threads (another world may hold the pool for a while).
    static func stepOnThreads(_ w: inout World) {
        let before = w.scratch.parallel.steps
        for _ in 0..<200 where w.scratch.parallel.steps == before { w.step(dt: 1.0 / 60) }
        #expect(w.scratch.parallel.steps > before, "no step ran on the threads")
    }

    /// The bundles each thread's share of `bounds` (share bounds at `shares`, chunks from `table`) covers.
    static func shareSizes(_ w: World, table: Int32, shares: Int32, threads: Int) -> [Int] {
        (0..<threads).map { t in
            let lo = Int(w.scratch.parallel.shareBounds[Int(shares) + t])
            let hi = Int(w.scratch.parallel.shareBounds[Int(shares) + t + 1])
            return (lo..<hi).reduce(0) { n, k in
                let r = w.scratch.parallel.chunkRanges[Int(table) + k]
                return n + Int(r.y - r.x)
            }
        }
    }

    @Test(
        "Shares on 2 threads: every bundle once, about half each, bodies in layer order, bodies named again after",
        arguments: [Scene.pile, Scene.tumbler])
    func sharesCoverEveryBundleOnce(scene: Scene) {
        var (w, _) = Self.build(scene, threads: 2)
        for _ in 0..<60 { w.step(dt: 1.0 / 60) }
        Self.stepOnThreads(&w)
        let p = w.scratch.parallel
        let bundles = w.scratch.wideConstraints.count
        // The key bounds cut the layers evenly (a pile and a drum have dozens of layers).
        #expect(p.keyed)
        // The bundle table: every bundle in exactly one chunk.
        var seen = [Int](repeating: 0, count: bundles)
        for k in 0..<Int(p.bundleChunks) {
            let r = p.chunkRanges[Int(p.bundleTable) + k]
            for b in Int(r.x)..<Int(r.y) { seen[b] += 1 }
        }
        #expect(seen.allSatisfy { $0 == 1 })
        // Each segment's chunks stay in its bundles and cover them.
        for segment in p.segments {
            let sizes = Self.shareSizes(w, table: segment.table, shares: segment.shares, threads: 2)
            #expect(sizes.reduce(0, +) == Int(segment.end - segment.start))
            for k in 0..<Int(segment.chunks) {
                let r = p.chunkRanges[Int(segment.table) + k]
                #expect(r.x >= segment.start && r.y <= segment.end && r.x < r.y)
            }
        }
        // Even: each thread between 35 % and 65 % of the bundles (the bound falls between two layers).
        let sizes = Self.shareSizes(w, table: p.bundleTable, shares: p.bundleShares, threads: 2)
        #expect(sizes.reduce(0, +) == bundles)
        for n in sizes { #expect(n * 100 >= 35 * bundles && n * 100 <= 65 * bundles, "\(sizes)") }
        // The sub-steps' dynamic bodies in layer order: rank j at position j.
        for j in 0..<w.scratch.substepKinematicStart {
            #expect(w.scratch.layers.work[Int(w.scratch.substepBodies[j])] == Int32(j))
        }
        // The slots are given back: every lane names its contact's bodies again.
        var lanes = 0, named = 0
        for bundle in w.scratch.wideConstraints {
            for l in 0..<Int(bundle.laneCount) {
                let contact = w.contacts[Int(bundle.contactIndex[l])]
                lanes += 1
                let a = WideContactConstraint.bodySlot(bundle.bodyA[l]),
                    b = WideContactConstraint.bodySlot(bundle.bodyB[l])
                named += contact.bodyA == a && contact.bodyB == b ? 1 : 0
            }
        }
        #expect(lanes > 0 && named == lanes)
        #expect(!w.scratch.parallel.slotted)
    }
}
