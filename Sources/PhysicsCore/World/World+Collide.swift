/// Narrow phase: refresh the manifold of every contact with an awake body, retire pairs whose bounds parted,
/// record touch begin/end and wake sleeping islands that are hit.
extension World {
    package mutating func collide(dt: Double) {
        if !velocityChanged.isEmpty { sweepBodiesGivenVelocity(dt: dt) }
        updatePairs()
        profileMark(.pairs)
        var wakeList: [Int32] = []
        deepBodies.removeAll(keepingCapacity: true)
        var deep: [Int32] = []
        swap(&deep, &deepBodies)  // filled inside the closures below, its capacity kept
        // The contacts to retire or with an end event, in contact order (`noteFlaggedContacts`), on one thread; with
        // threads, what the retirement needs of them, found by the threads (`retireContacts`).
        var flagged: [Int32] = []
        var retirement = Retirement()
        swap(&retirement, &scratch.retirement)  // the scratch arrays, their capacity kept
        retirement.removeAll()
        var begins: [Int32] = []
        swap(&begins, &scratch.beginCandidates)  // filled below, its capacity kept
        begins.removeAll(keepingCapacity: true)
        var touches = TouchCounts()
        // Parallel/World+ParallelCollide.swift: the same updates; the contacts the parallel pair descent made are
        // tracked there beside the narrow phase of the others, or here before the serial loop.
        let pending = scratch.parallel.pendingPairChunks
        let made = scratch.parallel.pairContacts[0..<pending].reduce(0) { $0 + $1.count }
        if let threads = acquireThreads(forWork: contacts.count + made) {
            collideInParallel(
                dt: dt, threads: threads, retirement: &retirement, wakeList: &wakeList, deepBodies: &deep,
                begins: &begins, touches: &touches)
            WorkerPool.shared.release()
        } else {
            trackPendingPairs()
            withCollideContext(dt: dt) { context in
                // A local copy: its fields stay in registers (or the frame) across the loop instead of being read
                // again through the context's address for every pair.
                let c = context
                for k in 0..<c.co.count {
                    let f = World.updateContact(k, c)
                    if f != 0 { World.record(f, of: k, c, &flagged, &wakeList, &deep, &begins, &touches) }
                }
            }
        }
        profileMark(.narrowPhase)
        scratch.touches = touches
        swap(&deep, &deepBodies)
        // End events, then retire parted pairs (stable order); the candidates' indices follow the compaction.
        if !flagged.isEmpty { noteFlaggedContacts(flagged, into: &retirement) }
        if !retirement.isEmpty { retireContacts(retirement, candidates: &begins) }
        swap(&retirement, &scratch.retirement)
        swap(&begins, &scratch.beginCandidates)
        scratch.fullBeginScan = !wakeList.isEmpty
        for b in wakeList { wakeIsland(of: b) }
        for b in deepBodies { bodies[Int(b)].needsContinuous = true }
        profileMark(.retireAndWake)
    }

    /// What `updateContact` found that the step must act on after the narrow phase, in contact order.
    enum ContactUpdate {
        /// The pair parted (retire it) or stopped touching (end event): the contact goes on the list that
        /// `retireFlaggedContacts` compacts.
        static let compaction: UInt8 = 1
        /// Body A (B) is pressed deep into static geometry: continuous collision guards it.
        static let deepA: UInt8 = 2
        static let deepB: UInt8 = 4
        /// Body A (B) sleeps and is hit: wake its island.
        static let wakeA: UInt8 = 8
        static let wakeB: UInt8 = 16
        /// The contact began touching, or has points without touching, so the solve's impulse may make it begin:
        /// a candidate for `emitBeginEvents` (`StepScratch.beginCandidates`).
        static let mayBegin: UInt8 = 32
        /// The contact is solid and touching (`TouchCounts.touching`).
        static let touching: UInt8 = 64
        /// ... and began touching less than `WorldSettings.settlingTime` ago (`TouchCounts.settling`).
        static let settling: UInt8 = 128
    }

    /// How many solid contacts touch after the narrow phase, and how many of them began touching within
    /// `WorldSettings.settlingTime` (`StepScratch.touches`; `settlingPasses` reads them). Integers, so the count
    /// is the same whatever the thread count.
    package struct TouchCounts: Sendable, Equatable {
        package var touching = 0
        package var settling = 0
        package init() {}
    }

