/// Prismatic (sliding) joint: body B slides along an axis fixed in body A and may not turn relative to A;
/// optional translation limits [lower, upper] pt along the axis, measured from the anchors' initial coincidence.
extension Joint {
    package mutating func preparePrismatic(_ ctx: JointStepContext) {
        let d = deltaCenter + frameB - frameA
        let a1 = cross(d + frameA, axisA), a2 = cross(frameB, axisA)
        let k = invMassA + invMassB + invIA * a1 * a1 + invIB * a2 * a2
        axialMass = k > 0 ? 1 / k : 0
        softness = ctx.jointSoftness
        if !enableLimit { lowerImpulse = 0; upperImpulse = 0 }
    }

    package func warmStartPrismatic(_ a: inout BodyState, _ b: inout BodyState) {
        let rA = a.dq.rotate(frameA), rB = b.dq.rotate(frameB)
        let d = (b.dp - a.dp) + deltaCenter + rB - rA
        let axis = a.dq.rotate(axisA)
        let perp = axis.leftPerp
        let a1 = cross(d + rA, axis), a2 = cross(rB, axis)
        let s1 = cross(d + rA, perp), s2 = cross(rB, perp)
        let axial = lowerImpulse - upperImpulse
        let p = axial * axis + linearImpulse.x * perp
        let lA = axial * a1 + linearImpulse.x * s1 + linearImpulse.y
        let lB = axial * a2 + linearImpulse.x * s2 + linearImpulse.y
        a.v -= invMassA * p
        a.w -= invIA * lA
        b.v += invMassB * p
        b.w += invIB * lB
    }

    package mutating func solvePrismatic(
        _ ctx: JointStepContext, useBias: Bool, _ a: inout BodyState, _ b: inout BodyState
    ) {
        let rA = a.dq.rotate(frameA), rB = b.dq.rotate(frameB)
        let d = (b.dp - a.dp) + deltaCenter + rB - rA
        let axis = a.dq.rotate(axisA)
        let translation = dot(axis, d)
        let a1 = cross(d + rA, axis), a2 = cross(rB, axis)
        if enableLimit {
            if lower > -Double.infinity {
                let cdot = dot(axis, b.v - a.v) + a2 * b.w - a1 * a.w
                let impulse = jointLimitImpulse(
                    c: translation - lower, cdot: cdot, accumulated: &lowerImpulse, axialMass: axialMass,
                    softness: softness, ctx, useBias)
                a.v -= invMassA * impulse * axis; a.w -= invIA * impulse * a1
                b.v += invMassB * impulse * axis; b.w += invIB * impulse * a2
            }
            if upper < Double.infinity {
                let cdot = dot(axis, a.v - b.v) + a1 * a.w - a2 * b.w
                let impulse = jointLimitImpulse(
                    c: upper - translation, cdot: cdot, accumulated: &upperImpulse, axialMass: axialMass,
                    softness: softness, ctx, useBias)
                a.v += invMassA * impulse * axis; a.w += invIA * impulse * a1
                b.v -= invMassB * impulse * axis; b.w -= invIB * impulse * a2
            }
        }
        // Perpendicular translation and relative rotation, solved as one 2×2 block.
        let perp = axis.leftPerp
        let s1 = cross(d + rA, perp), s2 = cross(rB, perp)
        let cdot = Vec2(dot(perp, b.v - a.v) + s2 * b.w - s1 * a.w, b.w - a.w)
        var bias = Vec2.zero, massScale = 1.0, impulseScale = 0.0
        if useBias {
            let c = Vec2(dot(perp, d), currentAngle(a, b))
            bias = softness.biasRate * c
            massScale = softness.massScale
            impulseScale = softness.impulseScale
        }
        let k11 = invMassA + invMassB + invIA * s1 * s1 + invIB * s2 * s2
        let k12 = invIA * s1 + invIB * s2
        var k22 = invIA + invIB
        if k22 == 0 { k22 = 1 }
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        let rhs = cdot + bias
        let x = Vec2(det * (k22 * rhs.x - k12 * rhs.y), det * (k11 * rhs.y - k12 * rhs.x))
        let impulse = Vec2(
            -massScale * x.x - impulseScale * linearImpulse.x, -massScale * x.y - impulseScale * linearImpulse.y)
        linearImpulse += impulse
        let p = impulse.x * perp
        let lA = impulse.x * s1 + impulse.y, lB = impulse.x * s2 + impulse.y
        a.v -= invMassA * p; a.w -= invIA * lA
        b.v += invMassB * p; b.w += invIB * lB
    }

}
