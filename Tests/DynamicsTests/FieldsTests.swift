import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Field behaviours through the animator: the spec's §2.8 measured examples (100 × 100 item, p = (3, 4) m from
/// the field, m = 1 kg unless said), the preview probe, velocity fields.
@MainActor
@Suite("Field behaviours")
struct FieldsTests {
    // MARK: The spec's measured examples (1 %: the bound; the item moves < 0.02 pt and turns its
    // velocity < 0.002 rad during the step, so the mean is within 0.1 % of the formula at the start).

    @Test("Linear gravity (3, 4) → (300, 400) pt/s²")
    func linearGravity() {
        FieldScene.expectClose(
            FieldScene.firstFrameAcceleration(.linearGravityField(direction: CGVector(dx: 3, dy: 4))), 300, 400)
        FieldScene.expectClose(
            FieldScene.firstFrameAcceleration(.linearGravityField(direction: CGVector(dx: 3, dy: 4)), density: 3),
            300, 400)
    }

    @Test("Radial gravity (falloff 2) → −(2.4, 3.2) pt/s²")
    func radialGravity() {
        let a = FieldScene.firstFrameAcceleration(.radialGravityField(position: .zero))
        FieldScene.expectClose(a, -2.4, -3.2)
    }

    @Test("Electric, q = 2 (falloff 1) → (24, 32) pt/s², away from the field")
    func electric() {
        FieldScene.expectClose(FieldScene.firstFrameAcceleration(.electricField(), charge: 2), 24, 32)
        FieldScene.expectClose(FieldScene.firstFrameAcceleration(.electricField(), charge: 0), 0, 0)
    }

    @Test(
        "Magnetic, v = (100, 0) pt/s (falloff 1) → (0, −20) pt/s² for q = ±1 and 2",
        arguments: [CGFloat(1), -1, 2])
    func magnetic(charge: CGFloat) {
        let a = FieldScene.firstFrameAcceleration(.magneticField(), charge: charge, velocity: CGPoint(x: 100, y: 0))
        FieldScene.expectClose(a, 0, -20)
    }

    @Test("Magnetic with charge 0 does nothing")
    func magneticNeutral() {
        let a = FieldScene.firstFrameAcceleration(.magneticField(), charge: 0, velocity: CGPoint(x: 100, y: 0))
        #expect(a.dx == 0 && a.dy == 0)
    }

    @Test("Spring (falloff −1) → −(300, 400) pt/s²")
    func spring() {
        FieldScene.expectClose(FieldScene.firstFrameAcceleration(.springField()), -300, -400)
    }

    @Test("Vortex → (−80, 60) pt/s²; density 3 (m = 3) → (−8.89, 6.67)")
    func vortex() {
        FieldScene.expectClose(FieldScene.firstFrameAcceleration(.vortexField()), -80, 60)
        FieldScene.expectClose(FieldScene.firstFrameAcceleration(.vortexField(), density: 3), -8.89, 6.67)
    }

