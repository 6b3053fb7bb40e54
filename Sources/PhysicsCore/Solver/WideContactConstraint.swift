/// Four lanes of single-precision numbers: the width of the contact solver's bundles (one SSE register).
package typealias Lanes = SIMD4<Float>

/// One manifold point of four contact constraints, side by side (structure of arrays). The values are those of
/// `ContactConstraintPoint`, in single precision: they are relative to the step (anchors from the centre of mass,
/// separation changes during the step, impulses of one step), so single precision loses nothing visible.
package struct WidePoint: Sendable {
    // The impulses first: the warm start reads them and nothing else of the point (WideContactConstraint's layout).
    /// Accumulated impulses of the step and the largest single normal impulse applied.
    package var normalImpulse = Lanes(), tangentImpulse = Lanes(), maxNormalImpulse = Lanes()
    /// Separation with the anchor offsets removed, pt.
    package var baseSeparation = Lanes()
    /// Lever arms rA × n, rB × n, rA × t, rB × t, pt.
    package var rnA = Lanes(), rnB = Lanes(), rtA = Lanes(), rtB = Lanes()
    /// Effective masses along the normal and the tangent (0 in an empty lane or for a missing second point).
    package var normalMass = Lanes(), tangentMass = Lanes()
    /// Normal relative velocity at the start of the step (pt/s, negative when approaching) and separation then (pt),
    /// for restitution: zero in a bundle without a lane that bounces (restitution 0), which the restitution pass skips.
    package var relativeVelocity = Lanes(), initialSeparation = Lanes()
    /// Contact point relative to each body's centre of mass at the start of the step, pt. Last: only the restitution
    /// reads them (the solve passes' separations use the lever arms instead, `World.separation`).
    package var anchorAX = Lanes(), anchorAY = Lanes(), anchorBX = Lanes(), anchorBY = Lanes()
}

/// The lever arms of one manifold point of four contact constraints times the inverse inertia of their body:
/// the angular velocity change per unit impulse, multiplied once per step instead of once per pass. Apart from
/// `WidePoint`: point 0's products lie among what the one-point kernel reads, point 1's among the two-point fields.
package struct WideLeverProducts: Sendable {
    /// iA·rnA, iB·rnB, iA·rtA, iB·rtB, 1/(pt·mass unit).
    package var irnA = Lanes(), irnB = Lanes(), irtA = Lanes(), irtB = Lanes()
}

/// Four contact constraints of one colour (no moving body in common), solved at once by the wide solver. Lanes
/// without a constraint have index −1 and zero masses, so they compute zero impulses and are never written back.
package struct WideContactConstraint: Sendable {
    // The fields are laid out by use: what every pass over a one-point bundle reads comes first, in its first 576
    // bytes, nine cache lines' worth (bodies and their store slots, normal, friction, soft terms, the normal's mass
    // products, the flags, point 0; the passes skip its last line, the anchors, which only the restitution reads:
    // `pile 4000 --nosleep` about 2 % faster than with the anchors in the middle); then what only two-point manifolds
    // add; last what only the preparation, restitution and the impulses' store read. A crowd's bundles stream
    // through every pass (pile 4000: 2.7 MB of bundles, eighteen passes a step), and with the one-point kernel's
    // lines scattered among unused ones (the old declaration order) `pile 4000 --nosleep` took about 3.5 % longer.
    // The warm start reads five of the nine lines: the flags sit just before point 0, whose impulses come first (it
    // read seven when the flags followed the point and the impulses its anchors: 6 % longer on the pile's two
    // threads).
    /// The solver bodies of each lane, as byte offsets into the solver bodies (`bodyOffset`: the slot times 32, so a
    /// gather adds the offset to the base with no shift: 16 fewer instructions per bundle and pass). An empty lane
    /// repeats lane 0's bodies and never writes them.
    package var bodyA = SIMD4<Int32>(repeating: -1), bodyB = SIMD4<Int32>(repeating: -1)
    /// Where each lane's body A (B) velocity is stored after a pass, as a byte offset like `bodyA`: the body itself
    /// when its bit is set in `writeA` (`writeB`), else the solver's sink slot, written and never read
    /// (`StepScratch.solverBodies`'s last slot). Every lane is stored unconditionally: no branch per lane.
    package var storeA = SIMD4<Int32>(), storeB = SIMD4<Int32>()
    package var normalX = Lanes(), normalY = Lanes()
    package var friction = Lanes()
    /// Soft-contact coefficients of each lane (static and dynamic contacts differ).
    package var biasRate = Lanes(), massScale = Lanes(), impulseScale = Lanes()
    package var invMassA = Lanes(), invMassB = Lanes()
    /// The normal times the inverse mass of each body, mA·n and mB·n: the velocity change per unit normal impulse
    /// (and, turned, per unit tangent impulse), multiplied once per step instead of once per pass. The one-point
    /// kernel, friction and the warm start use them; the two-point kernel's normal impulses keep mA·sum·n (using
    /// the products there makes the compiler split its vectors into scalar lanes: twice the instructions).
    package var mnAX = Lanes(), mnAY = Lanes(), mnBX = Lanes(), mnBY = Lanes()
    /// The lever-arm products of `p0`.
    package var q0 = WideLeverProducts()
    /// Whether some lane has a second manifold point (otherwise the one-point kernel runs).
    package var twoPoints = false
    /// Bit l set: lane l's body A (B) takes impulses (awake and moving), so its velocity is written back.
    package var writeA: UInt8 = 0, writeB: UInt8 = 0
    /// Bit l set: at some point of lane l the bodies neither approach nor part faster than the restitution threshold
    /// at the start of the step (resting, sliding, pressed), so they are held together (`markConstrainedBodies`).
    package var slowLanes: UInt8 = 0
    /// Number of lanes in use, 1…4.
    package var laneCount: Int32 = 0
    /// Manifold point 0 of each lane.
    package var p0 = WidePoint()
    package var invIA = Lanes(), invIB = Lanes()
    /// All bits set in a lane whose two-point manifold is solved as a 2×2 block (and in empty lanes, which then
    /// compute zero impulses either way).
    package var useBlock = SIMD4<Int32>()
    /// Inverse 2×2 normal mass matrix of a two-point manifold.
    package var invK11 = Lanes(), invK12 = Lanes(), invK22 = Lanes()
    /// Manifold point 1 of each lane (zero in a one-point bundle), and its lever-arm products.
    package var p1 = WidePoint()
    package var q1 = WideLeverProducts()
    /// Index of each lane's contact in `World.contacts`.
    package var contactIndex = SIMD4<Int32>()
    /// Manifold points of each lane (0 in an empty lane).
    package var pointCount = SIMD4<Int32>()
    package var restitution = Lanes()
    /// Relative acceleration of B with respect to A along the normal from gravity and applied forces, pt/s², for
    /// restitution (zero in a bundle without a lane that bounces).
    package var normalAcceleration = Lanes()

    package init() {}

    /// The byte offset of solver body slot `slot` (`MemoryLayout<SolverBody>.stride` is 32), as the body fields
    /// hold it.
    @inline(__always) package static func bodyOffset(_ slot: Int32) -> Int32 { slot &<< 5 }
    /// `bodyOffset` of four slots, lane by lane.
    @inline(__always) package static func bodyOffsets(_ slots: SIMD4<Int32>) -> SIMD4<Int32> { slots &<< 5 }
    /// The slot of a body field's byte offset.
    @inline(__always) package static func bodySlot(_ offset: Int32) -> Int32 { offset &>> 5 }
}
