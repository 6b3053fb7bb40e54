internal import PhysicsCore

/// What an animator knows about one item: its body and shape (nil when the item was refused), how many
/// behaviour associations hold it, and the memberships that decide its gravity and collision filter.
@MainActor
final class ItemRecord {
    /// The item (kept alive while any registered behaviour names it).
    let item: any DynamicItem
    /// Identity of the item.
    let key: ObjectIdentifier
    /// Creation order in the animator; also the shapes' `userData` tag.
    let serial: UInt64
    /// The body, or nil when the item was refused (invalid size or center, or simulated by another animator).
    var body: BodyID?
    /// The item's shapes: one, or one per member for a `DynamicItemGroup`.
    var shapes: [ShapeID] = []
    /// The item's first shape.
    var shape: ShapeID? { shapes.first }
    /// (behaviour, item) associations holding the record; the body is destroyed when it drops to 0.
    var associations = 0
    /// Gravity behaviours naming the item (gravity scale 1 while > 0).
    var gravityCount = 0
    /// Registered collision behaviours naming the item, in association order.
    var collisionBehaviors: [CollisionBehavior] = []
    /// Electric charge from item behaviours (for field behaviours).
    var charge: CGFloat = 0
    /// Category bits of the registered field behaviours naming the item (the body's field mask).
    var fieldMask: UInt32 = 0
    /// The body's angular damping is negative (a negative `angularResistance`): its spin is capped every step.
    var spinsUp = false

    /// The item is written back rounded (a view or a group: `PixelAlignedDynamicItem`).
    let isPixelAligned: Bool

    init(item: any DynamicItem, serial: UInt64) {
        self.item = item
        isPixelAligned = item is any PixelAlignedDynamicItem
        self.key = ObjectIdentifier(item)
        self.serial = serial
    }
}

/// What a world shape belongs to, for contact callbacks and `items(in:)`.
@MainActor
enum ShapeOwner {
    /// The shape of an item.
    case item(ItemRecord)
    /// A boundary segment of a collision behaviour; identifier nil = the reference-bounds loop.
    case boundary(CollisionBehavior, AnyHashable?)
}

/// Which animator simulates each item, so an item is never given bodies in two animators.
@MainActor
enum ItemOwnership {
    private struct Entry {
        weak var item: AnyObject?
        weak var animator: DynamicAnimator?
    }

    private static var entries: [ObjectIdentifier: Entry] = [:]

    /// The live animator that simulates `item`, if any.
    static func owner(of item: any DynamicItem) -> DynamicAnimator? {
        guard let e = entries[ObjectIdentifier(item)], e.item === item else { return nil }
        return e.animator
    }

    /// Records that `animator` simulates `item`.
    static func claim(_ item: any DynamicItem, by animator: DynamicAnimator) {
        if entries.count > 64, entries.count.isMultiple(of: 64) {
            entries = entries.filter { $0.value.animator != nil }
        }
        entries[ObjectIdentifier(item)] = Entry(item: item, animator: animator)
    }

    /// Forgets the claim of `animator` on `item`.
    static func release(_ item: any DynamicItem, by animator: DynamicAnimator) {
        let key = ObjectIdentifier(item)
        if entries[key]?.animator === animator { entries[key] = nil }
    }
}
