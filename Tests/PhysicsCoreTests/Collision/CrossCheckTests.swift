import Testing
@testable import PhysicsCore

/// Randomised cross-checks of the manifold routines against GJK (an independent algorithm on the same support
/// functions). For separated pairs within the speculative distance, the deepest manifold point's separation
/// must equal the GJK distance and the normals must agree: polygon pairs to 1e-7 pt (both exact up to
/// rounding), pairs with an ellipse to 1e-5 pt (GJK on a smooth shape and the ellipse refinement are both
/// iterative, each good to ~1e-7 pt). Two-point polygon manifolds get the documented hysteresis allowance.
@Suite("Narrow phase: randomised cross-checks")
struct CrossCheckTests {
    /// A pool of shapes of every kind, including thin and irregular ones.
    let shapes: [NarrowShape] = [
        .circle(12),
        .circle(4, center: Vec2(3, -2)),
        .box(15, 8),
        .box(3, 25, center: Vec2(2, 1), angle: 0.3),
        .polygon([Vec2(-10, -6), Vec2(12, -8), Vec2(16, 4), Vec2(2, 14), Vec2(-12, 6)]),
        .polygon([Vec2(0, 0), Vec2(20, 0), Vec2(3, 9)]),
        .ellipse(30, 10),
        .ellipse(8, 20, center: Vec2(-3, 4)),
        .ellipse(15, 14),
        .segment(Vec2(-40, 0), Vec2(40, 5))
    ]

    func randomTransform(_ rng: inout SeededRandom, spread: Double) -> Transform {
        NarrowCheck.xf(rng.uniform(-spread, spread), rng.uniform(-spread, spread), rng.uniform(-Double.pi, Double.pi))
    }

    let polygonal: Set<ShapeKind> = [.polygon, .segment]

    func hasEllipse(_ a: NarrowShape, _ b: NarrowShape) -> Bool {
        a.geometry.kind == .ellipse || b.geometry.kind == .ellipse
    }

