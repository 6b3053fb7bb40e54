import Testing

@testable import PhysicsCore

@Suite("Dynamic tree")
struct DynamicTreeTests {
    /// A box of side 5…45 pt somewhere in a 2000-pt square, plus now and then a wall-sized one (mixed sizes are
    /// what the surface-area heuristic has to get right).
    static func randomBox(_ rng: inout SeededRandom) -> AABB {
        let big = rng.next() % 50 == 0
        let w = big ? rng.uniform(500, 2000) : rng.uniform(5, 45)
        let h = big ? rng.uniform(20, 100) : rng.uniform(5, 45)
        let x = rng.uniform(0, 2000), y = rng.uniform(0, 2000)
        return AABB(lower: Vec2(x, y), upper: Vec2(x + w, y + h))
    }

    /// A tree of `n` leaves with `randomBox` boxes, payload i for the i-th: the tree, the boxes and the leaves.
    static func randomTree(_ n: Int, _ rng: inout SeededRandom) -> (DynamicTree, [AABB], [Int32]) {
        var tree = DynamicTree()
        var boxes: [AABB] = []
        var leaves: [Int32] = []
        for i in 0..<n {
            let b = randomBox(&rng)
            boxes.append(b)
            leaves.append(tree.insert(b, payload: Int32(i)))
        }
        return (tree, boxes, leaves)
    }

    /// The payloads whose boxes overlap `box`, by brute force.
    static func overlapping(_ box: AABB, _ boxes: [AABB?]) -> Set<Int32> {
        var r = Set<Int32>()
        for (i, b) in boxes.enumerated() where b?.overlaps(box) == true { r.insert(Int32(i)) }
        return r
    }

    @Test(
        "Leaves enlarged in place, moved, inserted and removed: after each rebuild the tree is valid and queries find exactly the overlapping leaves"
    )
    func enlargeAndRebuild() {
        var rng = SeededRandom(state: 14)
        var tree = DynamicTree()
        var boxes: [AABB?] = []
        var leaves: [Int32] = []
        for i in 0..<600 {
            let b = DynamicTreeTests.randomBox(&rng)
            boxes.append(b)
            leaves.append(tree.insert(b, payload: Int32(i)))
        }
        var stack: [Int32] = []
        var results: [Int32] = []
        for round in 0..<40 {
            // Enlarge some leaves to a box that moved (it need not contain the old one), re-insert a few.
            for i in boxes.indices where boxes[i] != nil {
                let r = rng.next() % 10
                guard r < 4 else { continue }
                let b = boxes[i]!
                let d = Vec2(rng.uniform(-30, 30), rng.uniform(-30, 30))
                let moved = AABB(lower: b.lower + d, upper: b.upper + d)
                boxes[i] = moved
                if r == 0 { tree.move(leaves[i], to: moved) } else { tree.enlarge(leaves[i], to: moved) }
            }
            // Insertions and removals between rounds rebuild first (the rotations keep no marks).
            if round % 5 == 4 {
                let i = Int(rng.next() % UInt64(boxes.count))
                if boxes[i] != nil {
                    tree.remove(leaves[i])
                    boxes[i] = nil
                }
                let b = DynamicTreeTests.randomBox(&rng)
                boxes.append(b)
                leaves.append(tree.insert(b, payload: Int32(boxes.count - 1)))
            }
            tree.rebuild()
            #expect(tree.validate() == nil)
            #expect(!tree.nodes[Int(tree.root)].enlarged)
            for _ in 0..<20 {
                let q = DynamicTreeTests.randomBox(&rng)
                results.removeAll()
                tree.query(q, stack: &stack, results: &results)
                #expect(results.count == Set(results).count)  // each leaf once
                #expect(Set(results) == DynamicTreeTests.overlapping(q, boxes))
            }
        }
    }

