import Testing
@testable import PhysicsCore

/// Spec §2.8: the measured UIKit formulas, checked on its worked examples (100 × 100 item at density 1, so
/// m = 1 kg, at p = (3, 4) m = (300, 400) pt from the field, r = 5 m) two ways: the force the world computes
/// (exact, 1e-9 covers rounding) and the acceleration the body really gets over one 1/120-s world step (three
/// sub-steps; the body moves and turns a little during the step, which shifts the mean by < 0.1 %, so 0.5 %).
@Suite("Field formulas")
struct FieldFormulaTests {
    /// Field at (50, 20), item centre 300, 400 pt away.
    static let fieldAt = Vec2(50, 20)
    static let itemAt = Vec2(350, 420)

    /// The exact force (world units = 100 × N) and the measured acceleration of one world step.
    private func measure(
        _ kind: FieldKind, velocity: Vec2 = .zero, density: Double = 1, charge: Double = 0,
        _ configure: (inout FieldDefinition) -> Void = { _ in }
    ) -> (force: Vec2, accel: Vec2) {
        var f = FieldFixture()
        let (id, bit) = f.field(kind, at: Self.fieldAt) { def in
            def.position = Self.fieldAt
            configure(&def)
        }
        let b = f.box(at: Self.itemAt, velocity: velocity, density: density, fields: bit, charge: charge)
        let force = f.world.fieldForce(id, at: Self.itemAt, velocity: velocity, mass: density, charge: charge)!
        return (force, f.acceleration(of: b))
    }

    @Test("Linear gravity (3, 4) → (300, 400) pt/s², a tenth of UIKit gravity per unit")
    func linearGravity() {
        let (force, a) = measure(.linearGravity) { $0.direction = Vec2(3, 4) }
        #expect(approx(force, Vec2(300, 400), 1e-9))
        #expect(approxRelative(a, Vec2(300, 400), 0.005), "a = \(a)")
        // Mass-independent acceleration (F ∝ m).
        let (_, heavy) = measure(.linearGravity, density: 3) { $0.direction = Vec2(3, 4) }
        #expect(approxRelative(heavy, Vec2(300, 400), 0.005), "a = \(heavy)")
    }

    @Test("Radial gravity, falloff 2 → −(2.4, 3.2) pt/s², whatever the mass")
    func radialGravity() {
        let (force, a) = measure(.radialGravity) { $0.falloff = 2 }
        #expect(approx(force, Vec2(-2.4, -3.2), 1e-9))
        #expect(approxRelative(a, Vec2(-2.4, -3.2), 0.005), "a = \(a)")
        let (_, heavy) = measure(.radialGravity, density: 3) { $0.falloff = 2 }
        #expect(approxRelative(heavy, Vec2(-2.4, -3.2), 0.005), "a = \(heavy)")
    }

    @Test("Electric, q = 2, falloff 1 → (24, 32) pt/s², away from the field; ∝ q/m")
    func electric() {
        let (force, a) = measure(.electric, charge: 2) { $0.falloff = 1 }
        #expect(approx(force, Vec2(24, 32), 1e-9))
        #expect(approxRelative(a, Vec2(24, 32), 0.005), "a = \(a)")
        let (_, heavy) = measure(.electric, density: 2, charge: 2) { $0.falloff = 1 }
        #expect(approxRelative(heavy, Vec2(12, 16), 0.005), "a = \(heavy)")
        let (neutral, _) = measure(.electric, charge: 0) { $0.falloff = 1 }
        #expect(neutral == .zero)
    }

    @Test(
        "Magnetic, v = (100, 0) pt/s, falloff 1 → (0, −20) pt/s² for q = ±1 and 2; nothing for q = 0",
        arguments: [1.0, -1.0, 2.0])
    func magnetic(charge: Double) {
        let (force, a) = measure(.magnetic, velocity: Vec2(100, 0), charge: charge) { $0.falloff = 1 }
        #expect(approx(force, Vec2(0, -20), 1e-9))
        #expect(approx(a, Vec2(0, -20), 0.005 * 20), "a = \(a)")
        let (neutral, still) = measure(.magnetic, velocity: Vec2(100, 0), charge: 0) { $0.falloff = 1 }
        #expect(neutral == .zero)
        #expect(still == .zero)
    }

