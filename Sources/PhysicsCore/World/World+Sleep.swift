/// Sleeping by islands: bodies linked by touching contacts or joints sleep together once every one of them has
/// stayed under the rest thresholds for `timeToSleep`; touching or moving any of them wakes the whole island.
extension World {
    package mutating func updateSleep(dt: Double) {
        guard settings.enableSleep else { return }
        let count = bodies.count
        if scratch.unionParent.count < count {
            scratch.unionParent = [Int32](repeating: -1, count: count)
            scratch.islandMinSleep = [Double](repeating: 0, count: count)
            scratch.islandCanSleep = [Bool](repeating: true, count: count)
        }
        // An island sleeps when every member has rested for `timeToSleep`: while no awake body has, no island can,
        // and only the kinematic rules below apply (the union-find is skipped: most steps of a moving scene).
        let timeToSleep = settings.timeToSleep
        // The parallel finalize's threads may have read the contacts already (Parallel/World+ParallelFinalize.swift).
        let prepared = takeSleepPrepass()
        var anyReady = false
        if prepared == nil {
            bodies.withUnsafeBufferPointer { bo in
                for i32 in scratch.awakeBodies where World.isReadyToSleep(bo[Int(i32)], timeToSleep) {
                    anyReady = true
                    break
                }
            }
        }
        if anyReady {
            for i32 in scratch.awakeBodies where bodies[Int(i32)].type == .dynamic {
                scratch.unionParent[Int(i32)] = i32
            }
        }
        // Contacts: link touching dynamic pairs; a moving kinematic body keeps what it touches awake, and wakes what
        // it touches asleep (a platform set moving under a sleeping load: otherwise the load would hang in the air
        // while the platform slides away).
        // (Read in place: copying each Contact record out of the array cost more than the test itself.)
        var linked: [(Int32, Int32)] = []  // Allocated only when some body is ready to sleep.
        var carried: [Int32] = []  // Sleeping bodies a moving kinematic body touches: rare.
        if let parts = prepared {
            // The kinematic rule's bodies, in solve order, as `readContactsForSleep` finds them.
            for part in 0..<parts {
                let lo = scratch.solveOrder.count * part / parts
                for n in lo..<lo + scratch.parallel.sleepCounts[2 * part] {
                    let entry = scratch.parallel.sleepEntries[n]
                    let d = Int(entry >= 0 ? entry : ~entry)
                    bodies[d].sleepTime = 0
                    if entry < 0 { carried.append(Int32(d)) }
                }
            }
        } else {
            readContactsForSleep(anyReady: anyReady, linked: &linked, carried: &carried)
        }
        // Joints: the same rule for a dynamic body jointed to a moving kinematic one (a pendulum whose anchor is set
        // moving would otherwise hang asleep where it was), along the joint lists of the awake kinematic bodies.
        if jointCount > 0 {
            for i32 in scratch.awakeBodies where bodies[Int(i32)].type == .kinematic && World.moves(states[Int(i32)]) {
                var k = bodies[Int(i32)].firstJoint
                while k != -1 {
                    let j = Int(k)
                    let d = Int(joints[j].bodyA == i32 ? joints[j].bodyB : joints[j].bodyA)
                    if bodies[d].type == .dynamic {
                        bodies[d].sleepTime = 0
                        if !bodies[d].isAwake { carried.append(Int32(d)) }
                    }
                    k = joints[j].bodyA == i32 ? joints[j].nextOnA : joints[j].nextOnB
                }
            }
        }
        for d in carried { wakeIsland(of: d) }
        if !anyReady {
            // Kinematic bodies at rest sleep at once.
            for i32 in scratch.awakeBodies where bodies[Int(i32)].type == .kinematic {
                if !World.moves(states[Int(i32)]) { bodies[Int(i32)].isAwake = false }
            }
            return
        }
        for (a, b) in linked { union(a, b) }
        // Joints: jointed dynamic bodies sleep and wake together.
        for k32 in forest.activeJoints where joints[Int(k32)].isAlive {
            let a = joints[Int(k32)].bodyA, b = joints[Int(k32)].bodyB
            if bodies[Int(a)].type == .dynamic && bodies[Int(b)].type == .dynamic
                && bodies[Int(a)].isAwake && bodies[Int(b)].isAwake
            {
                union(a, b)
            }
        }
        for i32 in scratch.awakeBodies where bodies[Int(i32)].type == .dynamic {
            let r = Int(find(i32))
            scratch.islandMinSleep[r] = Double.greatestFiniteMagnitude
            scratch.islandCanSleep[r] = true
        }
        for i32 in scratch.awakeBodies where bodies[Int(i32)].type == .dynamic {
            let r = Int(find(i32))
            scratch.islandMinSleep[r] = Swift.min(scratch.islandMinSleep[r], bodies[Int(i32)].sleepTime)
            if !bodies[Int(i32)].allowSleep { scratch.islandCanSleep[r] = false }
        }
        var sleepingRoots: [Int32] = []
        for i32 in scratch.awakeBodies where bodies[Int(i32)].type == .dynamic {
            let i = Int(i32)
            if scratch.unionParent[i] == i32 && scratch.islandCanSleep[i] && scratch.islandMinSleep[i] >= timeToSleep {
                sleepingRoots.append(i32)
            }
        }
        if !sleepingRoots.isEmpty {
            // Give each sleeping root an island slot, then add members in body order.
            var slotOfRoot: [Int32: Int32] = [:]
            for r in sleepingRoots {
                let slot: Int32
                if let free = freeIslands.popLast() {
                    slot = free
                } else {
                    slot = Int32(sleepingIslands.count)
                    sleepingIslands.append([])
                }
                slotOfRoot[r] = slot
            }
            for i32 in scratch.awakeBodies where bodies[Int(i32)].type == .dynamic {
                if let slot = slotOfRoot[find(i32)] {
                    sleepingIslands[Int(slot)].append(i32)
                    bodies[Int(i32)].isAwake = false
                    bodies[Int(i32)].sleepingIsland = slot
                    states[Int(i32)] = BodyState()
                }
            }
        }
        for i32 in scratch.awakeBodies { scratch.unionParent[Int(i32)] = -1 }
        // Kinematic bodies at rest sleep at once.
        for i32 in scratch.awakeBodies where bodies[Int(i32)].type == .kinematic {
            if !World.moves(states[Int(i32)]) { bodies[Int(i32)].isAwake = false }
        }
    }

