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
