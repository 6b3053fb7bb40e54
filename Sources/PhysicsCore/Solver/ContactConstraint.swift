/// One manifold point in double precision, as the restitution pass sees it (copied out of a bundle lane).
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
    package var maxNormalImpulse = 0.0
    package var normalMass = 0.0
    /// Lever arms rA × n and rB × n, pt.
    package var rnA = 0.0
    package var rnB = 0.0
}

/// One contact constraint in double precision, as the restitution pass sees it (copied out of a bundle lane).
package struct ContactConstraint: Sendable {
    package var normal = Vec2.zero
    package var restitution = 0.0
    package var invMassA = 0.0
    package var invMassB = 0.0
    package var invIA = 0.0
    package var invIB = 0.0
    /// Relative acceleration of B with respect to A along the normal from gravity and applied forces, pt/s².
    package var normalAcceleration = 0.0
}
