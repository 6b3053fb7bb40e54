import Foundation
internal import PhysicsCore

/// The animator step: the public manual clock.
extension DynamicAnimator {
    /// Advances the simulation by one display frame of `dt` seconds (one display-link tick = one animator step).
    ///
    /// Does nothing while the animator is paused (`isRunning` false) or for `dt` = 0. Otherwise, in UIKit's order:
    /// 1. `dt` > 0.5 s becomes 1/60 s; `elapsedTime += dt`.
    /// 2. Pre-solver: item-behaviour properties are re-applied if any changed (last marked wins); behaviours queue
    ///    their forces.
    /// 3. World steps of `worldStepInterval` (1/120 s, 3 solver sub-steps each) while the accumulated time
    ///    allows; queued forces act in every one of them. Contacts are gathered.
    /// 4. Every body's position and angle are written to its item (`center`, pure-rotation `transform`).
    /// 5. Collision delegates: every "began" of the step, then every "ended".
    /// 6. Every registered behaviour's `action` (children included), depth-first in add order.
    /// 7. Additions and removals requested during 5–6 are applied.
    /// 8. The animator pauses (`dynamicAnimatorDidPause`) if no body is awake, no behaviour is registered, or every
    ///    top-level behaviour allows stopping.
    ///
    /// A NaN, infinite or negative `dt`, or a call from inside a step, is refused with a diagnostic.
    public func advance(by dt: TimeInterval) {
        guard dt.isFinite, dt >= 0 else {
            DynamicsDiagnostics.report(.invalidTimeStep, "advance(by: \(dt)): the interval must be finite and ≥ 0; "
                                       + "no step was taken")
            return
        }
        guard !isInStep else {
            DynamicsDiagnostics.report(.invalidTimeStep, "advance(by:) was called from inside a step (an action or a "
                                       + "delegate callback); ignored")
            return
        }
        guard isRunning, dt > 0 else { return }
        let frame = dt > Self.maximumFrameInterval ? 1.0 / 60.0 : dt
        ticks += 1
        elapsedTime += frame
        isInStep = true

        applyItemPropertiesIfNeeded()
        stepForces.removeAll(keepingCapacity: true)
        let order = traversal()
        for b in order { b.prepareForStep(in: self) }

        var began: [ContactBeginEvent] = []
        var ended: [ContactEndEvent] = []
        var worldSteps = 0
        accumulator += frame
        let h = Self.worldStepInterval
        while accumulator >= h {
            for f in stepForces { world.applyForce(f.body, f.force, at: f.point) }
            stepWorld(dt: h)
            began.append(contentsOf: world.beginEvents)
            ended.append(contentsOf: world.endEvents)
            accumulator -= h
            worldSteps += 1
        }
        stepForces.removeAll(keepingCapacity: true)

        writeBack()
        deliverContacts(began: began, ended: ended)
        if worldSteps > 0, !retiredShapeOwners.isEmpty {
            retiredShapeOwners = retiredShapeOwners.filter { $0.value.tick >= ticks }
        }
        for b in traversal() { b.action?() }

        isInStep = false
        applyQueuedChanges()
        if !world.hasAwakeBodies || behaviors.isEmpty || behaviors.allSatisfy(\.allowsAnimatorToStop) {
            pause()
        }
    }

    /// Writes every body's position and angle to its item: `center`, and `transform` as a pure rotation.
    func writeBack() {
        for record in records {
            guard let body = record.body, let p = world.position(of: body), let angle = world.angle(of: body) else {
                continue
            }
            record.item.center = p.cgPoint
            record.item.transform = CGAffineTransform(rotationAngle: CGFloat(angle))
        }
    }
}
