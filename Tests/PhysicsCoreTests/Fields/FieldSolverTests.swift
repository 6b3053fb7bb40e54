import Foundation
import Testing
@testable import PhysicsCore
import Synchronization

/// Fields inside the solver: once per world step for a free body (no contact or joint), at its current position, velocity fields replacing the
/// velocity, masks and regions choosing the bodies, and nothing changed for bodies no field acts on.
@Suite("Fields in the solver")
struct FieldSolverTests {
    @Test("A field that acts on nothing changes nothing: bit-identical to a world without fields")
    func fieldsCostNothingWhenIdle() {
        let (scene, ids) = Scenes.pyramid(base: 6)
        var plain = scene
        var withFields = scene
        // One field on no body, one zero-strength field on every body: the field loop runs, adds nothing.
        _ = withFields.createField(FieldDefinition(kind: .spring))
        var zero = FieldDefinition(kind: .linearGravity)
        zero.direction = Vec2(0, 1)
        zero.strength = 0
        let idle = withFields.createField(zero)!
        for b in ids { withFields.setFieldMask(b, withFields.categoryBit(of: idle)!) }
        for _ in 0..<120 {
            plain.step(dt: 1.0 / 60)
            withFields.step(dt: 1.0 / 60)
        }
        for b in ids {
            #expect(plain.position(of: b) == withFields.position(of: b))
            #expect(plain.angle(of: b) == withFields.angle(of: b))
            #expect(plain.linearVelocity(of: b) == withFields.linearVelocity(of: b))
            #expect(plain.angularVelocity(of: b) == withFields.angularVelocity(of: b))
        }
        #expect(withFields.validate().isEmpty)
    }

    @Test("A free body's field force is evaluated once per world step at the current position (spring: x'' = −S·x/m)")
    func evaluatedEveryWorldStep() {
        var f = FieldFixture()
        let (_, bit) = f.field(.spring) { $0.falloff = -1 }
        let b = f.box(at: Vec2(100, 0), fields: bit)
        // Box2D's semi-implicit Euler with the whole 1/120-s world step (spec §3.2: a free body), re-evaluating
        // the force from the position of each world step. 1e-9: rounding only.
        var x = 100.0, v = 0.0
        let h = FieldFixture.step
        for _ in 0..<120 {
            f.world.step(dt: FieldFixture.step)
            v += h * -x
            x += h * v
        }
        let p = f.world.position(of: b)!
        #expect(approx(p.x, x, 1e-9), "x = \(p.x), model \(x)")
        #expect(p.y == 0)
        // And the physics: S = 1, m = 1 → ω = 1 rad/s, x(1 s) = 100 cos 1. The integrator's O(h) phase error at
        // h = 1/120 s is about 100 · h/2 · sin 1 ≈ 0.35 pt; 0.5 pt.
        #expect(approx(p.x, 100 * cos(1.0), 0.5), "x = \(p.x)")
    }

    @Test("A velocity field replaces the velocity; gravity and forces ignored; damping applied after")
    func velocityFieldReplaces() {
        var f = FieldFixture()
        f.world.gravity = Vec2(0, 1000)
        let (_, bit) = f.field(.velocity) { $0.direction = Vec2(1, 0) }
        let b = f.box(at: .zero, damping: 0.5, fields: bit)
        f.world.applyForceToCenter(b, Vec2(0, 5000))
        f.world.step(dt: FieldFixture.step)
        let h = FieldFixture.step
        let v = f.world.linearVelocity(of: b)!
        // Once per world step (a free body): v = 100 pt/s, then v /= 1 + dt·c. Exact but for rounding.
        #expect(approx(v.x, 100 / (1 + h * 0.5), 1e-9), "v = \(v)")
        #expect(v.y == 0)
        // Strength and falloff are ignored.
        var def = f.world.field(f.world.fieldIDs[0])!
        def.strength = 0
        def.falloff = 2
        f.world.updateField(f.world.fieldIDs[0], def)
        f.world.step(dt: FieldFixture.step)
        #expect(approx(f.world.linearVelocity(of: b)!.x, 100 / (1 + h * 0.5), 1e-9))
    }

