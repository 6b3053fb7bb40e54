/// Broad phase: fattened bounds in two trees (static, moving) and the set of tracked pairs.
extension World {
    package mutating func createProxy(_ shape: Int32) {
        let body = shapes[Int(shape)].body
        let isStatic = bodies[Int(body)].type == .static
        let xf = bodies[Int(body)].transform
        let aabb = shapeAABB(shape, xf)
        let fat = isStatic ? aabb : aabb.expanded(by: proxyMargin(aabb, settings.aabbMargin))
        shapes[Int(shape)].aabb = aabb
        shapes[Int(shape)].fatAABB = fat
        shapes[Int(shape)].inStaticTree = isStatic
        if !isStatic && shapes[Int(shape)].filter.isInert {
            // A moving shape that can pair with nothing stays out of the trees (no per-step tree updates);
            // queries scan such shapes directly.
            shapes[Int(shape)].proxy = -1
            return
        }
        if isStatic {
            shapes[Int(shape)].proxy = staticTree.insert(fat, payload: shape)
        } else {
            shapes[Int(shape)].proxy = movingTree.insert(fat, payload: shape)
            // A shape created on a moving body (one given a velocity by its definition) is boxed where it is: the
            // next step sweeps it along that velocity before looking for pairs.
            if states[Int(body)].isMoving { noteVelocityChange(body) }
        }
        moveBuffer.append(shape)
    }

    /// Adds `body` to `velocityChanged`. A caller that sets velocities many times between two steps (or never steps)
    /// keeps the list at most a few times the body count: past that its duplicates are dropped.
    mutating func noteVelocityChange(_ body: Int32) {
        velocityChanged.append(body)
        if velocityChanged.count > 4 * bodies.count + 64 {
            velocityChanged.sort()
            var kept = 0
            for k in velocityChanged.indices where k == 0 || velocityChanged[k] != velocityChanged[k - 1] {
                velocityChanged[kept] = velocityChanged[k]
                kept += 1
            }
            velocityChanged.removeLast(velocityChanged.count - kept)
        }
    }

    /// Sweeps the fattened boxes of the bodies whose velocity was set between steps (`velocityChanged`) over this
    /// step of `dt` seconds, before the step looks for pairs. The step before swept every box for the velocity it
    /// ended with; a velocity set afterwards (a fling, an impulse, a teleport, a shape on a body created moving)
    /// could carry the body past a neighbour in this step with no pair to stop it (a 20-pt box flung at 8000 pt/s
    /// from 100 pt passed through the 40-pt box it was thrown at). A box that still holds its sweep is left as it
    /// is; one that does not is re-inserted, as the step's finalize would have done with that velocity.
    mutating func sweepBodiesGivenVelocity(dt: Double) {
        let p = ProxyConstants(settings, margin: settings.aabbMargin, dt: dt)
        for body in velocityChanged {
            let b = Int(body)
            guard bodies[b].isAlive, bodies[b].type != .static, bodies[b].isAwake else { continue }
            refreshProxies(body, p, forceMove: false, inPlace: false)
        }
        velocityChanged.removeAll(keepingCapacity: true)
    }

    package mutating func destroyProxy(_ shape: Int32) {
        let proxy = shapes[Int(shape)].proxy
        guard proxy != -1 else { return }
        if shapes[Int(shape)].inStaticTree { staticTree.remove(proxy) } else { movingTree.remove(proxy) }
        shapes[Int(shape)].proxy = -1
    }

    /// Recomputes the shapes' bounds after the body moved over a step of `dt` seconds (0: placed, not moved);
    /// proxies that left their fattened box are re-inserted, fattened by `margin` and stretched along the motion
    /// the body's velocity predicts for the next step.
    ///
    /// A body predicted to move (along either axis, plus the reach of its rotation at its farthest point) more than
    /// half its margin in the next step leaves its box within a step or two whatever the margin: its shapes get only
    /// the `fastMargin`, so they are not paired with every neighbour a margin away (the tumbling crowd tracks a
    /// quarter fewer pairs, about 9 000 for 3 000 touching, and does less narrow-phase work for the same contacts).
    ///
    /// Without `forceMove` the moving tree may be updated in place (`DynamicTree.updateBeforeFinish`): it is fit to
    /// be read again only after `finishProxyRefresh`, which the step's finalize calls once every body is refreshed.
    package mutating func refreshProxies(_ body: Int32, margin: Double, dt: Double, forceMove: Bool) {
        refreshProxies(body, ProxyConstants(settings, margin: margin, dt: dt), forceMove: forceMove)
    }

