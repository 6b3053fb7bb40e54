import Testing

@testable import PhysicsCore

/// Chains (`World.createChain`): what slides along one crosses its flat and concave joints as if the surface were
/// one piece, while its corners stay corners. y up, gravity (0, −1000) pt/s², the animator's 1/120-s world step.
@Suite("Chain segments: no ghost collisions at their joints")
struct ChainSegmentTests {
    static let dt = 1.0 / 120

    /// A world with gravity, a static chain through `points` (friction `friction`) and one item at `at`, turned
    /// `angle` rad: a box of half sizes `half` (40 pt square by default), or a disc of radius 20 with `disc`.
    static func scene(
        chain points: [Vec2], loop: Bool = false, friction: Double = 0, item at: Vec2, angle: Double = 0,
        half: Vec2 = Vec2(20, 20), disc: Bool = false
    ) -> (World, BodyID) {
        var settings = WorldSettings()
        settings.gravity = Vec2(0, -1000)
        settings.validateEachStep = true
        var w = World(settings: settings)
        var gd = BodyDefinition()
        gd.type = .static
        let ground = w.createBody(gd)!
        var sd = ShapeDefinition()
        sd.friction = friction
        sd.restitution = 0
        for r in w.createChain(on: ground, points: points, loop: loop, sd) { _ = try! r.get() }
        var bd = BodyDefinition()
        bd.position = at
        bd.angle = angle
        let body = w.createBody(bd)!
        if disc {
            _ = try! w.createCircle(on: body, center: .zero, radius: 20, sd).get()
        } else {
            _ = try! w.createBox(on: body, halfWidth: half.x, halfHeight: half.y, sd).get()
        }
        return (w, body)
    }

    /// Points along y = 0 from x = −100 to 2100, `spacing` pt apart.
    static func floor(spacing: Double) -> [Vec2] {
        stride(from: -100.0, through: 2100, by: spacing).map { Vec2($0, 0) }
    }

    /// A frictionless 40-pt box (and a disc) resting on a floor of collinear segments 20 pt and 7 pt long, given
    /// 600 pt/s along it: after 2 s it has gone 1200 pt (± 1: the speed is kept) and its centre never left the
    /// height it rests at by more than 0.02 pt (the soft contact's rest depth varies by less). With independent
    /// segments, the next segment's end caught the box's leading corner at every joint: it hopped up to 24 pt and
    /// stopped within 0.4 s; the disc hopped 40 pt.
    @Test(arguments: [20.0, 7.0], [false, true])
    func itemGlidesOverFlatJoints(spacing: Double, disc: Bool) {
        var (w, body) = Self.scene(chain: Self.floor(spacing: spacing), item: Vec2(0, 20.01), disc: disc)
        for _ in 0..<60 { w.step(dt: Self.dt) }
        let rest = w.position(of: body)!.y
        _ = w.setLinearVelocity(body, Vec2(600, 0))
        let start = w.position(of: body)!.x
        var low = rest, high = rest
        for _ in 0..<240 {
            w.step(dt: Self.dt)
            low = min(low, w.position(of: body)!.y)
            high = max(high, w.position(of: body)!.y)
        }
        let travelled = w.position(of: body)!.x - start
        #expect(abs(travelled - 1200) < 1, "travelled \(travelled) pt in 2 s")
        #expect(high - rest < 0.02 && rest - low < 0.02, "the centre went from \(low) to \(high), resting at \(rest)")
        #expect(w.validate().isEmpty)
    }

    /// A shape wider than many segments rests on all of them: a 200 × 40 plank dropped tilted 0.2 rad onto a floor
    /// of 7-pt segments lies flat (within 0.001 rad) and asleep within 2 s, as on one long segment. (A first version
    /// of the smoothing kept a leaning contact only on the segment under the shape's centre: the plank came to rest
    /// 0.07 rad tilted on its other corner.)
    @Test func widePlankLiesFlatAcrossManyJoints() {
        var (w, plank) = Self.scene(
            chain: Self.floor(spacing: 7), friction: 0.2, item: Vec2(500, 30), angle: 0.2, half: Vec2(100, 20))
        for _ in 0..<240 { w.step(dt: Self.dt) }
        #expect(abs(w.angle(of: plank)!) < 1e-3, "the plank rests at \(w.angle(of: plank)!) rad")
        #expect(w.isAwake(plank) == false, "the plank is still awake at \(w.position(of: plank)!)")
    }

