import Foundation
import Testing
@testable import Dynamics

/// Spec §3.7: add/remove inside a step is queued until every action of the step has run.
@MainActor
@Suite("Queued changes inside a step")
struct QueueTests {
    @Test func addAndRemoveInsideAnActionAreQueued() {
        let animator = DynamicAnimator()
        let item = square(100, 100), other = square(300, 100)
        let props = DynamicItemBehavior(items: [item])
        let gravity = GravityBehavior(items: [other])
        let driver = DynamicBehavior()
        var seenDuringStep: [Int] = []
        var laterActionSawGravityRegistered = false
        driver.action = { [unowned animator] in
            guard animator.elapsedTime < 0.02 else { return }
            animator.addBehavior(gravity)
            animator.removeBehavior(props)
            seenDuringStep.append(animator.behaviors.count)
        }
        props.action = { laterActionSawGravityRegistered = gravity.dynamicAnimator != nil }
        animator.addBehavior(driver)
        animator.addBehavior(props)
        animator.advance(by: 1.0 / 60.0)
        // During the step the lists were unchanged; the action of props still ran in that step.
        #expect(seenDuringStep == [2])
        #expect(!laterActionSawGravityRegistered)
        // After the step: removal first, then addition.
        #expect(animator.behaviors.count == 2)
        #expect(animator.behaviors[0] === driver && animator.behaviors[1] === gravity)
        #expect(props.dynamicAnimator == nil && gravity.dynamicAnimator === animator)
        #expect(animator.body(of: item) == nil && animator.body(of: other) != nil)
    }

    /// Adding a behaviour queued for removal cancels the removal, and vice versa.
    @Test func queuedOperationsCancelEachOther() {
        let animator = DynamicAnimator()
        let props = DynamicItemBehavior(items: [square(100, 100)])
        let gravity = GravityBehavior(items: [square(300, 100)])
        let driver = DynamicBehavior()
        var done = false
        driver.action = { [unowned animator] in
            guard !done else { return }
            done = true
            animator.removeBehavior(props)
            animator.addBehavior(props)
            animator.addBehavior(gravity)
            animator.removeBehavior(gravity)
        }
        animator.addBehavior(driver)
        animator.addBehavior(props)
        animator.advance(by: 1.0 / 60.0)
        #expect(animator.behaviors.count == 2)
        #expect(props.dynamicAnimator === animator && gravity.dynamicAnimator == nil)
    }

    /// removeAllBehaviors inside an action: everything is gone after the step, and — fixing UIKit, where the
    /// behaviours stay listed and re-adding them silently does nothing — they can be added again afterwards.
    @Test func removeAllBehaviorsInsideAnAction() {
        let animator = DynamicAnimator()
        let events = AnimatorEvents()
        animator.delegate = events
        let item = square(100, 100)
        let gravity = GravityBehavior(items: [item])
        let driver = DynamicBehavior()
        var fire = true
        driver.action = { [unowned animator] in
            guard fire else { return }
            fire = false
            animator.removeAllBehaviors()
            #expect(animator.behaviors.count == 2)
        }
        animator.addBehavior(gravity)
        animator.addBehavior(driver)
        animator.advance(by: 1.0 / 60.0)
        #expect(animator.behaviors.isEmpty)
        #expect(gravity.dynamicAnimator == nil && driver.dynamicAnimator == nil)
        #expect(animator.body(of: item) == nil)
        #expect(events.log == ["resume", "pause"])
        // Re-adding works: a fresh body at the written-back position, falling again.
        let y = item.center.y
        animator.addBehavior(gravity)
        #expect(animator.behaviors.count == 1 && events.log == ["resume", "pause", "resume"])
        run(animator, frames: 10)
        #expect(item.center.y > y + 10)
    }

    /// removeAllBehaviors then re-adding in the same step keeps that behaviour.
    @Test func reAddAfterRemoveAllInTheSameStep() {
        let animator = DynamicAnimator()
        let gravity = GravityBehavior(items: [square(100, 100)])
        let props = DynamicItemBehavior(items: [square(300, 100)])
        let driver = DynamicBehavior()
        driver.action = { [unowned animator] in
            animator.removeAllBehaviors()
            animator.addBehavior(gravity)
        }
        animator.addBehavior(gravity)
        animator.addBehavior(props)
        animator.addBehavior(driver)
        animator.advance(by: 1.0 / 60.0)
        #expect(animator.behaviors.count == 1 && animator.behaviors[0] === gravity)
        #expect(props.dynamicAnimator == nil && driver.dynamicAnimator == nil)
    }

    /// A collision-delegate callback is inside the step too: its addBehavior is queued until after the actions.
    @Test func delegateCallbacksAreInsideTheStep() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 300))
        let item = square(200, 200, side: 40, name: "item")
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let contacts = ContactLog()
        collision.collisionDelegate = contacts
        let spawned = DynamicItemBehavior(items: [square(50, 50, side: 20)])
        var registeredWhenActionRan: [Bool] = []
        contacts.onEvent = { [unowned animator] _ in animator.addBehavior(spawned) }
        collision.action = { registeredWhenActionRan.append(spawned.dynamicAnimator != nil) }
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        for _ in 0..<120 where spawned.dynamicAnimator == nil { animator.advance(by: 1.0 / 60.0) }
        #expect(spawned.dynamicAnimator === animator)
        #expect(registeredWhenActionRan.last == false)
        #expect(contacts.entries.first == "began:item:bounds")
    }
}
