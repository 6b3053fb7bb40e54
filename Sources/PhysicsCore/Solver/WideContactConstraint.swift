/// Four lanes of single-precision numbers: the width of the contact solver's bundles (one SSE register).
package typealias Lanes = SIMD4<Float>

/// One manifold point of four contact constraints, side by side (structure of arrays). The values are those of
/// `ContactConstraintPoint`, in single precision: they are relative to the step (anchors from the centre of mass,
/// separation changes during the step, impulses of one step), so single precision loses nothing visible.
package struct WidePoint: Sendable {
    /// Contact point relative to each body's centre of mass at the start of the step, pt.
    package var anchorAX = Lanes(), anchorAY = Lanes(), anchorBX = Lanes(), anchorBY = Lanes()
    /// Separation with the anchor offsets removed, pt.
    package var baseSeparation = Lanes()
    /// Lever arms rA × n, rB × n, rA × t, rB × t, pt.
    package var rnA = Lanes(), rnB = Lanes(), rtA = Lanes(), rtB = Lanes()
    /// Effective masses along the normal and the tangent (0 in an empty lane or for a missing second point).
    package var normalMass = Lanes(), tangentMass = Lanes()
    /// Accumulated impulses of the step and the largest single normal impulse applied.
    package var normalImpulse = Lanes(), tangentImpulse = Lanes(), maxNormalImpulse = Lanes()
}

/// Four contact constraints of one colour (no moving body in common), solved at once by the wide solver. Lanes
/// without a constraint have index −1 and zero masses, so they compute zero impulses and are never written back.
package struct WideContactConstraint: Sendable {
    /// Body indices of each lane (−1: empty lane).
    package var bodyA = SIMD4<Int32>(repeating: -1), bodyB = SIMD4<Int32>(repeating: -1)
    /// Bit l set: lane l's body A (B) takes impulses (awake and moving), so its velocity is written back.
    package var writeA: UInt8 = 0, writeB: UInt8 = 0
    /// Index of each lane's constraint in `World.constraints`.
    package var constraintIndex = SIMD4<Int32>()
    /// Number of lanes in use, 1…4.
    package var laneCount: Int32 = 0
    /// Whether some lane has a second manifold point (otherwise the one-point kernel runs).
    package var twoPoints = false
    package var normalX = Lanes(), normalY = Lanes()
    package var friction = Lanes()
    package var invMassA = Lanes(), invIA = Lanes(), invMassB = Lanes(), invIB = Lanes()
    /// Soft-contact coefficients of each lane (static and dynamic contacts differ).
    package var biasRate = Lanes(), massScale = Lanes(), impulseScale = Lanes()
    /// All bits set in a lane whose two-point manifold is solved as a 2×2 block.
    package var useBlock = SIMD4<Int32>()
    /// Inverse 2×2 normal mass matrix of a two-point manifold.
    package var invK11 = Lanes(), invK12 = Lanes(), invK22 = Lanes()
    package var p0 = WidePoint(), p1 = WidePoint()

    package init() {}
}

extension World {
    /// Deals the prepared constraints into bundles of four: the first 64 colours four at a time (the constraints of
    /// one colour share no moving body, so its lanes are independent; two-point manifolds first, so that most
    /// bundles are all one kind), then the overflow colour, whose constraints may share bodies, one per bundle.
    /// Bundles run in order, so the colours' ground-up order is kept.
    package mutating func packWideConstraints() {
        wideConstraints.removeAll(keepingCapacity: true)
        let count = constraints.count
        if count == 0 { return }
        let colored = count > 1 && colorStart.count == 66
        var bundles = 0
        var start = 0
        if colored {
            for color in 0..<64 {
                let end = Int(colorStart[color])
                var two = 0
                for k in start..<end where constraints[k].pointCount == 2 { two += 1 }
                bundles += (two + 3) / 4 + (end - start - two + 3) / 4
                start = end
            }
        }
        bundles += count - start
        wideConstraints.append(contentsOf: repeatElement(WideContactConstraint(), count: bundles))
        constraints.withUnsafeBufferPointer { cs in
        constraintPoints.withUnsafeBufferPointer { ps in
        wideConstraints.withUnsafeMutableBufferPointer { ws in
            guard let cBase = cs.baseAddress, let pBase = ps.baseAddress, let wBase = ws.baseAddress else { return }
            var bundle = 0
            var start = 0
            var lanes = SIMD4<Int32>(), laneCount = 0
            @inline(__always) func flush() {
                if laneCount == 0 { return }
                Self.fill(wBase + bundle, cBase, pBase, lanes: lanes, count: laneCount)
                bundle += 1
                laneCount = 0
            }
            if colored {
                for color in 0..<64 {
                    let end = Int(colorStart[color])
                    for pass in 0..<2 {
                        let points = 2 - pass
                        for k in start..<end where cBase[k].pointCount == points {
                            lanes[laneCount] = Int32(k)
                            laneCount += 1
                            if laneCount == 4 { flush() }
                        }
                        flush()
                    }
                    start = end
                }
            }
            for k in start..<count {
                lanes[0] = Int32(k)
                laneCount = 1
                flush()
            }
        }}}
    }

