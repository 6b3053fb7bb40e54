import Foundation
internal import PhysicsCore

/// Connects an item to an anchor point or to another item (UIKit's `UIAttachmentBehavior`).
///
/// The four initializers build a **distance** attachment: a rigid rod of `length` when `frequency` is 0 (the
/// default; the item swings around the anchor), a damped spring of `frequency` Hz and damping ratio `damping`
/// otherwise — it oscillates at `frequency` whatever the masses. `length` is the distance between the two
/// attachment points when the behaviour joins an animator, unless set before. An anchor attachment whose anchor
/// is less than 1 pt from the attachment point, with frequency 0 and `length` never set, becomes a pin.
///
/// The iOS 9 factories build the other kinds: `slidingAttachment` (prismatic: the items slide along an axis and
/// do not turn relative to each other), `limitAttachment` (a rope: at most `length` apart), `fixedAttachment`
/// (welded) and `pinAttachment` (revolute, with `attachmentRange` in radians and `frictionTorque`). Attachments
/// are solved as joints in the core; rigid ones stay closed to a fraction of a point even in long, whipping
/// chains (UIKit's stretch visibly).
@preconcurrency @MainActor
open class AttachmentBehavior: DynamicBehavior {
    /// What an attachment connects (UIKit's `UIAttachmentBehaviorType`).
    public enum AttachmentType: Int, Sendable {
        /// Two items.
        case items = 0
        /// An item and a fixed anchor point.
        case anchor = 1
    }

    /// The joint kind behind the behaviour.
    enum Kind: Sendable {
        case distance, sliding, limit, fixed, pin
    }

    let kind: Kind
    let item1: any DynamicItem
    let item2: (any DynamicItem)?
    let offset1: Offset
    let offset2: Offset
    /// Sliding axis (unit), reference axes.
    var axis = CGVector(dx: 1, dy: 0)
    var anchor: CGPoint
    var storedLength: CGFloat = 0
    var lengthWasSet = false
    var storedDamping: CGFloat = 0
    var storedFrequency: CGFloat = 0
    var storedFrictionTorque: CGFloat = 0
    var storedRange = FloatRange.zero

    /// The world joint and the static anchor body while registered.
    var joint: JointID?
    var anchorBody: BodyID?
    /// The anchor body is on its way to a new `anchorPoint`: kinematic for the next frame's world steps
    /// (`moveAnchorBody`, `startAnchorMove`, `finishAnchorMove`).
    var anchorInMotion = false
    /// The kind of joint actually built (a distance attachment may be built as a pin).
    var builtAsPin = false

    init(
        kind: Kind, item1: any DynamicItem, offset1: Offset, item2: (any DynamicItem)?, offset2: Offset,
        anchor: CGPoint
    ) {
        self.kind = kind
        self.item1 = item1
        self.item2 = item2
        self.offset1 = AttachmentBehavior.checked(offset1, "offsetFromCenter")
        self.offset2 = AttachmentBehavior.checked(offset2, "offsetFromCenter")
        self.anchor = AttachmentBehavior.checked(anchor, "anchor")
        if kind == .pin || kind == .sliding { storedRange = .infinite }
        super.init()
    }

