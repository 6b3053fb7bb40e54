/// The contact solver's passes over bundles of four constraints (see `WideContactConstraint`): the same soft-step
/// equations as the scalar passes in ContactSolver.swift, one SIMD lane per constraint. The bundles run in colour
/// order, so the ground-up Gauss–Seidel order of the colours is kept; inside a colour the lanes share no moving
/// body and solving them side by side is exactly solving them one after the other. They work on the
/// single-precision `scratch.solverBodies`, loaded from and stored back to the body states around them
/// (World+Step.swift).
extension World {
    /// Applies last step's impulses of the bundled constraints at the start of a sub-step.
    package mutating func warmStartWideContacts() {
        scratch.wideConstraints.withUnsafeBufferPointer { ws in
            scratch.solverBodies.withUnsafeMutableBufferPointer { st in
                guard let wBase = ws.baseAddress, let sBase = st.baseAddress else { return }
                Self.warmStartBundles(wBase, sBase, 0..<ws.count)
            }
        }
    }

    /// The warm start of bundles `range` (the parallel solve runs a colour's bundles in parts).
    @inline(__always) static func warmStartBundles(
        _ wBase: UnsafePointer<WideContactConstraint>, _ sBase: UnsafeMutablePointer<SolverBody>,
        _ range: Range<Int>
    ) {
        for i in range {
            let c = wBase + i
            var a = WideBodies(velocitiesOf: sBase, c.pointer(to: \.bodyA)!)
            var b = WideBodies(velocitiesOf: sBase, c.pointer(to: \.bodyB)!)
            Self.warmStart(&a, &b, c, c.pointer(to: \.p0)!, c.pointer(to: \.q0)!)
            if c.pointee.twoPoints { Self.warmStart(&a, &b, c, c.pointer(to: \.p1)!, c.pointer(to: \.q1)!) }
            a.storeInlined(sBase, c.pointer(to: \.storeA)!)
            b.storeInlined(sBase, c.pointer(to: \.storeB)!)
        }
    }

    @inline(__always) private static func warmStart(
        _ a: inout WideBodies, _ b: inout WideBodies,
        _ c: UnsafePointer<WideContactConstraint>, _ p: UnsafePointer<WidePoint>, _ q: UnsafePointer<WideLeverProducts>
    ) {
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        let ni = p.pointee.normalImpulse, ti = p.pointee.tangentImpulse
        // P = ni·n + ti·t with t = (ny, −nx); r × P = ni·(r × n) + ti·(r × t).
        let px = ni * nx + ti * ny, py = ni * ny - ti * nx
        let mA = c.pointee.invMassA, mB = c.pointee.invMassB
        a.vx -= mA * px
        a.vy -= mA * py
        a.w -= ni * q.pointee.irnA + ti * q.pointee.irtA
        b.vx += mB * px
        b.vy += mB * py
        b.w += ni * q.pointee.irnB + ti * q.pointee.irtB
    }

    /// One pass over the bundles: non-penetration (biased with `useBias`, otherwise relax), then friction.
    package mutating func solveWideContacts(invH: Double, useBias: Bool) {
        let maxBias = Float(settings.contactPushMaxVelocity)
        let invH = Float(invH)
        scratch.wideConstraints.withUnsafeMutableBufferPointer { ws in
            scratch.solverBodies.withUnsafeMutableBufferPointer { st in
                guard let wBase = ws.baseAddress, let sBase = st.baseAddress else { return }
                Self.solveBundles(wBase, sBase, 0..<ws.count, invH: invH, maxBias: maxBias, useBias: useBias)
            }
        }
    }

    /// One pass over bundles `range` (the parallel solve runs a colour's bundles in parts).
    @inline(__always) static func solveBundles(
        _ wBase: UnsafeMutablePointer<WideContactConstraint>, _ sBase: UnsafeMutablePointer<SolverBody>,
        _ range: Range<Int>, invH: Float, maxBias: Float, useBias: Bool
    ) {
        for i in range {
            let c = wBase + i
            if c.pointee.twoPoints {
                if useBias {
                    Self.solveBundleBiased(c, sBase, invH: invH, maxBias: maxBias)
                } else {
                    Self.solveBundleRelaxed(c, sBase, invH: invH)
                }
            } else {
                if useBias {
                    Self.solveOnePointBundleBiased(c, sBase, invH: invH, maxBias: maxBias)
                } else {
                    Self.solveOnePointBundleRelaxed(c, sBase, invH: invH)
                }
            }
        }
    }

