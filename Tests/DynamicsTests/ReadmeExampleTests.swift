import Foundation
import Testing
import Dynamics

/// The README's "library in 20 lines" example, verbatim apart from the expectations, so it keeps compiling and
/// keeps doing what the README says.
@MainActor
@Test("README example: a ball with elasticity 0.7 bounces on the bottom edge of the bounds")
func readmeExample() {
    let bounds = CGRect(x: 0, y: 0, width: 400, height: 800)  // points, y down, as in UIKit
    let animator = DynamicAnimator(referenceBounds: bounds)
    let ball = SimpleDynamicItem(
        center: CGPoint(x: 200, y: 100), size: CGSize(width: 50, height: 50),
        collisionBoundsType: .ellipse)  // or any class conforming to DynamicItem

    let gravity = GravityBehavior(items: [ball])  // 1000 pt/s² downwards
    let collision = CollisionBehavior(items: [ball])
    collision.translatesReferenceBoundsIntoBoundary = true  // the bounds become walls
    let bounce = DynamicItemBehavior(items: [ball])
    bounce.elasticity = 0.7  // keeps 70 % of the normal speed at impact

    animator.addBehavior(gravity)
    animator.addBehavior(collision)
    animator.addBehavior(bounce)

    var lowest: CGFloat = 0
    var bounced = false
    for _ in 0..<120 {  // two seconds at 60 Hz, no display link needed
        animator.advance(by: 1.0 / 60)
        if ball.center.y < lowest - 5 { bounced = true }
        lowest = max(lowest, ball.center.y)
    }
    // It reached the floor (801 − 25, the loop being outset by 1 pt) and never passed it (0.5-pt slop). The ball
    // flies free, as in UIKit's Box2D, and bounces within one 1/120-s world step, so the impact falls between two
    // frames: the lowest sampled centre is at most one frame's travel at the impact speed above the floor
    // (√(2 · 1000 · 676) ≈ 1163 pt/s → 19.4 pt per 1/60 s). Then it rises again.
    #expect(lowest > 776 - 1163.0 / 60 && lowest <= 776.5, "lowest \(lowest)")
    #expect(bounced)
    #expect(ball.center.y < 776.5)
}
