import Foundation
import Testing
import UIKitDynamics

/// Seed 000 (Chinese, "谈谈 iOS 中的原生物理引擎——UIDynamic 的应用"): the billiards demo and the API tour.
@MainActor
@Suite("Seed 000 snippets")
struct Seed000Tests {
    /// The demo's screen: a 300 × 200 table (`box`) with a 50 × 50 ball (a rectangle to Dynamics, as in UIKit).
    final class ViewController: SeedViewController {
        let box = UIView(frame: CGRect(x: 37.5, y: 200, width: 300, height: 200))
        let ball = UIView(frame: CGRect(x: 20, y: 20, width: 50, height: 50))

        // --- seed 000, verbatim ---
        var animator: UIDynamicAnimator!
        // 执行动画
        func addCollision() {
        animator = UIDynamicAnimator(referenceView: box)
        // 添加碰撞行为
        let collision = UICollisionBehavior()
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addItem(ball)
        // 添加推动行为
        let push = UIPushBehavior(items: [ball], mode: .instantaneous)
        push.addItem(ball)
        push.pushDirection = .init(dx: 0.5, dy: 0.5)
        push.magnitude = 5
        // 定义元素行为
        let item = UIDynamicItemBehavior(items: [ball])
        item.resistance = 1
        item.elasticity = 0.8
        // 将定义的行为添加到引擎动画中
        animator.addBehavior(push)
        animator.addBehavior(collision)
        animator.addBehavior(item)
        }

        func addAttachment () {
        animator = UIDynamicAnimator(referenceView: box)
        // 添加重力行为
        let gravity = UIGravityBehavior(items: [ball])
        gravity.gravityDirection = .init(dx: 0, dy: 1)
        // 添加附着力行为
        let attachment = UIAttachmentBehavior(item: ball, attachedToAnchor: CGPoint(x: box.frame.width / 2 + 35 , y: box.frame.height / 2))
        attachment.length = 50
        animator.addBehavior(gravity)
        animator.addBehavior(attachment)
        }
        // ---

        override init() {
            super.init()
            view.addSubview(box)
            box.addSubview(ball)
            ball.layer.cornerRadius = 25
        }
    }

