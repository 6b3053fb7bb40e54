// Not iOS code: the harness for the Swift-5-only program.
import UIKitDynamics

extension ClientDrivers {
    /// The triangle dropped by the non-isolated `TriangleDropper`: its center once the animator paused, pt, how
    /// many pauses the delegate heard, and the frames run.
    @MainActor
    public static func triangle() -> (center: CGPoint, pauses: Int, frames: Int, angle: CGFloat) {
        let screen = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let dropper = TriangleDropper(referenceView: screen)
        var frames = 0
        while dropper.animator.isRunning && frames < 1200 {
            dropper.animator.advance(by: frame)
            frames += 1
        }
        let t = dropper.triangle.transform
        return (dropper.triangle.center, dropper.pauses, frames, atan2(t.b, t.a))
    }
}