    @Test("Only the first velocity field containing the body counts, and force fields add nothing to it")
    func firstVelocityFieldWins() {
        var f = FieldFixture()
        let (_, pull) = f.field(.linearGravity) { $0.direction = Vec2(0, 50) }
        let (_, outside) = f.field(.velocity) {
            $0.direction = Vec2(9, 9)
            $0.region = FieldRegion(radius: 10)
            $0.position = Vec2(500, 0)
        }
        let (_, first) = f.field(.velocity) { $0.direction = Vec2(2, 0) }
        let (_, second) = f.field(.velocity) { $0.direction = Vec2(0, 3) }
        let b = f.box(at: .zero, fields: pull | outside | first | second)
        f.world.step(dt: FieldFixture.step)
        #expect(f.world.linearVelocity(of: b) == Vec2(200, 0))
    }

    @Test("Outside its region a velocity field does nothing: gravity acts again")
    func velocityFieldRegion() {
        var f = FieldFixture()
        f.world.gravity = Vec2(0, 1000)
        let (_, bit) = f.field(.velocity) {
            $0.direction = Vec2(1, 0)
            $0.region = FieldRegion(width: 100, height: 100)
        }
        let b = f.box(at: Vec2(0, 60), fields: bit)
        f.world.step(dt: FieldFixture.step)
        let v = f.world.linearVelocity(of: b)!
        #expect(v.x == 0)
        // Gravity only: 1000 pt/s² over the step (one free world step).
        #expect(approx(v.y, 1000 * FieldFixture.step, 1e-9))
    }

    @Test("A field acts only on bodies whose mask holds its bit")
    func maskChoosesBodies() {
        var f = FieldFixture()
        let (_, bit) = f.field(.linearGravity) { $0.direction = Vec2(0, 1) }
        let inField = f.box(at: .zero, fields: bit)
        let other = f.box(at: Vec2(500, 0))
        f.world.step(dt: FieldFixture.step)
        #expect(f.world.linearVelocity(of: other) == .zero)
        #expect(approx(f.world.linearVelocity(of: inField)!.y, 100 * FieldFixture.step, 1e-9))
        // Clearing the mask stops it.
        f.world.setFieldMask(inField, 0)
        let v = f.world.linearVelocity(of: inField)!
        f.world.step(dt: FieldFixture.step)
        #expect(f.world.linearVelocity(of: inField) == v)
    }

    @Test("Destroying a field clears its bit; its slot is reused with a new generation; stale ids are refused")
    func destroyAndReuse() {
        var f = FieldFixture()
        let (old, bit) = f.field(.linearGravity) { $0.direction = Vec2(0, 1) }
        let b = f.box(at: .zero, fields: bit)
        let destroyed = f.world.destroyField(old)
        #expect(destroyed)
        #expect(f.world.fieldMask(of: b) == 0)
        #expect(f.world.fieldCount == 0)
        let (new, newBit) = f.field(.linearGravity) { $0.direction = Vec2(0, 1) }
        #expect(new.index == old.index && new.generation != old.generation && newBit == bit)
        #expect(f.world.field(old) == nil)
        #expect(f.world.updateField(old, FieldDefinition(kind: .drag)) == false)
        #expect(f.world.destroyField(old) == false)
        #expect(f.world.field(new)?.kind == .linearGravity)
        // The old body is not in the new field.
        f.world.step(dt: FieldFixture.step)
        #expect(f.world.linearVelocity(of: b) == .zero)
    }

    @Test("At most 32 fields; a freed slot is reused")
    func thirtyTwoFields() {
        var w = World()
        var ids: [FieldID] = []
        for _ in 0..<World.maxFieldCount { ids.append(w.createField(FieldDefinition(kind: .drag))!) }
        #expect(Set(ids.map(\.index)) == Set(0..<32))
        #expect(w.createField(FieldDefinition(kind: .drag)) == nil)
        w.destroyField(ids[7])
        let again = w.createField(FieldDefinition(kind: .vortex))
        #expect(again?.index == 7)
        #expect(w.fieldIDs.last == again)
    }

