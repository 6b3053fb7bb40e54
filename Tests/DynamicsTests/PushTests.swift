import Foundation
import Testing
@testable import Dynamics

/// Spec §1.10 and §2.4: 1 UIKit newton on mass 1 = 100 pt/s²; an instantaneous magnitude m gives Δv = 100·m/mass.
@MainActor
@Suite("Push behaviour")
struct PushTests {
    /// An animator with `item` in a push and in an item behaviour without damping (so velocities are exact).
    private func scene(_ item: SimpleDynamicItem, mode: PushBehavior.Mode)
        -> (DynamicAnimator, PushBehavior, DynamicItemBehavior)
    {
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [item], mode: mode)
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        props.angularResistance = 0
        animator.addBehavior(props)
        animator.addBehavior(push)
        return (animator, push, props)
    }

    @Test func defaults() {
        let push = PushBehavior()
        #expect(push.mode == .continuous && push.items.isEmpty)
        #expect(push.active && push.pushDirection == .zero && push.angle == 0 && push.magnitude == 0)
        let item = square(0, 0)
        #expect(push.targetOffsetFromCenter(for: item) == .zero)
        #expect(PushBehavior.Mode.continuous.rawValue == 0 && PushBehavior.Mode.instantaneous.rawValue == 1)
    }

    /// Δv = 100·m/mass within 0.1 % (the impulse is exact; the only error is floating point), then `active` is false
    /// and the velocity stays (no second impulse). Setting `active` again fires again.
    @Test(arguments: [
        (CGSize(width: 100, height: 100), 1.0, 1.0, 100.0),  // spec: magnitude 1 on 1 kg → 100 pt/s
        (CGSize(width: 200, height: 100), 1.0, 0.3, 15.0),  // spec: 0.3 on 2 kg → 15 pt/s
        (CGSize(width: 50, height: 50), 3.0, 5.0, 666.667)
    ])  // 5 on 0.75 kg → 666.7 pt/s
    func instantaneousImpulse(size: CGSize, density: Double, magnitude: Double, expected: Double) {
        let item = SimpleDynamicItem(center: CGPoint(x: 100, y: 100), size: size)
        let (animator, push, props) = scene(item, mode: .instantaneous)
        props.density = CGFloat(density)
        push.pushDirection = CGVector(dx: magnitude, dy: 0)
        #expect(push.active)
        animator.advance(by: 1.0 / 60)
        let v1 = Double(props.linearVelocity(for: item).x)
        #expect(abs(v1 - expected) <= 0.001 * expected, "Δv \(v1), expected \(expected)")
        #expect(!push.active)
        run(animator, frames: 3)
        #expect(abs(Double(props.linearVelocity(for: item).x) - v1) < 1e-9)
        push.active = true
        animator.advance(by: 1.0 / 60)
        #expect(abs(Double(props.linearVelocity(for: item).x) - 2 * expected) <= 0.002 * expected)
        #expect(!push.active)
    }

    /// Continuous push, 1 newton on mass 1: the measured UIKit trace vx = 0.833, 2.500, 4.167, 5.833 pt/s after
    /// frames 1–4 (one 1/120-s world step in the first frame, two later), within 0.0005 pt/s (the trace's last digit).
    @Test func continuousMatchesTheMeasuredTrace() {
        let item = square(100, 100)
        let (animator, push, props) = scene(item, mode: .continuous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        var trace: [Double] = []
        for _ in 0..<4 {
            animator.advance(by: 1.0 / 60)
            trace.append(Double(props.linearVelocity(for: item).x))
        }
        for (v, m) in zip(trace, [0.833, 2.500, 4.167, 5.833]) {
            #expect(abs(v - m) <= 0.0005, "trace \(trace)")
        }
        #expect(push.active)
    }

    /// Continuous acceleration = 100·m/mass pt/s² within 0.5 %, for several masses and directions; measured over
    /// exactly 120 world steps.
    @Test(arguments: [(1.0, CGVector(dx: 1, dy: 0)), (2.0, CGVector(dx: 0, dy: -0.5)), (0.5, CGVector(dx: 3, dy: 4))])
    func continuousAcceleration(density: Double, vector: CGVector) {
        let item = square(100, 100)
        let (animator, push, props) = scene(item, mode: .continuous)
        props.density = CGFloat(density)
        push.pushDirection = vector
        animator.advance(by: 1.0 / 60)  // the first frame takes one world step; later ones two
        let v0 = props.linearVelocity(for: item)
        run(animator, frames: 60)
        let v1 = props.linearVelocity(for: item)
        let t = 120 * DynamicAnimator.worldStepInterval
        let ax = Double(v1.x - v0.x) / t, ay = Double(v1.y - v0.y) / t
        let ex = 100 * Double(vector.dx) / density, ey = 100 * Double(vector.dy) / density
        let e = hypot(ex, ey)
        #expect(hypot(ax - ex, ay - ey) <= 0.005 * e, "a = (\(ax), \(ay)), expected (\(ex), \(ey))")
    }

    /// Spec §2.4 off-centre: offset (0, 50), force (1, 0) on 1 kg 100 × 100 → ω = −0.025 rad/s after the first
    /// world step; the offset is in reference axes, so a turned item gets the same torque. Within 0.1 %.
    @Test(arguments: [0.0, 0.5])
    func offsetForceGivesTorque(initialAngle: Double) {
        let item = square(100, 100)
        item.transform = CGAffineTransform(rotationAngle: CGFloat(initialAngle))
        let (animator, push, props) = scene(item, mode: .continuous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        push.setTargetOffsetFromCenter(Offset(horizontal: 0, vertical: 50), for: item)
        animator.advance(by: 1.0 / 60)
        let w = Double(props.angularVelocity(for: item))
        #expect(abs(w - -0.025) <= 0.025 * 0.001, "ω \(w)")
    }

    /// Spec §2.4: impulse (0, 1) at (50, 0) on 1 kg 100 × 100 → Δω = 3 rad/s (I = 1/6 kg·m²), within 0.1 %.
    @Test func offsetImpulseGivesSpin() {
        let item = square(100, 100)
        let (animator, push, props) = scene(item, mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 1)
        push.setTargetOffsetFromCenter(Offset(horizontal: 50, vertical: 0), for: item)
        animator.advance(by: 1.0 / 60)
        #expect(abs(Double(props.angularVelocity(for: item)) - 3) <= 0.003)
        #expect(abs(Double(props.linearVelocity(for: item).y) - 100) <= 0.1)
        // `.zero` removes the entry.
        push.setTargetOffsetFromCenter(.zero, for: item)
        #expect(push.targetOffsetFromCenter(for: item) == .zero)
    }

    /// Vector arithmetic: angle and magnitude are kept separately; setAngle uses single-precision sin/cos.
    @Test func angleAndMagnitude() {
        let push = PushBehavior(items: [], mode: .instantaneous)
        // Seed 000: pushDirection (0.5, 0.5) then magnitude 5 → 5 at 45°.
        push.pushDirection = CGVector(dx: 0.5, dy: 0.5)
        #expect(isClose(push.angle, .pi / 4, within: 1e-12))
        push.magnitude = 5
        #expect(isClose(push.pushDirection.dx, 5 / 2.squareRoot(), within: 1e-6))
        #expect(isClose(push.pushDirection.dy, 5 / 2.squareRoot(), within: 1e-6))
        // The angle survives a zero magnitude (unlike gravity).
        push.angle = 1
        push.magnitude = 0
        push.magnitude = 2
        #expect(push.angle == 1)
        #expect(push.pushDirection.dx == CGFloat(Double(cos(Float(1))) * 2))
        // Float sine: angle π leaves a tiny dy, as in UIKit.
        push.setAngle(.pi, magnitude: 1)
        #expect(push.pushDirection.dx == -1)
        #expect(push.pushDirection.dy == CGFloat(Double(sin(Float(CGFloat.pi)))))
        #expect(push.pushDirection.dy != 0 && abs(push.pushDirection.dy) < 1e-6)
        // Negative magnitude pushes the other way.
        push.setAngle(0, magnitude: -2)
        #expect(push.pushDirection.dx == -2 && push.magnitude == -2)
    }

    /// The setter acts only on a change, and a change resumes a paused animator; the instantaneous push fires on
    /// the step after `active` became true.
    @Test func activeWakesThePausedAnimator() {
        let animator = DynamicAnimator()
        let events = AnimatorEvents()
        animator.delegate = events
        let item = square(300, 300)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: -1)
        push.active = false
        animator.addBehavior(push)
        #expect(runUntilPaused(animator) == 31)  // nothing moves: it sleeps like a lone item (spec §2.5)
        #expect(events.log == ["resume", "pause"] && item.center.y == 300)
        push.active = false  // no change: stays paused
        #expect(!animator.isRunning && events.log == ["resume", "pause"])
        push.active = true
        #expect(animator.isRunning && events.log == ["resume", "pause", "resume"])
        run(animator, frames: 10)
        #expect(item.center.y < 300 - 10)  // thrown upwards at ≈ 100 pt/s
        #expect(!push.active)
    }

    /// Bad input: refused with a diagnostic, the old vector stays, nothing reaches the world.
    @Test func badInputIsRefused() {
        let item = square(100, 100)
        let (animator, push, _) = scene(item, mode: .continuous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        let log = collectingDiagnostics {
            push.pushDirection = CGVector(dx: CGFloat.nan, dy: 0)
            push.magnitude = .infinity
            push.angle = .nan
            push.setAngle(1, magnitude: -.infinity)
            push.setTargetOffsetFromCenter(Offset(horizontal: .nan, vertical: 0), for: item)
            push.pushDirection = CGVector(dx: CGFloat.greatestFiniteMagnitude, dy: 0)
        }
        #expect(log.count(.invalidValue) == 6)
        #expect(push.pushDirection == CGVector(dx: 1, dy: 0) && push.magnitude == 1 && push.angle == 0)
        #expect(push.targetOffsetFromCenter(for: item) == .zero)
        run(animator, frames: 5)
        #expect(item.center.x > 100 && item.center.isFinite && animator.worldIsSound)
    }
}
