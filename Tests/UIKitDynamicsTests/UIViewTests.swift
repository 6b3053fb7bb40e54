import Foundation
import Testing
import UIKitDynamics

@MainActor
@Suite("Geometry-only UIView and the reference view")
struct UIViewTests {
    @Test func frameBoundsCenterTransform() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45) && v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(v.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        // A quarter turn: the frame is the turned bounds' bounding box (within 1e-9 of the exact sines).
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let f = v.frame
        #expect(
            abs(f.minX - 35) < 1e-9 && abs(f.minY - -5) < 1e-9 && abs(f.width - 50) < 1e-9 && abs(f.height - 100) < 1e-9
        )
        v.transform = .identity
        v.frame = CGRect(x: 0, y: 0, width: 20, height: 30)
        #expect(v.center == CGPoint(x: 10, y: 15) && v.bounds.size == CGSize(width: 20, height: 30))
        v.backgroundColor = .red
        v.layer.cornerRadius = 10
        #expect(v.backgroundColor == UIColor(red: 1, green: 0, blue: 0, alpha: 1) && v.layer.cornerRadius == 10)
        #expect(v.collisionBoundsType == .rectangle && v.collisionBoundingPath.isEmpty)
    }

    @Test func hierarchyAndConversion() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let child = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        let leaf = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 30))
        root.addSubview(child)
        child.addSubview(leaf)
        #expect(leaf.superview === child && child.subviews.count == 1 && leaf.isDescendant(of: root))
        #expect(leaf.convert(CGPoint.zero, to: root) == CGPoint(x: 110, y: 120))
        #expect(root.convert(CGPoint(x: 110, y: 120), to: leaf) == .zero)
        child.bounds.origin = CGPoint(x: 0, y: 50)  // scrolled: the leaf moves up 50 pt on screen
        #expect(leaf.convert(CGPoint.zero, to: root) == CGPoint(x: 110, y: 70))
        root.addSubview(leaf)  // re-parenting removes it from the old superview
        #expect(child.subviews.isEmpty && leaf.superview === root)
        root.addSubview(root)  // ignored
        leaf.addSubview(root)  // a cycle: ignored
        #expect(root.superview == nil)
        leaf.removeFromSuperview()
        #expect(leaf.superview == nil && root.subviews.count == 1)
    }

    /// `init(referenceView:)`: the reference bounds follow the view (the reference-bounds boundary is rebuilt when
    /// the view grows, and the resting item falls to the new floor), and the view is held weakly.
    @Test func referenceViewBoundsFollowTheView() {
        let screen = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let box = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        screen.addSubview(box)
        let animator = UIDynamicAnimator(referenceView: screen)
        #expect(animator.referenceView === screen && animator.referenceBounds == screen.bounds)
        let collision = UICollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(UIGravityBehavior(items: [box]))
        animator.addBehavior(collision)
        runUntilPaused(animator)
        #expect(abs(box.center.y - 376) <= 0.5)  // floor at 401 (loop outset by 1 pt)
        screen.frame = CGRect(x: 0, y: 0, width: 300, height: 600)
        #expect(animator.referenceBounds == CGRect(x: 0, y: 0, width: 300, height: 600) && animator.isRunning)
        runUntilPaused(animator)
        #expect(abs(box.center.y - 576) <= 0.5)
        weak var gone: UIView?
        let other: UIDynamicAnimator
        do {
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            other = UIDynamicAnimator(referenceView: v)
            gone = v
        }
        #expect(gone == nil && other.referenceView == nil)
    }

    /// A subclass overrides the collision shape as in UIKit (`override var collisionBoundsType`): on a 45° slope the
    /// round view rolls (spins up; friction 0.2 is below the 1/3 needed to roll without slipping, so it also slips),
    /// while a plain square view slides flat without turning.
    @Test func subclassOverridesTheCollisionShape() {
        final class BallView: UIView {
            override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
        }
        let screen = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let ball = BallView(frame: CGRect(x: 40, y: 50, width: 40, height: 40))
        let box = UIView(frame: CGRect(x: 200, y: 220, width: 40, height: 40))
        box.transform = CGAffineTransform(rotationAngle: .pi / 4)  // flat on the slope
        screen.addSubview(ball)
        screen.addSubview(box)
        let animator = UIDynamicAnimator(referenceView: screen)
        let collision = UICollisionBehavior(items: [ball, box])
        collision.collisionMode = .boundaries
        collision.addBoundary(withIdentifier: "slope", from: CGPoint(x: 0, y: 50), to: CGPoint(x: 400, y: 450))
        let probe = UIDynamicItemBehavior(items: [ball, box])
        animator.addBehavior(UIGravityBehavior(items: [ball, box]))
        animator.addBehavior(collision)
        animator.addBehavior(probe)
        runFrames(animator, 30)
        #expect(probe.angularVelocity(for: ball) > 2, "ω \(probe.angularVelocity(for: ball))")
        #expect(abs(probe.angularVelocity(for: box)) < 0.05, "ω \(probe.angularVelocity(for: box))")
        // Both stay on the slope: the ball's center r = 20 pt from the line y = x + 50, within the 0.5-pt slop.
        let distance = abs(ball.center.y - ball.center.x - 50) / 2.squareRoot()
        #expect(abs(distance - 20) <= 0.5)
    }

    /// Items need not be views: layout-attribute-like objects (the springy chat list's items) in a plain
    /// animator, found again with `items(in:)`, and moved by the app with `updateItem(usingCurrentState:)`.
    @Test func itemsThatAreNotViews() {
        final class LayoutAttributes: UIDynamicItem {
            let indexPath: (section: Int, item: Int)
            var center: CGPoint
            var bounds: CGRect
            var transform = CGAffineTransform.identity
            init(item: Int) {
                indexPath = (0, item)
                center = CGPoint(x: 160, y: 30 + 60 * CGFloat(item))
                bounds = CGRect(x: 0, y: 0, width: 300, height: 50)
            }
        }
        let animator = UIDynamicAnimator()
        #expect(animator.referenceView == nil && animator.referenceBounds.isNull)
        let cells = (0..<20).map(LayoutAttributes.init(item:))
        let props = UIDynamicItemBehavior(items: cells)
        props.allowsRotation = false
        animator.addBehavior(props)
        // layoutAttributesForElements(in:): the visible cells of a 320 × 300 window (fattened by 10 pt, spec §1.1).
        let visible = animator.items(in: CGRect(x: 0, y: 0, width: 320, height: 300))
        #expect(visible.count == 6)  // rows 0–4, plus row 5 whose top is 5 pt below
        #expect((visible.first as? LayoutAttributes)?.indexPath.item == 0)
        // The app moves a cell and tells the animator; the next steps keep it there (nothing else acts).
        cells[3].center.y += 7
        animator.updateItem(usingCurrentState: cells[3])
        runFrames(animator, 3)
        #expect(abs(cells[3].center.y - (30 + 180 + 7)) < 1e-9)
        props.addLinearVelocity(CGPoint(x: 0, y: 120), for: cells[0])
        runFrames(animator, 30)
        #expect(cells[0].center.y > 80)  // ≈ 0.5 s at 120 pt/s, no collisions
    }
}
