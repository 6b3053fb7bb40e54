@testable import PhysicsCore

/// A world with one 100 × 100 pt box per call, in UIKit's units: density 1/10 000 per pt², so the box weighs 1
/// (kg in the field formulas) at `density` 1, and no damping, gravity or sleep unless asked.
struct FieldFixture {
    var world: World
    /// UIKit's world step, 1/120 s, taken as the animator does (3 solver sub-steps).
    static let step = 1.0 / 120

    init(sleep: Bool = false) {
        var s = WorldSettings()
        s.enableSleep = sleep
        s.validateEachStep = true
        world = World(settings: s)
    }

    /// A 100 × 100 box centred at `center` (pt) with `velocity` (pt/s), mass = `density` (kg).
    @discardableResult
    mutating func box(
        at center: Vec2, velocity: Vec2 = .zero, density: Double = 1, damping: Double = 0,
        fields: UInt32 = 0, charge: Double = 0
    ) -> BodyID {
        var bd = BodyDefinition()
        bd.position = center
        bd.linearVelocity = velocity
        bd.linearDamping = damping
        let b = world.createBody(bd)!
        var sd = ShapeDefinition()
        sd.density = density / 10_000
        _ = try! world.createBox(on: b, halfWidth: 50, halfHeight: 50, sd).get()
        world.setFieldMask(b, fields)
        world.setCharge(b, charge)
        return b
    }

    /// Adds a field and returns it with its category bit.
    mutating func field(
        _ kind: FieldKind, at position: Vec2 = .zero,
        _ configure: (inout FieldDefinition) -> Void = { _ in }
    ) -> (FieldID, UInt32) {
        var def = FieldDefinition(kind: kind)
        configure(&def)
        let id = world.createField(def)!
        return (id, world.categoryBit(of: id)!)
    }

    /// Mean acceleration of `body` over one world step (pt/s²): the velocity change divided by the step.
    mutating func acceleration(of body: BodyID) -> Vec2 {
        let v0 = world.linearVelocity(of: body)!
        world.step(dt: Self.step)
        return (world.linearVelocity(of: body)! - v0) / Self.step
    }
}
