import Dynamics
import Foundation

/// Seed 001's demo app: gravity, collision, gravity + collision, bouncing, the sticker pile, the tilt-scrolling
/// list; the attachment, snap and springy-list demos are in Scenes+Joints (push joins with PushBehavior).
extension SceneCatalog {
    static let seed001: [SceneDescriptor] = [
        gravity, collision, attachment, snap, gravityCollision, bouncing,
        stickerPile, springyList, tiltList
    ]

    /// Tap → a 50 × 50 red view at the tap point joins a shared gravity behaviour (no collision: it falls away).
    static let gravity = SceneDescriptor(
        name: "gravity", source: "seed 001",
        summary: "tap to drop 50x50 red views into a shared gravity; nothing stops them"
    ) { w in
        let g = Build.gravity(w, [])
        @MainActor func drop(_ p: CGPoint) {
            let v = w.add(SandboxItem(center: p, size: CGSize(width: 50, height: 50), color: .red, name: "view"))
            g.addItem(v)
        }
        for k in 0..<3 { drop(CGPoint(x: 120 + CGFloat(k) * 140, y: 80 + CGFloat(k) * 60)) }
        w.onTap = { p in
            drop(p)
            return true
        }
    }

    /// Views with preset frames and random colours in a reference-bounds collision, no gravity: only the ones that
    /// start overlapping move.
    static let collision = SceneDescriptor(
        name: "collision", source: "seed 001",
        summary: "views in a collision behaviour without gravity: only the overlapping ones push apart"
    ) { w in
        let frames = [
            CGRect(x: 40, y: 80, width: 80, height: 80), CGRect(x: 90, y: 120, width: 60, height: 60),
            CGRect(x: 260, y: 100, width: 100, height: 50), CGRect(x: 420, y: 240, width: 70, height: 70),
            CGRect(x: 460, y: 260, width: 70, height: 70), CGRect(x: 200, y: 320, width: 120, height: 40)
        ]
        let items = frames.map { f in
            w.add(SandboxItem(frame: f, color: Build.color(w.random.below(SceneColor.palette.count)), name: "view"))
        }
        let c = Build.walls(w, items)
        let log = ContactLogger(w)
        c.collisionDelegate = log
        w.retained.append(log)
    }

    /// Seed 001 "gravity + collision": views of (20 + rand % 61) × (40 + rand % 41) pt at tap points.
    static let gravityCollision = SceneDescriptor(
        name: "gravity-collision", source: "seed 001",
        summary: "tap to drop views of random sizes into shared gravity and collision; they stack"
    ) { w in
        let g = Build.gravity(w, [])
        let c = Build.walls(w, [])
        @MainActor func drop(_ p: CGPoint) {
            let size = CGSize(width: 20 + w.random.below(61), height: 40 + w.random.below(41))
            let v = w.add(SandboxItem(center: p, size: size, color: Build.color(w.items.count), name: "view"))
            g.addItem(v)
            c.addItem(v)
        }
        for k in 0..<12 {
            drop(
                CGPoint(
                    x: 40 + CGFloat(w.random.below(Int(max(80, w.bounds.width - 80)))),
                    y: 60 + CGFloat(k % 3) * 90))
        }
        w.onTap = { p in
            drop(p)
            return true
        }
    }

    /// Seed 001 "bouncing": an elastic square (elasticity 1) under gravity in a boundary "barrier" made of the
    /// view's bounds *and* the reference-bounds loop (two coincident boundaries). Default resistance 0.1 makes the
    /// bounces decay.
    static let bouncing = SceneDescriptor(
        name: "bouncing", source: "seed 001",
        summary: "elastic squares bounce inside two coincident boundaries; tap to add one"
    ) { w in
        let g = Build.gravity(w, [])
        let c = Build.walls(w, [])
        c.addBoundary(withIdentifier: "barrier", for: BezierPath(rect: w.bounds))
        let log = ContactLogger(w)
        c.collisionDelegate = log
        w.retained.append(log)
        let props = Build.properties(w, []) { $0.elasticity = 1 }
        @MainActor func drop(_ p: CGPoint) {
            let side = CGFloat(20 + w.random.below(30))
            let v = w.add(
                SandboxItem(
                    center: p, size: CGSize(width: side, height: side),
                    color: Build.color(w.items.count), name: "square"))
            g.addItem(v)
            c.addItem(v)
            props.addItem(v)
        }
        drop(CGPoint(x: w.bounds.midX, y: 120))
        w.onTap = { p in
            drop(p)
            return true
        }
    }

    /// Seed 001's Mobike sticker pile: 40 round-looking 50 × 50 stickers (rectangular collision, as in the seed)
    /// dropped at the same frame, elasticity 0.7, gravity tilted ×3 by the accelerometer stand-in.
    static let stickerPile = SceneDescriptor(
        name: "sticker-pile", source: "seed 001",
        summary: "40 stickers dropped on one spot burst apart and settle; arrows tilt gravity x3"
    ) { w in
        let stickers = (0..<40).map { k in
            let sticker = SandboxItem(
                frame: CGRect(x: 100, y: 0, width: 50, height: 50), color: Build.color(k),
                cornerRadius: 25, name: "sticker \(k)")
            sticker.imageSlot = k  // the seed's image views: `--assets DIR` supplies the pictures
            return w.add(sticker)
        }
        Build.gravity(w, stickers, tiltGain: 3)
        Build.walls(w, stickers)
        Build.properties(w, stickers) { $0.elasticity = 0.7 }
    }

    /// Seed 001's Baidu Waimai list: no Dynamics at all. Every 0.06 s the content offset moves by −15 × tilt.x,
    /// clamped to [−15, contentWidth + 15 − viewWidth].
    static let tiltList = SceneDescriptor(
        name: "tilt-list", source: "seed 001",
        summary: "a row of cards scrolled by tilting (left/right arrows), no Dynamics: the seed's CoreMotion list"
    ) { w in
        let cardW: CGFloat = 120, gap: CGFloat = 16, count = 14
        let contentWidth = CGFloat(count) * (cardW + gap) + gap
        let y = w.bounds.midY
        let cards = (0..<count).map { k in
            w.add(
                SandboxItem(
                    frame: CGRect(x: gap + CGFloat(k) * (cardW + gap), y: y - 80, width: cardW, height: 160),
                    color: Build.color(k), cornerRadius: 12, name: "card \(k)"))
        }
        var offset: CGFloat = 0, target: CGFloat = 0, clock: TimeInterval = 0
        w.onFrame = { dt in
            clock += dt
            while clock >= 0.06 {
                clock -= 0.06
                target = min(max(target - 15 * w.tilt.dx, -15), contentWidth + 15 - w.bounds.width)
            }
            offset += (target - offset) * min(1, dt / 0.06)
            for (k, card) in cards.enumerated() {
                card.center.x = gap + CGFloat(k) * (cardW + gap) + cardW / 2 - offset
            }
        }
    }
}
