/// Once per step: the contacts to solve, ordered from the ground up and coloured (ContactOrdering.swift), are dealt
/// into bundles of four and their solver data computed straight into the lanes (ContactPrepareBundle.swift): the
/// first 64 colours four at a time (the constraints of one colour share no moving
/// body, so its lanes are independent; two-point manifolds first, so that every bundle is all one kind), then the
/// overflow colour, whose constraints may share bodies, one per bundle. Bundles run in order, so the colours'
/// ground-up order is kept. Inside a colour the order does not matter (its constraints touch disjoint moving bodies,
/// so they give the same numbers in any order and any grouping), which lets each colour list its two-point manifolds first.
extension World {
    /// Builds the bundles for every solid contact with manifold points and an awake body.
    /// With `listingAwakeBodies` the awake bodies are listed first (`listAwakeBodies`, what the step does before
    /// it prepares), or on the threads beside the ordering's breadth-first search.
    package mutating func prepareContacts(
        contactSoftness: Softness, staticSoftness: Softness, listingAwakeBodies: Bool = false
    ) {
        let bodyCount = bodies.count
        World.resize(&scratch.prepareBodies, to: bodyCount, with: PrepareBody())
        World.resize(&scratch.prepareStamp, to: bodyCount, with: 0)
        scratch.prepareEpoch &+= 1
        if scratch.prepareEpoch == 0 {
            // Wrapped: no stamp may look current (the single-precision sub-steps read the same stamps).
            scratch.prepareStamp.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            scratch.prepareEpoch = 1
        }
        sizeSolverBodies()
        // Slow-lane marks of a preparation run by itself (a test), never joined, are dropped.
        scratch.parallel.slowMarks.discard()
        // Known exactly only when the bundles are prepared on the threads (Parallel/World+ParallelPrepare.swift).
        scratch.parallel.anyBounce = true
        scratch.parallel.bouncingListed = false
        // The ordering's pass over the contacts gathers their bodies and splits each colour, two-point manifolds
        // first.
        let threads = acquireThreads(forWork: contacts.count)
        defer { if threads != nil { WorkerPool.shared.release() } }
        if listingAwakeBodies && threads == nil {
            listAwakeBodies()
            profileMark(.awakeList)
        }
        orderContactsFromGround(
            gathering: BodyGather(epoch: scratch.prepareEpoch, gravity: settings.gravity, sink: Int32(bodyCount)),
            threads: threads, listingAwakeBodies: listingAwakeBodies && threads != nil)
        profileMark(.layersAndColors)
        let count = scratch.solveOrder.count
        if count == 0 {
            scratch.wideConstraints.removeAll(keepingCapacity: true)
            return
        }
        // More than one contact: ordered and coloured (a single contact has no colours, its `colorStart` is unused).
        let colored = count > 1
        let context = PrepareContext(
            gravity: settings.gravity, contactSoftness: contactSoftness,
            staticSoftness: staticSoftness, sink: Int32(bodyCount), slowSpeed: settings.restitutionThreshold)
        // Four lanes to a bundle in colours 0–63 (each kind apart), one in the overflow colour.
        var bundles = 0
        var start = 0
        if colored {
            for color in 0..<64 {
                let mid = Int(scratch.twoPointEnd[color]), end = Int(scratch.colorStart[color])
                bundles &+= (mid &- start &+ 3) / 4 &+ (end &- mid &+ 3) / 4
                start = end
            }
        }
        bundles &+= count &- start
        // Resized, not refilled: every field of a bundle is written when it is prepared.
        World.resize(&scratch.wideConstraints, to: bundles, with: WideContactConstraint())
        // Parallel/World+ParallelPrepare.swift: the same bundles
        if let threads, scratch.solveOrder.count >= WorldSettings.parallelContactMinimum {
            prepareBundlesInParallel(threads: threads, context)
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

    /// The contact indices of a bundle's `n` lanes from `order`; lanes past `n` repeat lane 0.
    @inline(__always) static func lanes(_ order: UnsafePointer<Int32>, _ n: Int) -> SIMD4<Int32> {
        if n == 4 { return UnsafeRawPointer(order).loadUnaligned(as: SIMD4<Int32>.self) }
        let k0 = order[0]
        return SIMD4(k0, n > 1 ? order[1] : k0, n > 2 ? order[2] : k0, k0)
    }
}

/// What the ordering's pass over the contacts needs to gather their bodies (`World.orderContactsFromGround`).
package struct BodyGather {
    /// Stamp of this step's gathering (`StepScratch.prepareEpoch`): a body whose stamp equals it is gathered.
    var epoch: UInt32
    /// World gravity, pt/s².
    var gravity: Vec2
    /// The solver bodies' sink slot (`bodies.count`).
    var sink: Int32
}
