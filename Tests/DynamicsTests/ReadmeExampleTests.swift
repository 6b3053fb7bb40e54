import Foundation
import Testing
import Dynamics

/// The README's "library in 20 lines" example, verbatim apart from the expectations, so it keeps compiling and
/// keeps doing what the README says.
@MainActor
@Test("README example: a ball with elasticity 0.7 bounces on the bottom edge of the bounds")
func readmeExample() {
    let bounds = CGRect(x: 0, y: 0, width: 400, height: 800)   // points, y down, as in UIKit
    let animator = DynamicAnimator(referenceBounds: bounds)
    let ball = SimpleDynamicItem(center: CGPoint(x: 200, y: 100), size: CGSize(width: 50, height: 50),
                                 collisionBoundsType: .ellipse)  // or any class conforming to DynamicItem

    let gravity = GravityBehavior(items: [ball])                // 1000 pt/s² downwards
    let collision = CollisionBehavior(items: [ball])
    collision.translatesReferenceBoundsIntoBoundary = true     // the bounds become walls
    let bounce = DynamicItemBehavior(items: [ball])
    bounce.elasticity = 0.7                                     // keeps 70 % of the normal speed at impact

    animator.addBehavior(gravity)
    animator.addBehavior(collision)
    animator.addBehavior(bounce)

    var lowest: CGFloat = 0
    for _ in 0..<120 {                                          // two seconds at 60 Hz, no display link needed
        animator.advance(by: 1.0 / 60)
        lowest = max(lowest, ball.center.y)
    }
    // It reached the floor (801 − 25, the loop being outset by 1 pt, within the 0.5-pt slop) and never passed it.
    #expect(lowest > 775 && lowest <= 776.5)
    #expect(ball.center.y < 776.5)
}
