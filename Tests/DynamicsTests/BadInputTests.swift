import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Spec §1.14: none of these may crash or put a NaN into the world. The value is refused, the world keeps
/// stepping, and a diagnostic says what was wrong and what was kept.
@MainActor
@Suite("Bad input")
struct BadInputTests {
    /// A scene with one healthy falling item, to show the world keeps stepping.
    private func scene() -> (DynamicAnimator, SimpleDynamicItem, GravityBehavior) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let healthy = square(200, 100, side: 20, name: "healthy")
        let gravity = GravityBehavior(items: [healthy])
        animator.addBehavior(gravity)
        return (animator, healthy, gravity)
    }

    /// The healthy item keeps falling and nothing in the world is NaN.
    private func expectStillStepping(
        _ animator: DynamicAnimator, _ healthy: SimpleDynamicItem,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let y = healthy.center.y
        run(animator, frames: 3)
        #expect(healthy.center.y > y, sourceLocation: sourceLocation)
        #expect(animator.worldIsSound, sourceLocation: sourceLocation)
        for r in animator.records {
            guard let body = r.body else { continue }
            #expect(animator.world.position(of: body)?.isFinite == true, sourceLocation: sourceLocation)
            #expect(r.item.center.isFinite, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: 0, y: CGFloat.infinity),
        CGPoint(x: -CGFloat.infinity, y: CGFloat.nan)
    ])
    func nonFiniteCenterIsRefused(center: CGPoint) {
        let (animator, healthy, gravity) = scene()
        let bad = SimpleDynamicItem(center: center, size: CGSize(width: 10, height: 10), name: "bad")
        let log = collectingDiagnostics { gravity.addItem(bad) }
        #expect(log.count(.invalidCenter) == 1)
        #expect(log.all.first?.message.contains("Invalid center") == true)
        #expect(animator.body(of: bad) == nil)
        expectStillStepping(animator, healthy)
        // The bad item is never written to.
        #expect(bad.center.x.isNaN == center.x.isNaN)
    }

    @Test(arguments: [
        CGSize(width: 0, height: 10), CGSize(width: 10, height: 0), CGSize(width: -5, height: 10),
        CGSize(width: CGFloat.nan, height: 10), CGSize(width: 10, height: CGFloat.infinity)
    ])
    func invalidSizeIsRefused(size: CGSize) {
        let (animator, healthy, gravity) = scene()
        let bad = SimpleDynamicItem(center: CGPoint(x: 50, y: 50), size: size, name: "bad")
        let log = collectingDiagnostics { gravity.addItem(bad) }
        #expect(log.count(.invalidSize) == 1)
        #expect(log.all.first?.message.hasPrefix("Invalid size") == true)
        #expect(animator.body(of: bad) == nil)
        expectStillStepping(animator, healthy)
        // Removing the refused item is harmless.
        gravity.removeItem(bad)
        expectStillStepping(animator, healthy)
    }

    @Test func nonFiniteVelocitiesAreRefused() {
        let (animator, healthy, _) = scene()
        let props = DynamicItemBehavior(items: [healthy])
        animator.addBehavior(props)
        props.addLinearVelocity(CGPoint(x: 5, y: 0), for: healthy)
        let log = collectingDiagnostics {
            props.addLinearVelocity(CGPoint(x: CGFloat.nan, y: 0), for: healthy)
            props.addLinearVelocity(CGPoint(x: 0, y: -CGFloat.infinity), for: healthy)
            props.addAngularVelocity(.nan, for: healthy)
        }
        #expect(log.count(.invalidValue) == 3)
        #expect(props.linearVelocity(for: healthy) == CGPoint(x: 5, y: 0))
        #expect(props.angularVelocity(for: healthy) == 0)
        expectStillStepping(animator, healthy)
        // Before association too: nothing is cached.
        let fresh = DynamicItemBehavior(items: [healthy])
        _ = collectingDiagnostics { fresh.addLinearVelocity(CGPoint(x: CGFloat.nan, y: 0), for: healthy) }
        #expect(fresh.pendingLinearVelocities.isEmpty)
    }

    @Test func nonFiniteGravityIsRefused() {
        let (animator, healthy, gravity) = scene()
        let log = collectingDiagnostics {
            gravity.magnitude = .nan
            gravity.angle = .infinity
            gravity.gravityDirection = CGVector(dx: CGFloat.nan, dy: 1)
            gravity.setAngle(1, magnitude: .infinity)
            gravity.gravityDirection = CGVector(dx: 0, dy: CGFloat.greatestFiniteMagnitude)
        }
        #expect(log.count(.invalidValue) == 5)
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 1))
        #expect(animator.world.gravity == Vec2(0, 1000))
        expectStillStepping(animator, healthy)
    }

    @Test func invalidItemPropertiesAreRefused() {
        let (animator, healthy, _) = scene()
        let props = DynamicItemBehavior(items: [healthy])
        animator.addBehavior(props)
        let log = collectingDiagnostics {
            props.density = -1
            props.density = .nan
            props.elasticity = .nan
            props.friction = .infinity
            props.resistance = -120
            props.angularResistance = .infinity
            props.charge = .nan
        }
        // Spec §1.11: values outside 0…1 (negative resistance included) are not refused — MaterialValueTests.
        #expect(log.count(.invalidValue) == 7)
        #expect(props.density == 1 && props.elasticity == 0.2 && props.friction == 0.2)
        #expect(props.resistance == 0.1 && props.angularResistance == 0.1 && props.charge == 0)
        #expect(props.flags.isEmpty)
        #expect(log.all.first?.message.contains("stays 1") == true)
        expectStillStepping(animator, healthy)
    }

    @Test func invalidBoundingPathsFallBackToTheRectangle() throws {
        let concave = BezierPath()
        concave.move(to: CGPoint(x: -20, y: -20))
        concave.addLine(to: CGPoint(x: -20, y: 20))
        concave.addLine(to: CGPoint(x: 0, y: 0))
        concave.addLine(to: CGPoint(x: 20, y: 20))
        concave.addLine(to: CGPoint(x: 20, y: -20))
        concave.close()
        let bowTie = BezierPath()
        bowTie.move(to: CGPoint(x: -20, y: -20))
        bowTie.addLine(to: CGPoint(x: 20, y: 20))
        bowTie.addLine(to: CGPoint(x: 20, y: -20))
        bowTie.addLine(to: CGPoint(x: -20, y: 20))
        bowTie.close()
        let twoPoints = BezierPath()
        twoPoints.move(to: .zero)
        twoPoints.addLine(to: CGPoint(x: 10, y: 0))
        let collinear = twoPoints.copy()
        collinear.addLine(to: CGPoint(x: 20, y: 0))
        let nanPath = BezierPath()
        nanPath.move(to: CGPoint(x: CGFloat.nan, y: 0))
        nanPath.addLine(to: CGPoint(x: 10, y: 10))
        nanPath.addLine(to: CGPoint(x: 0, y: 10))
        let paths: [BezierPath?] = [nil, BezierPath(), twoPoints, collinear, concave, bowTie, nanPath]
        for path in paths {
            let (animator, healthy, gravity) = scene()
            let bad = SimpleDynamicItem(
                center: CGPoint(x: 100, y: 100), size: CGSize(width: 40, height: 20),
                collisionBoundsType: .path, collisionBoundingPath: path, name: "bad")
            let log = collectingDiagnostics { gravity.addItem(bad) }
            #expect(log.count(.invalidBoundingPath) == 1, "\(String(describing: path))")
            #expect(log.all.first?.message.contains("provided an invalid bounding path") == true)
            // The fallback is the 40 × 20 rectangle: mass 800/10⁴.
            let body = try #require(animator.body(of: bad))
            let mass = try #require(animator.world.mass(of: body))
            #expect(isClose(mass, 0.08, within: 1e-12))
            expectStillStepping(animator, healthy)
        }
    }

    /// A path running clockwise on screen is reversed and used, with a notice; a counter-clockwise one is silent.
    @Test func clockwiseBoundingPathIsReversedWithADiagnostic() throws {
        let triangleArea = 0.5 * 40 * 30
        let clockwise = BezierPath()
        clockwise.move(to: CGPoint(x: -20, y: -10))
        clockwise.addLine(to: CGPoint(x: 20, y: -10))
        clockwise.addLine(to: CGPoint(x: 0, y: 20))
        clockwise.close()
        let counterClockwise = BezierPath()
        counterClockwise.move(to: CGPoint(x: -20, y: -10))
        counterClockwise.addLine(to: CGPoint(x: 0, y: 20))
        counterClockwise.addLine(to: CGPoint(x: 20, y: -10))
        counterClockwise.close()
        for (path, expected) in [(clockwise, 1), (counterClockwise, 0)] {
            let (animator, healthy, gravity) = scene()
            let item = SimpleDynamicItem(
                center: CGPoint(x: 100, y: 100), size: CGSize(width: 40, height: 30),
                collisionBoundsType: .path, collisionBoundingPath: path)
            let log = collectingDiagnostics { gravity.addItem(item) }
            #expect(log.count(.clockwiseBoundingPath) == expected)
            #expect(log.count(.invalidBoundingPath) == 0)
            let body = try #require(animator.body(of: item))
            let mass = try #require(animator.world.mass(of: body))
            #expect(isClose(mass, triangleArea / 10_000, within: 1e-12))
            expectStillStepping(animator, healthy)
        }
    }

    @Test func itemInTwoAnimators() {
        let (first, healthy, _) = scene()
        let second = DynamicAnimator()
        let log = collectingDiagnostics { second.addBehavior(GravityBehavior(items: [healthy])) }
        #expect(log.count(.itemInAnotherAnimator) == 1)
        #expect(second.body(of: healthy) == nil && !second.isRunning)
        expectStillStepping(first, healthy)
        // Once the first animator lets go, the second may take it.
        first.removeAllBehaviors()
        let again = collectingDiagnostics { second.addBehavior(DynamicItemBehavior(items: [healthy])) }
        #expect(again.all.isEmpty)
        // The retry gives the new body its earlier membership too: it falls.
        let body = second.body(of: healthy)
        #expect(body != nil && second.world.gravityScale(of: body!) == 1)
    }

    @Test("An item past the world's most bodies is refused with a diagnostic; the others keep moving")
    func itemPastTheBodyLimit() {
        let (animator, healthy, gravity) = scene()
        // The real limit is 2²⁴ bodies; a world lowered to its current count reaches it with one more item.
        animator.world.bodyLimit = animator.world.bodies.count
        let extra = square(100, 100, side: 20, name: "extra")
        let log = collectingDiagnostics { gravity.addItem(extra) }
        #expect(log.count(.tooManyItems) == 1)
        #expect(log.all.first?.message.contains("was not added") == true)
        #expect(log.all.first?.message.contains("(\(animator.world.bodies.count))") == true)
        #expect(animator.body(of: extra) == nil)
        expectStillStepping(animator, healthy)
        #expect(extra.center == CGPoint(x: 100, y: 100))
    }

    @Test func behaviorAddedTwice() {
        let (animator, healthy, gravity) = scene()
        let other = DynamicAnimator()
        let composite = DynamicBehavior()
        let log = collectingDiagnostics {
            animator.addBehavior(gravity)  // already top level: silently ignored
            other.addBehavior(gravity)  // registered in another animator
            composite.addChildBehavior(gravity)  // registered at top level: refused
            animator.addBehavior(composite)
            composite.addChildBehavior(composite)  // itself: ignored
            let inner = DynamicBehavior()
            composite.addChildBehavior(inner)
            inner.addChildBehavior(composite)  // cycle
        }
        #expect(log.count(.behaviorAddedTwice) == 3)
        #expect(
            log.all.first?.message.hasPrefix("Adding the same behavior twice to the same animator is not supported")
                == true)
        #expect(animator.behaviors.count == 2 && other.behaviors.isEmpty)
        #expect(composite.childBehaviors.count == 1)
        expectStillStepping(animator, healthy)
    }

    @Test func badTimeSteps() {
        let (animator, healthy, gravity) = scene()
        let log = collectingDiagnostics {
            animator.advance(by: .nan)
            animator.advance(by: -1)
            animator.advance(by: .infinity)
        }
        #expect(log.count(.invalidTimeStep) == 3)
        #expect(animator.elapsedTime == 0)
        var inner: DiagnosticLog?
        gravity.action = { [unowned animator] in
            inner = collectingDiagnostics { animator.advance(by: 1.0 / 60.0) }
        }
        animator.advance(by: 1.0 / 60.0)
        #expect(inner?.count(.invalidTimeStep) == 1)
        #expect(isClose(animator.elapsedTime, 1.0 / 60.0, within: 1e-15))
        gravity.action = nil
        expectStillStepping(animator, healthy)
    }

    @Test func invalidBoundaries() {
        let (animator, healthy, _) = scene()
        let collision = CollisionBehavior(items: [healthy])
        animator.addBehavior(collision)
        let dot = BezierPath()
        dot.move(to: CGPoint(x: 5, y: 5))
        dot.addLine(to: CGPoint(x: 5, y: 5))
        dot.close()
        let nanPath = BezierPath()
        nanPath.move(to: CGPoint(x: 0, y: 0))
        nanPath.addLine(to: CGPoint(x: CGFloat.nan, y: 5))
        let log = collectingDiagnostics {
            collision.addBoundary(withIdentifier: "empty", for: BezierPath())
            collision.addBoundary(withIdentifier: "dot", for: dot)
            collision.addBoundary(withIdentifier: "nan", for: nanPath)
            collision.addBoundary(withIdentifier: "same", from: CGPoint(x: 1, y: 1), to: CGPoint(x: 1, y: 1))
            collision.addBoundary(withIdentifier: "inf", from: .zero, to: CGPoint(x: CGFloat.infinity, y: 1))
            collision.setTranslatesReferenceBoundsIntoBoundary(
                with: EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0))
            collision.setTranslatesReferenceBoundsIntoBoundary(
                with: EdgeInsets(top: 300, left: 0, bottom: 300, right: 0))
        }
        #expect(log.count(.invalidBoundaryPath) == 5)
        #expect(log.all.first?.message.hasPrefix("invalid path for collision boundary") == true)
        #expect(log.count(.invalidValue) == 1)
        #expect(log.count(.invalidRect) == 1)
        #expect(collision.boundaryIdentifiers == nil)
        #expect(collision.referenceLoopBody == nil)
        expectStillStepping(animator, healthy)
    }

    @Test func invalidRectanglesAndUpdates() {
        let (animator, healthy, _) = scene()
        let log = collectingDiagnostics {
            animator.referenceBounds = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
            #expect(animator.items(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)).isEmpty)
            let a = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
            #expect(a.referenceBounds.isNull)
        }
        #expect(log.count(.invalidRect) == 3)
        #expect(animator.referenceBounds == CGRect(x: 0, y: 0, width: 400, height: 400))
        run(animator, frames: 2)
        let before = healthy.center
        healthy.center = CGPoint(x: CGFloat.nan, y: 3)
        healthy.transform = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        let update = collectingDiagnostics { animator.updateItem(usingCurrentState: healthy) }
        #expect(update.count(.invalidCenter) == 1)
        healthy.center = before
        let transform = collectingDiagnostics { animator.updateItem(usingCurrentState: healthy) }
        #expect(transform.count(.invalidValue) == 1)
        expectStillStepping(animator, healthy)
    }

    /// The process-wide handler gets diagnostics too (scoped to this test by filtering on a unique name).
    @Test func globalHandlerReceivesDiagnostics() {
        let log = DiagnosticLog()
        let tag = "global-handler-\(UUID().uuidString)"
        DynamicsDiagnostics.handler = { if $0.message.contains(tag) { log.append($0) } }
        defer { DynamicsDiagnostics.handler = nil }
        let bad = SimpleDynamicItem(center: .zero, size: .zero, name: tag)
        DynamicAnimator().addBehavior(GravityBehavior(items: [bad]))
        #expect(log.count(.invalidSize) == 1)
    }
}
