/// The joint half of the soft-step solver: prepared once per step, then warm started, solved with bias and
/// relaxed in every sub-step before the contacts, in creation-slot order (deterministic).
extension World {
    package func jointStepContext(h: Double, contactHertz: Double) -> JointStepContext {
        let hertz = Swift.min(settings.jointHertzScale * contactHertz, 0.5 / h)
        return JointStepContext(
            h: h, invH: 1 / h,
            jointSoftness: Softness(hertz: hertz, dampingRatio: settings.jointDampingRatio, h: h),
            maxBiasSpeed: settings.jointPushMaxVelocity)
    }

    /// Collects the joints with an awake body and computes their step constants.
    package mutating func prepareJoints(_ ctx: JointStepContext) {
        forest.activeJoints.removeAll(keepingCapacity: true)
        if jointCount == 0 { return }
        let count = joints.count
        joints.withUnsafeMutableBufferPointer { jo in
            for k in 0..<count where jo[k].isAlive {
                let ia = Int(jo[k].bodyA), ib = Int(jo[k].bodyB)
                let awakeA = bodies[ia].isAwake && bodies[ia].type == .dynamic
                let awakeB = bodies[ib].isAwake && bodies[ib].type == .dynamic
                if !awakeA && !awakeB { continue }
                forest.activeJoints.append(Int32(k))
                // In place: a joint record is large, copying it out and back would cost more than the work.
                jo[k].invMassA = awakeA ? bodies[ia].invMass : 0
                jo[k].invIA = awakeA ? bodies[ia].invInertia : 0
                jo[k].invMassB = awakeB ? bodies[ib].invMass : 0
                jo[k].invIB = awakeB ? bodies[ib].invInertia : 0
                let qA = bodies[ia].transform.q, qB = bodies[ib].transform.q
                jo[k].frameA = qA.rotate(jo[k].localAnchorA - bodies[ia].localCenter)
                jo[k].frameB = qB.rotate(jo[k].localAnchorB - bodies[ib].localCenter)
                jo[k].deltaCenter = bodies[ib].center - bodies[ia].center
                jo[k].deltaAngle = bodies[ib].angle - bodies[ia].angle - jo[k].referenceAngle
                jo[k].axisA = qA.rotate(jo[k].localAxisA)
                switch jo[k].kind {
                case .distance: jo[k].prepareDistance(ctx)
                case .revolute: jo[k].prepareRevolute(ctx)
                case .prismatic: jo[k].preparePrismatic(ctx)
                case .weld: jo[k].prepareWeld(ctx)
                }
            }
        }
    }

    /// Explicit spring forces of soft distance joints, once per sub-step before the constraints.
    package mutating func applyJointSprings(h: Double) {
        if forest.activeJoints.isEmpty { return }
        joints.withUnsafeMutableBufferPointer { jo in
            states.withUnsafeMutableBufferPointer { st in
                for k32 in forest.activeJoints where jo[Int(k32)].explicitSpring {
                    let k = Int(k32)
                    let ia = Int(jo[k].bodyA), ib = Int(jo[k].bodyB)
                    var a = st[ia], b = st[ib]
                    jo[k].applySpring(h: h, &a, &b)
                    st[ia] = a
                    st[ib] = b
                }
            }
        }
    }

    /// Whether this step's joint passes change any velocity (a Gauss–Seidel joint, or an active forest solved
    /// exactly): the sub-step loop hands velocities over between joints and contacts only then.
    package var jointPassesChangeVelocities: Bool {
        !forest.iterativeJoints.isEmpty || (settings.exactJointVelocities && !forest.activeJoints.isEmpty)
    }

    /// Splits the active joints between the exact forest and the Gauss–Seidel list for this step.
    package mutating func classifyJoints() {
        forest.treeFactoredForVelocity = false
        if !forest.activeJoints.isEmpty && settings.jointProjectionIterations > 0 && buildJointTree() {
            forest.iterativeJoints = settings.exactJointVelocities ? forest.loopJoints : forest.activeJoints
            if forest.treeIsPin { refreshPinTree() }
        } else {
            forest.treeNodes.removeAll(keepingCapacity: true)
            forest.treeIsPin = false
            forest.treeCacheVersion = .max
            forest.iterativeJoints = forest.activeJoints
        }
        buildPinRows()
    }

    package mutating func warmStartJoints() {
        if forest.pinRows.isEmpty { return }
        let n = forest.pinRows.count
        forest.pinRows.withUnsafeBufferPointer { rows in
            joints.withUnsafeMutableBufferPointer { jo in
                states.withUnsafeMutableBufferPointer { st in
                    let base = st.baseAddress!
                    for r in 0..<n {
                        if rows[r].isPin { rows[r].warmStart(base); continue }
                        let k = Int(rows[r].joint)
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
                }
            }
        }
    }

    package mutating func solveJoints(_ ctx: JointStepContext, useBias: Bool) {
        if settings.exactJointVelocities { solveTreeVelocities() }
        if forest.pinRows.isEmpty { return }
        let n = forest.pinRows.count
        forest.pinRows.withUnsafeMutableBufferPointer { rows in
            joints.withUnsafeMutableBufferPointer { jo in
                states.withUnsafeMutableBufferPointer { st in
                    let base = st.baseAddress!
                    for r in 0..<n {
                        if rows[r].isPin { rows[r].solve(ctx, useBias: useBias, base); continue }
                        let k = Int(rows[r].joint)
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
                }
            }
        }
    }
}
