import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// SplitMix64, so the flung velocities are the same on every run.
private struct SeededRandom {
    var state: UInt64
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}

/// The issue's numbers, measured through the UIKit-shaped API.
@MainActor
@Suite("Acceptance: the engine core's numbers through the animator")
struct AcceptanceTests {
    /// 10 000 round items (8 pt) on a grid, each flung in a random direction at up to 50 000 pt/s.
    private func flingBalls(
        in animator: DynamicAnimator, collision: CollisionBehavior,
        grid: (Int) -> CGPoint
    ) -> [SimpleDynamicItem] {
        var rng = SeededRandom(state: 2026)
        let items = (0..<10_000).map {
            SimpleDynamicItem(center: grid($0), size: CGSize(width: 8, height: 8), collisionBoundsType: .ellipse)
        }
        let props = DynamicItemBehavior(items: items)
        for item in items {
            let angle = rng.unit() * 2 * Double.pi
            let speed = rng.unit() * 50_000
            props.addLinearVelocity(CGPoint(x: speed * cos(angle), y: speed * sin(angle)), for: item)
            collision.addItem(item)
        }
        animator.addBehavior(collision)
        animator.addBehavior(props)
        // 15 frames = 30 world steps; at 50 000 pt/s a ball crosses the whole space in 3 of them.
        run(animator, frames: 15)
        return items
    }

    @Test("10 000 balls flung at up to 50 000 pt/s inside the reference bounds: none ends outside")
    func noneEscapeTheReferenceBounds() {
        let bounds = CGRect(x: 0, y: 0, width: 1200, height: 1200)
        let animator = DynamicAnimator(referenceBounds: bounds)
        let collision = CollisionBehavior()
        collision.translatesReferenceBoundsIntoBoundary = true
        let items = flingBalls(in: animator, collision: collision) {
            CGPoint(x: 10 + 11.8 * CGFloat($0 % 100), y: 10 + 11.8 * CGFloat($0 / 100))
        }
        // The reference loop is outset by 1 pt (UIKit); a center may touch it but never cross it.
        let outside = items.filter { !bounds.insetBy(dx: -1, dy: -1).contains($0.center) }
        #expect(outside.isEmpty, "\(outside.count) escaped, e.g. \(outside.first.map { "\($0.center)" } ?? "")")
        #expect(animator.worldIsSound)
    }

    @Test("The same inside a boundary drawn as a Bézier oval: none ends outside")
    func noneEscapeABezierBoundary() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 2000, height: 2000))
        let collision = CollisionBehavior()
        // A circle of radius 800 around (1000, 1000), four cubic Bézier curves flattened to 0.25 pt.
        collision.addBoundary(
            withIdentifier: "oval",
            for: BezierPath(ovalIn: CGRect(x: 200, y: 200, width: 1600, height: 1600)))
        let items = flingBalls(in: animator, collision: collision) {
            CGPoint(x: 450 + 11 * CGFloat($0 % 100), y: 450 + 11 * CGFloat($0 / 100))
        }
        let center = CGPoint(x: 1000, y: 1000)
        let outside = items.filter { hypot($0.center.x - center.x, $0.center.y - center.y) >= 800 }
        #expect(outside.isEmpty, "\(outside.count) escaped")
        #expect(animator.worldIsSound)
    }

    /// Box2D's large pyramid in the reference view (y down): 40-pt items, friction 0.6, elasticity 0, under
    /// gravity 1.0, on an anchored floor item of friction 0.6 (UIKit's boundaries have friction 0.2, on which the
    /// base of a pyramid slowly spreads, as it would on any floor that slippery).
    @Test(
        "Pyramids stand (top sags ≤ 5 pt), sleep before t = 11 s, and the animator then pauses once",
        arguments: [20, 40])
    func pyramidPausesOnce(base: Int) {
        let width: CGFloat = 2000, height: CGFloat = 1000
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: width, height: height))
        let events = AnimatorEvents()
        animator.delegate = events
        let floor = height - 100
        let ground = SimpleDynamicItem(
            center: CGPoint(x: width / 2, y: floor + 50), size: CGSize(width: width, height: 100))
        var items: [SimpleDynamicItem] = []
        let a: CGFloat = 20
        for i in 0..<base {
            for j in i..<base {
                let x = width / 2 + (CGFloat(i) + 1) * a + 2 * CGFloat(j - i) * a - a * CGFloat(base)
                let y = floor - (2 * CGFloat(i) + 1) * a
                items.append(SimpleDynamicItem(center: CGPoint(x: x, y: y), size: CGSize(width: 40, height: 40)))
            }
        }
        let top = items.last!
        let start = top.center
        let collision = CollisionBehavior(items: items + [ground])
        let props = DynamicItemBehavior(items: items + [ground])
        props.friction = 0.6
        props.elasticity = 0
        let anchor = DynamicItemBehavior(items: [ground])
        anchor.isAnchored = true
        animator.addBehavior(GravityBehavior(items: items))
        animator.addBehavior(collision)
        animator.addBehavior(props)
        animator.addBehavior(anchor)
        let frames = runUntilPaused(animator, limit: 660)
        let sag = hypot(top.center.x - start.x, top.center.y - start.y)
        #expect(frames < 660, "still running at t = 11 s")
        #expect(sag <= 5, "top item moved \(sag) pt")
        #expect(events.pauses == 1)
        #expect(events.log.last == "pause")
        #expect(animator.worldIsSound)
    }
}
