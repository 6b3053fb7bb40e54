import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

@MainActor
@Suite("Collision")
struct CollisionTests {
    /// Spec §1.7: bounds (5, 7, 320, 480) with insets top 10, left 20, bottom 30, right 40 → loop corners
    /// (24, 16)–(286, 458) (inset, then outset by 1 pt).
    @Test func referenceLoopIsInsetThenOutsetByOnePoint() throws {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 5, y: 7, width: 320, height: 480))
        let collision = CollisionBehavior(items: [square(100, 100, side: 20)])
        collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
        animator.addBehavior(collision)
        let body = try #require(collision.referenceLoopBody)
        let shapes = animator.world.shapes(of: body)
        #expect(shapes.count == 4)
        let box = shapes.compactMap { animator.world.bounds(of: $0) }.reduce(nil as AABB?) { $0?.union($1) ?? $1 }
        #expect(box == AABB(lower: Vec2(24, 16), upper: Vec2(286, 458)))
        // Turning the flag off removes the loop and zeroes the insets.
        collision.translatesReferenceBoundsIntoBoundary = false
        #expect(collision.referenceLoopBody == nil)
        collision.translatesReferenceBoundsIntoBoundary = true
        let plain = try #require(collision.referenceLoopBody)
        let box2 = animator.world.shapes(of: plain).compactMap { animator.world.bounds(of: $0) }
            .reduce(nil as AABB?) { $0?.union($1) ?? $1 }
        #expect(box2 == AABB(lower: Vec2(4, 6), upper: Vec2(326, 488)))
        // The loop follows the reference bounds.
        animator.referenceBounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let moved = try #require(collision.referenceLoopBody)
        let box3 = animator.world.shapes(of: moved).compactMap { animator.world.bounds(of: $0) }
            .reduce(nil as AABB?) { $0?.union($1) ?? $1 }
        #expect(box3 == AABB(lower: Vec2(-1, -1), upper: Vec2(101, 101)))
    }

    /// An item dropped in the reference bounds comes to rest on the floor (y = 481 − 20 within the 0.5-pt slop
    /// plus 0.5 pt of soft-contact give) and the animator pauses.
    @Test func itemRestsOnTheReferenceFloor() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 320, height: 480))
        let item = square(160, 100, side: 40)
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        let frames = runUntilPaused(animator, limit: 600)
        #expect(frames < 600)
        #expect(isClose(item.center.y, 461, within: 1))
        // Both corners of a flat landing are solved together, so the box neither spins nor slides sideways
        // (measured 0.1 pt; solving them one after the other slid it 3.9 pt). Bound: half the 0.5-pt slop.
        #expect(isClose(item.center.x, 160, within: 0.25))
    }

    /// A bouncing ball (elasticity 0.8, no resistance): began/ended exactly once per bounce, every began of a step
    /// before every ended, all before the actions; the contact point lies on the floor under the ball. (The last
    /// impact, slower than the 100-pt/s restitution threshold, does not bounce: one more began, no ended.)
    @Test func beganAndEndedOncePerBounce() {
        let animator = DynamicAnimator()
        let item = SimpleDynamicItem(
            center: CGPoint(x: 200, y: 100), size: CGSize(width: 20, height: 20),
            collisionBoundsType: .ellipse, name: "ball")
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 300), to: CGPoint(x: 400, y: 300))
        let contacts = ContactLog()
        collision.collisionDelegate = contacts
        let props = DynamicItemBehavior(items: [item])
        props.elasticity = 0.8
        props.resistance = 0
        var upturns = 0
        var lastVy: CGFloat = 0
        props.action = {
            contacts.entries.append("action")
            // A bounce leaves at ≥ 0.8 × 100 pt/s (slower impacts do not bounce); a smaller upward speed is the
            // soft contact pushing a resting ball out of the floor, not a bounce.
            let vy = props.linearVelocity(for: item).y
            if lastVy > 0 && vy < -50 { upturns += 1 }
            lastVy = vy
        }
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        animator.addBehavior(props)
        runUntilPaused(animator, limit: 900)
        #expect(!animator.isRunning)
        let events = contacts.entries.filter { $0 != "action" }
        let began = events.filter { $0 == "began:ball:floor" }.count
        let ended = events.filter { $0 == "ended:ball:floor" }.count
        #expect(upturns >= 3)
        // Each bounce is one began and one ended; the final landing has a began and no ended (it rests).
        #expect(ended == upturns)
        #expect(began == ended + 1)
        // Alternating: began, ended, began, ended, …, began.
        for (i, e) in events.enumerated() {
            #expect(e == (i.isMultiple(of: 2) ? "began:ball:floor" : "ended:ball:floor"))
        }
        // Within one step: began before ended, both before the action.
        for step in contacts.entries.split(separator: "action") {
            let kinds = step.map { $0.hasPrefix("began") ? 0 : 1 }
            #expect(kinds == kinds.sorted())
        }
        #expect(contacts.entries.last == "action")
        // The contact points lie on the floor line (±0.6 pt: slop plus soft-contact give), under the ball's center.
        #expect(contacts.points.count == began)
        for (p, c) in zip(contacts.points, contacts.centers) {
            #expect(isClose(p.y, 300, within: 0.6))
            #expect(isClose(p.x, c.x, within: 0.01))
        }
    }

    /// .everything: the falling item lands on the floating one and pushes it onto the floor.
    @Test func everythingMode() {
        let (animator, a, b) = twoItemScene(mode: .everything)
        run(animator, frames: 150)
        // Resting stack: a on the floor (center 280), b on a (center 240); 1 pt for slop and soft-contact give.
        #expect(isClose(a.center.y, 280, within: 1))
        #expect(isClose(b.center.y, 240, within: 1.5))
    }

    /// .boundaries: the falling item passes through the floating one and stops on the boundary.
    @Test func boundariesMode() {
        let (animator, a, b) = twoItemScene(mode: .boundaries)
        run(animator, frames: 150)
        #expect(a.center.y == 200)
        #expect(isClose(b.center.y, 280, within: 1))
    }

    /// .items: the items collide with each other but pass through the boundary — and the delegate still hears
    /// about the boundary contacts, began and ended (UIKit behaviour, kept).
    @Test func itemsModePassesThroughBoundariesButReports() {
        let (animator, a, b) = twoItemScene(mode: .items)
        let contacts = ContactLog()
        (animator.behaviors[1] as? CollisionBehavior)?.collisionDelegate = contacts
        run(animator, frames: 150)
        #expect(a.center.y > 400 && b.center.y > 400)
        #expect(contacts.entries.contains("began:a|b") || contacts.entries.contains("began:b|a"))
        #expect(contacts.entries.contains("began:a:floor") && contacts.entries.contains("ended:a:floor"))
        #expect(contacts.entries.contains("began:b:floor") && contacts.entries.contains("ended:b:floor"))
    }

    /// Items of different collision behaviours ignore each other, even after add c1, add c2, remove c1, add c3
    /// (UIKit's counter gives c3 the bits of c2 and their items start colliding; our allocator does not).
    @Test func collisionGroupsAreReallyAllocated() {
        let animator = DynamicAnimator()
        let c1 = CollisionBehavior(items: [square(0, 0, side: 10)])
        let upper = square(200, 100, side: 40, name: "upper"), lower = square(200, 200, side: 40, name: "lower")
        let c2 = CollisionBehavior(items: [lower])
        let c3 = CollisionBehavior(items: [upper])
        animator.addBehavior(c1)
        animator.addBehavior(c2)
        animator.removeBehavior(c1)
        animator.addBehavior(c3)
        #expect(c2.group != c3.group)
        animator.addBehavior(GravityBehavior(items: [upper]))
        run(animator, frames: 60)
        #expect(upper.center.y > 250)
        #expect(lower.center.y == 200)
    }

    /// 33 concurrent collision behaviours: the last gets no group and a diagnostic.
    @Test func tooManyCollisionBehaviors() {
        let animator = DynamicAnimator()
        let log = collectingDiagnostics {
            for _ in 0..<33 { animator.addBehavior(CollisionBehavior()) }
        }
        #expect(log.count(.tooManyCollisionBehaviors) == 1)
        #expect((animator.behaviors.last as? CollisionBehavior)?.group == nil)
    }

    /// Boundaries from Bézier paths: a curved bowl catches an item; boundary(withIdentifier:) returns the path;
    /// identifiers are listed in order; removeAllBoundaries keeps the reference loop.
    @Test func bezierBoundaries() throws {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let item = SimpleDynamicItem(
            center: CGPoint(x: 120, y: 100), size: CGSize(width: 30, height: 30),
            collisionBoundsType: .ellipse)
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let bowl = BezierPath()
        bowl.move(to: CGPoint(x: 0, y: 200))
        bowl.addQuadCurve(to: CGPoint(x: 400, y: 200), controlPoint: CGPoint(x: 200, y: 400))
        collision.addBoundary(withIdentifier: "bowl", for: bowl)
        collision.addBoundary(withIdentifier: 7, from: CGPoint(x: 0, y: 500), to: CGPoint(x: 400, y: 500))
        #expect(collision.boundaryIdentifiers == ["bowl", 7])
        #expect(collision.boundary(withIdentifier: "bowl") == bowl)
        let segment = BezierPath()
        segment.move(to: CGPoint(x: 0, y: 500))
        segment.addLine(to: CGPoint(x: 400, y: 500))
        #expect(collision.boundary(withIdentifier: 7) == segment)
        #expect(collision.boundary(withIdentifier: "nope") == nil)
        // Strong damping so the ball stops rolling to and fro within a few seconds.
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 3
        props.angularResistance = 3
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        animator.addBehavior(props)
        runUntilPaused(animator, limit: 900)
        // The bowl's lowest point is (200, 300); the 15-pt-radius disc settles on it: 1 pt for slop and give.
        #expect(isClose(item.center.x, 200, within: 1))
        #expect(isClose(item.center.y, 285, within: 1))
        // Without the bowl the item falls to the segment at y = 500.
        collision.removeBoundary(withIdentifier: "bowl")
        #expect(collision.boundaryIdentifiers == [7])
        runUntilPaused(animator, limit: 900)
        #expect(isClose(item.center.y, 485, within: 1))
        collision.removeAllBoundaries()
        #expect(collision.boundaryIdentifiers == nil)
        #expect(collision.referenceLoopBody != nil)
        runUntilPaused(animator, limit: 900)
        #expect(isClose(item.center.y, 586, within: 1))
    }

    /// Every subpath becomes segments; an open subpath is not closed (UIKit closes the first subpath only).
    @Test func openSubpathsStayOpenAndEverySubpathCounts() {
        let animator = DynamicAnimator()
        let left = square(100, 0, side: 20), right = square(300, 0, side: 20)
        let collision = CollisionBehavior(items: [left, right])
        let path = BezierPath()
        // An open U under the left item: closing it would put a lid at y = 100.
        path.move(to: CGPoint(x: 50, y: 100))
        path.addLine(to: CGPoint(x: 50, y: 200))
        path.addLine(to: CGPoint(x: 150, y: 200))
        path.addLine(to: CGPoint(x: 150, y: 100))
        // A second subpath: a floor under the right item.
        path.move(to: CGPoint(x: 250, y: 150))
        path.addLine(to: CGPoint(x: 350, y: 150))
        collision.addBoundary(withIdentifier: "shapes", for: path)
        animator.addBehavior(GravityBehavior(items: [left, right]))
        animator.addBehavior(collision)
        run(animator, frames: 120)
        #expect(isClose(left.center.y, 190, within: 1))
        #expect(isClose(right.center.y, 140, within: 1))
    }

    /// Re-adding an identifier replaces the boundary (UIKit leaves the old one in the world).
    @Test func reusingAnIdentifierReplacesTheBoundary() {
        let animator = DynamicAnimator()
        let item = square(100, 0, side: 20)
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 100), to: CGPoint(x: 200, y: 100))
        animator.addBehavior(collision)
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 300), to: CGPoint(x: 200, y: 300))
        #expect(collision.boundaryIdentifiers == ["floor"])
        #expect(collision.boundaryBodies.count == 1)
        animator.addBehavior(GravityBehavior(items: [item]))
        run(animator, frames: 90)
        #expect(isClose(item.center.y, 290, within: 1))
    }

    /// Two 40-pt items above a floor boundary at y = 300, in one collision behaviour of `mode`: a floats at
    /// y = 200 (no gravity), b falls onto it from y = 100.
    private func twoItemScene(mode: CollisionBehavior.Mode) -> (DynamicAnimator, SimpleDynamicItem, SimpleDynamicItem) {
        let animator = DynamicAnimator()
        let a = square(200, 200, side: 40, name: "a"), b = square(200, 100, side: 40, name: "b")
        let collision = CollisionBehavior(items: [a, b])
        collision.collisionMode = mode
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 300), to: CGPoint(x: 400, y: 300))
        animator.addBehavior(GravityBehavior(items: [b]))
        animator.addBehavior(collision)
        return (animator, a, b)
    }
}
