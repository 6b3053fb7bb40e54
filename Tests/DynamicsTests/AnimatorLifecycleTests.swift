import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

@MainActor
@Suite("Animator lifecycle")
struct AnimatorLifecycleTests {
    /// willResume fires synchronously inside addBehavior, only when the animator gets a body.
    @Test func resumesSynchronouslyWhenABodyAppears() {
        let animator = DynamicAnimator()
        let events = AnimatorEvents()
        animator.delegate = events
        animator.addBehavior(GravityBehavior())
        #expect(events.log.isEmpty && !animator.isRunning)
        let g = GravityBehavior()
        animator.addBehavior(g)
        #expect(events.log.isEmpty)
        g.addItem(square(100, 100))
        #expect(events.log == ["resume"])
        #expect(animator.isRunning)
    }

    /// Spec §2.5: a lone item at rest in an item behaviour stops the animator on the 31st 1/60-s frame (sleep
    /// after 0.5 s below 1 pt/s: 60 world steps of 1/120 s, and the first frame takes only one).
    @Test func loneItemPausesOnThe31stFrame() {
        let animator = DynamicAnimator()
        let events = AnimatorEvents()
        animator.delegate = events
        animator.addBehavior(DynamicItemBehavior(items: [square(100, 100)]))
        let frames = runUntilPaused(animator)
        #expect(frames == 31)
        #expect(events.log == ["resume", "pause"])
    }

