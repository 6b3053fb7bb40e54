@testable import PhysicsCore

/// Scene builders shared by the world tests. y is up here, gravity (0, −1000) pt/s², as in the peers' scenes.
enum Scenes {
    static func staticBox(
        _ w: inout World, center: Vec2, halfWidth: Double, halfHeight: Double,
        friction: Double, restitution: Double
    ) {
        var bd = BodyDefinition()
        bd.type = .static
        bd.position = center
        let b = w.createBody(bd)!
        var sd = ShapeDefinition()
        sd.friction = friction
        sd.restitution = restitution
        _ = try! w.createBox(on: b, halfWidth: halfWidth, halfHeight: halfHeight, sd).get()
    }

    /// Box2D's large pyramid of 40 pt boxes on a ground box; returns the body ids in creation order.
    /// Test settings: the peers' 60 Hz frame with 6 sub-steps (the engine's 360 Hz sub-step rate, as in the
    /// animator's 1/120 s world step with 3) and the invariant checks on.
    static var frameSettings: WorldSettings {
        var s = WorldSettings()
        s.substepCount = 2 * WorldSettings().substepCount
        s.validateEachStep = true
        return s
    }

    static func pyramid(base: Int, settings: WorldSettings = frameSettings) -> (World, [BodyID]) {
        var s = settings
        s.gravity = Vec2(0, -1000)
        var w = World(settings: s)
        staticBox(&w, center: Vec2(0, -50), halfWidth: 2000, halfHeight: 50, friction: 0.6, restitution: 0)
        let a = 20.0
        var ids: [BodyID] = []
        for i in 0..<base {
            let y = Double(2 * i + 1) * a
            for j in i..<base {
                let x = Double(i + 1) * a + 2 * Double(j - i) * a - a * Double(base)
                var bd = BodyDefinition()
                bd.position = Vec2(x, y)
                let b = w.createBody(bd)!
                var sd = ShapeDefinition()
                sd.friction = 0.6
                _ = try! w.createBox(on: b, halfWidth: a, halfHeight: a, sd).get()
                ids.append(b)
            }
        }
        return (w, ids)
    }

    /// The peers' sticker pile of N balls (radius 25) in a closed box.
    static func pile(_ n: Int, settings: WorldSettings = frameSettings) -> (World, [BodyID], Double) {
        var s = settings
        s.gravity = Vec2(0, -1000)
        var w = World(settings: s)
        let W: Double = n <= 100 ? 1000 : (n <= 1000 ? 2000 : 4000)
        staticBox(&w, center: Vec2(W / 2, -50), halfWidth: W / 2 + 100, halfHeight: 50, friction: 0.2, restitution: 0.7)
        staticBox(&w, center: Vec2(-50, W / 2), halfWidth: 50, halfHeight: W / 2, friction: 0.2, restitution: 0.7)
        staticBox(&w, center: Vec2(W + 50, W / 2), halfWidth: 50, halfHeight: W / 2, friction: 0.2, restitution: 0.7)
        staticBox(
            &w, center: Vec2(W / 2, W + 50), halfWidth: W / 2 + 100, halfHeight: 50, friction: 0.2, restitution: 0.7)
        let cols = Int((W / 55).rounded(.down)) - 1
        var ids: [BodyID] = []
        for i in 0..<n {
            let r = i / cols, c = i % cols
            var bd = BodyDefinition()
            bd.position = Vec2(40 + 55 * Double(c) + (r % 2 == 1 ? 13.75 : 0), 40 + 60 * Double(r))
            let b = w.createBody(bd)!
            var sd = ShapeDefinition()
            sd.friction = 0.2
            sd.restitution = 0.7
            _ = try! w.createCircle(on: b, radius: 25, sd).get()
            ids.append(b)
        }
        return (w, ids, W)
    }
}
