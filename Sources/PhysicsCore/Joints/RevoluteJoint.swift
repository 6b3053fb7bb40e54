/// Revolute (pin) joint: the two anchors coincide; the bodies turn freely about the pin, optionally within
/// [lower, upper] radians of relative angle, optionally against a motor (speed `motorSpeed`, torque at most
/// `maxMotorTorque`) — with speed 0 the motor is rotational friction.
extension Joint {
    package mutating func prepareRevolute(_ ctx: JointStepContext) {
        let k = invIA + invIB
        axialMass = k > 0 ? 1 / k : 0
        softness = ctx.jointSoftness
        if !enableMotor { motorImpulse = 0 }
        if !enableLimit { lowerImpulse = 0; upperImpulse = 0 }
    }

    package func warmStartRevolute(_ a: inout BodyState, _ b: inout BodyState) {
        let rA = a.dq.rotate(frameA), rB = b.dq.rotate(frameB)
        let axial = motorImpulse + lowerImpulse - upperImpulse
        applyJointImpulse(self, linearImpulse, rA, rB, axial, &a, &b)
    }

    /// Relative angle of B to A now, minus the reference angle.
    @inline(__always) package func currentAngle(_ a: BodyState, _ b: BodyState) -> Double {
        deltaAngle + Rotation.relativeAngle(a.dq, b.dq)
    }

    package mutating func solveRevolute(
        _ ctx: JointStepContext, useBias: Bool, _ a: inout BodyState, _ b: inout BodyState
    ) {
        let fixedRotation = invIA + invIB == 0
        if enableMotor && !fixedRotation {
            let cdot = b.w - a.w - motorSpeed
            var impulse = -axialMass * cdot
            let maxImpulse = ctx.h * maxMotorTorque
            let old = motorImpulse
            motorImpulse = Swift.max(-maxImpulse, Swift.min(maxImpulse, old + impulse))
            impulse = motorImpulse - old
            a.w -= invIA * impulse
            b.w += invIB * impulse
        }
        if enableLimit && !fixedRotation {
            let angle = currentAngle(a, b)
            if lower > -Double.infinity {
                let impulse = jointLimitImpulse(
                    c: angle - lower, cdot: b.w - a.w, accumulated: &lowerImpulse, axialMass: axialMass,
                    softness: softness, ctx, useBias)
                a.w -= invIA * impulse
                b.w += invIB * impulse
            }
            if upper < Double.infinity {
                let impulse = jointLimitImpulse(
                    c: upper - angle, cdot: a.w - b.w, accumulated: &upperImpulse, axialMass: axialMass,
                    softness: softness, ctx, useBias)
                a.w += invIA * impulse
                b.w -= invIB * impulse
            }
        }
        solvePoint(ctx, useBias: useBias, &a, &b)
    }

    /// The point-to-point part shared by revolute and weld joints: a 2×2 block solve of the anchor velocity.
    @inline(__always) mutating func solvePoint(
        _ ctx: JointStepContext, useBias: Bool, _ a: inout BodyState, _ b: inout BodyState
    ) {
        let rA = a.dq.rotate(frameA), rB = b.dq.rotate(frameB)
        let cdot = (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA))
        var bias = Vec2.zero, massScale = 1.0, impulseScale = 0.0
        if useBias {
            let separation = (b.dp - a.dp) + deltaCenter + rB - rA
            bias = softness.biasRate * separation
            let len = bias.length
            if len > ctx.maxBiasSpeed { bias = (ctx.maxBiasSpeed / len) * bias }
            massScale = softness.massScale
            impulseScale = softness.impulseScale
        }
        let x = solvePointBlock(self, rA, rB, cdot + bias)
        let impulse = Vec2(
            -massScale * x.x - impulseScale * linearImpulse.x,
            -massScale * x.y - impulseScale * linearImpulse.y)
        linearImpulse += impulse
        applyJointImpulse(self, impulse, rA, rB, 0, &a, &b)
    }
}
