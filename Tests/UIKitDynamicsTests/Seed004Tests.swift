import Foundation
import Testing
import UIKitDynamics

/// Seed 004 (Chinese, the 《iOS 组件与框架》 book demos, TYUIKitDynamicsDemo): the Objective-C snippets translated
/// line by line to Swift (the seed has no Swift); tap handlers become calls with a point.
@MainActor
@Suite("Seed 004 demos")
struct Seed004Tests {
    final class ViewController: SeedViewController {
        let imageView_first = UIView(frame: CGRect(x: 137.5, y: 100, width: 100, height: 100))
        let imageView_second = UIView(frame: CGRect(x: 157.5, y: 300, width: 60, height: 60))
        lazy var dynamicAnimator: UIDynamicAnimator = UIDynamicAnimator(referenceView: self.view)

        override init() {
            super.init()
            view.addSubview(imageView_first)
            view.addSubview(imageView_second)
        }
    }

    /// 1. Gravity: `setAngle(M_PI_2, magnitude: 0.3)` → 300 pt/s² straight down, no boundary: after 1 s the view has
    /// fallen 0.3 × the 1-g damped fall, within 0.2 pt (the integration rounding, scaled).
    @Test func gravityAngleAndMagnitude() {
        let vc = ViewController()
        let gravityBehavior = UIGravityBehavior(items: [vc.imageView_first])
        gravityBehavior.setAngle(.pi / 2, magnitude: 0.3)
        vc.dynamicAnimator.addBehavior(gravityBehavior)
        runFrames(vc.dynamicAnimator, 60)
        let expected = 0.3 * dampedFall(from: 0, velocity: 0, worldSteps: 119).y
        #expect(abs(Double(vc.imageView_first.center.y - 150) - expected) < 0.2)
        #expect(abs(vc.imageView_first.center.x - 187.5) < 1e-4)  // float cos(π/2) ≈ −4e-8 · 300 pt/s²
    }

    /// 2. Collision modes with both views in one gravity and one collision behaviour (reference bounds on):
    /// `.items` — the first view lands on the second, both fall through the screen edge (they pass through
    /// boundaries); `.boundaries` — they overlap and both rest on the bottom edge; `.everything` — stacked on the
    /// bottom edge. The second view is centred under the first: with the first 7.5–10 pt off-centre on it, the
    /// engine lets the 100-pt box rock and creep off the 60-pt one within 2 s (reported; 0–5 and 15 pt are stable).
    @Test(arguments: [UICollisionBehavior.Mode.items, .boundaries, .everything])
    func collisionModes(mode: UICollisionBehavior.Mode) {
        let vc = ViewController()
        let views = [vc.imageView_first, vc.imageView_second]
        let gravityBehavior = UIGravityBehavior(items: views)
        let collisionBehavior = UICollisionBehavior(items: views)
        collisionBehavior.collisionMode = mode
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        vc.dynamicAnimator.addBehavior(gravityBehavior)
        vc.dynamicAnimator.addBehavior(collisionBehavior)
        var firstMetSecond = false
        for _ in 0..<240 {
            vc.dynamicAnimator.advance(by: 1.0 / 60)
            if abs(vc.imageView_first.center.y - vc.imageView_second.center.y) < 79 { firstMetSecond = true }
        }
        let a = vc.imageView_first.center.y, b = vc.imageView_second.center.y
        switch mode {
        case .items:
            #expect(a > 667 && b > 667)  // gone through the bottom edge
            #expect(!firstMetSecond)  // but never through each other
        case .boundaries:
            #expect(abs(a - 618) <= 0.5 && abs(b - 638) <= 0.5, "\(a), \(b)")
        default:
            #expect(abs(b - 638) <= 0.5 && abs(a - 558) <= 1, "\(a), \(b)")
        }
    }

