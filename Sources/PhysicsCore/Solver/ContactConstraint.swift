/// Solver data of one manifold point, prepared once per step.
package struct ContactConstraintPoint: Sendable {
    /// Contact point relative to each body's centre of mass at the start of the step (world axes), pt.
    package var anchorA = Vec2.zero
    package var anchorB = Vec2.zero
    /// Separation with the anchor offsets removed, so that s = dot(Δd, n) + baseSeparation at any sub-step.
    package var baseSeparation = 0.0
    /// Separation at the start of the step, pt.
    package var initialSeparation = 0.0
    /// Normal relative velocity at the start of the step, pt/s (negative when approaching).
    package var relativeVelocity = 0.0
    package var normalImpulse = 0.0
    package var tangentImpulse = 0.0
    package var maxNormalImpulse = 0.0
    package var normalMass = 0.0
    package var tangentMass = 0.0
    /// Lever arms: rA × n, rB × n, rA × t, rB × t (fixed for the step, so the passes need no cross products).
    package var rnA = 0.0
    package var rnB = 0.0
    package var rtA = 0.0
    package var rtB = 0.0
}

/// Solver data of one contact manifold. Its points live in `World.constraintPoints` at 2·k and 2·k + 1.
package struct ContactConstraint: Sendable {
    package var bodyA: Int32 = 0
    package var bodyB: Int32 = 0
    package var contactIndex: Int32 = 0
    package var normal = Vec2.zero
    package var friction = 0.0
    package var restitution = 0.0
    package var invMassA = 0.0
    package var invMassB = 0.0
    package var invIA = 0.0
    package var invIB = 0.0
    /// Relative acceleration of B with respect to A along the normal from gravity and applied forces, pt/s².
    package var normalAcceleration = 0.0
    package var softness = Softness.rigid
    package var pointCount = 0
    /// Inverse of the 2×2 normal mass matrix of a two-point manifold (k⁻¹₁₁, k⁻¹₁₂, k⁻¹₂₂), so that both points
    /// can be solved jointly; `useBlock` is false when the matrix is ill-conditioned.
    package var useBlock = false
    package var invK11 = 0.0
    package var invK12 = 0.0
    package var invK22 = 0.0
}
