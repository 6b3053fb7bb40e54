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
            let view = vc.getLeadingActorView(
                CGRect(origin: point, size: CGSize(width: 50, height: 50)),
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
        let frames = [
            CGRect(x: 20, y: 100, width: 60, height: 60), CGRect(x: 120, y: 200, width: 80, height: 40),
            CGRect(x: 250, y: 400, width: 50, height: 90)
        ]
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
        touchesBegan(at: CGPoint(x: 450, y: 150))  // 300 pt to the right → 1 newton → 100 pt/s
        vc.animator.advance(by: 1.0 / 60)
        let v = probe.linearVelocity(for: square)
        #expect(abs(v.x - 100) <= 0.5 && abs(v.y) < 1e-9, "v \(v)")
        runFrames(vc.animator, 10)
        let before = probe.linearVelocity(for: square)
        touchesBegan(at: CGPoint(x: square.center.x, y: square.center.y - 600))  // 2 newtons up → −200 pt/s
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
            let view = vc.getLeadingActorView(
                CGRect(origin: point, size: CGSize(width: w, height: h)),
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
                let square = getLeadingActorView(
                    CGRect(origin: point, size: CGSize(width: wh % 50, height: wh % 50)),
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

            func collisionBehavior(
                _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
                withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint
            ) {
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
        deviceMotion(gravity: (0, -1))  // upright: 3000 pt/s² down
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
        deviceMotion(gravity: (-1, 0))  // phone on its left side: 3000 pt/s² to the left
        runUntilPaused(vc.animator)
        expectInsideAndApart()
        // With gravity purely to the left nothing presses the stickers together vertically, so the rows of the
        // upright pile slide left as rows (how many end up re-stacked into columns depends on the bounces of
        // elasticity 0.7). What must hold: the pile moved left, and every sticker rests against the left edge or
        // against a sticker on its left (close enough on its left to touch it, below) — none floats.
        let meanX = stickers.map(\.center.x).reduce(0, +) / 40
        #expect(uprightMeanX > 150 && meanX < uprightMeanX - 40, "mean x \(uprightMeanX) → \(meanX)")
        // A turned sticker reaches 25·(|cos θ| + |sin θ|) to the side: two stickers can touch while their centres
        // are up to the sum of their reaches (+ 1 pt of slop and pixel rounding) apart, and two turned ones offset in
        // height interlock closer than 35 pt (measured: a 130° sticker leaning on a 40° one 34 pt to its left).
        func reach(_ v: UIView) -> CGFloat { 25 * (abs(v.transform.a) + abs(v.transform.b)) }
        for s in stickers where s.center.x > reach(s) + 2 {
            let supported = stickers.contains { o in
                let dx = s.center.x - o.center.x
                return dx > 0 && dx <= reach(s) + reach(o) + 1 && abs(s.center.y - o.center.y) < reach(s) + reach(o)
            }
            #expect(
                supported,
                "sticker at \(s.center) (transform a \(s.transform.a), b \(s.transform.b)) has nothing on its left")
        }
    }

    /// 3. Attachment: the square hangs on a soft spring (length 60, 0.3 Hz, damping 0.3) from the anchor view's
    /// center; touches move the anchor. After the anchor jumps 150 pt right the square follows and settles 60 pt from
    /// it, within 1.5 pt once the animator pauses: a 0.3-Hz spring pulls with only (2π·0.3)² ≈ 3.6 pt/s² per point
    /// of stretch, so the square falls asleep (below 1 pt/s for 0.5 s, spec §2.5) up to about 1 pt short.
    @Test func attachmentFollowsTheAnchor() {
        final class AttachViewController: BaseViewController {
            let squareView = UIView(frame: CGRect(x: 137.5, y: 300, width: 100, height: 100))
            let anchorView = UIView(frame: CGRect(x: 177.5, y: 200, width: 20, height: 20))
            var attach: UIAttachmentBehavior!

            func setUp() {
                view.addSubview(squareView)
                view.addSubview(anchorView)
                self.attach = UIAttachmentBehavior(
                    item: self.squareView, offsetFromCenter: UIOffset.zero,
                    attachedToAnchor: self.anchorView.center)
                self.attach.length = 60
                self.attach.frequency = 0.3
                self.attach.damping = 0.3
                self.animator.addBehavior(self.attach)
            }

            func touchesMoved(to point: CGPoint) {
                anchorView.center = point
                attach.anchorPoint = point
            }
        }
        let vc = AttachViewController()
        vc.setUp()
        #expect(vc.attach.attachedBehaviorType == .anchor && vc.attach.items.count == 1)
        runUntilPaused(vc.animator)
        let a0 = vc.anchorView.center, c0 = vc.squareView.center
        #expect(abs(hypot(c0.x - a0.x, c0.y - a0.y) - 60) <= 1.5, "\(c0)")
        vc.touchesMoved(to: CGPoint(x: a0.x + 150, y: a0.y))
        #expect(vc.animator.isRunning)
        runUntilPaused(vc.animator, limit: 6000)
        let a1 = vc.anchorView.center, c1 = vc.squareView.center
        #expect(abs(hypot(c1.x - a1.x, c1.y - a1.y) - 60) <= 1.5, "\(c1)")
        #expect(c1.x > c0.x + 50)
    }

    /// 5. Snap ("摆动"): the first view snaps to a 20 × 20 view's center with damping 1; dragging moves `snapPoint`.
    /// It ends within 0.5 pt of the last point and within 0.001 rad of upright (the snap bound).
    @Test func snapFollowsTheFinger() {
        final class SnapViewController: BaseViewController {
            var snap: UISnapBehavior!

            func setUp() {
                let first = getLeadingActorView(CGRect(x: 150, y: 400, width: 60, height: 60), backgroundColor: .blue)
                view.addSubview(first)
                // 创建一个view
                let view = self.getLeadingActorView(
                    CGRect(x: 20, y: 66, width: 20, height: 20),
                    backgroundColor: self.randomColor())
                self.view.addSubview(view)
                // 创建震动行为,snapPoint是它的作用点
                self.snap = UISnapBehavior(item: self.pointViews.first!, snapTo: view.center)
                self.animator.addBehavior(self.snap)
                // 设置震动量,范围从0到1,默认为0.5
                self.snap.damping = 1
            }

            func touchesMoved(to point: CGPoint) { changeSnapPoint(point) }

            func changeSnapPoint(_ snapPoint: CGPoint) { self.snap.snapPoint = snapPoint }
        }
        let vc = SnapViewController()
        vc.setUp()
        let item = vc.pointViews[0]
        runFrames(vc.animator, 40)
        for step in 1...10 {  // a drag across the screen, one touch every 3 frames
            vc.touchesMoved(to: CGPoint(x: 30 + CGFloat(step) * 25, y: 76 + CGFloat(step) * 40))
            runFrames(vc.animator, 3)
        }
        runUntilPaused(vc.animator)
        let target = vc.snap.snapPoint
        #expect(hypot(item.center.x - target.x, item.center.y - target.y) <= 0.5, "\(item.center) vs \(target)")
        #expect(abs(atan2(item.transform.b, item.transform.a)) <= 0.001)
    }

    /// 9. The springy chat list (iMessage): every cell's layout attributes hang on a zero-length spring (0.5 Hz,
    /// damping 0.8) at its own center, in an animator over layout-attribute objects (no views). Scrolling by `delta`
    /// moves each cell by delta × |touch − anchor|/2000 (at most delta) and calls `updateItem(usingCurrentState:)`;
    /// the springs then bring every cell back to its anchor (within 0.5 pt once the animator pauses), cells far from
    /// the touch having lagged more.
    @Test func springyChatList() {
        final class LayoutAttributes: UIDynamicItem {
            let indexPath: Int
            var center: CGPoint
            var bounds: CGRect
            var transform = CGAffineTransform.identity
            init(indexPath: Int) {
                self.indexPath = indexPath
                center = CGPoint(x: 187.5, y: 25 + 55 * CGFloat(indexPath))
                bounds = CGRect(x: 0, y: 0, width: 355, height: 50)
            }
        }
        @MainActor final class SpringyFlowLayout {
            var animator: UIDynamicAnimator?
            var scrollBounds = CGRect(x: 0, y: 0, width: 375, height: 667)
            var touchLocation = CGPoint(x: 187.5, y: 100)
            let all = (0..<30).map { LayoutAttributes(indexPath: $0) }

            func prepareLayout() {
                if animator == nil {
                    let animator = UIDynamicAnimator()
                    self.animator = animator
                    for item in all {
                        let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
                        spring.length = 0
                        spring.damping = 0.8
                        spring.frequency = 0.5
                        animator.addBehavior(spring)
                    }
                }
            }

            func layoutAttributesForElements(in rect: CGRect) -> [any UIDynamicItem] {
                animator?.items(in: rect) ?? []
            }

            func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
                guard let animator else { return false }
                let scrollDeltaY = newBounds.origin.y - scrollBounds.origin.y
                let scrollDeltaX = newBounds.origin.x - scrollBounds.origin.x
                for case let spring as UIAttachmentBehavior in animator.behaviors {
                    let anchorPoint = spring.anchorPoint
                    let distanceFromTouch = abs(touchLocation.y - anchorPoint.y)
                    let scrollResistance = distanceFromTouch / 2000
                    let item = spring.items.first!
                    var center = item.center
                    center.y +=
                        (scrollDeltaY > 0)
                        ? min(scrollDeltaY, scrollDeltaY * scrollResistance)
                        : max(scrollDeltaY, scrollDeltaY * scrollResistance)
                    let distanceFromTouchX = abs(touchLocation.x - anchorPoint.x)
                    center.x +=
                        (scrollDeltaX > 0)
                        ? min(scrollDeltaX, scrollDeltaX * distanceFromTouchX / 2000)
                        : max(scrollDeltaX, scrollDeltaX * distanceFromTouchX / 2000)
                    item.center = center
                    animator.updateItem(usingCurrentState: item)
                }
                scrollBounds = newBounds
                return false
            }
        }
        let layout = SpringyFlowLayout()
        layout.prepareLayout()
        let animator = layout.animator!
        runUntilPaused(animator)
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 375, height: 667)).count == 13)
        let anchors = layout.all.map(\.center)
        // Scroll down 40 pt with the finger near the top.
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 40, width: 375, height: 667)))
        #expect(animator.isRunning)
        let near = layout.all[2].center.y - anchors[2].y, far = layout.all[25].center.y - anchors[25].y
        #expect(near < 2 && far > 20, "near \(near), far \(far)")
        let frames = runUntilPaused(animator)
        #expect(frames < 1200)
        for (item, anchor) in zip(layout.all, anchors) {
            #expect(hypot(item.center.x - anchor.x, item.center.y - anchor.y) <= 0.5)
        }
    }
}