    /// 6. Push on tap: magnitude = min(distance from the view's middle, 100)/100, angle toward the tap, `active`
    /// set again on every tap (one reusable instantaneous push). Each tap adds Δv = 100·magnitude/mass toward the
    /// tap (mass 1), within 0.5 % (one world step of the default resistance, 0.08 %).
    @Test func pushTowardTap() {
        let vc = ViewController()
        let pushBehavior = UIPushBehavior(items: [vc.imageView_first], mode: .instantaneous)
        pushBehavior.active = false
        let collisionBehavior = UICollisionBehavior(items: [vc.imageView_first])
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        let probe = UIDynamicItemBehavior(items: [vc.imageView_first])
        vc.dynamicAnimator.addBehavior(pushBehavior)
        vc.dynamicAnimator.addBehavior(collisionBehavior)
        vc.dynamicAnimator.addBehavior(probe)
        func tapMethod(_ locationPoint: CGPoint) {
            let view: UIView = vc.view
            // 参考点
            let oriPoint = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
            // 勾股定理求出距离
            var distance = CGFloat(
                sqrt(
                    pow(Double(locationPoint.x - oriPoint.x), 2.0)
                        + pow(Double(locationPoint.y - oriPoint.y), 2.0)))
            // 根据参考点求出角度.从而确定推力的方向
            let angle = atan2(locationPoint.y - oriPoint.y, locationPoint.x - oriPoint.x)
            distance = min(distance, 100.0)
            pushBehavior.magnitude = distance / 100.0
            pushBehavior.angle = angle
            pushBehavior.active = true
        }
        tapMethod(CGPoint(x: 187.5 + 30, y: 333.5 + 40))  // 50 pt away: magnitude 0.5 at atan2(40, 30)
        runFrames(vc.dynamicAnimator, 1)
        let v1 = probe.linearVelocity(for: vc.imageView_first)
        #expect(abs(v1.x - 30) <= 0.15 && abs(v1.y - 40) <= 0.2, "v \(v1)")
        #expect(!pushBehavior.active)
        tapMethod(CGPoint(x: 187.5 - 300, y: 333.5))  // far left: magnitude 1 (clamped), angle π
        runFrames(vc.dynamicAnimator, 1)
        let v2 = probe.linearVelocity(for: vc.imageView_first)
        #expect(abs((v2.x - v1.x) - -100) <= 0.5, "Δv \(v2.x - v1.x)")
    }

