import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Spec §1.11 and §2.10: item-behaviour values are not clamped to 0…1. UIKit hands elasticity 5, friction −2 and
/// resistance −1 to its bodies as they are (measured); only a negative density is refused (Box2D asserts).
@MainActor
@Suite("Material values outside 0…1")
struct MaterialValueTests {
    /// Values outside 0…1 are kept and read back exactly as set, and reach the body (negative elasticity and
    /// friction reach it as 0, with one diagnostic each). Refused, with one diagnostic each and the old value kept:
    /// a negative density, a resistance of −120 or less (1 + h·c ≤ 0 for h = 1/120 s), NaN.
    @Test func outOfRangeValuesAreKeptAndReadBack() throws {
        let animator = DynamicAnimator()
        let item = square(100, 100)
        let props = DynamicItemBehavior(items: [item])
        animator.addBehavior(props)
        let accepted = collectingDiagnostics {
            props.elasticity = 5
            props.friction = 3
            props.resistance = -1
            props.angularResistance = -0.5
            props.density = 7
        }
        #expect(accepted.all.isEmpty)
        #expect(props.elasticity == 5 && props.friction == 3 && props.resistance == -1)
        #expect(props.angularResistance == -0.5 && props.density == 7)
        let body = try #require(animator.body(of: item)), shape = try #require(animator.shape(of: item))
        let m = try #require(animator.world.material(of: shape))
        #expect(m.restitution == 5 && m.friction == 3)
        #expect(animator.world.linearDamping(of: body) == -1)

        let negatives = collectingDiagnostics {
            props.elasticity = -0.5
            props.friction = -2
        }
        #expect(negatives.count(.invalidValue) == 2)
        #expect(props.elasticity == -0.5 && props.friction == -2)
        let m2 = try #require(animator.world.material(of: shape))
        #expect(m2.restitution == 0 && m2.friction == 0)

        let refused = collectingDiagnostics {
            props.density = -1
            props.resistance = -120
            props.angularResistance = -500
            props.resistance = .nan
        }
        #expect(refused.count(.invalidValue) == 4)
        #expect(props.density == 7 && props.resistance == -1 && props.angularResistance == -0.5)
        #expect(refused.all.first?.message.contains("density -1.0 must be finite and ≥ 0") == true)
        #expect(animator.worldIsSound)
    }

    /// Spec §1.11/§3.2: a negative resistance speeds the item up by the damping formula v ← v / (1 + h·c) per
    /// 1/120-s world step. Resistance −1, no gravity, 100 pt/s: after 60 frames (119 world steps: the first frame
    /// takes one) v = 100 / (1 − h)^119 ≈ 270.6 pt/s. Tolerance 1e-9 relative: a free item takes the formula once
    /// per world step with the whole step (spec §3.2), so only rounding is left. Without negative resistance the value is refused and the item slows to ≈ 90 pt/s.
    @Test func negativeResistanceSpeedsUpByTheFormula() {
        let animator = DynamicAnimator()
        let item = square(100, 100)
        let props = DynamicItemBehavior(items: [item])
        props.resistance = -1
        props.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        animator.addBehavior(props)
        run(animator, frames: 60)
        let h = DynamicAnimator.worldStepInterval
        let expected = 100 / pow(1 - h, 119)
        let v = Double(props.linearVelocity(for: item).x)
        #expect(abs(v - expected) / expected < 1e-9, "v = \(v), formula \(expected)")
    }

    /// Friction −2 reaches the solver as 0 (UIKit's Box2D would mix √(−2 × 0.2) = NaN): a box sliding on a floor
    /// keeps its speed exactly (resistance 0, friction mix √(0 × 0.2) = 0; 1e-9 for round-off); the refused value
    /// would have kept friction 0.2 and stopped it.
    @Test func negativeFrictionSlidesAsZero() {
        let animator = DynamicAnimator()
        let item = square(100, 280, side: 40)
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(
            withIdentifier: "floor", from: CGPoint(x: -10_000, y: 300), to: CGPoint(x: 10_000, y: 300))
        let props = DynamicItemBehavior(items: [item])
        props.friction = -2
        props.resistance = 0
        props.allowsRotation = false
        props.addLinearVelocity(CGPoint(x: 200, y: 0), for: item)
        for b in [GravityBehavior(items: [item]), collision, props] as [DynamicBehavior] { animator.addBehavior(b) }
        run(animator, frames: 60)
        #expect(isClose(props.linearVelocity(for: item).x, 200, within: 1e-9))
        #expect(animator.worldIsSound)
    }

    /// A negative angular resistance spins the item up (v ← v / (1 + h·c)) but never past Box2D's rotation limit of
    /// π/2 per world step (188.5 rad/s): with −60 the spin would grow ×2 per step and overflow within seconds.
    @Test func negativeAngularResistanceStaysFinite() {
        let animator = DynamicAnimator()
        let item = square(100, 100)
        let props = DynamicItemBehavior(items: [item])
        props.angularResistance = -60
        props.addAngularVelocity(1, for: item)
        animator.addBehavior(props)
        run(animator, frames: 2)
        // Three world steps of ×2 (1/(1 − 60/120)) give 8; ≥ 5.1 however the step is sub-divided.
        #expect(props.angularVelocity(for: item) > 5)
        run(animator, frames: 600)
        let h = DynamicAnimator.worldStepInterval
        let cap = Double.pi / 2 / h
        // The cap applies before each world step; one step of growth, ×1/(1 − 60·h) (2 within rounding: the
        // interval is Float(1/120)), may follow it. 1e-9 relative: rounding only.
        #expect(Double(abs(props.angularVelocity(for: item))) <= cap / (1 - 60 * h) * (1 + 1e-9))
        #expect(item.center.x.isFinite && item.transform.a.isFinite && animator.worldIsSound)
    }
}
