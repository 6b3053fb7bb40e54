import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// A plain item that asks for view-like rounding, and counts the writes of its center.
@MainActor
final class PixelItem: PixelAlignedDynamicItem {
    var center: CGPoint { didSet { centerWrites += 1 } }
    let bounds: CGRect
    var transform: CGAffineTransform = .identity
    private(set) var centerWrites = 0

    init(center: CGPoint, side: CGFloat) {
        self.center = center
        bounds = CGRect(x: 0, y: 0, width: side, height: side)
    }
}

/// Spec §3.5 and §3.6: write-back and `updateItem(usingCurrentState:)` for views and groups (rounded) and for plain
/// items (unrounded); items in no behaviour are never written.
@MainActor
@Suite("Write-back")
struct WriteBackTests {
    /// Rounded items: after every step the center is the body's position on the pixel grid (⌊x⌋ + round(s·frac)/s,
    /// here s = 3: multiples of 1/3 pt, compared exactly) and the rotation a multiple of 1/5000 rad; a plain item is
    /// written exactly where its body is. A group (spec §1.4) is rounded like a view.
    @Test func viewsAndGroupsAreRoundedPlainItemsAreNot() throws {
        let animator = DynamicAnimator()
        animator.displayScale = 3
        let pixel = PixelItem(center: CGPoint(x: 100.2, y: 100.1), side: 40)
        let plain = square(200.2, 100.1, side: 40)
        let group = DynamicItemGroup(items: [square(300, 100, side: 40), square(350, 120, side: 20)])
        let items: [any DynamicItem] = [pixel, plain, group]
        let spin = DynamicItemBehavior(items: items)
        for item in items { spin.addAngularVelocity(0.7, for: item) }
        animator.addBehavior(spin)
        animator.addBehavior(GravityBehavior(items: items))
        for _ in 0..<30 {
            animator.advance(by: 1.0 / 60.0)
            for item in [pixel, group] as [any DynamicItem] {
                let body = try #require(animator.body(of: item))
                let p = try #require(animator.world.position(of: body)),
                    angle = try #require(animator.world.angle(of: body))
                let grid = { (x: Double) in x.rounded(.down) + (3 * (x - x.rounded(.down))).rounded() / 3 }
                #expect(item.center == CGPoint(x: grid(p.x), y: grid(p.y)))
                let written = Double(item.transform.rotationAngle)
                #expect(abs(written - (angle * 5000).rounded() / 5000) < 1e-12)
            }
            let body = try #require(animator.body(of: plain))
            #expect(plain.center == (try #require(animator.world.position(of: body))).cgPoint)
        }
        // The members follow the rounded group center rigidly.
        let t = group.transform, m = group.items[0]
        #expect(isClose(m.center.x, group.center.x + t.a * -20 + t.c * -5, within: 1e-9))
    }

    /// A rounded item's center is assigned only when the rounded value changes (spec §3.6): sliding at 6 pt/s on a
    /// 1-pt grid (scale 1), it changes about once every 10 frames, so 60 frames assign it ≈ 6 times, not 60.
    @Test func roundedCenterIsAssignedOnlyWhenItChanges() {
        let animator = DynamicAnimator()
        animator.displayScale = 1
        let item = PixelItem(center: CGPoint(x: 100, y: 100), side: 40)
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        props.addLinearVelocity(CGPoint(x: 6, y: 0), for: item)
        animator.addBehavior(props)
        run(animator, frames: 60)
        #expect(item.centerWrites >= 5 && item.centerWrites <= 7, "\(item.centerWrites) writes")
        #expect(item.center.x == 106)
    }

