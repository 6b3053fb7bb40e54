/// Solve order of the contact constraints. Gauss–Seidel converges fastest on stacks when support is solved from
/// the ground up, and the order must not depend on the order in which bodies happened to be created (the same
/// pyramid built top-down would otherwise jitter forever). So the contacts to solve are sorted, stably, by the
/// contact-graph distance of their bodies from anything that does not move: ground contacts first, then the layer
/// above, and so on. That order is then dealt into colours (greedily, in order): the constraints of one colour share
/// no moving body, so they are independent and the processor overlaps their work, and the colours run in order, so
/// the solve still goes from the ground up. (Box2D v3 colours its constraint graph for the same reason, to solve in
/// parallel.) Inside a colour the order carries no meaning for the numbers (its constraints touch disjoint moving
/// bodies: any order gives the same result), so colours 0–63 list their two-point manifolds first (a bundle of four
/// is all one kind), each kind in sorted order; the overflow colour, whose constraints may share bodies, keeps the
/// sorted order. The sorted order inside colours is for the threads: each takes a contiguous share of a colour, so
/// it solves the same layers from colour to colour and mostly reads bodies it wrote itself.
///
/// The order is a function of the list of contacts to solve and of which of their bodies move. When that list is
/// the one of the last computation (nothing began or ended: a resting stack), `solveOrder` and `colorStart` are
/// left as they are: the step before may have reordered the contacts inside each colour, which changes nothing.
///
/// The working arrays are segments of one buffer (`StepScratch.orderWork`, see `OrderSegments`), reached through
/// pointers: the passes below run over every contact each step a contact begins or ends, and array appends and
/// subscripts there cost uniqueness and bounds checks on every element.
extension World {
    /// Fills `scratch.solveOrder` with the indices of the contacts to solve this step (solid, with manifold points,
    /// with an awake body), grouped by colour from the ground up, and `scratch.colorStart` with the colours' ends.
    ///
    /// The pass that reads the contacts also gathers every body of a contact to solve once (stamped with
    /// `gather.epoch`): its `PrepareBody` record and its single-precision solver body (ContactPrepare.swift), and
    /// notes which contacts have two manifold points, which each colour lists first (`twoPointEnd`).
    ///
    /// With `threads` (more than one, the worker pool held), that pass runs on the threads
    /// (Parallel/World+ParallelOrdering.swift), with the same result.
    /// With `listingAwakeBodies` (on threads only) the awake bodies are listed here too (`listAwakeBodies`), by the
    /// thread the breadth-first search leaves idle.
    package mutating func orderContactsFromGround(
        gathering gather: BodyGather, threads: Int? = nil, listingAwakeBodies: Bool = false
    ) {
        precondition(threads != nil || !listingAwakeBodies, "the awake bodies are listed here on threads only")
        let bodyCount = bodies.count
        let contactCount = contacts.count
        let segments = OrderSegments(bodyCount: bodyCount, contactCount: contactCount)
        World.resize(&scratch.orderWork, to: segments.total, with: 0)
        World.resize(&scratch.orderInput, to: contactCount, with: 0)
        World.resize(&scratch.orderMoving, to: contactCount, with: SIMD2())
        var count = 0
        var queued = 0
        // On threads the awake bodies are gathered beside the first fit (Parallel/World+ParallelColoring.swift), or
        // on their own when the order is not made again.
        var awakeGathered = threads == nil
        var awakeListed = !listingAwakeBodies
        defer {
            if let threads, !awakeGathered {
                if !awakeListed { listAwakeBodies(threads: threads) }
                World.withAwakeGather(
                    &scratch.prepareBodies, &scratch.solverBodies, bodies, states, scratch.awakeBodies, gather
                ) { World.gatherAwakeBodiesInParallel($0, threads: threads) }
            }
        }
        if let threads {
            World.resize(&scratch.parallel.scanSlots, to: 2 * contactCount + 1, with: 0)
            World.resize(&scratch.parallel.chunkCounts, to: 3 * threads, with: 0)
            World.resize(&scratch.parallel.degreeRows, to: threads * bodyCount + 1, with: 0)
        }
        // One pass over the contacts reads the bodies: the contacts to solve and their moving bodies (the body
        // index when it moves, −1 when it does not), the degrees of the moving-body graph and its first layer.
        World.resize(&scratch.bodyMotion, to: bodyCount, with: 0)
        contacts.withUnsafeBufferPointer { co in
            bodies.withUnsafeBufferPointer { bo in
                states.withUnsafeBufferPointer { st in
                    scratch.bodyMotion.withUnsafeMutableBufferPointer { motion in
                        scratch.prepareBodies.withUnsafeMutableBufferPointer { records in
                            scratch.prepareStamp.withUnsafeMutableBufferPointer { stamp in
                                scratch.solverBodies.withUnsafeMutableBufferPointer { solverBodies in
                                    scratch.orderWork.withUnsafeMutableBufferPointer { work in
                                        scratch.orderInput.withUnsafeMutableBufferPointer { input in
                                            scratch.orderMoving.withUnsafeMutableBufferPointer { moving in
                                                let p = ContactPass(
                                                    contacts: co.baseAddress!, bodies: bo.baseAddress!,
                                                    states: st.baseAddress!, records: records.baseAddress!,
                                                    stamp: stamp.baseAddress!, solverBodies: solverBodies.baseAddress!,
                                                    input: input.baseAddress!, moving: moving.baseAddress!,
                                                    motion: motion.baseAddress!)
                                                let s = segments.pointers(work.baseAddress!)
                                                if let threads {
                                                    (count, queued) = scratch.parallel.scanSlots
                                                        .withUnsafeMutableBufferPointer { sd in
                                                            scratch.parallel.degreeRows.withUnsafeMutableBufferPointer {
                                                                degrees in
                                                                scratch.parallel.chunkCounts
                                                                    .withUnsafeMutableBufferPointer {
                                                                        World.readContactsInParallel(
                                                                            p, s, contactCount: co.count,
                                                                            bodyCount: bodyCount,
                                                                            gather, sides: sd.baseAddress!,
                                                                            degrees: degrees.baseAddress!,
                                                                            chunkCounts: $0.baseAddress!,
                                                                            threads: threads)
                                                                    }
                                                            }
                                                        }
                                                } else {
                                                    World.noteBodyMotion(
                                                        bo.baseAddress!, 0..<bodyCount, into: motion.baseAddress!)
                                                    (count, queued) = World.readContacts(
                                                        p, s, contactCount: co.count, bodyCount: bodyCount, gather)
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        profileMark(.orderingPass)
        scratch.orderInput.removeLast(contactCount - count)
        scratch.orderMoving.removeLast(contactCount - count)
        guard count > 1 else {
            scratch.solveOrder.removeAll(keepingCapacity: true)
            for k in scratch.orderInput { scratch.solveOrder.append(k & ~Self.twoPointFlag) }
            invalidateOrderCache()
            return
        }
        if World.equal(scratch.orderInput, scratch.orderInputBefore)
            && World.equal(scratch.orderMoving, scratch.orderMovingBefore)
        {
            return
        }
        World.resize(&scratch.solveOrder, to: count, with: 0)
        World.resize(&scratch.colorMask, to: bodyCount + 1, with: 0)
        World.resize(&scratch.colorStart, to: 66, with: 0)
        World.resize(&scratch.twoPointEnd, to: 64, with: 0)
        // The layers for the threads' shares only when this step has threads (on one thread they cost 1 % of the
        // step's instructions and serve nothing); without them the layers are marked out of date.
        let withLayers = threads != nil
        let layerSegments = LayerSegments(bodyCount: bodyCount, contactCount: withLayers ? count : 0)
        World.resize(&scratch.layers.work, to: withLayers ? layerSegments.total : 1, with: 0)
        var keyCount = 0
        var ranked = 0
        if let threads {
            World.resize(
                &scratch.parallel.orderCounts, to: World.orderCountWords(threads: threads, bodyCount: bodyCount),
                with: 0)
        }
        scratch.parallel.orderCounts.withUnsafeMutableBufferPointer { orderCounts in
            scratch.layers.work.withUnsafeMutableBufferPointer { layerWork in
                scratch.orderWork.withUnsafeMutableBufferPointer { work in
                    scratch.orderInput.withUnsafeBufferPointer { input in
                        scratch.orderMoving.withUnsafeBufferPointer { moving in
                            scratch.solveOrder.withUnsafeMutableBufferPointer { order in
                                scratch.colorMask.withUnsafeMutableBufferPointer { mask in
                                    scratch.colorStart.withUnsafeMutableBufferPointer { start in
                                        scratch.twoPointEnd.withUnsafeMutableBufferPointer { twoPointEnd in
                                            let s = segments.pointers(work.baseAddress!)
                                            let o = OrderOutput(
                                                input: input.baseAddress!, moving: moving.baseAddress!,
                                                order: order.baseAddress!, count: count,
                                                colorMask: mask.baseAddress! + 1, colorStart: start.baseAddress!,
                                                twoPointEnd: twoPointEnd.baseAddress!)
                                            let tail: Int, unreached: Int32
                                            if let threads, !awakeListed {
                                                // Parallel/World+ParallelOrdering.swift: the awake bodies listed
                                                // meanwhile.
                                                // Gathered there too (the sort and colouring then leave
                                                // them).
                                                var listed = 0
                                                (tail, unreached, listed) = World.withAwakeList(
                                                    &bodies, &states, &scratch.awakeBodies
                                                ) { bo, st, aw in
                                                    scratch.prepareBodies.withUnsafeMutableBufferPointer { re in
                                                        scratch.solverBodies.withUnsafeMutableBufferPointer { sb in
                                                            World.depthsFromGroundListingAwake(
                                                                s, o.moving, count: count, queued: queued,
                                                                bodyCount: bodyCount, bodies: bo, states: st,
                                                                awake: aw,
                                                                gathering: GatherTargets(
                                                                    records: re.baseAddress!,
                                                                    solverBodies: sb.baseAddress!, gather: gather),
                                                                threads: threads)
                                                        }
                                                    }
                                                }
                                                scratch.awakeBodies.removeLast(scratch.awakeBodies.count - listed)
                                                awakeListed = true
                                                awakeGathered = true
                                            } else {
                                                (tail, unreached) = World.depthsFromGround(
                                                    s, o.moving, count: count, queued: queued, bodyCount: bodyCount)
                                            }
                                            if let threads {
                                                // Parallel/World+ParallelColoring.swift: the same order, and the
                                                // layers for the threads' shares; the awake bodies gathered
                                                // meanwhile.
                                                let gathered = awakeGathered
                                                (keyCount, ranked) = World.withAwakeGather(
                                                    &scratch.prepareBodies, &scratch.solverBodies, bodies, states,
                                                    scratch.awakeBodies, gather
                                                ) { awake in
                                                    World.sortAndColorInParallel(
                                                        s, layerSegments.pointers(layerWork.baseAddress!), o,
                                                        tail: tail, unreached: unreached, bodyCount: bodyCount,
                                                        threads: threads, counts: orderCounts.baseAddress!,
                                                        awake: gathered ? nil : awake)
                                                }
                                                awakeGathered = true
                                            } else {
                                                keyCount = World.sortByKey(
                                                    s, o.moving, count: count, bodyCount: bodyCount,
                                                    unreached: unreached)
                                                World.color(s, o)
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if withLayers {
            scratch.layers.set(bodyCount: bodyCount, contactCount: count, keyCount: keyCount, ranked: ranked)
        } else {
            scratch.layers.set(bodyCount: 0, contactCount: 0, keyCount: 0, ranked: 0)
        }
        // This step's input is the next step's reference; its buffers take the next step's input.
        swap(&scratch.orderInput, &scratch.orderInputBefore)
        swap(&scratch.orderMoving, &scratch.orderMovingBefore)
    }

    /// What the ordering's pass reads of a body (`StepScratch.bodyMotion`): bit `awake`, bit `dynamic`; `moving`
    /// when both are set (the body takes impulses).
    enum BodyMotion {
        static let awake: UInt8 = 1
        static let dynamic: UInt8 = 2
        static let moving: UInt8 = 3
    }

    /// The `BodyMotion` bits of bodies `range` into `motion`.
    @inline(__always) static func noteBodyMotion(
        _ bodies: UnsafePointer<Body>, _ range: Range<Int>, into motion: UnsafeMutablePointer<UInt8>
    ) {
        for i in range {
            motion[i] =
                (bodies[i].isAwake ? BodyMotion.awake : 0) | (bodies[i].type == .dynamic ? BodyMotion.dynamic : 0)
        }
    }

    /// The pass over the contacts (see `orderContactsFromGround`): returns how many are to be solved and how many
    /// moving bodies touch something that does not move (the first layer, queued in `s.queue`).
    static func readContacts(
        _ p: ContactPass, _ s: OrderPointers, contactCount: Int, bodyCount: Int, _ gather: BodyGather
    ) -> (count: Int, queued: Int) {
        @inline(__always) func gatherBody(_ body: Int32) {
            if p.stamp[Int(body)] == gather.epoch { return }
            p.stamp[Int(body)] = gather.epoch
            gatherPrepareBody(p, body, gather)
        }
        var count = 0
        var queued = 0
        startLayers(s, bodyCount: bodyCount)
        for k in 0..<contactCount where p.contacts[k].manifold.pointCount > 0 && p.contacts[k].isSolid {
            let a = p.contacts[k].bodyA, b = p.contacts[k].bodyB
            let motionA = p.motion[Int(a)], motionB = p.motion[Int(b)]
            guard (motionA | motionB) & BodyMotion.awake != 0 else { continue }
            gatherBody(a)
            gatherBody(b)
            let ma = motionA == BodyMotion.moving
            let mb = motionB == BodyMotion.moving
            p.input[count] = Int32(k) | (p.contacts[k].manifold.pointCount == 2 ? twoPointFlag : 0)
            p.moving[count] = SIMD2(ma ? a : -1, mb ? b : -1)
            count &+= 1
            linkMovingBodies(s, p.moving[count - 1], queued: &queued)
        }
        return (count, queued)
    }

    /// Clears the depths (−1: not reached; the side that does not move, index −1, is 0) and the degrees. (The
    /// parallel pass clears them on its threads: Parallel/World+ParallelOrdering.swift, `sumDegrees`.)
    @inline(__always) static func startLayers(_ s: OrderPointers, bodyCount: Int) {
        s.depth[-1] = 0
        s.depth.update(repeating: -1, count: bodyCount)
        s.rows.update(repeating: 0, count: bodyCount + 1)
    }

    /// One contact to solve, by its moving bodies (−1: that side does not move): counts it in both moving bodies'
    /// degrees, or queues its one moving body in the first layer (one layer up from the ground) if not yet there.
    @inline(__always) static func linkMovingBodies(_ s: OrderPointers, _ m: SIMD2<Int32>, queued: inout Int) {
        let a = m.x, b = m.y
        if a >= 0 && b >= 0 {
            s.rows[Int(a)] &+= 1
            s.rows[Int(b)] &+= 1
        } else if (a >= 0) != (b >= 0) {
            let body = Swift.max(a, b)
            if s.depth[Int(body)] == -1 {
                s.depth[Int(body)] = 1
                s.queue[queued] = body
                queued &+= 1
            }
        }
    }

    /// Body `body`'s `PrepareBody` record and single-precision solver body for this step.
    @inline(__always) static func gatherPrepareBody(_ p: ContactPass, _ body: Int32, _ gather: BodyGather) {
        gatherPrepareBody(
            records: p.records, solverBodies: p.solverBodies, bodies: p.bodies, states: p.states, body, gather)
    }

    /// `gatherPrepareBody` from the arrays' pointers.
    @inline(__always) static func gatherPrepareBody(
        records: UnsafeMutablePointer<PrepareBody>, solverBodies: UnsafeMutablePointer<SolverBody>,
        bodies: UnsafePointer<Body>, states: UnsafePointer<BodyState>, _ body: Int32, _ gather: BodyGather
    ) {
        let i = Int(body)
        records[i] = PrepareBody(bodies + i, states + i, index: body, gravity: gather.gravity, sink: gather.sink)
        solverBodies[i] = World.solverBody(states[i])
    }

    /// Forgets the last computed order, so the next step sorts and colours from scratch (tests compare the two).
    package mutating func invalidateOrderCache() {
        scratch.orderInputBefore.removeAll(keepingCapacity: true)
        scratch.orderMovingBefore.removeAll(keepingCapacity: true)
    }

    /// Breadth-first depth from the ground over the graph of moving bodies (`depth`; −1: not reached). Returns the
    /// bodies the ground reaches (`queue[0 ..< tail]`, in breadth-first order) and the key of the contacts it does
    /// not reach (one past the deepest layer's depth), the last key.
    static func depthsFromGround(
        _ s: OrderPointers, _ moving: UnsafePointer<SIMD2<Int32>>, count: Int, queued: Int, bodyCount: Int
    ) -> (tail: Int, unreached: Int32) {
        // Adjacency of moving bodies through the contacts (compressed rows): row ends from the degrees, then each
        // row filled backwards, which leaves `rows[i]` at the row's start. A row's order does not change the depths.
        var total: Int32 = 0
        for i in 0..<bodyCount {
            total &+= s.rows[i]
            s.rows[i] = total
        }
        s.rows[bodyCount] = total
        for i in 0..<count {
            let a = moving[i].x, b = moving[i].y
            if a >= 0 && b >= 0 {
                s.rows[Int(a)] &-= 1
                s.edges[Int(s.rows[Int(a)])] = b
                s.rows[Int(b)] &-= 1
                s.edges[Int(s.rows[Int(b)])] = a
            }
        }
        // Without a branch per edge (whether a neighbour is new is a coin toss the processor mispredicts): every
        // neighbour is written at the queue's tail, which moves past it only when it is new, and a depth is kept
        // or set by a select. The queue has one slot more than the bodies for the write past the last one.
        var head = 0
        var tail = queued
        while head < tail {
            let b = s.queue[head]
            head &+= 1
            let next = s.depth[Int(b)] &+ 1
            var e = Int(s.rows[Int(b)])
            let end = Int(s.rows[Int(b) + 1])
            while e < end {
                let n = s.edges[e]
                let old = s.depth[Int(n)]
                let found = old == -1
                s.depth[Int(n)] = found ? next : old
                s.queue[tail] = n
                tail &+= found ? 1 : 0
                e &+= 1
            }
        }
        // Breadth first: the last body queued is the deepest.
        let maxDepth = tail > 0 ? Swift.max(1, s.depth[Int(s.queue[tail - 1])]) : 1
        return (tail, maxDepth + 1)
    }

    /// Each contact's sort key, the lower depth of its bodies (0 for a side that does not move; `unreached` for a
    /// body the ground does not reach, whose depth becomes it), and the contacts sorted by key, stably (`sorted`;
    /// `heads[key]` the end of the key's run). Returns the number of keys.
    static func sortByKey(
        _ s: OrderPointers, _ moving: UnsafePointer<SIMD2<Int32>>, count: Int, bodyCount: Int, unreached: Int32
    ) -> Int {
        // Bodies the ground does not reach sort last; `depth[-1]` is 0, the depth of a side that does not move.
        for i in 0..<bodyCount where s.depth[i] < 0 { s.depth[i] = unreached }
        // A stable counting sort by key: each contact's key (kept in `colorOf` until the colouring), the keys'
        // counts, their starts, then the contacts in key order into `sorted` (in list order within a key). The
        // colouring then walks an array, not a linked list: its loads do not wait on one another.
        let keys = Int(unreached) + 1
        s.heads.update(repeating: 0, count: keys)
        for i in 0..<count {
            let key = Swift.min(s.depth[Int(moving[i].x)], s.depth[Int(moving[i].y)])
            s.colorOf[i] = key
            s.heads[Int(key)] &+= 1
        }
        var start: Int32 = 0
        for key in 0..<keys {
            let n = s.heads[key]
            s.heads[key] = start
            start &+= n
        }
        for i in 0..<count {
            let key = Int(s.colorOf[i])
            s.sorted[Int(s.heads[key])] = Int32(i)
            s.heads[key] &+= 1
        }
        return keys
    }

    /// The moving bodies in layer order, for the threads' shares (Parallel/World+ParallelShares.swift): those the
    /// ground reaches in breadth-first order (by depth), then the others in contact order; each body's rank in that
    /// order, the moving bodies by key (a body of depth d has key d − 1, the key of the contacts that reach it from
    /// below; an unreached one the unreached contacts' key) and the end of each key's contacts in the sorted order
    /// (`heads` after the sort). Returns the bodies ranked.
    static func rankBodies(
        _ s: OrderPointers, _ l: LayerPointers, _ moving: UnsafePointer<SIMD2<Int32>>, count: Int, tail: Int,
        keys: Int, bodyCount: Int
    ) -> Int {
        l.rank.update(repeating: -1, count: bodyCount)
        l.bodyKeys.update(repeating: 0, count: keys)
        l.keyEnds.update(from: s.heads, count: keys)
        var ranked: Int32 = 0
        for q in 0..<tail {
            let b = Int(s.queue[q])
            l.rank[b] = ranked
            ranked &+= 1
            l.bodyKeys[Int(s.depth[b]) &- 1] &+= 1
        }
        let unreached = keys - 1
        @inline(__always) func rankUnreached(_ b: Int32) {
            guard b >= 0 && l.rank[Int(b)] < 0 else { return }
            l.rank[Int(b)] = ranked
            ranked &+= 1
            l.bodyKeys[unreached] &+= 1
        }
        for i in 0..<count {
            rankUnreached(moving[i].x)
            rankUnreached(moving[i].y)
        }
        return Int(ranked)
    }

    /// Greedy colouring in sorted order, first fit, into up to 64 colours plus one overflow colour; then the
    /// contacts by colour (`colorStart[c]`: end of colour c) in sorted order, each of colours 0–63 with its two-point
    /// manifolds first (`twoPointEnd[c]`: where its one-point manifolds begin), so that every bundle of four is all
    /// one kind. Inside colours 0–63 the sorted order carries no meaning for the numbers, but it keeps each thread's
    /// share of a colour (a contiguous run, Parallel/WorkerPool.swift) near the same layers from colour to colour,
    /// so a thread mostly reads bodies it wrote itself, not lines the other core holds.
    private static func color(_ s: OrderPointers, _ o: OrderOutput) {
        o.colorStart.update(repeating: 0, count: 66)
        // `twoPointEnd[c]` counts colour c's two-point manifolds first.
        o.twoPointEnd.update(repeating: 0, count: 64)
        for j in 0..<o.count { firstFit(s, o, j) }
        for c in 0..<65 { o.colorStart[c + 1] &+= o.colorStart[c] }
        for i in 0..<o.count {
            o.colorMask[Int(o.moving[i].x)] = 0
            o.colorMask[Int(o.moving[i].y)] = 0
        }
        // Cursors: colour c's two-point manifolds from its start (`colorStart[c]`), its one-point manifolds from
        // `twoPointEnd[c]`. Dealing moves `colorStart[c]` to the end of colour c's two-point run; it is then the
        // colour's end once more.
        for c in 0..<64 { o.twoPointEnd[c] &+= o.colorStart[c] }
        for j in 0..<o.count { deal(s, o, j, onePoint: o.twoPointEnd, other: o.colorStart) }
        // Now `colorStart[c]` (c < 64) is the end of the two-point run, which is where the one-point run begins, and
        // `twoPointEnd[c]` the colour's end: swap them back.
        for c in 0..<64 { swap(&o.colorStart[c], &o.twoPointEnd[c]) }
    }

    /// The colour of the contact at sorted position `j`: the first colour neither of its moving bodies has taken
    /// yet (64, the overflow colour, when both have taken all 64), taken for both; kept in `colorOf[j]`, counted in
    /// `colorStart[color + 1]` and, for a two-point manifold of colours 0–63, in `twoPointEnd[color]`.
    @inline(__always) static func firstFit(_ s: OrderPointers, _ o: OrderOutput, _ j: Int) {
        let i = Int(s.sorted[j])
        let a = Int(o.moving[i].x), b = Int(o.moving[i].y)
        // `colorMask[-1]` stands for the side that does not move: always 0.
        let used = o.colorMask[a] | o.colorMask[b]
        let color = used == .max ? 64 : (~used).trailingZeroBitCount
        if color < 64 {
            o.colorMask[a] |= 1 << UInt64(color)
            o.colorMask[b] |= 1 << UInt64(color)
            o.colorMask[-1] = 0
            o.twoPointEnd[color] &+= o.input[i] < 0 ? 1 : 0
        }
        // By sorted position: the keys in `colorOf` are not read again.
        s.colorOf[j] = Int32(color)
        o.colorStart[color + 1] &+= 1
    }

    /// Deals the contact at sorted position `j` (colour `colorOf[j]`) into the order at its colour's cursor, which
    /// then moves on: `onePoint[c]` for a one-point manifold of colours 0–63, else `other[c]` (two-point manifolds,
    /// and the overflow colour). Returns the position it took.
    @discardableResult @inline(__always) static func deal(
        _ s: OrderPointers, _ o: OrderOutput, _ j: Int, onePoint: UnsafeMutablePointer<Int32>,
        other: UnsafeMutablePointer<Int32>
    ) -> Int {
        let c = Int(s.colorOf[j])
        let k = o.input[Int(s.sorted[j])]
        // The cursor picked by a select, not a branch (one-point and two-point manifolds mix in a crowd of boxes).
        let cursor = c < 64 && k >= 0 ? onePoint + c : other + c
        let position = Int(cursor.pointee)
        o.order[position] = k & ~twoPointFlag
        cursor.pointee &+= 1
        return position
    }

    /// Marks a contact with two manifold points in the ordering's input (`orderInput`), so that a change of point
    /// count is a change of input (the order of the last step is reused only when the input is the same).
    static let twoPointFlag = Int32.min

    /// Sets `array`'s count to `count`, keeping its capacity (new elements are `value`).
    @inline(__always) static func resize<T>(_ array: inout [T], to count: Int, with value: T) {
        if array.count < count {
            array.append(contentsOf: repeatElement(value, count: count - array.count))
        } else if array.count > count {
            array.removeLast(array.count - count)
        }
    }

    /// Grows `array` to at least `count` elements with `value`, never shrinking it (scratch lists whose capacity is
    /// kept: by chunk, by thread).
    @inline(__always) static func grow<T>(_ array: inout [T], to count: Int, with value: T) {
        if array.count < count { array.append(contentsOf: repeatElement(value, count: count - array.count)) }
    }

    /// Whether two arrays of plain integers (or vectors of them, which have no padding) hold the same values: their
    /// bytes compared by `memcmp` (on `pile 4000 --nosleep` 3–6 µs a step against 7–10 for a loop over eight bytes at
    /// a time).
    @inline(__always) private static func equal<T: BitwiseCopyable>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count
            && a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in
                    guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
                    return mBytesEqual(pa, pb, count: a.count)
                }
            }
    }
}

/// Where each working array of the ordering lies in `StepScratch.orderWork` (counts in elements).
private struct OrderSegments {
    let bodyCount: Int, contactCount: Int

    /// Depth (one more, before: index −1), rows (one more), queue (one more), heads (three more: keys run to the
    /// deepest layer + 2) per body; the sorted order and colour per contact; edges two per contact.
    var total: Int { 4 * bodyCount + 6 + 4 * contactCount }

    func pointers(_ base: UnsafeMutablePointer<Int32>) -> OrderPointers {
        let nb = bodyCount, nc = contactCount
        let depth = base + 1
        let rows = depth + nb
        let queue = rows + nb + 1
        let heads = queue + nb + 1
        let sorted = heads + nb + 3
        let colorOf = sorted + nc
        let edges = colorOf + nc
        return OrderPointers(
            depth: depth, rows: rows, queue: queue, heads: heads, sorted: sorted, colorOf: colorOf, edges: edges)
    }
}

/// What the ordering leaves for the threads' shares of a parallel step (Parallel/World+ParallelShares.swift), made
/// with the order and kept with it (`rankBodies`): one buffer cut into segments (`LayerSegments`).
package struct OrderLayers: Sendable {
    var work: [Int32] = []
    /// The sizes the buffer was cut for: bodies, contacts to solve, keys (layers of contacts), moving bodies ranked.
    private(set) var bodyCount = 0, contactCount = 0, keyCount = 0, ranked = 0

    mutating func set(bodyCount: Int, contactCount: Int, keyCount: Int, ranked: Int) {
        self.bodyCount = bodyCount
        self.contactCount = contactCount
        self.keyCount = keyCount
        self.ranked = ranked
    }

    package init() {}
}

/// Where each array of `OrderLayers` lies in its buffer: by body its rank (−1: not a moving body of a contact to
/// solve); by key the end of its contacts in the sorted order and its moving bodies; by position in `solveOrder`
/// its contact's key.
struct LayerSegments {
    let bodyCount: Int, contactCount: Int

    /// Keys run to the deepest layer + 2, at most `bodyCount + 3`.
    var total: Int { 3 * bodyCount + 6 + contactCount }
    /// Where the moving bodies by key begin, and the contacts' keys.
    var bodyKeysOffset: Int { 2 * bodyCount + 3 }
    var keysOffset: Int { 3 * bodyCount + 6 }

    func pointers(_ base: UnsafeMutablePointer<Int32>) -> LayerPointers {
        let keyEnds = base + bodyCount
        let bodyKeys = keyEnds + bodyCount + 3
        return LayerPointers(rank: base, keyEnds: keyEnds, bodyKeys: bodyKeys, keys: bodyKeys + bodyCount + 3)
    }
}

/// The arrays of `OrderLayers` (`LayerSegments`).
struct LayerPointers {
    let rank: UnsafeMutablePointer<Int32>, keyEnds: UnsafeMutablePointer<Int32>
    let bodyKeys: UnsafeMutablePointer<Int32>, keys: UnsafeMutablePointer<Int32>
}

/// What the ordering's pass over the contacts reads (contacts, bodies, states) and writes (the gathered bodies'
/// records, stamps and solver bodies; the ordering's input).
struct ContactPass {
    let contacts: UnsafePointer<Contact>, bodies: UnsafePointer<Body>, states: UnsafePointer<BodyState>
    let records: UnsafeMutablePointer<PrepareBody>, stamp: UnsafeMutablePointer<UInt32>
    let solverBodies: UnsafeMutablePointer<SolverBody>
    let input: UnsafeMutablePointer<Int32>, moving: UnsafeMutablePointer<SIMD2<Int32>>
    /// By body: `World.BodyMotion` bits, noted at the pass's start (`World.noteBodyMotion`), then read.
    let motion: UnsafeMutablePointer<UInt8>
}

/// The ordering's working arrays, by body: depth from the ground (−1 not reached), adjacency rows (degrees, then
/// row starts), breadth-first queue; by sort key: its count, then where its contacts go in `sorted`; the contacts
/// to solve in key order (`sorted`, positions in the input); by contact to solve its key, then by sorted position
/// its colour (`colorOf`); the adjacency (`edges`).
struct OrderPointers {
    let depth: UnsafeMutablePointer<Int32>, rows: UnsafeMutablePointer<Int32>, queue: UnsafeMutablePointer<Int32>
    let heads: UnsafeMutablePointer<Int32>
    let sorted: UnsafeMutablePointer<Int32>, colorOf: UnsafeMutablePointer<Int32>
    let edges: UnsafeMutablePointer<Int32>
}

/// The colouring's input and output (`World.color`): by contact to solve its input entry (two-point flag) and moving
/// bodies; the order; the colour masks by body (index −1 allowed: the side that does not move); the colours' ends
/// and two-point runs.
struct OrderOutput {
    let input: UnsafePointer<Int32>, moving: UnsafePointer<SIMD2<Int32>>
    let order: UnsafeMutablePointer<Int32>
    let count: Int
    let colorMask: UnsafeMutablePointer<UInt64>
    let colorStart: UnsafeMutablePointer<Int32>, twoPointEnd: UnsafeMutablePointer<Int32>
}
