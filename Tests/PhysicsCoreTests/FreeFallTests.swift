import Testing
@testable import PhysicsCore

@Suite("Free fall and integration")
struct FreeFallTests {
    @Test("A free body falls as UIKit's Box2D: v += dt·g, y += dt·v once per 1/120-s world step")
    func freeFall() {
        var s = WorldSettings()
        s.gravity = Vec2(0, 1000)
        var w = World(settings: s)
        let b = w.createBody(BodyDefinition())!
        _ = w.createBox(on: b, halfWidth: 50, halfHeight: 50)
        let dt = 1.0 / 120
        var y = 0.0, v = 0.0
        for _ in 0..<120 {
            w.step(dt: dt)
            v += dt * 1000
            y += dt * v
        }
        let fell = w.position(of: b)!.y
        // A body with no contact or joint takes gravity once per world step with the whole step (spec §3.2), so
        // it follows the Box2D model above; 1e-9: rounding only. That model falls ½·g·t² + ½·g·dt·t = 500 + 4.17 pt
        // in 1 s (the O(dt) term is 0.83 %, inside the 1 %).
        #expect(approx(fell, y, 1e-9), "fell \(fell) pt, model \(y)")
        #expect(approx(y, 500 + 0.5 * 1000 * dt, 1e-9))
        #expect(abs(fell - 500) / 500 < 0.01)
        #expect(w.validate().isEmpty)
    }

    @Test("Linear damping of a free body follows v ← v / (1 + dt·c) once per world step")
    func damping() {
        var w = World()
        var bd = BodyDefinition()
        bd.linearVelocity = Vec2(100, 0)
        bd.linearDamping = 1
        let b = w.createBody(bd)!
        _ = w.createCircle(on: b, radius: 10)
        for _ in 0..<120 { w.step(dt: 1.0 / 120) }
        let expected = 100 * pow1(1 / (1 + 1.0 / 120), 120)
        // Exact formula (Box2D's, spec §2.8); 1e-9 covers floating-point rounding only.
        #expect(approx(w.linearVelocity(of: b)!.x, expected, 1e-9))
    }

    @Test("Non-finite input is refused and the world keeps stepping")
    func refusesNonFinite() {
        var w = World()
        let b = w.createBody(BodyDefinition())!
        _ = w.createCircle(on: b, radius: 10)
        let r1 = w.setLinearVelocity(b, Vec2(.nan, 0))
        #expect(r1 == false)
        let r2 = w.setTransform(b, position: Vec2(.infinity, 0), angle: 0)
        #expect(r2 == false)
        let r3 = w.applyForce(b, Vec2(0, .nan), at: .zero)
        #expect(r3 == false)
        let r4 = w.step(dt: .nan)
        #expect(r4 == false)
        let r5 = w.step(dt: -1)
        #expect(r5 == false)
        var bad = BodyDefinition()
        bad.position = Vec2(.nan, 1)
        let r6 = w.createBody(bad)
        #expect(r6 == nil)
        let badCircle = try? w.createCircle(on: b, radius: -1).get()
        #expect(badCircle == nil)
        let badBox = try? w.createBox(on: b, halfWidth: 0, halfHeight: 1).get()
        #expect(badBox == nil)
        var sd = ShapeDefinition()
        sd.density = -1
        let badDensity = try? w.createCircle(on: b, radius: 1, sd).get()
        #expect(badDensity == nil)
        let r7 = w.step(dt: 1.0 / 60)
        #expect(r7)
        #expect(w.position(of: b)!.isFinite)
        #expect(w.validate().isEmpty)
    }

    @Test("A destroyed body's handle is stale")
    func staleHandles() {
        var w = World()
        let b = w.createBody(BodyDefinition())!
        let r8 = w.destroyBody(b)
        #expect(r8)
        #expect(w.position(of: b) == nil)
        let r9 = w.destroyBody(b)
        #expect(r9 == false)
        let c = w.createBody(BodyDefinition())!
        #expect(c.index == b.index && c.generation != b.generation)
        #expect(w.position(of: b) == nil)
    }
}

/// x^n by repeated multiplication (what the solver does).
func pow1(_ x: Double, _ n: Int) -> Double {
    var r = 1.0
    for _ in 0..<n { r *= x }
    return r
}