    @Test("Queries between enlarging and rebuilding find every overlapping leaf too (the grown ancestors hold them)")
    func queryBeforeRebuild() {
        var rng = SeededRandom(state: 3)
        var tree = DynamicTree()
        var boxes: [AABB?] = []
        var leaves: [Int32] = []
        for i in 0..<300 {
            let b = DynamicTreeTests.randomBox(&rng)
            boxes.append(b)
            leaves.append(tree.insert(b, payload: Int32(i)))
        }
        for i in boxes.indices where i % 2 == 0 {
            let d = Vec2(rng.uniform(-200, 200), rng.uniform(-200, 200))
            let moved = AABB(lower: boxes[i]!.lower + d, upper: boxes[i]!.upper + d)
            boxes[i] = moved
            tree.enlarge(leaves[i], to: moved)
        }
        #expect(tree.validate() == nil)
        var stack: [Int32] = []
        var results: [Int32] = []
        for _ in 0..<50 {
            let q = DynamicTreeTests.randomBox(&rng)
            results.removeAll()
            tree.query(q, stack: &stack, results: &results)
            #expect(Set(results) == DynamicTreeTests.overlapping(q, boxes))
        }
    }

    @Test("A rebuild is deterministic: two copies enlarged alike rebuild to the same nodes")
    func deterministicRebuild() {
        var rng = SeededRandom(state: 99)
        var a = DynamicTree()
        for i in 0..<500 { _ = a.insert(DynamicTreeTests.randomBox(&rng), payload: Int32(i)) }
        var b = a
        var leafIDs: [Int32] = []
        for (id, node) in a.nodes.enumerated() where node.height == 0 { leafIDs.append(Int32(id)) }
        for id in leafIDs where rng.next() % 2 == 0 {
            let box = DynamicTreeTests.randomBox(&rng)
            a.enlarge(id, to: box)
            b.enlarge(id, to: box)
        }
        a.rebuild()
        b.rebuild()
        #expect(a.root == b.root)
        #expect(a.nodes.count == b.nodes.count)
        for k in a.nodes.indices {
            #expect(a.nodes[k].child1 == b.nodes[k].child1 && a.nodes[k].child2 == b.nodes[k].child2)
            #expect(a.nodes[k].aabb == b.nodes[k].aabb)
        }
    }

    @Test(
        "The pair descent finds exactly the overlapping pairs with a moved leaf, each once, within a tree and against another"
    )
    func movedPairsMatchBruteForce() {
        var rng = SeededRandom(state: 21)
        var (tree, boxes, leaves) = DynamicTreeTests.randomTree(400, &rng)
        var other = DynamicTree()
        var otherBoxes: [AABB] = []
        for i in 0..<30 {
            let b = DynamicTreeTests.randomBox(&rng)
            otherBoxes.append(b)
            _ = other.insert(b, payload: Int32(i))
        }
        var stack: [Int32] = []
        // Few moved, about half, all; the marks are cleared between rounds.
        for share in [3, 50, 100] {
            var moved = Set<Int32>()
            for i in boxes.indices where Int(rng.next() % 100) < share { moved.insert(Int32(i)) }
            for i in moved { tree.markMoved(leaves[Int(i)]) }
            var results: [Int32] = []
            tree.movedPairs(stack: &stack, results: &results)
            var found: [UInt64] = []
            for k in stride(from: 0, to: results.count, by: 2) { found.append(pairKey(results[k], results[k + 1])) }
            var expected = Set<UInt64>()
            for i in boxes.indices {
                for j in boxes.indices where j > i && boxes[i].overlaps(boxes[j]) {
                    if moved.contains(Int32(i)) || moved.contains(Int32(j)) {
                        expected.insert(pairKey(Int32(i), Int32(j)))
                    }
                }
            }
            #expect(found.count == Set(found).count)  // each pair once
            #expect(Set(found) == expected)
            // Against another tree: only this tree's moved leaves count; this tree's payload comes first.
            results.removeAll()
            tree.movedPairs(against: other, stack: &stack, results: &results)
            var cross = Set<UInt64>()
            for k in stride(from: 0, to: results.count, by: 2) {
                #expect(moved.contains(results[k]))
                cross.insert(UInt64(UInt32(results[k])) << 32 | UInt64(UInt32(results[k + 1])))
            }
            var expectedCross = Set<UInt64>()
            for i in moved {
                for j in otherBoxes.indices where boxes[Int(i)].overlaps(otherBoxes[j]) {
                    expectedCross.insert(UInt64(UInt32(i)) << 32 | UInt64(UInt32(j)))
                }
            }
            #expect(results.count == 2 * expectedCross.count)
            #expect(cross == expectedCross)
            for i in moved { tree.clearMoved(leaves[Int(i)]) }
            #expect(tree.movedMarks.allSatisfy { !$0 })
        }
    }

