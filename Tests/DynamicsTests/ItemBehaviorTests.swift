import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

@MainActor
@Suite("Item behaviour")
struct ItemBehaviorTests {
    /// Spec §1.11: per property the last *marked* behaviour in traversal order wins; setting a value equal to the
    /// current one marks nothing; removing a behaviour restores the defaults, then the others re-apply.
    @Test func lastFlagWins() throws {
        let animator = DynamicAnimator()
        let item = square(100, 100)
        let b1 = DynamicItemBehavior(items: [item]), b2 = DynamicItemBehavior(items: [item])
        b1.elasticity = 0.9
        b1.friction = 0.7
        b2.elasticity = 0.5
        b2.friction = 0.2  // equal to the default: not marked
        #expect(b2.flags == .elasticity)
        animator.addBehavior(b1)
        animator.addBehavior(b2)
        animator.advance(by: 1.0 / 60.0)
        let shape = try #require(animator.shape(of: item))
        var m = try #require(animator.world.material(of: shape))
        #expect(m.restitution == 0.5 && m.friction == 0.7)
        // Removing b2 restores the defaults; b1 re-applies at the next step.
        animator.removeBehavior(b2)
        m = try #require(animator.world.material(of: shape))
        #expect(m.restitution == 0.2 && m.friction == 0.2)
        animator.advance(by: 1.0 / 60.0)
        m = try #require(animator.world.material(of: shape))
        #expect(m.restitution == 0.9 && m.friction == 0.7)
        // Changing b1 later still wins (only b1 is marked).
        b1.elasticity = 0.3
        m = try #require(animator.world.material(of: shape))
        #expect(m.restitution == 0.3)
    }

    /// Child behaviours come right after their parent in the traversal, so a later top-level one wins.
    @Test func traversalOrderDecides() throws {
        let animator = DynamicAnimator()
        let item = square(100, 100)
        let composite = DynamicBehavior()
        let child = DynamicItemBehavior(items: [item])
        child.density = 4
        composite.addChildBehavior(child)
        let later = DynamicItemBehavior(items: [item])
        later.density = 2
        animator.addBehavior(later)
        animator.addBehavior(composite)
        animator.advance(by: 1.0 / 60.0)
        // Traversal: later, composite, child → child (density 4, mass 4) wins.
        let body = try #require(animator.body(of: item))
        let mass = try #require(animator.world.mass(of: body))
        #expect(isClose(mass, 4, within: 1e-12))
    }

    /// Resistance, angular resistance, allowsRotation and anchoring reach the body; anchoring and charge stay
    /// after the behaviour is removed.
    @Test func propertiesReachTheBody() throws {
        let animator = DynamicAnimator()
        let item = square(100, 100)
        let keep = DynamicItemBehavior(items: [item])
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 2
        props.angularResistance = 3
        props.allowsRotation = false
        props.charge = -1.5
        animator.addBehavior(keep)
        animator.addBehavior(props)
        let body = try #require(animator.body(of: item))
        #expect(animator.world.linearDamping(of: body) == 2)
        #expect(animator.world.angularDamping(of: body) == 3)
        #expect(animator.world.bodies[Int(body.index)].fixedRotation)
        #expect(animator.record(for: item)?.charge == -1.5)
        props.isAnchored = true
        #expect(animator.world.type(of: body) == .static)
        animator.removeBehavior(props)
        #expect(animator.world.type(of: body) == .static)
        #expect(animator.world.linearDamping(of: body) == 0.1)
        #expect(animator.record(for: item)?.charge == -1.5)
    }

    /// Anchored items are walls: a falling item lands on an anchored one; un-anchoring restores a dynamic body at
    /// rest.
    @Test func anchoredItemsAreStatic() throws {
        let animator = DynamicAnimator()
        let floor = SimpleDynamicItem(center: CGPoint(x: 200, y: 300), size: CGSize(width: 400, height: 20))
        let ball = square(200, 100, side: 20)
        let anchor = DynamicItemBehavior(items: [floor])
        anchor.isAnchored = true
        animator.addBehavior(GravityBehavior(items: [ball, floor]))
        animator.addBehavior(CollisionBehavior(items: [ball, floor]))
        animator.addBehavior(anchor)
        run(animator, frames: 90)
        #expect(floor.center.y == 300)
        #expect(isClose(ball.center.y, 280, within: 1))
        anchor.isAnchored = false
        #expect(anchor.linearVelocity(for: floor) == .zero)
        run(animator, frames: 10)
        #expect(floor.center.y > 300)
    }

    /// Velocities added before association are summed and applied when the behaviour is added; later additions
    /// add at once; items not in the behaviour are ignored.
    @Test func addingVelocities() {
        let animator = DynamicAnimator()
        let item = square(100, 100), stranger = square(300, 100)
        let props = DynamicItemBehavior(items: [item])
        props.addLinearVelocity(CGPoint(x: 10, y: 0), for: item)
        props.addLinearVelocity(CGPoint(x: 5, y: 2), for: item)
        props.addAngularVelocity(1, for: item)
        props.addLinearVelocity(CGPoint(x: 99, y: 99), for: stranger)
        #expect(props.linearVelocity(for: item) == .zero)
        animator.addBehavior(props)
        #expect(props.linearVelocity(for: item) == CGPoint(x: 15, y: 2))
        #expect(props.angularVelocity(for: item) == 1)
        props.addLinearVelocity(CGPoint(x: -15, y: 0), for: item)
        #expect(props.linearVelocity(for: item) == CGPoint(x: 0, y: 2))
        #expect(props.linearVelocity(for: stranger) == .zero)
        #expect(props.angularVelocity(for: stranger) == 0)
    }

    /// resistance 1 does not stop an item at once: ≈ e⁻¹ = 37 % of the speed is left after 1 s (480 sub-steps of
    /// v ← v/(1 + h): (1 + 1/480)^-480 = 0.3675); tolerance 0.005 for the first frame's single world step.
    @Test func resistanceIsADampingRate() {
        let animator = DynamicAnimator()
        let item = square(100, 100)
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 1
        animator.addBehavior(props)
        props.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        run(animator, frames: 60)
        animator.advance(by: 1.0 / 120.0)
        #expect(isClose(Double(props.linearVelocity(for: item).x) / 100, 0.3675, within: 0.005))
    }

    /// An item in no item behaviour still has resistance 0.1: ≈ 90.5 % of the speed after 1 s.
    @Test func defaultResistanceWithoutItemBehavior() throws {
        let animator = DynamicAnimator()
        let item = square(100, 100)
        animator.addBehavior(CollisionBehavior(items: [item]))
        let body = try #require(animator.body(of: item))
        animator.world.setLinearVelocity(body, Vec2(100, 0))
        run(animator, frames: 60)
        animator.advance(by: 1.0 / 120.0)
        // (1 + 0.1/480)^-480 = 0.90484; tolerance 0.001.
        let v = try #require(animator.world.linearVelocity(of: body))
        #expect(isClose(v.x / 100, 0.9048, within: 0.001))
    }
}
