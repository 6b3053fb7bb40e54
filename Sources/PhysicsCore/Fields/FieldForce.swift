/// What a field needs to know about one body, in world units.
package struct FieldBodyState {
    /// Body centre of mass − field position, pt.
    package var local: Vec2
    /// Body velocity, pt/s.
    package var velocity: Vec2
    /// Body mass (kg in the field formulas).
    package var mass: Double
    /// Body charge.
    package var charge: Double

    package init(local: Vec2, velocity: Vec2, mass: Double, charge: Double) {
        self.local = local
        self.velocity = velocity
        self.mass = mass
        self.charge = charge
    }
}

/// The measured UIKit force formulas (spec §2.8, §2.9), in engine units (m, kg, N).
extension FieldDefinition {
    /// The force of this field on `body`, in newtons (multiply by `FieldUnits.pointsPerMeter` for world units).
    /// The region is not tested here; velocity fields give zero (they replace the velocity instead). `time` is the
    /// world time after the sub-step (noise), `deltaTime` the sub-step length (custom fields).
    package func force(
        on body: FieldBodyState, time: Double, deltaTime: Double,
        evaluator: FieldEvaluator?
    ) -> Vec2 {
        let eps = FieldUnits.epsilon
        let ppm = FieldUnits.pointsPerMeter
        let s = strength
        let p = body.local / ppm
        let m = body.mass, q = body.charge
        let r2 = p.lengthSquared
        let r = r2.squareRoot()
        switch kind {
        case .linearGravity:
            guard abs(s * m) >= eps else { return .zero }
            return (s * m * fall(r)) * direction
        case .radialGravity:
            guard abs(s * m) >= eps, r2 >= 1e-5 else { return .zero }
            return (-s * m * fall(r) / r) * p
        case .electric:
            guard abs(s * q) >= eps, r > 0 else { return .zero }
            return (s * q * fall(r) / r) * p
        case .magnetic:
            guard abs(s * q) >= eps else { return .zero }
            let v = body.velocity / ppm
            return (s * fall(r)) * Vec2(v.y, -v.x)
        case .spring:
            guard abs(s) >= eps, r >= 1e-5 else { return .zero }
            return (-s * fall(r) / r) * p
        case .vortex:
            guard abs(s) >= eps, r > 0, m > 0 else { return .zero }
            return (s * fall(r) / (r * m)) * Vec2(-p.y, p.x)
        case .drag:
            guard abs(s) >= eps else { return .zero }
            let u = body.velocity / ppm - direction
            return (-s * u.length * fall(r)) * u
        case .velocity:
            return .zero
        case .noise:
            guard abs(s) >= eps else { return .zero }
            return noiseForce(p, r, time)
        case .turbulence:
            guard abs(s * m) >= eps else { return .zero }
            let v = body.velocity / ppm
            return (m * v.lengthSquared) * noiseForce(p, r, time)
        case .custom:
            guard abs(s) >= eps, let evaluator else { return .zero }
            let sample = FieldSample(
                position: body.local, velocity: body.velocity / ppm, mass: m, charge: q,
                deltaTime: deltaTime)
            let f = evaluator(sample)
            return f.isFinite ? f : .zero
        }
    }

    /// The force (world units, mass·pt/s²) on a probe at `point` (world pt) with `velocity` (pt/s), region
    /// included; a velocity field gives `mass · (direction·100 − velocity)` (what would reach its velocity in 1 s).
    /// Inputs must be finite, mass > 0.
    package func probeForce(
        at point: Vec2, velocity: Vec2, mass: Double, charge: Double, time: Double,
        evaluator: FieldEvaluator?
    ) -> Vec2 {
        let local = point - position
        guard region.contains(local) else { return .zero }
        if kind == .velocity { return mass * (FieldUnits.pointsPerMeter * direction - velocity) }
        let body = FieldBodyState(local: local, velocity: velocity, mass: mass, charge: charge)
        return FieldUnits.pointsPerMeter * force(on: body, time: time, deltaTime: 0, evaluator: evaluator)
    }

    /// `max(r, minimumRadius)^(−falloff)`, r in m; 1 when |falloff| < 2⁻¹⁵.
    @inline(__always) private func fall(_ r: Double) -> Double {
        guard abs(falloff) >= FieldUnits.epsilon else { return 1 }
        let f = mPow(Swift.max(r, minimumRadius / FieldUnits.pointsPerMeter), -falloff)
        return f.isFinite ? f : 0
    }

    /// `S · n · ∇n · fall` at field-local p (m), with the lookup point (p.x + T, p.y + T, T) scaled by
    /// `1.25 / (max(smoothness, 0) + 1/12) − 1` and the gradients turned by T = time × animationSpeed.
    private func noiseForce(_ p: Vec2, _ r: Double, _ time: Double) -> Vec2 {
        let t = time * animationSpeed
        let frequency = 1.25 / (Swift.max(smoothness, 0) + 1.0 / 12) - 1
        let (n, g) = SimplexNoise.evaluate(frequency * (p.x + t), frequency * (p.y + t), frequency * t, angle: t)
        return (strength * n * fall(r)) * Vec2(g.x, g.y)
    }
}
