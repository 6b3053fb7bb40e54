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
}
