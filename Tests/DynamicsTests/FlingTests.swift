import Foundation
import Testing
@testable import Dynamics

/// A fling is a velocity set between two steps: the item must meet what it is thrown at in the very next step,
/// however fast (below the 24 000 pt/s speed cap). The world sweeps the item's broad-phase box for the new velocity
/// before that step looks for pairs (PhysicsCore `sweepBodiesGivenVelocity`).
@MainActor
@Suite("A flung item hits what it is thrown at")
struct FlingTests {
    /// A 20 × 20 item at rest 100 pt (centre to centre) from a 40 × 40 item, no gravity, both in one collision
    /// behaviour, is given `speed` towards it by `addLinearVelocity`. After 0.5 s it is still behind its target,
    /// which it pushed more than 100 pt (they leave together at a fifth of the speed: 400 pt/s and more). Before the
    /// fix, at 20 000 pt/s (167 pt in one 1/120-s world step) it passed through the target in the first step and
    /// the target never moved; the slower throws covered less than the gap in that step.
    @Test(arguments: [2000.0, 8000.0, 20000.0])
    func flungItemPushesTheItemItIsThrownAt(speed: Double) {
        let animator = DynamicAnimator()
        let thrown = square(100, 300, side: 20, name: "thrown"), target = square(200, 300, side: 40, name: "target")
        let props = DynamicItemBehavior(items: [thrown, target])
        props.resistance = 0
        animator.addBehavior(props)
        animator.addBehavior(CollisionBehavior(items: [thrown, target]))
        run(animator, frames: 2)
        props.addLinearVelocity(CGPoint(x: speed, y: 0), for: thrown)
        run(animator, frames: 30)
        #expect(
            thrown.center.x < target.center.x,
            "the thrown item is at x = \(thrown.center.x), its target at \(target.center.x)")
        #expect(target.center.x > 300, "the target is at x = \(target.center.x)")
    }
}
