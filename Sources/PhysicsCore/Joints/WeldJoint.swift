/// Weld joint: fuses two bodies at an anchor — no relative translation, and the relative angle held at
/// `referenceAngle`. Rigid by default; `hertz` / `angularHertz` > 0 make the linear / angular parts springs.
extension Joint {
    package mutating func prepareWeld(_ ctx: JointStepContext) {
        let k = invIA + invIB
        axialMass = k > 0 ? 1 / k : 0
        softness = hertz > 0 ? Softness(hertz: hertz, dampingRatio: dampingRatio, h: ctx.h) : ctx.jointSoftness
        angularSoftness =
            angularHertz > 0 ? Softness(hertz: angularHertz, dampingRatio: dampingRatio, h: ctx.h) : ctx.jointSoftness
    }

    package func warmStartWeld(_ a: inout BodyState, _ b: inout BodyState) {
        let rA = a.dq.rotate(frameA), rB = b.dq.rotate(frameB)
        applyJointImpulse(self, linearImpulse, rA, rB, angularImpulse, &a, &b)
    }

    package mutating func solveWeld(_ ctx: JointStepContext, useBias: Bool, _ a: inout BodyState, _ b: inout BodyState)
    {
        // Angular part.
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if useBias || angularHertz > 0 {
            let c = currentAngle(a, b)
            bias = angularSoftness.biasRate * c
            massScale = angularSoftness.massScale
            impulseScale = angularSoftness.impulseScale
        }
        let cdot = b.w - a.w
        let impulse = -axialMass * massScale * (cdot + bias) - impulseScale * angularImpulse
        angularImpulse += impulse
        a.w -= invIA * impulse
        b.w += invIB * impulse
        // Linear part.
        solvePoint(ctx, useBias: useBias || hertz > 0, &a, &b)
    }
}
