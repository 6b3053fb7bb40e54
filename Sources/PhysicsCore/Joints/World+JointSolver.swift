/// The joint half of the soft-step solver: prepared once per step, then warm started, solved with bias and
/// relaxed in every sub-step before the contacts, in creation-slot order (deterministic).
extension World {
    package func jointStepContext(h: Double, contactHertz: Double) -> JointStepContext {
        let hertz = Swift.min(settings.jointHertzScale * contactHertz, 0.5 / h)
        return JointStepContext(h: h, invH: 1 / h,
                                jointSoftness: Softness(hertz: hertz, dampingRatio: settings.jointDampingRatio, h: h),
                                maxBiasSpeed: settings.jointPushMaxVelocity)
    }

    /// Collects the joints with an awake body and computes their step constants.
    package mutating func prepareJoints(_ ctx: JointStepContext) {
        activeJoints.removeAll(keepingCapacity: true)
        if jointCount == 0 { return }
        for k in joints.indices where joints[k].isAlive {
            let ia = Int(joints[k].bodyA), ib = Int(joints[k].bodyB)
            let awakeA = bodies[ia].isAwake && bodies[ia].type == .dynamic
            let awakeB = bodies[ib].isAwake && bodies[ib].type == .dynamic
            if !awakeA && !awakeB { continue }
            activeJoints.append(Int32(k))
            var j = joints[k]
            j.invMassA = awakeA ? bodies[ia].invMass : 0
            j.invIA = awakeA ? bodies[ia].invInertia : 0
            j.invMassB = awakeB ? bodies[ib].invMass : 0
            j.invIB = awakeB ? bodies[ib].invInertia : 0
            let qA = bodies[ia].transform.q, qB = bodies[ib].transform.q
            j.frameA = qA.rotate(j.localAnchorA - bodies[ia].localCenter)
            j.frameB = qB.rotate(j.localAnchorB - bodies[ib].localCenter)
            j.deltaCenter = bodies[ib].center - bodies[ia].center
            j.deltaAngle = bodies[ib].angle - bodies[ia].angle - j.referenceAngle
            j.axisA = qA.rotate(j.localAxisA)
            switch j.kind {
            case .distance: j.prepareDistance(ctx)
            case .revolute: j.prepareRevolute(ctx)
            case .prismatic: j.preparePrismatic(ctx)
            case .weld: j.prepareWeld(ctx)
            }
            joints[k] = j
        }
    }

    /// Explicit spring forces of soft distance joints, once per sub-step before the constraints.
    package mutating func applyJointSprings(h: Double) {
        if activeJoints.isEmpty { return }
        joints.withUnsafeMutableBufferPointer { jo in
        states.withUnsafeMutableBufferPointer { st in
            for k32 in activeJoints where jo[Int(k32)].explicitSpring {
                let k = Int(k32)
                let ia = Int(jo[k].bodyA), ib = Int(jo[k].bodyB)
                var a = st[ia], b = st[ib]
                jo[k].applySpring(h: h, &a, &b)
                st[ia] = a
                st[ib] = b
            }
        }}
    }

    package mutating func warmStartJoints() {
        if activeJoints.isEmpty { return }
        joints.withUnsafeMutableBufferPointer { jo in
        states.withUnsafeMutableBufferPointer { st in
            for k32 in activeJoints {
                let k = Int(k32)
                let ia = Int(jo[k].bodyA), ib = Int(jo[k].bodyB)
                var a = st[ia], b = st[ib]
                switch jo[k].kind {
                case .distance: jo[k].warmStartDistance(&a, &b)
                case .revolute: jo[k].warmStartRevolute(&a, &b)
                case .prismatic: jo[k].warmStartPrismatic(&a, &b)
                case .weld: jo[k].warmStartWeld(&a, &b)
                }
                st[ia] = a
                st[ib] = b
            }
        }}
    }

    package mutating func solveJoints(_ ctx: JointStepContext, useBias: Bool) {
        if activeJoints.isEmpty { return }
        joints.withUnsafeMutableBufferPointer { jo in
        states.withUnsafeMutableBufferPointer { st in
            for k32 in activeJoints {
                let k = Int(k32)
                let ia = Int(jo[k].bodyA), ib = Int(jo[k].bodyB)
                var a = st[ia], b = st[ib]
                switch jo[k].kind {
                case .distance: jo[k].solveDistance(ctx, useBias: useBias, &a, &b)
                case .revolute: jo[k].solveRevolute(ctx, useBias: useBias, &a, &b)
                case .prismatic: jo[k].solvePrismatic(ctx, useBias: useBias, &a, &b)
                case .weld: jo[k].solveWeld(ctx, useBias: useBias, &a, &b)
                }
                // A static or sleeping side has zero inverse mass: its state is written back unchanged.
                st[ia] = a
                st[ib] = b
            }
        }}
    }
}
