import Foundation
import Testing
import UIKitDynamics

/// Seed 003 (Chinese, Swift 1.2 code): the gravity / barrier / collision-delegate view controller. The Swift 1.2
/// spellings are migrated as Xcode's migrator does (`CGRectMake` → `CGRect(x:y:width:height:)`,
/// `UIColor.cyanColor()` → `.cyan`, `addBoundaryWithIdentifier(_:forPath:)` → `addBoundary(withIdentifier:for:)`,
/// the delegate method's Swift 3 name); the article's garbled `CGRectMake(100,100, 100)` is the 100 × 100 square at
/// (100, 100) its text describes; `UIView.animateWithDuration` (UIKit drawing) sets the colour directly.
@MainActor
@Suite("Seed 003 view controller")
struct Seed003Tests {
    final class ViewController: SeedViewController, UICollisionBehaviorDelegate {
        var contacts: [String] = []

        // --- seed 003, migrated ---
        // UIKit物理引擎
        var animator: UIDynamicAnimator!
        // 重力行为
        var gravity: UIGravityBehavior!
        // 碰撞行为
        var collision: UICollisionBehavior!
        var firstContact = false
        var square: UIView!
        var snap: UISnapBehavior!
        override func viewDidLoad() {
            super.viewDidLoad()
            square = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
            square.backgroundColor = UIColor.cyan
            self.view.addSubview(square)
            let barrier = UIView(frame: CGRect(x: 0, y: 300, width: 140, height: 20))
            barrier.backgroundColor = UIColor.red
            self.view.addSubview(barrier)
            // 实现化UIKit物理引擎类,作用域ViewController的View
            animator = UIDynamicAnimator(referenceView: self.view)
            // 实例化重力行为类,目前只作用于刚才创建的正方形View
            gravity = UIGravityBehavior(items: [square])
            // 角度
            gravity.angle = 1.6
            // 速率
            // gravity.magnitude = 0.1
            // 将重力行为添加到UIKit物理引擎类中
            animator.addBehavior(gravity)
            // 实例化碰撞行为类,目前只作用于刚才创建的正方形View
            collision = UICollisionBehavior(items: [square])
            collision.collisionDelegate = self
            collision.addBoundary(withIdentifier: "barrier" as NSCopying, for: UIBezierPath(rect: barrier.frame))
            // 将参考视图的边界作为碰撞边界
            collision.translatesReferenceBoundsIntoBoundary = true
            // 将碰撞行为添加到UIKit物理引擎类中
            animator.addBehavior(collision)
            let itemBehavIoUr = UIDynamicItemBehavior(items: [square])
            itemBehavIoUr.elasticity = 0.6
            itemBehavIoUr.density = 1
            itemBehavIoUr.resistance = 0
            itemBehavIoUr.angularResistance = 0
            itemBehavIoUr.allowsRotation = true
            animator.addBehavior(itemBehavIoUr)
        }

        func collisionBehavior(
            _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
            withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint
        ) {
            contacts.append(identifier.map { "\($0)" } ?? "bounds")
            let collidingView = item as! UIView
            collidingView.backgroundColor = UIColor.yellow
            collidingView.backgroundColor = UIColor.gray  // end state of the 0.3-s UIView animation
            if !firstContact {
                firstContact = true
                let square = UIView(frame: CGRect(x: 30, y: 0, width: 100, height: 100))
                square.backgroundColor = UIColor.gray
                self.view.addSubview(square)
                collision.addItem(square)
                gravity.addItem(square)
                let attach = UIAttachmentBehavior(item: collidingView, attachedTo: square)
                animator.addBehavior(attach)
            }
        }

        func touchesEnded(at location: CGPoint) {
            if snap != nil {
                animator.removeBehavior(snap)
            }
            snap = UISnapBehavior(item: square, snapTo: location)
            animator.addBehavior(snap)
        }
        // ---
    }

    /// Gravity 1.6 rad (slightly left of down). The square first hits the barrier (the delegate hears "barrier");
    /// that first contact spawns a second square at (30, 0), adds it to gravity and collision and ties the two
    /// together with a rigid item–item attachment (the two may collide, spec §1.8). After 10 s both are inside the
    /// screen with the rod's length kept (within 0.5 pt). Then taps snap the first square (a new snap replacing the
    /// old): the rod holds it at its length from the second square, so it ends as close to the tap point as the rod
    /// allows — at least |rod − distance(tap, second square)| away and within 3 pt of it (see the last check).
    @Test func barrierDelegateAndSpawn() {
        let vc = ViewController()
        vc.viewDidLoad()
        runFrames(vc.animator, 600)
        #expect(vc.contacts.first == "barrier")
        #expect(vc.contacts.contains("bounds"))
        #expect(vc.firstContact && vc.view.subviews.count == 3)
        #expect(vc.square.backgroundColor == .gray)
        let spawned = vc.view.subviews[2]
        let attach = vc.animator.behaviors.compactMap { $0 as? UIAttachmentBehavior }.first!
        #expect(attach.items.count == 2 && attach.attachedBehaviorType == .items)
        let rod = attach.length
        func distance() -> CGFloat {
            hypot(vc.square.center.x - spawned.center.x, vc.square.center.y - spawned.center.y)
        }
        #expect(abs(distance() - rod) <= 0.5, "rod \(rod), distance \(distance())")
        for v in [vc.square!, spawned] {
            #expect(v.frame.minX >= -2 && v.frame.maxX <= 377 && v.frame.maxY <= 669, "\(v.frame)")
        }
        #expect(vc.gravity.items.count == 2 && vc.collision.items.count == 2)
        // Tap twice: the second snap replaces the first.
        vc.touchesEnded(at: CGPoint(x: 250, y: 200))
        runFrames(vc.animator, 30)
        vc.touchesEnded(at: CGPoint(x: 200, y: 250))
        #expect(vc.animator.behaviors.filter { $0 is UISnapBehavior }.count == 1)
        runFrames(vc.animator, 600)
        let reach = abs(rod - hypot(spawned.center.x - 200, spawned.center.y - 250))
        let miss = hypot(vc.square.center.x - 200, vc.square.center.y - 250)
        // The rod makes reach a lower bound (triangle inequality). The snap's corner springs (rest length 50 pt)
        // couple position and rotation, so a square the rod keeps from the ghost settles turned (about 14° here)
        // and a little off the nearest point of the rod's circle, and gravity sags it: within 3 pt of the bound.
        #expect(miss >= reach - 0.5 && miss - reach <= 3, "missed the tap by \(miss), the rod allows \(reach)")
        #expect(abs(distance() - rod) <= 0.5)
    }
}
