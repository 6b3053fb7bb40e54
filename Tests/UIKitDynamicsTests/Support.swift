import Foundation
import Testing
import UIKitDynamics

// Stand-ins for the app-only parts of the seed snippets (view controllers, touches, random colours). The seed code
// itself is kept as written, with `import UIKit` replaced by `import UIKitDynamics`.

/// A view controller reduced to what the seeds use: a root view (an iPhone 8 screen, 375 × 667 pt) and
/// `viewDidLoad()`.
@MainActor
class SeedViewController {
    /// The root view; animators use it as their reference view.
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))

    init() {}

    /// Called by the tests where UIKit would call it.
    func viewDidLoad() {}
}

/// A deterministic stand-in for `arc4random()` (SplitMix64 with a fixed seed).
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next 32 random bits.
    mutating func next() -> UInt32 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: z ^ (z >> 31))
    }

    /// A random opaque colour.
    mutating func color() -> UIColor {
        UIColor(
            red: CGFloat(next() % 256) / 255, green: CGFloat(next() % 256) / 255,
            blue: CGFloat(next() % 256) / 255, alpha: 1)
    }
}

/// Advances `animator` by `frames` display frames of 1/60 s (the display link of a device).
@MainActor
func runFrames(_ animator: UIDynamicAnimator, _ frames: Int) {
    for _ in 0..<frames { animator.advance(by: 1.0 / 60.0) }
}

/// Runs 1/60-s frames until the animator pauses (all items at rest) or `limit` frames; returns the frames run.
@MainActor
@discardableResult
func runUntilPaused(_ animator: UIDynamicAnimator, limit: Int = 3000, eachFrame: () -> Void = {}) -> Int {
    var n = 0
    while animator.isRunning && n < limit {
        animator.advance(by: 1.0 / 60.0)
        eachFrame()
        n += 1
    }
    return n
}

/// Records the animator's pause/resume calls.
@MainActor
final class PauseLog: UIDynamicAnimatorDelegate {
    var events: [String] = []
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { events.append("resume") }
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { events.append("pause") }
}

/// Free fall under 1000 pt/s² with the default resistance 0.1/s, integrated as UIKit's Box2D does (spec §3.2): one
/// step per 1/120-s world step, v ← (v + g·h)/(1 + h·c), y ← y + v·h. Returns the final y and the smallest y reached.
@MainActor
func dampedFall(from y0: Double, velocity v0: Double, worldSteps: Int) -> (y: Double, top: Double) {
    var v = v0, y = y0, top = y0
    let h = UIDynamicAnimator.worldStepInterval
    for _ in 0..<worldSteps {
        v = (v + 1000 * h) / (1 + h * 0.1)
        y += v * h
        top = min(top, y)
    }
    return (y, top)
}
