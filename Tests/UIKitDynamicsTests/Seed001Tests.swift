import Foundation
import Testing
import UIKitDynamics

/// Seed 001 (Chinese, "最全的iOS物理引擎demo"): the demo app's Objective-C code, translated line by line to Swift
/// (the seed has no Swift). The base controller's lazy properties become Swift `lazy var`s; touches become calls
/// with a point; CoreMotion becomes a list of gravity readings; `arc4random` a seeded generator.
@MainActor
@Suite("Seed 001 demos")
struct Seed001Tests {
    /// BaseViewController: the lazily made animator and shared behaviours.
    class BaseViewController: SeedViewController {
        var pointViews: [UIView] = []
        var random = SeededRandom(seed: 1)

        lazy var animator: UIDynamicAnimator = UIDynamicAnimator(referenceView: self.view)

        lazy var gravity: UIGravityBehavior = {
            let gravity = UIGravityBehavior()
            self.animator.addBehavior(gravity)
            return gravity
        }()

        lazy var collision: UICollisionBehavior = {
            let collision = UICollisionBehavior()
            self.animator.addBehavior(collision)
            collision.translatesReferenceBoundsIntoBoundary = true
            return collision
        }()

        lazy var push: UIPushBehavior = {
            let push = UIPushBehavior()
            push.active = true
            self.animator.addBehavior(push)
            return push
        }()

        lazy var dynamicItem: UIDynamicItemBehavior = {
            let dynamicItem = UIDynamicItemBehavior()
            self.animator.addBehavior(dynamicItem)
            dynamicItem.elasticity = 1
            return dynamicItem
        }()

        func getLeadingActorView(_ frame: CGRect, backgroundColor: UIColor) -> UIView {
            let view = UIView(frame: frame)
            view.backgroundColor = backgroundColor
            pointViews.append(view)
            return view
        }

        func randomColor() -> UIColor { random.color() }
    }

    /// 1. Gravity: a tap adds a red 50 × 50 view at the tap point to the shared gravity. No collision: it falls
    /// for ever and the animator never pauses.
    @Test func gravity() {
        let vc = BaseViewController()
        for point in [CGPoint(x: 50, y: 100), CGPoint(x: 200, y: 50)] {
            let view = vc.getLeadingActorView(CGRect(origin: point, size: CGSize(width: 50, height: 50)),
                                              backgroundColor: .red)
            vc.view.addSubview(view)
            vc.gravity.addItem(view)
        }
        runFrames(vc.animator, 120)
        #expect(vc.animator.isRunning)
        // 2 s of damped fall ≈ 1935 pt (within 0.5 pt of the sub-step reference).
        let fall = dampedFall(from: 0, velocity: 0, worldSteps: 239).y
        #expect(abs(Double(vc.pointViews[0].center.y - 125) - fall) < 0.5)
        #expect(abs(Double(vc.pointViews[1].center.y - 75) - fall) < 0.5)
    }

