/// How a body moves.
public enum BodyType: UInt8, Sendable, Hashable {
    /// Never moves; infinite mass (walls, boundaries, anchored items).
    case `static`
    /// Moves only by its set velocity; infinite mass; pushes dynamic bodies.
    case kinematic
    /// Moved by forces, contacts and joints.
    case dynamic
}

/// A handle to a body: index plus generation, so a stale handle is rejected rather than touching another body.
public struct BodyID: Hashable, Sendable, CustomStringConvertible {
    /// Slot in the world's body array.
    public let index: Int32
    /// Generation of that slot when the handle was made.
    public let generation: UInt32
    public var description: String { "body#\(index).\(generation)" }
}

/// Everything needed to create a body.
public struct BodyDefinition: Sendable {
    /// Default `.dynamic`.
    public var type: BodyType = .dynamic
    /// World position of the body origin, pt.
    public var position: Vec2 = .zero
    /// Rotation, radians.
    public var angle: Double = 0
    /// Velocity of the centre of mass, pt/s.
    public var linearVelocity: Vec2 = .zero
    /// rad/s.
    public var angularVelocity: Double = 0
    /// Linear damping rate c, 1/s: each sub-step v ← v / (1 + h·c). Default 0; finite (negative speeds the body
    /// up; keep 1 + h·c > 0).
    public var linearDamping: Double = 0
    /// Angular damping rate, 1/s. Default 0; finite (negative speeds the spin up).
    public var angularDamping: Double = 0
    /// Multiplier of world gravity. Default 1.
    public var gravityScale: Double = 1
    /// No rotation from contacts or forces (infinite inertia). Default false.
    public var fixedRotation: Bool = false
    /// Swept against static geometry even when slow. Default false (fast bodies are always swept).
    public var isBullet: Bool = false
    /// May fall asleep. Default true.
    public var allowSleep: Bool = true
    /// Free tag for the owner.
    public var userData: UInt64 = 0

    /// The defaults.
    public init() {}
}

/// Cold per-body data (bookkeeping and pose). Hot solver data lives in `BodyState`.
package struct Body: Sendable {
    package var type: BodyType = .dynamic
    package var generation: UInt32 = 0
    package var isAlive = false
    package var isAwake = true
    package var allowSleep = true
    package var fixedRotation = false
    package var isBullet = false
    /// Pressed deep into static geometry at the start of this step: sweep it even if slow.
    package var needsContinuous = false
    /// Body-origin transform.
    package var transform = Transform.identity
    /// Smallest and largest distance from the centre of mass to the surface (for continuous collision). In the
    /// first cache line with the flags and the transform, which is all the narrow phase reads of a body per pair.
    package var minExtent = 0.0
    package var maxExtent = 0.0
    /// World centre of mass now and at the start of the step.
    package var center = Vec2.zero
    package var center0 = Vec2.zero
    /// Rotation at the start of the step.
    package var rotation0 = Rotation.identity
    /// Centre of mass in the body frame.
    package var localCenter = Vec2.zero
    package var mass = 0.0
    package var invMass = 0.0
    /// Rotational inertia about the centre of mass.
    package var inertia = 0.0
    package var invInertia = 0.0
    package var linearDamping = 0.0
    package var angularDamping = 0.0
    package var gravityScale = 1.0
    /// Accumulated force (pt·mass/s²) and torque, cleared after each step.
    package var force = Vec2.zero
    package var torque = 0.0
    package var sleepTime = 0.0
    /// Sleeping island this body belongs to, or −1.
    package var sleepingIsland: Int32 = -1
    /// Head of the body's shape list, or −1.
    package var firstShape: Int32 = -1
    package var shapeCount: Int32 = 0
    /// Head of the body's joint list, or −1, and its length.
    package var firstJoint: Int32 = -1
    package var jointCount: Int32 = 0
    package var userData: UInt64 = 0
    package var angle: Double = 0
    /// Fields acting on the body: bit i = the field in slot i. Default none.
    package var fieldMask: UInt32 = 0
    /// Electric charge for electric and magnetic fields, unitless. Default 0.
    package var charge: Double = 0

    package init() {}
}

/// Hot per-body solver state, indexed like the body array.
package struct BodyState: Sendable {
    package var v = Vec2.zero
    package var w = 0.0
    /// Position change of the centre of mass since the step began.
    package var dp = Vec2.zero
    /// Rotation change since the step began.
    package var dq = Rotation.identity

    package init() {}

    /// Whether the body has any velocity, linear or angular.
    @inline(__always) package var isMoving: Bool { v != .zero || w != 0 }
}
