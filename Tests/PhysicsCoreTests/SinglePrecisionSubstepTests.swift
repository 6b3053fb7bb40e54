import Testing
@testable import PhysicsCore

/// The single-precision sub-steps (Solver/SinglePrecisionSubsteps.swift): the bodies the contact solver touches are
/// integrated in single precision through the step; they must follow the general (double-precision) path within
/// single-precision rounding, and every body outside the solver must move bit for bit as there.
@Suite("Single-precision sub-steps")
struct SinglePrecisionSubstepTests {
    /// The scene stepped `frames` 60-Hz frames with the single-precision sub-steps on or off, sleep off (every step
    /// solves).
    static func run(
        _ frames: Int, singlePrecision: Bool, _ build: (WorldSettings) -> (World, [BodyID])
    ) -> (World, [BodyID]) {
        var settings = Scenes.frameSettings
        settings.singlePrecisionSubsteps = singlePrecision
        settings.enableSleep = false
        var (w, ids) = build(settings)
        for _ in 0..<frames { w.step(dt: 1.0 / 60) }
        return (w, ids)
    }

    @Test("A 20-row pyramid after 2 s: every box within 0.002 pt and 5·10⁻⁵ rad of the double-precision path")
    func pyramidFollowsTheDoublePath() {
        let (single, ids) = Self.run(120, singlePrecision: true) { Scenes.pyramid(base: 20, settings: $0) }
        let (double, _) = Self.run(120, singlePrecision: false) { Scenes.pyramid(base: 20, settings: $0) }
        // Every step took the single-precision path (the boxes touch from the start), none in the reference.
        #expect(single.scratch.singlePrecisionSteps == 120)
        #expect(double.scratch.singlePrecisionSteps == 0)
        var worst = 0.0, worstAngle = 0.0
        for id in ids {
            worst = max(worst, (single.position(of: id)! - double.position(of: id)!).length)
            worstAngle = max(worstAngle, abs(single.angle(of: id)! - double.angle(of: id)!))
        }
        // The paths differ by the single-precision rounding of each sub-step's velocity and motion increments
        // (relative 6·10⁻⁸), which the stack's 2 s of settling amplifies: measured 0.0008 pt and 1.5·10⁻⁵ rad. For
        // scale, shifting every box by 10⁻⁵ pt at the start moves them by 0.03 pt and 4·10⁻⁴ rad after 2 s on the
        // double-precision path alone. A wrong integration (a sub-step's gravity lost or doubled, motion not
        // integrated, a rate from the wrong body) moves the boxes by whole points.
        #expect(worst < 0.002, "worst position difference \(worst) pt")
        #expect(worstAngle < 5e-5, "worst angle difference \(worstAngle) rad")
        // And the stack stands as before: the top box has sunk less than 1.3 pt (measured 1.22 at the default 60-Hz
        // contacts; the bench's bar, 5 pt on 40 rows, is about 1.3 on 20, the sag growing as the rows squared).
        let top = ids.last!
        #expect(abs(single.position(of: top)!.y - Double(2 * 20 - 1) * 20) < 1.3)
    }

    /// A pyramid, a ball flying and spinning far from everything, and a kinematic platform sliding under three boxes.
    static func mixedScene(_ settings: WorldSettings) -> (World, [BodyID]) {
        var (w, ids) = Scenes.pyramid(base: 6, settings: settings)
        var fd = BodyDefinition()
        fd.position = Vec2(3000, 2000)
        fd.linearVelocity = Vec2(130.7, 410.3)
        fd.angularVelocity = 2.9
        fd.linearDamping = 0.3
        let flyer = w.createBody(fd)!
        _ = try! w.createBox(on: flyer, halfWidth: 10, halfHeight: 7, ShapeDefinition()).get()
        var kd = BodyDefinition()
        kd.type = .kinematic
        kd.position = Vec2(-1000, 500)
        kd.linearVelocity = Vec2(37.3, 0)
        kd.angularVelocity = 0.013
        let platform = w.createBody(kd)!
        _ = try! w.createBox(on: platform, halfWidth: 200, halfHeight: 10, ShapeDefinition()).get()
        for k in 0..<3 {
            var bd = BodyDefinition()
            bd.position = Vec2(-1100 + 100 * Double(k), 530)
            let b = w.createBody(bd)!
            _ = try! w.createBox(on: b, halfWidth: 20, halfHeight: 20, ShapeDefinition()).get()
            ids.append(b)
        }
        return (w, ids + [flyer, platform])
    }

    @Test("A body no contact touches and a kinematic body move bit for bit as on the double-precision path")
    func freeAndKinematicBodiesAreExact() {
        let (single, ids) = Self.run(90, singlePrecision: true, Self.mixedScene)
        let (double, _) = Self.run(90, singlePrecision: false, Self.mixedScene)
        #expect(single.scratch.singlePrecisionSteps == 90)
        let flyer = ids[ids.count - 2], platform = ids[ids.count - 1]
        for id in [flyer, platform] {
            let a = single.position(of: id)!, b = double.position(of: id)!
            #expect(a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern, "\(a) vs \(b)")
            #expect(single.angle(of: id)!.bitPattern == double.angle(of: id)!.bitPattern)
            let va = single.linearVelocity(of: id)!, vb = double.linearVelocity(of: id)!
            #expect(va.x.bitPattern == vb.x.bitPattern && va.y.bitPattern == vb.y.bitPattern)
            #expect(single.angularVelocity(of: id)!.bitPattern == double.angularVelocity(of: id)!.bitPattern)
        }
        // The platform carried its boxes (they are solver bodies): they rode along within rounding of the other
        // path, 1.5 s at 37.3 pt/s ≈ 56 pt to the right.
        for id in ids[ids.count - 5..<ids.count - 2] {
            let a = single.position(of: id)!, b = double.position(of: id)!
            #expect((a - b).length < 0.001, "\(a) vs \(b)")
            #expect(a.x > -1100 + 40)
        }
    }