    /// The descent of `movedPairs(against:)` from node pair (`a`, `b`) as first written, without the look below
    /// the static side's nodes (`DynamicTree.mayMeetLeaf`): recursive, taking a node pair's pushes last first.
    static func plainDescent(
        _ n: [DynamicTree.Node], _ o: [DynamicTree.Node], moved: [Bool], _ a: Int32, _ b: Int32,
        _ out: inout [Int32]
    ) {
        let na = n[Int(a)], nb = o[Int(b)]
        let leafA = na.child1 == -1, leafB = nb.child1 == -1
        if leafA && leafB {
            out += [na.payload, nb.payload]
            return
        }
        var pushes: [(Int32, Int32)] = []
        if leafB || (!leafA && na.height >= nb.height) {
            for c in [na.child1, na.child2] where moved[Int(c)] && n[Int(c)].aabb.overlaps(nb.aabb) {
                pushes.append((c, b))
            }
        } else if moved[Int(a)] {
            for c in [nb.child1, nb.child2] where na.aabb.overlaps(o[Int(c)].aabb) { pushes.append((a, c)) }
        }
        for p in pushes.reversed() { plainDescent(n, o, moved: moved, p.0, p.1, &out) }
    }

    @Test(
        "Against a static tree with loose upper boxes (a pile's walls), the pruned descent finds the plain descent's pairs in its order"
    )
    func staticDescentKeepsTheOrder() {
        var rng = SeededRandom(state: 99)
        var tree = DynamicTree()
        var leaves: [Int32] = []
        // Small boxes filling a 2000-pt square, as a pile does, some touching the walls.
        for i in 0..<800 {
            var x = rng.uniform(-10, 1990), y = rng.uniform(-10, 1990)
            let r = rng.uniform(5, 25)
            // A third against a wall.
            switch rng.next() % 6 {
            case 0: x = rng.uniform(-10, 0)
            case 1: y = 2000 - r + rng.uniform(0, 10)
            default: break
            }
            leaves.append(tree.insert(AABB(lower: Vec2(x, y), upper: Vec2(x + r, y + r)), payload: Int32(i)))
        }
        var total = 0
        for variant in 0..<3 {
            // Four walls; then with a few random static boxes; then many.
            var walls = DynamicTree()
            let wallBoxes = [
                AABB(lower: Vec2(-100, -100), upper: Vec2(0, 2100)),
                AABB(lower: Vec2(2000, -100), upper: Vec2(2100, 2100)),
                AABB(lower: Vec2(-100, -100), upper: Vec2(2100, 0)),
                AABB(lower: Vec2(-100, 2000), upper: Vec2(2100, 2100))
            ]
            for (i, b) in wallBoxes.enumerated() { _ = walls.insert(b, payload: Int32(i)) }
            for i in 0..<[0, 5, 60][variant] {
                _ = walls.insert(DynamicTreeTests.randomBox(&rng), payload: Int32(4 + i))
            }
            for share in [5, 50, 100] {
                for i in leaves.indices where Int(rng.next() % 100) < share { tree.markMoved(leaves[i]) }
                var stack: [Int32] = []
                var results: [Int32] = []
                tree.movedPairs(against: walls, stack: &stack, results: &results)
                var plain: [Int32] = []
                if tree.isMoved(tree.root)
                    && tree.nodes[Int(tree.root)].aabb.overlaps(walls.nodes[Int(walls.root)].aabb)
                {
                    DynamicTreeTests.plainDescent(
                        tree.nodes, walls.nodes, moved: tree.movedMarks, tree.root, walls.root, &plain)
                }
                total += plain.count / 2
                // Exactly, order included: the contacts are created in this order.
                #expect(results == plain, "variant \(variant), \(share) % moved")
                for i in leaves.indices { tree.clearMoved(leaves[i]) }
            }
        }
        #expect(total > 500)
    }

