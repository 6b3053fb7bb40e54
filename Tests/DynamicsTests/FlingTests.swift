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
    /// A 40-pt item at (100, 300) attached by its centre to an anchor at (`anchorFrom`, 300) (a pin at 100, a rod
    /// behind it otherwise), a free 40-pt item at (300, 300), both colliding; the anchor is moved `step` pt a frame
    /// along x for 600 pt. Returns the two items, the closest approach of their centres along x during the drag, pt,
    /// and the anchor's last x.
    static func dragIntoAnother(anchorFrom: Double, step: Double) -> (
        dragged: SimpleDynamicItem, other: SimpleDynamicItem, closest: Double, anchorX: Double
    ) {
        let animator = DynamicAnimator()
        let dragged = square(100, 300, side: 40, name: "dragged"), other = square(300, 300, side: 40, name: "other")
        animator.addBehavior(CollisionBehavior(items: [dragged, other]))
        let drag = AttachmentBehavior(item: dragged, attachedToAnchor: CGPoint(x: anchorFrom, y: 300))
        animator.addBehavior(drag)
        run(animator, frames: 10)
        var x = anchorFrom
        var closest = Double.greatestFiniteMagnitude
        for _ in 0..<Int(600 / step) {
            x += step
            drag.anchorPoint = CGPoint(x: x, y: 300)
            run(animator, frames: 1)
            closest = min(closest, other.center.x - dragged.center.x)
        }
        return (dragged, other, closest, x)
    }

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
        let (dragged, other, closest, _) = Self.dragIntoAnother(anchorFrom: 100, step: step)
        #expect(closest > 39, "the items came within \(closest) pt, centre to centre")
        #expect(other.center.x > dragged.center.x, "the other item is at \(other.center.x), behind the dragged one")
        #expect(abs(dragged.center.x - 700) < 0.1, "the dragged item is at \(dragged.center.x), its anchor at 700")
    }

    /// A drag moves the item at the cursor's speed all through the frame: a 40-pt item pinned at its centre, its
    /// anchor moved 5 pt a frame (300 pt/s) into a free 40-pt item, pushes it at 300 to 345 pt/s (the soft contact's
    /// push-out keeps up to about a tenth more; elasticity 0), and is itself back on its anchor at every frame's end
    /// (within 0.1 pt, the strike's frame aside, in which the soft pin lets it lag). Between frames its held point is
    /// at rest on the still anchor, as in UIKit, where the drag teleports a static anchor body and the pin holds the
    /// point still on it: `linearVelocity(for:)` reads 0 (within 1 pt/s), so a release that adds the gesture's
    /// velocity adds it to nothing. Before, the anchor moved the whole frame's 5 pt in the frame's first 1/120-s
    /// world step and stood still in the second: the item struck at twice the cursor's speed, sending the other item
    /// off at 359 pt/s.
    @Test func draggedItemMovesAtTheCursorsSpeed() {
        let animator = DynamicAnimator()
        let dragged = square(100, 300, side: 40, name: "dragged"), other = square(300, 300, side: 40, name: "other")
        animator.addBehavior(CollisionBehavior(items: [dragged, other]))
        let props = DynamicItemBehavior(items: [dragged, other])
        animator.addBehavior(props)
        let drag = AttachmentBehavior(item: dragged, attachedToAnchor: CGPoint(x: 100, y: 300))
        animator.addBehavior(drag)
        run(animator, frames: 10)
        var x = 100.0
        var lags: [Double] = []
        var readSpeeds: [Double] = []
        var pushedSpeeds: [Double] = []
        for _ in 0..<60 {
            x += 5
            drag.anchorPoint = CGPoint(x: x, y: 300)
            run(animator, frames: 1)
            lags.append(x - dragged.center.x)
            readSpeeds.append(props.linearVelocity(for: dragged).x)
            if other.center.x > 300.5 { pushedSpeeds.append(props.linearVelocity(for: other).x) }
        }
        #expect(lags.filter { abs($0) >= 0.1 }.count <= 1, "the dragged item lagged its anchor by \(lags) pt")
        #expect(readSpeeds.allSatisfy { abs($0) < 1 }, "the dragged item read \(readSpeeds) pt/s")
        #expect(!pushedSpeeds.isEmpty, "the other item was never pushed")
        #expect(pushedSpeeds.allSatisfy { (300...345).contains($0) }, "the pushed item read \(pushedSpeeds) pt/s")
    }

    /// A card held by its top-left corner swings down under gravity as a pendulum, and holding it still means
    /// setting its anchor to the same point every frame (a pan gesture's `.changed` with a resting finger): that must
    /// not stop the swing. Two animators, one that sets the anchor every frame and one that never does, give the
    /// same angles at 0.5 s, 1 s and 2 s within 0.01 rad (the swing reaches 1 rad; the only difference left is the
    /// anchor body made kinematic for the frame, which moves it nowhere). With a rod (the corner 30 pt below the
    /// anchor) as with a pin. Before, the card was given its anchor's velocity at its centre whenever the anchor was
    /// set, which stopped its centre each frame: it had turned 0.03 rad at 0.5 s instead of 0.44.
    @Test(arguments: [0.0, 30.0])
    func heldCardGoesOnSwinging(rodLength: Double) {
        func angles(settingTheAnchor: Bool) -> [Double] {
            let animator = DynamicAnimator()
            let card = square(400, 400, side: 100)
            card.bounds = CGRect(x: 0, y: 0, width: 100, height: 160)
            let anchor = CGPoint(x: 350, y: 320 - rodLength)
            let hold = AttachmentBehavior(
                item: card, offsetFromCenter: Offset(horizontal: -50, vertical: -80), attachedToAnchor: anchor)
            animator.addBehavior(hold)
            animator.addBehavior(GravityBehavior(items: [card]))
            var out: [Double] = []
            for frame in 1...120 {
                if settingTheAnchor { hold.anchorPoint = anchor }
                run(animator, frames: 1)
                if frame % 30 == 0 { out.append(atan2(card.transform.b, card.transform.a)) }
            }
            return out
        }
        let held = angles(settingTheAnchor: true), left = angles(settingTheAnchor: false)
        #expect(left[0] > 0.3, "the card left alone turned only \(left[0]) rad in 0.5 s")
        for (a, b) in zip(held, left) {
            #expect(abs(a - b) < 0.01, "held: \(held) rad; left alone: \(left) rad (every 0.5 s)")
        }
    }

    /// The common pan-gesture pattern `UIAttachmentBehavior(item:attachedToAnchor:)` with the touch away from the
    /// centre is a rigid rod, here 60 pt long, its anchor behind the item on the line to a free 40-pt item, moved
    /// `step` pt a frame (300 to 3000 pt/s): the rod pushes its item into the other, which it must shove, not pass
    /// through (closest approach more than 39 pt, centre to centre; the other ends ahead; the rod keeps its length
    /// within 0.1 pt). Before the fix, from 20 pt a frame the item passed through: the teleported anchor left the rod
    /// 20 pt short, and the end-of-step projection moved the item the rest of the way through the other item.
    @Test(arguments: [5.0, 10.0, 20.0, 50.0])
    func rodDraggedItemShovesTheItemInItsWay(step: Double) {
        let (dragged, other, closest, x) = Self.dragIntoAnother(anchorFrom: 40, step: step)
        #expect(closest > 39, "the items came within \(closest) pt, centre to centre")
        #expect(other.center.x > dragged.center.x, "the other item is at \(other.center.x), behind the dragged one")
        let rod = hypot(dragged.center.x - x, dragged.center.y - 300)
        #expect(abs(rod - 60) < 0.1, "the rod is \(rod) pt long")
    }

    /// An anchor set farther than the rod is long in one go is a jump, not a drag: as in UIKit, the item is pulled
    /// onto the rod's circle round the new anchor, the nearest point of it, and stays there (no gravity): not whipped
    /// round the anchor at the jump's speed (a 300-pt jump is 36 000 pt/s over one world step), as moving such an
    /// anchor over the step would. A 20-pt item on a 100-pt rod below its anchor at (100, 100), the anchor set to
    /// (400, 100): after one second the item rests within 1 pt of (305.1, 131.6), the point of the circle on the
    /// line to where it was, and moves slower than 1 pt/s.
    @Test func rodAnchorJumpPullsTheItemOntoItsCircle() {
        let animator = DynamicAnimator()
        let item = square(100, 200, side: 20)
        let drag = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 100, y: 100))
        let props = DynamicItemBehavior(items: [item])
        animator.addBehavior(drag)
        animator.addBehavior(props)
        run(animator, frames: 5)
        drag.anchorPoint = CGPoint(x: 400, y: 100)
        run(animator, frames: 60)
        let reach = 100 / hypot(300.0, 100.0)
        let target = CGPoint(x: 400 - 300 * reach, y: 100 + 100 * reach)
        #expect(hypot(item.center.x - target.x, item.center.y - target.y) < 1, "the item is at \(item.center)")
        let v = props.linearVelocity(for: item)
        #expect(hypot(v.x, v.y) < 1, "the item moves at \(v)")
    }
}
