import Testing

@testable import PhysicsCore

/// `World.matchPointVelocity`: the impulse a rigid joint gives a body at one of its points (what a dragged
/// attachment's item is given before and after each frame, Dynamics `AttachmentBehavior`).
@Suite("Matching a point's velocity with one impulse")
struct PointVelocityTests {
    /// A 40 × 20 box moving at (30, −10) pt/s and turning at 2 rad/s, and its corner.
    static func spinningBox() -> (World, BodyID, Vec2) {
        var w = World(settings: WorldSettings())
        var bd = BodyDefinition()
        bd.position = Vec2(100, 50)
        bd.linearVelocity = Vec2(30, -10)
        bd.angularVelocity = 2
        let b = w.createBody(bd)!
        _ = try! w.createBox(on: b, halfWidth: 20, halfHeight: 10).get()
        return (w, b, Vec2(120, 60))
    }

    /// The velocity of world point `p` of body `b`.
    static func pointVelocity(_ w: World, _ b: BodyID, _ p: Vec2) -> Vec2 {
        w.linearVelocity(of: b)! + cross(w.angularVelocity(of: b)!, p - w.worldCenterOfMass(of: b)!)
    }

    /// The whole point velocity: the corner then moves at the target (to 1e-9 pt/s), and the angular momentum about
    /// the corner is what it was (an impulse there has no moment about it).
    @Test func pointTakesTheTargetVelocity() {
        var (w, b, corner) = Self.spinningBox()
        let momentBefore = Self.angularMomentum(w, b, about: corner)
        let matched = w.matchPointVelocity(b, at: corner, to: Vec2(-50, 80))
        #expect(matched)
        let v = Self.pointVelocity(w, b, corner)
        #expect((v - Vec2(-50, 80)).length < 1e-9, "the corner moves at \(v)")
        #expect(abs(Self.angularMomentum(w, b, about: corner) - momentBefore) < 1e-6 * abs(momentBefore))
    }

    /// Along an axis only: the component along it is the target's, the one across it is the point's own.
    @Test func alongAnAxisOnlyThatComponentChanges() {
        var (w, b, corner) = Self.spinningBox()
        let axis = Vec2(0.6, 0.8)
        let across = Vec2(-0.8, 0.6)
        let acrossBefore = dot(Self.pointVelocity(w, b, corner), across)
        let matched = w.matchPointVelocity(b, at: corner, to: Vec2(100, 0), along: axis)
        #expect(matched)
        let v = Self.pointVelocity(w, b, corner)
        #expect(abs(dot(v, axis) - 60) < 1e-9, "along: \(dot(v, axis))")
        #expect(abs(dot(v, across) - acrossBefore) > 1e-3, "the turn the impulse gives changes the rest too")
    }

    /// Bad input changes nothing and says so: a non-finite point, velocity or axis returns false.
    @Test func badInputChangesNothing() {
        var (w, b, corner) = Self.spinningBox()
        let refused = [
            w.matchPointVelocity(b, at: Vec2(.nan, 0), to: .zero),
            w.matchPointVelocity(b, at: corner, to: Vec2(.infinity, 0)),
            w.matchPointVelocity(b, at: corner, to: .zero, along: Vec2(.nan, 1))
        ]
        #expect(refused == [false, false, false])
        #expect(w.linearVelocity(of: b) == Vec2(30, -10) && w.angularVelocity(of: b) == 2)
    }

    /// Angular momentum about world point `p`: I·ω + (c − p) × m·v.
    static func angularMomentum(_ w: World, _ b: BodyID, about p: Vec2) -> Double {
        w.inertia(of: b)! * w.angularVelocity(of: b)!
            + cross(w.worldCenterOfMass(of: b)! - p, w.mass(of: b)! * w.linearVelocity(of: b)!)
    }
}
