import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Issue 15, item 5: a snap or an attachment registered in an animator that was then deallocated keeps the world
/// handles of that animator's world. Added to a new animator it must build afresh (the item snaps, the rod holds),
/// and removing it must never destroy a body or joint of the new world that happens to have the same handle.
@MainActor
@Suite("Behaviours that outlive their animator: snap and attachment")
struct StaleHandleTests {
    /// Registers `behavior` (and gravity on `item`) in an animator that is stepped and then dropped.
    private func registerInDroppedAnimator(_ behavior: DynamicBehavior, gravityOn item: any DynamicItem) {
        weak var weakOld: DynamicAnimator?
        do {
            let old = DynamicAnimator()
            weakOld = old
            old.addBehavior(GravityBehavior(items: [item]))
            old.addBehavior(behavior)
            run(old, frames: 3)
        }
        #expect(weakOld == nil && behavior.dynamicAnimator == nil)
    }

    @Test("a snap from a dropped animator snaps in a new one; removing it leaves other items' bodies alone")
    func snapRejoins() throws {
        let item = square(100, 100, side: 20)
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 100, y: 100))
        registerInDroppedAnimator(snap, gravityOn: item)

        let fresh = DynamicAnimator()
        // Two other items take the first body slots of the new world, where the old ghost's handle points.
        let others = [square(300, 0, side: 20), square(400, 0, side: 20)]
        fresh.addBehavior(DynamicItemBehavior(items: others))
        let otherBodies = try others.map { try #require(fresh.body(of: $0)) }
        item.center = CGPoint(x: 250, y: 40)
        fresh.addBehavior(snap)
        run(fresh, frames: 180)
        // 3 s of 4-Hz springs with damping 0.5: settled well within 1 pt (the unfixed snap never moved it).
        #expect(hypot(item.center.x - 100, item.center.y - 100) < 1, "\(item.center)")
        fresh.removeBehavior(snap)
        for body in otherBodies { #expect(fresh.world.position(of: body) != nil) }
        run(fresh, frames: 2)
        #expect(others.allSatisfy { $0.center.x.isFinite })
    }

    @Test("a 100-pt rod from a dropped animator holds in a new one; removing it leaves other items' bodies alone")
    func attachmentRejoins() throws {
        let item = square(100, 100, side: 20)
        let rod = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 100, y: 0))
        registerInDroppedAnimator(rod, gravityOn: item)
        #expect(isClose(rod.length, 100, within: 0.5))

        let fresh = DynamicAnimator()
        let others = [square(300, 0, side: 20), square(400, 0, side: 20), square(500, 0, side: 20)]
        fresh.addBehavior(DynamicItemBehavior(items: others))
        let otherBodies = try others.map { try #require(fresh.body(of: $0)) }
        item.center = CGPoint(x: 100, y: 100)
        fresh.addBehavior(rod)
        fresh.addBehavior(GravityBehavior(items: [item]))
        run(fresh, frames: 120)
        // A rigid rod: the item stays 100 pt from the anchor (0.5 pt: the solver's soft rod stretches < 0.1 pt
        // under gravity 1.0). The unfixed rod did nothing: the item fell to 577 pt.
        let d = hypot(item.center.x - 100, item.center.y)
        #expect(abs(d - 100) < 0.5, "distance \(d)")
        fresh.removeBehavior(rod)
        for body in otherBodies { #expect(fresh.world.position(of: body) != nil) }
    }
}
