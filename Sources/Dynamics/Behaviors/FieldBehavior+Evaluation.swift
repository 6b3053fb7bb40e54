import Foundation
internal import PhysicsCore

/// Evaluating the field: the custom block of `field(evaluationBlock:)` (called from inside the world step), and a
/// probe for drawing the field.
extension FieldBehavior {
    /// The acceleration this field would give an item of `mass` (1 = 100 × 100 pt at density 1) and `charge` at
    /// `point` (reference coordinates, pt) moving at `velocity` (pt/s), in pt/s² — what the sandbox draws as the
    /// field's vector grid. Region, strength and falloff included; noise is taken at the animator's current time
    /// (0 before the field is added). A velocity field gives `direction × 100 − velocity` (the change it makes, per
    /// second). A custom field calls its block with a `deltaTime` of 0. Zero for non-finite input or mass ≤ 0.
    public func acceleration(
        at point: CGPoint, velocity: CGPoint = .zero, mass: CGFloat = 1,
        charge: CGFloat = 0
    ) -> CGVector {
        guard point.isFinite, velocity.isFinite, mass.isFinite, mass > 0, charge.isFinite else { return .zero }
        let time = dynamicAnimator?.world.time ?? 0
        let force = definition.probeForce(
            at: Vec2(point), velocity: Vec2(velocity), mass: Double(mass),
            charge: Double(charge), time: time, evaluator: makeEvaluator())
        let a = force / Double(mass)
        // A finite question gets a finite answer: huge strengths over tiny masses or distances are capped (each
        // component at ±greatestFiniteMagnitude would still be useless to draw, so ±maxBlockForce), NaN reads 0.
        return CGVector(dx: Self.capped(a.x), dy: Self.capped(a.y))
    }

    /// `x` within ±`InputLimits.maxBlockForce`; NaN → 0.
    static func capped(_ x: Double) -> Double {
        x.isNaN ? 0 : Swift.max(-InputLimits.maxBlockForce, Swift.min(InputLimits.maxBlockForce, x))
    }

    /// The world-side closure of a custom field: calls the block on the main actor, where the animator steps its
    /// world. Holds the behaviour weakly (the world belongs to the animator, which owns the behaviour).
    func makeEvaluator() -> FieldEvaluator? {
        guard evaluationBlock != nil else { return nil }
        return { [weak self] sample in
            MainActor.assumeIsolated { self?.evaluate(sample) ?? .zero }
        }
    }

    /// Runs the block on one sample; a non-finite force counts as zero (reported once).
    private func evaluate(_ sample: FieldSample) -> Vec2 {
        guard let block = evaluationBlock else { return .zero }
        let force = block(
            self, sample.position.cgPoint, CGVector(dx: sample.velocity.x, dy: sample.velocity.y),
            CGFloat(sample.mass), CGFloat(sample.charge), sample.deltaTime)
        let limit = InputLimits.maxBlockForce
        guard force.isFinite, abs(Double(force.dx)) <= limit, abs(Double(force.dy)) <= limit else {
            if !reportedBadForce {
                reportedBadForce = true
                DynamicsDiagnostics.report(
                    .invalidValue,
                    "\(describeBehavior(self)): the evaluation block returned "
                        + "\(force); forces that are not finite or beyond ±\(limit) per axis "
                        + "count as zero")
            }
            return .zero
        }
        return Vec2(force)
    }
}