    /// `refreshProxies` with the settings it reads gathered in `p` (once per step for all the bodies). With `inPlace`
    /// (the step's finalize) the moving tree may be updated in place, to be finished by `finishProxyRefresh`;
    /// without it (the sweep of velocities set between steps) a box that moves is moved in the tree at once.
    @inline(__always) mutating func refreshProxies(
        _ body: Int32, _ p: ProxyConstants, forceMove: Bool, inPlace: Bool = true
    ) {
        let xf = bodies[Int(body)].transform
        let (displacement, turnReach, motion) = World.predictedMotion(
            states[Int(body)], bodies[Int(body)].maxExtent, dt: p.dt)
        var s = bodies[Int(body)].firstShape
        while s != -1 {
            let i = Int(s)
            let aabb = shapeAABB(s, xf)
            shapes[i].aabb = aabb
            let fat = World.refreshedFatBox(
                aabb, old: shapes[i].fatAABB, inStaticTree: shapes[i].inStaticTree, displacement: displacement,
                turnReach: turnReach, motion: motion, forceMove: forceMove, p)
            if let fat {
                shapes[i].fatAABB = fat
                if shapes[i].proxy != -1 {
                    if shapes[i].inStaticTree {
                        staticTree.move(shapes[i].proxy, to: fat)
                    } else if forceMove || !inPlace {
                        movingTree.move(shapes[i].proxy, to: fat)
                    } else {
                        // Maybe in place; `finishProxyRefresh` refits or rebuilds the marked part once all bodies
                        // are refreshed (the only caller without `forceMove` is the step's finalize).
                        movingTree.updateBeforeFinish(shapes[i].proxy, to: fat)
                    }
                    if !shapes[i].filter.isInert { moveBuffer.append(s) }
                }
            }
            s = shapes[i].nextOnBody
        }
    }

    /// The motion a body of state `state` and farthest reach `maxExtent` (pt) is predicted to make over `dt`: its
    /// `displacement`, the reach of its turn at its farthest point (`turnReach`, pt), and the larger displacement
    /// component plus that reach (`motion`, pt), as `refreshedFatBox` takes them.
    @inline(__always) static func predictedMotion(_ state: BodyState, _ maxExtent: Double, dt: Double) -> (
        displacement: Vec2, turnReach: Double, motion: Double
    ) {
        let displacement = dt * state.v
        let turnReach = dt * abs(state.w) * maxExtent
        return (displacement, turnReach, Swift.max(abs(displacement.x), abs(displacement.y)) + turnReach)
    }

    /// The new fattened box of a shape whose tight box is now `aabb` (its fattened box `old`), or nil when `old` still
    /// holds the box swept over the next step (`displacement`) and `forceMove` is false. Reads nothing else, so any
    /// thread may call it.
    @inline(__always) static func refreshedFatBox(
        _ aabb: AABB, old: AABB, inStaticTree: Bool, displacement: Vec2, turnReach: Double, motion: Double,
        forceMove: Bool, _ p: ProxyConstants
    ) -> AABB? {
        // The box swept over the next step must stay inside the fattened box, so the pair with anything the
        // shape can reach next step exists before the step starts.
        var swept = aabb
        if displacement != .zero {
            swept = swept.union(AABB(lower: aabb.lower + displacement, upper: aabb.upper + displacement))
        }
        if !forceMove && old.contains(swept) { return nil }
        // Re-inserted: reach several steps ahead, so steady motion does not re-insert every step.
        var ahead = swept
        if displacement != .zero && !inStaticTree {
            let d = p.displacementMultiplier * displacement
            ahead = ahead.union(AABB(lower: aabb.lower + d, upper: aabb.upper + d))
        }
        var fatMargin = inStaticTree ? 0 : World.proxyMargin(aabb, p.margin, scale: p.marginExtentScale)
        if motion > 0.5 * fatMargin { fatMargin = Swift.min(fatMargin, p.fastMargin + turnReach) }
        return ahead.expanded(by: fatMargin)
    }

