import Foundation
import Testing
import UIKitDynamics

/// Seed 002 (Japanese, "UIKit Dynamics"): every Swift snippet, in the order of the article, inside a view controller
/// stand-in. `redView` is the storyboard's red view: 100 × 100 pt near the top of the screen.
@MainActor
@Suite("Seed 002 snippets")
struct Seed002Tests {
    /// The article's controller: the animator is made in viewDidLoad on the root view.
    final class ViewController: SeedViewController {
        let redView = UIView(frame: CGRect(x: 137.5, y: 100, width: 100, height: 100))

        // --- seed 002, verbatim ---
        var dynamicAnimator: UIDynamicAnimator!
        override func viewDidLoad() {
            super.viewDidLoad()
            dynamicAnimator = UIDynamicAnimator(referenceView: self.view)
        }
        // ---

        override init() {
            super.init()
            redView.backgroundColor = .red
            view.addSubview(redView)
            viewDidLoad()
        }
    }

    /// "重力を与える": the default gravity, 1000 pt/s² downwards. After 60 frames the view has fallen ≈ 480 pt (the
    /// default resistance 0.1/s takes ≈ 3 %): within 0.5 pt of the damped free fall integrated with the solver's
    /// own sub-step (a third of the 1/120-s world step); the rest is the contact-free solver's rounding.
    @Test func gravity() {
        let vc = ViewController()
        let redView = vc.redView, dynamicAnimator = vc.dynamicAnimator!
        // --- seed 002, verbatim ---
        let gravityBehavior = UIGravityBehavior(items: [redView])
        dynamicAnimator.addBehavior(gravityBehavior)
        // ---
        #expect(gravityBehavior.gravityDirection == CGVector(dx: 0, dy: 1) && gravityBehavior.magnitude == 1)
        runFrames(dynamicAnimator, 60)
        let y = dampedFall(from: 150, velocity: 0, worldSteps: 119).y
        #expect(abs(Double(redView.center.y) - y) < 0.5, "y \(redView.center.y), reference \(y)")
        #expect(redView.center.x == 187.5)
    }

    /// The table's example: `gravityDirection = (2, 2)` is 2.83 g to the lower right; `magnitude = 1` keeps the
    /// direction: (0.707…, 0.707…) (single-precision sine/cosine as in UIKit: within 1e-6).
    @Test func gravityDirectionAndMagnitude() {
        let vc = ViewController()
        let redView = vc.redView
        let gravityBehavior = UIGravityBehavior(items: [redView])
        // --- seed 002, verbatim ---
        gravityBehavior.gravityDirection = CGVector(dx: 2.0, dy: 2.0)
        gravityBehavior.magnitude = 1.0
        // ---
        #expect(abs(gravityBehavior.gravityDirection.dx - 0.5.squareRoot()) < 1e-6)
        #expect(abs(gravityBehavior.gravityDirection.dy - 0.5.squareRoot()) < 1e-6)
        vc.dynamicAnimator.addBehavior(gravityBehavior)
        runFrames(vc.dynamicAnimator, 20)
        #expect(abs((redView.center.x - 187.5) - (redView.center.y - 150)) < 0.01)  // 45° down-right
    }

    /// "デバイスの枠を境界とする": with gravity, the view lands on the bottom of the screen and the animator pauses;
    /// the reference-bounds loop is outset by 1 pt (spec §1.7), so the resting center is 668 − 50 = 618 within the
    /// solver's 0.5-pt contact slop.
    @Test func referenceBoundsBoundary() {
        let vc = ViewController()
        let redView = vc.redView, dynamicAnimator = vc.dynamicAnimator!
        dynamicAnimator.addBehavior(UIGravityBehavior(items: [redView]))
        // --- seed 002, verbatim ---
        let collisionBehavior = UICollisionBehavior(items: [redView])
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        dynamicAnimator.addBehavior(collisionBehavior)
        // ---
        let frames = runUntilPaused(dynamicAnimator)
        #expect(frames < 600)
        #expect(abs(redView.center.y - 618) <= 0.5, "rest at \(redView.center.y)")
        #expect(abs(redView.center.x - 187.5) <= 0.5)  // the landing may shift it by less than the slop
    }

