/// Velocities and step displacement of the two bodies of one constraint, held in registers while the
/// restitution pass (once per step, double precision) works on its points.
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

    /// Separating normal speed a point should leave with, or nil when it does not bounce (approach slower than
    /// `threshold`, or the point never pushed). Under a constant approach acceleration g the discrete energy
    /// K = u²/2 + g·s + g·h·u/2 is invariant under semi-implicit Euler; the rebound restores it at the current
    /// separation, whatever the sign of g: towards a ceiling (g < 0) it must too, since Box2D's e·u₀ there uses the
    /// approach speed of the step's start, which gravity had already reduced at impact, and gains energy on every
    /// bounce (an elastic ball between floor and ceiling went ×2.6 in 100 s).
    @inline(__always) func restitutionTarget(
        _ cp: ContactConstraintPoint, _ c: ContactConstraint,
        threshold: Double, h: Double
    ) -> Double? {
        let u0 = -cp.relativeVelocity
        if u0 < threshold || cp.maxNormalImpulse == 0 { return nil }
        let ga = -c.normalAcceleration
        let s1 = separation(cp, c.normal.x, c.normal.y)
        let s0 = Swift.max(cp.initialSeparation, s1)
        let K = 0.5 * u0 * u0 + ga * (s0 - s1) + 0.5 * ga * h * u0
        let half = 0.5 * ga * h
        let ui = -half + (half * half + 2 * Swift.max(K, 0)).squareRoot()
        return c.restitution * (ui + ga * h)
    }

    /// Drives one point's normal velocity to `target` (separating), never pulling.
    @inline(__always) mutating func solveRestitution(
        _ cp: inout ContactConstraintPoint, _ c: ContactConstraint,
        target: Double
    ) {
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
