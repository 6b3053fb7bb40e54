import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Tracks, from collision callbacks alone, which pairs a delegate believes are touching, and checks the order of
/// the callbacks within each step ("began" before "ended", both before the actions).
@MainActor
final class ContactStateTracker: CollisionBehaviorDelegate {
    /// Pairs the delegate was told are touching: "a|b" (names sorted) or "a:boundary".
    private(set) var touching = Set<String>()
    /// Callbacks of the current step, in order ("began"/"ended"), cleared by `stepEnded()`.
    private var stepCalls: [String] = []
    /// Steps in which an "ended" came before a "began", or a callback after the step's action.
    private(set) var orderViolations = 0
    private(set) var beganCount = 0, endedCount = 0
    private var actionRan = false

    private func name(_ item: any DynamicItem) -> String { (item as? SimpleDynamicItem)?.name ?? "?" }
    private func key(_ a: any DynamicItem, _ b: any DynamicItem) -> String {
        [name(a), name(b)].sorted().joined(separator: "|")
    }
    private func key(_ item: any DynamicItem, _ id: AnyHashable?) -> String {
        "\(name(item)):\(id.map { "\($0)" } ?? "bounds")"
    }

    private func call(_ kind: String) {
        if actionRan || (kind == "began" && stepCalls.contains("ended")) { orderViolations += 1 }
        stepCalls.append(kind)
        if kind == "began" { beganCount += 1 } else { endedCount += 1 }
    }

    /// To be called from a behaviour's action (after every callback of the step).
    func actionRuns() { actionRan = true }
    /// To be called after each `advance(by:)`.
    func stepEnded() {
        stepCalls.removeAll()
        actionRan = false
    }

    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
        with item2: any DynamicItem, at point: CGPoint
    ) {
        call("began")
        touching.insert(key(item1, item2))
    }

    func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
        with item2: any DynamicItem
    ) {
        call("ended")
        touching.remove(key(item1, item2))
    }

    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint
    ) {
        call("began")
        touching.insert(key(item, identifier))
    }

    func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?
    ) {
        call("ended")
        touching.remove(key(item, identifier))
    }
}

extension DynamicAnimator {
    /// Test access: the pairs the world has touching now, named as `ContactStateTracker` names them.
    var touchingPairNames: Set<String> {
        var out = Set<String>()
        for c in world.contacts where c.isTouching && c.reportsEvents {
            guard let a = owner(of: world.shapeID(c.shapeA)), let b = owner(of: world.shapeID(c.shapeB)) else {
                continue
            }
            func name(_ r: ItemRecord) -> String { (r.item as? SimpleDynamicItem)?.name ?? "?" }
            switch (a, b) {
            case (.item(let ra), .item(let rb)): out.insert([name(ra), name(rb)].sorted().joined(separator: "|"))
            case (.item(let r), .boundary(_, let id)), (.boundary(_, let id), .item(let r)):
                out.insert("\(name(r)):\(id.map { "\($0)" } ?? "bounds")")
            case (.boundary, .boundary): break
            }
        }
        return out
    }
}

