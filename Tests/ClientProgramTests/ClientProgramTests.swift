import ClientProgramsSwift5
import ClientProgramsSwift6
import Foundation
import Testing

// iOS-style programs (Tests/ClientPrograms) compiled against `UIKitDynamics` with only `import UIKit` changed, once
// in Swift 5 language mode (ClientProgramsSwift5, plus a non-isolated NSObject program) and once in Swift 6 mode
// (ClientProgramsSwift6). That both modules build is the compile check; these tests run each program on the manual
// clock and check its motion. The same source must move identically in both modes (determinism).

@MainActor
@Suite("iOS client programs compile in Swift 5 and 6 modes and move as on a device")
struct ClientProgramTests {
    /// Springy chat list (iMessage style): scrolling 60 pt with the finger at y = 100 makes items lag in proportion
    /// to their distance from the finger (resistance |Δy|/1500), then the 1-Hz, 0.8-damped zero-length springs pull
    /// them back; items leaving the 100-pt margin lose their springs and new ones get them (tiling by the visible
    /// rectangle and `items(in:)`).
    @Test func springyCollectionViewLayout() {
        let r5 = ClientProgramsSwift5.ClientDrivers.springy()
        let r6 = ClientProgramsSwift6.ClientDrivers.springy()
        for r in [r5, r6] as [any SpringyFigures] {
            // Content rows every 54 pt from y = 10; rows with frames within 100 pt of the 667-pt screen: 15.
            #expect(r.initialSprings == 15)
            // Item 11's anchor is at y = 10 + 11·54 + 22 = 626: lag = 60·(626 − 100)/1500 = 21.04 pt (touch at
            // content y 100 while the bounds still start at 0). Tolerance 0.01 pt: exact arithmetic.
            let expectedFar: CGFloat = 60 * (626 - 100) / 1500
            #expect(abs(r.farLag - expectedFar) < 0.01, "far lag \(r.farLag)")
            // Item 1 (anchor 86): 60·14/1500 = 0.56 pt.
            let expectedNear: CGFloat = 60 * 14 / 1500
            #expect(abs(r.nearLag - expectedNear) < 0.01, "near lag \(r.nearLag)")
            // A 1-Hz spring with ζ = 0.8 decays as e^(−ζωt): from 21 pt to 0.5 pt takes ≈ ln(42)/(0.8·2π) ≈ 0.75 s
            // (45 frames) plus the oscillation's phase; allow 30…150 frames.
            #expect((30...150).contains(r.framesToSettle), "settled after \(r.framesToSettle) frames")
            #expect(r.pausedAfterSettling)
            // After a 1500-pt drag to offset 1560: rows k (frames 10 + 54k … 54 + 54k) within 100 pt of the screen,
            // [1460, 2327] ∩ content (ends at 2170), are k = 27…39: 13 springs; item 0's is gone, item 30 has one.
            #expect(r.firstItemDropped && r.newItemsManaged)
            #expect(r.springsAfterLongScroll == 13, "\(r.springsAfterLongScroll) springs")
            // `items(in: bounds)` (boxes grown by 10 pt): rows 28…39 reach into [1560, 2227]: 12.
            #expect(r.visibleAttributes == 12, "\(r.visibleAttributes) attributes in the visible rect")
            // Once the list settled and paused, every item is back on its anchor: 0.5 pt (the sleep threshold lets
            // a spring stop a hair short).
            #expect(r.longScrollSettled && r.longScrollWorstLag < 0.5, "worst lag \(r.longScrollWorstLag)")
        }
        #expect(r5.farLag == r6.farLag && r5.framesToSettle == r6.framesToSettle)
    }

    /// Card swipe: a 40-pt drag and release snaps the card back (snap damping 0.6) to the middle and upright; a
    /// 200-pt drag and release pushes it off the screen (instantaneous push of magnitude 60 → Δv = 6000/mass pt/s,
    /// mass = 280·380/10⁴ = 10.64 → ≈ 564 pt/s to the right, plus gravity 0.5).
    @Test func cardSwipeSnapAndPush() {
        let r5 = ClientProgramsSwift5.ClientDrivers.cardSwipe()
        let r6 = ClientProgramsSwift6.ClientDrivers.cardSwipe()
        for r in [r5, r6] as [any CardFigures] {
            // The snap's rest is the snap point exactly; 1 pt allows for the sleep threshold at pause.
            #expect(r.snapPaused && r.snapBackError < 1, "snap error \(r.snapBackError) after \(r.snapFrames) frames")
            #expect(abs(r.snapBackAngle) < 0.02, "angle \(r.snapBackAngle)")
            // Dragged right: the attachment pulled the card well past 100 pt of the middle (187.5).
            #expect(r.xAtRelease > 187.5 + 100, "x at release \(r.xAtRelease)")
            // One second later the card is off the 375-pt screen (its half-diagonal is 236 pt), and the program's
            // own action saw it leave once.
            #expect(r.thrownX > 375 + 140, "x after 1 s \(r.thrownX)")
            #expect(r.swipedAway == 1)
        }
        #expect(r5.thrownX == r6.thrownX)
    }

