import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

@MainActor
@Suite("Snap")
struct SnapTests {
    /// Damping 0.5 and 1.0: the item ends within 0.5 pt of the snap point and 0.001 rad of upright, and the
    /// animator then pauses and says so.
    @Test(arguments: [0.5, 1.0])
    func snapSettlesAndPauses(damping: Double) {
        let animator = DynamicAnimator()
        let events = AnimatorEvents()
        animator.delegate = events
        let item = square(80, 120, side: 60)
        item.transform = CGAffineTransform(rotationAngle: 0.6)
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 400))
        snap.damping = CGFloat(damping)
        animator.addBehavior(snap)
        let frames = runUntilPaused(animator, limit: 1200)
        #expect(frames < 1200, "never paused")
        #expect(hypot(Double(item.center.x - 300), Double(item.center.y - 400)) <= 0.5, "at \(item.center)")
        #expect(abs(Double(item.transform.rotationAngle)) <= 0.001)
        #expect(events.log.last == "pause")
    }

    /// Lower damping overshoots more.
    @Test func dampingShapesTheOvershoot() {
        func overshoot(_ d: CGFloat) -> Double {
            let animator = DynamicAnimator()
            let item = square(100, 300, side: 40)
            let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 300))
            snap.damping = d
            animator.addBehavior(snap)
            var most = 0.0
            for _ in 0..<120 {
                animator.advance(by: 1.0 / 60.0)
                most = Swift.max(most, Double(item.center.x) - 300)
            }
            return most
        }
        let low = overshoot(0.1), mid = overshoot(0.5), high = overshoot(1.0)
        #expect(low > mid && mid > high, "overshoot \(low), \(mid), \(high)")
    }

    /// Spec §1.9 (copied quirk 13): `damping` is read when the snap joins an animator. Setting 0.1 on a live snap
    /// that joined with 1.0 keeps the critically damped approach — the same overshoot to 1e-9 pt as a snap left at
    /// 1.0 — and the new value is used after the snap is removed and added again (then it overshoots by more than
    /// 10 pt, as a 0.1 snap does).
    @Test func dampingIsReadWhenTheSnapJoins() {
        func overshoot(setLive: Bool, reAdd: Bool = false) -> Double {
            let animator = DynamicAnimator()
            let item = square(100, 300, side: 40)
            let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 300))
            snap.damping = 1
            animator.addBehavior(snap)
            animator.advance(by: 1.0 / 60.0)
            if setLive { snap.damping = 0.1 }
            #expect(snap.damping == (setLive ? 0.1 : 1))
            if reAdd {
                animator.removeBehavior(snap)
                animator.addBehavior(snap)
            }
            var most = 0.0
            for _ in 0..<120 {
                animator.advance(by: 1.0 / 60.0)
                most = Swift.max(most, Double(item.center.x) - 300)
            }
            return most
        }
        let kept = overshoot(setLive: false), live = overshoot(setLive: true)
        #expect(abs(live - kept) <= 1e-9, "overshoot \(live) vs \(kept)")
        let readded = overshoot(setLive: true, reAdd: true)
        #expect(readded > kept + 10, "overshoot after re-adding \(readded) vs \(kept)")
    }

    /// snapPoint moves the target live; damping outside 0…1 is refused.
    @Test func snapPointIsLiveAndDampingIsChecked() {
        let animator = DynamicAnimator()
        let item = square(100, 100, side: 40)
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 100, y: 100))
        animator.addBehavior(snap)
        snap.snapPoint = CGPoint(x: 250, y: 150)
        runUntilPaused(animator, limit: 1200)
        #expect(hypot(Double(item.center.x - 250), Double(item.center.y - 150)) <= 0.5)
        let log = collectingDiagnostics { snap.damping = 2 }
        #expect(snap.damping == 0.5 && log.count(.invalidValue) == 1)
    }
}
