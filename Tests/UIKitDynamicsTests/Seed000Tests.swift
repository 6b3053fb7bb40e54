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

        func addAttachment() {
            animator = UIDynamicAnimator(referenceView: box)
            // 添加重力行为
            let gravity = UIGravityBehavior(items: [ball])
            gravity.gravityDirection = .init(dx: 0, dy: 1)
            // 添加附着力行为
            let attachment = UIAttachmentBehavior(
                item: ball, attachedToAnchor: CGPoint(x: box.frame.width / 2 + 35, y: box.frame.height / 2))
            attachment.length = 50
            animator.addBehavior(gravity)
            animator.addBehavior(attachment)
        }

        // 拉力场
        func addDragField() {
            animator = UIDynamicAnimator(referenceView: box)
            // 添加重力行为
            let gravity = UIGravityBehavior(items: [ball])
            gravity.gravityDirection = .init(dx: 0, dy: 1)
            // 添加拉力场行为
            let field = UIFieldBehavior.dragField()
            field.addItem(ball)
            field.position = CGPoint(x: ball.frame.origin.x, y: ball.frame.origin.y + 100)
            // 力度
            field.strength = 3
            // 场影响的范围
            field.region = .init(size: .init(width: 100, height: 100))
            animator.addBehavior(field)
            animator.addBehavior(gravity)
        }

        // 弹力场
        func addSpringField() {
            animator = UIDynamicAnimator(referenceView: box)
            // 添加重力行为
            let gravity = UIGravityBehavior(items: [ball])
            gravity.gravityDirection = .init(dx: 0, dy: 1)
            // 添加弹力场行为
            let field = UIFieldBehavior.springField()
            field.addItem(ball)
            field.position = CGPoint(x: ball.frame.origin.x, y: ball.frame.origin.y - 100)
            animator.addBehavior(field)
            animator.addBehavior(gravity)
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
        let h = UIDynamicAnimator.worldStepInterval
        let expected = 2000 / (1 + h) / 2.0.squareRoot()
        #expect(
            abs(Double(v.x) - expected) <= 0.001 * expected && abs(Double(v.y) - expected) <= 0.001 * expected,
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
        #expect(bouncesX >= 2 && bouncesY >= 2, "bounces \(bouncesX), \(bouncesY)")  // measured 2 and 4
        #expect(frames < 900, "paused after \(frames) frames")
        #expect(vc.animator.referenceView === vc.box)
    }

    /// The pendulum: a rigid rod (frequency 0) of length 50 from the ball's center to (185, 100). The ball starts
    /// 151 pt away, is pulled onto the 50-pt circle in the first step, then swings: after that the distance stays
    /// 50 within 0.1 pt (the issue's rigid-joint bound) plus the view's write-back rounding (a half pixel in x and
    /// y at the default display scale 2: 0.25·√2 = 0.354 pt, spec §3.6) and the ball passes under the anchor both
    /// ways.
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
        #expect(worst <= 0.1 + 0.354, "rod length error \(worst)")
        #expect(left && right)
    }

    /// The drag field: a 100 × 100 square centred on (20, 120), strength 3, on the 0.25-kg ball falling from a center
    /// of (45, 45). The ball falls freely until its center crosses y = 70 (≈ 224 pt/s), is braked by the quadratic
    /// drag a = −(S/m)·v·|v| = −12·v² m/s² to the terminal speed where 1000 pt/s² = 12·v² + resistance 0.1·v, i.e.
    /// v = (−0.1 + √(0.01 + 480)) / 24 m/s = 90.87 pt/s, and falls freely again below y = 170 ("the ball falls very
    /// slowly inside the field and fast once it leaves it"). Tolerances: the speed over the lower half of the field
    /// within 0.1 % of the terminal speed (the discrete damping and field share the continuous fixed point exactly,
    /// and the approach decays over ≈ 4 pt, so after 50 pt nothing of it is left; measured 7e-6); the acceleration
    /// below the field within 1 % of 1000 − 0.1·v pt/s² (the integrator's sub-step lag); the ball takes more than
    /// three times as long to cross the field as a free fall from the same entry speed would (measured 64 frames
    /// against 16.6).
    @Test func dragField() {
        let vc = ViewController()
        vc.addDragField()
        let probe = UIDynamicItemBehavior(items: [vc.ball])  // reads the velocity; sets no property
        vc.animator.addBehavior(probe)
        let vTerminal = (-0.1 + (0.01 + 480).squareRoot()) / 24 * 100
        var entry: (t: Int, v: Double)?, exit: (t: Int, v: Double)?
        var worstTerminal = 0.0, frame = 0
        var outside: [(v: Double, frame: Int)] = []
        while frame < 240 {
            vc.animator.advance(by: 1.0 / 60)
            frame += 1
            let y = Double(vc.ball.center.y), v = Double(probe.linearVelocity(for: vc.ball).y)
            #expect(abs(vc.ball.center.x - 45) <= 1e-9, "a vertical fall: the field's region and drag act along y")
            if entry == nil, y > 70 { entry = (frame, v) }
            if entry != nil, exit == nil, y >= 170 { exit = (frame, v) }
            if y > 120, y < 168 { worstTerminal = max(worstTerminal, abs(v - vTerminal) / vTerminal) }
            if let e = exit, frame > e.t { outside.append((v, frame)) }
        }
        guard let entry, let exit else {
            Issue.record("the ball never crossed the field")
            return
        }
        #expect(entry.v > 2 * vTerminal, "entry speed \(entry.v)")
        #expect(worstTerminal <= 0.001, "terminal speed off by \(worstTerminal * 100) %")
        // Free fall through the same 100 pt from the entry speed: t = (√(v² + 2·g·d) − v)/g.
        let freeFallFrames = ((entry.v * entry.v + 2 * 1000 * 100).squareRoot() - entry.v) / 1000 * 60
        #expect(Double(exit.t - entry.t) > 3 * freeFallFrames, "\(exit.t - entry.t) frames in the field")
        // Outside again: dv/dt ≈ 1000 − 0.1·v pt/s² from frame to frame.
        for (a, b) in zip(outside, outside.dropFirst()) {
            let accel = (b.v - a.v) * 60, expected = 1000 - 0.1 * (a.v + b.v) / 2
            #expect(abs(accel - expected) <= 0.01 * expected, "acceleration \(accel) at frame \(b.frame)")
        }
        #expect(outside.count > 30)
    }

    /// The spring field at (20, −80), default strength 1 and falloff −1: F = −S·p N on the 0.25-kg ball, so
    /// ω = √(1/0.25) = 2 rad/s, and gravity 10 m/s² moves the rest point down by g/ω² = 2.5 m to (20, 170). The
    /// ball, released at (45, 45), swings about (20, 170) in both axes with the damped period 2π/√(ω² − (c/2)²),
    /// c = resistance 0.1/s (= 3.1424 s), and its amplitude shrinks by e^(−c·T/2) = 0.855 per period. Measured over
    /// 3 periods from the turning points of y: period within 1 % (the issue's field tolerance; the semi-implicit
    /// sub-step adds (ωh)² ≈ 3e-5), midpoint of the swing within 1 pt of 170, amplitude ratio within 2 %, and the x
    /// swing about 20 in phase with y (same ω, same start).
    @Test func springField() {
        let vc = ViewController()
        vc.addSpringField()
        // The turning points are refined from frame samples: a pixel grid finer than the tolerances (views are
        // written back on the grid of `displayScale`, spec §3.6; the default 0.5-pt grid would flatten them).
        vc.animator.displayScale = 1_000_000
        let c = 0.1, omega = 2.0
        let expectedPeriod = 2 * Double.pi / (omega * omega - c * c / 4).squareRoot()
        var ys: [Double] = [], xs: [Double] = []
        let frames = Int(3.3 * expectedPeriod * 60)
        for _ in 0..<frames {
            vc.animator.advance(by: 1.0 / 60)
            ys.append(Double(vc.ball.center.y))
            xs.append(Double(vc.ball.center.x))
        }
        // Turning points of y (top and bottom), refined with a parabola through the three samples around each.
        var turns: [(t: Double, y: Double)] = []
        for i in 1..<(ys.count - 1) where (ys[i] - ys[i - 1]) * (ys[i + 1] - ys[i]) < 0 {
            let a = ys[i - 1], b = ys[i], d = ys[i + 1]
            let offset = 0.5 * (a - d) / (a - 2 * b + d)
            turns.append((Double(i + 1) + offset, b - 0.25 * (a - d) * offset))
        }
        let tops = turns.filter { $0.y < 170 }, bottoms = turns.filter { $0.y > 170 }
        #expect(tops.count >= 3 && bottoms.count >= 3, "turning points \(turns)")
        guard tops.count >= 3, bottoms.count >= 3 else { return }
        let period = (tops[2].t - tops[0].t) / 2 / 60
        #expect(abs(period - expectedPeriod) <= 0.01 * expectedPeriod, "period \(period) s, expected \(expectedPeriod)")
        // Rest point from three successive turning points e0, e1, e2 of a geometrically decaying swing:
        // (e0·e2 − e1²) / (e0 + e2 − 2·e1).
        let e0 = bottoms[0].y, e1 = tops[0].y, e2 = bottoms[1].y
        let midpoint = (e0 * e2 - e1 * e1) / (e0 + e2 - 2 * e1)
        #expect(abs(midpoint - 170) <= 1, "midpoint \(midpoint)")
        let ratio = (bottoms[2].y - 170) / (bottoms[1].y - 170), expectedRatio = exp(-c * expectedPeriod / 2)
        #expect(
            abs(ratio - expectedRatio) <= 0.02 * expectedRatio, "amplitude ratio \(ratio), expected \(expectedRatio)")
        // x: the same motion, amplitude 25 about 20 starting on the other side: x − 20 = −(y − 170)·25/125 at every
        // frame, within 0.5 pt.
        let worstX = zip(xs, ys).map { abs(($0 - 20) + ($1 - 170) / 5) }.max() ?? .infinity
        #expect(worstX <= 0.5, "x off the line through the rest point by \(worstX) pt")
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
            func collisionBehavior(
                _ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem,
                with item2: any UIDynamicItem, at p: CGPoint
            ) { log.append("began items") }
            func collisionBehavior(
                _ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem,
                with item2: any UIDynamicItem
            ) { log.append("ended items") }
            func collisionBehavior(
                _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
                withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint
            ) {
                log.append("began \(identifier.map { "\($0)" } ?? "bounds")")
            }
            func collisionBehavior(
                _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
                withBoundaryIdentifier identifier: (any NSCopying)?
            ) {
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
        collision.addBoundary(
            withIdentifier: "mid" as NSCopying, from: CGPoint(x: 0, y: 250), to: CGPoint(x: 200, y: 250))
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
