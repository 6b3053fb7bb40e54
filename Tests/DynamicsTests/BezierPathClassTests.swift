@testable import Dynamics
import Foundation
import Testing

/// `BezierPath` as UIKit's `UIBezierPath`: a class with UIKit's path API.
@MainActor
@Suite("BezierPath: a class with UIKit's path API")
struct BezierPathClassTests {
    /// Distance of `p` from `c`.
    func distance(_ p: CGPoint, _ c: CGPoint) -> Double { hypot(Double(p.x - c.x), Double(p.y - c.y)) }

    /// The points of `path` flattened to within 0.25 pt (what Dynamics uses).
    func points(_ path: BezierPath) -> [CGPoint] { path.flattened().flatMap(\.points) }

    @Test func referenceSemanticsAndCopy() {
        let p = BezierPath()
        let alias = p
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 10, y: 0))
        #expect(alias.elements.count == 2 && alias.currentPoint == CGPoint(x: 10, y: 0))
        let c = p.copy()
        p.addLine(to: CGPoint(x: 10, y: 10))
        #expect(c.elements.count == 2 && p.elements.count == 3 && c != p)
        #expect(BezierPath().currentPoint == .zero && BezierPath().lineWidth == 1 && !BezierPath().usesEvenOddFillRule)
        p.stroke()  // no drawing context: nothing happens, and nothing changes
        p.fill()
        #expect(p.elements.count == 3)
    }

    @Test func boundaryKeepsACopy() {
        let path = BezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 10))
        let collision = CollisionBehavior()
        collision.addBoundary(withIdentifier: "floor", for: path)
        path.removeAllPoints()
        path.move(to: .zero)
        #expect(
            collision.boundary(withIdentifier: "floor") == BezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 10)))
    }

    /// A clockwise quarter arc (y down: from pointing right to pointing down) stays on its circle within 0.03 % of
    /// the radius (the cubic approximation's error bound: 2.7·10⁻⁴), starts and ends at the exact points.
    @Test func arcsFollowTheCircle() {
        let c = CGPoint(x: 50, y: 50)
        let quarter = BezierPath(arcCenter: c, radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(quarter.elements.first == .move(to: CGPoint(x: 90, y: 50)))
        #expect(distance(quarter.currentPoint, CGPoint(x: 50, y: 90)) < 1e-9)
        for p in points(quarter) { #expect(abs(distance(p, c) - 40) < 40 * 3e-4, "\(p)") }
        // Clockwise on screen from 0 to π/2 passes below-right of the centre; counter-clockwise goes the long way
        // (3π/2) through the left and the top.
        #expect(quarter.bounds.minX >= 50 - 1e-9 && quarter.bounds.minY >= 50 - 1e-9)
        let longWay = BezierPath(arcCenter: c, radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(longWay.bounds.minX < 11 && longWay.bounds.minY < 11)
        // A whole turn or more is a full circle that contains its centre; equal angles add no curve.
        let circle = BezierPath(arcCenter: c, radius: 40, startAngle: 0, endAngle: 7, clockwise: true)
        #expect(circle.contains(c) && !circle.contains(CGPoint(x: 50, y: 5)))
        #expect(BezierPath(arcCenter: c, radius: 40, startAngle: 1, endAngle: 1, clockwise: true).elements.count == 1)
        // On a path with a current point, addArc first draws a line to the arc's start.
        let p = BezierPath()
        p.move(to: .zero)
        p.addArc(withCenter: c, radius: 10, startAngle: .pi, endAngle: 0, clockwise: true)
        #expect(p.elements[1] == .line(to: CGPoint(x: 40, y: 50)))
        #expect(distance(p.currentPoint, CGPoint(x: 60, y: 50)) < 1e-9)
    }

    @Test func roundedCornersAndContains() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 60)
        let topLeft = BezierPath(
            roundedRect: r, byRoundingCorners: .topLeft, cornerRadii: CGSize(width: 20, height: 20))
        #expect(!topLeft.contains(CGPoint(x: 1, y: 1)))  // cut off by the round corner
        #expect(topLeft.contains(CGPoint(x: 99, y: 59)) && topLeft.contains(CGPoint(x: 99, y: 1)))
        let all = BezierPath(roundedRect: r, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 20, height: 0))
        #expect(all == BezierPath(roundedRect: r, cornerRadius: 20))
        #expect(
            BezierPath(roundedRect: r, byRoundingCorners: [], cornerRadii: CGSize(width: 20, height: 20))
                == BezierPath(rect: r))
        // Even-odd: a rectangle with a rectangle inside is a frame.
        let frame = BezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        frame.append(BezierPath(rect: CGRect(x: 25, y: 25, width: 50, height: 50)))
        #expect(frame.contains(CGPoint(x: 50, y: 50)))  // non-zero: same winding, filled
        frame.usesEvenOddFillRule = true
        #expect(!frame.contains(CGPoint(x: 50, y: 50)) && frame.contains(CGPoint(x: 10, y: 50)))
        #expect(!frame.contains(CGPoint(x: 150, y: 50)) && !frame.contains(CGPoint(x: CGFloat.nan, y: 0)))
    }

    @Test func reversingAndApply() {
        let tri = BezierPath()
        tri.move(to: .zero)
        tri.addLine(to: CGPoint(x: 10, y: 0))
        tri.addQuadCurve(to: CGPoint(x: 0, y: 10), controlPoint: CGPoint(x: 10, y: 10))
        tri.close()
        let back = tri.reversing()
        #expect(
            back.elements == [
                .move(to: CGPoint(x: 0, y: 10)),
                .quadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 10, y: 10)),
                .line(to: .zero), .close
            ])
        #expect(back.reversing() == tri && back.bounds == tri.bounds)
        let moved = tri.copy()
        moved.apply(CGAffineTransform(translationX: 5, y: 7))
        #expect(
            moved.bounds == tri.bounds.offsetBy(dx: 5, dy: 7)
                && moved == tri.applying(CGAffineTransform(translationX: 5, y: 7)))
    }

    /// UIKit's `collisionBoundingPath` is not optional: an item declaring `var collisionBoundingPath: BezierPath`
    /// satisfies the requirement (with an optional requirement the protocol's default would have been used, and the
    /// 60-pt box instead of the triangle). The triangle's base is 10 pt below the center: resting on a floor at
    /// y = 300 the center is at 290 (a box would rest at 270). 0.5 pt: contact slop.
    @Test func nonOptionalBoundingPathIsUsed() {
        final class Triangle: DynamicItem {
            var center = CGPoint(x: 100, y: 100)
            var bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
            var transform = CGAffineTransform.identity
            var collisionBoundsType: DynamicItemCollisionBoundsType { .path }
            var collisionBoundingPath: BezierPath {
                BezierPath(elements: [
                    .move(to: CGPoint(x: 0, y: -30)), .line(to: CGPoint(x: -30, y: 10)),
                    .line(to: CGPoint(x: 30, y: 10)), .close
                ])
            }
        }
        let t = Triangle()
        let animator = DynamicAnimator()
        let collision = CollisionBehavior(items: [t])
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 300), to: CGPoint(x: 400, y: 300))
        animator.addBehavior(GravityBehavior(items: [t]))
        animator.addBehavior(collision)
        for _ in 0..<300 where animator.isRunning { animator.advance(by: 1.0 / 60) }
        #expect(abs(t.center.y - 290) < 0.5, "center \(t.center)")
    }
}
