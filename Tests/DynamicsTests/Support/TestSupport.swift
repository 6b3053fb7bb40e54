import Foundation
import Testing
@testable import Dynamics
import PhysicsCore
import Synchronization

/// Collects diagnostics emitted by the current task (thread-safe).
final class DiagnosticLog: Sendable {
    private let stored = Mutex<[DynamicsDiagnostic]>([])

    var all: [DynamicsDiagnostic] { stored.withLock { $0 } }

    func append(_ d: DynamicsDiagnostic) { stored.withLock { $0.append(d) } }

    func count(_ kind: DynamicsDiagnostic.Kind) -> Int { all.filter { $0.kind == kind }.count }
}

/// Runs `body` with a scoped diagnostics handler and returns what it emitted.
@MainActor
func collectingDiagnostics(_ body: () throws -> Void) rethrows -> DiagnosticLog {
    let log = DiagnosticLog()
    try DynamicsDiagnostics.withHandler({ log.append($0) }, body)
    return log
}

/// Advances the animator by `frames` frames of `dt` seconds.
@MainActor
func run(_ animator: DynamicAnimator, frames: Int, dt: TimeInterval = 1.0 / 60.0) {
    for _ in 0..<frames { animator.advance(by: dt) }
}

/// Runs frames until the animator pauses or `limit` frames passed; returns the frames run.
@MainActor
@discardableResult
func runUntilPaused(_ animator: DynamicAnimator, limit: Int = 2000) -> Int {
    var n = 0
    while animator.isRunning && n < limit {
        animator.advance(by: 1.0 / 60.0)
        n += 1
    }
    return n
}

/// A 100 × 100 item at (x, y).
@MainActor
func square(_ x: CGFloat, _ y: CGFloat, side: CGFloat = 100, name: String? = nil) -> SimpleDynamicItem {
    SimpleDynamicItem(center: CGPoint(x: x, y: y), size: CGSize(width: side, height: side), name: name)
}

/// Records the delegate calls of an animator.
@MainActor
final class AnimatorEvents: DynamicAnimatorDelegate {
    var log: [String] = []
    var resumes: Int { log.filter { $0 == "resume" }.count }
    var pauses: Int { log.filter { $0 == "pause" }.count }
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { log.append("resume") }
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { log.append("pause") }
}

/// Records collision callbacks as strings ("began:item:floor", "ended:item:floor", "began:a|b", …) plus points.
@MainActor
final class ContactLog: CollisionBehaviorDelegate {
    var entries: [String] = []
    var points: [CGPoint] = []
    /// The first item's center at each began callback.
    var centers: [CGPoint] = []
    /// Called after every callback (e.g. to change behaviours from inside the step).
    var onEvent: ((String) -> Void)?

    private func name(_ item: any DynamicItem) -> String { (item as? SimpleDynamicItem)?.name ?? "?" }
    private func name(_ id: AnyHashable?) -> String { id.map { "\($0)" } ?? "bounds" }

    private func record(_ s: String) {
        entries.append(s)
        onEvent?(s)
    }

    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
        with item2: any DynamicItem, at point: CGPoint
    ) {
        points.append(point)
        centers.append(item1.center)
        record("began:\(name(item1))|\(name(item2))")
    }

    func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
        with item2: any DynamicItem
    ) {
        record("ended:\(name(item1))|\(name(item2))")
    }

    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint
    ) {
        points.append(point)
        centers.append(item.center)
        record("began:\(name(item)):\(name(identifier))")
    }

    func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?
    ) {
        record("ended:\(name(item)):\(name(identifier))")
    }
}

extension DynamicAnimator {
    /// Test access: the body of an item.
    func body(of item: any DynamicItem) -> BodyID? { record(for: item)?.body }
    /// Test access: the shape of an item.
    func shape(of item: any DynamicItem) -> ShapeID? { record(for: item)?.shape }
    /// Test access: nothing in the world is NaN and the core's invariants hold.
    var worldIsSound: Bool { world.validate().isEmpty }
}

/// |a − b| ≤ tolerance.
func isClose(_ a: CGFloat, _ b: CGFloat, within tolerance: CGFloat) -> Bool { abs(a - b) <= tolerance }
func isClose(_ a: Double, _ b: Double, within tolerance: Double) -> Bool { abs(a - b) <= tolerance }
