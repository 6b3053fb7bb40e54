import Foundation
internal import PhysicsCore

/// A constant acceleration for its items (UIKit's `UIGravityBehavior`).
///
/// 1.0 = 1000 pt/s² (10 m/s² at 100 pt per metre), mass-independent. As in UIKit there is **one gravity per
/// animator**: it is the world gravity, applied to the items of every gravity behaviour; the last vector written
/// wins for all of them, and removing any gravity behaviour sets it to (0, 0) even if another one remains.
/// Registering a second gravity behaviour emits a `.multipleGravityBehaviors` diagnostic.
///
/// UIKit also flags gravity items as "bullets" (continuous collision even when slow). Dynamics does not need to:
/// the world sweeps every body that moves far enough in one step to tunnel, at any speed.
@preconcurrency @MainActor
open class GravityBehavior: DynamicBehavior {
    /// 1.0 of `gravityDirection` in pt/s².
    public static let acceleration: Double = 1000

    private var direction = CGVector(dx: 0, dy: 1)

    /// A gravity behaviour for `items` (duplicates ignored), pointing down with magnitude 1.
    public init(items: [any DynamicItem]) {
        super.init(managing: items)
    }

    /// A gravity behaviour with no items.
    public convenience override init() {
        self.init(items: [])
    }

    /// The items, in the order they were added.
    public var items: [any DynamicItem] { itemList.items }

    /// Adds an item (duplicates ignored); it starts falling at once when the behaviour is in an animator.
    public func addItem(_ item: any DynamicItem) {
        addManagedItem(item)
    }

    /// Removes an item; it keeps its velocity but no longer accelerates.
    public func removeItem(_ item: any DynamicItem) {
        removeManagedItem(item)
    }

    /// The gravity vector in units of 1000 pt/s². Default (0, 1) = straight down at 1000 pt/s². Non-unit vectors
    /// scale the acceleration ((3, 4) → 5000 pt/s²). NaN or infinite components are refused (diagnostic; the old
    /// vector is kept).
    public var gravityDirection: CGVector {
        get { direction }
        set { setDirection(newValue, what: "gravityDirection \(newValue)") }
    }

    /// Direction of the vector, radians, `atan2(dy, dx)` (0 = right, π/2 = down). Default π/2. Setting it keeps
    /// the magnitude. A zero vector reads 0 (so after `magnitude = 0` a later `magnitude = 1` points right, as in
    /// UIKit).
    public var angle: CGFloat {
        get { CGFloat(atan2(Double(direction.dy), Double(direction.dx))) }
        set {
            guard newValue.isFinite else { return refuse("angle \(newValue)") }
            setAngle(newValue, magnitude: magnitude)
        }
    }

    /// Length of the vector (1.0 = 1000 pt/s²). Default 1. Setting it keeps the angle; negative values reverse the
    /// direction; 0 turns gravity off.
    public var magnitude: CGFloat {
        get { CGFloat(hypot(Double(direction.dx), Double(direction.dy))) }
        set {
            guard newValue.isFinite else { return refuse("magnitude \(newValue)") }
            setAngle(angle, magnitude: newValue)
        }
    }

    /// Sets the vector to (cos a · m, sin a · m), with single-precision sine and cosine as UIKit does (so an angle
    /// of π/2 gives dx ≈ −4.4e-8). Non-finite arguments are refused.
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite, magnitude.isFinite else {
            return refuse("setAngle(\(angle), magnitude: \(magnitude))")
        }
        let a = Float(angle)
        // `+ 0` turns −0 into +0, so that a zero vector's angle reads 0 (not π), as in UIKit.
        let v = CGVector(dx: Double(cos(a)) * Double(magnitude) + 0, dy: Double(sin(a)) * Double(magnitude) + 0)
        setDirection(v, what: "setAngle(\(angle), magnitude: \(magnitude))")
    }

    // MARK: Association

    override var isPrimitive: Bool { true }

    override func willAssociate(with animator: DynamicAnimator) {
        if animator.registeredGravityCount > 0 {
            DynamicsDiagnostics.report(
                .multipleGravityBehaviors,
                "Multiple gravity behavior per animator is undefined and may assert in the "
                    + "future; \(describeBehavior(self)) now sets the animator's single gravity")
        }
        animator.registeredGravityCount += 1
        animator.world.gravity = worldGravity
    }

    override func willDissociate(from animator: DynamicAnimator) {
        // UIKit quirk kept on purpose: removing any gravity behaviour turns the animator's gravity off.
        animator.world.gravity = .zero
        animator.registeredGravityCount -= 1
    }

    override func itemDidAttach(_ record: ItemRecord, in animator: DynamicAnimator) {
        record.gravityCount += 1
        guard let body = record.body else { return }
        animator.world.setGravityScale(body, 1)
    }

    override func itemWillDetach(_ record: ItemRecord, in animator: DynamicAnimator) {
        record.gravityCount -= 1
        guard record.gravityCount == 0, let body = record.body else { return }
        animator.world.setGravityScale(body, 0)
    }

    // MARK: Private

    /// The world gravity for the current vector, pt/s².
    private var worldGravity: Vec2 { Self.acceleration * Vec2(direction) }

    private func setDirection(_ v: CGVector, what: String) {
        let scaled = Self.acceleration * Vec2(v)
        guard v.isWithin(InputLimits.maxMagnitude), scaled.isFinite else { return refuse(what) }
        direction = v
        guard let animator = dynamicAnimator else { return }
        animator.world.gravity = scaled
        animator.wakeGravityItems()
        animator.tickle()
    }

    private func refuse(_ what: String) {
        DynamicsDiagnostics.report(
            .invalidValue,
            "\(describeBehavior(self)): \(what) is not finite or beyond ±\(InputLimits.maxMagnitude); "
                + "gravityDirection stays "
                + "\(direction)")
    }
}
