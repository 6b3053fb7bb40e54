import Foundation

/// The material and motion properties of a `DynamicItemBehavior`, with UIKit's real defaults (spec table 2.10;
/// Apple's documentation says elasticity, friction and resistance default to 0, the shipping code uses 0.2, 0.2
/// and 0.1).
struct ItemProperties: Hashable, Sendable {
    /// Restitution (values above 1 gain energy; negative ones act as 0). Default 0.2.
    var elasticity: CGFloat = 0.2
    /// Coulomb friction coefficient (negative acts as 0). Default 0.2.
    var friction: CGFloat = 0.2
    /// Mass per 10 000 pt², ≥ 0: mass = density × width × height / 10 000. Default 1.
    var density: CGFloat = 1
    /// Linear damping rate, 1/s, > −120: each 1/120-s step v ← v / (1 + h·c). Default 0.1.
    var resistance: CGFloat = 0.1
    /// Angular damping rate, 1/s, > −120. Default 0.1.
    var angularResistance: CGFloat = 0.1
    /// Whether contacts and forces may turn the item. Default true.
    var allowsRotation = true
    /// Electric charge for field behaviours, unitless. Default 0.
    var charge: CGFloat = 0
    /// Whether the item is a static obstacle. Default false.
    var isAnchored = false

    /// The body defaults UIKit restores when an item behaviour lets go of an item.
    static let bodyDefaults = ItemProperties()

    /// Which properties were explicitly set to a new value (UIKit's "last flag wins" rule).
    struct Flags: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        static let elasticity = Flags(rawValue: 1 << 0)
        static let friction = Flags(rawValue: 1 << 1)
        static let density = Flags(rawValue: 1 << 2)
        static let resistance = Flags(rawValue: 1 << 3)
        static let angularResistance = Flags(rawValue: 1 << 4)
        static let allowsRotation = Flags(rawValue: 1 << 5)
        static let charge = Flags(rawValue: 1 << 6)
        static let isAnchored = Flags(rawValue: 1 << 7)
        /// The properties reset when an item behaviour lets go (not charge, not anchoring).
        static let resettable: Flags = [
            .elasticity, .friction, .density, .resistance, .angularResistance,
            .allowsRotation
        ]
    }
}