    /// The contacts' part of `updateSleep` on this thread: links touching pairs of awake dynamic bodies (only when
    /// `anyReady`) and applies the kinematic rule (`sleepTime` zeroed, sleeping bodies noted in `carried`), in
    /// solve order.
    private mutating func readContactsForSleep(anyReady: Bool, linked: inout [(Int32, Int32)], carried: inout [Int32]) {
        contacts.withUnsafeBufferPointer { co in
            bodies.withUnsafeMutableBufferPointer { bo in
                states.withUnsafeBufferPointer { st in
                    @inline(__always) func visit(_ k: Int) {
                        // Without a body ready to sleep only the kinematic rule acts: the contact's own flag says
                        // whether it applies, without reading the bodies (a tumbling crowd's step).
                        guard co[k].isSolid && co[k].isTouching && (anyReady || co[k].touchesKinematic) else { return }
                        let a = Int(co[k].bodyA), b = Int(co[k].bodyB)
                        let ta = bo[a].type, tb = bo[b].type
                        if ta == .dynamic && tb == .dynamic {
                            if anyReady && bo[a].isAwake && bo[b].isAwake { linked.append((Int32(a), Int32(b))) }
                        } else if ta == .kinematic || tb == .kinematic,
                            let d = World.keptAwakeByKinematic(a, b, bo.baseAddress!, st.baseAddress!)
                        {
                            bo[d].sleepTime = 0
                            if !bo[d].isAwake { carried.append(Int32(d)) }
                        }
                    }
                    // Every contact either rule acts on touches (so has manifold points since the narrow phase)
                    // and has an awake body — two awake dynamic bodies, or a moving, hence awake, kinematic one:
                    // the step solved it, so `solveOrder` lists it. The kinematic rule's writes are all zeros, in
                    // any order, and the islands do not depend on the order of the links (the lower index becomes
                    // the root). A tumbling crowd solves less than half of the pairs it tracks, whose records the
                    // impulses' store has just touched.
                    for k in scratch.solveOrder { visit(Int(k)) }
                }
            }
        }
    }

