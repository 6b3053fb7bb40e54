import Foundation
import Testing
@testable import Dynamics

/// `DynamicAnimator.solverSettings`, the SwiftDynamics extension that switches sleeping, continuous collision and
/// the sub-step count (issue 12 §3's solver switches).
@MainActor
@Suite("Solver settings (SwiftDynamics extension)")
struct SolverSettingsTests {
    /// 12 boxes of 40 pt dropped in a 300 × 400 box under gravity, with an item behaviour (for velocities).
    func pile(_ settings: DynamicAnimator.SolverSettings) -> (
        DynamicAnimator, AnimatorEvents, [SimpleDynamicItem], DynamicItemBehavior
    ) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 300, height: 400))
        animator.solverSettings = settings
        let events = AnimatorEvents()
        animator.delegate = events
        let items = (0..<12).map { k in square(40 + CGFloat(k % 4) * 70, 60 + CGFloat(k / 4) * 60, side: 40) }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: items)
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: items))
        animator.addBehavior(props)
        return (animator, events, items, props)
    }

    @Test("The defaults are UIKit's: 3 sub-steps per world step, sleeping on, continuous collision on")
    func defaultsAreUIKits() {
        let animator = DynamicAnimator()
        #expect(animator.solverSettings == .uikit)
        #expect(animator.solverSettings.isUIKitFaithful)
        #expect(animator.solverSettings.substepsPerWorldStep == DynamicAnimator.substepsPerWorldStep)
        #expect(animator.solverSettings.allowsSleeping && animator.solverSettings.continuousCollision)
        #expect(animator.world.settings.substepCount == 3)
        #expect(animator.world.settings.enableSleep && animator.world.settings.enableContinuous)
        #expect(!DynamicAnimator.SolverSettings(allowsSleeping: false).isUIKitFaithful)
    }

    @Test("Sleeping on: the settled pile falls asleep and the animator pauses once")
    func sleepingOnPauses() {
        let (animator, events, _, _) = pile(.uikit)
        let frames = runUntilPaused(animator, limit: 1800)
        #expect(!animator.isRunning)
        #expect(events.pauses == 1)
        // The boxes land within 0.6 s and rest 0.5 s before sleeping: measured 93 frames; 4 s is a loose bound.
        #expect(frames < 240, "paused after \(frames) frames")
    }

    @Test("Sleeping off: the same pile settles but never sleeps, and the animator never pauses (30 s)")
    func sleepingOffNeverPauses() {
        let (asleep, _, restingItems, _) = pile(.uikit)
        runUntilPaused(asleep, limit: 1800)
        let (animator, events, items, props) = pile(DynamicAnimator.SolverSettings(allowsSleeping: false))
        for _ in 0..<1800 {
            animator.advance(by: 1.0 / 60)
            #expect(animator.isRunning)
        }
        #expect(events.pauses == 0)
        #expect(animator.world.hasAwakeBodies)
        // Settled: every box slower than the rest rule (1 pt/s) and where the sleeping run left it (within 0.5 pt,
        // the contact slop: the same pile, only never put to sleep).
        for (item, resting) in zip(items, restingItems) {
            let v = props.linearVelocity(for: item)
            #expect(hypot(v.x, v.y) < 1, "speed \(hypot(v.x, v.y)) pt/s")
            #expect(hypot(item.center.x - resting.center.x, item.center.y - resting.center.y) < 0.5)
        }
    }

    @Test("Switching sleeping off on a paused animator wakes it, and it keeps running")
    func switchingSleepingOffResumes() {
        let (animator, events, _, _) = pile(.uikit)
        runUntilPaused(animator, limit: 1800)
        #expect(!animator.isRunning)
        animator.solverSettings.allowsSleeping = false
        #expect(animator.isRunning)
        #expect(events.resumes == 2)
        run(animator, frames: 300)
        #expect(animator.isRunning)
        #expect(events.pauses == 1)
        // And back on: it falls asleep again.
        animator.solverSettings.allowsSleeping = true
        runUntilPaused(animator, limit: 600)
        #expect(!animator.isRunning)
        #expect(events.pauses == 2)
    }

    /// A 10-pt ball at x = 50 sent right toward a thin boundary (a segment) at x = 100, either flung at `speed`
    /// (pt/s) or driven by a continuous push of `push` (UIKit newtons); its x after half a second.
    func ballAgainstWall(speed: CGFloat = 0, push: CGFloat = 0, continuous: Bool) -> CGFloat {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 400))
        animator.solverSettings.continuousCollision = continuous
        let ball = SimpleDynamicItem(
            center: CGPoint(x: 50, y: 200), size: CGSize(width: 10, height: 10), collisionBoundsType: .ellipse)
        let collision = CollisionBehavior(items: [ball])
        collision.addBoundary(
            withIdentifier: "wall" as NSString, from: CGPoint(x: 100, y: 0), to: CGPoint(x: 100, y: 400))
        let props = DynamicItemBehavior(items: [ball])
        if speed != 0 { props.addLinearVelocity(CGPoint(x: speed, y: 0), for: ball) }
        animator.addBehavior(collision)
        animator.addBehavior(props)
        if push != 0 {
            let pusher = PushBehavior(items: [ball], mode: .continuous)
            pusher.pushDirection = CGVector(dx: push, dy: 0)
            animator.addBehavior(pusher)
        }
        run(animator, frames: 30)
        return ball.center.x
    }

    /// A push of 10 000 UIKit newtons on the ball (about 0.008 kg) reaches the 24 000 pt/s speed cap within the
    /// first 1/120-s world step and carries the ball about 190 pt in it, past the wall 50 pt away: the step began
    /// with the ball at rest, so no pair with the wall existed, and only the swept test of continuous collision sees
    /// the wall. A fling, even at 20 000 pt/s (167 pt a step), is stopped either way: the world sweeps a velocity set
    /// between steps before looking for pairs, and the speculative contact that pair gives stops the ball.
    @Test("Continuous collision off: a ball driven through a thin wall within one step passes it; on, it stops")
    func continuousCollisionStopsTunnelling() {
        #expect(ballAgainstWall(push: 10_000, continuous: true) < 100)
        #expect(ballAgainstWall(push: 10_000, continuous: false) > 100)
        #expect(ballAgainstWall(speed: 20_000, continuous: true) < 100)
        #expect(ballAgainstWall(speed: 20_000, continuous: false) < 100)
        #expect(ballAgainstWall(speed: 5_000, continuous: false) < 100)
    }

    /// Largest distance from the rest point (x = 500) in the second second of a 20-Hz undamped spring released
    /// 50 pt from rest, with `substeps` solver sub-steps per world step.
    func stiffSpringAmplitude(substeps: Int) -> Double {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        animator.solverSettings.substepsPerWorldStep = substeps
        let item = square(550, 500, side: 20)
        let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 400, y: 500))
        spring.length = 100
        spring.frequency = 20
        spring.damping = 0
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        animator.addBehavior(spring)
        animator.addBehavior(props)
        var amplitude = 0.0
        for frame in 0..<120 {
            animator.advance(by: 1.0 / 60)
            if frame >= 60 { amplitude = max(amplitude, abs(Double(item.center.x) - 500)) }
        }
        return amplitude
    }

    @Test("The sub-step count changes a stiff spring: 20 Hz undamped rings on at 3 and 16, dies out at 1")
    func substepsChangeAStiffSpring() {
        // Undamped, the analytic amplitude stays 50 pt. At 3 or more sub-steps (ω·h < 0.5) the solver integrates
        // the spring explicitly and keeps its energy: measured 50.8 pt at 3, 50.0 at 16; 4 % tolerance. At 1
        // sub-step (ω·h = 1.05) it must use its implicit soft spring, which is stable but damps: measured 0.
        #expect(abs(stiffSpringAmplitude(substeps: 3) - 50) < 2)
        #expect(abs(stiffSpringAmplitude(substeps: 16) - 50) < 2)
        #expect(stiffSpringAmplitude(substeps: 1) < 1)
    }

    @Test(
        "A sub-step count outside 1…16 is refused with one diagnostic; the settings stay",
        arguments: [0, -1, 17, Int.max, Int.min])
    func badSubstepsRefused(bad: Int) {
        let animator = DynamicAnimator()
        animator.solverSettings = DynamicAnimator.SolverSettings(substepsPerWorldStep: 6, allowsSleeping: false)
        let before = animator.solverSettings
        let log = collectingDiagnostics {
            animator.solverSettings = DynamicAnimator.SolverSettings(
                substepsPerWorldStep: bad, continuousCollision: false)
        }
        #expect(log.all.count == 1)
        #expect(log.count(.invalidValue) == 1)
        let message = log.all.first?.message ?? ""
        #expect(message.contains("substepsPerWorldStep \(bad)") && message.contains("1 … 16"), "\(message)")
        #expect(animator.solverSettings == before)
        #expect(animator.world.settings.substepCount == 6)
        #expect(animator.world.settings.enableContinuous)
    }

    @Test("Same settings, same scene: bit-identical runs")
    func deterministic() {
        func finalCenters() -> [CGPoint] {
            let (animator, _, items, _) = pile(
                DynamicAnimator.SolverSettings(substepsPerWorldStep: 7, allowsSleeping: false))
            run(animator, frames: 120)
            return items.map(\.center)
        }
        #expect(finalCenters() == finalCenters())
    }
}
