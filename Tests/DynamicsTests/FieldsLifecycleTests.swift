import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Field behaviours through the animator (spec §1.12): membership, the 32-field limit, waking, charge, noise,
/// custom blocks.
@MainActor
@Suite("Field behaviour lifecycle, noise and custom blocks")
struct FieldsLifecycleTests {
    // MARK: Membership, regions, lifecycle

    @Test("A field acts only on its own items")
    func onlyItsItems() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let member = square(300, 300)
        let stranger = square(700, 300)
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 5))
        field.addItem(member)
        let keep = DynamicItemBehavior(items: [member, stranger])
        keep.resistance = 0
        animator.addBehavior(field)
        animator.addBehavior(keep)
        run(animator, frames: 10)
        #expect(member.center.y > 300)
        #expect(stranger.center == CGPoint(x: 700, y: 300))
        // Removing the item stops the force: with resistance 0 it coasts at exactly the same velocity.
        field.removeItem(member)
        #expect(animator.world.fieldMask(of: animator.body(of: member)!) == 0)
        let v = keep.linearVelocity(for: member)
        run(animator, frames: 5)
        #expect(keep.linearVelocity(for: member) == v)
    }

    @Test("Removing the behaviour destroys its world field; re-adding creates a new one")
    func removalDestroysTheField() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let item = square(300, 300)
        let field = FieldBehavior.springField()
        field.addItem(item)
        let keep = DynamicItemBehavior(items: [item])
        animator.addBehavior(keep)
        animator.addBehavior(field)
        #expect(animator.world.fieldCount == 1)
        let body = animator.body(of: item)!
        #expect(animator.world.fieldMask(of: body) != 0)
        animator.removeBehavior(field)
        #expect(animator.world.fieldCount == 0)
        #expect(animator.world.fieldMask(of: body) == 0)
        #expect(field.fieldID == nil)
        animator.addBehavior(field)
        #expect(animator.world.fieldCount == 1)
        #expect(animator.world.fieldMask(of: body) == animator.world.categoryBit(of: field.fieldID!))
    }

    @Test("At most 32 fields per animator: the 33rd gets UIKit's diagnostic and acts on nothing")
    func thirtyThirdField() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let fields = (0..<32).map { _ in FieldBehavior.dragField() }
        for f in fields { animator.addBehavior(f) }
        let item = square(500, 500)
        let extra = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 10))
        extra.addItem(item)
        let log = collectingDiagnostics { animator.addBehavior(extra) }
        #expect(log.count(.tooManyFields) == 1)
        #expect(log.all.first?.message.hasPrefix("UIDynamicAnimator supports a maximum of 32 distinct fields") == true)
        #expect(animator.behaviors.count == 33)
        run(animator, frames: 5)
        #expect(item.center.y == 500)
        // Free one slot and add the field again: now it works.
        animator.removeBehavior(extra)
        animator.removeBehavior(fields[3])
        let again = collectingDiagnostics { animator.addBehavior(extra) }
        #expect(again.all.isEmpty)
        run(animator, frames: 5)
        #expect(item.center.y > 500)
    }

    @Test("Parameter setters wake the items and resume a paused animator")
    func settersTickle() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let events = AnimatorEvents()
        animator.delegate = events
        let item = square(500, 500)
        let field = FieldBehavior.linearGravityField(direction: .zero)
        field.addItem(item)
        animator.addBehavior(field)
        runUntilPaused(animator)
        #expect(!animator.isRunning)
        field.direction = CGVector(dx: 1, dy: 0)
        #expect(animator.isRunning)
        #expect(events.resumes == 2)
        run(animator, frames: 10)
        #expect(item.center.x > 500)
    }

    @Test("DynamicItemBehavior.charge reaches the body and stays after the behaviour is removed")
    func chargeReachesTheBody() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let item = square(500, 500)
        let gravity = GravityBehavior(items: [item])
        let props = DynamicItemBehavior(items: [item])
        props.charge = 2
        animator.addBehavior(gravity)
        animator.addBehavior(props)
        let body = animator.body(of: item)!
        #expect(animator.world.charge(of: body) == 2)
        props.charge = -0.5
        #expect(animator.world.charge(of: body) == -0.5)
        animator.removeBehavior(props)
        run(animator, frames: 1)
        #expect(animator.world.charge(of: body) == -0.5)
    }

    @Test("Seed 000 spring field under gravity: rests g/k below the field")
    func springUnderGravity() {
        // S = 10 on 1 kg: a = −10 · p pt/s² (p in pt), so gravity 1000 pt/s² balances at p = 100 pt. Resistance
        // 5 damps it (ζ ≈ 0.8); after 4 s what is left of the 100-pt swing is < 0.01 pt, plus the sleep rule's
        // 1 pt/s: 0.5 pt.
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let item = square(300, 200)
        let spring = FieldBehavior.springField()
        spring.position = CGPoint(x: 300, y: 200)
        spring.strength = 10
        spring.addItem(item)
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 5
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(props)
        animator.addBehavior(spring)
        run(animator, frames: 240)
        #expect(isClose(item.center.y, 300, within: 0.5), "rests at \(item.center.y)")
        #expect(item.center.x == 300)
    }

    // MARK: Noise

    /// Two noise-driven items' centres after `frames`.
    private func noiseRun(speed: CGFloat, frames: Int) -> [CGPoint] {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let a = square(400, 400, side: 40), b = square(600, 500, side: 40)
        let noise = FieldBehavior.noiseField(smoothness: 0.4, animationSpeed: speed)
        noise.strength = 3
        noise.addItem(a)
        noise.addItem(b)
        animator.addBehavior(noise)
        run(animator, frames: frames)
        return [a.center, b.center]
    }

    @Test("Noise moves items, deterministically: the same scene twice is bit-identical")
    func noiseDeterminism() {
        let first = noiseRun(speed: 1, frames: 60)
        let second = noiseRun(speed: 1, frames: 60)
        #expect(first == second)
        #expect(first[0] != CGPoint(x: 400, y: 400) && first[1] != CGPoint(x: 600, y: 500))
    }

    @Test("animationSpeed 0 freezes the noise: the force at a point does not change with time")
    func noiseFrozen() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let item = square(100, 100)
        let frozen = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 0)
        let moving = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 2)
        frozen.addItem(item)
        moving.addItem(item)
        animator.addBehavior(frozen)
        animator.addBehavior(moving)
        let probe = Vec2(520, 610)
        func force(_ f: FieldBehavior) -> Vec2 {
            animator.world.fieldForce(f.fieldID!, at: probe, velocity: .zero, mass: 1, charge: 0)!
        }
        let frozen0 = force(frozen), moving0 = force(moving)
        run(animator, frames: 30)
        #expect(frozen0 != .zero)
        #expect(force(frozen) == frozen0)
        #expect(force(moving) != moving0)
    }

    // MARK: Custom block

    @Test("A custom block gets field-local pt, m/s, kg, charge and the world step; returns newtons")
    func customBlock() {
        var calls: [(CGPoint, CGVector, CGFloat, CGFloat, TimeInterval)] = []
        var sawField = false
        let field = FieldBehavior.field { f, position, velocity, mass, charge, dt in
            sawField = f.strength == 1
            calls.append((position, velocity, mass, charge, dt))
            return CGVector(dx: 1, dy: 0)
        }
        let a = FieldScene.firstFrameAcceleration(field, density: 2, charge: 3, velocity: CGPoint(x: 50, y: -100))
        #expect(sawField)
        #expect(calls.count == 1)  // once per world step (spec §2.8, §3.2)
        let (position, velocity, mass, charge, dt) = calls[0]
        #expect(position == CGPoint(x: 300, y: 400))
        #expect(velocity == CGVector(dx: 0.5, dy: -1))
        #expect(mass == 2 && charge == 3)
        #expect(isClose(dt, DynamicAnimator.worldStepInterval, within: 1e-15))
        // 1 N on 2 kg: 50 pt/s² (exact but for rounding).
        #expect(isClose(a.dx, 50, within: 1e-6) && isClose(a.dy, 0, within: 1e-9), "a = \(a)")
    }

    @Test("A custom block may read the animator: it sees the state at the start of the world step")
    func customBlockReadsTheAnimator() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let item = square(500, 500)
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        props.addLinearVelocity(CGPoint(x: 40, y: 0), for: item)
        var seen: [CGPoint] = []
        var found = 0
        let field = FieldBehavior.field { [weak animator] _, _, _, _, _, _ in
            seen.append(props.linearVelocity(for: item))
            found = animator?.items(in: CGRect(x: 450, y: 450, width: 100, height: 100)).count ?? 0
            return CGVector(dx: 1, dy: 0)
        }
        field.addItem(item)
        animator.addBehavior(props)
        animator.addBehavior(field)
        run(animator, frames: 2)
        // Frame 1: one world step from 40 pt/s; frame 2: two more; the block runs once per world step (a free
        // item, spec §3.2). Each reads the velocity its step began with: 40, then 40 + 100 h, then 40 + 200 h pt/s
        // (1 N on 1 kg = 100 pt/s², h = one world step).
        let h = DynamicAnimator.worldStepInterval
        #expect(seen.count == 3)
        guard seen.count == 3 else { return }
        #expect(seen[0] == CGPoint(x: 40, y: 0))
        #expect(isClose(seen[1].x, 40 + 100 * h, within: 1e-9) && isClose(seen[2].x, 40 + 200 * h, within: 1e-9))
        #expect(found == 1)
        #expect(isClose(props.linearVelocity(for: item).x, 40 + 300 * h, within: 1e-9))
    }

    @Test("A custom block's strength only switches it off; a non-finite force counts as zero (one diagnostic)")
    func customBlockStrengthAndNaN() {
        let off = FieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: 5, dy: 5) }
        off.strength = 0
        let a = FieldScene.firstFrameAcceleration(off)
        #expect(a.dx == 0 && a.dy == 0)
        let big = FieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: 1, dy: 0) }
        big.strength = 50
        big.falloff = 3
        FieldScene.expectClose(FieldScene.firstFrameAcceleration(big), 100, 0)
        let bad = FieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: CGFloat.nan, dy: 0) }
        let log = collectingDiagnostics {
            let (animator, item, _) = FieldScene.scene(bad)
            run(animator, frames: 3)
            #expect(item.center == FieldScene.itemCenter)
            #expect(animator.worldIsSound)
        }
        #expect(log.count(.invalidValue) == 1)
    }
}
