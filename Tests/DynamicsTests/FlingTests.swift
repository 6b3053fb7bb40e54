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

/// A drag (what the sandbox's mouse does, and the usual iOS pan-gesture pattern): a rigid attachment from the
/// grabbed item to an anchor moved to the cursor every frame. The dragged item must shove what lies in its way,
/// never pass through it.
@MainActor
@Suite("A dragged item pushes what it meets")
struct DragTests {
    /// A 40-pt item pinned at its centre to an anchor that moves `step` pt a frame along x (300 to 6000 pt/s), 200 pt
    /// from a free 40-pt item in line. Over 600 pt of drag the two stay apart by at least their 40-pt width less
    /// 1 pt (the slop and the soft contact's give), the free item ends ahead of the dragged one, and the dragged item
    /// ends on its anchor (within 0.1 pt). Before the fix, from 20 pt a frame the dragged item passed through the
    /// other (which ended behind it), and from 10 pt a frame it sank 12 pt into it: the static anchor was teleported
    /// and the joint's end-of-step projection moved the item onto it through the other item. At 50 pt a frame and
    /// more it also needs the item given the anchor's velocity before the step: at rest when the step starts, it was
    /// moved by the joint within the step, after its pairs were looked for.
    @Test(arguments: [5.0, 10.0, 20.0, 50.0, 100.0])
    func draggedItemShovesTheItemInItsWay(step: Double) {
        let animator = DynamicAnimator()
        let dragged = square(100, 300, side: 40, name: "dragged"), other = square(300, 300, side: 40, name: "other")
        animator.addBehavior(CollisionBehavior(items: [dragged, other]))
        let drag = AttachmentBehavior(item: dragged, attachedToAnchor: CGPoint(x: 100, y: 300))
        animator.addBehavior(drag)
        run(animator, frames: 10)
        var x = 100.0
        var closest = Double.greatestFiniteMagnitude
        for _ in 0..<Int(600 / step) {
            x += step
            drag.anchorPoint = CGPoint(x: x, y: 300)
            run(animator, frames: 1)
            closest = min(closest, other.center.x - dragged.center.x)
        }
        #expect(closest > 39, "the items came within \(closest) pt, centre to centre")
        #expect(other.center.x > dragged.center.x, "the other item is at \(other.center.x), behind the dragged one")
        #expect(abs(dragged.center.x - 700) < 0.1, "the dragged item is at \(dragged.center.x), its anchor at 700")
    }
}