    /// The soft-contact terms of one point: velocity bias, mass scale and impulse scale (speculative when apart).
    private struct SoftTerms {
        var bias: Lanes
        var massScale: Lanes
        var impulseScale: Lanes
        var apart: SIMDMask<SIMD4<Int32>>
        /// The pass computes `impulseScale` (the biased one); in the relax pass it is zero.
        var scalesImpulse: Bool

        /// `x − impulseScale · old`. The relax pass's zero scale subtracts ±0 (0 · old is −0 for an impulse of −0),
        /// which the compiler may not drop, since x − (−0) turns an x of −0 into +0; it is not computed there. That
        /// is the only difference (old = −0 and x = −0), and a zero's sign changes no number after it: the impulse
        /// change is +0 either way (±0 − (−0)), and an impulse of ±0 bounds friction at ±0.
        @inline(__always) func lessImpulse(_ x: Lanes, _ old: Lanes) -> Lanes {
            scalesImpulse ? x - impulseScale * old : x
        }
    }

    @inline(__always) private static func softTerms(
        _ c: UnsafeMutablePointer<WideContactConstraint>, separation s: Lanes,
        invH: Float, maxBias: Float, useBias: Bool
    ) -> SoftTerms {
        let apart = s .> 0
        let speculative = s * invH
        if useBias {
            let push = lanesMax(c.pointee.massScale * c.pointee.biasRate * s, Lanes(repeating: -maxBias))
            return SoftTerms(
                bias: push.replacing(with: speculative, where: apart),
                massScale: c.pointee.massScale.replacing(with: 1, where: apart),
                impulseScale: c.pointee.impulseScale.replacing(with: 0, where: apart), apart: apart, scalesImpulse: true
            )
        }
        return SoftTerms(
            bias: speculative.replacing(with: 0, where: .!apart), massScale: Lanes(repeating: 1),
            impulseScale: Lanes(), apart: apart, scalesImpulse: false)
    }

    /// The separation of point `p` now, pt, from its bodies' step motion: `baseSeparation` plus the normal part of
    /// the anchors' relative motion, `dot(Δp_B − Δp_A + R(Δq_B) r_B − R(Δq_A) r_A, n)`. Each rotated anchor's part
    /// is `dot(R(Δq) r, n) = cos Δθ·(r·n) + sin Δθ·(r × n)`, and with the tangent t = (ny, −nx) the point's lever
    /// arms already hold both factors: r × n = rn and r·n = −(r × t) = −rt. So the anchors are not read, and it takes
    /// 4 products instead of 8 per point and 2 shared (`normalMotion`) instead of 2 more.
    @inline(__always) static func separation(
        _ p: UnsafeMutablePointer<WidePoint>, _ a: WideBodies, _ b: WideBodies, normalMotion: Lanes
    ) -> Lanes {
        let turnB = b.dqs * p.pointee.rnB - b.dqc * p.pointee.rtB
        let turnA = a.dqs * p.pointee.rnA - a.dqc * p.pointee.rtA
        return normalMotion + (turnB - turnA) + p.pointee.baseSeparation
    }

    /// The normal part of the bodies' relative translation since the step began, `dot(Δp_B − Δp_A, n)`, pt: the
    /// part of `separation` that all points of a bundle share.
    @inline(__always) static func normalMotion(_ a: WideBodies, _ b: WideBodies, _ nx: Lanes, _ ny: Lanes) -> Lanes {
        (b.dpx - a.dpx) * nx + (b.dpy - a.dpy) * ny
    }

    // One copy of each kernel per pass kind, so the soft terms fold to constants in the relax pass.
    @inline(never) private static func solveBundleBiased(
        _ c: UnsafeMutablePointer<WideContactConstraint>,
        _ states: UnsafeMutablePointer<SolverBody>,
        invH: Float, maxBias: Float
    ) {
        solveBundle(c, states, invH: invH, maxBias: maxBias, useBias: true)
    }

    @inline(never) private static func solveBundleRelaxed(
        _ c: UnsafeMutablePointer<WideContactConstraint>,
        _ states: UnsafeMutablePointer<SolverBody>, invH: Float
    ) {
        solveBundle(c, states, invH: invH, maxBias: 0, useBias: false)
    }