    /// Attaches the center of `item` to a fixed anchor point (reference coordinates, pt).
    public convenience init(item: any DynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches the point `offset` from the center of `item` (in the item's own axes: it turns with the item) to a
    /// fixed anchor point.
    public init(item: any DynamicItem, offsetFromCenter offset: Offset, attachedToAnchor point: CGPoint) {
        kind = .distance
        item1 = item
        item2 = nil
        offset1 = AttachmentBehavior.checked(offset, "offsetFromCenter")
        offset2 = .zero
        anchor = AttachmentBehavior.checked(point, "anchor")
        super.init()
    }

    /// Attaches the centers of two items to each other. The two items may still collide.
    public convenience init(item item1: any DynamicItem, attachedTo item2: any DynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Attaches a point of one item to a point of another (offsets in each item's axes). The two items may still
    /// collide.
    public init(
        item item1: any DynamicItem, offsetFromCenter offset1: Offset, attachedTo item2: any DynamicItem,
        offsetFromCenter offset2: Offset
    ) {
        kind = .distance
        self.item1 = item1
        self.item2 = item2
        self.offset1 = AttachmentBehavior.checked(offset1, "offsetFromCenter")
        self.offset2 = AttachmentBehavior.checked(offset2, "offsetFromCenter")
        anchor = .zero
        super.init()
    }

    /// The attached items: one for anchor attachments, two otherwise.
    public var items: [any DynamicItem] { item2.map { [item1, $0] } ?? [item1] }

    /// `.anchor` when the attachment holds one item to a point, `.items` when it joins two items. (UIKit always
    /// answers `.items`; this answers the truth.)
    public var attachedBehaviorType: AttachmentType { item2 == nil ? .anchor : .items }

    /// The anchor point, reference coordinates, pt. For item-to-item attachments made with the four initializers
    /// it is unused. Setting it moves the anchor at once (the rest length is kept) and wakes the item: this is how
    /// a drag follows the finger. Non-finite values are refused (diagnostic; the old point is kept).
    public var anchorPoint: CGPoint {
        get { anchor }
        set {
            guard update(\.anchor, to: newValue, "anchorPoint", if: newValue.isWithinWorld) else { return }
            moveAnchorBody()
        }
    }

    /// Rest length, pt (≥ 0). 0 until the behaviour joins an animator, then the distance between the attachment
    /// points at that moment (from where the items are when it is added), unless set before. Setting it changes
    /// the rest length at once; 0 is allowed (a zero-length spring pulls the points together). Negative or
    /// non-finite values are refused. A limit attachment answers its rope's maximum length: the centers' distance
    /// at the factory until association, then the distance between its knots at association; setting it on a rope
    /// already in an animator does nothing (diagnostic), as in UIKit.
    public var length: CGFloat {
        get { storedLength }
        set {
            let valid = newValue.isWithin(InputLimits.maxCoordinate) && newValue >= 0
            if valid && kind == .limit && joint != nil {
                DynamicsDiagnostics.report(
                    .invalidValue,
                    "\(describeBehavior(self)): length \(newValue) is ignored: "
                        + "a limit attachment's rope is fixed when it joins an animator (UIKit "
                        + "does the same); it stays \(storedLength)")
                return
            }
            guard update(\.storedLength, to: newValue, "length", if: valid) else { return }
            lengthWasSet = true
            jointParametersDidChange()
        }
    }

    /// Spring damping ratio (1 = critical, 0 = none). Default 0. Only meaningful with `frequency` > 0. Negative or
    /// non-finite values are refused.
    public var damping: CGFloat {
        get { storedDamping }
        set {
            setJointParameter(\.storedDamping, to: newValue, "damping")
        }
    }

    /// Spring frequency, Hz. Default 0 = a rigid rod. Negative or non-finite values are refused.
    public var frequency: CGFloat {
        get { storedFrequency }
        set {
            setJointParameter(\.storedFrequency, to: newValue, "frequency")
        }
    }

    /// Pin attachments only: the torque that resists rotation about the pin, in UIKit units (N·m at 100 pt per
    /// metre: 1 = 10 000 mass·pt²/s²). Default 0. Ignored by the other kinds. Negative or non-finite values are
    /// refused.
    public var frictionTorque: CGFloat {
        get { storedFrictionTorque }
        set {
            setJointParameter(\.storedFrictionTorque, to: newValue, "frictionTorque")
        }
    }

    /// Pin attachments: allowed rotation of the second item relative to the first, radians; sliding attachments:
    /// allowed travel along the axis, pt. Default `.infinite` (no limit) for pin and sliding attachments, `.zero`
    /// for the other kinds (UIKit's defaults), which ignore it. A sliding
    /// range that does not contain 0 is refused (diagnostic) and the range becomes `.infinite`, as UIKit logs and
    /// resets it; NaN or minimum > maximum are refused and the old range is kept.
    public var attachmentRange: FloatRange {
        get { storedRange }
        set {
            let valid = !newValue.minimum.isNaN && !newValue.maximum.isNaN && newValue.minimum <= newValue.maximum
            guard update(\.storedRange, to: newValue, "attachmentRange", if: valid) else { return }
            if kind == .sliding && (newValue.minimum > 0 || newValue.maximum < 0) {
                DynamicsDiagnostics.report(
                    .invalidValue,
                    "\(describeBehavior(self)): attachmentRange \(newValue) "
                        + "of a sliding attachment must contain 0; it was reset to infinite")
                storedRange = .infinite
            }
            jointParametersDidChange()
        }
    }

    // MARK: Behaviour hooks

    override var isPrimitive: Bool { true }
    override var managedItems: [any DynamicItem] { items }

    override func willAssociate(with animator: DynamicAnimator) {
        // Handles from an earlier animator that was deallocated while this behaviour was registered belong to
        // another world: forget them (destroying them here could hit another item's body or joint).
        joint = nil
        anchorBody = nil
        anchorInMotion = false
    }

    override func didAssociate(with animator: DynamicAnimator) {
        buildJoint(in: animator)
    }

    override func willDissociate(from animator: DynamicAnimator) {
        tearDownJoint(in: animator)
    }

    // MARK: Validation

    static func checked(_ p: CGPoint, _ what: String) -> CGPoint {
        if p.isWithinWorld { return p }
        DynamicsDiagnostics.report(
            .invalidValue,
            "UIAttachmentBehavior: \(what) \(p) is not finite or beyond ±\(InputLimits.maxCoordinate) pt; (0, 0) is used"
        )
        return .zero
    }

    static func checked(_ o: Offset, _ what: String) -> Offset {
        if o.horizontal.isWithin(InputLimits.maxCoordinate) && o.vertical.isWithin(InputLimits.maxCoordinate) {
            return o
        }
        DynamicsDiagnostics.report(
            .invalidValue,
            "UIAttachmentBehavior: \(what) \(o) is not finite or beyond ±\(InputLimits.maxCoordinate) pt; zero is used")
        return .zero
    }

    /// Validate-report-keep, the rule of every parameter setter: stores `value` at `key` and answers true when
    /// `valid`; otherwise reports one `.invalidValue` diagnostic naming `name`, the value and the value kept, leaves
    /// the stored value as it was and answers false.
    private func update<Value>(
        _ key: ReferenceWritableKeyPath<AttachmentBehavior, Value>, to value: Value, _ name: String, if valid: Bool
    ) -> Bool {
        guard valid else {
            DynamicsDiagnostics.report(
                .invalidValue,
                "\(describeBehavior(self)): \(name) \(value) is invalid (must be finite"
                    + " and in range); the value stays \(self[keyPath: key])")
            return false
        }
        self[keyPath: key] = value
        return true
    }

    /// A spring or friction parameter (damping, frequency, frictionTorque): finite, ≥ 0 and at most
    /// `InputLimits.maxMagnitude`, then the joint is updated; anything else is refused and the old value kept.
    private func setJointParameter(
        _ key: ReferenceWritableKeyPath<AttachmentBehavior, CGFloat>, to value: CGFloat, _ name: String
    ) {
        guard update(key, to: value, name, if: value.isWithin(InputLimits.maxMagnitude) && value >= 0) else { return }
        jointParametersDidChange()
    }
}
