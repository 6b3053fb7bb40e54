import Testing
@testable import PhysicsCore

/// Time of impact. Contract: at the returned fraction the surface distance is within ±0.25·target of the
/// target, and no earlier fraction is closer than target − 0.25·target (checked by dense sampling, which is
/// why a sampled check may use the same 0.25·target tolerance).
@Suite("Narrow phase: time of impact")
struct TimeOfImpactTests {
    let target = 1.0

    func sweep(from c1: Vec2, to c2: Vec2, angle a1: Double = 0, to a2: Double = 0) -> Sweep {
        Sweep(localCenter: .zero, c1: c1, c2: c2, a1: a1, a2: a2)
    }

    func distanceAt(_ a: NarrowShape, _ sa: Sweep, _ b: NarrowShape, _ sb: Sweep, _ t: Double) -> Double {
        shapeDistance(a.view, sa.transform(at: t), b.view, sb.transform(at: t)).distance
    }

    /// Asserts the hit is at the target and the first time it is reached.
    func checkFirstHit(
        _ a: NarrowShape, _ sa: Sweep, _ b: NarrowShape, _ sb: Sweep, _ r: TOIResult,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(r.state == .hit, sourceLocation: sourceLocation)
        let d = distanceAt(a, sa, b, sb, r.fraction)
        #expect(abs(d - target) <= 0.25 * target, "distance \(d) at \(r.fraction)", sourceLocation: sourceLocation)
        for k in 0..<400 {
            let t = r.fraction * Double(k) / 400
            #expect(distanceAt(a, sa, b, sb, t) >= 0.75 * target, "closer at \(t)", sourceLocation: sourceLocation)
        }
    }

    @Test("a 25 pt ball moving 500 pt in one step stops at a thin segment")
    func fastBallThinSegment() {
        let ball = NarrowShape.circle(25)
        let seg = NarrowShape.segment(Vec2(-100, 0), Vec2(100, 0))
        let still = sweep(from: .zero, to: .zero)
        let move = sweep(from: Vec2(0, 300), to: Vec2(0, -200))
        let r = timeOfImpact(ball.view, move, seg.view, still, targetSeparation: target)
        checkFirstHit(ball, move, seg, still, r)
        // Centre at y = 26: fraction (300 − 26) / 500.
        #expect(abs(r.fraction - 274.0 / 500) <= 0.25 * target / 500)
        // Segment as shape A.
        let r2 = timeOfImpact(seg.view, still, ball.view, move, targetSeparation: target)
        checkFirstHit(seg, still, ball, move, r2)
    }

    @Test("50 000 pt/s (833 pt per 1/60 s step) small ball, oblique path and segment end")
    func veryFastBall() {
        let ball = NarrowShape.circle(5)
        let seg = NarrowShape.segment(Vec2(-40, 0), Vec2(40, 0))
        let still = sweep(from: .zero, to: .zero)
        let oblique = sweep(from: Vec2(-300, 400), to: Vec2(200, -266.7))
        checkFirstHit(
            ball, oblique, seg, still, timeOfImpact(ball.view, oblique, seg.view, still, targetSeparation: target))
        // Grazing past the end cap at x = 40: the ball's surface passes 0.5 pt from the end point → hit.
        let graze = sweep(from: Vec2(45.5, 600), to: Vec2(45.5, -233))
        checkFirstHit(
            ball, graze, seg, still, timeOfImpact(ball.view, graze, seg.view, still, targetSeparation: target))
        // Centre passing 15 pt beyond the end (surface 10 pt away): never within target.
        let miss = sweep(from: Vec2(55, 600), to: Vec2(55, -233))
        let r = timeOfImpact(ball.view, miss, seg.view, still, targetSeparation: target)
        #expect(r.state == .separated && r.fraction == 1)
    }

    @Test("a fast spinning box hits the ground at the first touching fraction")
    func rotatingBox() {
        let box = NarrowShape.box(30, 5)
        let ground = NarrowShape.segment(Vec2(-500, 0), Vec2(500, 0))
        let still = sweep(from: .zero, to: .zero)
        for (spin, drop) in [(3.0, 40.0), (-6.0, 25.0), (12.0, 20.0), (1.0, 60.0)] {
            let s = sweep(from: Vec2(0, 45), to: Vec2(20, 45 - drop), angle: 0.1, to: 0.1 + spin)
            let r = timeOfImpact(box.view, s, ground.view, still, targetSeparation: target)
            checkFirstHit(box, s, ground, still, r)
        }
    }

    @Test("rotating box with an offset centre of mass against a box, and an ellipse against a box")
    func offsetCenterAndEllipse() {
        let box = NarrowShape.box(20, 10)
        let wall = NarrowShape.box(10, 100)
        let still = sweep(from: Vec2(100, 0), to: Vec2(100, 0))
        let s = Sweep(localCenter: Vec2(5, 2), c1: Vec2(-60, 0), c2: Vec2(120, 10), a1: 0, a2: 4)
        checkFirstHit(box, s, wall, still, timeOfImpact(box.view, s, wall.view, still, targetSeparation: target))
        let e = NarrowShape.ellipse(30, 8)
        let se = sweep(from: Vec2(-80, 20), to: Vec2(150, -10), angle: 0.3, to: 5)
        checkFirstHit(e, se, wall, still, timeOfImpact(e.view, se, wall.view, still, targetSeparation: target))
        let f = NarrowShape.ellipse(12, 25)
        let sf = sweep(from: Vec2(40, -150), to: Vec2(-60, 60), angle: 0, to: -3)
        let sg = sweep(from: .zero, to: Vec2(10, 0), angle: 0, to: 1)
        checkFirstHit(f, sf, e, sg, timeOfImpact(f.view, sf, e.view, sg, targetSeparation: target))
    }

    @Test("overlapped at the start, and separated throughout")
    func overlappedAndSeparated() {
        let a = NarrowShape.box(10, 10)
        let b = NarrowShape.circle(5)
        let still = sweep(from: .zero, to: .zero)
        let r = timeOfImpact(
            a.view, still, b.view, sweep(from: Vec2(12, 0), to: Vec2(100, 0)), targetSeparation: target)
        #expect(r.state == .overlapped && r.fraction == 0)
        let away = timeOfImpact(
            a.view, still, b.view, sweep(from: Vec2(30, 0), to: Vec2(100, 50)), targetSeparation: target)
        #expect(away.state == .separated && away.fraction == 1)
        let half = timeOfImpact(
            a.view, still, b.view, sweep(from: Vec2(100, 0), to: Vec2(0, 0)),
            maxFraction: 0.5, targetSeparation: target)
        #expect(half.state == .separated && half.fraction == 0.5)
    }
}
