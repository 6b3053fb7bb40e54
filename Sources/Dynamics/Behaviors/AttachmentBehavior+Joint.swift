import Foundation
internal import PhysicsCore

/// Building the world joint behind an attachment, and keeping it in step with the properties.
extension AttachmentBehavior {
    /// 1 UIKit N·m (kg·m²/s²) in core torque units (mass·pt²/s²) at 100 pt per metre.
    static let torqueScale: Double = 10_000

    /// Creates the anchor body (anchor kinds) and the joint. Sets `length` from the current geometry unless set.
    func buildJoint(in animator: DynamicAnimator) {
        guard joint == nil, let bodyA = animator.record(for: item1)?.body else { return }
        let bodyB: BodyID
        if let item2 {
            guard let b = animator.record(for: item2)?.body else { return }
            bodyB = b
        } else {
            var def = BodyDefinition()
            def.type = .static
            def.position = Vec2(anchor)
            guard let b = animator.world.createBody(def) else { return }
            anchorBody = b
            bodyB = b
        }
        let world = animator.world
        let xfA = world.transform(of: bodyA) ?? .identity
        let xfB = world.transform(of: bodyB) ?? .identity
        var pA = xfA.apply(Vec2(Double(offset1.horizontal), Double(offset1.vertical)))
        var pB = item2 == nil ? Vec2(anchor) : xfB.apply(Vec2(Double(offset2.horizontal), Double(offset2.vertical)))
        if kind == .limit {
            // UIKit's rope is tied at center − offset in reference axes, and its maximum length is the distance
            // between the two knots now, at association (whatever `length` said before); it is never re-evaluated.
            pA = xfA.p - Vec2(Double(offset1.horizontal), Double(offset1.vertical))
            pB = xfB.p - Vec2(Double(offset2.horizontal), Double(offset2.vertical))
            storedLength = CGFloat((pB - pA).length)
        }
        if kind == .distance && !lengthWasSet {
            storedLength = CGFloat((pB - pA).length)
        }
        // Anchor kinds put the fixed anchor first, as Box2D does with ground: slide travel and pin angles are
        // then the item's, measured from the anchor.
        let def = item2 == nil ? jointDefinition(bodyB, bodyA, pB, pA) : jointDefinition(bodyA, bodyB, pA, pB)
        joint = animator.world.createJoint(def)
        if joint == nil {
            DynamicsDiagnostics.report(
                .invalidValue,
                "\(describeBehavior(self)): the attachment could not be built "
                    + "(both ends static?); it has no effect")
        }
    }

    /// The joint for the current properties between two world points.
    private func jointDefinition(_ a: BodyID, _ b: BodyID, _ pA: Vec2, _ pB: Vec2) -> JointDefinition {
        var def: JointDefinition
        let anchorPoint = Vec2(anchor)
        builtAsPin = false
        switch kind {
        case .distance:
            let len = Double(storedLength)
            let pinByDistance = item2 == nil && !lengthWasSet && storedFrequency == 0 && (pB - pA).length < 1
            if storedFrequency == 0 && (pinByDistance || len < 0.5) {
                // UIKit turns a near-zero rigid anchor attachment into a pin; we do the same for an explicit
                // zero-length rod (a rod of length 0 has no direction to act along).
                def = .revolute(a, b, anchor: pA)
                def.anchorB = pB
                builtAsPin = true
            } else {
                def = .distance(a, b, anchorA: pA, anchorB: pB)
                def.length = len
                if storedFrequency > 0 {
                    def.enableSpring = true
                    def.hertz = Double(storedFrequency)
                    def.dampingRatio = Double(storedDamping)
                }
            }
            def.collideConnected = item2 != nil
        case .limit:
            def = .distance(a, b, anchorA: pA, anchorB: pB)
            def.enableSpring = true
            def.enableLimit = true
            def.minLength = 0
            def.maxLength = Double(storedLength)
            def.length = Swift.min(def.length, def.maxLength)
        case .fixed:
            def = .weld(a, b, anchor: anchorPoint)
        case .pin:
            def = .revolute(a, b, anchor: anchorPoint)
            applyRange(&def)
            if storedFrictionTorque > 0 {
                def.enableMotor = true
                def.motorSpeed = 0
                def.maxMotorTorque = Double(storedFrictionTorque) * Self.torqueScale
            }
        case .sliding:
            def = .prismatic(a, b, anchor: anchorPoint, axis: Vec2(axis))
            applyRange(&def)
        }
        return def
    }

