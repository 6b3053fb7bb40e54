import Foundation
import Testing

@testable import Dynamics

/// A boundary made from a path is one surface, as UIKit's edge chains are: what slides along it is not caught at
/// the joints between its segments (PhysicsCore `World.createChain`).
@MainActor
@Suite("Path boundaries are smooth at their joints")
struct BoundaryJointTests {
    /// Puts `item` under gravity against a boundary of `path` in `animator`, with no friction, resistance or
    /// elasticity; returns its item behaviour.
    static func slideFrictionless(
        _ item: SimpleDynamicItem, on path: BezierPath, in animator: DynamicAnimator
    ) -> DynamicItemBehavior {
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "path", for: path)
        let props = DynamicItemBehavior(items: [item])
        props.friction = 0
        props.resistance = 0
        props.angularResistance = 0
        props.elasticity = 0
        animator.addBehavior(collision)
        animator.addBehavior(props)
        animator.addBehavior(GravityBehavior(items: [item]))
        return props
    }

    /// A frictionless 40-pt item, no resistance, given 600 pt/s along a floor path of collinear points 20 pt apart:
    /// after 2.5 s it is 1500 pt on (± 2) and its centre stayed within 0.02 pt of where it rests. With one
    /// independent segment per pair of points, the box hopped 24 pt at the joints and stopped at x ≈ 250, the disc
    /// (an ellipse item) hopped 40 pt.
    @Test(arguments: [DynamicItemCollisionBoundsType.rectangle, .ellipse])
    func itemGlidesAlongAPathFloor(bounds: DynamicItemCollisionBoundsType) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 2200, height: 800))
        let item = square(50, 480, side: 40)
        item.collisionBoundsType = bounds
        let path = BezierPath()
        path.move(to: CGPoint(x: 0, y: 500))
        for x in stride(from: 20.0, through: 2100, by: 20) { path.addLine(to: CGPoint(x: x, y: 500)) }
        let props = Self.slideFrictionless(item, on: path, in: animator)
        run(animator, frames: 30)
        let rest = item.center.y
        props.addLinearVelocity(CGPoint(x: 600, y: 0), for: item)
        var low = rest, high = rest
        for _ in 0..<150 {
            run(animator, frames: 1)
            low = min(low, item.center.y)
            high = max(high, item.center.y)
        }
        #expect(abs(item.center.x - 1550) < 2, "the item reached x = \(item.center.x)")
        #expect(high - rest < 0.02 && rest - low < 0.02, "the centre went from \(low) to \(high), resting at \(rest)")
    }

    /// A frictionless 40-pt box released 45° up the side of a 600-pt circular bowl (an oval path boundary,
    /// flattened to short segments that meet in shallow valleys) swings back up the other side: its first turning
    /// point is within 10 pt of the height it started from (it loses a little at each joint, where its velocity
    /// turns with the surface). With independent segments it stopped dead at the bottom: the corners of the next
    /// segments caught it.
    @Test func frictionlessBoxSwingsInABowl() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let radius = 300.0, centre = CGPoint(x: 500, y: 400)
        let reach = radius - 20.5, start = Double.pi / 4
        let box = square(centre.x - reach * sin(start), centre.y + reach * cos(start), side: 40)
        box.transform = CGAffineTransform(rotationAngle: -start)
        let bowl = BezierPath(
            ovalIn: CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
        _ = Self.slideFrictionless(box, on: bowl, in: animator)
        let startY = box.center.y
        var highest = Double.infinity
        var passedBottom = false
        for _ in 0..<120 {
            run(animator, frames: 1)
            if box.center.x > centre.x { passedBottom = true }
            if passedBottom { highest = min(highest, box.center.y) }
        }
        #expect(passedBottom, "the box never passed the bottom: it is at \(box.center)")
        #expect(highest - startY < 10, "it climbed back to y = \(highest), from \(startY)")
    }
}
