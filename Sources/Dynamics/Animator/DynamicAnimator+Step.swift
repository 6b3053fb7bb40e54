import Foundation
internal import PhysicsCore

/// The animator step: the public manual clock.
extension DynamicAnimator {
    /// Advances the simulation by one display frame of `dt` seconds (one display-link tick = one animator step).
    ///
    /// Does nothing while the animator is paused (`isRunning` false) or for `dt` = 0. Otherwise, in UIKit's order:
    /// 1. `dt` > 0.5 s (`maximumFrameInterval`) becomes 1/60 s (`frameInterval(forDisplayInterval:)`);
    ///    `elapsedTime += dt`.
    /// 2. Pre-solver: item-behaviour properties are re-applied if any changed (last marked wins); behaviours queue
    ///    their forces.
    /// 3. World steps of `worldStepInterval` (1/120 s, 3 solver sub-steps each) while the accumulated time
    ///    allows; queued forces act in every one of them. Contacts are gathered.
    /// 4. Every body's position and angle are written to its item (`center`, pure-rotation `transform`).
    /// 5. Collision delegates: every "began" of the step, then every "ended", netted over the step's world steps
    ///    so that they leave the delegate with the real state (a pair touching before and after the step hears
    ///    nothing; one that touched and parted within the step hears began, then ended).
    /// 6. Every registered behaviour's `action` (children included), depth-first in add order.
    /// 7. Additions and removals requested during 5–6 are applied.
    /// 8. The animator pauses (`dynamicAnimatorDidPause`) if no body is awake, no behaviour is registered, or every
    ///    top-level behaviour allows stopping.
    ///
    /// A NaN, infinite or negative `dt`, or a call from inside a step, is refused with a diagnostic.
    public func advance(by dt: TimeInterval) {
        guard dt.isFinite, dt >= 0 else {
            DynamicsDiagnostics.report(
                .invalidTimeStep,
                "advance(by: \(dt)): the interval must be finite and ≥ 0; "
                    + "no step was taken")
            return
        }
        guard !isInStep else {
            DynamicsDiagnostics.report(
                .invalidTimeStep,
                "advance(by:) was called from inside a step (an action or a "
                    + "delegate callback); ignored")
            return
        }
        guard isRunning, dt > 0 else { return }
        let frame = Self.frameInterval(forDisplayInterval: dt)
        ticks += 1
        elapsedTime += frame
        isInStep = true

        applyItemPropertiesIfNeeded()
        stepForces.removeAll(keepingCapacity: true)
        let order = traversal()
        for b in order { b.prepareForStep(in: self) }

        var contacts = ContactNetting()
        var worldSteps = 0
        let recoveriesBefore = world.blownUpRecoveries
        accumulator += frame
        let h = Self.worldStepInterval
        var steps = 0
        var left = accumulator
        while left >= h {
            left -= h
            steps += 1
        }
        // Anchors moved since the last frame (drags) move over this frame's world steps, at the cursor's speed.
        let anchorsMove = !movingAnchors.isEmpty && steps > 0
        if anchorsMove {
            for a in movingAnchors { a.startAnchorMove(over: Double(steps) * h, in: self) }
        }
        for _ in 0..<steps {
            for f in stepForces { world.applyForce(f.body, f.force, at: f.point) }
            capRunawaySpins()
            stepWorld(dt: h)
            contacts.record(ended: world.endEvents, began: world.beginEvents, touching: &touchingPairs)
            worldSteps += 1
        }
        accumulator = left
        if anchorsMove {
            for a in movingAnchors { a.finishAnchorMove(in: self) }
            movingAnchors.removeAll(keepingCapacity: true)
        }
        stepForces.removeAll(keepingCapacity: true)
        if world.blownUpRecoveries != recoveriesBefore {
            DynamicsDiagnostics.report(
                .bodyBlownUp,
                "\(world.blownUpRecoveries - recoveriesBefore) item(s) would have "
                    + "left this step non-finite or beyond 1e9 pt (a joint with an extreme lever arm or mass ratio?); "
                    + "they were put back where the step started, at rest")
        }

        let (began, ended) = contacts.netEvents(touching: touchingPairs)
        writeBack()
        deliverContacts(began: began, ended: ended)
        if worldSteps > 0, !retiredShapeOwners.isEmpty {
            retiredShapeOwners = retiredShapeOwners.filter { $0.value.tick >= ticks }
        }
        for b in traversal() { b.action?() }

        isInStep = false
        applyQueuedChanges()
        stepDidFinish?()
        if !world.hasAwakeBodies || behaviors.isEmpty || behaviors.allSatisfy(\.allowsAnimatorToStop) {
            pause()
        }
    }

    /// Box2D's rotation limit, rad per world step: π/2. Only bodies with a negative angular resistance can run
    /// into it (their spin grows every step); it keeps them finite.
    static let maximumRotationPerWorldStep = Double.pi / 2

    /// Caps the angular speed of bodies whose angular damping is negative at π/2 per world step (188 rad/s).
    func capRunawaySpins() {
        let cap = Self.maximumRotationPerWorldStep / Self.worldStepInterval
        for record in records where record.spinsUp {
            guard let body = record.body, let w = world.angularVelocity(of: body), abs(w) > cap else { continue }
            world.setAngularVelocity(body, w < 0 ? -cap : cap)
        }
    }

    /// Writes every body's position and angle to its item: `center`, and `transform` as a pure rotation. Items
    /// that are `PixelAlignedDynamicItem`s (views, groups) get UIKit's rounding: center on the pixel grid of
    /// `displayScale`, assigned only if it changed; angle to a multiple of 1/5000 rad.
    func writeBack() {
        for record in records {
            guard let body = record.body, let p = world.position(of: body), let angle = world.angle(of: body) else {
                continue
            }
            if record.isPixelAligned {
                let center = PixelGrid.round(p.cgPoint, scale: displayScale)
                if record.item.center != center { record.item.center = center }
                record.item.transform = CGAffineTransform(rotationAngle: CGFloat(PixelGrid.round(angle: angle)))
            } else {
                record.item.center = p.cgPoint
                record.item.transform = CGAffineTransform(rotationAngle: CGFloat(angle))
            }
        }
    }

    /// Takes one world step. A custom field's block (`FieldBehavior.field(evaluationBlock:)`) is called from inside
    /// the step; so that it may read the animator — `DynamicItemBehavior.linearVelocity(for:)`, `items(in:)` —
    /// without an exclusive-access conflict on the world, the step then runs on a copy and the animator keeps the
    /// state of the start of the world step until it ends (what the block reads). Without custom fields the world
    /// is stepped in place, at no cost.
    func stepWorld(dt: Double) {
        guard world.hasFieldEvaluators else {
            world.step(dt: dt)
            return
        }
        var stepping = world
        stepping.step(dt: dt)
        world = stepping
    }
}