    @inline(never) private static func solveOnePointBundleBiased(
        _ c: UnsafeMutablePointer<WideContactConstraint>,
        _ states: UnsafeMutablePointer<SolverBody>,
        invH: Float, maxBias: Float
    ) {
        solveOnePointBundle(c, states, invH: invH, maxBias: maxBias, useBias: true)
    }

    @inline(never) private static func solveOnePointBundleRelaxed(
        _ c: UnsafeMutablePointer<WideContactConstraint>,
        _ states: UnsafeMutablePointer<SolverBody>, invH: Float
    ) {
        solveOnePointBundle(c, states, invH: invH, maxBias: 0, useBias: false)
    }

    /// Both normal points of four constraints, then their friction. A lane whose two points are in the same regime
    /// and whose 2×2 block solution pushes takes the block solution; the others solve point 0 then point 1.
    @inline(__always) private static func solveBundle(
        _ c: UnsafeMutablePointer<WideContactConstraint>,
        _ states: UnsafeMutablePointer<SolverBody>,
        invH: Float, maxBias: Float, useBias: Bool
    ) {
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        let p0 = c.pointer(to: \.p0)!, p1 = c.pointer(to: \.p1)!
        // The step motion first, alone: the separations are all it is read for, so its eight columns are dead before
        // the six of the velocities are loaded (fewer spills; the relax kernel 446 → 433 instructions).
        let (s0, s1) = WideBodies.separations(
            states, c.pointer(to: \.bodyA)!, c.pointer(to: \.bodyB)!, p0, p1, nx, ny)
        var a = WideBodies(velocitiesOf: states, c.pointer(to: \.bodyA)!)
        var b = WideBodies(velocitiesOf: states, c.pointer(to: \.bodyB)!)
        let mA = c.pointee.invMassA, mB = c.pointee.invMassB, iA = c.pointee.invIA, iB = c.pointee.invIB
        let t0 = softTerms(c, separation: s0, invH: invH, maxBias: maxBias, useBias: useBias)
        let t1 = softTerms(c, separation: s1, invH: invH, maxBias: maxBias, useBias: useBias)

        let rnA0 = p0.pointee.rnA, rnB0 = p0.pointee.rnB, rnA1 = p1.pointee.rnA, rnB1 = p1.pointee.rnB
        let dvn = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny
        let vn0 = dvn + b.w * rnB0 - a.w * rnA0
        let vn1 = dvn + b.w * rnB1 - a.w * rnA1
        let old0 = p0.pointee.normalImpulse, old1 = p1.pointee.normalImpulse
        let r0 = t0.massScale * vn0 + t0.bias
        let r1 = t1.massScale * vn1 + t1.bias

        // Block candidate.
        let k11 = c.pointee.invK11, k12 = c.pointee.invK12, k22 = c.pointee.invK22
        let x0 = t0.lessImpulse(old0 - (k11 * r0 + k12 * r1), old0)
        let x1 = t1.lessImpulse(old1 - (k12 * r0 + k22 * r1), old1)
        let sameRegime = .!(t0.apart .^ t1.apart)
        let block = (c.pointee.useBlock .!= 0) .& sameRegime .& (x0 .>= 0) .& (x1 .>= 0)

        var d0 = x0 - old0, d1 = x1 - old1
        if !all(block) {
            // Sequential: point 0, then point 1 seeing point 0's impulse through the coupling term of the mass
            // matrix. Skipped when every lane takes the block solution (resting stacks).
            let n0 = lanesMax(t0.lessImpulse(old0 - p0.pointee.normalMass * r0, old0), Lanes())
            let d0s = n0 - old0
            let coupling = mA + mB + iA * rnA0 * rnA1 + iB * rnB0 * rnB1
            let r1s = t1.massScale * (vn1 + d0s * coupling) + t1.bias
            let n1 = lanesMax(t1.lessImpulse(old1 - p1.pointee.normalMass * r1s, old1), Lanes())
            d0 = d0s.replacing(with: d0, where: block)
            d1 = (n1 - old1).replacing(with: d1, where: block)
        }
        p0.pointee.normalImpulse = old0 + d0
        p1.pointee.normalImpulse = old1 + d1
        p0.pointee.maxNormalImpulse = lanesMax(p0.pointee.maxNormalImpulse, d0)
        p1.pointee.maxNormalImpulse = lanesMax(p1.pointee.maxNormalImpulse, d1)
        let sum = d0 + d1
        a.vx -= mA * sum * nx
        a.vy -= mA * sum * ny
        a.w -= iA * (d0 * rnA0 + d1 * rnA1)
        b.vx += mB * sum * nx
        b.vy += mB * sum * ny
        b.w += iB * (d0 * rnB0 + d1 * rnB1)

        friction(&a, &b, c, p0, c.pointer(to: \.q0)!)
        friction(&a, &b, c, p1, c.pointer(to: \.q1)!)
        WideBodies.store(
            (a.vx, a.vy, a.w), c.pointer(to: \.storeA)!, (b.vx, b.vy, b.w), c.pointer(to: \.storeB)!, states)
    }