    /// Newton's cradle from 45° (balls 2 pt apart, elasticity 1, resistance 0): the first ball hits the row at the
    /// bottom of its swing (after ≈ T/4 = 0.7 s for a 200-pt pendulum), the momentum crosses the row ball by ball
    /// and the last ball swings out to the same 45° (reached ≈ T/4 later, within the 100 frames) while the middle
    /// balls barely move; rigid strings stay 200 pt. Needs a sleeping ball to wake when a moving one gets a
    /// speculative contact point on it (before this, the resting row stopped the first ball 1.4 pt short as if it
    /// were a wall, and the last ball never moved).
    @Test func newtonsCradle() {
        let r5 = ClientProgramsSwift5.ClientDrivers.cradle()
        let r6 = ClientProgramsSwift6.ClientDrivers.cradle()
        for r in [r5, r6] as [any CradleFigures] {
            #expect(abs(r.release - 200 * sin(Double.pi / 4)) < 1e-9)
            // The last ball swings out as far as the first was released: energy kept by elastic contacts and a
            // frictionless pin (measured 141.37 of 141.40); 1 pt.
            #expect(abs(r.maxRight[4] - r.release) < 1, "last ball swung \(r.maxRight[4]) pt")
            // The middle balls only close their 2-pt gaps and drift back: under 4 pt each way (measured ≤ 2.75).
            for i in 1...3 {
                #expect(max(r.maxRight[i], r.maxLeft[i]) < 4, "ball \(i): \(r.maxRight[i]), \(r.maxLeft[i])")
            }
            // Rigid rods (pins projected after every step): 0.5 pt.
            #expect(r.longestString < 200.5, "string \(r.longestString)")
            #expect(r.indexOfLast == 4 && r.attachmentsAfterRelease == 4)
        }
        #expect(r5.maxRight == r6.maxRight)
    }

    /// A view overriding `draw(_:)` and `touchesBegan`: each touch drops a 30-pt ball into a custom
    /// `UIDynamicBehavior` (gravity, collision with the reference bounds, elasticity 0.4 as children); both come to
    /// rest on the floor of the 480-pt view, whose boundary is outset by 1 pt (center y = 481 − 15 = 466).
    @Test func canvasViewWithCustomBehavior() {
        let r5 = ClientProgramsSwift5.ClientDrivers.canvas()
        let r6 = ClientProgramsSwift6.ClientDrivers.canvas()
        for r in [r5, r6] as [any CanvasFigures] {
            #expect(r.paused && r.frames < 1200)
            #expect(r.restingCenters.count == 2)
            // Resting on the floor within 0.5 pt (contact slop); the balls keep their x (they fall straight, no
            // rotation allowed): 0.5 pt.
            for (c, x) in zip(r.restingCenters, [100.0, 220.0]) {
                #expect(abs(c.y - 466) < 0.5 && abs(c.x - x) < 0.5, "rest \(c)")
            }
            #expect(r.landed == 2)
            // draw(_:) once per display pass after a touch marked the view: 2; the mark is cleared.
            #expect(r.drawCount == 2 && !r.needsDisplayAfter)
        }
        #expect(r5.restingCenters == r6.restingCenters)
    }

    /// Swift 5 only: a non-isolated `NSObject` subclass drives an animator and a custom `NSObject` item whose
    /// `collisionBoundingPath: UIBezierPath` (non-optional, UIKit's type) is a triangle 60 pt tall with its base
    /// 30 pt below the center; it lands on the 400-pt floor (boundary at 401) base down: center y = 371.
    @Test func nonIsolatedNSObjectProgram() {
        let r = ClientProgramsSwift5.ClientDrivers.triangle()
        #expect(r.frames < 1200 && r.pauses == 1)
        // The triangle's own path is used (a 60-pt box would rest at the same y, so also check it did not turn and
        // the center is where the centroid-free path puts it): 0.5 pt.
        #expect(abs(r.center.y - 371) < 0.5 && abs(r.center.x - 150) < 0.5, "center \(r.center)")
        #expect(abs(r.angle) < 0.01)
    }
}
