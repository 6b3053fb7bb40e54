import Dynamics
import Foundation
@testable import SandboxKit
import SandboxScenes
import Testing

/// Curves as the engine sees them: the renderer draws the engine's flattening of boundaries (what is drawn is what
/// collides), and field regions as their true outlines.
@MainActor
@Suite("Curves as the engine sees them")
struct CurvesTests {
    /// Segments as unordered endpoint pairs, sorted, for comparing sets of segments exactly.
    static func key(_ s: [(CGPoint, CGPoint)]) -> [[Double]] {
        s.map { a, b in
            let (p, q) = (a.x, a.y) < (b.x, b.y) ? (a, b) : (b, a)
            return [Double(p.x), Double(p.y), Double(q.x), Double(q.y)]
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test("the Bezier bowl: the drawn polyline's vertices are exactly the endpoints of the segments that collide")
    func drawnBoundaryIsTheCollisionBoundary() throws {
        let world = try #require(SceneCatalog.named("shapes")).make(
            bounds: CGRect(x: 0, y: 0, width: 960, height: 640), seed: 1)
        var compared = 0
        for case let c as CollisionBehavior in world.allBehaviors {
            let drawn = SceneRenderer.boundaryPolylines(c).flatMap(\.segments)
            let colliding = (c.boundaryIdentifiers ?? []).flatMap { c.debugBoundarySegments(withIdentifier: $0) }
            // Exact equality: the same Doubles, not "close".
            #expect(Self.key(drawn) == Self.key(colliding))
            compared += colliding.count
        }
        // The bowl's curves flatten to many more than the renderer's old 24 segments a curve at 0.25 pt.
        #expect(compared > 24, "\(compared) segments")
    }

    @Test("every boundary of every scene is drawn as the segments that collide")
    func everySceneBoundary() {
        for scene in SceneCatalog.all {
            let world = scene.make(bounds: CGRect(x: 0, y: 0, width: 960, height: 640), seed: 1)
            for case let c as CollisionBehavior in world.allBehaviors {
                let drawn = SceneRenderer.boundaryPolylines(c).flatMap(\.segments)
                let colliding = (c.boundaryIdentifiers ?? []).flatMap { c.debugBoundarySegments(withIdentifier: $0) }
                #expect(Self.key(drawn) == Self.key(colliding), "\(scene.name)")
            }
        }
    }

    /// Length of the polylines.
    static func length(_ lines: [Polyline]) -> Double {
        lines.map { l in l.segments.map { Double(hypot($0.1.x - $0.0.x, $0.1.y - $0.0.y)) }.reduce(0, +) }.reduce(0, +)
    }

    /// Every segment's middle lies on the region's edge: a hair to one side is inside, a hair to the other outside.
    static func separates(_ lines: [Polyline], _ region: Region) -> Bool {
        lines.allSatisfy { line in
            line.segments.allSatisfy { a, b in
                let m = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                let d = hypot(b.x - a.x, b.y - a.y)
                guard d > 1e-9 else { return true }
                // Normal, 0.5 pt: beyond the 0.25-pt flattening error of the circle's chords.
                let n = CGVector(dx: -(b.y - a.y) / d * 0.5, dy: (b.x - a.x) / d * 0.5)
                return region.contains(CGPoint(x: m.x + n.dx, y: m.y + n.dy))
                    != region.contains(CGPoint(x: m.x - n.dx, y: m.y - n.dy))
            }
        }
    }

    static let extent = CGRect(x: -500, y: -500, width: 1000, height: 1000)
    /// A circle of radius 50 meets the 160 x 40 rectangle's long edges at x = ±√(50² − 20²).
    static let cross = (2500.0 - 400).squareRoot()
    /// The circle's arcs outside the rectangle (|y| > 20): two of 50·(π − 2·asin 0.4).
    static let arcs = 2 * 50 * (Double.pi - 2 * asin(0.4))

    @Test("a union (circle r 50 + rectangle 160 x 40) is outlined by its outer arcs and edges, no inner lines")
    func unionOutline() {
        let region = Region(radius: 50).union(with: Region(size: CGSize(width: 160, height: 40)))
        let lines = region.outline(within: Self.extent)
        // Outer arcs + the long edges outside the circle + the two short edges.
        let expected = Self.arcs + 4 * (80 - Self.cross) + 2 * 40
        // Chords are shorter than their arcs: within 0.25 pt of the curve, the length is short by well under 1 pt.
        #expect(abs(Self.length(lines) - expected) < 1, "\(Self.length(lines)) vs \(expected)")
        #expect(Self.separates(lines, region))
        // Every vertex is on the circle or on the rectangle's edge (1e-6 pt: the bisection's precision).
        for p in lines.flatMap(\.points) {
            let onCircle = abs(hypot(p.x, p.y) - 50) < 1e-6
            let onRect = (abs(abs(p.x) - 80) < 1e-6 && abs(p.y) <= 20) || (abs(abs(p.y) - 20) < 1e-6 && abs(p.x) <= 80)
            #expect(onCircle || onRect, "\(p)")
        }
        // The corners are vertices.
        #expect(lines.flatMap(\.points).contains(CGPoint(x: 80, y: 20)))
    }

    @Test("a difference (circle r 50 minus the rectangle) is outlined by its arcs and the cut edges inside the circle")
    func differenceOutline() {
        let region = Region(radius: 50).difference(from: Region(size: CGSize(width: 160, height: 40)))
        let lines = region.outline(within: Self.extent)
        let expected = Self.arcs + 4 * Self.cross
        #expect(abs(Self.length(lines) - expected) < 1, "\(Self.length(lines)) vs \(expected)")
        #expect(Self.separates(lines, region))
        // Two closed-off halves: 4 pieces (2 arcs, 2 cut edges), the cut edges' ends where the circle crosses.
        #expect(lines.count == 4)
        let ends = lines.flatMap { [$0.points.first!, $0.points.last!] }
        // 1e-3 pt: the outline probes the two sides 1/1000 pt off the curve, so a crossing is found to about that.
        #expect(ends.allSatisfy { abs(abs($0.x) - Self.cross) < 1e-3 && abs(abs($0.y) - 20) < 1e-3 }, "\(ends)")
    }

    @Test("a circle is one closed outline within 0.25 pt; its inverse has the same; an infinite region none")
    func plainAndInverse() {
        let circle = Region(radius: 260)
        let lines = circle.outline(within: Self.extent)
        #expect(lines.count == 1 && lines[0].isClosed)
        #expect(lines[0].points.allSatisfy { abs(hypot($0.x, $0.y) - 260) < 1e-9 })
        // Sagitta of each chord ≤ 0.25 pt.
        let n = Double(lines[0].points.count)
        #expect(260 * (1 - cos(Double.pi / n)) <= 0.25)
        #expect(circle.inverse().outline(within: Self.extent).map(\.points) == lines.map(\.points))
        #expect(Region.infinite.outline(within: Self.extent).isEmpty)
        #expect(Region().outline(within: Self.extent).isEmpty)
        // An infinitely wide band: only its two long edges, clipped to the extent.
        let band = Region(size: CGSize(width: CGFloat.infinity, height: 100)).outline(within: Self.extent)
        #expect(band.count == 2)
        #expect(band.allSatisfy { l in l.points.allSatisfy { abs(abs($0.y) - 50) < 1e-9 } })
    }
}