    @Test(
        "Invalid definitions are refused and change nothing",
        arguments: [
            { (d: inout FieldDefinition) in d.strength = .nan },
            { (d: inout FieldDefinition) in d.falloff = .infinity },
            { (d: inout FieldDefinition) in d.minimumRadius = -1 },
            { (d: inout FieldDefinition) in d.position = Vec2(.nan, 0) },
            { (d: inout FieldDefinition) in d.direction = Vec2(0, -.infinity) },
            { (d: inout FieldDefinition) in d.smoothness = .nan },
            { (d: inout FieldDefinition) in d.animationSpeed = .infinity }
        ] as [@Sendable (inout FieldDefinition) -> Void])
    func invalidDefinitions(spoil: @Sendable (inout FieldDefinition) -> Void) {
        var w = World()
        var bad = FieldDefinition(kind: .spring)
        spoil(&bad)
        #expect(w.createField(bad) == nil)
        let good = w.createField(FieldDefinition(kind: .spring))!
        #expect(w.updateField(good, bad) == false)
        #expect(w.field(good) == FieldDefinition(kind: .spring))
    }

    @Test("Charge and mask: set, read, refused when not finite or stale")
    func chargeAndMask() {
        var f = FieldFixture()
        let b = f.box(at: .zero)
        #expect(f.world.charge(of: b) == 0 && f.world.fieldMask(of: b) == 0)
        let charged = f.world.setCharge(b, -2.5)
        #expect(charged)
        #expect(f.world.setCharge(b, .nan) == false)
        #expect(f.world.charge(of: b) == -2.5)
        f.world.destroyBody(b)
        #expect(f.world.setCharge(b, 1) == false)
        #expect(f.world.setFieldMask(b, 1) == false)
        #expect(f.world.charge(of: b) == nil)
    }

    @Test("Changing a field wakes the sleeping bodies it acts on")
    func updateWakes() {
        var f = FieldFixture(sleep: true)
        let (id, bit) = f.field(.linearGravity)
        let b = f.box(at: .zero, fields: bit)
        for _ in 0..<120 { f.world.step(dt: FieldFixture.step) }
        #expect(f.world.isAwake(b) == false)
        var def = f.world.field(id)!
        def.direction = Vec2(0, 1)
        f.world.updateField(id, def)
        #expect(f.world.isAwake(b) == true)
        f.world.step(dt: FieldFixture.step)
        #expect(f.world.linearVelocity(of: b)!.y > 0)
    }

    @Test("A custom field gets field-local pt, m/s, kg, charge and the world step (free body); its force is in newtons")
    func customField() {
        let log = SampleLog()
        var f = FieldFixture()
        var def = FieldDefinition(kind: .custom)
        def.position = Vec2(10, 20)
        def.strength = 7  // not applied
        let id = f.world.createField(
            def,
            evaluator: { sample in
                log.samples.append(sample)
                return Vec2(1, 0)
            })!
        let b = f.box(
            at: Vec2(310, 420), velocity: Vec2(50, -100), density: 2,
            fields: f.world.categoryBit(of: id)!, charge: 3)
        let a = f.acceleration(of: b)
        // A free body: one evaluation per world step, with the whole step as deltaTime.
        #expect(log.samples.count == 1)
        let s = log.samples[0]
        #expect(s.position == Vec2(300, 400))
        #expect(s.velocity == Vec2(0.5, -1))
        #expect(s.mass == 2 && s.charge == 3)
        #expect(approx(s.deltaTime, FieldFixture.step, 1e-15))
        // 1 N on 2 kg: 50 pt/s² (exact but for rounding); strength 7 is not applied.
        #expect(approx(a, Vec2(50, 0), 1e-9))
        // Strength 0 disables it.
        def.strength = 0
        f.world.updateField(id, def)
        let calls = log.samples.count
        let still = f.acceleration(of: b)
        #expect(still == .zero && log.samples.count == calls)
    }

    @Test("A non-finite custom force counts as zero")
    func customFieldNaN() {
        var f = FieldFixture()
        let id = f.world.createField(FieldDefinition(kind: .custom), evaluator: { _ in Vec2(.nan, 1) })!
        let b = f.box(at: .zero, fields: f.world.categoryBit(of: id)!)
        f.world.step(dt: FieldFixture.step)
        #expect(f.world.linearVelocity(of: b) == .zero)
        #expect(f.world.validate().isEmpty)
    }
}

/// Samples a custom field's closure received (the closure runs synchronously inside `step`).
final class SampleLog: Sendable {
    private let stored = Mutex<[FieldSample]>([])

    var samples: [FieldSample] {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