    @Test("The descent cut into node pairs (the parallel pair finding) gives the whole descent's pairs in its order")
    func movedPairSeedsKeepTheOrder() {
        var rng = SeededRandom(state: 5)
        var tree = DynamicTree()
        var leaves: [Int32] = []
        for i in 0..<500 { leaves.append(tree.insert(DynamicTreeTests.randomBox(&rng), payload: Int32(i))) }
        var other = DynamicTree()
        for i in 0..<40 { _ = other.insert(DynamicTreeTests.randomBox(&rng), payload: Int32(i)) }
        for i in leaves.indices where rng.next() % 3 == 0 { tree.markMoved(leaves[i]) }
        var stack: [Int32] = []
        var whole: [Int32] = []
        tree.movedPairs(stack: &stack, results: &whole)
        tree.movedPairs(against: other, stack: &stack, results: &whole)
        #expect(whole.count > 100)
        for minimum in [1, 2, 7, 64, 100_000] {
            var seeds: [Int32] = []
            tree.movedPairSeeds(against: nil, minimum: minimum, tag: 0, seeds: &seeds)
            let own = seeds.count / 3
            tree.movedPairSeeds(against: other, minimum: minimum, tag: 1, seeds: &seeds)
            // Split as asked (a pair of leaves is not split further; the descent against the small tree soon ends
            // in pairs of leaves).
            #expect(own >= Swift.min(minimum, 100), "\(minimum): \(own)")
            #expect(seeds.count / 3 - own >= Swift.min(minimum, 2), "\(minimum): \(seeds.count / 3 - own)")
            var pieces: [Int32] = []
            tree.nodes.withUnsafeBufferPointer { n in
                other.nodes.withUnsafeBufferPointer { o in
                    tree.movedMarks.withUnsafeBufferPointer { moved in
                        for k in stride(from: 0, to: seeds.count, by: 3) {
                            DynamicTree.descend(
                                n.baseAddress!, seeds[k + 2] == 0 ? n.baseAddress! : o.baseAddress!,
                                moved.baseAddress!, from: seeds[k], seeds[k + 1], stack: &stack, results: &pieces)
                        }
                    }
                }
            }
            // Exactly, order included: the contacts are created in this order.
            #expect(pieces == whole, "minimum \(minimum)")
        }
    }

    @Test("The pair descent over a tree of one or two leaves (a lone moved leaf has no pair in its own tree)")
    func movedPairsTinyTrees() {
        var tree = DynamicTree()
        let a = tree.insert(AABB(lower: Vec2(0, 0), upper: Vec2(10, 10)), payload: 0)
        var other = DynamicTree()
        _ = other.insert(AABB(lower: Vec2(5, 5), upper: Vec2(20, 20)), payload: 7)
        var stack: [Int32] = []
        var results: [Int32] = []
        tree.markMoved(a)
        tree.movedPairs(stack: &stack, results: &results)
        #expect(results.isEmpty)
        tree.movedPairs(against: other, stack: &stack, results: &results)
        #expect(results == [0, 7])
        tree.clearMoved(a)
        let b = tree.insert(AABB(lower: Vec2(8, 8), upper: Vec2(30, 30)), payload: 1)
        tree.markMoved(b)
        results.removeAll()
        tree.movedPairs(stack: &stack, results: &results)
        #expect(Set(results) == [0, 1] && results.count == 2)
        tree.clearMoved(b)
    }

