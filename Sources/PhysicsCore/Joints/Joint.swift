/// A handle to a joint: index plus generation, so a stale handle is rejected rather than touching another joint.
public struct JointID: Hashable, Sendable, CustomStringConvertible {
    /// Slot in the world's joint array.
    public let index: Int32
    /// Generation of that slot when the handle was made.
    public let generation: UInt32
    public var description: String { "joint#\(index).\(generation)" }
}

/// The kinds of joint the solver knows.
public enum JointKind: UInt8, Sendable, Hashable {
    /// Keeps two anchor points at a distance: a rigid rod, a spring (hertz > 0) and/or a rope (min/max limits).
    case distance
    /// Pins two anchor points together; the bodies turn freely about it (with optional angle limits and a motor
    /// used as rotational friction).
    case revolute
    /// Lets body B slide along an axis fixed in body A, without relative rotation (optional translation limits).
    case prismatic
    /// Fuses two bodies: no relative translation or rotation.
    case weld
}

/// One joint: its definition and the solver's per-step data. All kinds share one record so the world stores
/// joints in one contiguous array; each kind reads only its own fields.
package struct Joint: Sendable {
    package var kind: JointKind = .distance
    package var generation: UInt32 = 0
    package var isAlive = false
    package var bodyA: Int32 = -1
    package var bodyB: Int32 = -1
    /// Anchors in each body's origin frame, pt.
    package var localAnchorA = Vec2.zero
    package var localAnchorB = Vec2.zero
    /// Whether the two bodies still collide with each other.
    package var collideConnected = false
    /// Next joint in each body's joint list (for body A's list and body B's list).
    package var nextOnA: Int32 = -1
    package var nextOnB: Int32 = -1
    package var userData: UInt64 = 0

    // Distance joint.
    package var length = 0.0
    package var minLength = 0.0
    package var maxLength = Double.infinity
    package var enableSpring = false
    package var enableLimit = false
    /// Spring frequency, Hz (distance and weld), 0 = rigid.
    package var hertz = 0.0
    /// Spring damping ratio, 1 = critical.
    package var dampingRatio = 0.0

    // Revolute, prismatic and weld.
    /// Angle of B relative to A at which the joint is at rest, radians.
    package var referenceAngle = 0.0
    /// Revolute: angle limits, radians. Prismatic: translation limits, pt.
    package var lower = -Double.infinity
    package var upper = Double.infinity
    package var enableMotor = false
    package var motorSpeed = 0.0
    /// Revolute: maximum motor torque (mass·pt²/s²).
    package var maxMotorTorque = 0.0
    /// Prismatic: sliding axis in body A's frame (unit).
    package var localAxisA = Vec2(1, 0)
    /// Weld: angular spring frequency, Hz (0 = rigid); `hertz` is the linear one.
    package var angularHertz = 0.0

    // Solver data, rebuilt each step.
    package var invMassA = 0.0, invMassB = 0.0, invIA = 0.0, invIB = 0.0
    /// Anchors relative to each centre of mass, world axes, at the start of the step.
    package var frameA = Vec2.zero
    package var frameB = Vec2.zero
    /// Centre of B minus centre of A at the start of the step.
    package var deltaCenter = Vec2.zero
    /// Relative rotation of B with respect to A at the start of the step (revolute, prismatic, weld).
    package var deltaAngle = 0.0
    /// Prismatic: axis in world axes at the start of the step.
    package var axisA = Vec2(1, 0)
    package var axialMass = 0.0
    /// Distance springs soft enough for an explicit (symplectic) force: exact frequency and damping ratio, no
    /// numerical damping. Stiffer springs are solved implicitly.
    package var explicitSpring = false
    package var softness = Softness.rigid
    package var springSoftness = Softness.rigid
    package var angularSoftness = Softness.rigid

    /// Joint tree projection: whether the joint is solved exactly this step, and its node.
    package var inTree = false
    package var treeNode: Int32 = -1

    // Accumulated impulses (warm started across steps).
    package var linearImpulse = Vec2.zero
    package var angularImpulse = 0.0
    package var springImpulse = 0.0
    package var lowerImpulse = 0.0
    package var upperImpulse = 0.0
    package var motorImpulse = 0.0

    package init() {}

    /// Drops the accumulated impulses (after a parameter change that makes them meaningless).
    package mutating func resetImpulses() {
        linearImpulse = .zero
        angularImpulse = 0
        springImpulse = 0
        lowerImpulse = 0
        upperImpulse = 0
        motorImpulse = 0
    }
}

/// One side of a joint limit (distance, angle or travel) along its axial direction: speculative while `c` > 0
/// (the gap may close within the sub-step), a soft push back when beyond. Accumulates into `accumulated` (never
/// negative) and returns the impulse to apply now. A free function, so the joint record is not copied to call it.
@inline(__always) package func jointLimitImpulse(
    c: Double, cdot: Double, accumulated: inout Double, axialMass: Double,
    softness: Softness, _ ctx: JointStepContext, _ useBias: Bool
) -> Double {
    var bias = 0.0, massScale = 1.0, impulseScale = 0.0
    if c > 0 {
        bias = c * ctx.invH
    } else if useBias {
        bias = Swift.max(softness.biasRate * c, -ctx.maxBiasSpeed)
        massScale = softness.massScale
        impulseScale = softness.impulseScale
    }
    let impulse = -axialMass * massScale * (cdot + bias) - impulseScale * accumulated
    let newImpulse = Swift.max(0, accumulated + impulse)
    let applied = newImpulse - accumulated
    accumulated = newImpulse
    return applied
}

/// Coefficients shared by every joint in one step.
package struct JointStepContext {
    /// Sub-step, s, and its inverse.
    package var h: Double
    package var invH: Double
    /// Softness of rigid joint constraints while biased (position drift correction).
    package var jointSoftness: Softness
    /// Cap on the drift-correction speed, pt/s.
    package var maxBiasSpeed: Double
}

/// Applies an impulse P at anchors rA, rB (equal and opposite) to two body velocities.
@inline(__always) package func applyJointImpulse(
    _ j: Joint, _ p: Vec2, _ rA: Vec2, _ rB: Vec2, _ angular: Double,
    _ a: inout BodyState, _ b: inout BodyState
) {
    a.v -= j.invMassA * p
    a.w -= j.invIA * (cross(rA, p) + angular)
    b.v += j.invMassB * p
    b.w += j.invIB * (cross(rB, p) + angular)
}

/// Solves the 2×2 point-to-point block K·x = rhs for two anchors; returns zero when K is singular.
@inline(__always) package func solvePointBlock(_ j: Joint, _ rA: Vec2, _ rB: Vec2, _ rhs: Vec2) -> Vec2 {
    let mA = j.invMassA, mB = j.invMassB, iA = j.invIA, iB = j.invIB
    let k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
    let k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
    let k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
    var det = k11 * k22 - k12 * k12
    if det != 0 { det = 1 / det }
    return Vec2(det * (k22 * rhs.x - k12 * rhs.y), det * (k11 * rhs.y - k12 * rhs.x))
}
