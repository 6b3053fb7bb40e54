import Dynamics
import Foundation

/// Scenes built on attachments and snap: seed 000's pendulum, seed 001's attachment, snap and springy list, seed
/// 004's springs, and the sandbox's Newton's cradle, flung card and chain.
extension SceneCatalog {
    static let seed000: [SceneDescriptor] = [pendulum]

    /// Seed 000: gravity (0, 1) on a ball attached to (box.width / 2 + 35, box.height / 2) with length 50: a rigid
    /// rod (frequency 0).
    static let pendulum = SceneDescriptor(
        name: "pendulum", source: "seed 000", category: .joints,
        summary: "a ball on a rigid 50-pt rod (attachment, frequency 0) swings under gravity"
    ) { w in
        let anchor = CGPoint(x: w.bounds.midX + 35, y: w.bounds.midY)
        let ball = w.add(
            SandboxItem(
                center: CGPoint(x: anchor.x - 50, y: anchor.y), size: CGSize(width: 30, height: 30),
                shape: .ellipse, color: Build.color(1), name: "ball"))
        Build.gravity(w, [ball])
        let rod = AttachmentBehavior(item: ball, attachedToAnchor: anchor)
        rod.length = 50
        w.animator.addBehavior(rod)
    }

    /// Seed 001: a square on a soft spring (length 60, frequency 0.3 Hz, damping 0.3) to an anchor view; a tap
    /// moves the anchor there.
    static let attachment = SceneDescriptor(
        name: "attachment", source: "seed 001", category: .joints,
        summary: "a square on a soft spring (60 pt, 0.3 Hz, damping 0.3); tap to move the anchor"
    ) { w in
        let anchorPoint = CGPoint(x: w.bounds.midX, y: 160)
        let anchorView = w.add(
            SandboxItem(
                center: anchorPoint, size: CGSize(width: 16, height: 16), shape: .ellipse,
                color: .grey, name: "anchor view"))
        let square = w.add(
            SandboxItem(
                center: CGPoint(x: anchorPoint.x + 140, y: anchorPoint.y + 60),
                size: CGSize(width: 60, height: 60), color: Build.color(0), name: "square"))
        let spring = AttachmentBehavior(item: square, offsetFromCenter: .zero, attachedToAnchor: anchorPoint)
        spring.length = 60
        spring.frequency = 0.3
        spring.damping = 0.3
        w.animator.addBehavior(spring)
        Build.walls(w, [square])
        w.onTap = { p in
            spring.anchorPoint = p
            anchorView.center = p
            return true
        }
    }

    /// Seed 001's "摆动": a 20 × 20 view at (20, 66) snapped (damping 1) to its own centre; a tap moves the snap
    /// point (iOS 9's `snapPoint`).
    static let snap = SceneDescriptor(
        name: "snap", source: "seed 001", category: .joints,
        summary: "a 20x20 view snapped with damping 1; tap to move the snap point and watch it follow"
    ) { w in
        let view = w.add(
            SandboxItem(
                frame: CGRect(x: 20, y: 66, width: 20, height: 20), color: Build.color(3),
                name: "view"))
        let s = SnapBehavior(item: view, snapTo: view.center)
        s.damping = 1
        w.animator.addBehavior(s)
        // Start it moving: the snap point jumps to the middle.
        s.snapPoint = CGPoint(x: w.bounds.midX, y: w.bounds.midY)
        w.onTap = { p in
            s.snapPoint = p
            return true
        }
    }

