/// Everything needed to create a joint. Anchors are given in world coordinates at creation (pt) and fixed to the
/// bodies from then on. Build one with the static factories; every field may be adjusted before `createJoint`.
public struct JointDefinition: Sendable {
    /// Which constraint.
    public var kind: JointKind
    /// The two bodies; at least one must be dynamic.
    public var bodyA: BodyID
    public var bodyB: BodyID
    /// Anchor on body A and on body B, world coordinates at creation, pt.
    public var anchorA: Vec2
    public var anchorB: Vec2
    /// Whether the two bodies keep colliding with each other. Default false.
    public var collideConnected = false
    /// Distance: rest length, pt (≥ 0). Default: the anchors' distance at creation.
    public var length: Double
    /// Distance: lower / upper limits on the length, pt, used when `enableLimit`. Defaults 0 / +∞.
    public var minLength = 0.0
    public var maxLength = Double.infinity
    /// Distance and weld: spring frequency, Hz (≥ 0); 0 = rigid. Default 0.
    public var hertz = 0.0
    /// Spring damping ratio (≥ 0; 1 = critical). Default 0.
    public var dampingRatio = 0.0
    /// Distance: true = spring/limit regime, false = rigid rod. Default false.
    public var enableSpring = false
    /// Distance, revolute, prismatic: enforce `lower…upper` (`minLength…maxLength` for distance). Default false.
    public var enableLimit = false
    /// Revolute: angle limits, radians; prismatic: translation limits along the axis, pt. Defaults −∞ / +∞.
    public var lower = -Double.infinity
    public var upper = Double.infinity
    /// Revolute: motor on, target relative speed (rad/s) and its torque cap (mass·pt²/s², ≥ 0). Default off.
    public var enableMotor = false
    public var motorSpeed = 0.0
    public var maxMotorTorque = 0.0
    /// Prismatic: sliding axis in world axes at creation (normalised; must not be zero). Default (1, 0).
    public var axis = Vec2(1, 0)
    /// Weld: angular spring frequency, Hz (≥ 0); 0 = rigid. Default 0.
    public var angularHertz = 0.0
    /// Free tag for the owner.
    public var userData: UInt64 = 0

    init(kind: JointKind, bodyA: BodyID, bodyB: BodyID, anchorA: Vec2, anchorB: Vec2) {
        self.kind = kind
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.anchorA = anchorA
        self.anchorB = anchorB
        self.length = (anchorB - anchorA).length
    }

    /// A distance joint between two world anchors (rigid rod of their current distance until changed).
    public static func distance(_ a: BodyID, _ b: BodyID, anchorA: Vec2, anchorB: Vec2) -> JointDefinition {
        JointDefinition(kind: .distance, bodyA: a, bodyB: b, anchorA: anchorA, anchorB: anchorB)
    }

    /// A revolute (pin) joint at one world point.
    public static func revolute(_ a: BodyID, _ b: BodyID, anchor: Vec2) -> JointDefinition {
        JointDefinition(kind: .revolute, bodyA: a, bodyB: b, anchorA: anchor, anchorB: anchor)
    }

    /// A prismatic joint at one world point sliding along a world axis.
    public static func prismatic(_ a: BodyID, _ b: BodyID, anchor: Vec2, axis: Vec2) -> JointDefinition {
        var d = JointDefinition(kind: .prismatic, bodyA: a, bodyB: b, anchorA: anchor, anchorB: anchor)
        d.axis = axis
        return d
    }

    /// A weld joint at one world point.
    public static func weld(_ a: BodyID, _ b: BodyID, anchor: Vec2) -> JointDefinition {
        JointDefinition(kind: .weld, bodyA: a, bodyB: b, anchorA: anchor, anchorB: anchor)
    }

    /// Why the definition cannot be used, or nil when it is valid (handles are checked by the world).
    public var problem: String? {
        if !anchorA.isFinite || !anchorB.isFinite { return "anchors must be finite" }
        if !length.isFinite || length < 0 { return "length must be finite and ≥ 0 (got \(length))" }
        if minLength.isNaN || minLength < 0 || maxLength.isNaN || maxLength < minLength {
            return "need 0 ≤ minLength ≤ maxLength (got \(minLength)…\(maxLength))"
        }
        if !hertz.isFinite || hertz < 0 { return "hertz must be finite and ≥ 0 (got \(hertz))" }
        if !angularHertz.isFinite || angularHertz < 0 {
            return "angularHertz must be finite and ≥ 0 (got \(angularHertz))"
        }
        if !dampingRatio.isFinite || dampingRatio < 0 {
            return "dampingRatio must be finite and ≥ 0 (got \(dampingRatio))"
        }
        if lower.isNaN || upper.isNaN || lower > upper { return "need lower ≤ upper (got \(lower)…\(upper))" }
        if !motorSpeed.isFinite || !maxMotorTorque.isFinite || maxMotorTorque < 0 {
            return "motorSpeed must be finite and maxMotorTorque finite and ≥ 0"
        }
        if kind == .prismatic && (!axis.isFinite || axis.lengthSquared == 0) {
            return "axis must be finite and non-zero"
        }
        return nil
    }
}
