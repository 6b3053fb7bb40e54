/// Position projection of rigid joints after the sub-steps: moves the bodies' step displacement so the anchors of
/// pins, welds and rigid rods meet again, without touching velocities. Joints forming trees are closed exactly by
/// Newton iterations over the body–joint tree (`JointTree.swift`); the rest get Gauss–Seidel passes. The soft
/// step keeps joint velocities close, but a link spinning at ω drifts about r·(ωh)²/2 per sub-step (a whipping
/// chain tip: ~1 pt); the projection removes that drift before it is seen or accumulates.
extension World {
    package mutating func projectJoints() {
        // The sub-steps are over: the pins' impulses go back to their joints for the next step's warm start.
        storePinRowImpulses()
        let passes = Swift.max(0, Swift.min(8, settings.jointProjectionIterations))
        if passes == 0 || forest.activeJoints.isEmpty { return }
        let tolerance = settings.jointProjectionTolerance
        var gsList = forest.activeJoints
        if !forest.treeNodes.isEmpty {
            for _ in 0..<passes where projectJointTreeOnce(tolerance: tolerance) <= tolerance { break }
            gsList = forest.loopJoints
        }
        if gsList.isEmpty { return }
        joints.withUnsafeMutableBufferPointer { jo in
            states.withUnsafeMutableBufferPointer { st in
                for _ in 0..<passes {
                    var worst = 0.0
                    for k32 in gsList {
                        let k = Int(k32)
                        let ia = Int(jo[k].bodyA), ib = Int(jo[k].bodyB)
                        var a = st[ia], b = st[ib]
                        let e: Double
                        switch jo[k].kind {
                        case .revolute, .weld: e = jo[k].projectPoint(&a, &b, tolerance: tolerance)
                        case .distance: e = jo[k].projectRod(&a, &b, tolerance: tolerance)
                        case .prismatic: e = 0
                        }
                        worst = Swift.max(worst, e)
                        st[ia] = a
                        st[ib] = b
                    }
                    if worst <= tolerance { break }
                }
            }
        }
    }
}

extension Joint {
    /// Moves the two bodies so a pin's anchors coincide; returns the error found, pt.
    @inline(__always) mutating func projectPoint(_ a: inout BodyState, _ b: inout BodyState, tolerance: Double)
        -> Double
    {
        let rA = a.dq.rotate(frameA), rB = b.dq.rotate(frameB)
        let c = (b.dp - a.dp) + deltaCenter + rB - rA
        let err = c.length
        if err <= tolerance { return err }
        let x = solvePointBlock(self, rA, rB, c)
        applyDisplacement(-1 * x, rA, rB, &a, &b)
        return err
    }

    /// Moves the two bodies so a rigid rod has its length again; returns the error found, pt.
    @inline(__always) mutating func projectRod(_ a: inout BodyState, _ b: inout BodyState, tolerance: Double) -> Double
    {
        if enableSpring && minLength != maxLength { return 0 }
        let rA = a.dq.rotate(frameA), rB = b.dq.rotate(frameB)
        let d = (b.dp - a.dp) + deltaCenter + rB - rA
        let len = d.length
        let err = abs(len - length)
        if err <= tolerance || len == 0 { return err }
        let axis = (1 / len) * d
        let crA = cross(rA, axis), crB = cross(rB, axis)
        let k = invMassA + invMassB + invIA * crA * crA + invIB * crB * crB
        if k <= 0 { return err }
        applyDisplacement((-(len - length) / k) * axis, rA, rB, &a, &b)
        return err
    }

    /// Applies a position-level impulse P (mass·pt) at the anchors: translations and small rotations.
    @inline(__always) func applyDisplacement(
        _ p: Vec2, _ rA: Vec2, _ rB: Vec2, _ a: inout BodyState, _ b: inout BodyState
    ) {
        a.dp -= invMassA * p
        a.dq = a.dq.integrated(by: -invIA * cross(rA, p))
        b.dp += invMassB * p
        b.dq = b.dq.integrated(by: invIB * cross(rB, p))
    }
}
