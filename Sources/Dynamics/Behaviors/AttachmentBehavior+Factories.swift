import Foundation

/// The iOS 9 attachment kinds. Their two bodies never collide with each other.
extension AttachmentBehavior {
    /// Two items that slide along `axis` (reference axes; its length is ignored) through `point`, without turning
    /// relative to each other. `attachmentRange` limits the travel, pt. A zero axis is refused (diagnostic) and
    /// (1, 0) is used.
    public static func slidingAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem,
        attachmentAnchor point: CGPoint,
        axisOfTranslation axis: CGVector
    ) -> AttachmentBehavior {
        let b = AttachmentBehavior(
            kind: .sliding, item1: item1, offset1: .zero, item2: item2, offset2: .zero,
            anchor: point)
        b.axis = checkedAxis(axis)
        return b
    }

    /// An item that slides along `axis` through the fixed `point`, without turning.
    public static func slidingAttachment(
        with item: any DynamicItem, attachmentAnchor point: CGPoint,
        axisOfTranslation axis: CGVector
    ) -> AttachmentBehavior {
        let b = AttachmentBehavior(
            kind: .sliding, item1: item, offset1: .zero, item2: nil, offset2: .zero,
            anchor: point)
        b.axis = checkedAxis(axis)
        return b
    }

    /// A rope between two items: they may come closer but never be further apart than its length. As in UIKit
    /// (spec §1.8, measured): `length` answers the distance between the two **centers** now (offsets ignored) until
    /// the behaviour joins an animator; then the rope is tied at `center − offset` of each item in reference axes
    /// (the offsets are negated and not rotated) and its length is the distance between those two knots at that
    /// moment — an item moved before `addBehavior` changes it, one moved after does not. It is never re-evaluated:
    /// setting `length` on a rope already in an animator does nothing (diagnostic), as on a device.
    public static func limitAttachment(
        with item1: any DynamicItem, offsetFromCenter offset1: Offset,
        attachedTo item2: any DynamicItem,
        offsetFromCenter offset2: Offset
    ) -> AttachmentBehavior {
        let b = AttachmentBehavior(
            kind: .limit, item1: item1, offset1: offset1, item2: item2, offset2: offset2,
            anchor: .zero)
        let d = hypot(Double(item2.center.x - item1.center.x), Double(item2.center.y - item1.center.y))
        b.storedLength = d.isFinite ? CGFloat(d) : 0
        return b
    }

    /// Two items welded together at `point`: they move as one.
    public static func fixedAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem,
        attachmentAnchor point: CGPoint
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .fixed, item1: item1, offset1: .zero, item2: item2, offset2: .zero, anchor: point)
    }

    /// Two items pinned together at `point`: they turn freely about it (within `attachmentRange` radians, against
    /// `frictionTorque`).
    public static func pinAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem,
        attachmentAnchor point: CGPoint
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .pin, item1: item1, offset1: .zero, item2: item2, offset2: .zero, anchor: point)
    }

    private static func checkedAxis(_ axis: CGVector) -> CGVector {
        let len = hypot(Double(axis.dx), Double(axis.dy))
        if len.isFinite && len > 0 {
            return CGVector(dx: CGFloat(Double(axis.dx) / len), dy: CGFloat(Double(axis.dy) / len))
        }
        DynamicsDiagnostics.report(
            .invalidValue,
            "UIAttachmentBehavior: axisOfTranslation \(axis) must be finite and "
                + "non-zero; (1, 0) is used")
        return CGVector(dx: 1, dy: 0)
    }
}