    @Test(
        "Rounds of updates: re-insertion after a quiet round, in place after a busy one, rebuilt once the leaves stop")
    func updateRounds() {
        var rng = SeededRandom(state: 5)
        var tree = DynamicTree()
        var boxes: [AABB] = []
        var leaves: [Int32] = []
        for i in 0..<100 {
            let b = DynamicTreeTests.randomBox(&rng)
            boxes.append(b)
            leaves.append(tree.insert(b, payload: Int32(i)))
        }
        func moveHalf() {
            for i in stride(from: 0, to: 100, by: 2) {
                let d = Vec2(rng.uniform(-20, 20), rng.uniform(-20, 20))
                boxes[i] = AABB(lower: boxes[i].lower + d, upper: boxes[i].upper + d)
                tree.update(leaves[i], to: boxes[i])
            }
            tree.finishUpdates()
        }
        // No round before: re-inserted, nothing marked.
        moveHalf()
        #expect(!tree.nodes[Int(tree.root)].enlarged)
        // Half the leaves moved last round: in place; 50 enlargements are under four times the leaf count, so the marks
        // stay (a looser tree, still valid and still exact for queries).
        moveHalf()
        #expect(tree.nodes[Int(tree.root)].enlarged)
        #expect(tree.validate() == nil)
        var stack: [Int32] = []
        var results: [Int32] = []
        let q = AABB(lower: Vec2(500, 500), upper: Vec2(1500, 1500))
        tree.query(q, stack: &stack, results: &results)
        #expect(Set(results) == DynamicTreeTests.overlapping(q, boxes.map { Optional($0) }))
        // A round without updates rebuilds what is marked.
        tree.finishUpdates()
        #expect(!tree.nodes[Int(tree.root)].enlarged)
        #expect(tree.validate() == nil)
    }

    @Test(
        "Between rebuilds the enlarged nodes are refitted: every box is its children's union, the shape and the marks stay, and the pair descent finds the same pairs in the same order"
    )
    func refitBetweenRebuilds() {
        var rng = SeededRandom(state: 8)
        var (tree, boxes, leaves) = DynamicTreeTests.randomTree(400, &rng)
        // Far more than an eighth of the leaves move each round, so the rounds after the first enlarge in place.
        func moveMost() {
            for i in boxes.indices where rng.next() % 4 != 0 {
                let d = Vec2(rng.uniform(-40, 40), rng.uniform(-40, 40))
                boxes[i] = AABB(lower: boxes[i].lower + d, upper: boxes[i].upper + d)
                tree.update(leaves[i], to: boxes[i])
            }
        }
        moveMost()
        tree.finishUpdates()
        moveMost()  // enlarged in place: 300 or so of 400, under the rebuild's 800
        // The same tree without the refit: its shape, and the pairs it finds with every leaf marked.
        let unrefitted = tree
        tree.finishUpdates()
        #expect(tree.nodes[Int(tree.root)].enlarged)  // not rebuilt: refitted
        #expect(tree.validate() == nil)
        var tighter = 0
        for id in tree.nodes.indices where tree.nodes[id].height > 0 {
            let n = tree.nodes[id]
            #expect(n.child1 == unrefitted.nodes[id].child1 && n.child2 == unrefitted.nodes[id].child2)
            #expect(n.enlarged == unrefitted.nodes[id].enlarged)
            // Exactly the union of the children: no looser (refitted) and no tighter (the children hold their leaves).
            let union = tree.nodes[Int(n.child1)].aabb.union(tree.nodes[Int(n.child2)].aabb)
            #expect(n.aabb == union)
            if n.aabb != unrefitted.nodes[id].aabb { tighter += 1 }
        }
        #expect(tighter > 50)  // the enlargements left loose boxes, which the refit shrank
        var stack: [Int32] = []
        func pairs(_ t: DynamicTree) -> [Int32] {
            var t = t
            for leaf in leaves { t.markMoved(leaf) }
            var results: [Int32] = []
            t.movedPairs(stack: &stack, results: &results)
            return results
        }
        let found = pairs(tree)
        #expect(found == pairs(unrefitted))
        var all = Set<UInt64>()
        for i in boxes.indices {
            for j in (i + 1)..<boxes.count where boxes[i].overlaps(boxes[j]) { all.insert(pairKey(Int32(i), Int32(j))) }
        }
        var k = 0
        var seen = Set<UInt64>()
        while k < found.count {
            seen.insert(pairKey(found[k], found[k + 1]))
            k += 2
        }
        #expect(seen == all && found.count == 2 * all.count)
        // Enlarging again after the refit still grows every ancestor that must hold the new box.
        moveMost()
        #expect(tree.validate() == nil)
        var results: [Int32] = []
        let q = AABB(lower: Vec2(400, 400), upper: Vec2(1600, 1600))
        tree.query(q, stack: &stack, results: &results)
        #expect(Set(results) == DynamicTreeTests.overlapping(q, boxes.map { Optional($0) }))
    }

