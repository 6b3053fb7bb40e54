import Testing
@testable import PhysicsCore

@Suite("Pair set")
struct PairSetTests {
    @Test("Behaves like Set<UInt64> under random inserts and removals (growth and backward-shift deletion)")
    func matchesSet() {
        var ours = PairSet(capacity: 4)
        var reference = Set<UInt64>()
        var rng = SeededRandom(state: 7)
        for _ in 0..<20_000 {
            let key = rng.next() % 512  // few distinct keys, so removals hit present keys and chains collide
            if rng.next() % 3 == 0 {
                ours.remove(key)
                reference.remove(key)
            } else {
                #expect(ours.insert(key) == reference.insert(key).inserted)
            }
        }
        #expect(ours.count == reference.count)
        for key in UInt64(0)..<512 { #expect(ours.contains(key) == reference.contains(key)) }
    }

    @Test("dropTrackedPairs keeps exactly the untracked pairs, in order, whichever way round a pair is listed")
    func dropsTrackedPairs() {
        var set = PairSet(capacity: 4)
        var rng = SeededRandom(state: 11)
        var pairs: [Int32] = []
        for _ in 0..<500 {
            let a = Int32(rng.next() % 40), b = Int32(rng.next() % 40)
            pairs.append(a)
            pairs.append(b)
            if rng.next() % 2 == 0 { set.insert(pairKey(b, a)) }
        }
        var expected: [Int32] = []
        for k in stride(from: 0, to: pairs.count, by: 2) where !set.contains(pairKey(pairs[k], pairs[k + 1])) {
            expected.append(pairs[k])
            expected.append(pairs[k + 1])
        }
        // Both outcomes occur, so neither "keep all" nor "drop all" passes.
        #expect(expected.count > 100 && expected.count < pairs.count - 100)
        set.withView { World.dropTrackedPairs(&pairs, $0) }
        #expect(pairs == expected)
    }
}
