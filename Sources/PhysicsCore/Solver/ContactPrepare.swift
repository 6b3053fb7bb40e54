/// Once per step: the contacts to solve, ordered from the ground up and coloured (ContactOrdering.swift), are dealt
/// into bundles of four and their solver data computed straight into the lanes (ContactPrepareBundle.swift): the
/// first 64 colours four at a time (the constraints of one colour share no moving
/// body, so its lanes are independent; two-point manifolds first, so that every bundle is all one kind), then the
/// overflow colour, whose constraints may share bodies, one per bundle. Bundles run in order, so the colours'
/// ground-up order is kept. Inside a colour the order does not matter (its constraints touch disjoint moving bodies,
/// so they give the same numbers in any order and any grouping), which lets each colour be split in place.
extension World {
    /// Builds the bundles for every solid contact with manifold points and an awake body.
    package mutating func prepareContacts(contactSoftness: Softness, staticSoftness: Softness) {
        orderContactsFromGround()
        let count = scratch.solveOrder.count
        if count == 0 {
            scratch.wideConstraints.removeAll(keepingCapacity: true)
            return
        }
        // More than one contact: ordered and coloured (a single contact has no colours, its `colorStart` is unused).
        let colored = count > 1
        World.resize(&scratch.colorStart, to: 66, with: 0)
        let bodyCount = bodies.count
        let context = PrepareContext(
            gravity: settings.gravity, contactSoftness: contactSoftness,
            staticSoftness: staticSoftness, sink: Int32(bodyCount), slowSpeed: settings.restitutionThreshold)
        World.resize(&scratch.twoPointEnd, to: 64, with: 0)
        World.resize(&scratch.prepareBodies, to: bodyCount, with: PrepareBody())
        World.resize(&scratch.prepareStamp, to: bodyCount, with: 0)
        scratch.prepareEpoch &+= 1
        if scratch.prepareEpoch == 0 {
            scratch.prepareStamp.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            scratch.prepareEpoch = 1
        }
        let epoch = scratch.prepareEpoch
        sizeSolverBodies()
        // One pass over the contacts to solve: each colour split in place, two-point manifolds first, and every body
        // met gathered once.
        var bundles = 0
        contacts.withUnsafeBufferPointer { co in
            bodies.withUnsafeBufferPointer { bo in
                states.withUnsafeBufferPointer { st in
                    scratch.solveOrder.withUnsafeMutableBufferPointer { order in
                        scratch.colorStart.withUnsafeBufferPointer { colorStart in
                            scratch.twoPointEnd.withUnsafeMutableBufferPointer { twoPointEnd in
                                scratch.prepareBodies.withUnsafeMutableBufferPointer { pb in
                                    scratch.prepareStamp.withUnsafeMutableBufferPointer { stamp in
                                        scratch.solverBodies.withUnsafeMutableBufferPointer { sb in
                                            bundles = World.splitColors(
                                                SplitPointers(
                                                    contacts: co.baseAddress!, bodies: bo.baseAddress!,
                                                    states: st.baseAddress!, order: order.baseAddress!,
                                                    colorStart: colorStart.baseAddress!,
                                                    twoPointEnd: twoPointEnd.baseAddress!,
                                                    records: pb.baseAddress!, stamp: stamp.baseAddress!,
                                                    solverBodies: sb.baseAddress!),
                                                count: count, colored: colored, epoch: epoch, context)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Resized, not refilled: every field of a bundle is written when it is prepared.
        World.resize(&scratch.wideConstraints, to: bundles, with: WideContactConstraint())
        // Parallel/World+ParallelPrepare.swift: the same bundles
        if let threads = acquireThreads(forWork: scratch.solveOrder.count) {
            prepareBundlesInParallel(threads: threads, context)
            WorkerPool.shared.release()
            return
        }
        scratch.solveOrder.withUnsafeBufferPointer { order in
            contacts.withUnsafeBufferPointer { co in
                scratch.prepareBodies.withUnsafeBufferPointer { pb in
                    scratch.colorStart.withUnsafeBufferPointer { colorStart in
                        scratch.twoPointEnd.withUnsafeBufferPointer { twoPointEnd in
                            scratch.wideConstraints.withUnsafeMutableBufferPointer { ws in
                                guard let order = order.baseAddress, let co = co.baseAddress,
                                    let pb = pb.baseAddress, let w = ws.baseAddress
                                else { return }
                                var bundle = 0
                                var start = 0
                                if colored {
                                    for color in 0..<64 {
                                        let mid = Int(twoPointEnd[color]), end = Int(colorStart[color])
                                        var i = start
                                        while i < mid {
                                            let n = Swift.min(4, mid &- i)
                                            Self.prepareTwoPointBundle(
                                                w + bundle, Self.lanes(order + i, n), laneCount: n, co, pb, context)
                                            bundle &+= 1
                                            i &+= n
                                        }
                                        while i < end {
                                            let n = Swift.min(4, end &- i)
                                            Self.prepareOnePointBundle(
                                                w + bundle, Self.lanes(order + i, n), laneCount: n, co, pb, context)
                                            bundle &+= 1
                                            i &+= n
                                        }
                                        start = end
                                    }
                                }
                                for i in start..<count {
                                    let k = Self.lanes(order + i, 1)
                                    if co[Int(order[i])].manifold.pointCount == 2 {
                                        Self.prepareTwoPointBundle(w + bundle, k, laneCount: 1, co, pb, context)
                                    } else {
                                        Self.prepareOnePointBundle(w + bundle, k, laneCount: 1, co, pb, context)
                                    }
                                    bundle &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Splits each colour of `order` in place, two-point manifolds first (`twoPointEnd[c]`: where colour c's one-point
    /// manifolds begin), and gathers every body of a contact once (stamped with `epoch`): its `PrepareBody` record and
    /// its single-precision solver body. Returns the number of bundles.
    private static func splitColors(
        _ p: SplitPointers, count: Int, colored: Bool, epoch: UInt32, _ context: PrepareContext
    ) -> Int {
        @inline(__always) func gather(_ body: Int32) {
            let i = Int(body)
            if p.stamp[i] == epoch { return }
            p.stamp[i] = epoch
            p.records[i] = PrepareBody(
                p.bodies + i, p.states + i, index: body, gravity: context.gravity, sink: context.sink)
            p.solverBodies[i] = World.solverBody(p.states[i])
        }
        var bundles = 0
        var start = 0
        if colored {
            for color in 0..<64 {
                let end = Int(p.colorStart[color])
                var i = start
                var j = end
                while i < j {
                    let c = p.contacts + Int(p.order[i])
                    gather(c.pointee.bodyA)
                    gather(c.pointee.bodyB)
                    if c.pointee.manifold.pointCount == 2 {
                        i &+= 1
                    } else {
                        j &-= 1
                        let k = p.order[i]
                        p.order[i] = p.order[j]
                        p.order[j] = k
                    }
                }
                p.twoPointEnd[color] = Int32(i)
                bundles &+= (i &- start &+ 3) / 4 &+ (end &- i &+ 3) / 4
                start = end
            }
        }
        // The overflow colour (or a lone contact): one per bundle.
        for i in start..<count {
            gather(p.contacts[Int(p.order[i])].bodyA)
            gather(p.contacts[Int(p.order[i])].bodyB)
        }
        return bundles &+ (count &- start)
    }

    /// The contact indices of a bundle's `n` lanes from `order`; lanes past `n` repeat lane 0.
    @inline(__always) static func lanes(_ order: UnsafePointer<Int32>, _ n: Int) -> SIMD4<Int32> {
        if n == 4 { return UnsafeRawPointer(order).loadUnaligned(as: SIMD4<Int32>.self) }
        let k0 = order[0]
        return SIMD4(k0, n > 1 ? order[1] : k0, n > 2 ? order[2] : k0, k0)
    }
}

/// The arrays `World.splitColors` works on.
private struct SplitPointers {
    let contacts: UnsafePointer<Contact>, bodies: UnsafePointer<Body>, states: UnsafePointer<BodyState>
    let order: UnsafeMutablePointer<Int32>, colorStart: UnsafePointer<Int32>
    let twoPointEnd: UnsafeMutablePointer<Int32>
    let records: UnsafeMutablePointer<PrepareBody>, stamp: UnsafeMutablePointer<UInt32>
    let solverBodies: UnsafeMutablePointer<SolverBody>
}
