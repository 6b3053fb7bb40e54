import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Spec §1.8 and §2.7: attachment lengths are taken at association, from where the items are when the behaviour is
/// added; the limit attachment's measured quirks; UIKit's `attachmentRange` defaults.
@MainActor
@Suite("Attachment geometry")
struct AttachmentGeometryTests {
    /// `length` answers 0 before association, then the distance at association. An item moved before
    /// `addBehavior` changes that distance; one moved after it (with or without `updateItem`) does not, and the rod
    /// pulls it back to the associated length (the rod is rigid: within 0.05 pt after a second).
    @Test func distanceLengthIsTakenAtAssociation() {
        let animator = DynamicAnimator()
        let item = square(100, 100, side: 40)
        let rod = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 100, y: 0))
        #expect(rod.length == 0)
        item.center = CGPoint(x: 100, y: 250)  // before addBehavior: counts
        animator.addBehavior(rod)
        #expect(rod.length == 250)
        item.center = CGPoint(x: 100, y: 400)  // after: does not
        animator.updateItem(usingCurrentState: item)
        #expect(rod.length == 250)
        run(animator, frames: 60)
        #expect(rod.length == 250)
        #expect(isClose(hypot(item.center.x - 100, item.center.y), 250, within: 0.05))
    }

    /// The limit rope, measured in UIKit (A at (100, 100), B at (300, 100)): `length` answers the centers'
    /// distance, 200, until association; the rope is then built from where the items are: B moved to (400, 100)
    /// before `addBehavior` → 300; to (250, 100) → 150; moved after `addBehavior` (with `updateItem`) → still
    /// 200; offsets (10, 0) and (0, 5) with B at (400, 100) → knots at center − offset, |(400, 95) − (90, 100)| =
    /// 310.0403 (UIKit: 310.040314, through single precision). Exact up to double rounding (1e-9).
    @Test(arguments: [
        ("none", 200.0), ("before", 300.0), ("closer", 150.0), ("after", 200.0),
        ("offsets", 310.040_319_96)
    ])
    func limitLengthIsTakenAtAssociation(move: String, expected: Double) {
        let animator = DynamicAnimator()
        let a = square(100, 100, side: 20), b = square(300, 100, side: 20)
        let offsets = move == "offsets"
        let rope = AttachmentBehavior.limitAttachment(
            with: a, offsetFromCenter: offsets ? Offset(horizontal: 10, vertical: 0) : .zero,
            attachedTo: b, offsetFromCenter: offsets ? Offset(horizontal: 0, vertical: 5) : .zero)
        #expect(rope.length == 200)
        switch move {
        case "before", "offsets": b.center.x = 400
        case "closer": b.center.x = 250
        default: break
        }
        #expect(rope.length == 200)
        animator.addBehavior(rope)
        if move == "after" {
            b.center.x = 400
            animator.updateItem(usingCurrentState: b)
        }
        #expect(isClose(Double(rope.length), expected, within: 1e-6))
        // Setting the length of a rope in an animator does nothing (UIKit ignores it too).
        let log = collectingDiagnostics { rope.length = 50 }
        #expect(log.count(.invalidValue) == 1 && isClose(Double(rope.length), expected, within: 1e-6))
    }

    /// The rope holds its knots (center − offset) at the associated length: offsets (+10, 0) and (−10, 0) put the
    /// knots of A (100, 100) and B (300, 100) 220 pt apart, so the rope is 220. B thrown away at 300 pt/s: the
    /// knots stop 220 apart, the centers 200 apart (0.5 pt for the rope's soft limit), and they never go further.
    @Test func limitRopeHoldsItsKnots() {
        let animator = DynamicAnimator()
        let a = square(100, 100, side: 20), b = square(300, 100, side: 20)
        let rope = AttachmentBehavior.limitAttachment(
            with: a, offsetFromCenter: Offset(horizontal: 10, vertical: 0),
            attachedTo: b, offsetFromCenter: Offset(horizontal: -10, vertical: 0))
        animator.addBehavior(rope)
        #expect(rope.length == 220)
        let props = undamped([a, b])
        props.allowsRotation = false
        props.addLinearVelocity(CGPoint(x: 300, y: 0), for: b)
        animator.addBehavior(props)
        var longest = 0.0
        for _ in 0..<120 {
            animator.advance(by: 1.0 / 60.0)
            longest = Swift.max(longest, Double(b.center.x - a.center.x))
        }
        #expect(longest <= 200.5, "centers \(longest) pt apart")
        #expect(longest > 199, "the rope never went taut: \(longest)")
    }

    /// Spec §1.8: a pin attachment between two items is a revolute joint at the anchor — each item keeps its own
    /// distance from the shared pin. Two 40 × 40 items 60 pt apart pinned at their midpoint, one spun at 4 rad/s,
    /// under gravity for 4 s: each item's pin point (center + its rotated 30-pt arm) stays on the other's within
    /// 0.05 pt (rigid-joint drift), so each center stays 30 pt from the shared pin; the centre distance is then
    /// 60·cos(Δθ/2) for the relative turn Δθ (within 0.1 pt), which is within 1.5 pt of 60 while |Δθ| < 0.45 rad
    /// (the first ≈ 6 frames here: the spin leaves the pair turning relative to each other at 4 rad/s).
    @Test func pinKeepsEachItemAtItsOwnDistance() {
        let animator = DynamicAnimator()
        let a = square(100, 100, side: 40), b = square(160, 100, side: 40)
        let pin = AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 130, y: 100))
        let spin = DynamicItemBehavior(items: [a, b])
        spin.addAngularVelocity(4, for: a)
        for x in [pin, spin, GravityBehavior(items: [a, b])] as [DynamicBehavior] { animator.addBehavior(x) }
        var worstPin = 0.0, worstGeometry = 0.0, worstEarly = 0.0
        for frame in 0..<240 {
            animator.advance(by: 1.0 / 60.0)
            let ta = Double(a.transform.rotationAngle), tb = Double(b.transform.rotationAngle)
            let pa = (Double(a.center.x) + 30 * cos(ta), Double(a.center.y) + 30 * sin(ta))
            let pb = (Double(b.center.x) - 30 * cos(tb), Double(b.center.y) - 30 * sin(tb))
            worstPin = Swift.max(worstPin, hypot(pa.0 - pb.0, pa.1 - pb.1))
            let d = hypot(Double(b.center.x - a.center.x), Double(b.center.y - a.center.y))
            worstGeometry = Swift.max(worstGeometry, abs(d - 60 * abs(cos((ta - tb) / 2))))
            if frame < 6 { worstEarly = Swift.max(worstEarly, abs(d - 60)) }
        }
        #expect(worstPin <= 0.05, "pin points \(worstPin) pt apart")
        #expect(worstGeometry <= 0.1, "centre distance off the rigid geometry by \(worstGeometry) pt")
        #expect(worstEarly <= 1.5, "centre distance off 60 by \(worstEarly) pt in the first 6 frames")
    }

    /// UIKit's `attachmentRange` defaults (measured): `.infinite` for pin and sliding attachments, `.zero` for the
    /// others (the property is ignored by them).
    @Test func attachmentRangeDefaults() {
        let a = square(100, 100), b = square(300, 100)
        let p = CGPoint(x: 200, y: 100)
        let infinite: [AttachmentBehavior] = [
            .pinAttachment(with: a, attachedTo: b, attachmentAnchor: p),
            .slidingAttachment(with: a, attachedTo: b, attachmentAnchor: p, axisOfTranslation: CGVector(dx: 1, dy: 0)),
            .slidingAttachment(with: a, attachmentAnchor: p, axisOfTranslation: CGVector(dx: 0, dy: 1))
        ]
        let zero: [AttachmentBehavior] = [
            AttachmentBehavior(item: a, attachedToAnchor: p),
            AttachmentBehavior(item: a, offsetFromCenter: Offset(horizontal: 5, vertical: 0), attachedToAnchor: p),
            AttachmentBehavior(item: a, attachedTo: b),
            AttachmentBehavior(item: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero),
            .limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero),
            .fixedAttachment(with: a, attachedTo: b, attachmentAnchor: p)
        ]
        for att in infinite { #expect(att.attachmentRange == .infinite) }
        for att in zero { #expect(att.attachmentRange == .zero) }
    }
}
