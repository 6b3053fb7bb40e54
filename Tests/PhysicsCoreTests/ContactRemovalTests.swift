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

    @Test("the narrow phase's compaction of flagged contacts equals removeContacts over every record")
    func flaggedCompactionMatchesFullWalk() {
        var (world, _) = Scenes.pyramid(base: 14)
        world.step(dt: 1.0 / 60)
        let count = world.contacts.count
        #expect(count > 200)
        // Flag runs of contacts between kept runs of 0 to 40 records (past a 16-record block): in each flagged run
        // the contacts alternate between parted (`retire`) and stopped touching (`endedTouch`, kept), so the kept
        // records include flagged ones and both kinds of end event occur. The last contact is flagged too.
        var flagged: [Int32] = []
        var i = 0, runLength = 0
        while i < count {
            i += runLength
            runLength = (runLength + 1) % 41
            for j in 0..<(1 + i % 3) where i < count {
                if (i + j) % 2 == 0 { world.contacts[i].retire = true } else { world.contacts[i].endedTouch = true }
                flagged.append(Int32(i))
                i += 1
            }
        }
        if flagged.last != Int32(count - 1) {
            world.contacts[count - 1].retire = true
            flagged.append(Int32(count - 1))
        }
        #expect(world.contacts.contains { $0.retire && $0.isTouching && $0.reportsEvents })
        for k in 0..<count { world.manifoldCaches[k].separatingAxis = Int32(k) }
        let keys = world.contacts.map { $0.key }
        var reference = world
        reference.endEvents.removeAll()
        world.endEvents.removeAll()
        reference.removeContacts(deferringEndEvents: false) { $0.retire }
        var none: [Int32] = []
        world.retireFlaggedContacts(flagged, candidates: &none)
        #expect(world.contacts.count < count)
        #expect(world.contacts.map { $0.key } == reference.contacts.map { $0.key })
        #expect(world.manifoldCaches.map { $0.separatingAxis } == reference.manifoldCaches.map { $0.separatingAxis })
        #expect(!world.contacts.contains { $0.endedTouch || $0.retire })
        #expect(world.endEvents.count > 0)
        #expect(world.endEvents == reference.endEvents)
        for key in keys { #expect(world.pairSet.contains(key) == reference.pairSet.contains(key)) }
        #expect(world.pairSet.count == reference.pairSet.count)
    }
}
