/// A tracked pair of shapes whose fattened bounds overlap. Lives from the moment the bounds overlap until they part.
package struct Contact: Sendable {
    package var shapeA: Int32
    package var shapeB: Int32
    package var bodyA: Int32
    package var bodyB: Int32
    /// Current manifold (may hold speculative points with positive separation).
    package var manifold = Manifold()
    /// Accumulated impulses of manifold points 0 and 1, kept frame to frame for warm starting.
    package var normalImpulse0 = 0.0
    package var normalImpulse1 = 0.0
    package var tangentImpulse0 = 0.0
    package var tangentImpulse1 = 0.0
    /// Largest normal impulse of each point in the last step (for reporting the impact point).
    package var maxImpulse0 = 0.0
    package var maxImpulse1 = 0.0
    /// Mixed material.
    package var friction: Double
    package var restitution: Double
    /// The shapes push each other apart (false: tracked for reporting only).
    package var isSolid: Bool
    /// Some manifold point is within the touching tolerance.
    package var isTouching = false
    /// Begin/end events are wanted.
    package var reportsEvents: Bool
    /// Began touching in the current step (begin event pending until the solve has run).
    package var beganTouch = false
    /// Stopped touching in the current step.
    package var endedTouch = false
    /// Bounds parted: removed at the end of the narrow phase.
    package var retire = false
    /// One of the bodies is kinematic (a body's type is fixed for its contacts' lives: a new type drops them). The
    /// sleep pass reads it instead of both bodies' records (`updateSleep`).
    package var touchesKinematic = false
    /// Order-independent pair key.
    package var key: UInt64
    /// The step (`World.stepCount`, its low 32 bits) in which the contact last began touching: it counts as
    /// settling for `WorldSettings.settlingTime` after (`World.settlingPasses`).
    package var touchStep: UInt32 = 0

    package init(
        shapeA: Int32, shapeB: Int32, bodyA: Int32, bodyB: Int32, friction: Double, restitution: Double,
        isSolid: Bool, reportsEvents: Bool, key: UInt64
    ) {
        self.shapeA = shapeA
        self.shapeB = shapeB
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.friction = friction
        self.restitution = restitution
        self.isSolid = isSolid
        self.reportsEvents = reportsEvents
        self.key = key
    }
}

/// Two shapes started touching during the last step.
public struct ContactBeginEvent: Sendable, Hashable {
    /// The two shapes (A has the lower index).
    public var shapeA: ShapeID
    public var shapeB: ShapeID
    /// World contact point, pt: the manifold point that took the largest impulse, or the deepest one.
    public var point: Vec2
    /// World normal from A to B.
    public var normal: Vec2
}

/// Two shapes stopped touching during the last step (or one of them was destroyed while touching).
public struct ContactEndEvent: Sendable, Hashable {
    public var shapeA: ShapeID
    public var shapeB: ShapeID
}

/// Pair key independent of order.
@inline(__always) package func pairKey(_ a: Int32, _ b: Int32) -> UInt64 {
    let lo = UInt64(UInt32(bitPattern: Swift.min(a, b)))
    let hi = UInt64(UInt32(bitPattern: Swift.max(a, b)))
    return (lo << 32) | hi
}

/// The material mixing rule of a contact (Box2D's, which UIKit's engine keeps; spec §2.5), in one place.
extension Contact {
    /// Friction of a contact between shapes of friction `a` and `b`: √(a·b).
    @inline(__always) package static func mixedFriction(_ a: Double, _ b: Double) -> Double { (a * b).squareRoot() }
    /// Restitution of a contact between shapes of restitution `a` and `b`: the larger one.
    @inline(__always) package static func mixedRestitution(_ a: Double, _ b: Double) -> Double { Swift.max(a, b) }
}