    private func applyRange(_ def: inout JointDefinition) {
        guard !storedRange.isInfinite else { return }
        def.enableLimit = true
        def.lower = Double(storedRange.minimum)
        def.upper = Double(storedRange.maximum)
    }

    /// Destroys the joint and the anchor body.
    func tearDownJoint(in animator: DynamicAnimator) {
        if let joint { animator.world.destroyJoint(joint) }
        if let anchorBody { animator.world.destroyBody(anchorBody) }
        joint = nil
        anchorBody = nil
        anchorInMotion = false
    }

    /// Moves the anchor body to `anchor` and wakes the item.
    ///
    /// A pin's anchor (a drag: the grabbed point held on the cursor) moves over the next animator frame, at the speed
    /// the finger or cursor moved: the static anchor body is made kinematic for that frame's world steps, with the
    /// velocity that carries it to `anchor` by the frame's end (`startAnchorMove`), and the item is given that
    /// velocity too, so the joint drives the item at the anchor's velocity and its contacts push what it meets (at
    /// 3000 pt/s and more, the item would otherwise start the step at rest, its pairs found for that, and be carried
    /// through a neighbour by the joint within the step); after the frame (`finishAnchorMove`) it is put exactly on
    /// `anchor` and made static again (a kinematic body would keep the animator from pausing). Teleported instead,
    /// as it was, it left the pin an error that the end-of-step projection closed by moving the item alone, through
    /// whatever lay in its way: a rigidly dragged item sank 12 pt into a free item at 600 pt/s and passed through it
    /// at 1200 pt/s. A rigid rod (a length, no frequency) moves its anchor the same way when it is dragged, that is
    /// moved by at most its length in a frame: teleported, a rod dragged at 1200 pt/s carried its item through the
    /// item in its way. A longer jump still teleports the anchor, as UIKit does: the item is pulled onto the rod's
    /// circle, not whipped round it at the speed of the jump. A spring keeps the teleport: moved at the speed of a
    /// jump, a damped spring's anchor would kick the item with its damping (a spring moves its item through its
    /// velocity, whose box is swept).
    func moveAnchorBody() {
        guard let animator = dynamicAnimator else { return }
        let from = anchorBody.flatMap { animator.world.position(of: $0) } ?? Vec2(anchor)
        let rodDrag =
            kind == .distance && storedFrequency == 0 && (Vec2(anchor) - from).length <= Double(storedLength)
        if let anchorBody, builtAsPin || rodDrag {
            if !anchorInMotion {
                animator.world.setType(anchorBody, .kinematic)
                anchorInMotion = true
                animator.movingAnchors.append(self)
            }
        } else if let anchorBody {
            animator.world.setTransform(anchorBody, position: Vec2(anchor), angle: 0)
        } else if kind != .distance {
            // Two-item factory kinds fix the anchor at creation; moving it rebuilds the joint there.
            tearDownJoint(in: animator)
            buildJoint(in: animator)
        }
        parametersDidChange()
    }

    /// Starts the anchor body's move of `moveAnchorBody` at the start of an animator frame whose world steps last
    /// `duration` seconds together: the anchor body's velocity carries it to `anchor` by the frame's end, and the
    /// item is given the velocity its joint will drive it at.
    func startAnchorMove(over duration: Double, in animator: DynamicAnimator) {
        guard anchorInMotion, let anchorBody, duration > 0, let from = animator.world.position(of: anchorBody) else {
            return
        }
        let velocity = (Vec2(anchor) - from) / duration
        animator.world.setLinearVelocity(anchorBody, velocity)
        predictItemVelocity(anchorVelocity: velocity, anchorFrom: from, in: animator)
    }

