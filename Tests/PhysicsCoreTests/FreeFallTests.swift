import Testing
@testable import PhysicsCore

@Suite("Free fall and integration")
struct FreeFallTests {
    @Test("A body falls 500 pt in 1 s under 1000 pt/s² (within 1 %, the sub-step's O(h) error)")
    func freeFall() {
        var s = WorldSettings()
        s.gravity = Vec2(0, 1000)
        var w = World(settings: s)
        let b = w.createBody(BodyDefinition())!
        _ = w.createBox(on: b, halfWidth: 50, halfHeight: 50)
        for _ in 0..<120 { w.step(dt: 1.0 / 120) }
        let y = w.position(of: b)!.y
        // Semi-implicit Euler over 480 sub-steps of 1/480 s overshoots ½gt² by ½·g·h·t ≈ 1.04 pt.
        #expect(approx(y, 500, 5), "fell \(y) pt")
        #expect(w.validate().isEmpty)
    }

    @Test("Linear damping follows v ← v / (1 + h·c) per sub-step")
    func damping() {
        var w = World()
        var bd = BodyDefinition()
        bd.linearVelocity = Vec2(100, 0)
        bd.linearDamping = 1
        let b = w.createBody(bd)!
        _ = w.createCircle(on: b, radius: 10)
        for _ in 0..<120 { w.step(dt: 1.0 / 120) }
        let expected = 100 * pow1(1 / (1 + 1.0 / 480), 480)
        // Exact formula; 1e-9 covers floating-point rounding only.
        #expect(approx(w.linearVelocity(of: b)!.x, expected, 1e-9))
    }

    @Test("Non-finite input is refused and the world keeps stepping")
    func refusesNonFinite() {
        var w = World()
        let b = w.createBody(BodyDefinition())!
        _ = w.createCircle(on: b, radius: 10)
        #expect(w.setLinearVelocity(b, Vec2(.nan, 0)) == false)
        #expect(w.setTransform(b, position: Vec2(.infinity, 0), angle: 0) == false)
        #expect(w.applyForce(b, Vec2(0, .nan), at: .zero) == false)
        #expect(w.step(dt: .nan) == false)
        #expect(w.step(dt: -1) == false)
        var bad = BodyDefinition()
        bad.position = Vec2(.nan, 1)
        #expect(w.createBody(bad) == nil)
        #expect((try? w.createCircle(on: b, radius: -1).get()) == nil)
        #expect((try? w.createBox(on: b, halfWidth: 0, halfHeight: 1).get()) == nil)
        var sd = ShapeDefinition()
        sd.density = -1
        #expect((try? w.createCircle(on: b, radius: 1, sd).get()) == nil)
        #expect(w.step(dt: 1.0 / 60))
        #expect(w.position(of: b)!.isFinite)
        #expect(w.validate().isEmpty)
    }

    @Test("A destroyed body's handle is stale")
    func staleHandles() {
        var w = World()
        let b = w.createBody(BodyDefinition())!
        #expect(w.destroyBody(b))
        #expect(w.position(of: b) == nil)
        #expect(w.destroyBody(b) == false)
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
