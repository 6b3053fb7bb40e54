import Foundation
internal import PhysicsCore

/// A force or an impulse on its items (UIKit's `UIPushBehavior`).
///
/// All items share one vector, `pushDirection`, in UIKit newtons: 1 newton on a 100 × 100 item of density 1
/// (mass 1) accelerates it by 100 pt/s². A `.continuous` push applies that force in every step while `active`; an
/// `.instantaneous` push applies it once as an impulse on the next step (Δv = 100 · magnitude / mass pt/s) and then
/// sets `active` back to false — set `active = true` again to fire again.
///
/// The force acts at the item's center plus its `targetOffsetFromCenter(for:)`, an offset in reference axes (not
/// turned with the item), so an offset push also turns the item. Forces are queued before the world steps of an
/// animator step (spec §3.3) and act in every world step of it.
///
/// UIKit flags push items as "bullets" (continuous collision even when slow). As for gravity, Dynamics does not
/// need to: the world sweeps every body that moves far enough in one step to tunnel.
///
/// Refused values (diagnostic, old value kept): NaN or infinite direction, angle, magnitude or offset.
@preconcurrency @MainActor
open class PushBehavior: DynamicBehavior {
    /// How the push acts (UIKit's `UIPushBehavior.Mode`).
    public enum Mode: Int, Hashable, Sendable, CaseIterable {
        /// A force in every step while `active`.
        case continuous = 0
        /// One impulse on the next step after `active` becomes true; `active` then resets to false.
        case instantaneous = 1
    }

    /// 1 UIKit newton in the world's units (mass · pt/s²): 100 pt/s² on mass 1.
    public static let newton: Double = 100

    private var direction = CGVector.zero
    private var storedAngle: CGFloat = 0
    private var storedMagnitude: CGFloat = 0
    private var isActive = true
    /// Target offsets by item identity (entries are never `.zero`).
    private var offsets: [ObjectIdentifier: Offset] = [:]

    /// Whether the push acts in every step or once. Fixed at creation.
    public let mode: Mode

    /// A push of `mode` on `items` (duplicates ignored), active, with a zero vector.
    public init(items: [any DynamicItem], mode: Mode) {
        self.mode = mode
        super.init(managing: items)
    }

    /// A continuous push with no items.
    public convenience override init() {
        self.init(items: [], mode: .continuous)
    }

    /// The items, in the order they were added.
    public var items: [any DynamicItem] { itemList.items }

    /// Adds an item (duplicates ignored).
    public func addItem(_ item: any DynamicItem) {
        addManagedItem(item)
    }

    /// Removes an item and forgets its target offset.
    public func removeItem(_ item: any DynamicItem) {
        removeManagedItem(item)
    }

    /// Whether the push acts. Default true. `.continuous`: the force acts in every step while true.
    /// `.instantaneous`: the impulse is applied on the next step, then `active` becomes false by itself; setting
    /// true again fires again. Setting the current value does nothing; a change wakes the items and resumes the
    /// animator.
    public var active: Bool {
        get { isActive }
        set {
            guard newValue != isActive else { return }
            isActive = newValue
            parametersDidChange()
        }
    }

    /// The force vector, UIKit newtons (`.instantaneous`: newton-seconds). Default (0, 0). Setting it sets `angle`
    /// to `atan2(dy, dx)` and `magnitude` to its length.
    public var pushDirection: CGVector {
        get { direction }
        set {
            guard newValue.isWithin(InputLimits.maxMagnitude), (Self.newton * Vec2(newValue)).isFinite else {
                return refuse("pushDirection \(newValue)")
            }
            direction = newValue
            // `+ 0` turns −0 into +0 so that a zero vector's angle reads 0.
            storedAngle = CGFloat(atan2(Double(newValue.dy) + 0, Double(newValue.dx) + 0))
            storedMagnitude = CGFloat(hypot(Double(newValue.dx), Double(newValue.dy)))
            parametersDidChange()
        }
    }

    /// Direction of the vector, radians (0 = right, π/2 = down). Default 0. Setting it keeps `magnitude` — also
    /// when the magnitude is 0 (unlike gravity, the angle is remembered).
    public var angle: CGFloat {
        get { storedAngle }
        set { setAngle(newValue, magnitude: storedMagnitude) }
    }

    /// Length of the vector, UIKit newtons. Default 0. Setting it keeps `angle`; a negative value pushes the other
    /// way (and reads back negative).
    public var magnitude: CGFloat {
        get { storedMagnitude }
        set { setAngle(storedAngle, magnitude: newValue) }
    }

    /// Sets the vector to (cos a · m, sin a · m), with single-precision sine and cosine as UIKit does (so an angle
    /// of π gives a dy of about −1e-7 · m). Non-finite arguments are refused.
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        let a = Float(angle)
        let v = CGVector(dx: Double(cos(a)) * Double(magnitude), dy: Double(sin(a)) * Double(magnitude))
        guard angle.isFinite, magnitude.isFinite, v.isWithin(InputLimits.maxMagnitude),
            (Self.newton * Vec2(v)).isFinite
        else {
            return refuse("setAngle(\(angle), magnitude: \(magnitude))")
        }
        direction = v
        storedAngle = angle
        storedMagnitude = magnitude
        parametersDidChange()
    }

    /// Where the force acts on `item`, relative to its center, pt, in reference axes (not turned with the item).
    /// Default `.zero` (the item's center of mass: no torque).
    public func targetOffsetFromCenter(for item: any DynamicItem) -> Offset {
        offsets[ObjectIdentifier(item)] ?? .zero
    }

    /// Sets where the force acts on `item` (see `targetOffsetFromCenter(for:)`); `.zero` removes the entry. A
    /// non-finite offset is refused (diagnostic).
    public func setTargetOffsetFromCenter(_ offset: Offset, for item: any DynamicItem) {
        guard offset.isFinite else {
            return refuse("target offset \(offset) for \(describe(item))")
        }
        offsets[ObjectIdentifier(item)] = offset == .zero ? nil : offset
        parametersDidChange()
    }

    // MARK: Association and step

    override var isPrimitive: Bool { true }

    override func forgetItem(_ item: any DynamicItem) {
        offsets[ObjectIdentifier(item)] = nil
    }

    /// Pre-solver: queues the force (continuous) or applies the impulse and resets `active` (instantaneous).
    override func prepareForStep(in animator: DynamicAnimator) {
        guard isActive else { return }
        if mode == .instantaneous { isActive = false }
        let force = Self.newton * Vec2(direction)
        guard force != .zero else { return }
        for item in itemList.items {
            guard let body = animator.record(for: item)?.body,
                let point = applicationPoint(for: item, body: body, in: animator)
            else { continue }
            switch mode {
            case .continuous:
                animator.applyForceForThisStep(force, at: point, to: body)
            case .instantaneous:
                animator.world.applyLinearImpulse(body, force, at: point)
            }
        }
    }

    // MARK: Private

    /// The item's center plus its target offset (reference axes), or its centre of mass without an offset.
    private func applicationPoint(for item: any DynamicItem, body: BodyID, in animator: DynamicAnimator) -> Vec2? {
        guard let offset = offsets[ObjectIdentifier(item)] else { return animator.world.worldCenterOfMass(of: body) }
        guard let p = animator.world.position(of: body) else { return nil }
        return p + Vec2(Double(offset.horizontal), Double(offset.vertical))
    }

    private func refuse(_ what: String) {
        DynamicsDiagnostics.report(
            .invalidValue,
            "\(describeBehavior(self)): \(what) is not finite or beyond "
                + "±\(InputLimits.maxMagnitude); "
                + "pushDirection stays \(direction)")
    }
}
