import Foundation
import Testing
@testable import Dynamics

/// Spec §3.8: the animator owns its behaviours, behaviours own their items, back references are weak — so dropping
/// the animator frees everything, and a behaviour that outlives its animator is harmless.
@MainActor
@Suite("Ownership and teardown")
struct OwnershipTests {
    /// Weak references to everything a scene made.
    private final class Probes {
        weak var animator: DynamicAnimator?
        var behaviors: [() -> DynamicBehavior?] = []
        var items: [() -> (any DynamicItem)?] = []
    }

    /// Builds a running scene (every behaviour kind, a composite with a child, an action capturing the animator
    /// weakly, a delegate), steps it, and drops it.
    private func makeAndDropScene(_ probes: Probes) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 300, height: 300))
        let events = AnimatorEvents()
        animator.delegate = events
        let a = square(100, 100, side: 40), b = square(200, 100, side: 40)
        let group = DynamicItemGroup(items: [square(150, 200, side: 20), square(180, 200, side: 20)])
        let gravity = GravityBehavior(items: [a, b, group])
        let collision = CollisionBehavior(items: [a, b, group])
        collision.translatesReferenceBoundsIntoBoundary = true
        let contacts = ContactLog()
        collision.collisionDelegate = contacts
        let props = DynamicItemBehavior(items: [a])
        let push = PushBehavior(items: [b], mode: .continuous)
        push.pushDirection = CGVector(dx: 0.1, dy: 0)
        let composite = DynamicBehavior()
        composite.addChildBehavior(props)
        composite.action = { [weak animator] in _ = animator?.elapsedTime }
        for behavior in [gravity, collision, push, composite] as [DynamicBehavior] { animator.addBehavior(behavior) }
        for _ in 0..<30 { animator.advance(by: 1.0 / 60) }
        #expect(!contacts.entries.isEmpty)
        probes.animator = animator
        probes.behaviors = [gravity, collision, props, push, composite].map { b in { [weak b] in b } }
        probes.items = ([a, b, group] as [any DynamicItem]).map { i in { [weak i] in i } }
    }

    @Test func droppingTheAnimatorFreesEverything() {
        let probes = Probes()
        makeAndDropScene(probes)
        #expect(probes.animator == nil)
        #expect(probes.behaviors.allSatisfy { $0() == nil })
        #expect(probes.items.allSatisfy { $0() == nil })
    }

    /// A behaviour kept by the app outlives its animator: `dynamicAnimator` reads nil (iOS 7 left it dangling), its
    /// items stay alive (it owns them), and it can be added to a new animator, where it works.
    @Test func aBehaviorOutlivesItsAnimator() {
        let item = square(100, 100)
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let gravity = GravityBehavior(items: [item])
        weak var old: DynamicAnimator?
        do {
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 200, height: 200))
            animator.addBehavior(collision)
            animator.addBehavior(gravity)
            for _ in 0..<5 { animator.advance(by: 1.0 / 60) }
            old = animator
        }
        #expect(old == nil && collision.dynamicAnimator == nil && gravity.dynamicAnimator == nil)
        gravity.magnitude = 2  // used to crash on iOS 7 (rdar 15827347)
        let fresh = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 200, height: 200))
        fresh.addBehavior(collision)
        fresh.addBehavior(gravity)
        #expect(collision.dynamicAnimator === fresh)
        runUntilPaused(fresh)
        #expect(abs(item.center.y - 151) <= 0.5)  // resting on the new animator's floor (loop outset 1 pt)
        #expect(fresh.worldIsSound)
    }

    /// The delegate and the collision delegate are weak: the animator does not keep them alive.
    @Test func delegatesAreWeak() {
        let animator = DynamicAnimator()
        let collision = CollisionBehavior()
        weak var events: AnimatorEvents?
        weak var contacts: ContactLog?
        do {
            let e = AnimatorEvents(), c = ContactLog()
            animator.delegate = e
            collision.collisionDelegate = c
            events = e
            contacts = c
        }
        #expect(events == nil && contacts == nil && animator.delegate == nil && collision.collisionDelegate == nil)
    }
}
