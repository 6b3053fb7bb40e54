import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

@MainActor
@Suite("Gravity")
struct GravityTests {
    /// Spec §1.6: magnitude 0 gives (0, 0) whose angle reads 0, so a later magnitude 1 points right.
    @Test func magnitudeZeroThenAngleReadsZero() {
        let g = GravityBehavior()
        g.magnitude = 0
        #expect(g.gravityDirection.dx == 0 && abs(g.gravityDirection.dy) == 0)
        #expect(g.angle == 0)
        g.magnitude = 1
        // Exactly (1, 0): cos(0) = 1 and sin(0) = 0 in single precision too.
        #expect(g.gravityDirection == CGVector(dx: 1, dy: 0))
    }

    /// setAngle uses single-precision sine and cosine: π/2 gives dx = cosf(π/2) ≈ −4.37e-8, not 0.
    @Test func setAngleUsesSinglePrecision() {
        let g = GravityBehavior()
        g.setAngle(.pi / 2, magnitude: 1)
        #expect(g.gravityDirection.dx == CGFloat(Double(cos(Float(CGFloat.pi / 2)))))
        #expect(g.gravityDirection.dx != 0 && abs(g.gravityDirection.dx) < 1e-7)
        #expect(g.gravityDirection.dy == 1)
    }

    /// Angle keeps the magnitude, magnitude keeps the angle; non-unit vectors are allowed ((3, 4) → 5).
    @Test func angleAndMagnitudeSetters() {
        let g = GravityBehavior()
        g.gravityDirection = CGVector(dx: 3, dy: 4)
        #expect(g.magnitude == 5)
        g.angle = 0
        // Float sin/cos: error ≤ 5 × 6e-8.
        #expect(isClose(g.gravityDirection.dx, 5, within: 1e-6) && isClose(g.gravityDirection.dy, 0, within: 1e-6))
        // Seed 002: (2, 2) then magnitude 1 → (0.707, 0.707).
        g.gravityDirection = CGVector(dx: 2, dy: 2)
        g.magnitude = 1
        #expect(isClose(g.gravityDirection.dx, 0.5.squareRoot(), within: 1e-6))
        #expect(isClose(g.gravityDirection.dy, 0.5.squareRoot(), within: 1e-6))
        g.magnitude = -1
        #expect(isClose(g.gravityDirection.dx, -(0.5.squareRoot()), within: 1e-6))
    }

    /// Resistance 0: after 1 s of world time the item has fallen 0.5·1000·1² = 500 pt. Tolerance 1 % for the
    /// semi-implicit Euler sub-steps (h = 1/480 s: +h·g·t/2 ≈ +1 pt).
    @Test func freeFallWithoutResistance() {
        let animator = DynamicAnimator()
        let item = square(100, 50)
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(props)
        // 60 frames of 1/60 s take 119 world steps (one on the first frame); one more 1/120-s frame makes 120
        // world steps = 1.0000000522 s of world time.
        run(animator, frames: 60)
        animator.advance(by: 1.0 / 120.0)
        let fallen = Double(item.center.y - 50)
        #expect(isClose(fallen, 500, within: 5))
        #expect(isClose(Double(props.linearVelocity(for: item).y), 1000, within: 10))
    }

    /// Spec §2.3: measured UIKit fall from rest at 1/60-s frames y = 50.069, 50.417, 51.042, 51.944, 53.125 (one
    /// world step on the first frame, then two). We take the same number of 1/120-s world steps, but each is
    /// solved in 4 sub-steps, so we fall slightly less in the first frames (≤ 0.25 pt); tolerance 1 pt.
    @Test func firstFramesMatchTheMeasuredTrace() {
        let measured: [CGFloat] = [50.069, 50.417, 51.042, 51.944, 53.125]
        for resistance: CGFloat in [0.1, 0] {
            let animator = DynamicAnimator()
            let item = square(100, 50)
            animator.addBehavior(GravityBehavior(items: [item]))
            if resistance == 0 {
                let props = DynamicItemBehavior(items: [item])
                props.resistance = 0
                animator.addBehavior(props)
            }
            var trace: [CGFloat] = []
            for _ in 0..<5 {
                animator.advance(by: 1.0 / 60.0)
                trace.append(item.center.y)
            }
            for (ours, theirs) in zip(trace, measured) {
                #expect(isClose(ours, theirs, within: 1), "resistance \(resistance): \(trace)")
            }
        }
    }

    /// One gravity per animator: the last vector written wins for every gravity item; removing any gravity
    /// behaviour turns gravity off for all (UIKit quirk, kept); a second one emits a diagnostic.
    @Test func singleWorldGravity() {
        let animator = DynamicAnimator()
        let a = square(100, 100), b = square(400, 100)
        let g1 = GravityBehavior(items: [a])
        let g2 = GravityBehavior(items: [b])
        g2.gravityDirection = CGVector(dx: 0, dy: 2)
        let log = collectingDiagnostics {
            animator.addBehavior(g1)
            animator.addBehavior(g2)
        }
        #expect(log.count(.multipleGravityBehaviors) == 1)
        #expect(animator.world.gravity == Vec2(0, 2000))
        g1.magnitude = 0.5
        #expect(isClose(animator.world.gravity.y, 500, within: 1e-9))
        animator.removeBehavior(g1)
        #expect(animator.world.gravity == .zero)
        let y = b.center.y
        run(animator, frames: 10)
        #expect(b.center.y == y)
    }

    /// An item leaving the gravity behaviour keeps its velocity but stops accelerating.
    @Test func removingAnItemStopsAcceleration() throws {
        let animator = DynamicAnimator()
        let item = square(100, 100)
        let g = GravityBehavior(items: [item])
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        animator.addBehavior(g)
        animator.addBehavior(props)
        run(animator, frames: 30)
        g.removeItem(item)
        let v1 = props.linearVelocity(for: item).y
        run(animator, frames: 30)
        #expect(v1 > 400)
        // No damping and no gravity: velocity unchanged to float precision.
        #expect(isClose(props.linearVelocity(for: item).y, v1, within: 1e-9))
        let body = try #require(animator.body(of: item))
        #expect(animator.world.gravityScale(of: body) == 0)
    }
}