    @Test("Drag S = 1 from 100 pt/s: the measured formula −S·u·|u| evaluated once per world step")
    func drag() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let item = square(500, 500)
        let props = DynamicItemBehavior(items: [item])  // default resistance 0.1, as in the measurement
        props.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        let drag = FieldBehavior.dragField()
        drag.addItem(item)
        animator.addBehavior(props)
        animator.addBehavior(drag)
        animator.advance(by: 1.0 / 60)
        // Model: the first frame's one world step of h = Float(1/120) s, the field acting once in it (spec §3.2):
        // v ← (v − h · v²/100) / (1 + 0.1 h) (1 m/s → 1 N → 100 pt/s² on 1 kg). 1e-9: rounding only.
        var v = 100.0
        let h = DynamicAnimator.worldStepInterval
        v = (v - h * v * v / 100) / (1 + 0.1 * h)
        let measured = Double(props.linearVelocity(for: item).x)
        #expect(isClose(measured, v, within: 1e-9), "v = \(measured), model \(v)")
        #expect(isClose(measured, 99.08, within: 0.01))
    }

    @Test("Drag S = 1 from 100 pt/s, resistance 0: 97.54 pt/s (the spec's number) after 1/40 s")
    func dragSpecNumber() {
        // The spec's measured 97.54 pt/s is three 1/120-s world steps of v ← v − h·v²/100 (the continuous
        // solution would be 97.561). Two frames here: the first takes one world step, the second two. 1 %: the
        // issue's bound; the Box2D model to 1e-9 (rounding only), and it rounds to the measured 97.54.
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let item = square(500, 500)
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        props.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        let drag = FieldBehavior.dragField()
        drag.addItem(item)
        animator.addBehavior(props)
        animator.addBehavior(drag)
        run(animator, frames: 2)
        let v = props.linearVelocity(for: item).x
        #expect(isClose(v, 97.54, within: 0.9754), "v = \(v)")
        var model = 100.0
        for _ in 0..<3 { model -= DynamicAnimator.worldStepInterval * model * model / 100 }
        #expect(isClose(Double(v), model, within: 1e-9), "v = \(v), model \(model)")
        #expect(isClose(Double(v), 97.54, within: 0.005), "v = \(v)")
    }

    @Test("acceleration(at:) previews the field (the sandbox's vector grid), region and mass included")
    func accelerationProbe() {
        let spring = FieldBehavior.springField()
        spring.position = FieldScene.fieldPosition
        let a = spring.acceleration(at: FieldScene.itemCenter)
        // The same formula as the solver's: exact but for rounding.
        #expect(isClose(a.dx, -300, within: 1e-9) && isClose(a.dy, -400, within: 1e-9), "a = \(a)")
        let heavy = spring.acceleration(at: FieldScene.itemCenter, mass: 4)
        #expect(isClose(heavy.dx, -75, within: 1e-9) && isClose(heavy.dy, -100, within: 1e-9))
        spring.region = Region(radius: 499)
        #expect(spring.acceleration(at: FieldScene.itemCenter) == .zero)
        let vortex = FieldBehavior.vortexField()
        vortex.position = FieldScene.fieldPosition
        let v = vortex.acceleration(at: FieldScene.itemCenter, mass: 3)
        #expect(isClose(v.dx, -80.0 / 9, within: 1e-9) && isClose(v.dy, 60.0 / 9, within: 1e-9))
        let velocity = FieldBehavior.velocityField(direction: CGVector(dx: 1, dy: 0))
        let change = velocity.acceleration(at: .zero, velocity: CGPoint(x: 30, y: 10))
        #expect(change == CGVector(dx: 70, dy: -10))
        #expect(spring.acceleration(at: CGPoint(x: CGFloat.nan, y: 0)) == .zero)
    }

    // MARK: Velocity fields

    @Test("A velocity field replaces the velocity while the item is inside it; gravity is ignored there")
    func velocityField() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 2000, height: 2000))
        let carried = square(500, 500, side: 20)
        let outside = square(1500, 500, side: 20)
        let gravity = GravityBehavior(items: [carried, outside])
        let field = FieldBehavior.velocityField(direction: CGVector(dx: 1, dy: 0))
        field.position = CGPoint(x: 500, y: 500)
        field.region = Region(size: CGSize(width: 400, height: 400))
        field.addItem(carried)
        field.addItem(outside)
        animator.addBehavior(gravity)
        animator.addBehavior(field)
        run(animator, frames: 30)
        // Inside: vx = 100 pt/s then the default resistance 0.1 for one world step (spec §2.8): 100/(1 + 0.1 h).
        let v = animator.world.linearVelocity(of: animator.body(of: carried)!)!
        let h = DynamicAnimator.worldStepInterval
        #expect(isClose(v.x, 100 / (1 + 0.1 * h), within: 1e-9), "v = \(v)")
        #expect(v.y == 0)
        #expect(carried.center.y == 500)
        // 30 frames = 59 world steps of motion at that speed.
        #expect(isClose(Double(carried.center.x), 500 + 59 * DynamicAnimator.worldStepInterval * v.x, within: 1e-6))
        // Outside the region: it just falls.
        #expect(outside.center.x == 1500)
        #expect(outside.center.y > 600)
    }
}
