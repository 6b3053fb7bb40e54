import Dynamics
import Foundation

/// A scene of the headless runner: builds behaviours on an animator and describes what to report.
@MainActor
struct HeadlessScene {
    /// Name used on the command line.
    let name: String
    /// One line for `--list-scenes`.
    let summary: String
    /// The reference bounds, pt (y down).
    let bounds: CGRect
    /// Builds the scene; returns the items to report on.
    let build: @MainActor (DynamicAnimator, SceneLog) -> [SimpleDynamicItem]
}

/// Collects what happened, timestamped with the animator's elapsed time.
@MainActor
final class SceneLog: DynamicAnimatorDelegate, CollisionBehaviorDelegate {
    private(set) var lines: [String] = []
    private(set) var pauses = 0
    private(set) var began = 0
    private(set) var ended = 0
    weak var animator: DynamicAnimator?

    private var stamp: String { String(format: "t=%6.3f s", animator?.elapsedTime ?? 0) }

    func note(_ text: String) { lines.append("\(stamp)  \(text)") }

    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { note("dynamicAnimatorWillResume") }

    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
        pauses += 1
        note("dynamicAnimatorDidPause (every item at rest)")
    }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint) {
        began += 1
    }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?) {
        ended += 1
    }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                           with item2: any DynamicItem, at point: CGPoint) {
        began += 1
    }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
                           with item2: any DynamicItem) {
        ended += 1
    }
}
