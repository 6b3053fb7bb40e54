import Foundation
internal import PhysicsCore

/// Stepping the world while custom fields' blocks may run inside the step.
extension DynamicAnimator {
    /// Takes one world step. A custom field's block (`FieldBehavior.field(evaluationBlock:)`) is called from inside
    /// the step; so that it may read the animator — `DynamicItemBehavior.linearVelocity(for:)`, `items(in:)` —
    /// without an exclusive-access conflict on the world, the step then runs on a copy and the animator keeps the
    /// state of the start of the world step until it ends (what the block reads). Without custom fields the world
    /// is stepped in place, at no cost.
    func stepWorld(dt: Double) {
        guard world.hasFieldEvaluators else {
            world.step(dt: dt)
            return
        }
        var stepping = world
        stepping.step(dt: dt)
        world = stepping
    }
}