    @Test(
        "updateBeforeFinish only marks the ancestors, and after finishUpdates the tree is node for node the one update leaves: rounds in place, refitted, rebuilt and re-inserted"
    )
    func updateBeforeFinishMatchesUpdate() {
        var rng = SeededRandom(state: 12)
        var (grown, boxes, leaves) = DynamicTreeTests.randomTree(500, &rng)
        var marked = grown
        var stack: [Int32] = []
        // Most leaves move for 12 rounds (in place: refits, and a rebuild once 2000 enlargements add up), then a
        // few for 3 (re-inserted), then most again.
        var ways = Set<String>()
        for round in 0..<18 {
            let few = (12..<15).contains(round)
            let inPlace = grown.manyUpdatedLastRound
            var moved = 0
            for i in boxes.indices where few ? rng.next() % 50 == 0 : rng.next() % 4 != 0 {
                let d = Vec2(rng.uniform(-30, 30), rng.uniform(-30, 30))
                boxes[i] = AABB(lower: boxes[i].lower + d, upper: boxes[i].upper + d)
                grown.update(leaves[i], to: boxes[i])
                marked.updateBeforeFinish(leaves[i], to: boxes[i])
                moved += 1
            }
            #expect(moved > 0)
            grown.finishUpdates()
            marked.finishUpdates()
            if !inPlace {
                ways.insert("re-inserted")
            } else {
                ways.insert(grown.nodes[Int(grown.root)].enlarged ? "refitted" : "rebuilt")
            }
            #expect(marked.validate() == nil, "round \(round)")
            #expect(marked.root == grown.root, "round \(round)")
            let same = zip(marked.nodes, grown.nodes).allSatisfy {
                $0.parent == $1.parent && $0.child1 == $1.child1 && $0.child2 == $1.child2 && $0.height == $1.height
                    && $0.aabb == $1.aabb && $0.payload == $1.payload && $0.enlarged == $1.enlarged
            }
            #expect(same && marked.nodes.count == grown.nodes.count, "round \(round)")
            var results: [Int32] = []
            let q = AABB(lower: Vec2(300, 300), upper: Vec2(1700, 1700))
            marked.query(q, stack: &stack, results: &results)
            #expect(Set(results) == DynamicTreeTests.overlapping(q, boxes.map { Optional($0) }), "round \(round)")
        }
        #expect(ways == ["re-inserted", "refitted", "rebuilt"])
    }
}