    /// The serve: magnitude 5 at 45° on a 0.25-kg ball → 500/0.25 = 2000 pt/s (spec §2.4), less one world step of
    /// resistance 1 (three sub-steps of v ← v/(1 + h/3)): within 0.1 %. The ball then bounces around the table
    /// (elasticity 0.8), never leaves it, and stops (resistance 1 ≈ e^(−t)), so the animator pauses.
    @Test func billiards() {
        let vc = ViewController()
        vc.addCollision()
        let probe = vc.animator.behaviors.compactMap { $0 as? UIDynamicItemBehavior }.first!
        vc.animator.advance(by: 1.0 / 60)
        let v = probe.linearVelocity(for: vc.ball)
        let h = UIDynamicAnimator.worldStepInterval / 3
        let expected = 2000 * pow(1 / (1 + h), 3) / 2.0.squareRoot()
        #expect(abs(Double(v.x) - expected) <= 0.001 * expected && abs(Double(v.y) - expected) <= 0.001 * expected,
                "v \(v), expected \(expected) each")
        var bouncesX = 0, bouncesY = 0, last = v
        var inside = true
        let frames = runUntilPaused(vc.animator) {
            let now = probe.linearVelocity(for: vc.ball)
            if (now.x < 0) != (last.x < 0), abs(last.x) > 1 { bouncesX += 1 }
            if (now.y < 0) != (last.y < 0), abs(last.y) > 1 { bouncesY += 1 }
            last = now
            let c = vc.ball.center
            // Inside the table: the loop is outset by 1 pt; corners of a turning square reach √2·25 from the center.
            if c.x < 25 - 1 || c.x > 275 + 1 || c.y < 25 - 1 || c.y > 175 + 1 { inside = false }
        }
        #expect(inside)
        #expect(bouncesX >= 2 && bouncesY >= 2, "bounces \(bouncesX), \(bouncesY)")   // measured 2 and 4
        #expect(frames < 900, "paused after \(frames) frames")
        #expect(vc.animator.referenceView === vc.box)
    }

    /// The pendulum: a rigid rod (frequency 0) of length 50 from the ball's center to (185, 100). The ball starts
    /// 151 pt away, is pulled onto the 50-pt circle in the first step, then swings: after that the distance stays
    /// 50 within 0.1 pt (the issue's rigid-joint bound) and the ball passes under the anchor both ways.
    @Test func pendulum() {
        let vc = ViewController()
        vc.addAttachment()
        let anchor = CGPoint(x: 185, y: 100)
        runFrames(vc.animator, 10)
        var worst: CGFloat = 0, left = false, right = false
        for _ in 0..<300 {
            vc.animator.advance(by: 1.0 / 60)
            let c = vc.ball.center
            worst = max(worst, abs(hypot(c.x - anchor.x, c.y - anchor.y) - 50))
            if c.x < anchor.x - 20 { left = true }
            if c.x > anchor.x + 20 { right = true }
        }
        #expect(worst <= 0.1, "rod length error \(worst)")
        #expect(left && right)
    }

    /// The API tour: a custom item declared as the article's protocol listing shows, and every member the listings
    /// name for the animator, delegate, item behaviour, base behaviour, collision, gravity and push, used with the
    /// listed types.
    @Test func apiTourCompilesAndRuns() {
        final class Ball: UIDynamicItem {
            var center = CGPoint(x: 100, y: 100)
            var bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            var transform = CGAffineTransform.identity
            var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
        }
        final class Box: UIDynamicItem {
            var center = CGPoint(x: 100, y: 200)
            var bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            var transform = CGAffineTransform.identity
        }
        final class Listener: UIDynamicAnimatorDelegate, UICollisionBehaviorDelegate {
            var log: [String] = []
            func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { log.append("resume") }
            func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { log.append("pause") }
            func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem,
                                   with item2: any UIDynamicItem, at p: CGPoint) { log.append("began items") }
            func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem,
                                   with item2: any UIDynamicItem) { log.append("ended items") }
            func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
                                   withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {
                log.append("began \(identifier.map { "\($0)" } ?? "bounds")")
            }
            func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
                                   withBoundaryIdentifier identifier: (any NSCopying)?) {
                log.append("ended \(identifier.map { "\($0)" } ?? "bounds")")
            }
        }
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        let animator = UIDynamicAnimator(referenceView: view)
        let listener = Listener()
        animator.delegate = listener
        let a = Ball(), b = Box()
        let items: UIDynamicItemBehavior = UIDynamicItemBehavior(items: [a, b])
        items.addItem(a)
        items.removeItem(b)
        items.elasticity = 0.5
        items.friction = 0.3
        items.density = 2
        items.resistance = 0.2
        items.angularResistance = 0.3
        items.charge = 1
        items.isAnchored = false
        items.allowsRotation = true
        items.addLinearVelocity(CGPoint(x: 0, y: 10), for: a)
        items.addAngularVelocity(1, for: a)
        let composite = UIDynamicBehavior()
        composite.addChildBehavior(items)
        var actions = 0
        composite.action = { actions += 1 }
        let collision = UICollisionBehavior(items: [a, b])
        collision.collisionMode = [.items, .boundaries]
        collision.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        collision.addBoundary(withIdentifier: "mid" as NSCopying, from: CGPoint(x: 0, y: 250), to: CGPoint(x: 200, y: 250))
        collision.collisionDelegate = listener
        let gravity = UIGravityBehavior(items: [a, b])
        gravity.setAngle(.pi / 2, magnitude: 1)
        let push = UIPushBehavior(items: [a], mode: .continuous)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 1, vertical: 0), for: a)
        push.setAngle(0, magnitude: 0)
        animator.addBehavior(composite)
        animator.addBehavior(collision)
        animator.addBehavior(gravity)
        animator.addBehavior(push)
        #expect(animator.behaviors.count == 4 && composite.childBehaviors.count == 1)
        #expect(items.dynamicAnimator === animator && animator.referenceView === view)
        let frames = runUntilPaused(animator)
        #expect(frames < 1500)
        #expect(actions == frames && animator.elapsedTime > 0 && !animator.isRunning)
        #expect(listener.log.first == "resume" && listener.log.last == "pause")
        #expect(listener.log.contains("began items") && listener.log.contains("began mid"))
        // The box rests on the segment (center 20 pt above y = 250); the spinning ball landed on the box, rolled off
        // and rests on the segment too; within the 0.5-pt slop each.
        #expect(abs(b.center.y - 230) <= 0.5 && abs(a.center.y - 230) <= 0.5, "\(a.center) \(b.center)")
        #expect(animator.items(in: CGRect(x: 0, y: 0, width: 200, height: 300)).count == 2)
        animator.updateItem(usingCurrentState: a)
        #expect(animator.isRunning)
        animator.removeBehavior(push)
        animator.removeAllBehaviors()
        #expect(animator.behaviors.isEmpty)
    }
}
