/// Velocities and step displacement of the two bodies of one constraint, held in registers while its points are
/// solved.
package struct SolverBodyPair {
    package var vA: Vec2
    package var wA: Double
    package var vB: Vec2
    package var wB: Double
    /// Relative displacement of B with respect to A since the step began, and each body's rotation change.
    package let dp: Vec2
    package let dqA: Rotation
    package let dqB: Rotation

    @inline(__always) package init(a: BodyState, b: BodyState) {
        vA = a.v
        wA = a.w
        vB = b.v
        wB = b.w
        dp = b.dp - a.dp
        dqA = a.dq
        dqB = b.dq
    }

    /// Applies impulse `P` at anchors `rA`, `rB` (equal and opposite).
    @inline(__always) mutating func apply(_ P: Vec2, _ rA: Vec2, _ rB: Vec2, _ c: ContactConstraint) {
        vA -= c.invMassA * P
        wA -= c.invIA * cross(rA, P)
        vB += c.invMassB * P
        wB += c.invIB * cross(rB, P)
    }

    /// Non-penetration of one point: soft push-out with bias, speculative when apart.
    @inline(__always) mutating func solveNormal(_ cp: inout ContactConstraintPoint, _ c: ContactConstraint, _ n: Vec2,
                                                invH: Double, maxBias: Double, useBias: Bool) {
        let rA = cp.anchorA, rB = cp.anchorB
        let d = dp + dqB.rotate(rB) - dqA.rotate(rA)
        let s = dot(d, n) + cp.baseSeparation
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if s > 0 {
            bias = s * invH  // speculative: allow closing exactly the gap
        } else if useBias {
            bias = Swift.max(c.softness.massScale * c.softness.biasRate * s, -maxBias)
            massScale = c.softness.massScale
            impulseScale = c.softness.impulseScale
        }
        let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
        let vn = dot(dv, n)
        let old = cp.normalImpulse
        let newImpulse = Swift.max(old - cp.normalMass * (massScale * vn + bias) - impulseScale * old, 0)
        let impulse = newImpulse - old
        cp.normalImpulse = newImpulse
        cp.maxNormalImpulse = Swift.max(cp.maxNormalImpulse, impulse)
        apply(impulse * n, rA, rB, c)
    }

    /// Coulomb friction of one point, bounded by friction × its normal impulse.
    @inline(__always) mutating func solveFriction(_ cp: inout ContactConstraintPoint, _ c: ContactConstraint, _ t: Vec2) {
        let rA = cp.anchorA, rB = cp.anchorB
        let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
        let vt = dot(dv, t)
        let old = cp.tangentImpulse
        let maxFriction = c.friction * cp.normalImpulse
        let newImpulse = Swift.min(Swift.max(old - cp.tangentMass * vt, -maxFriction), maxFriction)
        cp.tangentImpulse = newImpulse
        apply((newImpulse - old) * t, rA, rB, c)
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
        let d = dp + dqB.rotate(cp.anchorB) - dqA.rotate(cp.anchorA)
        let s1 = dot(d, c.normal) + cp.baseSeparation
        let s0 = Swift.max(cp.initialSeparation, s1)
        let K = 0.5 * u0 * u0 + ga * (s0 - s1) + 0.5 * ga * h * u0
        let half = 0.5 * ga * h
        let ui = -half + (half * half + 2 * Swift.max(K, 0)).squareRoot()
        return c.restitution * (ui + ga * h)
    }

    /// Drives one point's normal velocity to `target` (separating), never pulling.
    @inline(__always) mutating func solveRestitution(_ cp: inout ContactConstraintPoint, _ c: ContactConstraint,
                                                     target: Double) {
        let rA = cp.anchorA, rB = cp.anchorB
        let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
        let vn = dot(dv, c.normal)
        let old = cp.normalImpulse
        let newImpulse = Swift.max(old - cp.normalMass * (vn - target), 0)
        let impulse = newImpulse - old
        cp.normalImpulse = newImpulse
        cp.maxNormalImpulse = Swift.max(cp.maxNormalImpulse, impulse)
        apply(impulse * c.normal, rA, rB, c)
    }
}