    /// Resume / pause pairs: every resume is followed by exactly one pause, in order.
    @Test func pauseResumeOrderAndCounts() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let events = AnimatorEvents()
        animator.delegate = events
        let item = square(200, 300)
        let gravity = GravityBehavior(items: [item])
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        #expect(events.log == ["resume"])
        runUntilPaused(animator)
        #expect(events.log == ["resume", "pause"])
        // Advancing a paused animator does nothing.
        let elapsed = animator.elapsedTime
        run(animator, frames: 5)
        #expect(animator.elapsedTime == elapsed)
        // A parameter change resumes it (and wakes the items).
        gravity.angle = 0
        #expect(events.log == ["resume", "pause", "resume"])
        runUntilPaused(animator)
        #expect(events.log == ["resume", "pause", "resume", "pause"])
        #expect(item.center.x > 340)
        // Removing everything: still running until the next step, which pauses.
        animator.updateItem(usingCurrentState: item)
        #expect(events.resumes == 3)
        animator.removeAllBehaviors()
        #expect(animator.behaviors.isEmpty && animator.isRunning)
        animator.advance(by: 1.0 / 60.0)
        #expect(!animator.isRunning && events.pauses == 3)
    }

    /// elapsedTime sums the frame intervals (after the 0.5-s clamp), measured 0.0666… after four 1/60 steps.
    @Test func elapsedTime() {
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [square(0, 0)]))
        run(animator, frames: 4)
        #expect(isClose(animator.elapsedTime, 4.0 / 60.0, within: 1e-12))
        animator.advance(by: 2)
        #expect(isClose(animator.elapsedTime, 5.0 / 60.0, within: 1e-12))
        animator.advance(by: 0)
        #expect(isClose(animator.elapsedTime, 5.0 / 60.0, within: 1e-12))
        // The cap is UIKit's 0.5 s, inclusive: 0.5 s is simulated, anything longer counts as 1/60 s.
        animator.advance(by: DynamicAnimator.maximumFrameInterval)
        #expect(isClose(animator.elapsedTime, 5.0 / 60.0 + 0.5, within: 1e-12))
        #expect(DynamicAnimator.maximumFrameInterval == 0.5)
        #expect(DynamicAnimator.frameInterval(forDisplayInterval: 0.5) == 0.5)
        #expect(DynamicAnimator.frameInterval(forDisplayInterval: 0.500_001) == 1.0 / 60)
        #expect(DynamicAnimator.frameInterval(forDisplayInterval: 0.3) == 0.3)
    }

    /// items(in:) uses boxes grown by 10 pt: a 50 × 50 item 9.9 pt away is found, 10.5 pt away is not.
    @Test func itemsInRectUseFattenedBoxes() {
        let animator = DynamicAnimator()
        let item = SimpleDynamicItem(center: CGPoint(x: 125, y: 125), size: CGSize(width: 50, height: 50))
        animator.addBehavior(DynamicItemBehavior(items: [item]))
        let near = animator.items(in: CGRect(x: 159.9, y: 100, width: 10, height: 10))
        let far = animator.items(in: CGRect(x: 160.5, y: 100, width: 10, height: 10))
        #expect(near.count == 1 && near.first === item)
        #expect(far.isEmpty)
        #expect(animator.items(in: CGRect(x: 0, y: 0, width: 1000, height: 1000)).count == 1)
    }

    /// Write-back: center every step, transform as a pure rotation (the scale is lost, as in UIKit).
    @Test func writeBackIsAPureRotation() {
        let animator = DynamicAnimator()
        let item = square(100, 100)
        item.transform = CGAffineTransform(rotationAngle: 0.5).scaledBy(x: 2, y: 2).translatedBy(x: 7, y: 9)
        let props = DynamicItemBehavior(items: [item])
        animator.addBehavior(props)
        animator.advance(by: 1.0 / 60.0)
        let t = item.transform
        // atan2(b, a) of a uniformly scaled rotation is its angle, 0.5; the result is unit-scaled, untranslated.
        #expect(isClose(Double(atan2(t.b, t.a)), 0.5, within: 1e-9))
        #expect(isClose(t.a, t.d, within: 1e-12) && isClose(t.b, -t.c, within: 1e-12))
        #expect(isClose(t.a * t.d - t.b * t.c, 1, within: 1e-12))
        #expect(t.tx == 0 && t.ty == 0)
    }

    /// updateItem re-reads center and rotation, keeps the velocity and wakes a paused animator.
    @Test func updateItemUsingCurrentState() {
        let animator = DynamicAnimator()
        let events = AnimatorEvents()
        animator.delegate = events
        let item = square(100, 100)
        let props = DynamicItemBehavior(items: [item])
        animator.addBehavior(props)
        runUntilPaused(animator)
        item.center = CGPoint(x: 300, y: 50)
        item.transform = CGAffineTransform(rotationAngle: 0.25)
        animator.updateItem(usingCurrentState: item)
        #expect(events.log == ["resume", "pause", "resume"])
        props.addLinearVelocity(CGPoint(x: 60, y: 0), for: item)
        animator.advance(by: 1.0 / 60.0)
        // One world step of 1/120 s at ≈ 60 pt/s: 0.5 pt (less a little damping).
        #expect(isClose(item.center.x, 300.5, within: 0.01))
        #expect(isClose(item.center.y, 50, within: 1e-9))
        #expect(isClose(Double(atan2(item.transform.b, item.transform.a)), 0.25, within: 1e-9))
        // Without updateItem, a change is overwritten at the next step.
        item.center = CGPoint(x: 0, y: 0)
        animator.advance(by: 1.0 / 60.0)
        #expect(item.center.x > 300)
    }

    /// Removing the last behaviour naming an item destroys its body; re-adding starts at rest.
    @Test func reAddingGivesAFreshBody() throws {
        let animator = DynamicAnimator()
        let item = square(100, 100)
        let gravity = GravityBehavior(items: [item])
        let props = DynamicItemBehavior(items: [item])
        animator.addBehavior(gravity)
        animator.addBehavior(props)
        run(animator, frames: 20)
        #expect(props.linearVelocity(for: item).y > 100)
        animator.removeBehavior(gravity)
        #expect(animator.body(of: item) != nil)
        animator.removeBehavior(props)
        #expect(animator.body(of: item) == nil)
        #expect(animator.world.bodyCount == 0)
        animator.addBehavior(props)
        #expect(props.linearVelocity(for: item) == .zero)
        let y = item.center.y
        let body = try #require(animator.body(of: item))
        let position = try #require(animator.world.position(of: body))
        #expect(position.y == Double(y))
    }

    /// willMove(to:) gets the animator on registration and nil on removal; dynamicAnimator follows; children are
    /// registered with their parent.
    @Test func willMoveAndChildren() {
        final class Tracking: DynamicBehavior {
            var moves: [Bool] = []
            override func willMove(to dynamicAnimator: DynamicAnimator?) { moves.append(dynamicAnimator != nil) }
        }
        let animator = DynamicAnimator()
        let parent = Tracking()
        let child = Tracking()
        let item = square(100, 100)
        let gravity = GravityBehavior(items: [item])
        parent.addChildBehavior(child)
        child.addChildBehavior(gravity)
        gravity.addChildBehavior(DynamicBehavior())
        #expect(gravity.childBehaviors.isEmpty)
        animator.addBehavior(parent)
        #expect(parent.moves == [true] && child.moves == [true])
        #expect(gravity.dynamicAnimator === animator)
        #expect(animator.behaviors.count == 1)
        #expect(animator.body(of: item) != nil)
        parent.removeChildBehavior(child)
        #expect(child.moves == [true, false] && gravity.dynamicAnimator == nil)
        #expect(animator.body(of: item) == nil)
        animator.removeBehavior(parent)
        #expect(parent.moves == [true, false] && parent.dynamicAnimator == nil)
    }

    /// A behaviour outlives its animator (weak `dynamicAnimator`) and can be added to another one; handles of the
    /// old world are not used in the new one.
    @Test func behaviorsOutliveTheirAnimator() throws {
        let item = square(100, 0, side: 20)
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 100), to: CGPoint(x: 200, y: 100))
        weak var weakOld: DynamicAnimator?
        do {
            let old = DynamicAnimator()
            weakOld = old
            old.addBehavior(collision)
            old.addBehavior(GravityBehavior(items: [item]))
            run(old, frames: 5)
        }
        #expect(weakOld == nil && collision.dynamicAnimator == nil)
        let fresh = DynamicAnimator()
        let other = square(300, 0, side: 20)
        fresh.addBehavior(DynamicItemBehavior(items: [other]))
        let otherBody = try #require(fresh.body(of: other))
        fresh.addBehavior(collision)
        #expect(fresh.world.position(of: otherBody) != nil)
        #expect(collision.boundaryBodies.count == 1)
        fresh.addBehavior(GravityBehavior(items: [item]))
        run(fresh, frames: 60)
        #expect(isClose(item.center.y, 90, within: 1))
    }

    /// UIKit's private allowsAnimatorToStop rule.
    @Test func allowsAnimatorToStop() {
        let empty = DynamicBehavior()
        #expect(empty.allowsAnimatorToStop)
        let withAction = DynamicBehavior()
        withAction.action = {}
        #expect(!withAction.allowsAnimatorToStop)
        let composite = DynamicBehavior()
        composite.addChildBehavior(DynamicBehavior())
        #expect(composite.allowsAnimatorToStop)
        composite.addChildBehavior(GravityBehavior())
        #expect(!composite.allowsAnimatorToStop)
        #expect(!CollisionBehavior().allowsAnimatorToStop)
    }

    /// Actions run once per step for every registered behaviour, children included, depth-first in add order.
    @Test func actionsRunDepthFirst() {
        let animator = DynamicAnimator()
        var order: [String] = []
        let a = DynamicBehavior(), a1 = DynamicBehavior(), b = DynamicItemBehavior(items: [square(0, 0)])
        a.action = { order.append("a") }
        a1.action = { order.append("a1") }
        b.action = { order.append("b") }
        a.addChildBehavior(a1)
        animator.addBehavior(a)
        animator.addBehavior(b)
        run(animator, frames: 2)
        #expect(order == ["a", "a1", "b", "a", "a1", "b"])
    }
}
