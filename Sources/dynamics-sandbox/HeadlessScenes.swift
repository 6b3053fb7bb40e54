import Dynamics
import Foundation

/// The scenes `make run` can show before the sandbox window exists: demos of the seed documents, driven through
/// the UIKit-shaped API exactly as an app would.
@MainActor
enum HeadlessScenes {
    static let all: [HeadlessScene] = [bouncing, stickerPile, gravityAndCollision, pyramid]

    /// Seed 002: an elastic ball (elasticity 1, resistance 0, friction 0) dropped in the reference bounds.
    static let bouncing = HeadlessScene(
        name: "bouncing",
        summary: "seed 002: an elastic ball dropped 400 pt keeps bouncing back to its start height",
        bounds: CGRect(x: 0, y: 0, width: 320, height: 568)
    ) { animator, log in
        let ball = SimpleDynamicItem(center: CGPoint(x: 160, y: 144), size: CGSize(width: 50, height: 50),
                                     collisionBoundsType: .ellipse, name: "ball")
        let collision = CollisionBehavior(items: [ball])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionDelegate = log
        let props = DynamicItemBehavior(items: [ball])
        props.elasticity = 1
        props.resistance = 0
        props.friction = 0
        var lastVy: CGFloat = 0
        var top = ball.center.y
        var bounces = 0
        props.action = { [weak props] in
            guard let props else { return }
            let vy = props.linearVelocity(for: ball).y
            top = min(top, ball.center.y)
            if lastVy < 0 && vy >= 0 {
                bounces += 1
                if bounces <= 3 || bounces % 10 == 0 {
                    log.note(String(format: "bounce %d reached %.2f pt above the floor (dropped from 400.00)",
                                    bounces, 569 - 25 - top))
                }
                top = ball.center.y
            }
            lastVy = vy
        }
        animator.addBehavior(GravityBehavior(items: [ball]))
        animator.addBehavior(collision)
        animator.addBehavior(props)
        return [ball]
    }

    /// Seed 001: 40 stickers of 50 × 50 pt dropped on the same spot (they start overlapping and push apart),
    /// elasticity 0.7, in the reference bounds.
    static let stickerPile = HeadlessScene(
        name: "sticker-pile",
        summary: "seed 001: 40 overlapping stickers fall, push apart, settle, and the animator pauses",
        bounds: CGRect(x: 0, y: 0, width: 375, height: 667)
    ) { animator, log in
        let stickers = (0..<40).map {
            SimpleDynamicItem(frame: CGRect(x: 100, y: 0, width: 50, height: 50), name: "sticker \($0)")
        }
        let collision = CollisionBehavior(items: stickers)
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionDelegate = log
        let props = DynamicItemBehavior(items: stickers)
        props.elasticity = 0.7
        animator.addBehavior(GravityBehavior(items: stickers))
        animator.addBehavior(collision)
        animator.addBehavior(props)
        return stickers
    }

    /// Seed 001: items of random sizes (seeded) dropped at "tap" points into shared gravity and collision.
    static let gravityAndCollision = HeadlessScene(
        name: "gravity-collision",
        summary: "seed 001: twelve items of random sizes dropped at tap points stack up on the floor",
        bounds: CGRect(x: 0, y: 0, width: 375, height: 667)
    ) { animator, log in
        var seed: UInt64 = 1
        func next(_ n: UInt64) -> CGFloat {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return CGFloat((seed >> 33) % n)
        }
        let gravity = GravityBehavior()
        let collision = CollisionBehavior()
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionDelegate = log
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        var items: [SimpleDynamicItem] = []
        for k in 0..<12 {
            let size = CGSize(width: 20 + next(61), height: 40 + next(41))
            let tap = CGPoint(x: 40 + next(295), y: 60 + CGFloat(k % 3) * 90)
            let item = SimpleDynamicItem(center: tap, size: size, name: "item \(k)")
            gravity.addItem(item)
            collision.addItem(item)
            items.append(item)
        }
        return items
    }

    /// Box2D's 20-row pyramid of 40-pt items on an anchored floor item.
    static let pyramid = HeadlessScene(
        name: "pyramid",
        summary: "a 20-row pyramid of 210 items stands, sags about a point, sleeps, and the animator pauses",
        bounds: CGRect(x: 0, y: 0, width: 1200, height: 1000)
    ) { animator, log in
        let ground = SimpleDynamicItem(center: CGPoint(x: 600, y: 950), size: CGSize(width: 1200, height: 100),
                                       name: "floor")
        var items: [SimpleDynamicItem] = []
        for i in 0..<20 {
            for j in i..<20 {
                let x = 600 + CGFloat(i + 1) * 20 + 2 * CGFloat(j - i) * 20 - 400
                items.append(SimpleDynamicItem(center: CGPoint(x: x, y: 900 - CGFloat(2 * i + 1) * 20),
                                               size: CGSize(width: 40, height: 40), name: "box \(items.count)"))
            }
        }
        let collision = CollisionBehavior(items: items + [ground])
        collision.collisionDelegate = log
        let props = DynamicItemBehavior(items: items + [ground])
        props.friction = 0.6
        props.elasticity = 0
        let anchor = DynamicItemBehavior(items: [ground])
        anchor.isAnchored = true
        animator.addBehavior(GravityBehavior(items: items))
        animator.addBehavior(collision)
        animator.addBehavior(props)
        animator.addBehavior(anchor)
        return [items.last!]
    }
}
