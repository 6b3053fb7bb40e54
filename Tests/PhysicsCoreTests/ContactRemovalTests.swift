import Testing

@testable import PhysicsCore

/// Contact removal (`World.removeContacts`, which the narrow phase's retirement uses) moves the kept contacts and
/// their manifold caches down in blocks. Whatever the pattern of removals — single records, runs shorter and longer
/// than a block, removals at both ends — the kept contacts must stay in their order, each with its own cache, and
/// only the removed pairs leave the pair set.
@Suite("Contact removal")
struct ContactRemovalTests {
    @Test("kept contacts keep their order and their caches, removed pairs leave the pair set (runs of 0 to 40)")
    func keepsOrderAndCaches() {
        var (world, _) = Scenes.pyramid(base: 14)
        world.step(dt: 1.0 / 60)
        let count = world.contacts.count
        // The pyramid has hundreds of contacts, enough for every run length below.
        #expect(count > 200)
        // Removal pattern: runs of kept records of lengths 0, 1, 2, … 40 (past a 16-record block) separated by
        // runs of 1 to 3 removed ones, from the first record on.
        var removed = Set<UInt64>()
        var i = 0, runLength = 0
        while i < count {
            i += runLength
            runLength = (runLength + 1) % 41
            for _ in 0..<(1 + i % 3) where i < count {
                removed.insert(world.contacts[i].key)
                i += 1
            }
        }
        // Each cache tagged with its contact's index (the hint field: any value is valid there).
        for k in 0..<count { world.manifoldCaches[k].separatingAxis = Int32(k) }
        let before = Array(zip(world.contacts.map { $0.key }, world.manifoldCaches.map { $0.separatingAxis }))
        let expected = before.filter { !removed.contains($0.0) }
        world.removeContacts(deferringEndEvents: true) { removed.contains($0.key) }
        #expect(world.contacts.count == expected.count)
        #expect(world.manifoldCaches.count == expected.count)
        #expect(world.contacts.map { $0.key } == expected.map { $0.0 })
        #expect(world.manifoldCaches.map { $0.separatingAxis } == expected.map { $0.1 })
        for (key, _) in before { #expect(world.pairSet.contains(key) == !removed.contains(key)) }
    }
}