    /// 7. Item properties: elasticity 1, no rotation, angular resistance 0, density 3, friction 0.5, resistance 0.5.
    /// Mass 3 (100 × 100 at density 3): a 1-newton impulse gives 33.3 pt/s; the view never turns while bouncing
    /// off the walls; and resistance 0.5 is a damping rate, not a stop: ≈ e^(−0.5) = 61 % of the speed is left after
    /// 1 s of free flight (within 0.5 %: the discrete v/(1 + h·c) compounding).
    @Test func itemProperties() {
        let vc = ViewController()
        let dynamicItemBehavior = UIDynamicItemBehavior(items: [vc.imageView_first])
        dynamicItemBehavior.elasticity = 1.0
        dynamicItemBehavior.allowsRotation = false
        dynamicItemBehavior.angularResistance = 0.0
        dynamicItemBehavior.density = 3.0
        dynamicItemBehavior.friction = 0.5
        dynamicItemBehavior.resistance = 0.5
        let push = UIPushBehavior(items: [vc.imageView_first], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        vc.dynamicAnimator.addBehavior(dynamicItemBehavior)
        vc.dynamicAnimator.addBehavior(push)
        runFrames(vc.dynamicAnimator, 1)
        let v0 = dynamicItemBehavior.linearVelocity(for: vc.imageView_first).x
        // 33.33 pt/s less the first world step's damping, once per world step (spec §3.2): v ← v/(1 + h·0.5).
        let h = UIDynamicAnimator.worldStepInterval
        #expect(abs(Double(v0) - 100.0 / 3 / (1 + 0.5 * h)) <= 0.01, "v \(v0)")
        runFrames(vc.dynamicAnimator, 60)  // 120 more world steps = 1.0 s
        let v1 = dynamicItemBehavior.linearVelocity(for: vc.imageView_first).x
        let ratio = Double(v1 / v0)
        #expect(abs(ratio - exp(-0.5 * 120 * UIDynamicAnimator.worldStepInterval)) <= 0.005, "ratio \(ratio)")
        // Bouncing in a box with gravity: never turns.
        let gravity = UIGravityBehavior(items: [vc.imageView_first])
        gravity.angle = 1.2
        let walls = UICollisionBehavior(items: [vc.imageView_first])
        walls.translatesReferenceBoundsIntoBoundary = true
        vc.dynamicAnimator.addBehavior(gravity)
        vc.dynamicAnimator.addBehavior(walls)
        var turned = false
        for _ in 0..<300 {
            vc.dynamicAnimator.advance(by: 1.0 / 60)
            if vc.imageView_first.transform != .identity { turned = true }
        }
        #expect(!turned)
    }

    /// 3–4. Attachment and spring: the second view hangs from the first view's center. As a rigid rod (frequency 0)
    /// under gravity its distance stays the initial 150 pt (within 0.1 pt) while it swings; as the book's spring
    /// (frequency 1, damping 0.1, length 100) it bobs at 1 Hz: the time between its first two lowest points is 1 s
    /// within 2 frames (the frame clock's resolution; damping 0.1 lowers the frequency by only 0.5 %).
    @Test(arguments: [false, true])
    func attachmentAndSpring(spring: Bool) {
        let vc = ViewController()
        vc.imageView_second.center = CGPoint(x: spring ? 187.5 : 287.5, y: spring ? 330 : 150 + 111.8)
        let attachmentBehavior = UIAttachmentBehavior(
            item: vc.imageView_second,
            attachedToAnchor: CGPoint(
                x: vc.imageView_first.center.x,
                y: vc.imageView_first.center.y))
        if spring {
            attachmentBehavior.frequency = 1.0  // 设置振动频率
            attachmentBehavior.damping = 0.1  // 熨平动画的峰值
            attachmentBehavior.length = 100.0  // 设置连接的长度
        }
        vc.dynamicAnimator.addBehavior(attachmentBehavior)
        vc.dynamicAnimator.addBehavior(UIGravityBehavior(items: [vc.imageView_second]))
        let anchor = attachmentBehavior.anchorPoint
        func distance() -> CGFloat {
            hypot(vc.imageView_second.center.x - anchor.x, vc.imageView_second.center.y - anchor.y)
        }
        var ys: [CGFloat] = [], worst: CGFloat = 0
        for _ in 0..<180 {
            vc.dynamicAnimator.advance(by: 1.0 / 60)
            ys.append(vc.imageView_second.center.y)
            worst = max(worst, abs(distance() - 150))
        }
        if spring {
            let lows = (1..<(ys.count - 1)).filter { ys[$0] > ys[$0 - 1] && ys[$0] >= ys[$0 + 1] }
            #expect(lows.count >= 2)
            let period = Double(lows[1] - lows[0]) / 60
            #expect(abs(period - 1) <= 2.0 / 60, "period \(period) s")
        } else {
            #expect(abs(attachmentBehavior.length - 150) < 0.01)
            // 0.1 pt for the rod plus the view's write-back rounding (half a pixel in x and y at display scale 2).
            #expect(worst <= 0.1 + 0.354, "rod error \(worst)")
        }
    }

    /// 5. Snap on tap: all behaviours are removed, then a snap with damping 0.75 pulls the first view to the tap.
    /// It ends within 0.5 pt of the point and within 0.001 rad of upright, and the animator pauses.
    @Test func snapOnTap() {
        let vc = ViewController()
        vc.dynamicAnimator.addBehavior(UIGravityBehavior(items: [vc.imageView_first]))
        runFrames(vc.dynamicAnimator, 20)
        func tapMethod(_ point: CGPoint) {
            let snapBehavior = UISnapBehavior(item: vc.imageView_first, snapTo: point)
            snapBehavior.damping = 0.75
            vc.dynamicAnimator.removeAllBehaviors()
            vc.dynamicAnimator.addBehavior(snapBehavior)
        }
        tapMethod(CGPoint(x: 80, y: 500))
        runFrames(vc.dynamicAnimator, 30)
        tapMethod(CGPoint(x: 300, y: 150))
        #expect(vc.dynamicAnimator.behaviors.count == 1)
        let log = PauseLog()
        vc.dynamicAnimator.delegate = log
        let frames = runUntilPaused(vc.dynamicAnimator)
        #expect(frames < 600 && log.events == ["pause"])
        let c = vc.imageView_first.center
        #expect(hypot(c.x - 300, c.y - 150) <= 0.5, "\(c)")
        #expect(abs(atan2(vc.imageView_first.transform.b, vc.imageView_first.transform.a)) <= 0.001)
    }
}