    /// The parts in which the parallel finalize's threads read the contacts for this step's sleep pass
    /// (`ParallelScratch.sleepEntries`, each part's entries from its first position in the solve order: a body, or
    /// `~body` for a sleeping one), or nil when they did not, or when one of their bodies is ready to sleep (then
    /// `updateSleep` reads everything itself). Forgets that they did.
    private mutating func takeSleepPrepass() -> Int? {
        let parts = scratch.parallel.sleepParts
        scratch.parallel.sleepParts = 0
        guard parts > 0 else { return nil }
        for part in 0..<parts where scratch.parallel.sleepCounts[2 * part + 1] != 0 { return nil }
        return parts
    }

    /// Whether `body` is a dynamic body that has rested for `timeToSleep` (s): an island with such a body may sleep.
    @inline(__always) static func isReadyToSleep(_ body: Body, _ timeToSleep: Double) -> Bool {
        body.type == .dynamic && body.sleepTime >= timeToSleep
    }

    /// The kinematic rule for a touching contact of bodies `a` and `b`, one of them kinematic: the other one, which
    /// the kinematic body keeps awake while it moves, or nil while it does not.
    @inline(__always) static func keptAwakeByKinematic(
        _ a: Int, _ b: Int, _ bo: UnsafePointer<Body>, _ st: UnsafePointer<BodyState>
    ) -> Int? {
        let kinematicA = bo[a].type == .kinematic
        return World.moves(st[kinematicA ? a : b]) ? (kinematicA ? b : a) : nil
    }

    /// A body state with a velocity or a spin (a kinematic body that moves keeps what it touches or holds awake).
    @inline(__always) static func moves(_ s: BodyState) -> Bool { s.v != .zero || s.w != 0 }

    private mutating func find(_ i: Int32) -> Int32 {
        var r = i
        while scratch.unionParent[Int(r)] != r { r = scratch.unionParent[Int(r)] }
        var x = i
        while scratch.unionParent[Int(x)] != r {
            let next = scratch.unionParent[Int(x)]
            scratch.unionParent[Int(x)] = r
            x = next
        }
        return r
    }

    private mutating func union(_ a: Int32, _ b: Int32) {
        let ra = find(a), rb = find(b)
        if ra == rb { return }
        // Lower index becomes the root: deterministic.
        if ra < rb { scratch.unionParent[Int(rb)] = ra } else { scratch.unionParent[Int(ra)] = rb }
    }

    /// Wakes a body and, if it sleeps in an island, every member of that island.
    package mutating func wakeIsland(of body: Int32) {
        let i = Int(body)
        guard bodies[i].isAlive, bodies[i].type != .static else { return }
        let slot = bodies[i].sleepingIsland
        if slot == -1 {
            if !bodies[i].isAwake {
                bodies[i].isAwake = true
                bodies[i].sleepTime = 0
            }
            bodies[i].sleepTime = 0
            return
        }
        for m in sleepingIslands[Int(slot)] {
            bodies[Int(m)].isAwake = true
            bodies[Int(m)].sleepTime = 0
            bodies[Int(m)].sleepingIsland = -1
        }
        sleepingIslands[Int(slot)].removeAll()
        freeIslands.append(slot)
    }
}
