import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Issue 10 §2, spec §2.8 and §3.2: fields act once per 1/120-s world step, before the velocity solve, so an item
/// in a field follows Box2D's v += h·F/m; x += h·v with h = Float(1/120) s (one world step on the first 1/60-s
/// frame, then two). The reference below integrates the spec's formulas independently of the engine's code.
@MainActor
@Suite("Field trajectories over 60 frames, against the Box2D model")
struct FieldTrajectoryTests {
    private let h = Double(Float(1) / Float(120))

    /// Runs a 100 × 100 item (1 kg; resistance 0) from (400, 450), given `velocity`, in `field` at (100, 50) for
    /// 60 frames; returns the largest distance from the reference trajectory, pt.
    private func worstError(
        _ field: FieldBehavior, velocity: CGPoint = .zero,
        acceleration: (_ p: (Double, Double), _ v: (Double, Double)) -> (Double, Double)
    ) -> Double {
        let (animator, item, _) = FieldScene.scene(field, velocity: velocity)
        var x = Double(FieldScene.itemCenter.x), y = Double(FieldScene.itemCenter.y)
        var vx = Double(velocity.x), vy = Double(velocity.y)
        var worst = 0.0
        for f in 0..<60 {
            animator.advance(by: 1.0 / 60)
            for _ in 0..<(f == 0 ? 1 : 2) {
                let a = acceleration((x - 100, y - 50), (vx, vy))
                vx += h * a.0
                vy += h * a.1
                x += h * vx
                y += h * vy
            }
            worst = max(worst, hypot(Double(item.center.x) - x, Double(item.center.y) - y))
        }
        return worst
    }

    /// Linear gravity, direction (0.3, −0.2), strength 2: a = 100·S·direction pt/s². 2e-3 pt: the bound.
    @Test func linearGravityField() {
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 0.3, dy: -0.2))
        field.strength = 2
        let e = worstError(field) { _, _ in (100 * 2 * 0.3, 100 * 2 * -0.2) }
        #expect(e <= 2e-3, "worst \(e) pt")
    }

    /// Spring field, strength 1, falloff −1: F = −S·p (p in m) on 1 kg → a = −p pt/s² with p in pt.
    @Test func springField() {
        let field = FieldBehavior.springField()
        let e = worstError(field, velocity: CGPoint(x: 50, y: 0)) { p, _ in (-p.0, -p.1) }
        #expect(e <= 2e-3, "worst \(e) pt")
    }

    /// Vortex, strength 3: F = S·(−p̂.y, p̂.x)/m, a = F/m → 100·S·(−p̂.y, p̂.x) pt/s² on 1 kg.
    @Test func vortexField() {
        let field = FieldBehavior.vortexField()
        field.strength = 3
        let e = worstError(field) { p, _ in
            let r = hypot(p.0, p.1)
            return (100 * 3 * -p.1 / r, 100 * 3 * p.0 / r)
        }
        #expect(e <= 2e-3, "worst \(e) pt")
    }

    /// Drag, strength 1, direction (0.5, 0): F = −S·u·|u| with u = v − direction (m/s), on 1 kg.
    @Test func dragFieldAgainstADirection() {
        let field = FieldBehavior.dragField()
        field.direction = CGVector(dx: 0.5, dy: 0)
        let e = worstError(field, velocity: CGPoint(x: 300, y: -200)) { _, v in
            let ux = v.0 / 100 - 0.5, uy = v.1 / 100
            let speed = hypot(ux, uy)
            return (-100 * ux * speed, -100 * uy * speed)
        }
        #expect(e <= 2e-3, "worst \(e) pt")
    }
}
