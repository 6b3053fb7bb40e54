import Foundation
import Testing
@testable import PhysicsCore

/// Spec §2.9: simplex noise with rotating gradients drives the noise and turbulence fields; deterministic, frozen
/// by animationSpeed 0.
@Suite("Noise fields")
struct NoiseFieldTests {
    @Test("Perlin's table is a permutation of 0…255")
    func permutation() {
        #expect(SimplexNoise.permutation.count == 256)
        #expect(Set(SimplexNoise.permutation).count == 256)
    }

    @Test("Values stay within ±1 and are not all zero")
    func range() {
        var lo = 0.0, hi = 0.0
        for i in 0..<20 {
            for j in 0..<20 {
                for k in 0..<5 {
                    let n = SimplexNoise.evaluate(
                        0.173 * Double(i), 0.219 * Double(j), 0.31 * Double(k),
                        angle: 0.7 * Double(k)
                    ).value
                    lo = min(lo, n)
                    hi = max(hi, n)
                }
            }
        }
        #expect(lo >= -1 && hi <= 1)
        #expect(lo < -0.3 && hi > 0.3, "range \(lo)…\(hi)")
    }

    @Test("The analytic gradient matches central differences")
    func gradient() {
        let e = 1e-6
        for (x, y, z, a) in [(0.3, 1.7, -2.2, 0.0), (5.1, -0.4, 0.9, 1.3), (-3.3, 2.8, 7.7, 4.0)] {
            let g = SimplexNoise.evaluate(x, y, z, angle: a).gradient
            let dx =
                (SimplexNoise.evaluate(x + e, y, z, angle: a).value
                    - SimplexNoise.evaluate(x - e, y, z, angle: a).value) / (2 * e)
            let dy =
                (SimplexNoise.evaluate(x, y + e, z, angle: a).value
                    - SimplexNoise.evaluate(x, y - e, z, angle: a).value) / (2 * e)
            let dz =
                (SimplexNoise.evaluate(x, y, z + e, angle: a).value
                    - SimplexNoise.evaluate(x, y, z - e, angle: a).value) / (2 * e)
            // Central differences are O(e²) ≈ 1e-12 exact on this smooth kernel, plus ~1e-10 of rounding; 1e-6.
            #expect(
                abs(g.x - dx) < 1e-6 && abs(g.y - dy) < 1e-6 && abs(g.z - dz) < 1e-6,
                "g = \(g), differences (\(dx), \(dy), \(dz))")
        }
    }

    @Test("Turning the gradients changes the value; a full turn gives it back")
    func rotation() {
        let a = SimplexNoise.evaluate(0.3, 1.7, -2.2, angle: 0).value
        let b = SimplexNoise.evaluate(0.3, 1.7, -2.2, angle: 1).value
        let c = SimplexNoise.evaluate(0.3, 1.7, -2.2, angle: 2 * .pi).value
        #expect(a != b)
        #expect(abs(a - c) < 1e-12)
    }

    /// A world with a noise (or turbulence) field and one moving box; returns the box's path.
    private func run(_ kind: FieldKind, speed: Double, steps: Int = 120) -> [Vec2] {
        var f = FieldFixture()
        let (_, bit) = f.field(kind) { def in
            def.strength = 5
            def.smoothness = 0.3
            def.animationSpeed = speed
        }
        let b = f.box(at: Vec2(37, -12), velocity: Vec2(80, 30), fields: bit)
        var path: [Vec2] = []
        for _ in 0..<steps {
            f.world.step(dt: FieldFixture.step)
            path.append(f.world.position(of: b)!)
        }
        return path
    }

    @Test(
        "Noise and turbulence push bodies, and the same calls give the same path bit for bit",
        arguments: [FieldKind.noise, .turbulence])
    func deterministic(kind: FieldKind) {
        let a = run(kind, speed: 2)
        let b = run(kind, speed: 2)
        #expect(a == b)
        // Without the field the box would coast to (37, −12) + (80, 30) · 1 s.
        let coast = Vec2(37 + 80, -12 + 30)
        #expect((a.last! - coast).length > 1, "moved \((a.last! - coast).length) pt off the straight line")
    }

    @Test("animationSpeed 0 freezes the pattern; a non-zero speed changes it over time")
    func frozen() {
        for (speed, changes) in [(0.0, false), (1.5, true)] {
            var f = FieldFixture()
            let (id, _) = f.field(.noise) { def in
                def.smoothness = 0.5
                def.animationSpeed = speed
            }
            _ = f.box(at: Vec2(1000, 1000))
            let probe = Vec2(120, -45)
            let before = f.world.fieldForce(id, at: probe, velocity: .zero, mass: 1, charge: 0)!
            for _ in 0..<30 { f.world.step(dt: FieldFixture.step) }
            let after = f.world.fieldForce(id, at: probe, velocity: .zero, mass: 1, charge: 0)!
            #expect(before != .zero)
            #expect((before != after) == changes, "speed \(speed): \(before) → \(after)")
        }
    }

    @Test("Turbulence is the noise force × m × |v|²: nothing on a still body")
    func turbulenceScalesWithSpeed() {
        var w = World()
        var noise = FieldDefinition(kind: .noise)
        noise.smoothness = 0.2
        var turbulence = noise
        turbulence.kind = .turbulence
        let n = w.createField(noise)!, t = w.createField(turbulence)!
        let p = Vec2(55, 66)
        let base = w.fieldForce(n, at: p, velocity: Vec2(300, 400), mass: 2, charge: 0)!
        let turb = w.fieldForce(t, at: p, velocity: Vec2(300, 400), mass: 2, charge: 0)!
        // m |v|² = 2 · 25 (m/s)²; 1e-9 relative: rounding only.
        #expect(approx(turb, 50 * base, 1e-9 * (50 * base).length))
        #expect(w.fieldForce(t, at: p, velocity: .zero, mass: 2, charge: 0) == .zero)
    }
}
