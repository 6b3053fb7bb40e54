import Dynamics
import Foundation

/// Seed 003: the gravity / collision / snap playground (tapping snaps the selected item through the app).
extension SceneCatalog {
    static let seed003: [SceneDescriptor] = [playground]

    /// A 100 × 100 square at (100, 100), a 140 × 20 barrier at (0, 300) whose frame is a boundary, gravity angle
    /// 1.6 rad; item behaviour elasticity 0.6, density 1, resistance 0, angular resistance 0, rotation allowed.
    /// The first boundary contact spawns a second square at x = 30, attached to the colliding item.
    static let playground = SceneDescriptor(
        name: "playground", source: "seed 003",
        summary: "a square falls at gravity angle 1.6 onto a barrier; the first contact spawns a second square"
    ) { w in
        let square = w.add(
            SandboxItem(
                frame: CGRect(x: 100, y: 100, width: 100, height: 100), color: Build.color(1),
                name: "square"))
        let barrierFrame = CGRect(x: 0, y: 300, width: 140, height: 20)
        let barrier = w.add(SandboxItem(frame: barrierFrame, color: .grey, name: "barrier (view)"))
        _ = barrier
        let g = GravityBehavior(items: [square])
        g.angle = 1.6
        w.animator.addBehavior(g)
        w.adoptGravity(g)
        let c = Build.walls(w, [square])
        c.addBoundary(withIdentifier: "barrier", for: BezierPath(rect: barrierFrame))
        let props = Build.properties(w, [square]) {
            $0.elasticity = 0.6
            $0.density = 1
            $0.resistance = 0
            $0.angularResistance = 0
            $0.allowsRotation = true
        }
        let log = ContactLogger(w)
        var spawned = false
        log.onBoundaryContact = { item, _ in
            guard !spawned else { return }
            spawned = true
            let second = w.add(
                SandboxItem(
                    frame: CGRect(x: 30, y: 100, width: 100, height: 100),
                    color: Build.color(2), name: "second square"))
            g.addItem(second)
            c.addItem(second)
            props.addItem(second)
            w.log(
                "first boundary contact: a second square joins at x = 30, attached to \(item === square ? "the square" : "the item")"
            )
            w.animator.addBehavior(AttachmentBehavior(item: second, attachedTo: item))
        }
        c.collisionDelegate = log
        w.retained.append(log)
    }
}
