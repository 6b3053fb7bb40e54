import Foundation
internal import PhysicsCore

/// Material and motion properties for its items (UIKit's `UIDynamicItemBehavior`).
///
/// Defaults are UIKit's real ones (elasticity 0.2, friction 0.2, density 1, resistance 0.1, angularResistance 0.1,
/// allowsRotation true, charge 0, isAnchored false), which are also the values of an item in no item behaviour.
///
/// "Last flag wins": a setter marks its property as explicitly set **only if the value changes** (setting 0.2 on a
/// fresh behaviour marks nothing). Only marked properties are pushed to the items' bodies: at once when the
/// behaviour is added or given an item, and at the start of each step after any change, by every item behaviour in
/// depth-first order (top level in add order, each followed by its children); per property the last marked
/// behaviour in that order wins. Removing an item (or the behaviour) restores the body defaults except `charge` and
/// `isAnchored`.
///
/// Values are not clamped (as in UIKit, spec §1.11): elasticity 5, friction 3 or a negative resistance are kept and
/// read back as set. Refused (diagnostic, old value kept): NaN or infinite anything, a negative density (Box2D
/// asserts), a resistance or angular resistance of −1/h = −120 or less (h = the 1/120-s world step: the damping
/// factor 1/(1 + h·c) would be infinite or negative). A negative elasticity or friction is kept and read back, but
/// the solver gets 0 for it (diagnostic): UIKit hands it to Box2D, whose friction mix √(a·b) then turns NaN.
@preconcurrency @MainActor
open class DynamicItemBehavior: DynamicBehavior {
    private(set) var properties = ItemProperties()
    private(set) var flags: ItemProperties.Flags = []
    /// Velocities added before the behaviour was in an animator, applied at association, per item.
    var pendingLinearVelocities: [ObjectIdentifier: CGPoint] = [:]
    var pendingAngularVelocities: [ObjectIdentifier: CGFloat] = [:]

    /// An item behaviour for `items` (duplicates ignored).
    public init(items: [any DynamicItem]) {
        super.init(managing: items)
    }

    /// An item behaviour with no items.
    public convenience override init() {
        self.init(items: [])
    }

    /// The items, in the order they were added.
    public var items: [any DynamicItem] { itemList.items }

    /// Adds an item (duplicates ignored); the properties this behaviour marked apply to it at once.
    public func addItem(_ item: any DynamicItem) {
        addManagedItem(item)
    }

    /// Removes an item; its body gets the defaults back (not charge or anchoring).
    public func removeItem(_ item: any DynamicItem) {
        removeManagedItem(item)
    }

    /// Share of normal speed kept after an impact (restitution); 1 = elastic, > 1 gains energy (5 is kept, as in
    /// UIKit). Default 0.2. Mixed per contact as max(a, b); boundaries have 0.2; impacts slower than 100 pt/s do not
    /// bounce. A negative value is kept and read back but acts as 0 (diagnostic).
    public var elasticity: CGFloat {
        get { properties.elasticity }
        set { set(\.elasticity, .elasticity, newValue, "elasticity", rule: .actsAsZeroBelowZero) }
    }

    /// Coulomb friction coefficient (> 1 allowed). Default 0.2. Mixed per contact as √(a·b). A negative value is
    /// kept and read back but acts as 0 (diagnostic).
    public var friction: CGFloat {
        get { properties.friction }
        set { set(\.friction, .friction, newValue, "friction", rule: .actsAsZeroBelowZero) }
    }

    /// Mass per 10 000 pt², ≥ 0: a 100 × 100 item at density 1 has mass 1. Default 1. Gravity is
    /// mass-independent; pushes and collisions are not.
    public var density: CGFloat {
        get { properties.density }
        set { set(\.density, .density, newValue, "density", rule: .nonNegative) }
    }

    /// Linear damping rate, 1/s: every 1/120-s world step v ← v / (1 + h·c) (≈ e^(−c·t)). Default 0.1.
    /// 1.0 leaves ≈ 37 % of the speed after 1 s (it does not stop the item at once, whatever the docs say). A
    /// negative value speeds the item up by the same formula (as in UIKit); it must stay above −1/h = −120.
    public var resistance: CGFloat {
        get { properties.resistance }
        set { set(\.resistance, .resistance, newValue, "resistance", rule: .dampingRate) }
    }

    /// Angular damping rate, 1/s, same formula and range as `resistance`. Default 0.1. A negative value speeds the
    /// spin up (capped at π/2 rad per world step, Box2D's rotation limit, so it stays finite).
    public var angularResistance: CGFloat {
        get { properties.angularResistance }
        set { set(\.angularResistance, .angularResistance, newValue, "angularResistance", rule: .dampingRate) }
    }

    /// Whether contacts and forces may turn the items. Default true. false does not stop a spin already present.
    public var allowsRotation: Bool {
        get { properties.allowsRotation }
        set { setFlagged(\.allowsRotation, .allowsRotation, newValue) }
    }

