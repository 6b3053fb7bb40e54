import Foundation
internal import PhysicsCore

/// A force field acting on its items (UIKit's `UIFieldBehavior`). Make one with a factory — `dragField()`,
/// `vortexField()`, `radialGravityField(position:)`, `linearGravityField(direction:)`, `velocityField(direction:)`,
/// `noiseField(smoothness:animationSpeed:)`, `turbulenceField(smoothness:animationSpeed:)`, `springField()`,
/// `electricField()`, `magneticField()`, `field(evaluationBlock:)`.
///
/// A field acts **only on its own items** (`addItem(_:)`), and only while an item's center, taken relative to
/// `position`, is inside `region`. Its force is evaluated in every solver sub-step with UIKit's measured formulas,
/// odd mass and charge dependences included (spec §2.8; see `PhysicsCore.FieldKind`): in metres and kilograms,
/// 100 pt = 1 m, a 100 × 100 item at density 1 weighs 1 kg, and a force F (N) accelerates an item of mass m by
/// `100 · F / m` pt/s². Examples for a 100 × 100 item at density 1, (300, 400) pt from the field:
/// `linearGravityField(direction: (3, 4))` → (300, 400) pt/s²; a radial gravity field → −(2.4, 3.2) pt/s²; a spring
/// field → −(300, 400) pt/s²; a vortex field → (−80, 60) pt/s²; an electric field with item charge 2 → (24, 32).
///
/// A velocity field **replaces** the velocity of an item inside it by `direction` × 100 pt/s in every sub-step
/// (gravity and other forces are ignored for it; `resistance` still applies after). An animator holds at most 32
/// fields; a 33rd registered field behaviour acts on nothing and emits a `.tooManyFields` diagnostic.
///
/// Refused values (diagnostic, old value kept): NaN or infinite anything, a negative `minimumRadius`.
@preconcurrency @MainActor
open class FieldBehavior: DynamicBehavior {
    /// The block of `field(evaluationBlock:)`: gets the field, the item's position relative to the field
    /// (`position` subtracted, pt), its velocity (m/s: pt/s ÷ 100), mass (kg: 1 for 100 × 100 pt at density 1),
    /// charge, and the length of the solver sub-step (s); returns a force in newtons (100 · F / m pt/s²).
    public typealias EvaluationBlock = (FieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector

    /// What the field does.
    let kind: FieldKind
    /// The world-side description, kept in step with the properties.
    private(set) var definition: FieldDefinition
    private var storedRegion = Region.infinite
    /// The custom block (custom fields only).
    let evaluationBlock: EvaluationBlock?
    /// True once a non-finite force from the block was reported (reported once per behaviour).
    var reportedBadForce = false
    /// The world field while registered; nil when unregistered or when the animator had no field slot free.
    var fieldID: FieldID?

    /// A field of `kind` with UIKit's per-factory defaults.
    init(kind: FieldKind, evaluationBlock: EvaluationBlock? = nil) {
        self.kind = kind
        self.evaluationBlock = evaluationBlock
        definition = FieldDefinition(kind: kind)
        definition.falloff = Self.defaultFalloff(kind)
        super.init()
    }

    /// Unavailable, as in UIKit ("Invalid initialization"): use one of the factories.
    @available(*, unavailable, message: "Invalid initialization: use one of the supplied convenience initializers")
    public convenience override init() {
        self.init(kind: .drag)
    }

    /// The falloff each factory starts with: radial gravity 2, spring −1, electric and magnetic 1, others 0.
    static func defaultFalloff(_ kind: FieldKind) -> Double {
        switch kind {
        case .radialGravity: return 2
        case .spring: return -1
        case .electric, .magnetic: return 1
        case .drag, .vortex, .linearGravity, .velocity, .noise, .turbulence, .custom: return 0
        }
    }

    // MARK: Items

    /// The items, in the order they were added.
    public var items: [any DynamicItem] { itemList.items }

    /// Adds an item (duplicates ignored); the field acts on it from the next sub-step. An item only in a field
    /// still gets a body.
    public func addItem(_ item: any DynamicItem) {
        addManagedItem(item)
    }

    /// Removes an item; the field no longer acts on it (it keeps its velocity).
    public func removeItem(_ item: any DynamicItem) {
        removeManagedItem(item)
    }

    // MARK: Parameters

    /// Largest |falloff| accepted: 16 (a 1-pt distance to the power −16 is already 10³² times the strength).
    public static let maxFalloff: CGFloat = 16

    /// Origin of the field, reference coordinates, pt. Default (0, 0) (`radialGravityField(position:)`: its
    /// argument). Any finite point. (UIKit stores it in single-precision metres, so 30 reads back 29.9999982;
    /// here it reads back exactly.)
    public var position: CGPoint {
        get { definition.position.cgPoint }
        set {
            guard newValue.isWithinWorld else {
                return refuse(
                    "position \(newValue)", keeping: position,
                    rule: "must be finite and within ±\(InputLimits.maxCoordinate) pt")
            }
            update { $0.position = Vec2(newValue) }
        }
    }

    /// Where the field acts, centred on `position`: an item is affected while
    /// `region.contains(item.center − position)`. Default `Region.infinite`. Kept strongly.
    public var region: Region {
        get { storedRegion }
        set {
            storedRegion = newValue
            update { $0.region = newValue.core }
        }
    }

    /// Strength S, unitless; its meaning depends on the field (spec §2.8; e.g. a linear gravity field's
    /// acceleration is 100 · S · direction pt/s²). Default 1. Any finite value; negative reverses the field;
    /// |S| < 2⁻¹⁵ switches it off (velocity fields ignore it).
    public var strength: CGFloat {
        get { CGFloat(definition.strength) }
        set {
            guard newValue.isWithin(InputLimits.maxMagnitude) else {
                return refuse(
                    "strength \(newValue)", keeping: strength,
                    rule: "must be finite and within ±\(InputLimits.maxMagnitude)")
            }
            update { $0.strength = Double(newValue) }
        }
    }

    /// Falloff exponent k: forces scale by `max(r, minimumRadius)^(−k)`, r in metres (100 pt). Default per
    /// factory: radial gravity 2, spring −1, electric and magnetic 1, others 0. Any finite value; |k| < 2⁻¹⁵ means
    /// no falloff. Velocity and custom fields ignore it.
    public var falloff: CGFloat {
        get { CGFloat(definition.falloff) }
        set {
            guard newValue.isWithin(FieldBehavior.maxFalloff) else {
                return refuse(
                    "falloff \(newValue)", keeping: falloff,
                    rule: "must be finite and within ±\(FieldBehavior.maxFalloff)")
            }
            update { $0.falloff = Double(newValue) }
        }
    }

    /// Distances from `position` below this count as equal to it in the falloff, pt. Default 2⁻¹⁵ m ≈ 0.00305 pt.
    /// Finite, ≥ 0.
    public var minimumRadius: CGFloat {
        get { CGFloat(definition.minimumRadius) }
        set {
            guard newValue.isWithin(InputLimits.maxCoordinate), newValue >= 0 else {
                return refuse("minimumRadius \(newValue)", keeping: minimumRadius, rule: "must be finite and ≥ 0")
            }
            update { $0.minimumRadius = Double(newValue) }
        }
    }

    /// Linear gravity fields: the acceleration in m/s² (**not** scaled like `GravityBehavior`: (0, 1) is
    /// 100 pt/s², a tenth of gravity 1.0). Velocity fields: the velocity in m/s ((1, 0) = 100 pt/s). Drag fields:
    /// the velocity of the still air, m/s. Default (0, 0), or the factory's argument. Any finite vector.
    public var direction: CGVector {
        get { CGVector(dx: definition.direction.x, dy: definition.direction.y) }
        set {
            guard newValue.isWithin(InputLimits.maxMagnitude) else {
                return refuse(
                    "direction \(newValue)", keeping: direction,
                    rule: "must be finite and within ±\(InputLimits.maxMagnitude)")
            }
            update { $0.direction = Vec2(newValue) }
        }
    }

    /// Noise and turbulence fields: 0 = noisiest, 1 = smoothest (values below 0 act as 0). Reads 0 on every other
    /// field, even after a set. Default: the factory's argument. Finite.
    public var smoothness: CGFloat {
        get { isNoise ? CGFloat(definition.smoothness) : 0 }
        set {
            guard newValue.isFinite else { return refuse("smoothness \(newValue)", keeping: smoothness) }
            guard isNoise else { return }
            update { $0.smoothness = Double(newValue) }
        }
    }

    /// Noise and turbulence fields: how fast the noise pattern changes, Hz-like; 0 freezes it. Reads 0 on every
    /// other field, even after a set. Default: the factory's argument. Finite.
    public var animationSpeed: CGFloat {
        get { isNoise ? CGFloat(definition.animationSpeed) : 0 }
        set {
            guard newValue.isWithin(InputLimits.maxMagnitude) else {
                return refuse(
                    "animationSpeed \(newValue)", keeping: animationSpeed,
                    rule: "must be finite and within ±\(InputLimits.maxMagnitude)")
            }
            guard isNoise else { return }
            update { $0.animationSpeed = Double(newValue) }
        }
    }

    // MARK: Association
    // A world field while registered; its category bit in the field mask of each of its items' bodies.

    override var isPrimitive: Bool { true }

    override func willAssociate(with animator: DynamicAnimator) {
        // A handle from an earlier animator (deallocated while this behaviour was registered) names a field of
        // another world: forget it.
        fieldID = animator.world.createField(definition, evaluator: makeEvaluator())
        if fieldID == nil {
            DynamicsDiagnostics.report(
                .tooManyFields,
                "UIDynamicAnimator supports a maximum of "
                    + "\(World.maxFieldCount) distinct fields; \(describeBehavior(self)) is "
                    + "registered but acts on nothing until it is added again")
        }
    }

    override func didDissociate(from animator: DynamicAnimator) {
        if let id = fieldID { animator.world.destroyField(id) }
        fieldID = nil
    }

    override func itemDidAttach(_ record: ItemRecord, in animator: DynamicAnimator) {
        guard let id = fieldID, let bit = animator.world.categoryBit(of: id) else { return }
        record.fieldMask |= bit
        if let body = record.body { animator.world.setFieldMask(body, record.fieldMask) }
    }

    override func itemWillDetach(_ record: ItemRecord, in animator: DynamicAnimator) {
        guard let id = fieldID, let bit = animator.world.categoryBit(of: id) else { return }
        record.fieldMask &= ~bit
        if let body = record.body { animator.world.setFieldMask(body, record.fieldMask) }
    }

    // MARK: Private

    private var isNoise: Bool { kind == .noise || kind == .turbulence }

    /// Changes the definition, passes it to the world and wakes the items.
    private func update(_ change: (inout FieldDefinition) -> Void) {
        change(&definition)
        guard let animator = dynamicAnimator else { return }
        if let id = fieldID { animator.world.updateField(id, definition) }
        parametersDidChange()
    }

    func refuse<V>(_ what: String, keeping old: V, rule: String = "must be finite") {
        DynamicsDiagnostics.report(.invalidValue, "\(describeBehavior(self)): \(what) \(rule); it stays \(old)")
    }
}
