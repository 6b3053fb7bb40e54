@testable import PhysicsCore

/// Small worlds for the sleep and wake tests: gravity 1000 pt/s² down (unless told otherwise), the invariants
/// checked after every step.
enum SleepScenes {
    static func world(gravity: Vec2 = Vec2(0, -1000)) -> World {
        var s = WorldSettings()
        s.gravity = gravity
        s.validateEachStep = true
        return World(settings: s)
    }

    /// A body of `type` at `position` holding one box of half-width `hw` and half-height `hh`, pt.
    static func box(
        _ w: inout World, _ type: BodyType, at position: Vec2, halfWidth hw: Double, halfHeight hh: Double
    ) -> (body: BodyID, shape: ShapeID) {
        var d = BodyDefinition()
        d.type = type
        d.position = position
        let body = w.createBody(d)!
        return (body, try! w.createBox(on: body, halfWidth: hw, halfHeight: hh, ShapeDefinition()).get())
    }

    /// A body of `type` at `position` holding one ball of `radius`, pt.
    static func ball(_ w: inout World, _ type: BodyType, at position: Vec2, radius: Double) -> BodyID {
        var d = BodyDefinition()
        d.type = type
        d.position = position
        let body = w.createBody(d)!
        _ = try! w.createCircle(on: body, radius: radius, ShapeDefinition()).get()
        return body
    }

    /// Steps `frames` 60-Hz frames.
    static func run(_ w: inout World, frames: Int) {
        for _ in 0..<frames { w.step(dt: 1.0 / 60) }
    }
}
