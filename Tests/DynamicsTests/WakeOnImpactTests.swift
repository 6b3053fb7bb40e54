import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Issue 10 §1: an item at rest (asleep) is not a wall. A contact that begins between an awake item and a sleeping
/// one wakes the sleeper's whole island before that step's solve, so the impulse goes into it (Box2D's rule, which
/// UIKit inherits).
@MainActor
@Suite("A struck item at rest moves")
struct WakeOnImpactTests {
    /// Two 50 × 50 items, no gravity, elasticity 1, friction 0, resistance 0, rotation off. B rests (asleep) at
    /// x = 500; A starts at x = 100 and is given 200 pt/s toward B two seconds later.
    private func headOn(densityOfB: CGFloat) -> (a: CGPoint, b: CGPoint, asleepBeforeImpact: Bool) {
        let animator = DynamicAnimator()
        let a = square(100, 300, side: 50, name: "a"), b = square(500, 300, side: 50, name: "b")
        let props = DynamicItemBehavior(items: [a, b])
        props.elasticity = 1
        props.friction = 0
        props.resistance = 0
        props.allowsRotation = false
        let heavy = DynamicItemBehavior(items: [b])
        heavy.density = densityOfB
        animator.addBehavior(props)
        animator.addBehavior(heavy)
        animator.addBehavior(CollisionBehavior(items: [a, b]))
        run(animator, frames: 120)
        let asleep = animator.debugIsSleeping(b) == true
        props.addLinearVelocity(CGPoint(x: 200, y: 0), for: a)
        // 350 pt of gap at 200 pt/s: the impact is at about 1.75 s; look 1 s after it.
        run(animator, frames: 165)
        return (props.linearVelocity(for: a), props.linearVelocity(for: b), asleep)
    }

    /// Equal masses: A stops, B leaves at 200 pt/s. Tolerance 2 pt/s (1 %): the elastic exchange is solved to
    /// single-precision impulses, well inside the 2 % on momentum.
    @Test func equalItemsExchangeVelocities() {
        let r = headOn(densityOfB: 1)
        #expect(r.asleepBeforeImpact, "B must be asleep before the impact for this test to mean anything")
        #expect(abs(r.a.x) <= 2 && abs(r.a.y) <= 1e-6, "A: \(r.a)")
        #expect(isClose(r.b.x, 200, within: 2) && abs(r.b.y) <= 1e-6, "B: \(r.b)")
        // Momentum (masses 0.25 each): 0.25·200 before.
        #expect(abs(0.25 * (r.a.x + r.b.x) - 50) <= 0.02 * 50)
    }

    /// B three times denser (0.75 vs 0.25): the elastic result is A −100, B +100 pt/s. Same 2-pt/s tolerance;
    /// momentum within 2 %.
    @Test func heavierItemSendsTheStrikerBack() {
        let r = headOn(densityOfB: 3)
        #expect(r.asleepBeforeImpact)
        #expect(isClose(r.a.x, -100, within: 2), "A: \(r.a)")
        #expect(isClose(r.b.x, 100, within: 2), "B: \(r.b)")
        #expect(abs(0.25 * r.a.x + 0.75 * r.b.x - 50) <= 0.02 * 50)
    }

    /// The pendulum: a ball hanging from an anchor (rigid attachment, gravity), at rest for 2 s, struck at
    /// 300 pt/s by an equal ball with elasticity 1: it swings away and the striker stops (before the fix the
    /// striker rebounded at −272 pt/s and the hanging ball stayed put).
    @Test func hangingBallStruckAfterRestingSwingsAway() {
        let animator = DynamicAnimator()
        let hanging = SimpleDynamicItem(
            center: CGPoint(x: 400, y: 300), size: CGSize(width: 40, height: 40),
            collisionBoundsType: .ellipse)
        let striker = SimpleDynamicItem(
            center: CGPoint(x: 200, y: 300), size: CGSize(width: 40, height: 40),
            collisionBoundsType: .ellipse)
        animator.addBehavior(GravityBehavior(items: [hanging]))
        animator.addBehavior(AttachmentBehavior(item: hanging, attachedToAnchor: CGPoint(x: 400, y: 150)))
        let props = DynamicItemBehavior(items: [hanging, striker])
        props.elasticity = 1
        props.friction = 0
        props.resistance = 0
        props.angularResistance = 0
        animator.addBehavior(props)
        animator.addBehavior(CollisionBehavior(items: [hanging, striker]))
        run(animator, frames: 120)
        #expect(animator.debugIsSleeping(hanging) == true, "the hanging ball rests (asleep) after 2 s")
        props.addLinearVelocity(CGPoint(x: 300, y: 0), for: striker)
        // 160 pt of gap at 300 pt/s: impact at about 0.53 s.
        run(animator, frames: 40)
        let vStriker = props.linearVelocity(for: striker)
        // The rod is vertical at the impact, so the exchange is the free elastic one: the striker keeps less than
        // 3 % of its speed (the ball then rises on its rod, which this tolerance leaves out).
        #expect(abs(vStriker.x) <= 9, "striker: \(vStriker)")
        run(animator, frames: 10)
        #expect(hanging.center.x > 430, "the hanging ball swung away: \(hanging.center)")
    }
}