    @Test("A zero-strength field on every body changes nothing on the single-precision path")
    func idleFieldKeepsTheSinglePath() {
        func build(_ settings: WorldSettings, field: Bool) -> (World, [BodyID]) {
            var (w, ids) = Scenes.pyramid(base: 8, settings: settings)
            if field {
                var drag = FieldDefinition(kind: .drag)
                drag.strength = 0
                let f = w.createField(drag)!
                for id in ids { w.setFieldMask(id, w.categoryBit(of: f)!) }
            }
            return (w, ids)
        }
        let (plain, ids) = Self.run(60, singlePrecision: true) { build($0, field: false) }
        let (withField, _) = Self.run(60, singlePrecision: true) { build($0, field: true) }
        #expect(withField.scratch.singlePrecisionSteps == 60)
        #expect(!withField.fieldStore.order.isEmpty)
        for id in ids {
            #expect(plain.position(of: id)! == withField.position(of: id)!)
            #expect(plain.angle(of: id)! == withField.angle(of: id)!)
        }
    }

    @Test("A box resting on a frictionless floor inside a velocity field takes the field's velocity")
    func velocityFieldDrivesAConstrainedBody() {
        var settings = Scenes.frameSettings
        settings.gravity = Vec2(0, -1000)
        var w = World(settings: settings)
        Scenes.staticBox(&w, center: Vec2(0, -50), halfWidth: 2000, halfHeight: 50, friction: 0, restitution: 0)
        var bd = BodyDefinition()
        bd.position = Vec2(0, 20)
        bd.linearDamping = 0
        let box = w.createBody(bd)!
        var sd = ShapeDefinition()
        sd.friction = 0
        _ = try! w.createBox(on: box, halfWidth: 20, halfHeight: 20, sd).get()
        var field = FieldDefinition(kind: .velocity)
        field.direction = Vec2(0.5, 0)
        let f = w.createField(field)!
        w.setFieldMask(box, w.categoryBit(of: f)!)
        for _ in 0..<30 { w.step(dt: 1.0 / 60) }
        #expect(w.scratch.singlePrecisionSteps > 0)
        // Direction 0.5 m/s at 100 pt/m: 50 pt/s, held in every sub-step (single-precision rounding: 10⁻⁴ pt/s).
        #expect(abs(w.linearVelocity(of: box)!.x - 50) < 1e-3, "\(w.linearVelocity(of: box)!)")
    }

    @Test("When the preparation epoch wraps, a body stamped long ago is not taken for a solver body")
    func epochWrapForgetsOldStamps() {
        // A ball on the floor in the first steps (stamped with an early epoch) is thrown up and flies freely; a box rests
        // on the floor so that every step has contacts. One world's epoch is then made to wrap back to 1.
        func build() -> (World, BodyID) {
            var settings = Scenes.frameSettings
            settings.enableSleep = false
            settings.gravity = Vec2(0, -1000)
            var w = World(settings: settings)
            Scenes.staticBox(&w, center: Vec2(0, -50), halfWidth: 2000, halfHeight: 50, friction: 0.6, restitution: 0)
            var bd = BodyDefinition()
            bd.position = Vec2(-500, 20)
            let box = w.createBody(bd)!
            _ = try! w.createBox(on: box, halfWidth: 20, halfHeight: 20, ShapeDefinition()).get()
            bd.position = Vec2(500, 10)
            let ball = w.createBody(bd)!
            _ = try! w.createCircle(on: ball, radius: 10, ShapeDefinition()).get()
            w.step(dt: 1.0 / 60)
            _ = w.setLinearVelocity(ball, Vec2(123.4567, 2000.1234))
            _ = w.setAngularVelocity(ball, 3.3)
            for _ in 0..<10 { w.step(dt: 1.0 / 60) }
            return (w, ball)
        }
        var (plain, ball) = build()
        var (wrapped, _) = build()
        // Its stamp is one of the first epochs (the steps it touched the floor), which the 3 steps after the wrap
        // reach again.
        let stamp = wrapped.scratch.prepareStamp[Int(ball.index)]
        #expect(stamp >= 1 && stamp <= 3, "stamp \(stamp)")
        wrapped.scratch.prepareEpoch = .max
        for _ in 0..<3 {
            plain.step(dt: 1.0 / 60)
            wrapped.step(dt: 1.0 / 60)
        }
        #expect(wrapped.scratch.prepareEpoch < 10)
        // Far above the floor: the ball moves in double precision, bit for bit as in the world that did not wrap.
        let a = plain.position(of: ball)!, b = wrapped.position(of: ball)!
        #expect(a.y > 200)
        #expect(a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern, "\(a) vs \(b)")
        #expect(plain.angle(of: ball)!.bitPattern == wrapped.angle(of: ball)!.bitPattern)
    }
}
