/// Once per step: the contacts to solve, ordered from the ground up and coloured (ContactOrdering.swift), are dealt
/// into bundles of four and their solver data computed straight into the lanes, four at a time
/// (ContactPrepareBundle.swift): the first 64 colours four at a time (the constraints of one colour share no moving
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
        let colored = count > 1 && scratch.colorStart.count == 66
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
        // One pass over the contacts to solve: each colour split in place, two-point manifolds first
        // (`twoPointEnd[c]`: where colour c's one-point manifolds begin), and every body met, once: its record and
        // its single-precision solver body.
        var bundles = 0
        var start = 0
        contacts.withUnsafeBufferPointer { co in
            bodies.withUnsafeBufferPointer { bo in
                states.withUnsafeBufferPointer { st in
                    scratch.solveOrder.withUnsafeMutableBufferPointer { order in
                        scratch.colorStart.withUnsafeBufferPointer { colorStart in
                            scratch.twoPointEnd.withUnsafeMutableBufferPointer { twoPointEnd in
                                scratch.prepareBodies.withUnsafeMutableBufferPointer { pb in
                                    scratch.prepareStamp.withUnsafeMutableBufferPointer { stamp in
                                        scratch.solverBodies.withUnsafeMutableBufferPointer { sb in
                                            guard let co = co.baseAddress, let bo = bo.baseAddress,
                                                let st = st.baseAddress, let order = order.baseAddress,
                                                let pb = pb.baseAddress, let stamp = stamp.baseAddress,
                                                let sb = sb.baseAddress
                                            else { return }
                                            @inline(__always) func record(_ body: Int32) {
                                                let i = Int(body)
                                                if stamp[i] == epoch { return }
                                                stamp[i] = epoch
                                                pb[i] = PrepareBody(
                                                    bo + i, st + i, index: body, gravity: context.gravity,
                                                    sink: context.sink)
                                                sb[i] = World.solverBody(st[i])
                                            }
                                            if colored {
                                                for color in 0..<64 {
                                                    let end = Int(colorStart[color])
                                                    var i = start
                                                    var j = end
                                                    while i < j {
                                                        let c = co + Int(order[i])
                                                        record(c.pointee.bodyA)
                                                        record(c.pointee.bodyB)
                                                        if c.pointee.manifold.pointCount == 2 {
                                                            i &+= 1
                                                        } else {
                                                            j &-= 1
                                                            let k = order[i]
                                                            order[i] = order[j]
                                                            order[j] = k
                                                        }
                                                    }
                                                    twoPointEnd[color] = Int32(i)
                                                    bundles &+= (i &- start &+ 3) / 4 &+ (end &- i &+ 3) / 4
                                                    start = end
                                                }
                                            }
                                            for i in start..<count {
                                                record(co[Int(order[i])].bodyA)
                                                record(co[Int(order[i])].bodyB)
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
        bundles += count - start
        // Resized, not refilled: every field of a bundle is written when it is prepared.
        World.resize(&scratch.wideConstraints, to: bundles, with: WideContactConstraint())
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
    @inline(__always) private static func lanes(_ order: UnsafePointer<Int32>, _ n: Int) -> SIMD4<Int32> {
        if n == 4 { return UnsafeRawPointer(order).loadUnaligned(as: SIMD4<Int32>.self) }
        let k0 = order[0]
        return SIMD4(k0, n > 1 ? order[1] : k0, n > 2 ? order[2] : k0, k0)
    }
}