    /// Ends the step's proxy refresh: rebuilds the part of the moving tree that `refreshProxies` enlarged in place
    /// (DynamicTree+Rebuild.swift).
    package mutating func finishProxyRefresh(threads: Int = 1) { movingTree.finishUpdates(threads: threads) }

    /// The margin of a shape moving faster than half its margin a step (before its rotation's reach is added), pt:
    /// 4 × `linearSlop`, the base speculative distance, so the pair of two such shapes still exists wherever the
    /// narrow phase could give it a speculative point at rest.
    var fastMargin: Double { 4 * settings.linearSlop }

    /// The broad-phase margin of a moving shape whose tight bounds are `aabb`: `margin`, capped at
    /// `aabbMarginExtentScale` × half the larger side of `aabb`.
    @inline(__always) func proxyMargin(_ aabb: AABB, _ margin: Double) -> Double {
        World.proxyMargin(aabb, margin, scale: settings.aabbMarginExtentScale)
    }

    /// `proxyMargin` with the settings' `aabbMarginExtentScale` given as `scale`.
    @inline(__always) static func proxyMargin(_ aabb: AABB, _ margin: Double, scale: Double) -> Double {
        guard scale.isFinite, scale >= 0 else { return margin }
        let half = 0.5 * Swift.max(aabb.upper.x - aabb.lower.x, aabb.upper.y - aabb.lower.y)
        return Swift.min(margin, scale * half)
    }

    /// Creates contacts for new overlapping pairs of the shapes in the move buffer.
    ///
    /// When more than an eighth of the moving tree's shapes moved (a tumbling crowd, a world's first step), they are
    /// marked in the tree and one descent of that tree over itself and over the static tree finds every overlapping
    /// pair with a marked shape (DynamicTree+Pairs.swift): the top of the tree is walked once instead of once per
    /// moved shape. Otherwise each moved shape queries the trees. Pairs already tracked are skipped by the pair set.
    package mutating func updatePairs() {
        if moveBuffer.isEmpty { return }
        if movingTree.manyUpdatedLastRound {
            findPairsByDescent()
        } else {
            findPairsByQueries()
        }
        moveBuffer.removeAll(keepingCapacity: true)
    }

    /// `updatePairs` for many moved shapes: one descent over the trees.
    private mutating func findPairsByDescent() {
        var anyStatic = false
        let threads = acquireThreads(forWork: moveBuffer.count)
        // A moved crowd on several threads: the leaves marked here, their ancestors on the threads
        // (Parallel/DynamicTree+ParallelMarks.swift); else a walk up from each leaf. The same marks.
        let fromLeaves = threads != nil && 8 * moveBuffer.count >= movingTree.nodes.count
        // Through pointers, field by field: a copy of the whole Shape record, or a bounds check and an access to the
        // tree's nodes per moved shape, is a measurable share here.
        shapes.withUnsafeBufferPointer { sh in
            moveBuffer.withUnsafeBufferPointer { mb in
                let leaf = { (k: Int) -> Int32? in
                    let shape = sh.baseAddress! + Int(mb[k])
                    guard shape.pointee.isAlive, shape.pointee.proxy != -1, !shape.pointee.filter.isInert else {
                        return nil
                    }
                    if shape.pointee.inStaticTree {
                        anyStatic = true
                        return nil
                    }
                    return shape.pointee.proxy
                }
                if fromLeaves {
                    movingTree.setLeavesMoved(count: mb.count, leaf)
                } else {
                    movingTree.setMoved(true, count: mb.count, leaf)
                }
            }
        }
        // Parallel/World+ParallelPairs.swift: the same pairs, in order
        // The marks are cleared for the next round: by one pass over the mark bytes when the moved leaves are many
        // (the descent runs when they are), else by walks from each.
        let clearsAll = 8 * moveBuffer.count >= movingTree.nodes.count
        if let threads {
            if fromLeaves { movingTree.markMovedAncestors(threads: threads) }
            findMovedPairsInParallel(threads: threads)
            WorkerPool.shared.release()
        } else {
            var pairs: [Int32] = []
            swap(&pairs, &queryResults)  // the scratch array, its capacity kept
            pairs.removeAll(keepingCapacity: true)
            movingTree.movedPairs(stack: &queryStack, results: &pairs)
            movingTree.movedPairs(against: staticTree, stack: &queryStack, results: &pairs)
            pairSet.withView { World.dropTrackedPairs(&pairs, $0) }
            var k = 0
            while k < pairs.count {
                tryCreateContact(pairs[k], pairs[k + 1])
                k += 2
            }
            swap(&pairs, &queryResults)
        }
        if clearsAll {
            movingTree.clearAllMoved()
        } else {
            shapes.withUnsafeBufferPointer { sh in
                moveBuffer.withUnsafeBufferPointer { mb in
                    movingTree.setMoved(false, count: mb.count) { k in
                        let shape = sh.baseAddress! + Int(mb[k])
                        return shape.pointee.proxy != -1 && !shape.pointee.inStaticTree ? shape.pointee.proxy : nil
                    }
                }
            }
        }
        // A moved static shape (rare: a static body was placed) queries the moving tree; its contacts come after the
        // descent's.
        guard anyStatic else { return }
        trackPendingPairs()
        for s in moveBuffer {
            let i = Int(s)
            guard shapes[i].isAlive, shapes[i].proxy != -1, !shapes[i].filter.isInert, shapes[i].inStaticTree else {
                continue
            }
            queryResults.removeAll(keepingCapacity: true)
            movingTree.query(shapes[i].fatAABB, stack: &queryStack, results: &queryResults)
            for t in queryResults { tryCreateContact(s, t) }
        }
    }