/// Issue 10 §1: the API paths that wake an item, and the replay after `updateItem(usingCurrentState:)`.
@MainActor
@Suite("Waking through the API, and replays")
struct WakeThroughAPITests {
    /// A 40 × 40 item resting on the reference-bounds floor until its body sleeps; returns the animator, the item
    /// and its item behaviour (elasticity 0.5).
    private func restingItem() -> (DynamicAnimator, SimpleDynamicItem, DynamicItemBehavior) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let item = square(200, 370, side: 40)
        let props = DynamicItemBehavior(items: [item])
        props.elasticity = 0.5
        animator.addBehavior(GravityBehavior(items: [item]))
        let floor = CollisionBehavior(items: [item])
        floor.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(floor)
        animator.addBehavior(props)
        runUntilPaused(animator)
        return (animator, item, props)
    }

    /// Every API path that changes what a resting item does wakes it (spec §3.1: anything that can change the
    /// simulation tickles it; the item's body must then be awake for the change to act).
    @Test func apiPathsWakeARestingItem() {
        var (animator, item, props) = restingItem()
        #expect(animator.debugIsSleeping(item) == true && !animator.isRunning)
        item.center = CGPoint(x: 200, y: 200)
        animator.updateItem(usingCurrentState: item)
        #expect(animator.debugIsSleeping(item) == false && animator.isRunning, "updateItem")

        (animator, item, props) = restingItem()
        props.addLinearVelocity(CGPoint(x: 0, y: -300), for: item)
        #expect(animator.debugIsSleeping(item) == false && animator.isRunning, "addLinearVelocity")

        (animator, item, props) = restingItem()
        props.addAngularVelocity(3, for: item)
        #expect(animator.debugIsSleeping(item) == false && animator.isRunning, "addAngularVelocity")

        (animator, item, props) = restingItem()
        props.elasticity = 0.9
        #expect(animator.debugIsSleeping(item) == false && animator.isRunning, "a changed property")

        (animator, item, props) = restingItem()
        let snap = SnapBehavior(item: item, snapTo: item.center)
        animator.addBehavior(snap)
        runUntilPaused(animator)
        #expect(animator.debugIsSleeping(item) == true)
        snap.snapPoint = CGPoint(x: 100, y: 100)
        #expect(animator.debugIsSleeping(item) == false && animator.isRunning, "a moved snap point")

        (animator, item, props) = restingItem()
        let rope = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 200, y: 250))
        animator.addBehavior(rope)
        runUntilPaused(animator)
        #expect(animator.debugIsSleeping(item) == true)
        rope.anchorPoint = CGPoint(x: 100, y: 250)
        #expect(animator.debugIsSleeping(item) == false && animator.isRunning, "a moved anchor")
    }

    /// Drop, bounce, then cancel the velocity, move the item back and `updateItem`: it falls again from rest
    /// exactly as the first time — same contact step, same rebound, every world step equal to 1e-9 pt (nothing
    /// stale: warm-start impulses, sleep timers, continuous-collision flags, contact caches). One world step per
    /// `advance(by:)` (frames of exactly `worldStepInterval`), so the frame phase plays no part. Done twice: once
    /// while the item still bounces (animator running) and once after it slept (animator paused).
    @Test func replayAfterUpdateItemIsExact() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let item = square(200, 100, side: 40)
        let props = DynamicItemBehavior(items: [item])
        props.elasticity = 0.5
        animator.addBehavior(GravityBehavior(items: [item]))
        let floor = CollisionBehavior(items: [item])
        floor.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(floor)
        animator.addBehavior(props)
        func fall() -> [CGPoint] {
            (0..<150).map { _ in
                animator.advance(by: DynamicAnimator.worldStepInterval)
                return item.center
            }
        }
        func restart() {
            props.addLinearVelocity(
                CGPoint(
                    x: -props.linearVelocity(for: item).x,
                    y: -props.linearVelocity(for: item).y), for: item)
            props.addAngularVelocity(-props.angularVelocity(for: item), for: item)
            item.center = CGPoint(x: 200, y: 100)
            item.transform = .identity
            animator.updateItem(usingCurrentState: item)
        }
        let first = fall()
        #expect(first.map(\.y).max()! > 370, "the first fall reached the floor")
        restart()
        let second = fall()
        runUntilPaused(animator)
        restart()
        let third = fall()
        for k in first.indices {
            #expect(
                abs(first[k].y - second[k].y) <= 1e-9 && abs(first[k].x - second[k].x) <= 1e-9,
                "step \(k): \(first[k]) then \(second[k]) (replay while running)")
            #expect(
                abs(first[k].y - third[k].y) <= 1e-9 && abs(first[k].x - third[k].x) <= 1e-9,
                "step \(k): \(first[k]) then \(third[k]) (replay after a pause)")
        }
    }
}
