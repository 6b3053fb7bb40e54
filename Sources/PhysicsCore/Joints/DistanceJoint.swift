/// Distance joint: keeps the two anchors `length` apart. Three regimes, as in Box2D v3's soft step:
/// - rigid rod (spring off, or min = max): a stiff constraint on the distance;
/// - spring (`hertz` > 0): an implicit damped spring towards `length` with frequency `hertz` and damping ratio
///   `dampingRatio` whatever the masses (the stiffness is the effective mass × ω²);
/// - limits (`enableLimit`): the distance is held in [minLength, maxLength] (a rope when only the max binds).
extension Joint {
    package mutating func prepareDistance(_ ctx: JointStepContext) {
        let d = deltaCenter + frameB - frameA
        let axis = d.normalized
        let crA = cross(frameA, axis), crB = cross(frameB, axis)
        let k = invMassA + invMassB + invIA * crA * crA + invIB * crB * crB
        axialMass = k > 0 ? 1 / k : 0
        softness = ctx.jointSoftness
        springSoftness = Softness(hertz: hertz, dampingRatio: dampingRatio, h: ctx.h)
        let omega = 2 * Double.pi * hertz
        explicitSpring =
            enableSpring && minLength != maxLength && hertz > 0
            && omega * ctx.h < 0.5 && 2 * dampingRatio * omega * ctx.h < 1
        if !enableSpring || hertz == 0 || explicitSpring { springImpulse = 0 }
        if !enableLimit && enableSpring { lowerImpulse = 0; upperImpulse = 0 }
    }

    package func warmStartDistance(_ a: inout BodyState, _ b: inout BodyState) {
        let rA = a.dq.rotate(frameA), rB = b.dq.rotate(frameB)
        let d = (b.dp - a.dp) + deltaCenter + rB - rA
        let axis = d.normalized
        let p = (linearImpulse.x + springImpulse + lowerImpulse - upperImpulse) * axis
        applyJointImpulse(self, p, rA, rB, 0, &a, &b)
    }

    package mutating func solveDistance(
        _ ctx: JointStepContext, useBias: Bool, _ a: inout BodyState, _ b: inout BodyState
    ) {
        let rA = a.dq.rotate(frameA), rB = b.dq.rotate(frameB)
        let d = (b.dp - a.dp) + deltaCenter + rB - rA
        let len = d.length
        let axis = len > 0 ? (1 / len) * d : Vec2.zero
        let isRigid = !enableSpring || minLength == maxLength
        if isRigid {
            let c = len - length
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if useBias {
                bias = softness.biasRate * c
                bias = Swift.max(-ctx.maxBiasSpeed, Swift.min(ctx.maxBiasSpeed, bias))
                massScale = softness.massScale
                impulseScale = softness.impulseScale
            }
            let vr = (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA))
            let cdot = dot(axis, vr)
            let impulse = -massScale * axialMass * (cdot + bias) - impulseScale * linearImpulse.x
            linearImpulse.x += impulse
            applyJointImpulse(self, impulse * axis, rA, rB, 0, &a, &b)
            return
        }
        if hertz > 0 && !explicitSpring {
            // The spring is physical: it acts in the relax pass too.
            let c = len - length
            let bias = springSoftness.biasRate * c
            let vr = (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA))
            let cdot = dot(axis, vr)
            let impulse =
                -springSoftness.massScale * axialMass * (cdot + bias) - springSoftness.impulseScale * springImpulse
            springImpulse += impulse
            applyJointImpulse(self, impulse * axis, rA, rB, 0, &a, &b)
        }
        if enableLimit {
            let vr = (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA))
            if minLength > 0 || lowerImpulse > 0 {
                let impulse = jointLimitImpulse(
                    c: len - minLength, cdot: dot(axis, vr), accumulated: &lowerImpulse, axialMass: axialMass,
                    softness: softness, ctx, useBias)
                applyJointImpulse(self, impulse * axis, rA, rB, 0, &a, &b)
            }
            if maxLength < Double.infinity {
                // Recomputed: the lower side may just have changed the velocities.
                let vr2 = (a.v + cross(a.w, rA)) - (b.v + cross(b.w, rB))
                let impulse = jointLimitImpulse(
                    c: maxLength - len, cdot: dot(axis, vr2), accumulated: &upperImpulse, axialMass: axialMass,
                    softness: softness, ctx, useBias)
                applyJointImpulse(self, -impulse * axis, rA, rB, 0, &a, &b)
            }
        }
    }

    /// A soft spring as an explicit force over one sub-step (symplectic Euler: the velocity is updated from the
    /// current stretch, positions then follow): k = m_eff·ω², c = 2·m_eff·ζ·ω along the joint axis.
    package func applySpring(h: Double, _ a: inout BodyState, _ b: inout BodyState) {
        let rA = a.dq.rotate(frameA), rB = b.dq.rotate(frameB)
        let d = (b.dp - a.dp) + deltaCenter + rB - rA
        let len = d.length
        if len == 0 { return }
        let axis = (1 / len) * d
        let omega = 2 * Double.pi * hertz
        let vr = (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA))
        let impulse = -h * axialMass * (omega * omega * (len - length) + 2 * dampingRatio * omega * dot(axis, vr))
        applyJointImpulse(self, impulse * axis, rA, rB, 0, &a, &b)
    }
}