    /// `updatePairs` for a few moved shapes: one query per moved shape.
    private mutating func findPairsByQueries() {
        // Parallel/World+ParallelPairs.swift: the same contacts, in the same order
        if let threads = acquireThreads(forWork: moveBuffer.count) {
            findPairsByQueriesInParallel(threads: threads)
            WorkerPool.shared.release()
            return
        }
        if pairsQueried.count < shapes.count {
            pairsQueried.append(contentsOf: repeatElement(false, count: shapes.count - pairsQueried.count))
        }
        for s in moveBuffer {
            guard shapes[Int(s)].isAlive, shapes[Int(s)].proxy != -1, !shapes[Int(s)].filter.isInert else { continue }
            let fat = shapes[Int(s)].fatAABB
            queryResults.removeAll(keepingCapacity: true)
            movingTree.query(fat, stack: &queryStack, results: &queryResults)
            if !shapes[Int(s)].inStaticTree {
                staticTree.query(fat, stack: &queryStack, results: &queryResults)
            }
            pairsQueried[Int(s)] = true
            // A moved shape already queried found this one too (overlap is symmetric and the boxes do not change
            // here), so that pair was tried then: skip it without asking the pair set. Tracked pairs are dropped
            // before any is created (`dropTrackedPairs`).
            var found: [Int32] = []
            swap(&found, &queryResults)
            let kept = found.withUnsafeMutableBufferPointer { r in
                pairsQueried.withUnsafeBufferPointer { queried in
                    pairSet.withView { set in
                        var kept = 0
                        for t in r where t != s && !queried[Int(t)] && !set.contains(pairKey(s, t)) {
                            r[kept] = t
                            kept += 1
                        }
                        return kept
                    }
                }
            }
            for i in 0..<kept { tryCreateContact(s, found[i]) }
            swap(&found, &queryResults)
        }
        for s in moveBuffer { pairsQueried[Int(s)] = false }
    }

    /// Drops from `pairs` (two shape indices per pair) the pairs `set` holds, keeping the others in order: most pairs
    /// a descent finds are tracked already, and `tryCreateContact` would skip them first thing, but only after a
    /// call and a lookup through the world for each. Leaves the pair set unchanged, so `set` stays valid.
    @inline(__always) static func dropTrackedPairs(_ pairs: inout [Int32], _ set: PairSet.View) {
        let kept = pairs.withUnsafeMutableBufferPointer { r in
            var kept = 0
            var k = 0
            while k + 1 < r.count {
                if !set.contains(pairKey(r[k], r[k + 1])) {
                    r[kept] = r[k]
                    r[kept + 1] = r[k + 1]
                    kept += 2
                }
                k += 2
            }
            return kept
        }
        pairs.removeLast(pairs.count - kept)
    }

