import Foundation
import Testing
import UIKitDynamics

/// The iOS 9 part of the API under UIKit's names, as ported code spells it: `UIDynamicItemGroup`, `UIFloatRange`,
/// `UIRegion`, `UIAttachmentBehaviorType`, `UICollisionBehaviorMode`, `UIPushBehaviorMode`, and the `UIBezierPath`
/// shapes and path building. None of the seeds uses them, so they get their own compile-and-run test.
@MainActor
@Suite("UIKit names not used by the seeds")
struct UINamesTests {
    /// Two views in a `UIDynamicItemGroup` under gravity fall as one body: their offset stays (100, 0) to 1e-9 pt,
    /// and each falls like a lone item (the damped fall of Support.swift, same integrator), up to the group's
    /// write-back rounding: a group is written like a view, on the 0.5-pt pixel grid of the default display scale 2
    /// (spec §1.4), so within 0.25 pt + 0.01.
    @Test func itemGroupFallsAsOneBody() {
        let screen = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        let left = UIView(frame: CGRect(x: 50, y: 50, width: 40, height: 40))
        let right = UIView(frame: CGRect(x: 150, y: 50, width: 40, height: 40))
        screen.addSubview(left)
        screen.addSubview(right)
        let animator = UIDynamicAnimator(referenceView: screen)
        let group: UIDynamicItemGroup = UIDynamicItemGroup(items: [left, right])
        #expect(group.items.count == 2 && group.center == CGPoint(x: 120, y: 70))
        animator.addBehavior(UIGravityBehavior(items: [group]))
        runFrames(animator, 30)  // 59 world steps: the first frame takes one
        #expect(abs(right.center.x - left.center.x - 100) <= 1e-9 && abs(right.center.y - left.center.y) <= 1e-9)
        let expected = dampedFall(from: 70, velocity: 0, worldSteps: 59).y
        #expect(abs(Double(left.center.y) - expected) <= 0.26, "y \(left.center.y), expected \(expected)")
        #expect(group.center.y * 2 == (group.center.y * 2).rounded())
    }

    /// The value types and enums under their UI names, with UIKit's defaults and meanings.
    @Test func valueTypesAndEnums() {
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let b = UIView(frame: CGRect(x: 60, y: 0, width: 40, height: 40))
        let pin = UIAttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 50, y: 20))
        #expect(pin.attachmentRange == UIFloatRange.infinite && pin.attachmentRange.isInfinite)
        pin.attachmentRange = UIFloatRange(minimum: -0.5, maximum: 0.5)
        #expect(pin.attachmentRange.minimum == -0.5 && !pin.attachmentRange.isInfinite && !UIFloatRange.zero.isInfinite)
        let itemsType: UIAttachmentBehaviorType = pin.attachedBehaviorType
        #expect(itemsType == .items)
        #expect(
            UIAttachmentBehavior(item: a, attachedToAnchor: .zero).attachedBehaviorType
                == UIAttachmentBehavior.AttachmentType.anchor)
        let mode: UICollisionBehaviorMode = [.items, .boundaries]
        #expect(
            UICollisionBehavior.Mode.everything.contains(mode) && UICollisionBehavior().collisionMode == .everything)
        let pushMode: UIPushBehaviorMode = .instantaneous
        #expect(UIPushBehavior(items: [a], mode: pushMode).mode == UIPushBehavior.Mode.instantaneous)
        // UIRegion: a 50-pt disc ∪ a 200 × 20 bar, as a field's region.
        let field = UIFieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1))
        #expect(field.region === UIRegion.infinite)
        field.region = UIRegion(radius: 50).union(with: UIRegion(size: CGSize(width: 200, height: 20)))
        #expect(field.region.contains(CGPoint(x: 0, y: 50)) && field.region.contains(CGPoint(x: 99, y: 0)))
        #expect(!field.region.contains(CGPoint(x: 100, y: 0)) && !field.region.contains(CGPoint(x: 40, y: 40)))
        #expect(!UIRegion.infinite.inverse().contains(.zero))
        #expect(
            UIRegion(size: CGSize(width: 10, height: 10)).intersection(with: UIRegion(radius: 5)).contains(
                CGPoint(x: 0, y: 4.9)))
        #expect(UIRegion(radius: 5).difference(from: UIRegion(radius: 2)).contains(CGPoint(x: 3, y: 0)))
        #expect(!UIRegion(radius: 5).difference(from: UIRegion(radius: 2)).contains(CGPoint(x: 1, y: 0)))
    }

    /// `UIBezierPath(rect:)`, `(ovalIn:)`, `(roundedRect:cornerRadius:)` and a path built with move/line/curve/
    /// close as collision boundaries: stored and returned as given, and a 20 × 20 view dropped inside the rounded
    /// rectangle rests on its flat bottom (center 10 pt above y = 500, within the 0.5-pt contact slop).
    @Test func bezierPathsAsBoundaries() {
        let screen = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        let box = UIView(frame: CGRect(x: 190, y: 350, width: 20, height: 20))
        screen.addSubview(box)
        let animator = UIDynamicAnimator(referenceView: screen)
        let collision = UICollisionBehavior(items: [box])
        let rounded = UIBezierPath(roundedRect: CGRect(x: 100, y: 300, width: 200, height: 200), cornerRadius: 20)
        let bowl = UIBezierPath()
        bowl.move(to: CGPoint(x: 0, y: 0))
        bowl.addLine(to: CGPoint(x: 40, y: 0))
        bowl.addCurve(
            to: CGPoint(x: 40, y: 40), controlPoint1: CGPoint(x: 60, y: 10), controlPoint2: CGPoint(x: 60, y: 30))
        bowl.addQuadCurve(to: CGPoint(x: 0, y: 40), controlPoint: CGPoint(x: 20, y: 60))
        bowl.close()
        collision.addBoundary(withIdentifier: "rounded" as NSCopying, for: rounded)
        collision.addBoundary(
            withIdentifier: "oval" as NSCopying, for: UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 50, height: 30)))
        collision.addBoundary(
            withIdentifier: "rect" as NSCopying, for: UIBezierPath(rect: CGRect(x: 0, y: 550, width: 50, height: 10)))
        collision.addBoundary(withIdentifier: "bowl" as NSCopying, for: bowl)
        #expect(collision.boundary(withIdentifier: "rounded" as NSCopying) == rounded)
        #expect(collision.boundary(withIdentifier: "bowl" as NSCopying) == bowl)
        #expect(collision.boundaryIdentifiers?.count == 4)
        let ovalBounds = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 50, height: 30)).bounds
        #expect(abs(ovalBounds.width - 50) < 1e-9 && abs(ovalBounds.height - 30) < 1e-9)
        animator.addBehavior(UIGravityBehavior(items: [box]))
        animator.addBehavior(collision)
        let frames = runUntilPaused(animator)
        #expect(frames < 3000)
        #expect(abs(box.center.y - 490) <= 0.5 && abs(box.center.x - 200) <= 0.5, "at \(box.center)")
    }
}
