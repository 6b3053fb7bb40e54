import Foundation
internal import PhysicsCore

/// Adding and reading velocities.
extension DynamicItemBehavior {
    /// Adds `velocity` (pt/s, reference axes) to an item of this behaviour and wakes it. Before the behaviour is in
    /// an animator, additions are summed per item and applied when it is added. (0, 0) or an item not in `items`
    /// does nothing; a non-finite velocity is refused with a diagnostic.
    public func addLinearVelocity(_ velocity: CGPoint, for item: any DynamicItem) {
        guard velocity.x.isWithin(InputLimits.maxSpeed), velocity.y.isWithin(InputLimits.maxSpeed) else {
            return refuseVelocity("addLinearVelocity(\(velocity))", item)
        }
        guard items.contains(where: { $0 === item }), velocity != .zero else { return }
        guard let animator = dynamicAnimator else {
            let key = ObjectIdentifier(item)
            let old = pendingLinearVelocities[key] ?? .zero
            pendingLinearVelocities[key] = CGPoint(
                x: Self.capped(old.x + velocity.x), y: Self.capped(old.y + velocity.y))
            return
        }
        guard let body = animator.record(for: item)?.body, let v = animator.world.linearVelocity(of: body) else {
            return
        }
        let sum = v + Vec2(velocity)
        animator.world.setLinearVelocity(
            body, Vec2(Double(Self.capped(CGFloat(sum.x))), Double(Self.capped(CGFloat(sum.y)))))
        animator.tickle()
    }

    /// The item's velocity (of its centre of mass), pt/s; (0, 0) when the item is not in this behaviour or has no
    /// body.
    public func linearVelocity(for item: any DynamicItem) -> CGPoint {
        guard items.contains(where: { $0 === item }), let animator = dynamicAnimator,
            let body = animator.record(for: item)?.body, let v = animator.world.linearVelocity(of: body)
        else { return .zero }
        return v.cgPoint
    }

    /// Adds `velocity` (rad/s, positive = clockwise on screen) to an item of this behaviour and wakes it; same
    /// rules as `addLinearVelocity(_:for:)`.
    public func addAngularVelocity(_ velocity: CGFloat, for item: any DynamicItem) {
        guard velocity.isWithin(InputLimits.maxSpeed) else {
            return refuseVelocity("addAngularVelocity(\(velocity))", item)
        }
        guard items.contains(where: { $0 === item }), velocity != 0 else { return }
        guard let animator = dynamicAnimator else {
            let key = ObjectIdentifier(item)
            pendingAngularVelocities[key] = Self.capped((pendingAngularVelocities[key] ?? 0) + velocity)
            return
        }
        guard let body = animator.record(for: item)?.body, let w = animator.world.angularVelocity(of: body) else {
            return
        }
        animator.world.setAngularVelocity(body, Double(Self.capped(CGFloat(w) + velocity)))
        animator.tickle()
    }

    /// The item's angular velocity, rad/s; 0 when the item is not in this behaviour or has no body.
    public func angularVelocity(for item: any DynamicItem) -> CGFloat {
        guard items.contains(where: { $0 === item }), let animator = dynamicAnimator,
            let body = animator.record(for: item)?.body, let w = animator.world.angularVelocity(of: body)
        else { return 0 }
        return CGFloat(w)
    }

    /// Applies and forgets the velocities added before association.
    func applyPendingVelocities(to record: ItemRecord, in animator: DynamicAnimator) {
        let v = pendingLinearVelocities.removeValue(forKey: record.key)
        let w = pendingAngularVelocities.removeValue(forKey: record.key)
        guard let body = record.body else { return }
        if let v, let current = animator.world.linearVelocity(of: body) {
            animator.world.setLinearVelocity(body, current + Vec2(v))
        }
        if let w, let current = animator.world.angularVelocity(of: body) {
            animator.world.setAngularVelocity(body, current + Double(w))
        }
    }

    private func refuseVelocity(_ what: String, _ item: any DynamicItem) {
        DynamicsDiagnostics.report(
            .invalidValue,
            "\(describeBehavior(self)): \(what) for \(describe(item)) is not "
                + "finite or beyond ±\(InputLimits.maxSpeed); the velocity is unchanged")
    }

    /// A summed velocity kept within ±`InputLimits.maxSpeed` (repeated additions cannot run off to infinity).
    static func capped(_ v: CGFloat) -> CGFloat {
        Swift.max(-InputLimits.maxSpeed, Swift.min(InputLimits.maxSpeed, v))
    }
}