    mutating func tryCreateContact(_ s: Int32, _ t: Int32) {
        let a = Swift.min(s, t), b = Swift.max(s, t)
        // Most candidates are pairs already tracked (a moved proxy finds its old neighbours again): ask the pair set
        // before reading the two shape records.
        let key = pairKey(a, b)
        if pairSet.contains(key) { return }
        if let c = World.withContactSources(shapes, bodies, joints, { World.newContact(a, b, key: key, $0) }) {
            addContact(c)
        }
    }

    /// Tracks the new contact `c` (its pair not tracked yet): the pair set, the contact and its manifold cache.
    @inline(__always) mutating func addContact(_ c: Contact) {
        pairSet.insert(c.key)
        appendContact(c)
    }

    /// `addContact` for a contact whose pair the pair set holds already.
    @inline(__always) mutating func appendContact(_ c: Contact) {
        contacts.append(c)
        manifoldCaches.append(ManifoldCache())
    }

    /// The contact of shapes `a` < `b` (pair key `key`), or nil when the pair is not tracked (same body, no dynamic
    /// body, filtered out, or a joint between the bodies forbids it). Reads the shape and body records in place (a
    /// Shape record is several cache lines, and copying two per new pair cost more than the rest of the test); reads
    /// only, so the threads of a parallel pair search make their chunks' contacts at once.
    @inline(__always) static func newContact(_ a: Int32, _ b: Int32, key: UInt64, _ from: ContactSources) -> Contact? {
        let sa = from.shapes + Int(a), sb = from.shapes + Int(b)
        let bodyA = sa.pointee.body, bodyB = sb.pointee.body
        if bodyA == bodyB { return nil }
        let typeA = from.bodies[Int(bodyA)].type, typeB = from.bodies[Int(bodyB)].type
        if typeA != .dynamic && typeB != .dynamic { return nil }
        if !CollisionFilter.track(sa.pointee.filter, sb.pointee.filter) { return nil }
        if let joints = from.joints, jointForbidsContact(bodyA, bodyB, from.bodies, joints) { return nil }
        var contact = Contact(
            shapeA: a, shapeB: b, bodyA: bodyA, bodyB: bodyB,
            friction: Contact.mixedFriction(sa.pointee.friction, sb.pointee.friction),
            restitution: Contact.mixedRestitution(sa.pointee.restitution, sb.pointee.restitution),
            isSolid: CollisionFilter.collide(sa.pointee.filter, sb.pointee.filter),
            reportsEvents: sa.pointee.enableContactEvents || sb.pointee.enableContactEvents, key: key)
        contact.touchesKinematic = typeA == .kinematic || typeB == .kinematic
        return contact
    }

    /// `body` with the records of `shapes`, `bodies` and `joints` by pointer (the arrays are passed by value, so a
    /// caller may change other parts of the world meanwhile).
    static func withContactSources<R>(
        _ shapes: [Shape], _ bodies: [Body], _ joints: [Joint], _ body: (ContactSources) -> R
    ) -> R {
        shapes.withUnsafeBufferPointer { sh in
            bodies.withUnsafeBufferPointer { bo in
                joints.withUnsafeBufferPointer { jo in
                    body(ContactSources(shapes: sh.baseAddress!, bodies: bo.baseAddress!, joints: jo.baseAddress))
                }
            }
        }
    }

    /// Removes every contact of a shape; touching ones report an end event next step and wake the bodies they
    /// held: a box asleep on a ground whose shape or body is destroyed (or filtered out, or made another type)
    /// falls, instead of hanging asleep where the ground was (`wakeIsland` passes over static bodies, so waking the
    /// shape's own body does not reach what rests on a static one).
    package mutating func destroyContacts(ofShape shape: Int32) {
        let held = removeContacts(deferringEndEvents: true) { $0.shapeA == shape || $0.shapeB == shape }
        for b in held { wakeIsland(of: b) }
    }

    /// The narrow phase's compaction in one call, as `collide` makes it on one thread: `noteFlaggedContacts` reads
    /// the contacts at `flagged` (ascending: every contact whose update set `retire` or `endedTouch`, the only ones
    /// that can have either set), then `retireContacts` emits the end events and removes the retired contacts, as
    /// `removeContacts(deferringEndEvents: false) { $0.retire }` does without walking every record (a crowd
    /// retires a few dozen of its thousands of pairs a step). `candidates` (ascending indices of kept contacts)
    /// move with their records.
    mutating func retireFlaggedContacts(_ flagged: [Int32], candidates: inout [Int32]) {
        var r = Retirement()
        swap(&r, &scratch.retirement)  // the scratch arrays, their capacity kept
        r.removeAll()
        noteFlaggedContacts(flagged, into: &r)
        retireContacts(r, candidates: &candidates)
        swap(&r, &scratch.retirement)
    }