    /// Electric charge used by field behaviours, unitless, finite. Default 0. Kept on the item after removal.
    public var charge: CGFloat {
        get { properties.charge }
        set { set(\.charge, .charge, newValue, "charge", rule: .finite) }
    }

    /// Whether the items are static obstacles (velocity zeroed; they still collide like walls); back to false →
    /// dynamic again with velocity 0. Default false. Kept on the item after removal.
    public var isAnchored: Bool {
        get { properties.isAnchored }
        set { setFlagged(\.isAnchored, .isAnchored, newValue) }
    }

    // MARK: Association

    override var isPrimitive: Bool { true }

    override func didAssociate(with animator: DynamicAnimator) {
        animator.itemPropertiesNeedUpdate = true
    }

    override func willDissociate(from animator: DynamicAnimator) {
        for item in itemList.items {
            if let record = animator.record(for: item) { animator.resetItemProperties(record) }
        }
        animator.itemPropertiesNeedUpdate = true
    }

    override func forgetItem(_ item: any DynamicItem) {
        pendingLinearVelocities[ObjectIdentifier(item)] = nil
        pendingAngularVelocities[ObjectIdentifier(item)] = nil
    }

    override func itemDidAttach(_ record: ItemRecord, in animator: DynamicAnimator) {
        animator.apply(properties, flags, to: record)
        applyPendingVelocities(to: record, in: animator)
        animator.itemPropertiesNeedUpdate = true
    }

    override func itemWillDetach(_ record: ItemRecord, in animator: DynamicAnimator) {
        // Only when the item leaves this behaviour alone (behaviour removal resets in willDissociate).
        if !itemList.contains(record.item) { animator.resetItemProperties(record) }
        animator.itemPropertiesNeedUpdate = true
    }

    /// Pushes the marked properties to every item (pre-solver traversal).
    func applyMarkedProperties(in animator: DynamicAnimator) {
        guard !flags.isEmpty else { return }
        for item in itemList.items {
            if let record = animator.record(for: item) { animator.apply(properties, flags, to: record) }
        }
    }

    // MARK: Private

    /// What a numeric property accepts.
    private enum Rule {
        /// Any finite value.
        case finite
        /// Finite and ≥ 0 (density: Box2D asserts on a negative one).
        case nonNegative
        /// Finite and > −1/h (h = the world step), so the damping factor 1/(1 + h·c) stays finite and positive.
        case dampingRate
        /// Any finite value; a negative one is kept but acts as 0 in the solver (diagnostic).
        case actsAsZeroBelowZero
    }

    private func set(
        _ key: WritableKeyPath<ItemProperties, CGFloat>, _ flag: ItemProperties.Flags,
        _ value: CGFloat, _ name: String, rule: Rule
    ) {
        let accepted: Bool, requirement: String
        switch rule {
        case .finite, .actsAsZeroBelowZero:
            accepted = value.isFinite
            requirement = "must be finite"
        case .nonNegative:
            accepted = value.isFinite && value >= 0
            requirement = "must be finite and ≥ 0"
        case .dampingRate:
            accepted = value.isFinite && 1 + DynamicAnimator.worldStepInterval * Double(value) > 0
            requirement =
                "must be finite and above −120 (1/h for the 1/120-s step; the damping factor "
                + "1/(1 + h·c) would not be finite and positive)"
        }
        // Beyond ±maxMagnitude the products the world forms (mass × size², damping × h) stop being meaningful.
        guard accepted && value.isWithin(InputLimits.maxMagnitude) else {
            DynamicsDiagnostics.report(
                .invalidValue,
                "\(describeBehavior(self)): \(name) \(value) \(requirement) "
                    + "and within ±\(InputLimits.maxMagnitude); it stays "
                    + "\(properties[keyPath: key])")
            return
        }
        if rule == .actsAsZeroBelowZero && value < 0 && properties[keyPath: key] != value {
            DynamicsDiagnostics.report(
                .invalidValue,
                "\(describeBehavior(self)): \(name) \(value) is negative; it is "
                    + "kept and read back, but the solver uses 0 (UIKit passes it to Box2D, "
                    + "whose friction mix √(a·b) then turns NaN)")
        }
        setFlagged(key, flag, value)
    }

    private func setFlagged<V: Equatable>(
        _ key: WritableKeyPath<ItemProperties, V>, _ flag: ItemProperties.Flags,
        _ value: V
    ) {
        guard properties[keyPath: key] != value else { return }
        properties[keyPath: key] = value
        flags.insert(flag)
        guard let animator = dynamicAnimator else { return }
        for item in itemList.items {
            if let record = animator.record(for: item) { animator.apply(properties, flag, to: record) }
        }
        animator.itemPropertiesNeedUpdate = true
        parametersDidChange()
    }
}