    /// Gives the item, before the frame that moves its anchor, the velocity its joint will drive it at: so its box is
    /// swept and its speculative contacts reach as far as it will go, and a fast drag meets what lies in its way
    /// instead of being carried through it within the step (its pairs found for the item at rest). The velocity is
    /// what a rigid joint's impulse at the attached point makes of the item's own: the attached point of a pin
    /// moves at the anchor's velocity, that of a rod at the anchor's velocity along the rod (from `anchorFrom` to the
    /// point), and the item keeps the rest of its motion, its turn about the point included (a card held by a corner
    /// goes on swinging however often its anchor is set: given the anchor's velocity at its centre, it barely
    /// swung).
    private func predictItemVelocity(anchorVelocity: Vec2, anchorFrom: Vec2, in animator: DynamicAnimator) {
        guard let body = animator.record(for: item1)?.body, let joint,
            let attached = animator.world.anchors(of: joint)?.1
        else { return }
        if builtAsPin {
            animator.world.matchPointVelocity(body, at: attached, to: anchorVelocity)
            return
        }
        let rod = attached - anchorFrom
        let length = rod.length
        guard length > 0 else { return }
        animator.world.matchPointVelocity(body, at: attached, to: anchorVelocity, along: rod / length)
    }

    /// Ends the anchor body's move of `moveAnchorBody` after the frame's world steps: exactly on `anchor`, static
    /// again, and the item's held point brought to rest with it (the impulse a rigid joint to a still anchor gives):
    /// between frames the item reads as UIKit's does, where the anchor is a static body that a drag teleports and the
    /// joint holds the item's point still on it (`linearVelocity(for:)` of an item held at its centre reads 0, so a
    /// release that adds the gesture's velocity adds it to nothing, as on a device).
    func finishAnchorMove(in animator: DynamicAnimator) {
        guard anchorInMotion else { return }
        anchorInMotion = false
        guard let anchorBody else { return }
        animator.world.setTransform(anchorBody, position: Vec2(anchor), angle: 0)
        animator.world.setType(anchorBody, .static)
        predictItemVelocity(anchorVelocity: .zero, anchorFrom: Vec2(anchor), in: animator)
    }

    /// Applies changed properties to the joint: in place when the joint kind stays, rebuilt otherwise.
    func jointParametersDidChange() {
        guard let animator = dynamicAnimator, let joint else { return }
        let wantsPin = kind == .distance && storedFrequency == 0 && storedLength < 0.5
        if kind == .distance && wantsPin == builtAsPin && !builtAsPin {
            animator.world.setLength(joint, Double(storedLength))
            animator.world.setSpring(joint, hertz: Double(storedFrequency), dampingRatio: Double(storedDamping))
        } else if kind == .limit {
            animator.world.setLimits(joint, lower: 0, upper: Double(storedLength))
        } else if kind == .pin {
            let r = storedRange
            animator.world.setLimits(joint, lower: Double(r.minimum), upper: Double(r.maximum), enabled: !r.isInfinite)
            animator.world.setMotor(
                joint, enabled: storedFrictionTorque > 0, speed: 0,
                maxTorque: Double(storedFrictionTorque) * Self.torqueScale)
        } else if kind == .sliding {
            let r = storedRange
            animator.world.setLimits(joint, lower: Double(r.minimum), upper: Double(r.maximum), enabled: !r.isInfinite)
        } else if kind == .distance {
            // Rod ↔ pin: rebuild, keeping the rest length.
            let keepSet = lengthWasSet
            lengthWasSet = true
            tearDownJoint(in: animator)
            buildJoint(in: animator)
            lengthWasSet = keepSet
        }
        parametersDidChange()
    }
}