    /// 2. Collision: views with preset, non-overlapping frames in the shared collision behaviour, no gravity.
    /// Nothing moves; the animator pauses after 31 frames (lone items at rest, spec §2.5).
    @Test func collisionWithoutGravity() {
        let vc = BaseViewController()
        let frames = [CGRect(x: 20, y: 100, width: 60, height: 60), CGRect(x: 120, y: 200, width: 80, height: 40),
                      CGRect(x: 250, y: 400, width: 50, height: 90)]
        for i in 0..<frames.count {
            let view = vc.getLeadingActorView(frames[i], backgroundColor: vc.randomColor())
            vc.view.addSubview(view)
            vc.collision.addItem(view)
        }
        #expect(runUntilPaused(vc.animator) == 31)
        for (view, frame) in zip(vc.pointViews, frames) { #expect(view.frame == frame) }
    }

    /// 4. Push: every touch adds a new instantaneous push on the first square toward the touch, 1 newton per 300 pt.
    /// The square (100 × 100, mass 1) gets Δv = 100·|d|/300 pt/s toward each touch (within 0.5 %: one world step of
    /// the default resistance, 0.08 %); spent pushes stay listed in `behaviors`, as in UIKit.
    @Test func pushTowardTouches() {
        let vc = BaseViewController()
        let square = vc.getLeadingActorView(CGRect(x: 100, y: 100, width: 100, height: 100), backgroundColor: .blue)
        vc.view.addSubview(square)
        let probe = UIDynamicItemBehavior(items: [square])
        vc.animator.addBehavior(probe)
        func touchesBegan(at location: CGPoint) {
            let square = vc.pointViews.first!
            // 创建推力行为
            let push = UIPushBehavior(items: [square], mode: .instantaneous)
            let itemCenter = square.center
            // 设置推力方向
            push.pushDirection = CGVector(dx: (location.x - itemCenter.x) / 300, dy: (location.y - itemCenter.y) / 300)
            vc.animator.addBehavior(push)
        }
        touchesBegan(at: CGPoint(x: 450, y: 150))   // 300 pt to the right → 1 newton → 100 pt/s
        vc.animator.advance(by: 1.0 / 60)
        let v = probe.linearVelocity(for: square)
        #expect(abs(v.x - 100) <= 0.5 && abs(v.y) < 1e-9, "v \(v)")
        runFrames(vc.animator, 10)
        let before = probe.linearVelocity(for: square)
        touchesBegan(at: CGPoint(x: square.center.x, y: square.center.y - 600))   // 2 newtons up → −200 pt/s
        vc.animator.advance(by: 1.0 / 60)
        let after = probe.linearVelocity(for: square)
        #expect(abs((after.y - before.y) - -200) <= 1, "Δv \(after.y - before.y)")
        #expect(vc.animator.behaviors.filter { $0 is UIPushBehavior }.count == 2)
    }

    /// 6. Gravity + collision: each tap drops a view of (20 + r % 61) × (40 + r % 41) pt into the shared gravity and
    /// collision. All come to rest inside the screen (within the 1-pt loop outset and the 0.5-pt slop) and the
    /// animator pauses.
    @Test func gravityPlusCollision() {
        let vc = BaseViewController()
        for i in 0..<12 {
            let point = CGPoint(x: 20 + CGFloat(i % 4) * 85, y: 40 + CGFloat(i / 4) * 90)
            let w = CGFloat(20 + vc.random.next() % 61), h = CGFloat(40 + vc.random.next() % 41)
            let view = vc.getLeadingActorView(CGRect(origin: point, size: CGSize(width: w, height: h)),
                                              backgroundColor: vc.randomColor())
            vc.view.addSubview(view)
            // 为view添加重力效果
            vc.gravity.addItem(view)
            // 为view添加碰撞效果
            vc.collision.addItem(view)
        }
        let frames = runUntilPaused(vc.animator)
        #expect(frames < 1200, "paused after \(frames) frames")
        for view in vc.pointViews {
            let f = view.frame
            #expect(f.minX >= -1.5 && f.maxX <= 376.5 && f.maxY <= 668.5, "\(f)")
        }
    }

    /// 7. Bouncing: every tap makes a new animator with a square of side `wh % 50`, gravity, a collision behaviour
    /// with a boundary "barrier" on the view's bounds *and* the reference-bounds loop, and elasticity 1. The
    /// delegate hears the square hit the barrier; the squares stay on screen. A side of 0 (wh = 100) is UIKit's
    /// "Invalid size" assertion: here a diagnostic, and that animator simply has nothing to move.
    @Test func bouncing() {
        final class BouncingViewController: BaseViewController, UICollisionBehaviorDelegate {
            var animators: [UIDynamicAnimator] = []
            var contacts: [String] = []

            func tap(at point: CGPoint, wh: Int) {
                let square = getLeadingActorView(CGRect(origin: point, size: CGSize(width: wh % 50, height: wh % 50)),
                                                 backgroundColor: randomColor())
                self.view.addSubview(square)
                // 动态媒介
                let animator = UIDynamicAnimator(referenceView: self.view)
                self.animators.append(animator)
                // 重力
                let gravity = UIGravityBehavior(items: [square])
                animator.addBehavior(gravity)
                // 碰撞
                let collision = UICollisionBehavior(items: [square])
                collision.collisionDelegate = self
                collision.addBoundary(withIdentifier: "barrier" as NSCopying, for: UIBezierPath(rect: self.view.bounds))
                collision.translatesReferenceBoundsIntoBoundary = true
                animator.addBehavior(collision)
                // 动力学属性
                let itemBehavior = UIDynamicItemBehavior(items: [square])
                itemBehavior.elasticity = 1
                animator.addBehavior(itemBehavior)
            }

            func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
                                   withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {
                contacts.append(identifier.map { "\($0)" } ?? "bounds")
            }
        }
        let vc = BouncingViewController()
        var diagnostics: [DynamicsDiagnostic] = []
        DynamicsDiagnostics.withHandler({ d in MainActor.assumeIsolated { diagnostics.append(d) } }) {
            vc.tap(at: CGPoint(x: 100, y: 100), wh: 37)
            vc.tap(at: CGPoint(x: 250, y: 300), wh: 124)
            vc.tap(at: CGPoint(x: 50, y: 400), wh: 100)
        }
        // Each of its three behaviours tries to give the zero-size square a body and is refused.
        #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0.kind == .invalidSize })
        #expect(vc.animators.count == 3 && !vc.animators[2].isRunning)
        for _ in 0..<600 { for a in vc.animators { a.advance(by: 1.0 / 60) } }
        #expect(vc.contacts.filter { $0 == "barrier" }.count >= 4)
        for view in vc.pointViews.prefix(2) {
            let c = view.center
            #expect(c.y <= 667 - view.bounds.height / 2 + 0.5 && c.y > 0, "\(c)")
        }
        // Elasticity 1 with energy-keeping restitution: the 37-pt square still bounces after 10 s.
        let high = vc.pointViews[0].center.y
        #expect(high < 667 - 37 / 2 - 1 || vc.animators[0].isRunning)
    }

    /// 8. Sticker pile: 40 image views 50 × 50 at (100, 0), all overlapping, in gravity + collision + item behaviour
    /// (elasticity 0.7). They burst apart, settle inside the screen without overlapping (by more than 1 pt of
    /// penetration), then follow the phone's tilt: CoreMotion's gravity (x, y) sets `gravityDirection = (3x, −3y)`.
    @Test func stickerPile() {
        let vc = BaseViewController()
        for _ in 0..<40 {
            let imageView = UIView()
            imageView.frame = CGRect(x: 100, y: 0, width: 50, height: 50)
            imageView.layer.masksToBounds = true
            imageView.layer.cornerRadius = 25
            vc.view.addSubview(imageView)
            // 添加重力效果
            vc.gravity.addItem(imageView)
            // 碰撞效果
            vc.collision.addItem(imageView)
            vc.dynamicItem.elasticity = 0.7
            // 添加动力学属性
            vc.dynamicItem.addItem(imageView)
        }
        let stickers = vc.view.subviews
        func deviceMotion(gravity: (x: CGFloat, y: CGFloat)) {
            // 设置重力方向
            vc.gravity.gravityDirection = CGVector(dx: gravity.x * 3, dy: -gravity.y * 3)
        }
        deviceMotion(gravity: (0, -1))            // upright: 3000 pt/s² down
        let settled = runUntilPaused(vc.animator)
        #expect(settled < 1500, "settled after \(settled) frames")
        func expectInsideAndApart() {
            for s in stickers {
                #expect(s.center.x >= 25 - 1.5 && s.center.x <= 350 + 1.5 && s.center.y <= 642 + 1.5 && s.center.y >= 0)
            }
            var worst: CGFloat = 0
            for i in 0..<stickers.count {
                for j in (i + 1)..<stickers.count {
                    let a = stickers[i].center, b = stickers[j].center
                    // Two 50-pt squares overlap only if both axes are closer than 50 (turned squares: conservative).
                    let dx = abs(a.x - b.x), dy = abs(a.y - b.y)
                    if dx < 49, dy < 49, stickers[i].transform == .identity, stickers[j].transform == .identity {
                        worst = max(worst, min(50 - dx, 50 - dy))
                    }
                }
            }
            #expect(worst <= 1, "overlap \(worst)")
        }
        expectInsideAndApart()
        let uprightMeanX = stickers.map(\.center.x).reduce(0, +) / 40
        deviceMotion(gravity: (-1, 0))            // phone on its left side: 3000 pt/s² to the left
        runUntilPaused(vc.animator)
        expectInsideAndApart()
        // 13 stickers fit in a 667-pt column: the pile is about 3 columns deep against the left edge.
        let meanX = stickers.map(\.center.x).reduce(0, +) / 40
        #expect(meanX < 120 && uprightMeanX > 150, "mean x \(uprightMeanX) → \(meanX)")
    }
}
