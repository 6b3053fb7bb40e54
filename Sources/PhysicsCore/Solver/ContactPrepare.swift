/// Once per step: the contacts to solve, ordered from the ground up and coloured (ContactOrdering.swift), are dealt
/// into bundles of four and their solver data computed straight into the lanes: the first 64 colours four at a
/// time (the constraints of one colour share no moving body, so its lanes are independent; two-point manifolds
/// first, so that most bundles are all one kind), then the overflow colour, whose constraints may share bodies,
/// one per bundle. Bundles run in order, so the colours' ground-up order is kept.
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
        var bundles = 0
        var start = 0
        World.resize(&scratch.colorBundleEnd, to: colored ? 64 : 0, with: 0)
        if colored {
            for color in 0..<64 {
                let end = Int(scratch.colorStart[color])
                var two = 0
                for i in start..<end where contacts[Int(scratch.solveOrder[i])].manifold.pointCount == 2 { two += 1 }
                bundles += (two + 3) / 4 + (end - start - two + 3) / 4
                scratch.colorBundleEnd[color] = Int32(bundles)
                start = end
            }
        }
        bundles += count - start
        // Resized, not refilled: each bundle is reset just before its lanes are written, while its memory is hot.
        if scratch.wideConstraints.count > bundles {
            scratch.wideConstraints.removeLast(scratch.wideConstraints.count - bundles)
        } else {
            scratch.wideConstraints.append(
                contentsOf: repeatElement(WideContactConstraint(), count: bundles - scratch.wideConstraints.count))
        }
        let context = PrepareContext(
            gravity: settings.gravity, contactSoftness: contactSoftness,
            staticSoftness: staticSoftness, sink: Int32(bodies.count))
        scratch.solveOrder.withUnsafeBufferPointer { order in
            contacts.withUnsafeBufferPointer { co in
                bodies.withUnsafeBufferPointer { bo in
                    states.withUnsafeBufferPointer { st in
                        scratch.wideConstraints.withUnsafeMutableBufferPointer { ws in
                            guard let coBase = co.baseAddress, let boBase = bo.baseAddress, let stBase = st.baseAddress,
                                let wBase = ws.baseAddress
                            else { return }
                            // Plain loops over a bundle/lane cursor: a nested function capturing them would box the cursor and
                            // check exclusive access to it at run time on every lane.
                            var bundle = 0
                            var start = 0
                            if colored {
                                for color in 0..<64 {
                                    let end = Int(scratch.colorStart[color])
                                    for pass in 0..<2 {
                                        let twoPoint = pass == 0
                                        var lane = 0
                                        for i in start..<end
                                        where (coBase[Int(order[i])].manifold.pointCount == 2) == twoPoint {
                                            Self.prepareLane(
                                                wBase + bundle, lane, order[i], coBase, boBase, stBase, context)
                                            lane &+= 1
                                            if lane == 4 { bundle &+= 1; lane = 0 }
                                        }
                                        if lane > 0 { bundle &+= 1 }
                                    }
                                    start = end
                                }
                            }
                            for i in start..<count {
                                Self.prepareLane(wBase + bundle, 0, order[i], coBase, boBase, stBase, context)
                                bundle &+= 1
                            }
                        }
                    }
                }
            }
        }
    }

    /// Step constants shared by every lane.
    private struct PrepareContext {
        var gravity: Vec2
        var contactSoftness: Softness
        var staticSoftness: Softness
        /// The solver bodies' sink slot (`bodies.count`): lanes that must not be written store there.
        var sink: Int32
    }

    /// Computes contact `k`'s solver data into lane `l` of a bundle (lane 0 resets it). Empty lanes (after the
    /// last `l`) keep lane 0's bodies, zero masses and a passing block test: they compute zero impulses and are never written.
    @inline(__always) private static func prepareLane(
        _ w: UnsafeMutablePointer<WideContactConstraint>, _ l: Int, _ k: Int32,
        _ co: UnsafePointer<Contact>, _ bo: UnsafePointer<Body>,
        _ st: UnsafePointer<BodyState>, _ ctx: PrepareContext
    ) {
        let contact = co + Int(k)
        let ia = Int(contact.pointee.bodyA), ib = Int(contact.pointee.bodyB)
        if l == 0 {
            w.pointee = WideContactConstraint()
            w.pointee.bodyA = SIMD4(repeating: contact.pointee.bodyA)
            w.pointee.bodyB = SIMD4(repeating: contact.pointee.bodyB)
            w.pointee.useBlock = SIMD4(repeating: -1)
            w.pointee.storeA = SIMD4(repeating: ctx.sink)
            w.pointee.storeB = SIMD4(repeating: ctx.sink)
        }
        // Lanes are written with scalar stores straight into the bundle (a SIMD element setter goes through the
        // stack and stalls on store forwarding).
        @inline(__always) func putInt(_ lanes: UnsafeMutablePointer<SIMD4<Int32>>?, _ value: Int32) {
            UnsafeMutableRawPointer(lanes!).storeBytes(of: value, toByteOffset: 4 * l, as: Int32.self)
        }
        putInt(w.pointer(to: \.bodyA), contact.pointee.bodyA)
        putInt(w.pointer(to: \.bodyB), contact.pointee.bodyB)
        putInt(w.pointer(to: \.contactIndex), k)
        w.pointee.laneCount = Int32(l + 1)
        let bA = bo + ia, bB = bo + ib
        let awakeA = bA.pointee.isAwake, awakeB = bB.pointee.isAwake
        let mA = awakeA ? bA.pointee.invMass : 0, iA = awakeA ? bA.pointee.invInertia : 0
        let mB = awakeB ? bB.pointee.invMass : 0, iB = awakeB ? bB.pointee.invInertia : 0
        if mA > 0 || iA > 0 {
            w.pointee.writeA |= 1 << UInt8(l)
            putInt(w.pointer(to: \.storeA), contact.pointee.bodyA)
        }
        if mB > 0 || iB > 0 {
            w.pointee.writeB |= 1 << UInt8(l)
            putInt(w.pointer(to: \.storeB), contact.pointee.bodyB)
        }
        let n = contact.pointee.manifold.normal, t = n.rightPerp
        let softness = (mA == 0 || mB == 0) ? ctx.staticSoftness : ctx.contactSoftness
        let accA =
            bA.pointee.type == .dynamic
            ? bA.pointee.gravityScale * ctx.gravity + bA.pointee.invMass * bA.pointee.force : .zero
        let accB =
            bB.pointee.type == .dynamic
            ? bB.pointee.gravityScale * ctx.gravity + bB.pointee.invMass * bB.pointee.force : .zero
        @inline(__always) func put(_ lanes: UnsafeMutablePointer<Lanes>?, _ value: Double) {
            UnsafeMutableRawPointer(lanes!).storeBytes(of: Float(value), toByteOffset: 4 * l, as: Float.self)
        }
        put(w.pointer(to: \.normalX), n.x)
        put(w.pointer(to: \.normalY), n.y)
        put(w.pointer(to: \.friction), contact.pointee.friction)
        put(w.pointer(to: \.restitution), contact.pointee.restitution)
        put(w.pointer(to: \.normalAcceleration), dot(accB - accA, n))
        put(w.pointer(to: \.invMassA), mA)
        put(w.pointer(to: \.invIA), iA)
        put(w.pointer(to: \.invMassB), mB)
        put(w.pointer(to: \.invIB), iB)
        put(w.pointer(to: \.biasRate), softness.biasRate)
        put(w.pointer(to: \.massScale), softness.massScale)
        put(w.pointer(to: \.impulseScale), softness.impulseScale)
        let cA = bA.pointee.center, cB = bB.pointee.center
        let vA = st[ia].v, wA = st[ia].w, vB = st[ib].v, wB = st[ib].w
        let pointCount = contact.pointee.manifold.pointCount
        putInt(w.pointer(to: \.pointCount), Int32(pointCount))
        if pointCount == 2 { w.pointee.twoPoints = true }
        var rn = (0.0, 0.0, 0.0, 0.0)  // rnA0, rnB0, rnA1, rnB1
        for j in 0..<pointCount {
            let p = j == 0 ? w.pointer(to: \.p0)! : w.pointer(to: \.p1)!
            let mp = j == 0 ? contact.pointee.manifold.point0 : contact.pointee.manifold.point1
            let rA = mp.point - cA, rB = mp.point - cB
            let rnA = cross(rA, n), rnB = cross(rB, n), rtA = cross(rA, t), rtB = cross(rB, t)
            if j == 0 { rn.0 = rnA; rn.1 = rnB } else { rn.2 = rnA; rn.3 = rnB }
            let kN = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let kT = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
            put(p.pointer(to: \.anchorAX), rA.x)
            put(p.pointer(to: \.anchorAY), rA.y)
            put(p.pointer(to: \.anchorBX), rB.x)
            put(p.pointer(to: \.anchorBY), rB.y)
            put(p.pointer(to: \.baseSeparation), mp.separation - dot(rB - rA, n))
            put(p.pointer(to: \.initialSeparation), mp.separation)
            put(p.pointer(to: \.relativeVelocity), dot(n, dv))
            put(p.pointer(to: \.rnA), rnA)
            put(p.pointer(to: \.rnB), rnB)
            put(p.pointer(to: \.rtA), rtA)
            put(p.pointer(to: \.rtB), rtB)
            put(p.pointer(to: \.normalMass), kN > 0 ? 1 / kN : 0)
            put(p.pointer(to: \.tangentMass), kT > 0 ? 1 / kT : 0)
            put(
                p.pointer(to: \.normalImpulse), j == 0 ? contact.pointee.normalImpulse0 : contact.pointee.normalImpulse1
            )
            put(
                p.pointer(to: \.tangentImpulse),
                j == 0 ? contact.pointee.tangentImpulse0 : contact.pointee.tangentImpulse1)
        }
        // The 2×2 normal mass matrix of a two-point manifold and its inverse, when well conditioned (1000:1).
        putInt(w.pointer(to: \.useBlock), 0)
        if pointCount == 2 {
            let k11 = mA + mB + iA * rn.0 * rn.0 + iB * rn.1 * rn.1
            let k22 = mA + mB + iA * rn.2 * rn.2 + iB * rn.3 * rn.3
            let k12 = mA + mB + iA * rn.0 * rn.2 + iB * rn.1 * rn.3
            let det = k11 * k22 - k12 * k12
            if det > 0 && k11 * k11 < 1000 * det {
                let invDet = 1 / det
                putInt(w.pointer(to: \.useBlock), -1)
                put(w.pointer(to: \.invK11), k22 * invDet)
                put(w.pointer(to: \.invK12), -k12 * invDet)
                put(w.pointer(to: \.invK22), k11 * invDet)
            }
        }
    }
}
