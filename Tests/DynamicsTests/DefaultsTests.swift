import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Spec table 2.10: the real UIKit defaults (not the documented ones).
@MainActor
@Suite("Defaults")
struct DefaultsTests {
    @Test func itemBehaviorDefaultsAreUIKitsRealOnes() {
        let b = DynamicItemBehavior()
        #expect(b.elasticity == 0.2)
        #expect(b.friction == 0.2)
        #expect(b.density == 1)
        #expect(b.resistance == 0.1)
        #expect(b.angularResistance == 0.1)
        #expect(b.allowsRotation == true)
        #expect(b.charge == 0)
        #expect(b.isAnchored == false)
        #expect(b.items.isEmpty)
        #expect(b.flags.isEmpty)
    }

    @Test func gravityDefaults() {
        let g = GravityBehavior()
        #expect(g.gravityDirection == CGVector(dx: 0, dy: 1))
        #expect(g.angle == CGFloat.pi / 2)
        #expect(g.magnitude == 1)
        #expect(g.items.isEmpty)
    }

    @Test func collisionDefaults() {
        let c = CollisionBehavior()
        #expect(c.collisionMode == .everything)
        #expect(c.collisionMode.rawValue == UInt.max)
        #expect(CollisionBehavior.Mode.items.rawValue == 1)
        #expect(CollisionBehavior.Mode.boundaries.rawValue == 2)
        #expect(c.translatesReferenceBoundsIntoBoundary == false)
        #expect(c.boundaryIdentifiers == nil)
        #expect(c.collisionDelegate == nil)
    }

    @Test func behaviorAndAnimatorDefaults() {
        let b = DynamicBehavior()
        #expect(b.childBehaviors.isEmpty)
        #expect(b.action == nil)
        #expect(b.dynamicAnimator == nil)
        let a = DynamicAnimator()
        #expect(a.referenceBounds.isNull)
        #expect(a.behaviors.isEmpty)
        #expect(a.isRunning == false)
        #expect(a.elapsedTime == 0)
        #expect(a.delegate == nil)
        let r = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(r.referenceBounds == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(a.world.settings.substepCount == DynamicAnimator.substepsPerWorldStep)
    }

    @Test func itemProtocolDefaults() {
        final class Minimal: DynamicItem {
            var center = CGPoint.zero
            var bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            var transform = CGAffineTransform.identity
        }
        let m = Minimal()
        #expect(m.collisionBoundsType == .rectangle)
        #expect(m.collisionBoundingPath.isEmpty)
        #expect(DynamicItemCollisionBoundsType.ellipse.rawValue == 1)
        #expect(DynamicItemCollisionBoundsType.path.rawValue == 2)
    }

    /// A body without any item behaviour: restitution 0.2, friction 0.2, damping 0.1/0.1, mass w·h/10⁴, no gravity.
    @Test func bodyDefaultsWithoutItemBehavior() throws {
        let animator = DynamicAnimator()
        let item = SimpleDynamicItem(center: CGPoint(x: 100, y: 100), size: CGSize(width: 200, height: 50))
        animator.addBehavior(CollisionBehavior(items: [item]))
        let body = try #require(animator.body(of: item))
        let shape = try #require(animator.shape(of: item))
        let material = try #require(animator.world.material(of: shape))
        #expect(material.friction == 0.2)
        #expect(material.restitution == 0.2)
        #expect(animator.world.linearDamping(of: body) == 0.1)
        #expect(animator.world.angularDamping(of: body) == 0.1)
        #expect(animator.world.gravityScale(of: body) == 0)
        // Mass = density·w·h/10⁴ = 1 (200 × 50 at density 1); float rounding only.
        let mass = try #require(animator.world.mass(of: body))
        #expect(isClose(mass, 1, within: 1e-12))
    }

    /// Spec §2.2: 200 × 50 at density 3 → mass 3 and inertia m(w² + h²)/12 in m² = 1.0625.
    @Test func massAndInertiaFollowUIKitUnits() throws {
        let animator = DynamicAnimator()
        let item = SimpleDynamicItem(center: CGPoint(x: 100, y: 100), size: CGSize(width: 200, height: 50))
        let props = DynamicItemBehavior(items: [item])
        props.density = 3
        animator.addBehavior(props)
        let body = try #require(animator.body(of: item))
        let mass = try #require(animator.world.mass(of: body))
        #expect(isClose(mass, 3, within: 1e-12))
        // Inertia in pt²·mass; 1.0625 m²·kg × 10⁴ pt²/m². Relative float error only.
        let inertia = try #require(animator.world.inertia(of: body))
        #expect(isClose(inertia, 10_625, within: 1e-6))
    }
}
