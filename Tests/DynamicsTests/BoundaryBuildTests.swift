import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Issue 15, item 2: building a boundary was quadratic in its segment count (each segment recomputed the body's
/// mass over all its shapes): 8000 segments took 15 s, a big oval 12-35 s, paid again on every re-add.
@MainActor
@Suite("Boundaries build in time linear in their segments")
struct BoundaryBuildTests {
    /// A floor of `count` segments waving ±20 pt around y = 1000.
    static func wavyFloor(_ count: Int) -> BezierPath {
        let path = BezierPath()
        path.move(to: CGPoint(x: 0, y: 1000))
        for k in 1...count {
            path.addLine(to: CGPoint(x: CGFloat(k) * 2, y: 1000 + 20 * sin(CGFloat(k) * 0.3)))
        }
        return path
    }

    /// Adds the boundary and returns the mass recomputations and wall-clock time it took.
    private func build(
        _ collision: CollisionBehavior, _ id: String, _ path: BezierPath,
        in animator: DynamicAnimator
    ) -> (massUpdates: Int, time: Duration) {
        let before = animator.world.massUpdateCount
        let start = ContinuousClock.now
        collision.addBoundary(withIdentifier: id, for: path)
        return (animator.world.massUpdateCount - before, ContinuousClock.now - start)
    }

    @Test("a wavy floor of 8000 segments and a big oval: one mass computation each, well under a second, re-add too")
    func bigBoundaries() throws {
        let animator = DynamicAnimator()
        let item = square(100, 900, side: 20)
        let collision = CollisionBehavior(items: [item])
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [item]))

        let floor = Self.wavyFloor(8000)
        let oval = BezierPath(ovalIn: CGRect(x: -20_000, y: -20_000, width: 40_000, height: 30_000))
        let ovalSegments = oval.flattened().flatMap(\.segments).count
        #expect(ovalSegments > 500, "the oval flattens to \(ovalSegments) segments")

        for (id, path) in [("floor", floor), ("oval", oval)] {
            // Twice: the first build and a re-add under the same identifier (which destroys and rebuilds).
            for _ in 0..<2 {
                let r = build(collision, id, path, in: animator)
                // One recomputation for the boundary's body, however many segments (before: one per segment).
                #expect(r.massUpdates == 1, "\(id): \(r.massUpdates) mass computations")
                // Wall clock, generous for a loaded CI machine: measured ≈ 10-20 ms in release (15 s before).
                #expect(r.time < .seconds(1), "\(id): \(r.time)")
            }
        }
        let body = try #require(collision.boundaryBodies["floor"])
        #expect(animator.world.shapes(of: body).count == 8000)

        // Re-adding the behaviour rebuilds every boundary, also with one computation each.
        animator.removeBehavior(collision)
        let before = animator.world.massUpdateCount
        animator.addBehavior(collision)
        #expect(animator.world.massUpdateCount - before <= 2 + 1, "two boundaries and the item's body")

        // The floor works: the item lands on it.
        run(animator, frames: 120)
        #expect(item.center.y > 960 && item.center.y < 1000, "\(item.center)")
    }

    @Test("PhysicsCore: createSegments computes the body's mass once and refuses bad pairs one by one")
    func coreBatch() throws {
        var w = World(settings: WorldSettings())
        var def = BodyDefinition()
        def.type = .static
        let created = w.createBody(def)
        let body = try #require(created)
        var pairs = (0..<8000).map { k in (Vec2(Double(k), 0), Vec2(Double(k) + 1, 1)) }
        pairs[5] = (Vec2(1, 1), Vec2(1, 1))
        pairs[6] = (Vec2(.nan, 1), Vec2(1, 1))
        let before = w.massUpdateCount
        let results = w.createSegments(on: body, pairs)
        #expect(w.massUpdateCount - before == 1)
        #expect(results.count == 8000)
        #expect(results.filter { if case .failure = $0 { true } else { false } }.count == 2)
        #expect(w.shapes(of: body).count == 7998)
        // A dynamic body takes no segments.
        let createdDynamic = w.createBody(BodyDefinition())
        let dynamic = try #require(createdDynamic)
        #expect(w.createSegments(on: dynamic, pairs).allSatisfy { if case .failure = $0 { true } else { false } })
    }
}