    @Test("Spring, falloff −1 → −(300, 400) pt/s² (Hooke: −S·p)")
    func spring() {
        let (force, a) = measure(.spring) { $0.falloff = -1 }
        #expect(approx(force, Vec2(-300, -400), 1e-9))
        #expect(approxRelative(a, Vec2(-300, -400), 0.005), "a = \(a)")
    }

    @Test("Vortex → (−80, 60) pt/s²; m = 3 → (−8.89, 6.67): acceleration ∝ 1/m²")
    func vortex() {
        let (force, a) = measure(.vortex)
        #expect(approx(force, Vec2(-80, 60), 1e-9))
        #expect(approxRelative(a, Vec2(-80, 60), 0.005), "a = \(a)")
        let (heavyForce, heavy) = measure(.vortex, density: 3)
        // Force (−80, 60)/3 in world units; acceleration a further /3.
        #expect(approx(heavyForce, Vec2(-80, 60) / 3, 1e-9))
        #expect(approxRelative(heavy, Vec2(-80.0 / 9, 60.0 / 9), 0.005), "a = \(heavy)")
        #expect(approx(heavy, Vec2(-8.89, 6.67), 0.01))
    }

    @Test("Drag is quadratic in u = v − direction and not mass-scaled: 1 m/s → 1 N")
    func drag() {
        let (force, _) = measure(.drag, velocity: Vec2(100, 0))
        #expect(approx(force, Vec2(-100, 0), 1e-9))
        let (fast, _) = measure(.drag, velocity: Vec2(0, 200))
        #expect(approx(fast, Vec2(0, -400), 1e-9))
        // Moving air: no force when the item moves with it.
        let (withAir, _) = measure(.drag, velocity: Vec2(100, 0)) { $0.direction = Vec2(1, 0) }
        #expect(withAir == .zero)
        let (heavy, _) = measure(.drag, velocity: Vec2(100, 0), density: 4)
        #expect(approx(heavy, Vec2(-100, 0), 1e-9))
    }

    @Test("Strength scales every force field; |S·X| < 2⁻¹⁵ gives nothing")
    func strengthAndThreshold() {
        let (twice, _) = measure(.spring) {
            $0.falloff = -1; $0.strength = 2
        }
        #expect(approx(twice, Vec2(-600, -800), 1e-9))
        let (tiny, _) = measure(.linearGravity) {
            $0.direction = Vec2(3, 4); $0.strength = 1.0 / 40_000
        }
        #expect(tiny == .zero)
        let (small, _) = measure(.linearGravity) {
            $0.direction = Vec2(3, 4); $0.strength = 1.0 / 30_000
        }
        #expect(small != .zero)
    }

    @Test("Falloff uses max(r, minimumRadius) in metres")
    func minimumRadius() {
        // r = 5 m; a minimum radius of 10 m (1000 pt) replaces it: spring (k = −1) force −p̂·10 → −(6, 8) N.
        let (force, _) = measure(.spring) {
            $0.falloff = -1; $0.minimumRadius = 1000
        }
        #expect(approx(force, Vec2(-600, -800), 1e-9))
    }

    @Test("Region: no force outside it (tested on item centre − field position, pt)")
    func regionLimitsTheForce() {
        let (outside, still) = measure(.linearGravity) {
            $0.direction = Vec2(0, 1)
            $0.region = FieldRegion(radius: 499)
        }
        #expect(outside == .zero)
        #expect(still == .zero)
        let (inside, a) = measure(.linearGravity) {
            $0.direction = Vec2(0, 1)
            $0.region = FieldRegion(radius: 501)
        }
        #expect(approx(inside, Vec2(0, 100), 1e-9))
        #expect(approx(a, Vec2(0, 100), 0.5))
    }
}
