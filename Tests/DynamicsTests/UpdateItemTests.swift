import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

@MainActor
@Suite("updateItem(usingCurrentState:)")
struct UpdateItemTests {
    /// Spec §3.5: the body takes the item's new center, the velocity is kept (the item keeps falling at the same
    /// speed from its new place), and `bounds` is not re-read.
    @Test func movesTheBodyAndKeepsTheVelocity() {
        let animator = DynamicAnimator()
        let item = square(100, 100, side: 40)
        let props = DynamicItemBehavior(items: [item])
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(props)
        run(animator, frames: 30)
        let before = props.linearVelocity(for: item)
        #expect(before.y > 400)
        item.center = CGPoint(x: 300, y: 50)
        item.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        animator.updateItem(usingCurrentState: item)
        #expect(props.linearVelocity(for: item) == before)
        animator.advance(by: 1.0 / 60.0)
        // One frame later: x unchanged, y moved on by about v·dt from the new place.
        #expect(isClose(item.center.x, 300, within: 1e-9))
        #expect(isClose(Double(item.center.y), 50 + Double(before.y) / 60, within: 1))
        // The body is still the 40-pt box: its mass did not change with the bounds.
        let body = animator.body(of: item)!
        #expect(isClose(animator.world.mass(of: body)!, 40.0 * 40 / 10_000, within: 1e-12))
    }

    /// An item the animator does not simulate: nothing happens, nothing is reported.
    @Test func unknownItemIsIgnored() {
        let animator = DynamicAnimator()
        let stranger = square(10, 10)
        let log = collectingDiagnostics { animator.updateItem(usingCurrentState: stranger) }
        #expect(log.all.isEmpty && !animator.isRunning)
    }
}
