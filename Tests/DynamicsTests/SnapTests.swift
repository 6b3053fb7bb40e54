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
