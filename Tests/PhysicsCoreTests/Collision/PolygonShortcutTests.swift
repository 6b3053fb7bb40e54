import Testing

@testable import PhysicsCore

/// The polygon narrow phase's shortcuts (the separating-axis hint, the centred-quadrilateral search) must give
/// exactly what the plain search gives: the simulation's results, and every benchmark checksum, depend on it. So
/// these tests compare with `==`, no tolerance.
@Suite("Narrow phase: polygon shortcuts give the plain search's results exactly")
struct PolygonShortcutTests {
    /// Boxes centred on their origin (any angle) and polygons that are not (offset boxes, a triangle, a hexagon).
    static var centred: [NarrowShape] {
        [
            .box(12.5, 12.5), .box(20, 5), .box(7, 30, angle: 0.3), .box(50, 1000), .box(3, 3, angle: -1.1)
        ]
    }
    static var others: [NarrowShape] {
        [
            .box(50, 1000, center: Vec2(950, 0)), .box(10, 10, center: Vec2(1, 2)),
            .polygon([Vec2(-10, -8), Vec2(12, -6), Vec2(0, 14)]),
            .polygon((0..<6).map { Rotation(angle: Double($0) * .pi / 3).rotate(Vec2(9, 0)) })
        ]
    }

    static func randomTransform(_ rng: inout SeededRandom, spread: Double) -> Transform {
        Transform(
            p: Vec2(rng.uniform(-spread, spread), rng.uniform(-spread, spread)), q: Rotation(angle: rng.uniform(-4, 4)))
    }