    /// Writes the constraints of `lanes` (the first `count`) into a zeroed bundle, in place. Empty lanes repeat
    /// lane 0's bodies with zero masses: they read real velocities, compute zero impulses and are never written.
    private static func fill(_ w: UnsafeMutablePointer<WideContactConstraint>, _ cs: UnsafePointer<ContactConstraint>,
                             _ ps: UnsafePointer<ContactConstraintPoint>, lanes: SIMD4<Int32>, count: Int) {
        w.pointee.constraintIndex = lanes
        w.pointee.laneCount = Int32(count)
        var writeA: UInt8 = 0, writeB: UInt8 = 0
        let first = Int(lanes[0])
        var bodyA = SIMD4<Int32>(repeating: cs[first].bodyA), bodyB = SIMD4<Int32>(repeating: cs[first].bodyB)
        // Empty lanes pass the block test (zero matrix, zero impulses) so a bundle can skip the sequential path.
        var useBlock = SIMD4<Int32>(repeating: -1)
        var twoPoints = false
        for l in 0..<count {
            let k = Int(lanes[l])
            let c = cs + k
            bodyA[l] = c.pointee.bodyA
            bodyB[l] = c.pointee.bodyB
            if c.pointee.invMassA > 0 || c.pointee.invIA > 0 { writeA |= 1 << UInt8(l) }
            if c.pointee.invMassB > 0 || c.pointee.invIB > 0 { writeB |= 1 << UInt8(l) }
            @inline(__always) func put(_ lanes: UnsafeMutablePointer<Lanes>?, _ value: Double) {
                UnsafeMutableRawPointer(lanes!).storeBytes(of: Float(value), toByteOffset: 4 * l, as: Float.self)
            }
            put(w.pointer(to: \.normalX), c.pointee.normal.x)
            put(w.pointer(to: \.normalY), c.pointee.normal.y)
            put(w.pointer(to: \.friction), c.pointee.friction)
            put(w.pointer(to: \.invMassA), c.pointee.invMassA)
            put(w.pointer(to: \.invIA), c.pointee.invIA)
            put(w.pointer(to: \.invMassB), c.pointee.invMassB)
            put(w.pointer(to: \.invIB), c.pointee.invIB)
            put(w.pointer(to: \.biasRate), c.pointee.softness.biasRate)
            put(w.pointer(to: \.massScale), c.pointee.softness.massScale)
            put(w.pointer(to: \.impulseScale), c.pointee.softness.impulseScale)
            useBlock[l] = 0
            if c.pointee.pointCount == 2 && c.pointee.useBlock {
                useBlock[l] = -1
                put(w.pointer(to: \.invK11), c.pointee.invK11)
                put(w.pointer(to: \.invK12), c.pointee.invK12)
                put(w.pointer(to: \.invK22), c.pointee.invK22)
            }
            if c.pointee.pointCount == 2 { twoPoints = true }
            for j in 0..<c.pointee.pointCount {
                let cp = ps + 2 * k + j
                let o = j == 0 ? w.pointer(to: \.p0)! : w.pointer(to: \.p1)!
                put(o.pointer(to: \.anchorAX), cp.pointee.anchorA.x)
                put(o.pointer(to: \.anchorAY), cp.pointee.anchorA.y)
                put(o.pointer(to: \.anchorBX), cp.pointee.anchorB.x)
                put(o.pointer(to: \.anchorBY), cp.pointee.anchorB.y)
                put(o.pointer(to: \.baseSeparation), cp.pointee.baseSeparation)
                put(o.pointer(to: \.rnA), cp.pointee.rnA)
                put(o.pointer(to: \.rnB), cp.pointee.rnB)
                put(o.pointer(to: \.rtA), cp.pointee.rtA)
                put(o.pointer(to: \.rtB), cp.pointee.rtB)
                put(o.pointer(to: \.normalMass), cp.pointee.normalMass)
                put(o.pointer(to: \.tangentMass), cp.pointee.tangentMass)
                put(o.pointer(to: \.normalImpulse), cp.pointee.normalImpulse)
                put(o.pointer(to: \.tangentImpulse), cp.pointee.tangentImpulse)
                put(o.pointer(to: \.maxNormalImpulse), cp.pointee.maxNormalImpulse)
            }
        }
        w.pointee.bodyA = bodyA
        w.pointee.bodyB = bodyB
        w.pointee.writeA = writeA
        w.pointee.writeB = writeB
        w.pointee.useBlock = useBlock
        w.pointee.twoPoints = twoPoints
    }

    /// Copies the bundles' impulses back to the scalar constraint points, for restitution and the next warm start.
    package mutating func unpackWideImpulses() {
        wideConstraints.withUnsafeBufferPointer { ws in
        constraintPoints.withUnsafeMutableBufferPointer { ps in
            guard let wBase = ws.baseAddress, let pBase = ps.baseAddress else { return }
            for i in 0..<ws.count {
                for l in 0..<Int(wBase[i].laneCount) {
                    let cp = pBase + 2 * Int(wBase[i].constraintIndex[l])
                    cp[0].normalImpulse = Double(wBase[i].p0.normalImpulse[l])
                    cp[0].tangentImpulse = Double(wBase[i].p0.tangentImpulse[l])
                    cp[0].maxNormalImpulse = Double(wBase[i].p0.maxNormalImpulse[l])
                    cp[1].normalImpulse = Double(wBase[i].p1.normalImpulse[l])
                    cp[1].tangentImpulse = Double(wBase[i].p1.tangentImpulse[l])
                    cp[1].maxNormalImpulse = Double(wBase[i].p1.maxNormalImpulse[l])
                }
            }
        }}
    }
}
