/// Velocities and step displacement of the two bodies of one constraint, held in registers while its points are
/// solved. The kernels are written component by component with precomputed lever arms: this is the innermost
/// loop of the engine.
package struct SolverBodyPair {
    package var vAx: Double, vAy: Double, wA: Double
    package var vBx: Double, vBy: Double, wB: Double
    /// Relative displacement of B with respect to A since the step began, and each body's rotation change.
    package let dpx: Double, dpy: Double
    package let dqA: Rotation
    package let dqB: Rotation

    @inline(__always) package init(a: BodyState, b: BodyState) {
        vAx = a.v.x; vAy = a.v.y; wA = a.w
        vBx = b.v.x; vBy = b.v.y; wB = b.w
        dpx = b.dp.x - a.dp.x
        dpy = b.dp.y - a.dp.y
        dqA = a.dq
        dqB = b.dq
    }

    @inline(__always) package var vA: Vec2 { Vec2(vAx, vAy) }
    @inline(__always) package var vB: Vec2 { Vec2(vBx, vBy) }

    /// Current separation of a point from the position change of both bodies during the step.
    @inline(__always) func separation(_ cp: ContactConstraintPoint, _ nx: Double, _ ny: Double) -> Double {
        let rA = cp.anchorA, rB = cp.anchorB
        let dx = dpx + (dqB.c * rB.x - dqB.s * rB.y) - (dqA.c * rA.x - dqA.s * rA.y)
        let dy = dpy + (dqB.s * rB.x + dqB.c * rB.y) - (dqA.s * rA.x + dqA.c * rA.y)
        return dx * nx + dy * ny + cp.baseSeparation
    }

    /// Non-penetration of one point: soft push-out with bias, speculative when apart.
    @inline(__always) mutating func solveNormal(_ cp: UnsafeMutablePointer<ContactConstraintPoint>,
                                                _ c: UnsafePointer<ContactConstraint>,
                                                invH: Double, maxBias: Double, useBias: Bool) {
        let nx = c.pointee.normal.x, ny = c.pointee.normal.y
        let rA = cp.pointee.anchorA, rB = cp.pointee.anchorB
        let dx = dpx + (dqB.c * rB.x - dqB.s * rB.y) - (dqA.c * rA.x - dqA.s * rA.y)
        let dy = dpy + (dqB.s * rB.x + dqB.c * rB.y) - (dqA.s * rA.x + dqA.c * rA.y)
        let s = dx * nx + dy * ny + cp.pointee.baseSeparation
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if s > 0 {
            bias = s * invH  // speculative: allow closing exactly the gap
        } else if useBias {
            massScale = c.pointee.softness.massScale
            bias = massScale * c.pointee.softness.biasRate * s
            if bias < -maxBias { bias = -maxBias }
            impulseScale = c.pointee.softness.impulseScale
        }
        let rnA = cp.pointee.rnA, rnB = cp.pointee.rnB
        let vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA
        let old = cp.pointee.normalImpulse
        var newImpulse = old - cp.pointee.normalMass * (massScale * vn + bias) - impulseScale * old
        if newImpulse < 0 { newImpulse = 0 }
        let impulse = newImpulse - old
        cp.pointee.normalImpulse = newImpulse
        if impulse > cp.pointee.maxNormalImpulse { cp.pointee.maxNormalImpulse = impulse }
        let mA = c.pointee.invMassA, mB = c.pointee.invMassB
        vAx -= mA * impulse * nx; vAy -= mA * impulse * ny; wA -= c.pointee.invIA * impulse * rnA
        vBx += mB * impulse * nx; vBy += mB * impulse * ny; wB += c.pointee.invIB * impulse * rnB
    }

    /// Both points of a two-point manifold at once, when they are in the same regime (both apart, or both
    /// touching): the 2×2 system is solved jointly, so a box landing or resting flat gets equal impulses at both
    /// corners instead of the spin and sideways slide that solving the corners one after the other injects.
    /// Returns false (nothing applied) when the points are in different regimes or the joint solution would pull;
    /// the caller then solves the points one by one.
    @inline(__always) mutating func solveNormalBlock(_ p0: UnsafeMutablePointer<ContactConstraintPoint>,
                                                     _ p1: UnsafeMutablePointer<ContactConstraintPoint>,
                                                     _ c: UnsafePointer<ContactConstraint>, invH: Double,
                                                     maxBias: Double, useBias: Bool) -> Bool {
        let nx = c.pointee.normal.x, ny = c.pointee.normal.y
        let s0 = separation(p0.pointee, nx, ny), s1 = separation(p1.pointee, nx, ny)
        var massScale = 1.0, impulseScale = 0.0, bias0 = 0.0, bias1 = 0.0
        if s0 > 0 && s1 > 0 {
            bias0 = s0 * invH
            bias1 = s1 * invH
        } else if s0 <= 0 && s1 <= 0 {
            if useBias {
                massScale = c.pointee.softness.massScale
                impulseScale = c.pointee.softness.impulseScale
                let rate = massScale * c.pointee.softness.biasRate
                bias0 = Swift.max(rate * s0, -maxBias)
                bias1 = Swift.max(rate * s1, -maxBias)
            }
        } else {
            return false
        }
        let dvx = vBx - vAx, dvy = vBy - vAy
        let b0 = massScale * (dvx * nx + dvy * ny + wB * p0.pointee.rnB - wA * p0.pointee.rnA) + bias0
        let b1 = massScale * (dvx * nx + dvy * ny + wB * p1.pointee.rnB - wA * p1.pointee.rnA) + bias1
        let old0 = p0.pointee.normalImpulse, old1 = p1.pointee.normalImpulse
        let x0 = old0 - (c.pointee.invK11 * b0 + c.pointee.invK12 * b1) - impulseScale * old0
        let x1 = old1 - (c.pointee.invK12 * b0 + c.pointee.invK22 * b1) - impulseScale * old1
        if x0 < 0 || x1 < 0 { return false }
        let d0 = x0 - old0, d1 = x1 - old1
        p0.pointee.normalImpulse = x0
        p1.pointee.normalImpulse = x1
        if d0 > p0.pointee.maxNormalImpulse { p0.pointee.maxNormalImpulse = d0 }
        if d1 > p1.pointee.maxNormalImpulse { p1.pointee.maxNormalImpulse = d1 }
        let sum = d0 + d1
        let mA = c.pointee.invMassA, mB = c.pointee.invMassB
        vAx -= mA * sum * nx; vAy -= mA * sum * ny
        wA -= c.pointee.invIA * (d0 * p0.pointee.rnA + d1 * p1.pointee.rnA)
        vBx += mB * sum * nx; vBy += mB * sum * ny
        wB += c.pointee.invIB * (d0 * p0.pointee.rnB + d1 * p1.pointee.rnB)
        return true
    }

    /// Coulomb friction of one point, bounded by friction × its normal impulse. Tangent = rightPerp(normal).
    @inline(__always) mutating func solveFriction(_ cp: UnsafeMutablePointer<ContactConstraintPoint>,
                                                  _ c: UnsafePointer<ContactConstraint>) {
        let tx = c.pointee.normal.y, ty = -c.pointee.normal.x
        let rtA = cp.pointee.rtA, rtB = cp.pointee.rtB
        let vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA
        let old = cp.pointee.tangentImpulse
        let maxFriction = c.pointee.friction * cp.pointee.normalImpulse
        var newImpulse = old - cp.pointee.tangentMass * vt
        if newImpulse > maxFriction { newImpulse = maxFriction } else if newImpulse < -maxFriction { newImpulse = -maxFriction }
        let impulse = newImpulse - old
        cp.pointee.tangentImpulse = newImpulse
        let mA = c.pointee.invMassA, mB = c.pointee.invMassB
        vAx -= mA * impulse * tx; vAy -= mA * impulse * ty; wA -= c.pointee.invIA * impulse * rtA
        vBx += mB * impulse * tx; vBy += mB * impulse * ty; wB += c.pointee.invIB * impulse * rtB
    }

    /// Separating normal speed a point should leave with, or nil when it does not bounce (approach slower than
    /// `threshold`, or the point never pushed). Under a constant approach acceleration g the discrete energy
    /// K = u²/2 + g·s + g·h·u/2 is invariant under semi-implicit Euler; the rebound restores it at the current
    /// separation.
    @inline(__always) func restitutionTarget(_ cp: ContactConstraintPoint, _ c: ContactConstraint,
                                             threshold: Double, h: Double) -> Double? {
        let u0 = -cp.relativeVelocity
        if u0 < threshold || cp.maxNormalImpulse == 0 { return nil }
        let ga = -c.normalAcceleration
        guard ga > 0 else { return c.restitution * u0 }
        let s1 = separation(cp, c.normal.x, c.normal.y)
        let s0 = Swift.max(cp.initialSeparation, s1)
        let K = 0.5 * u0 * u0 + ga * (s0 - s1) + 0.5 * ga * h * u0
        let half = 0.5 * ga * h
        let ui = -half + (half * half + 2 * Swift.max(K, 0)).squareRoot()
        return c.restitution * (ui + ga * h)
    }

    /// Drives one point's normal velocity to `target` (separating), never pulling.
    @inline(__always) mutating func solveRestitution(_ cp: inout ContactConstraintPoint, _ c: ContactConstraint,
                                                     target: Double) {
        let nx = c.normal.x, ny = c.normal.y
        let vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * cp.rnB - wA * cp.rnA
        let old = cp.normalImpulse
        let newImpulse = Swift.max(old - cp.normalMass * (vn - target), 0)
        let impulse = newImpulse - old
        cp.normalImpulse = newImpulse
        cp.maxNormalImpulse = Swift.max(cp.maxNormalImpulse, impulse)
        let px = impulse * nx, py = impulse * ny
        vAx -= c.invMassA * px; vAy -= c.invMassA * py; wA -= c.invIA * impulse * cp.rnA
        vBx += c.invMassB * px; vBy += c.invMassB * py; wB += c.invIB * impulse * cp.rnB
    }
}