    /// Seed 001's iMessage list: every row hangs on a zero-length spring (damping 0.8, frequency 0.5) at its
    /// layout position. Scrolling (up/down arrows) moves the anchors; rows far from the touch (the middle) lag by
    /// |touch − anchor| / 2000 of the scroll, then spring back.
    static let springyList = SceneDescriptor(
        name: "springy-list", source: "seed 001", category: .joints,
        summary: "chat bubbles on zero-length springs lag and wobble as the list scrolls (up/down arrows)"
    ) { w in
        let rowH: CGFloat = 44, count = Int(w.bounds.height / (rowH + 8)) + 6
        var springs: [(AttachmentBehavior, SandboxItem)] = []
        for k in 0..<count {
            let width: CGFloat = 180 + CGFloat(w.random.below(180))
            let left = k % 3 != 1
            let x = left ? 24 + width / 2 : w.bounds.maxX - 24 - width / 2
            let y = 30 + CGFloat(k) * (rowH + 8)
            let row = w.add(
                SandboxItem(
                    center: CGPoint(x: x, y: y), size: CGSize(width: width, height: rowH),
                    color: left ? SceneColor(hex: 0x3A_3F_48) : SceneColor(hex: 0x2F_7B_F6),
                    cornerRadius: 18, name: "bubble \(k)"))
            let spring = AttachmentBehavior(item: row, attachedToAnchor: row.center)
            spring.length = 0
            spring.damping = 0.8
            spring.frequency = 0.5
            w.animator.addBehavior(spring)
            springs.append((spring, row))
        }
        var offset: CGFloat = 0
        w.onFrame = { dt in
            let speed = 700 * w.tilt.dy
            guard abs(speed) > 0.01 else { return }
            let contentHeight = CGFloat(count) * (rowH + 8) + 30
            let delta = max(-offset, min(contentHeight - w.bounds.height - offset, speed * CGFloat(dt)))
            guard delta != 0 else { return }
            offset += delta
            let touch = CGPoint(x: w.bounds.midX, y: w.bounds.midY)
            for (spring, row) in springs {
                var anchor = spring.anchorPoint
                anchor.y -= delta
                spring.anchorPoint = anchor
                let resistance = abs(touch.y - anchor.y) / 2000
                let shift = -delta
                row.center.y += shift > 0 ? min(shift, shift * resistance) : max(shift, shift * resistance)
                w.animator.updateItem(usingCurrentState: row)
            }
        }
    }

    /// Seed 004: attachment `init(item: second, attachedToAnchor: first.center)` as a spring (frequency 1.0,
    /// damping 0.1, length 100) with gravity.
    static let bookSprings = SceneDescriptor(
        name: "book-springs", source: "seed 004", category: .joints,
        summary: "a view on a bouncy spring (1 Hz, damping 0.1, 100 pt) to another view's center, with gravity"
    ) { w in
        let first = w.add(
            SandboxItem(
                center: CGPoint(x: w.bounds.midX, y: 120), size: CGSize(width: 40, height: 40),
                color: .grey, name: "first"))
        let second = w.add(
            SandboxItem(
                center: CGPoint(x: w.bounds.midX + 120, y: 160),
                size: CGSize(width: 60, height: 60), color: Build.color(5), name: "second"))
        let spring = AttachmentBehavior(item: second, attachedToAnchor: first.center)
        spring.frequency = 1.0
        spring.damping = 0.1
        spring.length = 100
        w.animator.addBehavior(spring)
        Build.gravity(w, [second])
    }