    /// What the narrow phase found for the retirement, in contact order (`retireContacts`): the contacts to retire
    /// and their pairs' keys, and the shapes of the end events, two entries per event.
    package struct Retirement: Sendable {
        var removed: [Int32] = []
        var keys: [UInt64] = []
        var ended: [Int32] = []

        /// Whether there is nothing to retire and no end event.
        var isEmpty: Bool { removed.isEmpty && ended.isEmpty }

        /// Empties the arrays, keeping their capacity.
        mutating func removeAll() {
            removed.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            ended.removeAll(keepingCapacity: true)
        }
    }

    /// The retirement's part of the contacts at `flagged` (ascending), noted in `r` (`noteFlagged`).
    mutating func noteFlaggedContacts(_ flagged: [Int32], into r: inout Retirement) {
        contacts.withUnsafeMutableBufferPointer { co in
            guard let c = co.baseAddress else { return }
            for k32 in flagged {
                World.noteFlagged(c + Int(k32), k32) {
                    r.ended.append($0)
                    r.ended.append($1)
                } retired: {
                    r.removed.append($0)
                    r.keys.append($1)
                }
            }
        }
    }

    /// What the retirement needs of the flagged contact `p` (index `k`), right after its update: the shapes of its
    /// end event (`ended`) when it stopped touching, or is retired touching and reports events (its `endedTouch`
    /// then cleared), and itself and its pair's key (`retired`) when it is retired. Touches only that contact.
    @inline(__always) static func noteFlagged(
        _ p: UnsafeMutablePointer<Contact>, _ k: Int32, ended: (Int32, Int32) -> Void, retired: (Int32, UInt64) -> Void
    ) {
        let isRetired = p.pointee.retire
        if p.pointee.endedTouch || (isRetired && p.pointee.isTouching && p.pointee.reportsEvents) {
            ended(p.pointee.shapeA, p.pointee.shapeB)
            p.pointee.endedTouch = false
        }
        if isRetired { retired(k, p.pointee.key) }
    }

    /// Emits `r`'s end events and removes its contacts (ascending), moving the kept records after the first one down
    /// in order; `candidates` (ascending indices of kept contacts) move down by the contacts removed before them.
    mutating func retireContacts(_ r: Retirement, candidates: inout [Int32]) {
        let removed = r.removed, keys = r.keys
        var passed = 0
        // Nothing removed (only end events): the candidates stay where they are.
        if !removed.isEmpty {
            for c in candidates.indices {
                while passed < removed.count && removed[passed] <= candidates[c] { passed &+= 1 }
                candidates[c] &-= Int32(truncatingIfNeeded: passed)
            }
        }
        var e = 0
        while e < r.ended.count {
            endEvents.append(ContactEndEvent(shapeA: shapeID(r.ended[e]), shapeB: shapeID(r.ended[e + 1])))
            e += 2
        }
        if let first = removed.first {
            // Parallel/World+ParallelRetire.swift: the same moves on several threads when there are many.
            let count = contacts.count
            // The pairs forgotten in contact order (the pair set's slots depend on the order of its removals): by
            // one of the threads while the others move records, or here.
            if count - Int(first) >= World.parallelCompactionMinimum,
                let threads = acquireThreads(forWork: count - Int(first))
            {
                compactContactsInParallel(removed: removed, keys: keys, threads: threads)
                WorkerPool.shared.release()
            } else {
                for key in keys { pairSet.remove(key) }
                compactContacts(removed: removed)
            }
            contacts.removeLast(removed.count)
            manifoldCaches.removeLast(removed.count)
        }
    }