/// Spec §1.7 and §3.3: the contact callbacks of a step come before its actions, all "began" before all "ended",
/// and they leave the delegate knowing the real state.
@MainActor
@Suite("Contact delivery")
struct ContactDeliveryTests {
    /// 20 boxes (40 × 40) dropped in a 400 × 600 box pile up and settle. After every one of 600 frames, the pairs the
    /// delegate was told are touching are exactly the pairs the world has touching (no tolerance: a set
    /// comparison), and no step delivered an "ended" before a "began" or a callback after an action. Without
    /// netting, a contact that parted and touched again within one step (two world steps per frame) was reported
    /// "began" then "ended", leaving resting boxes "not touching" — 15 times in this pile.
    @Test func delegateKnowsTheRealStateAfterEveryStep() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        var items: [SimpleDynamicItem] = []
        for i in 0..<20 {
            let x = CGFloat(50 + (i % 5) * 60), y = CGFloat(100 + (i / 5) * 60)
            items.append(
                SimpleDynamicItem(center: CGPoint(x: x, y: y), size: CGSize(width: 40, height: 40), name: "i\(i)"))
        }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let tracker = ContactStateTracker()
        collision.collisionDelegate = tracker
        collision.action = { tracker.actionRuns() }
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: items))
        var mismatches = 0
        for _ in 0..<600 {
            animator.advance(by: 1.0 / 60.0)
            tracker.stepEnded()
            if tracker.touching != animator.touchingPairNames { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(tracker.orderViolations == 0)
        #expect(tracker.beganCount > 20)
        // The pile rests: every box touches something.
        for item in items {
            #expect(
                tracker.touching.contains {
                    $0.split(whereSeparator: { "|:".contains($0) }).contains(Substring(item.name ?? ""))
                })
        }
    }

    /// A box dropped onto the reference floor: it bounces (elasticity 0.2, 349 pt/s at impact), lands and rests.
    /// At rest it is "touching" the reference bounds (identifier nil) for the delegate and stays so while it
    /// rests (no repeated began), and the animator pauses.
    @Test func restingItemEndsInContact() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 320, height: 480))
        let item = SimpleDynamicItem(center: CGPoint(x: 160, y: 400), size: CGSize(width: 40, height: 40), name: "a")
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let tracker = ContactStateTracker()
        collision.collisionDelegate = tracker
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [item]))
        let frames = runUntilPaused(animator, limit: 600)
        #expect(frames < 600)
        #expect(tracker.touching == ["a:bounds"])
        #expect(tracker.touching == animator.touchingPairNames)
    }

    /// Spec §1.7 `.items` mode (measured): an item falls through the boundaries, yet the delegate hears began and
    /// ended for each one it crosses — two explicit segments and the reference-bounds loop's floor (identifier
    /// nil) — in that order, once each.
    @Test func itemsModeReportsEveryBoundaryItCrosses() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 300, height: 400))
        let item = SimpleDynamicItem(center: CGPoint(x: 150, y: 100), size: CGSize(width: 20, height: 20), name: "a")
        let collision = CollisionBehavior(items: [item])
        collision.collisionMode = .items
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "b1", from: CGPoint(x: 0, y: 200), to: CGPoint(x: 300, y: 200))
        collision.addBoundary(withIdentifier: "b2", from: CGPoint(x: 0, y: 300), to: CGPoint(x: 300, y: 300))
        let log = ContactLog()
        collision.collisionDelegate = log
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [item]))
        run(animator, frames: 90)
        #expect(
            log.entries == [
                "began:a:b1", "ended:a:b1", "began:a:b2", "ended:a:b2",
                "began:a:bounds", "ended:a:bounds"
            ])
        #expect(item.center.y > 1000)
    }

    /// Spec §3.1/§1.7 (measured M3: 40 × 40 item settled on the floor of a 300 × 400 reference view; the view grown
    /// to 300 × 600; the item falls to the new floor): a resize rebuilds the loop (inset rect outset by 1 pt: floor
    /// at 601) and wakes the paused animator and every item. The item lands at 581 (floor − 20, within 0.5 pt of
    /// contact give; UIKit's Box2D skin shows 579.34); an item at rest on an attachment, in no collision behaviour,
    /// is woken too and the animator runs until it sleeps again (UIKit's 30-frame rest). A change of the origin
    /// alone wakes nothing.
    @Test func resizeRebuildsTheLoopAndWakesEverything() throws {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 300, height: 400))
        let item = square(150, 300, side: 40)
        let hanging = square(250, 100, side: 20)
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [item, hanging]))
        animator.addBehavior(AttachmentBehavior(item: hanging, attachedToAnchor: CGPoint(x: 250, y: 50)))
        runUntilPaused(animator)
        #expect(!animator.isRunning && isClose(item.center.y, 381, within: 0.5))
        // Moving the origin alone (scrolling) is no resize: the loop moves, nothing wakes (UIKit notifies size
        // changes only).
        animator.referenceBounds = CGRect(x: 0, y: 10, width: 300, height: 400)
        #expect(!animator.isRunning)
        animator.referenceBounds = CGRect(x: 0, y: 0, width: 300, height: 600)
        #expect(animator.isRunning)
        let hangingBody = try #require(animator.body(of: hanging))
        #expect(animator.world.isAwake(hangingBody) == true)
        let frames = runUntilPaused(animator)
        #expect(frames > 30)
        #expect(isClose(item.center.y, 581, within: 0.5))
    }
}
