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
    public func acceleration(at point: CGPoint, velocity: CGPoint = .zero, mass: CGFloat = 1,
                             charge: CGFloat = 0) -> CGVector {
        guard point.isFinite, velocity.isFinite, mass.isFinite, mass > 0, charge.isFinite else { return .zero }
        let time = dynamicAnimator?.world.time ?? 0
        let force = definition.probeForce(at: Vec2(point), velocity: Vec2(velocity), mass: Double(mass),
                                          charge: Double(charge), time: time, evaluator: makeEvaluator())
        let a = force / Double(mass)
        return CGVector(dx: a.x, dy: a.y)
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
        let force = block(self, sample.position.cgPoint, CGVector(dx: sample.velocity.x, dy: sample.velocity.y),
                          CGFloat(sample.mass), CGFloat(sample.charge), sample.deltaTime)
        guard force.isFinite else {
            if !reportedBadForce {
                reportedBadForce = true
                DynamicsDiagnostics.report(.invalidValue, "\(describeBehavior(self)): the evaluation block returned "
                                           + "\(force); non-finite forces count as zero")
            }
            return .zero
        }
        return Vec2(force)
    }
}
