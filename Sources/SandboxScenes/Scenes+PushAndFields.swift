import Dynamics
import Foundation

/// Push and field scenes: seed 000's billiards, drag field and spring field, seed 001's push, seed 002's vertical
/// throw, seed 004's push-toward-tap, a continuous push (Apple's DynamicsCatalog), and one scene per field kind.
extension SceneCatalog {
    static let pushScenes: [SceneDescriptor] = [
        billiards, dragField, springField, push, verticalThrow, bookPush,
        continuousPush
    ]

    /// Seed 000: an instantaneous push, direction (0.5, 0.5) then magnitude 5, on a ball in a box; resistance 1,
    /// elasticity 0.8: Δv = 500 / mass on the first step, decaying with τ ≈ 1 s.
    static let billiards = SceneDescriptor(
        name: "billiards", source: "seed 000",
        summary: "an instantaneous push of 5 at 45 deg sends a ball bouncing round the table (resistance 1)"
    ) { w in
        let ball = w.add(
            SandboxItem(
                center: CGPoint(x: 120, y: 120), size: CGSize(width: 40, height: 40),
                shape: .ellipse, color: Build.color(0), name: "ball"))
        let c = Build.walls(w, [ball])
        let log = ContactLogger(w)
        c.collisionDelegate = log
        w.retained.append(log)
        Build.properties(w, [ball]) {
            $0.resistance = 1
            $0.elasticity = 0.8
        }
        let p = PushBehavior(items: [ball], mode: .instantaneous)
        p.pushDirection = CGVector(dx: 0.5, dy: 0.5)
        p.magnitude = 5
        w.animator.addBehavior(p)
    }

    /// Seed 000: gravity on a ball; a drag field of strength 3 in a 100 × 100 region 100 pt below the ball.
    static let dragField = SceneDescriptor(
        name: "drag-field", source: "seed 000", category: .fields,
        summary: "a falling ball slows in a 100x100 drag field (strength 3) and speeds up again below it"
    ) { w in
        let ball = w.add(
            SandboxItem(
                frame: CGRect(x: w.bounds.midX - 20, y: 40, width: 40, height: 40), shape: .ellipse,
                color: Build.color(1), name: "ball"))
        Build.gravity(w, [ball])
        Build.walls(w, [ball])
        let f = FieldBehavior.dragField()
        f.addItem(ball)
        f.position = CGPoint(x: ball.frame.minX, y: ball.frame.minY + 100)
        f.strength = 3
        f.region = Region(size: CGSize(width: 100, height: 100))
        w.animator.addBehavior(f)
    }

    /// Seed 000: gravity on a ball and a spring field 100 pt above it (default strength 1): it oscillates round a
    /// point shifted down by g/k.
    static let springField = SceneDescriptor(
        name: "spring-field", source: "seed 000", category: .fields,
        summary: "a ball oscillates in a spring field 100 pt above it, its rest point shifted down by gravity"
    ) { w in
        let ball = w.add(
            SandboxItem(
                frame: CGRect(x: w.bounds.midX - 20, y: 260, width: 40, height: 40), shape: .ellipse,
                color: Build.color(2), name: "ball"))
        Build.gravity(w, [ball])
        Build.walls(w, [ball])
        let f = FieldBehavior.springField()
        f.addItem(ball)
        f.position = CGPoint(x: ball.frame.minX, y: ball.frame.minY - 100)
        w.animator.addBehavior(f)
    }

    /// Seed 001: each tap adds a new instantaneous push on the first square, direction (tap − center) / 300.
    static let push = SceneDescriptor(
        name: "push", source: "seed 001",
        summary: "each tap adds an instantaneous push on the square toward the tap, (tap - center) / 300"
    ) { w in
        let square = w.add(
            SandboxItem(
                center: CGPoint(x: w.bounds.midX, y: w.bounds.midY), size: CGSize(width: 60, height: 60),
                color: Build.color(4), name: "square"))
        Build.walls(w, [square])
        w.onTap = { p in
            let push = PushBehavior(items: [square], mode: .instantaneous)
            push.pushDirection = CGVector(dx: (p.x - square.center.x) / 300, dy: (p.y - square.center.y) / 300)
            w.animator.addBehavior(push)
            return true
        }
    }

    /// Seed 002: an instantaneous push (0, −5) throws a box up against gravity.
    static let verticalThrow = SceneDescriptor(
        name: "vertical-throw", source: "seed 002",
        summary: "an instantaneous push (0, -5) throws a 50x50 box up (dv = -2000 pt/s); tap to throw again"
    ) { w in
        let box = w.add(
            SandboxItem(
                center: CGPoint(x: w.bounds.midX, y: w.bounds.maxY - 40),
                size: CGSize(width: 50, height: 50), color: Build.color(6), name: "box"))
        Build.gravity(w, [box])
        Build.walls(w, [box])
        let p = PushBehavior(items: [box], mode: .instantaneous)
        p.pushDirection = CGVector(dx: 0, dy: -5)
        w.animator.addBehavior(p)
        w.onTap = { _ in
            p.active = true
            return true
        }
    }

