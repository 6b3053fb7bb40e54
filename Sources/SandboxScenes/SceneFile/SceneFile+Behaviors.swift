import Foundation

/// The behaviours of a scene file. Every behaviour is a JSON object with exactly one key naming its kind
/// (`{"gravity": {…}}`), so a JSON path reads `$.behaviors[2].attachment.frequency`.
extension SceneFile {
    /// One behaviour.
    public enum Behavior: Codable, Equatable, Sendable {
        /// `GravityBehavior`.
        case gravity(Gravity)
        /// `CollisionBehavior`.
        case collision(Collision)
        /// `DynamicItemBehavior`.
        case itemProperties(ItemProperties)
        /// `AttachmentBehavior` (every kind).
        case attachment(Attachment)
        /// `SnapBehavior`.
        case snap(Snap)
        /// `PushBehavior`.
        case push(Push)
        /// `FieldBehavior` (every kind but a custom block, which needs the scene's `code`).
        case field(Field)

        /// The JSON key of each kind, in the order the docs list them.
        public static let kindNames = ["gravity", "collision", "itemProperties", "attachment", "snap", "push", "field"]

        /// This behaviour's kind name (its JSON key).
        public var kindName: String {
            switch self {
            case .gravity: "gravity"
            case .collision: "collision"
            case .itemProperties: "itemProperties"
            case .attachment: "attachment"
            case .snap: "snap"
            case .push: "push"
            case .field: "field"
            }
        }

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// Decodes `{"<kind>": {…}}`: exactly one key, one of `kindNames`.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            let keys = c.allKeys.map(\.stringValue)
            guard keys.count == 1, let key = c.allKeys.first else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "a behaviour is an object with exactly one key naming its kind, one of "
                            + Self.kindNames.joined(separator: ", ") + " (found "
                            + (keys.isEmpty ? "none" : keys.joined(separator: ", ")) + ")"))
            }
            switch key.stringValue {
            case "gravity": self = .gravity(try c.decode(Gravity.self, forKey: key))
            case "collision": self = .collision(try c.decode(Collision.self, forKey: key))
            case "itemProperties": self = .itemProperties(try c.decode(ItemProperties.self, forKey: key))
            case "attachment": self = .attachment(try c.decode(Attachment.self, forKey: key))
            case "snap": self = .snap(try c.decode(Snap.self, forKey: key))
            case "push": self = .push(try c.decode(Push.self, forKey: key))
            case "field": self = .field(try c.decode(Field.self, forKey: key))
            default:
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath + [key],
                        debugDescription: "unknown behaviour kind \"\(key.stringValue)\"; use one of "
                            + Self.kindNames.joined(separator: ", ")))
            }
        }

        /// Encodes `{"<kind>": {…}}`.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            let key = Key(stringValue: kindName)
            switch self {
            case .gravity(let v): try c.encode(v, forKey: key)
            case .collision(let v): try c.encode(v, forKey: key)
            case .itemProperties(let v): try c.encode(v, forKey: key)
            case .attachment(let v): try c.encode(v, forKey: key)
            case .snap(let v): try c.encode(v, forKey: key)
            case .push(let v): try c.encode(v, forKey: key)
            case .field(let v): try c.encode(v, forKey: key)
            }
        }
    }

    /// `GravityBehavior`.
    public struct Gravity: Codable, Equatable, Sendable {
        /// Item indices.
        public var items: [Int]
        /// Group indices. Optional.
        public var groups: [Int]?
        /// `gravityDirection`, UIKit units (1 = 1000 pt/s²). Optional, default (0, 1).
        public var direction: Vector?
        /// Arrow keys and the gamepad tilt this gravity (the first such gravity only). Optional, default false.
        public var tiltable: Bool?
        /// How far a full tilt turns it, UIKit units per unit of tilt. Optional, default 1.
        public var tiltGain: Double?
    }

    /// `CollisionBehavior`.
    public struct Collision: Codable, Equatable, Sendable {
        /// Item indices.
        public var items: [Int]
        /// Group indices. Optional.
        public var groups: [Int]?
        /// `collisionMode`: "everything" (default), "items" or "boundaries".
        public var mode: String?
        /// `translatesReferenceBoundsIntoBoundary`. Optional, default false.
        public var referenceBoundsAreBoundary: Bool?
        /// Insets of that boundary, pt. Optional, default zero.
        public var insets: Insets?
        /// Boundaries with identifiers (segments and Bézier paths). Optional.
        public var boundaries: [Boundary]?
        /// Taps in the scene drop new items into this collision (the scene's main one). Optional, default false.
        public var joinsNewItems: Bool?
        /// Contacts with boundaries are written to the log panel. Optional, default false.
        public var logsContacts: Bool?
    }

    /// A collision boundary: an identifier and a path (every subpath, open or closed, becomes walls).
    public struct Boundary: Codable, Equatable, Sendable {
        /// The identifier (`addBoundary(withIdentifier:…)`).
        public var id: String
        /// The path, pt, reference coordinates. A single "move" + "line" is added as a segment boundary.
        public var path: [PathElement]
    }

    /// `DynamicItemBehavior`.
    public struct ItemProperties: Codable, Equatable, Sendable {
        /// Item indices.
        public var items: [Int]
        /// Group indices. Optional.
        public var groups: [Int]?
        /// 0…∞ (1 = no loss). Optional, default 0.
        public var elasticity: Double?
        /// ≥ 0. Optional, default 0.
        public var friction: Double?
        /// > 0; mass = density × area / 10 000. Optional, default 1.
        public var density: Double?
        /// Linear damping, 1/s (≥ 0). Optional, default 0.
        public var resistance: Double?
        /// Angular damping, 1/s (≥ 0). Optional, default 0.
        public var angularResistance: Double?
        /// Optional, default true.
        public var allowsRotation: Bool?
        /// Optional, default false.
        public var isAnchored: Bool?
        /// Field charge. Optional, default 0.
        public var charge: Double?
        /// Velocities added with `addLinearVelocity` / `addAngularVelocity` when the scene starts. Optional.
        public var velocities: [Velocity]?
        /// The panel's own behaviour for one item (made when an item no behaviour covered was tuned). Optional.
        public var madeByPanel: Bool?
    }

    /// A starting velocity of one item.
    public struct Velocity: Codable, Equatable, Sendable {
        /// Item index (one of the behaviour's items).
        public var item: Int
        /// pt/s. Optional, default zero.
        public var linear: Point?
        /// rad/s, clockwise positive. Optional, default 0.
        public var angular: Double?
    }

    /// `AttachmentBehavior`.
    public struct Attachment: Codable, Equatable, Sendable {
        /// "distance" (the four initializers: a rod or a spring; default), "sliding", "limit", "fixed" or "pin".
        public var kind: String?
        /// The first item's index.
        public var item: Int
        /// The second item's index, or absent for an attachment to `anchor`.
        public var attachedTo: Int?
        /// Offset of the attachment point on the first item, pt. Optional, default zero.
        public var offset: Offset?
        /// Offset on the second item, pt. Optional, default zero.
        public var attachedOffset: Offset?
        /// The anchor, pt: where an item is attached to ("distance" with no `attachedTo`), or the sliding, fixed
        /// and pin point. Optional, default (0, 0).
        public var anchor: Point?
        /// Sliding axis. Optional, default (1, 0).
        public var axis: Vector?
        /// Rest length, pt (≥ 0); absent = measured when the scene starts (UIKit's default). Optional.
        public var length: Double?
        /// Hz (≥ 0); 0 = rigid. Optional, default 0.
        public var frequency: Double?
        /// Damping ratio (≥ 0). Optional, default 0.
        public var damping: Double?
        /// Pin friction torque, UIKit units (≥ 0). Optional, default 0.
        public var frictionTorque: Double?
        /// `attachmentRange` minimum (rad for a pin, pt for sliding). Optional, default −∞.
        public var rangeMinimum: Double?
        /// `attachmentRange` maximum. Optional, default +∞.
        public var rangeMaximum: Double?
    }

    /// `SnapBehavior`.
    public struct Snap: Codable, Equatable, Sendable {
        /// Item index.
        public var item: Int
        /// `snapPoint`, pt.
        public var point: Point
        /// 0…1. Optional, default 0.5.
        public var damping: Double?
    }

    /// `PushBehavior`.
    public struct Push: Codable, Equatable, Sendable {
        /// Item indices.
        public var items: [Int]
        /// Group indices. Optional.
        public var groups: [Int]?
        /// "instantaneous" or "continuous".
        public var mode: String
        /// `pushDirection` (its length is the magnitude), UIKit newtons. Optional, default (0, 0).
        public var direction: Vector?
        /// `active`: an instantaneous push fires on the first step when true. Optional, default true.
        public var active: Bool?
        /// Per-item `targetOffsetFromCenter`, pt. Optional.
        public var offsets: [PushOffset]?
    }

    /// One item's push offset.
    public struct PushOffset: Codable, Equatable, Sendable {
        /// Item index.
        public var item: Int
        /// Offset from its centre, pt.
        public var offset: Offset
    }

    /// `FieldBehavior`.
    public struct Field: Codable, Equatable, Sendable {
        /// The factory: "drag", "vortex", "radialGravity", "linearGravity", "velocity", "noise", "turbulence",
        /// "spring", "electric" or "magnetic".
        public var kind: String
        /// Item indices.
        public var items: [Int]
        /// Group indices. Optional.
        public var groups: [Int]?
        /// `position`, pt. Optional, default (0, 0).
        public var position: Point?
        /// `region`. Optional, default infinite.
        public var region: FieldRegion?
        /// Optional, default 1.
        public var strength: Double?
        /// Optional, default the factory's (radial gravity 2, spring −1, electric and magnetic 1, else 0).
        public var falloff: Double?
        /// pt (≥ 0). Optional, default the factory's.
        public var minimumRadius: Double?
        /// Linear gravity, velocity and drag fields. Optional, default the factory's.
        public var direction: Vector?
        /// Noise and turbulence, 0…1. Optional, default the factory's.
        public var smoothness: Double?
        /// Noise and turbulence. Optional, default the factory's.
        public var animationSpeed: Double?
    }

    /// A field region: `radius` (a disc), `size` (a rectangle) or neither (infinite).
    public struct FieldRegion: Codable, Equatable, Sendable {
        /// Disc radius, pt (≥ 0).
        public var radius: Double?
        /// Rectangle size, pt (≥ 0).
        public var size: Size?
    }
}
