import Dynamics
import Foundation

/// Seed 002 (gravity, a floor boundary, item properties, a vertical throw — the throw joins with push).
extension SceneCatalog {
    static let seed002: [SceneDescriptor] = [gravityBasics, floorBoundary, elasticFreeFall]

    /// `gravityDirection = (2, 2)` then `magnitude = 1` → (0.707, 0.707): items slide to the bottom-right corner.
    static let gravityBasics = SceneDescriptor(
        name: "gravity-basics", source: "seed 002",
        summary: "gravityDirection (2,2) then magnitude 1: a diagonal pull of 1000 pt/s^2 toward the corner"
    ) { w in
        let items = (0..<6).map { k in
            w.add(
                SandboxItem(
                    center: CGPoint(x: 80 + CGFloat(k) * 70, y: 80 + CGFloat(k % 2) * 60),
                    size: CGSize(width: 50, height: 50), color: Build.color(k), name: "view \(k)"))
        }
        let g = Build.gravity(w, items)
        g.gravityDirection = CGVector(dx: 2, dy: 2)
        g.magnitude = 1
        w.adoptGravity(g)
        Build.walls(w, items)
    }

    /// A 40-pt boundary "floor" from (w/2 − 20, h/2 + 200) to (w/2 + 20, h/2 + 200) catches a falling box.
    static let floorBoundary = SceneDescriptor(
        name: "floor", source: "seed 002",
        summary: "a 40-pt boundary segment 'floor' catches a falling box; others slide off its ends"
    ) { w in
        let b = w.bounds
        let floorY = min(b.midY + 200, b.maxY - 20)
        let items = [CGPoint(x: b.midX, y: 60), CGPoint(x: b.midX + 36, y: 140)].enumerated().map { k, p in
            w.add(SandboxItem(center: p, size: CGSize(width: 40, height: 40), color: Build.color(k), name: "box \(k)"))
        }
        Build.gravity(w, items)
        let c = CollisionBehavior(items: items)
        c.addBoundary(
            withIdentifier: "floor", from: CGPoint(x: b.midX - 20, y: floorY),
            to: CGPoint(x: b.midX + 20, y: floorY))
        w.animator.addBehavior(c)
        w.collision = c
        let log = ContactLogger(w)
        c.collisionDelegate = log
        w.retained.append(log)
    }

    /// Elasticity 1, resistance 0, friction 0: in UIKit the rebound falls short of the start line (quirk 5); here
    /// it keeps its height.
    static let elasticFreeFall = SceneDescriptor(
        name: "elastic-free-fall", source: "seed 002",
        summary: "an elastic ball (e=1, no resistance) bounces back to its start line, which UIKit misses"
    ) { w in
        let ball = w.add(
            SandboxItem(
                center: CGPoint(x: w.bounds.midX, y: w.bounds.maxY - 425),
                size: CGSize(width: 50, height: 50), shape: .ellipse, color: Build.color(1),
                name: "ball"))
        Build.gravity(w, [ball])
        let c = Build.walls(w, [ball])
        let log = ContactLogger(w)
        c.collisionDelegate = log
        w.retained.append(log)
        Build.properties(w, [ball]) {
            $0.elasticity = 1
            $0.resistance = 0
            $0.friction = 0
        }
    }
}
