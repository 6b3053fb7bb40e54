/// The fields of a world: a small slot table (at most `World.maxFieldCount`, the slot number being the field's
/// category bit), the creation order the solver evaluates them in, and the clock of the noise fields.
package struct FieldStore: Sendable {
    /// One field slot.
    package struct Slot: Sendable {
        package var definition: FieldDefinition
        package var evaluator: FieldEvaluator?
        package var generation: UInt32 = 0
        package var isAlive = false
    }

    package var slots: [Slot] = []
    /// Live slots in creation order: the order forces are summed in, and which velocity field is "first".
    package var order: [Int32] = []
    /// World time after the current sub-step, s (noise fields animate with it).
    package var clock = 0.0
    /// The world step `clock` was last synchronised with `World.time` in.
    package var clockStep = -1

    package init() {}

    /// True when `id` names a live field.
    package func isValid(_ id: FieldID) -> Bool {
        id.index >= 0 && Int(id.index) < slots.count && slots[Int(id.index)].isAlive
            && slots[Int(id.index)].generation == id.generation
    }
}
