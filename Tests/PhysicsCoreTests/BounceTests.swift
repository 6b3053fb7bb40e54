import Testing
@testable import PhysicsCore

@Suite("Restitution")
struct BounceTests {
    /// Drops a ball of radius 25 from 400 pt above the floor (y down, gravity 1000 pt/s²) and returns the apex
    /// heights above the floor of each bounce.
    func apexes(bounces: Int, floorIsSegment: Bool) -> [Double] {
        var s = WorldSettings()
        s.gravity = Vec2(0, 1000)
        var w = World(settings: s)
        var gd = BodyDefinition()
        gd.type = .static
        let ground = w.createBody(gd)!
        var sd = ShapeDefinition()
        sd.friction = 0
        sd.restitution = 1
        if floorIsSegment {
            _ = w.createSegment(on: ground, from: Vec2(-1000, 500), to: Vec2(1000, 500), sd)
        } else {
            _ = w.createBox(on: ground, halfWidth: 1000, halfHeight: 50, center: Vec2(0, 550), sd)
        }
        var bd = BodyDefinition()
        bd.position = Vec2(0, 500 - 25 - 400)
        let ball = w.createBody(bd)!
        _ = w.createCircle(on: ball, radius: 25, sd)
        var result: [Double] = []
        var lastVy = 0.0
        var minY = Double.infinity
        var steps = 0
        while result.count < bounces && steps < 120 * 600 {
            w.step(dt: 1.0 / 120)
            steps += 1
            let y = w.position(of: ball)!.y
            let vy = w.linearVelocity(of: ball)!.y
            minY = min(minY, y)
            if lastVy < 0 && vy >= 0 {
                result.append(475 - minY)
                minY = .infinity
            }
            lastVy = vy
        }
        return result
    }

    @Test("Elasticity 1: after 50 bounces the ball still reaches its start height (within 0.5 pt)", arguments: [false, true])
    func elasticBounceKeepsHeight(segment: Bool) {
        let a = apexes(bounces: 50, floorIsSegment: segment)
        #expect(a.count == 50)
        // 0.5 pt: the bound; a 1/360 s sub-step alone shifts a discrete apex by at most g·h² ≈ 0.008 pt.
        let worst = a.map { abs($0 - 400) }.max() ?? .infinity
        #expect(worst <= 0.5, "apexes \(a.prefix(5))… \(a.suffix(3)), worst error \(worst)")
    }
}
