/// Force fields: creating, changing and destroying them, and choosing the bodies they act on.
///
/// A field acts on a body only when the body's field mask has the field's category bit (`categoryBit(of:)`), the
/// body is dynamic and awake, and the field's region, centred on the field's position, contains the body's centre
/// of mass. New bodies have mask 0: no field acts on them until `setFieldMask` says so. Fields are evaluated once
/// per solver sub-step, inside the step (see `FieldKind` for the formulas). A world without fields pays nothing.
extension World {
    /// Fields a world can hold at once (one category bit each). 32, as UIKit's animator.
    public static let maxFieldCount = 32

    /// Number of live fields.
    public var fieldCount: Int { fieldStore.order.count }

    /// True when some live field has a closure (`.custom` fields call it from inside `step(dt:)`).
    public var hasFieldEvaluators: Bool {
        fieldStore.order.contains { fieldStore.slots[Int($0)].evaluator != nil }
    }

    /// The live fields in creation order (the order their forces are summed in).
    public var fieldIDs: [FieldID] {
        fieldStore.order.map { FieldID(index: $0, generation: fieldStore.slots[Int($0)].generation) }
    }

    /// Creates a field. Nil when the definition holds a non-finite number or a negative minimum radius, or when
    /// the world already has `maxFieldCount` fields. `evaluator` is used by `.custom` fields (nil: no force).
    public mutating func createField(_ definition: FieldDefinition, evaluator: FieldEvaluator? = nil) -> FieldID? {
        guard definition.isValid else { return nil }
        let index: Int
        if let free = fieldStore.slots.firstIndex(where: { !$0.isAlive }) {
            index = free
        } else {
            guard fieldStore.slots.count < Self.maxFieldCount else { return nil }
            index = fieldStore.slots.count
            fieldStore.slots.append(FieldStore.Slot(definition: definition))
        }
        let generation = fieldStore.slots[index].generation &+ 1
        fieldStore.slots[index] = FieldStore.Slot(
            definition: definition, evaluator: evaluator,
            generation: generation, isAlive: true)
        fieldStore.order.append(Int32(index))
        return FieldID(index: Int32(index), generation: generation)
    }

    /// Replaces a field's definition (its kind may change too) and wakes the bodies it acts on. False for a stale
    /// id or an invalid definition (nothing changes).
    @discardableResult
    public mutating func updateField(_ id: FieldID, _ definition: FieldDefinition) -> Bool {
        guard fieldStore.isValid(id), definition.isValid else { return false }
        fieldStore.slots[Int(id.index)].definition = definition
        wakeBodies(inField: id.index)
        return true
    }

    /// Sets the closure of a `.custom` field (nil: no force). False for a stale id.
    @discardableResult
    public mutating func setFieldEvaluator(_ id: FieldID, _ evaluator: FieldEvaluator?) -> Bool {
        guard fieldStore.isValid(id) else { return false }
        fieldStore.slots[Int(id.index)].evaluator = evaluator
        wakeBodies(inField: id.index)
        return true
    }

    /// Destroys a field and clears its bit from every body's mask (a later field in the same slot starts with no
    /// bodies). False for a stale id.
    @discardableResult
    public mutating func destroyField(_ id: FieldID) -> Bool {
        guard fieldStore.isValid(id) else { return false }
        let i = Int(id.index)
        let bit = UInt32(1) << UInt32(i)
        for b in bodies.indices where bodies[b].fieldMask & bit != 0 {
            bodies[b].fieldMask &= ~bit
            if bodies[b].isAlive { wakeIsland(of: Int32(b)) }
        }
        fieldStore.slots[i].isAlive = false
        fieldStore.slots[i].evaluator = nil
        fieldStore.order.removeAll { $0 == id.index }
        return true
    }

    /// A field's definition, or nil for a stale id.
    public func field(_ id: FieldID) -> FieldDefinition? {
        fieldStore.isValid(id) ? fieldStore.slots[Int(id.index)].definition : nil
    }

    /// The field's category bit (1 << slot), to put in body field masks; nil for a stale id.
    public func categoryBit(of id: FieldID) -> UInt32? {
        fieldStore.isValid(id) ? UInt32(1) << UInt32(id.index) : nil
    }

    // MARK: Bodies

    /// Which fields act on a body: bit i = the field in slot i (`categoryBit(of:)`). Default 0 (none). Bits of
    /// slots without a field are kept but do nothing until a field is created there — prefer setting only live
    /// fields' bits. Wakes the body when bits are added. False for a stale id.
    @discardableResult
    public mutating func setFieldMask(_ id: BodyID, _ mask: UInt32) -> Bool {
        guard isValid(id) else { return false }
        let i = Int(id.index)
        let added = mask & ~bodies[i].fieldMask
        bodies[i].fieldMask = mask
        if added != 0 { wakeIsland(of: id.index) }
        return true
    }

    /// The body's field mask, or nil for a stale id.
    public func fieldMask(of id: BodyID) -> UInt32? { isValid(id) ? bodies[Int(id.index)].fieldMask : nil }

    /// Sets the body's electric charge (unitless, finite) for electric and magnetic fields. Wakes the body when it
    /// changes. False for a stale id or a non-finite charge.
    @discardableResult
    public mutating func setCharge(_ id: BodyID, _ charge: Double) -> Bool {
        guard isValid(id), charge.isFinite else { return false }
        let i = Int(id.index)
        if bodies[i].charge != charge {
            bodies[i].charge = charge
            wakeIsland(of: id.index)
        }
        return true
    }

    /// The body's charge, or nil for a stale id.
    public func charge(of id: BodyID) -> Double? { isValid(id) ? bodies[Int(id.index)].charge : nil }

    // MARK: Probing

    /// The force one field would put on a body at `point` (world pt) moving at `velocity` (pt/s) with `mass` and
    /// `charge`, in world units (mass·pt/s²), region and strength rules included; the noise is taken at the world's
    /// current time. For drawing a field's vector grid or testing. A velocity field gives the force that would
    /// bring the velocity to its direction in one second at this mass (`mass · (direction·100 − velocity)`).
    /// Nil for a stale id or non-finite input; custom fields call their closure with a `deltaTime` of 0.
    public func fieldForce(_ id: FieldID, at point: Vec2, velocity: Vec2, mass: Double, charge: Double) -> Vec2? {
        guard fieldStore.isValid(id), point.isFinite, velocity.isFinite, mass.isFinite, mass > 0,
            charge.isFinite
        else { return nil }
        let slot = fieldStore.slots[Int(id.index)]
        return slot.definition.probeForce(
            at: point, velocity: velocity, mass: mass, charge: charge, time: time,
            evaluator: slot.evaluator)
    }

    // MARK: Private

    /// Wakes the live bodies whose mask includes slot `index`.
    private mutating func wakeBodies(inField index: Int32) {
        let bit = UInt32(1) << UInt32(index)
        for b in bodies.indices where bodies[b].isAlive && bodies[b].fieldMask & bit != 0 {
            wakeIsland(of: Int32(b))
        }
    }
}
