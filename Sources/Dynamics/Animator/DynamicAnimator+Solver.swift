import Foundation
internal import PhysicsCore

extension DynamicAnimator {
    /// How the animator's solver runs. **A SwiftDynamics extension, not in UIKit**: UIKit's animator has no such
    /// settings, and code that sets them does not compile against UIKit.
    ///
    /// The defaults (`SolverSettings.uikit`) are what UIKit does: 3 solver sub-steps per 1/120-s world step (what
    /// this solver needs to reproduce UIKit's measured motion), sleeping on (the animator pauses ≈ 0.5 s after
    /// everything rests), continuous collision on (fast items do not pass through thin walls). Change them to see
    /// how a motion depends on them, for instance to tell a spring that rings from a solver that is too coarse; a
    /// motion tuned with other settings will not look the same on a device.
    public struct SolverSettings: Hashable, Sendable, CustomStringConvertible {
        /// Accepted sub-step counts: 1…16.
        public static let substepRange: ClosedRange<Int> = 1...16
        /// UIKit's sub-step count (what this solver needs to reproduce UIKit's measured motion): 3.
        public static let uikitSubstepsPerWorldStep = 3
        /// UIKit's settings (the default): 3 sub-steps, sleeping on, continuous collision on.
        public static let uikit = SolverSettings()

        /// Solver sub-steps per 1/120-s world step, 1…16. Default 3 (a 1/360-s sub-step; at 60 frames per second,
        /// 6 sub-steps per frame). More sub-steps make stiff springs, joints and stacks more exact and cost more;
        /// fewer make them softer. Free items (no contact, no joint) move the same at any count.
        public var substepsPerWorldStep: Int
        /// Whether items at rest fall asleep, so that the animator pauses (`dynamicAnimatorDidPause`). Default
        /// true, as in UIKit. False: nothing ever sleeps, and an animator with items never pauses.
        public var allowsSleeping: Bool
        /// Whether an item that moves far in one world step is swept against boundaries and anchored items and
        /// stopped at the first impact (continuous collision). Default true (UIKit does it for the items of
        /// gravity and push behaviours). False: an item fast enough to cross a boundary within one 1/120-s step
        /// can pass through it.
        public var continuousCollision: Bool

        /// Settings; every argument defaults to UIKit's value.
        public init(
            substepsPerWorldStep: Int = SolverSettings.uikitSubstepsPerWorldStep, allowsSleeping: Bool = true,
            continuousCollision: Bool = true
        ) {
            self.substepsPerWorldStep = substepsPerWorldStep
            self.allowsSleeping = allowsSleeping
            self.continuousCollision = continuousCollision
        }

        /// Whether these are UIKit's settings.
        public var isUIKitFaithful: Bool { self == .uikit }

        /// "3 sub-steps per world step, sleeping on, continuous collision on".
        public var description: String {
            "\(substepsPerWorldStep) sub-step\(substepsPerWorldStep == 1 ? "" : "s") per world step, "
                + "sleeping \(allowsSleeping ? "on" : "off"), continuous collision \(continuousCollision ? "on" : "off")"
        }
    }

    /// The solver's settings (a SwiftDynamics extension, not in UIKit; see `SolverSettings`). Default
    /// `SolverSettings.uikit`. A sub-step count outside `SolverSettings.substepRange` is refused with a diagnostic
    /// and the settings stay as they were. A change takes effect from the next world step; it wakes every item and
    /// resumes a paused animator (as any parameter change does), so switching sleeping off keeps a resting pile
    /// awake and the animator running.
    public var solverSettings: SolverSettings {
        get {
            SolverSettings(
                substepsPerWorldStep: world.settings.substepCount, allowsSleeping: world.settings.enableSleep,
                continuousCollision: world.settings.enableContinuous)
        }
        set {
            let old = solverSettings
            guard SolverSettings.substepRange.contains(newValue.substepsPerWorldStep) else {
                DynamicsDiagnostics.report(
                    .invalidValue,
                    "solverSettings.substepsPerWorldStep \(newValue.substepsPerWorldStep) is out of range; use "
                        + "\(SolverSettings.substepRange.lowerBound) … \(SolverSettings.substepRange.upperBound) "
                        + "(UIKit's is \(SolverSettings.uikitSubstepsPerWorldStep)); the settings stay \(old)")
                return
            }
            guard newValue != old else { return }
            world.settings.substepCount = newValue.substepsPerWorldStep
            world.settings.enableSleep = newValue.allowsSleeping
            world.settings.enableContinuous = newValue.continuousCollision
            wake(records.map(\.item))
            tickle()
        }
    }
}