    /// Four one-point manifolds (circles): the normal point, then its friction.
    @inline(__always) private static func solveOnePointBundle(
        _ c: UnsafeMutablePointer<WideContactConstraint>,
        _ states: UnsafeMutablePointer<SolverBody>,
        invH: Float, maxBias: Float, useBias: Bool
    ) {
        var a = WideBodies(states, c.pointer(to: \.bodyA)!)
        var b = WideBodies(states, c.pointer(to: \.bodyB)!)
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        let p = c.pointer(to: \.p0)!
        let t = softTerms(
            c, separation: separation(p, a, b, normalMotion: normalMotion(a, b, nx, ny)), invH: invH, maxBias: maxBias,
            useBias: useBias)
        let rnA = p.pointee.rnA, rnB = p.pointee.rnB
        let vn = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny + b.w * rnB - a.w * rnA
        let old = p.pointee.normalImpulse
        let new = lanesMax(t.lessImpulse(old - p.pointee.normalMass * (t.massScale * vn + t.bias), old), Lanes())
        let d = new - old
        p.pointee.normalImpulse = new
        p.pointee.maxNormalImpulse = lanesMax(p.pointee.maxNormalImpulse, d)
        let q = c.pointer(to: \.q0)!
        a.vx -= d * c.pointee.mnAX
        a.vy -= d * c.pointee.mnAY
        a.w -= d * q.pointee.irnA
        b.vx += d * c.pointee.mnBX
        b.vy += d * c.pointee.mnBY
        b.w += d * q.pointee.irnB
        friction(&a, &b, c, p, q)
        WideBodies.store(
            (a.vx, a.vy, a.w), c.pointer(to: \.storeA)!, (b.vx, b.vy, b.w), c.pointer(to: \.storeB)!, states)
    }

    /// Coulomb friction of one point of four constraints; tangent = rightPerp(normal).
    @inline(__always) private static func friction(
        _ a: inout WideBodies, _ b: inout WideBodies,
        _ c: UnsafeMutablePointer<WideContactConstraint>,
        _ p: UnsafeMutablePointer<WidePoint>, _ q: UnsafePointer<WideLeverProducts>
    ) {
        let tx = c.pointee.normalY, ty = -c.pointee.normalX
        let rtA = p.pointee.rtA, rtB = p.pointee.rtB
        let vt = (b.vx - a.vx) * tx + (b.vy - a.vy) * ty + b.w * rtB - a.w * rtA
        let old = p.pointee.tangentImpulse
        let maxFriction = c.pointee.friction * p.pointee.normalImpulse
        let clamped = lanesMin(lanesMax(old - p.pointee.tangentMass * vt, -maxFriction), maxFriction)
        let d = clamped - old
        p.pointee.tangentImpulse = clamped
        // m·t = (m·ny, −m·nx): the velocity change along the tangent is d·m·t with the normal's products.
        a.vx -= d * c.pointee.mnAY
        a.vy += d * c.pointee.mnAX
        a.w -= d * q.pointee.irtA
        b.vx += d * c.pointee.mnBY
        b.vy -= d * c.pointee.mnBX
        b.w += d * q.pointee.irtB
    }
}

/// Lane-wise maximum (inlined: the standard library's generic `pointwiseMax` is not).
@inline(__always) private func lanesMax(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: a .< b) }

/// Lane-wise minimum.
@inline(__always) private func lanesMin(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .< a) }