    /// "自由に境界を設定": a 40-pt floor segment named `"floor" as NSCopying` under the falling view. The view
    /// lands on it (center 50 pt above the segment's y = 333.5 + 200, within the 0.5-pt slop) and the identifier
    /// reads back with a plain string.
    @Test func floorBoundaryWithAnNSCopyingIdentifier() {
        let vc = ViewController()
        let redView = vc.redView, dynamicAnimator = vc.dynamicAnimator!
        let view: UIView = vc.view
        let self_ = (view: view, ())
        dynamicAnimator.addBehavior(UIGravityBehavior(items: [redView]))
        // --- seed 002, verbatim (self.view → self_.view: the snippet runs outside its controller here) ---
        let collisionBehavior = UICollisionBehavior(items: [redView])
        collisionBehavior.addBoundary(
            withIdentifier: "floor" as NSCopying,
            from: CGPoint(x: self_.view.bounds.width / 2 - 20, y: self_.view.bounds.height / 2 + 200),
            to: CGPoint(x: self_.view.bounds.width / 2 + 20, y: self_.view.bounds.height / 2 + 200))
        dynamicAnimator.addBehavior(collisionBehavior)
        // ---
        #expect(collisionBehavior.boundaryIdentifiers == ["floor"])
        #expect(collisionBehavior.boundary(withIdentifier: "floor") != nil)
        #expect(collisionBehavior.boundary(withIdentifier: "floor" as NSCopying) != nil)
        runUntilPaused(dynamicAnimator)
        #expect(abs(redView.center.y - (533.5 - 50)) <= 0.5, "rest at \(redView.center.y)")
        collisionBehavior.removeBoundary(withIdentifier: "floor" as NSCopying)
        #expect(collisionBehavior.boundaryIdentifiers == nil)
    }

    /// "弾性係数・抵抗・摩擦": elasticity 1, resistance 0, friction 0 with gravity and the screen edges. The article
    /// notes UIKit's rebound does not reach the start line; ours does (a documented fix): every one of the first
    /// five apexes is within 0.5 pt of the start height (the spec's bounce test tolerance).
    @Test func elasticFreeFallReturnsToItsStartLine() {
        let vc = ViewController()
        let redView = vc.redView, dynamicAnimator = vc.dynamicAnimator!
        dynamicAnimator.addBehavior(UIGravityBehavior(items: [redView]))
        let collisionBehavior = UICollisionBehavior(items: [redView])
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        dynamicAnimator.addBehavior(collisionBehavior)
        // --- seed 002, verbatim ---
        let dynamicItemBehavior = UIDynamicItemBehavior(items: [redView])
        dynamicItemBehavior.elasticity = 1.0
        dynamicItemBehavior.resistance = 0
        dynamicItemBehavior.friction = 0
        dynamicAnimator.addBehavior(dynamicItemBehavior)
        // ---
        var apexes: [CGFloat] = []
        var previousY = redView.center.y, goingUp = false, minY = CGFloat.infinity
        for _ in 0..<600 {
            dynamicAnimator.advance(by: 1.0 / 60)
            let y = redView.center.y
            if y < previousY { goingUp = true; minY = min(minY, y) }
            if goingUp && y > previousY { apexes.append(minY); goingUp = false; minY = .infinity }
            previousY = y
        }
        #expect(apexes.count >= 5)
        for apex in apexes.prefix(5) { #expect(abs(apex - 150) <= 0.5, "apexes \(apexes)") }
    }

    /// "外力": a vertical throw, `pushDirection = (0, −5)` on a 100 × 100 view (mass 1) → −500 pt/s at once
    /// (Δv = 100·m/mass, spec §2.4). With gravity the view rises v²/2g = 125 pt less the default resistance (0.1/s
    /// over the 0.5-s climb takes ≈ 3.3 % of the height): the apex is within 0.5 pt of the damped reference.
    @Test func verticalThrow() {
        let vc = ViewController()
        let redView = vc.redView, dynamicAnimator = vc.dynamicAnimator!
        redView.center.y = 400
        let probe = UIDynamicItemBehavior(items: [redView])  // reads the velocity; changes nothing
        dynamicAnimator.addBehavior(UIGravityBehavior(items: [redView]))
        dynamicAnimator.addBehavior(probe)
        // --- seed 002, verbatim ---
        let pushBehavior = UIPushBehavior(items: [redView], mode: UIPushBehavior.Mode.instantaneous)
        pushBehavior.pushDirection = CGVector(dx: 0.0, dy: -5.0)
        dynamicAnimator.addBehavior(pushBehavior)
        // ---
        var top = redView.center.y
        for _ in 0..<60 {
            dynamicAnimator.advance(by: 1.0 / 60)
            top = min(top, redView.center.y)
        }
        #expect(!pushBehavior.active)
        let best = dampedFall(from: 400, velocity: -500, worldSteps: 119).top
        #expect(abs(Double(top) - best) < 0.5, "apex \(top), reference \(best)")
        #expect(400 - best > 115)
    }
}