    /// The joint of a floor and a wall is a valley seen from inside: the wall still stops what slides into it. A
    /// frictionless box sent at 600 pt/s along a floor chain that turns up into a wall at x = 300 ends against the
    /// wall (centre at x = 280, within 0.6 pt: its half width and the soft contact's give) and never goes past it.
    @Test func wallOfAChainStillStops() {
        let points = [Vec2(-200, 0), Vec2(-100, 0), Vec2(0, 0), Vec2(300, 0), Vec2(300, 100), Vec2(300, 300)]
        var (w, body) = Self.scene(chain: points, item: Vec2(0, 20.01))
        for _ in 0..<30 { w.step(dt: Self.dt) }
        _ = w.setLinearVelocity(body, Vec2(600, 0))
        var farthest = -Double.infinity
        for _ in 0..<240 {
            w.step(dt: Self.dt)
            farthest = max(farthest, w.position(of: body)!.x)
        }
        #expect(farthest < 280.6, "the box reached x = \(farthest)")
        #expect(abs(w.position(of: body)!.x - 280) < 0.6, "the box rests at \(w.position(of: body)!)")
    }

    /// A ridge is a corner: a disc of radius 20 dropped from 300 pt onto the tip of a Λ-shaped chain, 1 pt off its
    /// axis, never comes nearer to the tip than its radius less 0.5 pt (the tip holds it and it rolls off a side).
    @Test func ridgeTipHoldsADisc() {
        let points = [Vec2(-100, -300), Vec2(0, 0), Vec2(100, -300)]
        var (w, body) = Self.scene(chain: points, item: Vec2(1, 300), disc: true)
        var closest = Double.infinity
        for _ in 0..<360 {
            w.step(dt: Self.dt)
            closest = min(closest, w.position(of: body)!.length)
        }
        #expect(closest > 19.5, "the disc's centre came within \(closest) pt of the tip")
    }

    /// A closed chain (a loop) links its last segment to its first; duplicate points collapse; the segments know
    /// their neighbours' far vertices.
    @Test func loopsAndNeighbours() {
        var w = World(settings: WorldSettings())
        var gd = BodyDefinition()
        gd.type = .static
        let ground = w.createBody(gd)!
        let square = [Vec2(0, 0), Vec2(10, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10), Vec2(0, 0)]
        let results = w.createChain(on: ground, points: square, loop: true)
        let shapes = results.compactMap { try? $0.get() }
        #expect(results.count == 4 && shapes.count == 4)
        let first = w.shapes[Int(shapes[0].index)].geometry
        #expect(first.p1 == Vec2(0, 0) && first.p2 == Vec2(10, 0))
        #expect(first.ghost1 == Vec2(0, 10) && first.ghost2 == Vec2(10, 10))
        let open = w.createChain(on: ground, points: [Vec2(0, 20), Vec2(10, 20), Vec2(20, 25)], loop: false)
        let ends = open.compactMap { try? $0.get() }.map { w.shapes[Int($0.index)].geometry }
        #expect(ends.count == 2)
        #expect(!ends[0].hasGhost1 && ends[0].hasGhost2 && ends[1].hasGhost1 && !ends[1].hasGhost2)
    }

    /// Bad input loses nothing: a non-finite point, fewer than two distinct points or a dynamic body refuse the
    /// chain (one failure per segment it would have had) and add no shape.
    @Test func badChainsAreRefused() {
        var w = World(settings: WorldSettings())
        var gd = BodyDefinition()
        gd.type = .static
        let ground = w.createBody(gd)!
        let dynamic = w.createBody(BodyDefinition())!
        let before = w.shapes(of: ground).count
        for r in w.createChain(on: ground, points: [Vec2(0, 0), Vec2(.nan, 1), Vec2(2, 0)], loop: false) {
            #expect(throws: ShapeError.badSegment) { try r.get() }
        }
        for r in w.createChain(on: ground, points: [Vec2(1, 1), Vec2(1, 1)], loop: true) {
            #expect(throws: ShapeError.badSegment) { try r.get() }
        }
        for r in w.createChain(on: dynamic, points: [Vec2(0, 0), Vec2(1, 0)], loop: false) {
            #expect(throws: ShapeError.badSegment) { try r.get() }
        }
        #expect(w.shapes(of: ground).count == before && w.shapes(of: dynamic).isEmpty)
    }
}