    /// `updateItem(usingCurrentState:)` on a rounded item (spec §3.5, measured): a move within the same pixel is
    /// ignored; a change of the rotation alone is ignored; a real move is taken, but the new rotation only if it
    /// equals the body's after 1/5000-rad rounding. A plain item takes center and rotation as they are.
    @Test func updateItemRulesForRoundedItems() throws {
        let animator = DynamicAnimator()  // display scale 2: a 0.5-pt grid
        let item = PixelItem(center: CGPoint(x: 100, y: 100), side: 40)
        let plain = square(200, 100, side: 40)
        animator.addBehavior(DynamicItemBehavior(items: [item, plain]))
        let body = try #require(animator.body(of: item))

        item.center = CGPoint(x: 100.2, y: 100)  // same pixel: ignored
        animator.updateItem(usingCurrentState: item)
        #expect(animator.world.position(of: body) == Vec2(100, 100))

        item.transform = CGAffineTransform(rotationAngle: 0.5)  // rotation alone: ignored
        animator.updateItem(usingCurrentState: item)
        #expect(animator.world.angle(of: body) == 0)

        item.center = CGPoint(x: 130, y: 100)  // a real move: taken, without the new rotation
        animator.updateItem(usingCurrentState: item)
        #expect(animator.world.position(of: body) == Vec2(130, 100) && animator.world.angle(of: body) == 0)

        item.center = CGPoint(x: 140, y: 100)  // with a rotation equal after rounding: taken
        item.transform = CGAffineTransform(rotationAngle: 0.00001)
        animator.updateItem(usingCurrentState: item)
        #expect(animator.world.position(of: body) == Vec2(140, 100))
        #expect(isClose(try #require(animator.world.angle(of: body)), 0.00001, within: 1e-12))

        let plainBody = try #require(animator.body(of: plain))
        plain.center = CGPoint(x: 200.2, y: 100)
        plain.transform = CGAffineTransform(rotationAngle: 0.5)
        animator.updateItem(usingCurrentState: plain)
        #expect(animator.world.position(of: plainBody) == Vec2(200.2, 100))
        #expect(isClose(try #require(animator.world.angle(of: plainBody)), 0.5, within: 1e-12))
    }

    /// An item that no behaviour holds any more has no body and is never written again — after it leaves a
    /// behaviour, after its behaviour is removed, or after its group is — even when the app moves it, gives it a
    /// scale and calls `updateItem(usingCurrentState:)` while the animator keeps running for other items.
    @Test(arguments: ["removeItem", "removeBehavior", "group"])
    func itemsInNoBehaviorAreNeverWritten(how: String) {
        let animator = DynamicAnimator()
        let item = square(100, 100, side: 40), other = square(300, 100, side: 40)
        let group = DynamicItemGroup(items: [item])
        let gravity = GravityBehavior(items: [how == "group" ? group : item])
        animator.addBehavior(gravity)
        animator.addBehavior(GravityBehavior(items: [other]))
        animator.addBehavior(
            AttachmentBehavior(item: how == "group" ? group : item, attachedToAnchor: CGPoint(x: 50, y: 100)))
        run(animator, frames: 10)
        switch how {
        case "removeItem":
            gravity.removeItem(item)
            for b in animator.behaviors where b is AttachmentBehavior { animator.removeBehavior(b) }
        default:
            for b in animator.behaviors where b === gravity || b is AttachmentBehavior { animator.removeBehavior(b) }
        }
        #expect(animator.body(of: item) == nil && animator.body(of: group) == nil)
        item.center = CGPoint(x: 5, y: 7)
        item.transform = CGAffineTransform(scaleX: 2, y: 2)
        animator.updateItem(usingCurrentState: item)
        animator.updateItem(usingCurrentState: group)
        run(animator, frames: 10)
        #expect(animator.isRunning)
        #expect(item.center == CGPoint(x: 5, y: 7) && item.transform == CGAffineTransform(scaleX: 2, y: 2))
    }

    /// Spec §1.4: a group is one compound body with one box per member, not one box around their union. Two
    /// anchored 40 × 40 members 200 pt apart form a group; a 40 × 40 item dropped between them falls through the
    /// 160-pt gap (a union box would have caught it at y = 260).
    @Test func groupIsOneBoxPerMember() {
        let animator = DynamicAnimator()
        let left = square(100, 300, side: 40), right = square(300, 300, side: 40)
        let group = DynamicItemGroup(items: [left, right])
        let falling = square(200, 100, side: 40)
        let anchored = DynamicItemBehavior(items: [group])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        animator.addBehavior(CollisionBehavior(items: [group, falling]))
        animator.addBehavior(GravityBehavior(items: [falling]))
        run(animator, frames: 60)
        #expect(falling.center.y > 400)
        #expect(animator.record(for: group)?.shapes.count == 2)
    }
}
