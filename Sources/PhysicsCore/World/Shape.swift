/// A handle to a shape: index plus generation.
public struct ShapeID: Hashable, Sendable, CustomStringConvertible {
    /// Slot in the world's shape array.
    public let index: Int32
    /// Generation of that slot when the handle was made.
    public let generation: UInt32
    public var description: String { "shape#\(index).\(generation)" }
}

/// Which shapes meet. Two shapes touch physically when each one's category is in the other's `collideMask`;
/// they are tracked and reported (without a physical response) when either category is in the other's
/// `reportMask`. Bits are free for the owner to assign.
public struct CollisionFilter: Sendable, Hashable {
    /// The groups this shape belongs to. Default bit 0.
    public var categoryBits: UInt64 = 1
    /// Groups this shape responds to. Default all.
    public var collideMask: UInt64 = .max
    /// Groups whose contacts are reported even without a response. Default none.
    public var reportMask: UInt64 = 0

    /// The defaults: everything collides.
    public init() {}
    /// A filter from its three masks.
    public init(categoryBits: UInt64, collideMask: UInt64, reportMask: UInt64 = 0) {
        self.categoryBits = categoryBits
        self.collideMask = collideMask
        self.reportMask = reportMask
    }

    /// True when the shape can neither collide with nor report any other shape (no category, no report mask):
    /// the broad phase never pairs it and continuous collision skips it.
    @inlinable public var isInert: Bool { categoryBits == 0 && reportMask == 0 }
    /// True when a and b push each other apart.
    @inlinable public static func collide(_ a: CollisionFilter, _ b: CollisionFilter) -> Bool {
        (a.categoryBits & b.collideMask) != 0 && (b.categoryBits & a.collideMask) != 0
    }
    /// True when a contact between a and b is tracked at all (collide or report).
    @inlinable public static func track(_ a: CollisionFilter, _ b: CollisionFilter) -> Bool {
        collide(a, b) || (a.categoryBits & b.reportMask) != 0 || (b.categoryBits & a.reportMask) != 0
    }
}

/// Material and filtering of a new shape.
public struct ShapeDefinition: Sendable {
    /// Coulomb friction coefficient, ≥ 0. Mixed per pair as √(a·b). Default 0.6.
    public var friction: Double = 0.6
    /// Share of normal speed kept after an impact, ≥ 0. Mixed per pair as max(a, b). Default 0.
    public var restitution: Double = 0
    /// Mass per pt², ≥ 0. Default 1.
    public var density: Double = 1
    /// Collision groups. Default: collides with everything.
    public var filter = CollisionFilter()
    /// Whether begin/end touch events are recorded for this shape. Default true.
    public var enableContactEvents = true
    /// Free tag for the owner (e.g. a boundary identifier index).
    public var userData: UInt64 = 0

    /// The defaults.
    public init() {}
}

/// One shape attached to a body. Laid out for the narrow phase, which reads both shapes of every tracked pair each
/// step: their boxes fill the first cache line and the head of the geometry (kind, vertex range, centre, radius)
/// the second.
package struct Shape: Sendable {
    /// Tight and fattened world bounds.
    package var aabb = AABB(lower: .zero, upper: .zero)
    package var fatAABB = AABB(lower: .zero, upper: .zero)
    package var geometry: ShapeGeometry
    package var body: Int32 = -1
    /// Node in the broad-phase tree, and which tree (static or moving).
    package var proxy: Int32 = -1
    /// Next shape of the same body, or −1.
    package var nextOnBody: Int32 = -1
    package var generation: UInt32 = 0
    package var isAlive = false
    package var inStaticTree = false
    package var enableContactEvents = true
    package var friction = 0.6
    package var restitution = 0.0
    package var density = 1.0
    package var filter = CollisionFilter()
    package var userData: UInt64 = 0

    package init(geometry: ShapeGeometry) { self.geometry = geometry }
}
