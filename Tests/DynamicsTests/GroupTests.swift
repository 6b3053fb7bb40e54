import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Spec §1.4: a `DynamicItemGroup` is one rigid body at the group center with one shape per member.
@MainActor
@Suite("Item groups")
struct GroupTests {
    /// A 100 × 100 square at (100, 100) and a 50 × 50 one at (200, 130): union (50, 50)–(225, 155).
    private func pair() -> (SimpleDynamicItem, SimpleDynamicItem, DynamicItemGroup) {
        let a = square(100, 100, name: "a"), b = square(200, 130, side: 50, name: "b")
        return (a, b, DynamicItemGroup(items: [a, b, a]))
    }

    /// The member offsets from the group center, as vectors.
    private func offset(_ item: any DynamicItem, _ group: DynamicItemGroup) -> CGVector {
        CGVector(dx: item.center.x - group.center.x, dy: item.center.y - group.center.y)
    }

    @Test func geometry() {
        let (a, b, group) = pair()
        #expect(group.items.count == 2 && group.items[0] === a && group.items[1] === b)  // duplicate merged
        #expect(group.center == CGPoint(x: 137.5, y: 102.5))  // middle of the union
        #expect(group.bounds == CGRect(x: 0, y: 0, width: 175, height: 105))
        // Spec §1.4 (measured): a fresh group's transform is the all-zero matrix; its rotation reads 0.
        #expect(group.transform == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        // bounds are recomputed from the members' current geometry; center is stored.
        b.center.x = 300
        #expect(group.bounds.width == 275 && group.center.x == 137.5)
        b.center.x = 200
        // Setting center moves every member by the delta.
        group.center = CGPoint(x: 147.5, y: 102.5)
        #expect(a.center == CGPoint(x: 110, y: 100) && b.center == CGPoint(x: 210, y: 130))
        // Setting transform places each member at center + t·offset with transform t.
        group.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(isClose(a.center.x, 147.5 + 2.5, within: 1e-9) && isClose(a.center.y, 102.5 - 37.5, within: 1e-9))
        #expect(b.transform == group.transform)
    }

    @Test func nestedAndEmptyGroupsAreDiagnosed() {
        let (a, _, group) = pair()
        let log = collectingDiagnostics {
            let outer = DynamicItemGroup(items: [group, a])
            #expect(outer.items.count == 1 && outer.items[0] === a)
        }
        #expect(log.count(.invalidGroup) == 1)
        #expect(
            log.all.first?.message.hasPrefix("UIDynamicItemGroup cannot be initialized with items containing") == true)
        let animator = DynamicAnimator()
        let empty = DynamicItemGroup(items: [])
        let log2 = collectingDiagnostics { animator.addBehavior(GravityBehavior(items: [empty])) }
        #expect(log2.count(.invalidSize) == 1 && animator.body(of: empty) == nil)
    }

    /// One body, one shape per member; mass = density × Σ areas / 10⁴ (12 500 pt² → 1.25, exact up to rounding).
    /// An instantaneous 1-newton push then gives 100/1.25 = 80 pt/s (within 0.1 %); density 2 halves it.
    @Test(arguments: [1.0, 2.0])
    func oneBodyWithTheMembersMass(density: Double) throws {
        let (a, b, group) = pair()
        let animator = DynamicAnimator()
        let props = DynamicItemBehavior(items: [group])
        props.density = CGFloat(density)
        props.resistance = 0
        let push = PushBehavior(items: [group], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        animator.addBehavior(props)
        animator.addBehavior(push)
        let body = try #require(animator.body(of: group))
        #expect(animator.body(of: a) == nil && animator.body(of: b) == nil)
        #expect(animator.record(for: group)?.shapes.count == 2)
        #expect(abs(try #require(animator.world.mass(of: body)) - 1.25 * density) < 1e-12)
        animator.advance(by: 1.0 / 60)
        let v = props.linearVelocity(for: group)
        #expect(abs(Double(v.x) - 80 / density) <= 0.08 / density, "v \(v)")
    }

    /// Falling and landing on the reference floor, then spun by an off-centre push: the members keep their offsets
    /// from the group center (distances within 1e-9 pt: they are written from one rigid transform), turn with it,
    /// and share its transform.
    @Test func membersMoveAsOneRigidBody() {
        let (a, b, group) = pair()
        let d0 = hypot(a.center.x - b.center.x, a.center.y - b.center.y)
        let oa = offset(a, group), ob = offset(b, group)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let collision = CollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        let contacts = ContactLog()
        collision.collisionDelegate = contacts
        let push = PushBehavior(items: [group], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: -3)
        push.setTargetOffsetFromCenter(Offset(horizontal: 60, vertical: 0), for: group)
        animator.addBehavior(GravityBehavior(items: [group]))
        animator.addBehavior(collision)
        animator.addBehavior(push)
        var maxError: CGFloat = 0, turned = false
        for _ in 0..<240 {
            animator.advance(by: 1.0 / 60)
            maxError = max(maxError, abs(hypot(a.center.x - b.center.x, a.center.y - b.center.y) - d0))
            let t = group.transform
            let angle = atan2(t.b, t.a)
            if abs(angle) > 0.1 { turned = true }
            // Each member at center + R·offset, with the group's transform.
            for (item, o) in [(a, oa), (b, ob)] {
                let expected = CGPoint(
                    x: group.center.x + t.a * o.dx + t.c * o.dy,
                    y: group.center.y + t.b * o.dx + t.d * o.dy)
                #expect(
                    isClose(item.center.x, expected.x, within: 1e-9) && isClose(item.center.y, expected.y, within: 1e-9)
                )
                #expect(item.transform == t)
            }
        }
        #expect(maxError < 1e-9)
        #expect(turned)
        // It landed: the delegate heard the group (not a member) touch the floor, and it ends inside the bounds.
        #expect(contacts.entries.contains("began:?:bounds"))
        #expect(a.center.y < 600 && b.center.y < 600 && group.center.y > 450)
    }
}