    @Test(
        "Boxes built around their origin are centred quadrilaterals at any angle; offset boxes and other polygons are not"
    )
    func centredQuads() {
        for s in PolygonShortcutTests.centred { #expect(NarrowPolygon(s.view).isCentredQuad) }
        for s in PolygonShortcutTests.others { #expect(!NarrowPolygon(s.view).isCentredQuad) }
    }

    @Test(
        "The centred-quadrilateral search returns the plain search's edge and separation, against centred and other polygons"
    )
    func centredSearchIsExact() {
        var rng = SeededRandom(state: 2024)
        var earlyStops = 0
        for a in PolygonShortcutTests.centred {
            for b in PolygonShortcutTests.centred + PolygonShortcutTests.others {
                let pa = NarrowPolygon(a.view), pb = NarrowPolygon(b.view)
                for _ in 0..<400 {
                    let xa = PolygonShortcutTests.randomTransform(&rng, spread: 30)
                    let xb = PolygonShortcutTests.randomTransform(&rng, spread: 60)
                    let aToB = Transform.invMul(xb, xa)
                    // Stop thresholds below, around and above the separations met, so the early stop is exercised.
                    let stop = rng.uniform(-20, 40)
                    let plain = polygonMaxSeparation(pa, pb, aToB, stopAbove: stop)
                    let quick = centredQuadMaxSeparation(
                        pa, pb, poly2Centred: pb.isCentredQuad, aToB, stopAbove: stop)
                    #expect(quick.edge == plain.edge && quick.separation == plain.separation)
                    if plain.separation > stop { earlyStops += 1 }
                }
            }
        }
        #expect(earlyStops > 1000)
    }

    /// Bit-for-bit equality of two manifolds (`==` on every field that a manifold's reader sees).
    static func same(_ m: Manifold, _ n: Manifold) -> Bool {
        guard m.pointCount == n.pointCount, m.normal == n.normal else { return false }
        for i in 0..<m.pointCount
        where m[i].point != n[i].point || m[i].separation != n[i].separation || m[i].id != n[i].id {
            return false
        }
        return true
    }

    @Test(
        "A remembered separating edge, right or stale, never changes the manifold (and is remembered when it separates)"
    )
    func hintIsExact() {
        var rng = SeededRandom(state: 77)
        let shapes = PolygonShortcutTests.centred + PolygonShortcutTests.others
        var hits = 0
        for a in shapes {
            for b in shapes {
                let pa = NarrowPolygon(a.view), pb = NarrowPolygon(b.view)
                var hint = NarrowPhase.noAxis
                for _ in 0..<300 {
                    let xa = PolygonShortcutTests.randomTransform(&rng, spread: 30)
                    let xb = PolygonShortcutTests.randomTransform(&rng, spread: 60)
                    let spec = rng.uniform(0.5, 6)
                    var none = NarrowPhase.noAxis
                    let plain = collidePolygons(pa, xa, pb, xb, spec, separatingAxis: &none)
                    // The hint from the previous pose (often wrong here), then the one just found (right).
                    let withStale = collidePolygons(pa, xa, pb, xb, spec, separatingAxis: &hint)
                    #expect(PolygonShortcutTests.same(plain, withStale))
                    var found = hint
                    let withFound = collidePolygons(pa, xa, pb, xb, spec, separatingAxis: &found)
                    #expect(PolygonShortcutTests.same(plain, withFound))
                    if plain.pointCount == 0 && hint != NarrowPhase.noAxis { hits += 1 }
                    if plain.pointCount > 0 { #expect(hint == NarrowPhase.noAxis) }
                }
            }
        }
        #expect(hits > 1000)
    }

    @Test(
        "The centred-quadrilateral incident edge is the plain search's, including ties and axis-aligned normals"
    )
    func centredIncidentEdgeIsExact() {
        var rng = SeededRandom(state: 31)
        var ties = 0
        for a in PolygonShortcutTests.centred {
            let inc = NarrowPolygon(a.view)
            // Random directions, and the quad's own normals and their mixtures (exact ties between two edges).
            var directions: [Vec2] = (0..<2000).map { _ in Rotation(angle: rng.uniform(-4, 4)).rotate(Vec2(1, 0)) }
            for i in 0..<4 {
                directions.append(-inc.normals[i])
                directions.append(inc.normals[i])
                directions.append(-(inc.normals[i] + inc.normals[(i + 1) & 3]))
            }
            for n in directions {
                var plain = 0
                var least = Double.greatestFiniteMagnitude
                for j in 0..<inc.count {
                    let d = dot(n, inc.normals[j])
                    if d < least { least = d; plain = j }
                }
                if (0..<4).filter({ dot(n, inc.normals[$0]) == least }).count > 1 { ties += 1 }
                #expect(centredQuadIncidentEdge(n, inc) == plain)
            }
        }
        #expect(ties >= 10)
    }

    @Test("Polygon manifolds with the centred-quadrilateral paths equal the plain routine's, bit for bit")
    func centredManifoldsAreExact() {
        var rng = SeededRandom(state: 4242)
        let shapes = PolygonShortcutTests.centred + PolygonShortcutTests.others
        var counts = [0, 0, 0]
        for a in shapes {
            for b in shapes {
                let pa = NarrowPolygon(a.view), pb = NarrowPolygon(b.view)
                for _ in 0..<500 {
                    // Close poses (the boxes touch or overlap in most), some at exactly right angles.
                    let xa = PolygonShortcutTests.randomTransform(&rng, spread: 10)
                    var xb = PolygonShortcutTests.randomTransform(&rng, spread: 25)
                    if rng.uniform(0, 1) < 0.2 { xb.q = Rotation(c: 0, s: 1) }
                    let spec = rng.uniform(0.5, 6)
                    var none = NarrowPhase.noAxis, axis = NarrowPhase.noAxis
                    let plain = collidePolygons(
                        pa, xa, pb, xb, spec, separatingAxis: &none, centredA: false, centredB: false)
                    let quick = collidePolygons(
                        pa, xa, pb, xb, spec, separatingAxis: &axis, centredA: pa.isCentredQuad,
                        centredB: pb.isCentredQuad)
                    #expect(PolygonShortcutTests.same(plain, quick))
                    #expect(none == axis)
                    counts[plain.pointCount] += 1
                }
            }
        }
        // Every outcome was exercised: apart, one point, two points.
        #expect(counts.allSatisfy { $0 > 1000 })
    }

    @Test("The narrow phase keeps with each polygon pair which of its shapes are centred quadrilaterals, correctly")
    func pairCentredFlags() {
        var settings = Scenes.frameSettings
        settings.gravity = Vec2(0, -1000)
        var w = World(settings: settings)
        Scenes.staticBox(&w, center: Vec2(0, -50), halfWidth: 400, halfHeight: 50, friction: 0.6, restitution: 0)
        // A row of centred boxes, boxes off their body's origin and triangles, dropped onto each other.
        for i in 0..<24 {
            var bd = BodyDefinition()
            bd.position = Vec2(Double(i % 8) * 30 - 120, 20 + Double(i / 8) * 30)
            let b = w.createBody(bd)!
            switch i % 3 {
            case 0: _ = try! w.createBox(on: b, halfWidth: 12, halfHeight: 12).get()
            case 1: _ = try! w.createBox(on: b, halfWidth: 12, halfHeight: 10, center: Vec2(2, 1)).get()
            default: _ = try! w.createPolygon(on: b, vertices: [Vec2(-12, -10), Vec2(12, -10), Vec2(0, 12)]).get()
            }
        }
        for _ in 0..<60 { w.step(dt: 1.0 / 60) }
        var seen = Set<UInt8>()
        for k in w.contacts.indices {
            let flags = w.manifoldCaches[k].centredQuads
            if flags == 0 { continue }
            seen.insert(flags)
            let polygons = w.vertexPool.withUnsafeBufferPointer { v in
                w.normalPool.withUnsafeBufferPointer { n in
                    w.shapes.withUnsafeBufferPointer { sh in
                        (
                            World.polygon(sh.baseAddress! + Int(w.contacts[k].shapeA), v.baseAddress!, n.baseAddress!)
                                .isCentredQuad,
                            World.polygon(sh.baseAddress! + Int(w.contacts[k].shapeB), v.baseAddress!, n.baseAddress!)
                                .isCentredQuad
                        )
                    }
                }
            }
            #expect(flags & ManifoldCache.shapesKnown != 0)
            #expect((flags & ManifoldCache.centredA != 0) == polygons.0)
            #expect((flags & ManifoldCache.centredB != 0) == polygons.1)
        }
        // Pairs of every kind were computed: both centred, one, neither.
        #expect(seen.count == 4)
    }
}
