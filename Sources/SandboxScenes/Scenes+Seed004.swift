import Dynamics
import Foundation

/// Seed 004, the book's demos: gravity by angle and magnitude, collision modes, item properties (its attachment,
/// spring, snap and push demos join with those behaviours).
extension SceneCatalog {
    static let seed004: [SceneDescriptor] = [bookGravity, collisionModes, bookSprings, itemProperties]

    /// `setAngle(π/2, magnitude: 0.3)`: 300 pt/s² straight down, with the reference bounds as walls.
    static let bookGravity = SceneDescriptor(
        name: "book-gravity", source: "seed 004",
        summary: "gravity setAngle(pi/2, magnitude 0.3): a slow fall at 300 pt/s^2"
    ) { w in
        let items = (0..<4).map { k in
            w.add(
                SandboxItem(
                    center: CGPoint(x: 100 + CGFloat(k) * 110, y: 80), size: CGSize(width: 60, height: 60),
                    color: Build.color(k + 3), name: "view \(k)"))
        }
        let g = GravityBehavior(items: items)
        g.setAngle(.pi / 2, magnitude: 0.3)
        w.animator.addBehavior(g)
        w.adoptGravity(g)
        Build.walls(w, items)
    }

    /// Three columns under one gravity: collision mode `.items` (falls through the walls, lands on its partner),
    /// `.boundaries` (passes through its partner, stops at the floor), `.everything`.
    static let collisionModes = SceneDescriptor(
        name: "collision-modes", source: "seed 004",
        summary: "collision modes side by side: items / boundaries / everything"
    ) { w in
        let g = Build.gravity(w, [])
        let modes: [(String, CollisionBehavior.Mode)] = [
            ("items", .items), ("boundaries", .boundaries),
            ("everything", .everything)
        ]
        let colW = w.bounds.width / 3
        for (k, (label, mode)) in modes.enumerated() {
            let x = colW * (CGFloat(k) + 0.5)
            // Under the partner, above where the `.boundaries` view comes to rest on the floor.
            w.captions.append((".\(label)", CGPoint(x: x, y: w.bounds.maxY - 95)))
            let floor = w.add(
                SandboxItem(
                    center: CGPoint(x: x, y: w.bounds.maxY - 120),
                    size: CGSize(width: 90, height: 40), color: .grey, name: "\(label) partner"))
            let faller = w.add(
                SandboxItem(
                    center: CGPoint(x: x, y: 80), size: CGSize(width: 60, height: 60),
                    color: Build.color(k), name: "\(label) view"))
            g.addItem(faller)
            let c = CollisionBehavior(items: [faller, floor])
            c.collisionMode = mode
            c.translatesReferenceBoundsIntoBoundary = true
            w.animator.addBehavior(c)
            Build.properties(w, [floor]) { $0.isAnchored = true }
        }
    }

    /// The book's item properties: elasticity 1.0, allowsRotation false, angularResistance 0, density 3,
    /// friction 0.5, resistance 0.5 (beside a default item for comparison).
    static let itemProperties = SceneDescriptor(
        name: "item-properties", source: "seed 004",
        summary: "the book's item properties (e=1, density 3, resistance 0.5, no rotation) beside a default item"
    ) { w in
        let tuned = w.add(
            SandboxItem(
                center: CGPoint(x: w.bounds.midX - 90, y: 100), size: CGSize(width: 70, height: 70),
                color: Build.color(0), name: "tuned"))
        let plain = w.add(
            SandboxItem(
                center: CGPoint(x: w.bounds.midX + 90, y: 100), size: CGSize(width: 70, height: 70),
                color: Build.color(9), name: "default"))
        Build.gravity(w, [tuned, plain])
        Build.walls(w, [tuned, plain])
        Build.properties(w, [tuned]) {
            $0.elasticity = 1.0
            $0.allowsRotation = false
            $0.angularResistance = 0
            $0.density = 3
            $0.friction = 0.5
            $0.resistance = 0.5
        }
    }
}
