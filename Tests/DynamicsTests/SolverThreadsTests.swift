import Foundation
import Testing
@testable import Dynamics

/// `DynamicAnimator.SolverSettings.threadCount` (a SwiftDynamics extension): it reaches the world, bad counts are
/// refused with one diagnostic, and it is the one setting that changes no motion (PhysicsCoreTests' "Parallel
/// solve" suite checks that the engine's steps are bit-identical with any count).
@MainActor
@Suite("Solver threads (SwiftDynamics extension)")
struct SolverThreadsTests {
    typealias Settings = DynamicAnimator.SolverSettings

    @Test("The default is one thread; a count in 1…16 reaches the world and is kept")
    func countReachesTheWorld() {
        let animator = DynamicAnimator()
        #expect(animator.solverSettings.threadCount == 1)
        #expect(animator.world.settings.workerCount == 1)
        animator.solverSettings.threadCount = 2
        #expect(animator.solverSettings.threadCount == 2)
        #expect(animator.world.settings.workerCount == 2)
        // Used only while they make steps faster on this machine (PhysicsCore's ThreadUseTunerTests).
        #expect(animator.world.settings.adaptiveWorkers)
        animator.solverSettings = Settings(substepsPerWorldStep: 5, threadCount: 16)
        #expect(animator.world.settings.workerCount == 16)
        #expect(animator.world.settings.substepCount == 5)
    }

    @Test("Any thread count is UIKit-faithful; the description names a count other than 1")
    func threadsChangeNoMotion() {
        #expect(Settings(threadCount: 4).isUIKitFaithful)
        #expect(Settings(threadCount: 4) != .uikit)
        #expect(!Settings(allowsSleeping: false, threadCount: 2).isUIKitFaithful)
        #expect(Settings.uikit.description == "3 sub-steps per world step, sleeping on, continuous collision on")
        #expect(Settings(threadCount: 2).description.hasSuffix(", 2 threads"))
    }

    @Test("Changing only the thread count of a paused animator does not wake it")
    func threadCountDoesNotWake() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 300, height: 400))
        let events = AnimatorEvents()
        animator.delegate = events
        let items = (0..<6).map { k in square(40 + CGFloat(k % 3) * 90, 60 + CGFloat(k / 3) * 60, side: 40) }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: items))
        runUntilPaused(animator, limit: 1800)
        #expect(!animator.isRunning)
        let resumes = events.resumes
        animator.solverSettings.threadCount = 2
        #expect(!animator.isRunning)
        #expect(events.resumes == resumes)
        // Any other change still wakes it, as before.
        animator.solverSettings.allowsSleeping = false
        #expect(animator.isRunning)
    }

    @Test(
        "A thread count outside 1…16 is refused with one diagnostic; the settings stay",
        arguments: [0, -1, 17, Int.max, Int.min])
    func badThreadCountRefused(bad: Int) {
        let animator = DynamicAnimator()
        animator.solverSettings = Settings(substepsPerWorldStep: 6, threadCount: 2)
        let before = animator.solverSettings
        let log = collectingDiagnostics {
            animator.solverSettings = Settings(allowsSleeping: false, threadCount: bad)
        }
        #expect(log.all.count == 1)
        #expect(log.count(.invalidValue) == 1)
        let message = log.all.first?.message ?? ""
        #expect(message.contains("threadCount \(bad)") && message.contains("1 … 16"), "\(message)")
        #expect(animator.solverSettings == before)
        #expect(animator.world.settings.workerCount == 2)
        #expect(animator.world.settings.enableSleep)
    }
}
