import Testing
@testable import PhysicsCore

@Suite("Continuous collision")
struct TunnelingTests {
    /// 10 000 balls of radius 4 on a grid inside a closed boundary, flung in random directions at up to
    /// 50 000 pt/s. Returns how many centres end outside after `steps` steps of 1/120 s.
    func escaped(boundary: [Vec2], inside: (Vec2) -> Bool, grid: (Int) -> Vec2, steps: Int) -> Int {
        var settings = WorldSettings()
        settings.validateEachStep = true
        var w = World(settings: settings)
        var gd = BodyDefinition()
        gd.type = .static
        let ground = w.createBody(gd)!
        for k in 0..<boundary.count {
            _ = w.createSegment(on: ground, from: boundary[k], to: boundary[(k + 1) % boundary.count])
        }
        var rng = SeededRandom(state: 42)
        var balls: [BodyID] = []
        for i in 0..<10_000 {
            var bd = BodyDefinition()
            bd.position = grid(i)
            let angle = rng.unit() * 2 * Double.pi
            let speed = rng.unit() * 50_000
            bd.linearVelocity = Vec2(speed * mCos(angle), speed * mSin(angle))
            let b = w.createBody(bd)!
            _ = w.createCircle(on: b, radius: 4)
            balls.append(b)
        }
        for _ in 0..<steps { w.step(dt: 1.0 / 120) }
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
        return balls.filter { !inside(w.position(of: $0)!) }.count
    }

    @Test("10 000 balls at up to 50 000 pt/s inside a box of segments: none escapes")
    func boxBoundary() {
        let box = [Vec2(0, 0), Vec2(1200, 0), Vec2(1200, 1200), Vec2(0, 1200)]
        let n = escaped(
            boundary: box, inside: { $0.x > 0 && $0.x < 1200 && $0.y > 0 && $0.y < 1200 },
            grid: { Vec2(10 + 11.8 * Double($0 % 100), 10 + 11.8 * Double($0 / 100)) }, steps: 30)
        #expect(n == 0)
    }

    @Test("Same inside a circle flattened into 256 segments")
    func curvedBoundary() {
        let r = 800.0
        let ring = (0..<256).map { k -> Vec2 in
            let a = Double(k) / 256 * 2 * Double.pi
            return Vec2(r * mCos(a), r * mSin(a))
        }
        let n = escaped(
            boundary: ring, inside: { $0.length < r },
            grid: { Vec2(-550 + 11 * Double($0 % 100), -550 + 11 * Double($0 / 100)) }, steps: 30)
        #expect(n == 0)
    }
}

@Suite("Continuous collision: bodies forced into walls")
struct ForcedIntoWallTests {
    /// A box pressed into a thin wall by a force a million times its weight (what a hard drag does) for two
    /// seconds: its centre never crosses the wall, whatever the soft contact gives. (Without continuous collision
    /// the same box ends 190 000 pt beyond it.)
    @Test("A box shoved into a segment wall with an enormous force never crosses it", arguments: [1e9, 1e12])
    func shovedBoxStaysInside(force: Double) {
        var settings = WorldSettings()
        settings.validateEachStep = true
        var w = World(settings: settings)
        var gd = BodyDefinition()
        gd.type = .static
        let wall = w.createBody(gd)!
        _ = w.createSegment(on: wall, from: Vec2(100, -1000), to: Vec2(100, 1000))
        var bd = BodyDefinition()
        bd.position = Vec2(0, 0)
        let box = w.createBody(bd)!
        _ = w.createBox(on: box, halfWidth: 20, halfHeight: 20)
        var maxX = -Double.infinity
        for _ in 0..<240 {
            w.applyForceToCenter(box, Vec2(force, 0))
            w.step(dt: 1.0 / 120)
            maxX = max(maxX, w.position(of: box)!.x)
        }
        #expect(maxX < 100, "centre reached x = \(maxX)")
        #expect(w.validationFailures == 0)
    }
}

@Suite("Bodies given a velocity between steps")
struct VelocitySetBetweenStepsTests {
    /// A 20-pt box at rest 100 pt from a free 40-pt box (no gravity) is given 8000 pt/s towards it, 133 pt a frame,
    /// four ways: `setLinearVelocity`, `applyLinearImpulse`, its definition's velocity, and `setTransform` of a box
    /// already moving that fast from far away to the same place. It must hit the box and push it, never pass it:
    /// after 0.5 s the thrown box is still behind its target and the target moved more than 100 pt (they leave
    /// together at 8000 · 400/2000 = 1600 pt/s, 800 pt in 0.5 s). Before the fix the thrown box passed through in
    /// the first frame (ending at x = 4000, the target unmoved): its fattened box was swept for the velocity the last
    /// step ended with, so no pair existed to stop it.
    @Test(arguments: ["setLinearVelocity", "applyLinearImpulse", "definition", "setTransform"])
    func flungBoxHitsTheBoxItIsThrownAt(way: String) throws {
        var w = SleepScenes.world(gravity: .zero)
        let speed = 8000.0
        var targetDef = BodyDefinition()
        targetDef.position = Vec2(100, 0)
        let targetID = w.createBody(targetDef)
        let target = try #require(targetID)
        _ = try w.createBox(on: target, halfWidth: 20, halfHeight: 20, ShapeDefinition()).get()
        var thrownDef = BodyDefinition()
        thrownDef.position = way == "setTransform" ? Vec2(0, 3000) : .zero
        if way == "definition" || way == "setTransform" { thrownDef.linearVelocity = Vec2(speed, 0) }
        let thrownID = w.createBody(thrownDef)
        let thrown = try #require(thrownID)
        _ = try w.createBox(on: thrown, halfWidth: 10, halfHeight: 10, ShapeDefinition()).get()
        let mass = try #require(w.mass(of: thrown))
        if way != "definition" { w.step(dt: 1.0 / 60) }
        let given: Bool
        switch way {
        case "setLinearVelocity": given = w.setLinearVelocity(thrown, Vec2(speed, 0))
        case "applyLinearImpulse": given = w.applyLinearImpulse(thrown, Vec2(mass * speed, 0), at: Vec2(0, 0))
        case "setTransform": given = w.setTransform(thrown, position: .zero, angle: 0)
        default: given = true
        }
        #expect(given)
        for _ in 0..<30 { w.step(dt: 1.0 / 60) }
        let thrownX = try #require(w.position(of: thrown)).x
        let targetX = try #require(w.position(of: target)).x
        #expect(thrownX < targetX, "the thrown box is at x = \(thrownX), its target at \(targetX)")
        #expect(targetX > 200, "the target is at x = \(targetX)")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }
}