    /// The arrays and constants of the narrow phase.
    struct CollideContext {
        let co: UnsafeMutableBufferPointer<Contact>
        let mc: UnsafeMutableBufferPointer<ManifoldCache>
        let sh: UnsafeBufferPointer<Shape>
        let bo: UnsafeBufferPointer<Body>
        let st: UnsafeBufferPointer<BodyState>
        let vp: UnsafeBufferPointer<Vec2>
        let np: UnsafeBufferPointer<Vec2>
        let dt: Double
        let slop: Double
        let baseSpeculative: Double
        let sleepSpeed: Double
        /// This step's `Contact.touchStep` stamp.
        let stepStamp: UInt32
        /// Steps for which a contact that began touching counts as settling (`WorldSettings.settlingTime`).
        let settlingSteps: UInt32
    }

    /// Calls `body` with the narrow phase's arrays.
    mutating func withCollideContext<R>(dt: Double, _ body: (CollideContext) -> R) -> R {
        let slop = settings.linearSlop
        let sleepSpeed = settings.sleepLinearThreshold
        let stepStamp = UInt32(truncatingIfNeeded: stepCount)
        let settlingSteps = World.settlingSteps(settings.settlingTime, dt: dt)
        return vertexPool.withUnsafeBufferPointer { vp in
            normalPool.withUnsafeBufferPointer { np in
                shapes.withUnsafeBufferPointer { sh in
                    bodies.withUnsafeBufferPointer { bo in
                        states.withUnsafeBufferPointer { st in
                            contacts.withUnsafeMutableBufferPointer { co in
                                manifoldCaches.withUnsafeMutableBufferPointer { mc in
                                    body(
                                        CollideContext(
                                            co: co, mc: mc, sh: sh, bo: bo, st: st, vp: vp, np: np, dt: dt, slop: slop,
                                            baseSpeculative: 4 * slop, sleepSpeed: sleepSpeed, stepStamp: stepStamp,
                                            settlingSteps: settlingSteps))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Steps for which a contact counts as settling after it began touching: `time` in steps of `dt`, rounded up
    /// (0 when `time` is not a positive finite number: nothing settles).
    static func settlingSteps(_ time: Double, dt: Double) -> UInt32 {
        let steps = (time / dt).rounded(.up)
        guard steps.isFinite, steps > 0 else { return 0 }
        return steps >= Double(UInt32.max) ? UInt32.max : UInt32(steps)
    }

    /// Adds what contact `k`'s update found to the step's lists (in contact order, as the serial loop met them).
    @inline(__always) static func record(
        _ f: UInt8, of k: Int, _ c: CollideContext, _ flagged: inout [Int32], _ wakeList: inout [Int32],
        _ deep: inout [Int32], _ begins: inout [Int32], _ touches: inout TouchCounts
    ) {
        if f & ContactUpdate.touching != 0 {
            touches.touching &+= 1
            if f & ContactUpdate.settling != 0 { touches.settling &+= 1 }
        }
        if f & ContactUpdate.compaction != 0 { flagged.append(Int32(truncatingIfNeeded: k)) }
        if f & ContactUpdate.mayBegin != 0 { begins.append(Int32(truncatingIfNeeded: k)) }
        if f & ContactUpdate.deepB != 0 { deep.append(c.co[k].bodyB) }
        if f & ContactUpdate.deepA != 0 { deep.append(c.co[k].bodyA) }
        if f & ContactUpdate.wakeA != 0 { wakeList.append(c.co[k].bodyA) }
        if f & ContactUpdate.wakeB != 0 { wakeList.append(c.co[k].bodyB) }
    }

    /// Refreshes contact `k` (when one of its bodies is awake): its manifold, warm-start impulses and touch state.
    /// Writes only contact `k` and its manifold cache, so contacts can be updated in any order, on any thread.
    @inline(__always) static func updateContact(_ k: Int, _ c: CollideContext) -> UInt8 {
        let mc = c.mc, sh = c.sh, bo = c.bo, st = c.st, vp = c.vp, np = c.np
        let dt = c.dt, baseSpeculative = c.baseSpeculative
        // The contact is read and written in place (a `Contact` record is two cache lines; its manifold alone is
        // 88 bytes, which a copy in and out per pair cost measurably).
        // `k` is a contact's index, so the arrays are not empty: their base addresses are unwrapped unchecked (no
        // test and branch per pair; still checked in debug builds).
        let ck = c.co.baseAddress.unsafelyUnwrapped + k
        let ia = Int(ck.pointee.bodyA), ib = Int(ck.pointee.bodyB)
        let awakeA = bo[ia].isAwake, awakeB = bo[ib].isAwake
        if !awakeA && !awakeB { return 0 }
        // Read the shapes' boxes in place (a Shape record is several cache lines; copying two per pair was
        // a measurable share of the narrow phase in crowds).
        let sa = sh.baseAddress.unsafelyUnwrapped + Int(ck.pointee.shapeA),
            sb = sh.baseAddress.unsafelyUnwrapped + Int(ck.pointee.shapeB)
        if !sa.pointee.fatAABB.overlaps(sb.pointee.fatAABB) {
            ck.pointee.retire = true
            return ContactUpdate.compaction
        }
        let relSpeed =
            (st[ib].v - st[ia].v).length + abs(st[ia].w) * bo[ia].maxExtent + abs(
                st[ib].w)
            * bo[ib].maxExtent
        let speculative = baseSpeculative + relSpeed * dt
        let settled = relSpeed * dt <= ManifoldCache.settledMotion
        let oldCount = ck.pointee.manifold.pointCount
        // Tight boxes further apart than the speculative distance: the shapes are too, so the narrow phase
        // would return no point (common in crowds of small items, whose fattened boxes overlap widely).
        let boxA = sa.pointee.aabb, boxB = sb.pointee.aabb
        let gapX = Swift.max(boxA.lower.x - boxB.upper.x, boxB.lower.x - boxA.upper.x)
        let gapY = Swift.max(boxA.lower.y - boxB.upper.y, boxB.lower.y - boxA.upper.y)
        let xfA = bo[ia].transform, xfB = bo[ib].transform
        if Swift.max(gapX, gapY) > speculative {
            // Still apart and had no point: nothing below would change (no impulses to carry, not
            // touching), so skip the writes.
            if oldCount == 0 && !ck.pointee.isTouching { return 0 }
            mc[k].invalidate()
            adopt(Manifold(), ck)
        } else if sa.pointee.geometry.kind == .circle
            && sb.pointee.geometry.kind == .circle
        {
            // Two circles: their routine costs about what a reuse test does, so no cache.
            adopt(collideCircles(sa.pointee.geometry, xfA, sb.pointee.geometry, xfB, speculative), ck)
        } else if settled && mc[k].canReuse(xfA, xfB, speculativeDistance: speculative) {
            // Same relative pose (ManifoldCache.swift): same points and ids, so the accumulated
            // impulses carry over as they are.
            adoptReused(mc.baseAddress.unsafelyUnwrapped + k, ck, xfA, xfB)
        } else {
            let m: Manifold
            if sa.pointee.geometry.kind == .polygon && sb.pointee.geometry.kind == .polygon,
                let vertices = vp.baseAddress, let normals = np.baseAddress
            {
                // With the pair's separating-axis hint (same result, less work). The polygons are read from the
                // shape records in place: a `ConvexView` copies the whole geometry record, twice per pair, which
                // cost about a third of this path's own work in the tumbling crowd.
                let pa = World.polygon(sa, vertices, normals), pb = World.polygon(sb, vertices, normals)
                let known = mc[k].centredQuads
                if separatingAxisHolds(
                    mc[k].separatingAxis, pa, xfA, pb, xfB, speculative,
                    centredA: known & ManifoldCache.centredA != 0, centredB: known & ManifoldCache.centredB != 0)
                {
                    // Kept apart by the same edge as last time (most pairs that stay apart): the empty manifold,
                    // without the call.
                    m = Manifold()
                } else {
                    var centred = mc[k].centredQuads
                    if centred == 0 {
                        centred = ManifoldCache.shapesKnown
                        if pa.isCentredQuad { centred |= ManifoldCache.centredA }
                        if pb.isCentredQuad { centred |= ManifoldCache.centredB }
                        mc[k].centredQuads = centred
                    }
                    var axis = NarrowPhase.noAxis  // the hint was just tried
                    m = collidePolygons(
                        pa, xfA, pb, xfB, speculative, separatingAxis: &axis,
                        centredA: centred & ManifoldCache.centredA != 0,
                        centredB: centred & ManifoldCache.centredB != 0)
                    mc[k].separatingAxis = axis
                }
            } else {
                let va = World.view(sa.pointee, vp.baseAddress, np.baseAddress)
                let vb = World.view(sb.pointee, vp.baseAddress, np.baseAddress)
                m = PhysicsCore.collide(va, xfA, vb, xfB, speculativeDistance: speculative)
            }
            // A pair moving apart or together faster than the tolerance per step cannot reuse
            // the manifold in the next one: no cache.
            if settled {
                mc[k].store(m, xfA, xfB, speculativeDistance: speculative)
            } else {
                mc[k].invalidate()
            }
            // Still apart with no point, as in the step before (most often found by the separating-axis hint):
            // as for boxes apart above, nothing below would change, so skip the writes.
            if m.pointCount == 0 && oldCount == 0 && !ck.pointee.isTouching { return 0 }
            adopt(m, ck)
        }
        return touchUpdate(ck, oldCount: oldCount, awakeA: awakeA, awakeB: awakeB, c)
    }

    /// Makes `m` contact `ck`'s manifold, with the accumulated impulses of its points matched by feature id for
    /// warm starting (a point with a new id starts from zero); with no point, the old normal is kept.
    @inline(__always) static func adopt(_ m: Manifold, _ ck: UnsafeMutablePointer<Contact>) {
        var m = m
        let old = ck.pointee.manifold
        var n0 = 0.0, n1 = 0.0, t0 = 0.0, t1 = 0.0
        for p in 0..<m.pointCount {
            let id = m[p].id
            var ni = 0.0, ti = 0.0
            if old.pointCount > 0 && old.point0.id == id {
                ni = ck.pointee.normalImpulse0; ti = ck.pointee.tangentImpulse0
            } else if old.pointCount > 1 && old.point1.id == id {
                ni = ck.pointee.normalImpulse1; ti = ck.pointee.tangentImpulse1
            }
            if p == 0 { n0 = ni; t0 = ti } else { n1 = ni; t1 = ti }
        }
        if m.pointCount == 0 { m.normal = old.normal }
        ck.pointee.manifold = m
        ck.pointee.normalImpulse0 = n0
        ck.pointee.normalImpulse1 = n1
        ck.pointee.tangentImpulse0 = t0
        ck.pointee.tangentImpulse1 = t1
    }

    /// `adopt` of the cached manifold carried to `xfA`, `xfB`, written in place: a reuse keeps the point count and
    /// the ids, so the id matching has a known outcome — each point keeps its impulses (point 1 takes point 0's
    /// when the two share an id, as the matching finds point 0 first) and a missing point's are zero.
    @inline(__always) static func adoptReused(
        _ cache: UnsafePointer<ManifoldCache>, _ ck: UnsafeMutablePointer<Contact>, _ xfA: Transform,
        _ xfB: Transform
    ) {
        let count = ck.pointee.manifold.pointCount
        if count == 0 {
            ck.pointee.normalImpulse0 = 0
            ck.pointee.tangentImpulse0 = 0
        } else {
            cache.pointee.reuse(in: &ck.pointee.manifold, xfA, xfB)
        }
        if count < 2 {
            ck.pointee.normalImpulse1 = 0
            ck.pointee.tangentImpulse1 = 0
        } else if ck.pointee.manifold.point1.id == ck.pointee.manifold.point0.id {
            ck.pointee.normalImpulse1 = ck.pointee.normalImpulse0
            ck.pointee.tangentImpulse1 = ck.pointee.tangentImpulse0
        }
    }

    /// After contact `ck`'s manifold was updated (it had `oldCount` points before): its touch state and events, and
    /// the flags of what the step must act on (deep points against static geometry, sleepers to wake).
    @inline(__always) private static func touchUpdate(
        _ ck: UnsafeMutablePointer<Contact>, oldCount: Int, awakeA: Bool, awakeB: Bool, _ c: CollideContext
    ) -> UInt8 {
        let bo = c.bo, st = c.st, slop = c.slop, sleepSpeed = c.sleepSpeed
        let ia = Int(ck.pointee.bodyA), ib = Int(ck.pointee.bodyB)
        var flags: UInt8 = 0
        let count = ck.pointee.manifold.pointCount
        var minSep = Double.greatestFiniteMagnitude
        if count > 0 { minSep = Swift.min(minSep, ck.pointee.manifold.point0.separation) }
        if count > 1 { minSep = Swift.min(minSep, ck.pointee.manifold.point1.separation) }
        let touching = count > 0 && minSep < slop
        // A body pressed deep into static geometry (by a crowd or a joint) gets the centre-crossing guard
        // of continuous collision even when it moves slowly.
        if ck.pointee.isSolid && minSep < 0 {
            if bo[ib].type == .dynamic && bo[ia].type == .static
                && minSep < -0.25 * bo[ib].minExtent
            {
                flags |= ContactUpdate.deepB
            } else if bo[ia].type == .dynamic && bo[ib].type == .static
                && minSep < -0.25 * bo[ia].minExtent
            {
                flags |= ContactUpdate.deepA
            }
        }
        let was = ck.pointee.isTouching
        ck.pointee.isTouching = touching
        if touching && ck.pointee.isSolid {
            if !was { ck.pointee.touchStep = c.stepStamp }
            flags |= ContactUpdate.touching
            if c.stepStamp &- ck.pointee.touchStep < c.settlingSteps { flags |= ContactUpdate.settling }
        }
        // A sleeping body would be an immovable wall to the solver: wake its island (before this step's
        // solve) when a contact with an awake body begins — speculative points count, as in Box2D, or the
        // striker is stopped short of the sleeper and never touches it — or when the awake side approaches
        // a sleeper it already had points with.
        if ck.pointee.isSolid && count > 0 && (!awakeA || !awakeB)
            && (touching && !was || oldCount == 0
                || World.approaches(
                    ck.pointee.manifold, bo[ia], st[ia], bo[ib], st[ib], faster: sleepSpeed))
        {
            if !awakeA && bo[ia].type == .dynamic { flags |= ContactUpdate.wakeA }
            if !awakeB && bo[ib].type == .dynamic { flags |= ContactUpdate.wakeB }
        }
        if touching && !was {
            if ck.pointee.reportsEvents { ck.pointee.beganTouch = true }
        } else if !touching && was && ck.pointee.reportsEvents {
            ck.pointee.endedTouch = true
            flags |= ContactUpdate.compaction
        }
        // What `World.beginsTouching` looks for after the solve: a begin found here, or points not yet touching
        // that the solve may push on.
        if ck.pointee.beganTouch || (!touching && count > 0 && ck.pointee.isSolid) { flags |= ContactUpdate.mayBegin }
        return flags
    }

    /// Whether the two bodies close on some point of the manifold faster than `speed` (pt/s).
    @inline(__always) private static func approaches(
        _ m: Manifold, _ a: Body, _ sa: BodyState, _ b: Body,
        _ sb: BodyState, faster speed: Double
    ) -> Bool {
        for p in 0..<m.pointCount {
            let point = m[p].point
            let va = sa.v + cross(sa.w, point - a.center)
            let vb = sb.v + cross(sb.w, point - b.center)
            if dot(vb - va, m.normal) < -speed { return true }
        }
        return false
    }

    /// Forgets every pair's cached manifold, so the next narrow phase computes them all (tests compare the two).
    package mutating func invalidateManifoldCaches() {
        for k in manifoldCaches.indices { manifoldCaches[k].invalidate() }
    }

    /// The polygon of the `.polygon` shape at `s`, read in place (no copy of the shape's geometry record).
    @inline(__always) static func polygon(
        _ s: UnsafePointer<Shape>, _ verts: UnsafePointer<Vec2>, _ norms: UnsafePointer<Vec2>
    ) -> NarrowPolygon {
        let start = Int(s.pointee.geometry.vertexStart)
        return NarrowPolygon(
            vertices: verts + start, normals: norms + start, count: Int(s.pointee.geometry.vertexCount))
    }

    @inline(__always) package static func view(_ s: Shape, _ verts: UnsafePointer<Vec2>?, _ norms: UnsafePointer<Vec2>?)
        -> ConvexView
    {
        let g = s.geometry
        if g.kind == .polygon, let verts, let norms {
            return ConvexView(geometry: g, vertices: verts + Int(g.vertexStart), normals: norms + Int(g.vertexStart))
        }
        return ConvexView(geometry: g, vertices: nil, normals: nil)
    }
}
