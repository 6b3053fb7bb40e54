import Foundation
import PhysicsCore

/// The custom block of `field(evaluationBlock:)`, called from inside the world step.
extension FieldBehavior {
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
