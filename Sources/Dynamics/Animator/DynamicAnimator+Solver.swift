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
    /// motion tuned with other settings will not look the same on a device. The thread count is the exception: it
    /// changes how fast a step is computed, never what it computes.
    public struct SolverSettings: Hashable, Sendable, CustomStringConvertible {
        /// Accepted sub-step counts: 1…16.
        public static let substepRange: ClosedRange<Int> = 1...16
        /// Accepted thread counts: 1…16.
        public static let threadRange: ClosedRange<Int> = 1...16
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
        /// Threads that compute each world step, the animator's own included, 1…16 (`threadRange`). Default 1.
        /// With more, large scenes (a few hundred touching items and up) share the contact solver's work between
        /// the threads; the motion is bit for bit the same with any count, so this is the one setting that a device
        /// does not need to match. The animator times its steps with the threads and alone and uses the threads
        /// only while they make steps faster on this machine (on some, the cores exchange data too slowly for a
        /// step to gain from them; PhysicsCore's `WorldSettings.adaptiveWorkers`). More threads than the machine
        /// has processor cores make steps slower.
        public var threadCount: Int

        /// Settings; every argument defaults to UIKit's value (and one thread).
        public init(
            substepsPerWorldStep: Int = SolverSettings.uikitSubstepsPerWorldStep, allowsSleeping: Bool = true,
            continuousCollision: Bool = true, threadCount: Int = 1
        ) {
            self.substepsPerWorldStep = substepsPerWorldStep
            self.allowsSleeping = allowsSleeping
            self.continuousCollision = continuousCollision
            self.threadCount = threadCount
        }

        /// Whether these are UIKit's settings (with any thread count: it changes no motion).
        public var isUIKitFaithful: Bool { withThreadCount(SolverSettings.uikit.threadCount) == .uikit }

        /// These settings with another thread count.
        func withThreadCount(_ count: Int) -> SolverSettings {
            var s = self
            s.threadCount = count
            return s
        }

        /// "3 sub-steps per world step, sleeping on, continuous collision on" (and ", 2 threads" when not 1).
        public var description: String {
            "\(substepsPerWorldStep) sub-step\(substepsPerWorldStep == 1 ? "" : "s") per world step, "
                + "sleeping \(allowsSleeping ? "on" : "off"), continuous collision \(continuousCollision ? "on" : "off")"
                + (threadCount == 1 ? "" : ", \(threadCount) threads")
        }
    }

    /// The solver's settings (a SwiftDynamics extension, not in UIKit; see `SolverSettings`). Default
    /// `SolverSettings.uikit`. A sub-step count outside `SolverSettings.substepRange` or a thread count outside
    /// `SolverSettings.threadRange` is refused with a diagnostic and the settings stay as they were. A change takes
    /// effect from the next world step; it wakes every item and resumes a paused animator (as any parameter change
    /// does), so switching sleeping off keeps a resting pile awake and the animator running. A change of the thread
    /// count alone changes no motion, so it wakes nothing.
    public var solverSettings: SolverSettings {
        get {
            SolverSettings(
                substepsPerWorldStep: world.settings.substepCount, allowsSleeping: world.settings.enableSleep,
                continuousCollision: world.settings.enableContinuous, threadCount: world.settings.workerCount)
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
            guard SolverSettings.threadRange.contains(newValue.threadCount) else {
                DynamicsDiagnostics.report(
                    .invalidValue,
                    "solverSettings.threadCount \(newValue.threadCount) is out of range; use "
                        + "\(SolverSettings.threadRange.lowerBound) … \(SolverSettings.threadRange.upperBound) "
                        + "(1: the animator's thread alone; any count gives the same motion); the settings stay \(old)")
                return
            }
            world.settings.workerCount = newValue.threadCount
            guard newValue.withThreadCount(old.threadCount) != old else { return }
            world.settings.substepCount = newValue.substepsPerWorldStep
            world.settings.enableSleep = newValue.allowsSleeping
            world.settings.enableContinuous = newValue.continuousCollision
            wake(records.map(\.item))
            tickle()
        }
    }
}