    /// Seed 004: a tap pushes the view toward it: magnitude min(distance, 100) / 100, angle atan2(dy, dx), with
    /// collision.
    static let bookPush = SceneDescriptor(
        name: "book-push", source: "seed 004",
        summary: "tap: a push toward the tap, magnitude min(distance, 100)/100 (the book's demo), with walls"
    ) { w in
        let view = w.add(
            SandboxItem(
                center: CGPoint(x: w.bounds.midX, y: w.bounds.midY), size: CGSize(width: 50, height: 50),
                color: Build.color(7), name: "view"))
        Build.walls(w, [view])
        let p = PushBehavior(items: [view], mode: .instantaneous)
        p.active = false
        w.animator.addBehavior(p)
        w.onTap = { t in
            let dx = t.x - view.center.x, dy = t.y - view.center.y
            p.magnitude = min(hypot(dx, dy), 100) / 100
            p.angle = atan2(dy, dx)
            p.active = true
            return true
        }
    }

    /// Apple's DynamicsCatalog "Continuous Push": one continuous push on a square in the walls, no gravity; a tap
    /// re-aims it at the tap with magnitude distance / 100 (a 60-pt square has mass 0.36, so magnitude 1 is
    /// 278 pt/s²). It starts pushing at 45° down-right with magnitude 0.5.
    static let continuousPush = SceneDescriptor(
        name: "continuous-push", source: "apple",
        summary: "a continuous push accelerates the square; tap to aim it there, magnitude distance/100"
    ) { w in
        let square = w.add(
            SandboxItem(
                center: CGPoint(x: w.bounds.midX, y: w.bounds.midY),
                size: CGSize(width: 60, height: 60), color: Build.color(3), name: "square"))
        Build.walls(w, [square])
        let p = PushBehavior(items: [square], mode: .continuous)
        p.setAngle(.pi / 4, magnitude: 0.5)
        w.animator.addBehavior(p)
        w.onTap = { t in
            let dx = t.x - square.center.x, dy = t.y - square.center.y
            p.setAngle(atan2(dy, dx), magnitude: hypot(dx, dy) / 100)
            w.log(
                String(
                    format: "continuous push: magnitude %.2f at %.0f deg", Double(p.magnitude),
                    Double(p.angle) * 180 / .pi))
            return true
        }
    }

    /// One scene per field kind: 24 balls (half with charge +1, half −1 for the electric and magnetic fields) in
    /// the reference bounds, no gravity, the field at the centre in a 260-pt region (noise and turbulence
    /// everywhere).
    static let fieldKinds: [(String, String, @MainActor @Sendable () -> FieldBehavior)] = [
        ("drag", "drag: velocity-proportional slowdown of flung items", { FieldBehavior.dragField() }),
        ("vortex", "vortex: items circle the centre", { FieldBehavior.vortexField() }),
        (
            "radial-gravity", "radial gravity: items fall toward the centre",
            {
                FieldBehavior.radialGravityField(position: .zero)
            }
        ),
        (
            "linear-gravity", "linear gravity (1, 0) inside the region only",
            {
                FieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0))
            }
        ),
        (
            "velocity", "velocity field (0, -1): items inside are set moving up",
            {
                FieldBehavior.velocityField(direction: CGVector(dx: 0, dy: -1))
            }
        ),
        (
            "noise", "noise field (smoothness 0.5, speed 1): jittering items",
            {
                FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
            }
        ),
        (
            "turbulence", "turbulence (smoothness 0.5, speed 1): only moving items are shaken",
            {
                FieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: 1)
            }
        ),
        ("spring", "spring field: items oscillate about the centre", { FieldBehavior.springField() }),
        ("electric", "electric field: +1 items are pushed out, -1 items pulled in", { FieldBehavior.electricField() }),
        ("magnetic", "magnetic field: moving charged items curve", { FieldBehavior.magneticField() }),
        (
            "custom", "custom evaluation block: a swirl toward the centre",
            {
                FieldBehavior.field { field, p, _, _, _, _ in
                    let dx = field.position.x - p.x, dy = field.position.y - p.y
                    return CGVector(dx: dx * 0.5 - dy * 0.8, dy: dy * 0.5 + dx * 0.8)
                }
            }
        )
    ]

    static let fieldScenes: [SceneDescriptor] = fieldKinds.map { kind, summary, make in
        SceneDescriptor(name: "field-\(kind)", source: "fields", summary: summary) { w in
            let field = make()
            let center = CGPoint(x: w.bounds.midX, y: w.bounds.midY)
            field.position = center
            if kind != "noise" && kind != "turbulence" { field.region = Region(radius: 260) }
            var balls: [SandboxItem] = []
            for k in 0..<24 {
                let a = Double(k) / 24 * 2 * .pi, r = 120 + Double(k % 3) * 60
                balls.append(
                    w.add(
                        SandboxItem(
                            center: CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a)),
                            size: CGSize(width: 24, height: 24), shape: .ellipse,
                            color: Build.color(k % 2 == 0 ? 0 : 1), name: "ball \(k)")))
            }
            for b in balls { field.addItem(b) }
            w.animator.addBehavior(field)
            Build.walls(w, balls)
            let plus = Build.properties(w, balls.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)) {
                $0.charge = 1
            }
            let minus = DynamicItemBehavior(items: balls.enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
            minus.charge = -1
            w.animator.addBehavior(minus)
            // Turbulence and magnetism act on moving items: start them circling.
            for (k, b) in balls.enumerated() {
                let a = Double(k) / 24 * 2 * .pi
                let target = k % 2 == 0 ? plus : minus
                target.addLinearVelocity(CGPoint(x: -sin(a) * 150, y: cos(a) * 150), for: b)
            }
        }
    }
}