    /// Moves the kept contacts and their manifold caches down over `removed` (contact indices, ascending), in order;
    /// the last `removed.count` records are then left over for the caller to drop.
    private mutating func compactContacts(removed: [Int32]) {
        let count = contacts.count
        contacts.withUnsafeMutableBufferPointer { co in
            manifoldCaches.withUnsafeMutableBufferPointer { mc in
                guard let c = co.baseAddress, let m = mc.baseAddress else { return }
                for j in removed.indices {
                    // The kept run after the j-th removed contact moves down by j + 1.
                    let start = Int(removed[j]) &+ 1
                    let end = j &+ 1 < removed.count ? Int(removed[j &+ 1]) : count
                    World.moveRecords(c, m, from: start, count: end &- start, to: start &- j &- 1)
                }
            }
        }
    }

    /// Moves records `from ..< from + count` of the contacts and manifold caches down to `to` (`to` ≤ `from`), in
    /// blocks of `moveBlock`, front to back.
    @inline(__always) static func moveRecords(
        _ c: UnsafeMutablePointer<Contact>, _ m: UnsafeMutablePointer<ManifoldCache>, from: Int, count: Int, to: Int
    ) {
        var read = from, write = to
        let end = from &+ count
        while read < end {
            let n = Swift.min(World.moveBlock, end &- read)
            (c + write).update(from: c + read, count: n)
            (m + write).update(from: m + read, count: n)
            write &+= n
            read &+= n
        }
    }

    /// Most records `removeContacts` and `retireFlaggedContacts` move with one copy call: longer blocks would be
    /// copied with `rep movsb`, which callgrind, whose counts are this project's measure, counts as one instruction
    /// per byte.
    static let moveBlock = 16

    /// Removes the contacts `isRemoved` picks, keeping the others in order, and forgets their pairs. End events, in
    /// contact order: a contact flagged `endedTouch` (it stopped touching this step), and a removed contact that was
    /// touching and reports events. They go with this step's events, or with the next step's when `deferred` (a
    /// shape destroyed between steps). Returns both bodies of every removed contact that was touching.
    @inline(__always) @discardableResult
    package mutating func removeContacts(
        deferringEndEvents deferred: Bool, where isRemoved: (borrowing Contact) -> Bool
    ) -> [Int32] {
        var held: [Int32] = []
        // In place through pointers: a Contact record is several cache lines. Kept records move in blocks of up to
        // `moveBlock` (one copy call per block, not per record).
        var ended: [(Int32, Int32)] = []
        var write = 0
        let count = contacts.count
        let moveBlock = World.moveBlock
        contacts.withUnsafeMutableBufferPointer { co in
            manifoldCaches.withUnsafeMutableBufferPointer { mc in
                guard let c = co.baseAddress, let m = mc.baseAddress else { return }
                // Kept records `runStart..<runStart + run` not moved yet, bound for `write - run`.
                var runStart = 0, run = 0
                @inline(__always) func flush() {
                    let to = write &- run
                    if run > 0 && to != runStart {
                        (c + to).update(from: c + runStart, count: run)
                        (m + to).update(from: m + runStart, count: run)
                    }
                    run = 0
                }
                for read in 0..<count {
                    let p = c + read
                    let removed = isRemoved(p.pointee)
                    if p.pointee.endedTouch || (removed && p.pointee.isTouching && p.pointee.reportsEvents) {
                        ended.append((p.pointee.shapeA, p.pointee.shapeB))
                        p.pointee.endedTouch = false
                    }
                    if removed {
                        pairSet.remove(p.pointee.key)
                        if p.pointee.isTouching {
                            held.append(p.pointee.bodyA)
                            held.append(p.pointee.bodyB)
                        }
                        flush()
                        continue
                    }
                    if run == moveBlock { flush() }
                    if run == 0 { runStart = read }
                    run &+= 1
                    write += 1
                }
                flush()
            }
        }
        for (a, b) in ended {
            let event = ContactEndEvent(shapeA: shapeID(a), shapeB: shapeID(b))
            if deferred { pendingEndEvents.append(event) } else { endEvents.append(event) }
        }
        contacts.removeLast(count - write)
        manifoldCaches.removeLast(count - write)
        return held
    }
}

/// What a new pair's contact is made from (`World.newContact`), read only: the shapes, the bodies and the joints
/// (nil when there are none).
struct ContactSources {
    let shapes: UnsafePointer<Shape>
    let bodies: UnsafePointer<Body>
    let joints: UnsafePointer<Joint>?
}