    /// Five 40-pt balls on 200-pt rigid rods, hanging 3 pt apart; the first pulled out 60°: elasticity 1, no
    /// resistance or friction, so the impact passes through the row (one ball out, one ball in). The gap is what a
    /// rigid-body engine needs: Box2D — and so UIKit — resolves one impact at a time, and a row of touching balls
    /// shares the blow among several of them instead of passing it on.
    static let newtonsCradle = SceneDescriptor(
        name: "newtons-cradle", source: "sandbox", category: .joints,
        summary: "Newton's cradle: five elastic balls on rigid rods pass the impact down the row"
    ) { w in
        let d: CGFloat = 40, rod: CGFloat = 200, gap: CGFloat = 3
        let top = CGPoint(x: w.bounds.midX - 2 * (d + gap), y: 120)
        var balls: [SandboxItem] = []
        for k in 0..<5 {
            let anchor = CGPoint(x: top.x + CGFloat(k) * (d + gap), y: top.y)
            let angle: CGFloat = k == 0 ? -.pi / 3 : 0
            let center = CGPoint(x: anchor.x + rod * sin(angle), y: anchor.y + rod * cos(angle))
            let ball = w.add(
                SandboxItem(
                    center: center, size: CGSize(width: d, height: d), shape: .ellipse,
                    color: Build.color(k + 1), name: "ball \(k)"))
            balls.append(ball)
            let a = AttachmentBehavior(item: ball, attachedToAnchor: anchor)
            a.length = rod
            w.animator.addBehavior(a)
        }
        Build.gravity(w, balls)
        let c = CollisionBehavior(items: balls)
        w.animator.addBehavior(c)
        w.collision = c
        Build.properties(w, balls) {
            $0.elasticity = 1
            $0.resistance = 0
            $0.friction = 0
            $0.angularResistance = 0
        }
    }

    /// A card flung at 2500 pt/s toward the right edge; 0.35 s later a snap (damping 0.5) brings it back to the
    /// middle — the "dismiss, then undo" gesture.
    static let cardFling = SceneDescriptor(
        name: "card-fling", source: "sandbox", category: .joints,
        summary: "a card flung off-screen at 2500 pt/s is snapped back to the middle 0.35 s later"
    ) { w in
        let home = CGPoint(x: w.bounds.midX, y: w.bounds.midY)
        let card = w.add(
            SandboxItem(
                center: home, size: CGSize(width: 220, height: 300), color: Build.color(1),
                cornerRadius: 16, name: "card"))
        let fling = DynamicItemBehavior(items: [card])
        fling.addLinearVelocity(CGPoint(x: 2500, y: -400), for: card)
        fling.addAngularVelocity(4, for: card)
        w.animator.addBehavior(fling)
        w.itemBehavior = fling
        var clock: TimeInterval = 0
        var snapped = false
        w.onFrame = { dt in
            clock += dt
            guard !snapped, clock >= 0.35 else { return }
            snapped = true
            let s = SnapBehavior(item: card, snapTo: home)
            s.damping = 0.5
            w.animator.addBehavior(s)
            w.log("snap the card back to the middle")
        }
    }

    /// A 24-link chain of pin attachments hanging from an anchor, swung sideways: rigid joints stay closed.
    static let chain = SceneDescriptor(
        name: "chain", source: "sandbox", category: .joints,
        summary: "a 24-link chain of pin attachments swings from an anchor; the joints stay closed"
    ) { w in
        let link = CGSize(width: 18, height: 6), n = 24
        let anchor = CGPoint(x: w.bounds.midX - 200, y: 80)
        var links: [SandboxItem] = []
        for k in 0..<n {
            links.append(
                w.add(
                    SandboxItem(
                        center: CGPoint(x: anchor.x + link.width * (CGFloat(k) + 0.5), y: anchor.y),
                        size: link, color: Build.color(k % 2 == 0 ? 2 : 10), name: "link \(k)")))
        }
        Build.gravity(w, links)
        let half = Offset(horizontal: link.width / 2, vertical: 0)
        let minus = Offset(horizontal: -link.width / 2, vertical: 0)
        w.animator.addBehavior(AttachmentBehavior(item: links[0], offsetFromCenter: minus, attachedToAnchor: anchor))
        for k in 1..<n {
            w.animator.addBehavior(
                AttachmentBehavior(
                    item: links[k], offsetFromCenter: minus, attachedTo: links[k - 1],
                    offsetFromCenter: half))
        }
        let c = CollisionBehavior(items: links)
        c.collisionMode = .boundaries
        c.translatesReferenceBoundsIntoBoundary = true
        w.animator.addBehavior(c)
    }
}