    @Test("separated pairs: manifold separation and normal match GJK, every kind pair, both orders")
    func separatedMatchesGJK() {
        var rng = SeededRandom(state: 12345)
        var checked = 0
        for i in 0..<shapes.count {
            for j in 0..<shapes.count {
                let a = shapes[i]
                let b = shapes[j]
                if a.geometry.kind == .segment && b.geometry.kind == .segment { continue }
                let tol = hasEllipse(a, b) ? 1e-5 : 1e-7
                var found = 0
                var attempts = 0
                while found < 12 && attempts < 2000 {
                    attempts += 1
                    let xa = randomTransform(&rng, spread: 10)
                    let xb = randomTransform(&rng, spread: 45)
                    let d = shapeDistance(a.view, xa, b.view, xb)
                    guard d.distance > 0.05 && d.distance < 8 else { continue }
                    found += 1
                    let m = collide(a.view, xa, b.view, xb, speculativeDistance: 10)
                    #expect(m.pointCount >= 1, "kinds \(a.geometry.kind)-\(b.geometry.kind)")
                    guard m.pointCount >= 1 else { continue }
                    var minSep = m[0].separation
                    if m.pointCount == 2 { minSep = Swift.min(minSep, m[1].separation) }
                    if m.pointCount == 2 {
                        // Face contact with the reference-face hysteresis: the kept face may be up to ~8° off the
                        // closest feature, so the separation may read high by ≤ 1 − cos 8° ≈ 1% of the gap (never
                        // low) and the normal may turn by up to sin 8° ≈ 0.14.
                        #expect(
                            minSep - d.distance >= -tol && minSep - d.distance <= tol + 0.01 * d.distance,
                            "\(a.geometry.kind)-\(b.geometry.kind): manifold \(minSep) vs GJK \(d.distance)")
                        #expect(distance(m.normal, d.normal) <= 0.14)
                    } else {
                        #expect(
                            abs(minSep - d.distance) <= tol,
                            "\(a.geometry.kind)-\(b.geometry.kind): manifold \(minSep) vs GJK \(d.distance)")
                        #expect(
                            distance(m.normal, d.normal) <= 1e-4,
                            "\(a.geometry.kind)-\(b.geometry.kind): normal \(m.normal) vs \(d.normal)")
                    }
                    #expect(abs(m.normal.length - 1) < 1e-12)
                }
                checked += found
            }
        }
        #expect(checked > 900)
    }

    /// max over the world point set of dot(u, x), computed independently of the narrow phase.
    func supportValue(_ s: NarrowShape, _ xf: Transform, _ u: Vec2) -> Double {
        let g = s.geometry
        switch g.kind {
        case .circle:
            return dot(u, xf.apply(g.center)) + g.radius
        case .ellipse:
            let l = xf.q.invRotate(u)
            return dot(u, xf.apply(g.center))
                + ((g.radii.x * l.x) * (g.radii.x * l.x) + (g.radii.y * l.y) * (g.radii.y * l.y)).squareRoot()
        case .segment:
            return Swift.max(dot(u, xf.apply(g.p1)), dot(u, xf.apply(g.p2)))
        case .polygon:
            let v = s.view
            var best = -Double.greatestFiniteMagnitude
            for i in 0..<v.count { best = Swift.max(best, dot(u, xf.apply(v.vertices![i]))) }
            return best
        }
    }

    /// max over unit u of (−h_B(−u) − h_A(u)): the signed distance (minus the penetration depth when overlapping).
    func bruteForceSeparation(_ a: NarrowShape, _ xa: Transform, _ b: NarrowShape, _ xb: Transform) -> Double {
        func f(_ t: Double) -> Double {
            let u = Vec2(mCos(t), mSin(t))
            return -supportValue(b, xb, -u) - supportValue(a, xa, u)
        }
        let n = 7200
        var bestT = 0.0
        var best = -Double.greatestFiniteMagnitude
        for k in 0..<n {
            let t = 2 * Double.pi * Double(k) / Double(n)
            let v = f(t)
            if v > best { best = v; bestT = t }
        }
        var step = 2 * Double.pi / Double(n)
        for _ in 0..<50 {
            for t in [bestT - step, bestT + step] {
                let v = f(t)
                if v > best { best = v; bestT = t }
            }
            step *= 0.5
        }
        return best
    }

    @Test("overlapping pairs: orders agree, unit normals, ellipse points on the surface")
    func overlapping() {
        var rng = SeededRandom(state: 777)
        for i in 0..<shapes.count {
            for j in 0..<shapes.count {
                let a = shapes[i]
                let b = shapes[j]
                if a.geometry.kind == .segment && b.geometry.kind == .segment { continue }
                var found = 0
                var attempts = 0
                while found < 8 && attempts < 4000 {
                    attempts += 1
                    let xa = randomTransform(&rng, spread: 5)
                    let xb = randomTransform(&rng, spread: 30)
                    guard shapeDistance(a.view, xa, b.view, xb).distance == 0 else { continue }
                    found += 1
                    let ab = collide(a.view, xa, b.view, xb, speculativeDistance: 2)
                    let ba = collide(b.view, xb, a.view, xa, speculativeDistance: 2)
                    #expect(ab.pointCount >= 1 && ba.pointCount >= 1)
                    guard ab.pointCount >= 1 && ba.pointCount >= 1 else { continue }
                    #expect(abs(ab.normal.length - 1) < 1e-12)
                    var sepAB = ab[0].separation
                    if ab.pointCount == 2 { sepAB = Swift.min(sepAB, ab[1].separation) }
                    var sepBA = ba[0].separation
                    if ba.pointCount == 2 { sepBA = Swift.min(sepBA, ba[1].separation) }
                    #expect(sepAB < 1e-9)
                    // The reference-face tolerance (0.05 pt) may pick a different but nearly as good face.
                    #expect(
                        abs(sepAB - sepBA) <= NarrowPhase.referenceFaceTolerance + 1e-7,
                        "\(a.geometry.kind)-\(b.geometry.kind): \(sepAB) vs \(sepBA)")
                    // One-point manifolds (a circle or an ellipse involved): the separation is the penetration
                    // depth, max over directions of the support-function separation (brute force good to ~1e-9
                    // pt). Allowed: 1e-4 pt, plus 5e-4 of the depth for overlaps deeper than half an ellipse,
                    // where the direction search's coarse sampling may settle a hair off the global maximum.
                    if !(polygonal.contains(a.geometry.kind) && polygonal.contains(b.geometry.kind)) {
                        let truth = bruteForceSeparation(a, xa, b, xb)
                        #expect(
                            abs(ab[0].separation - truth) <= 1e-4 + 5e-4 * Swift.max(0, -truth),
                            "\(a.geometry.kind)-\(b.geometry.kind): \(ab[0].separation) vs depth \(truth)")
                    }
                    for (shape, xf, isA) in [(a, xa, true), (b, xb, false)] where shape.geometry.kind == .ellipse {
                        let toward = isA ? ab.normal : -ab.normal
                        let surface = ab[0].point - (0.5 * ab[0].separation) * toward
                        let off = NarrowCheck.distanceToEllipse(
                            surface, radii: shape.geometry.radii,
                            center: shape.geometry.center, xf)
                        #expect(off <= 0.1, "ellipse surface point \(off) pt off")
                    }
                }
            }
        }
    }
}
