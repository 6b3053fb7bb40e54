import Foundation

/// A whole sandbox scene as a versioned, human-editable JSON document (`docs/scene-files.md` describes every
/// field): the reference bounds, the items (shape, size, centre, angle, colour, picture), every behaviour with every
/// parameter, the seed and notes.
///
/// Units are UIKit's: points, radians (positive = clockwise on screen), seconds, Hz; gravity in UIKit units
/// (1 = 1000 pt/s²), push magnitudes in UIKit newtons. Fields marked optional may be left out of a hand-written
/// file: the loader then uses UIKit's default, which the field's doc comment names. Files the sandbox writes spell
/// every field out.
///
/// A scene whose behaviour needs code (a scene-specific tap, a custom field block, something that happens at a
/// given time) names its catalogue scene in `code`: the loader builds that scene with its Swift code and then
/// applies the file's behaviour parameters over it, matched by position in `behaviors`, so its tuned values still
/// save and load.
public struct SceneFile: Codable, Equatable, Sendable {
    /// The value of `format`: "swiftdynamics-scene".
    public static let formatName = "swiftdynamics-scene"
    /// The version this build writes: 2 (version 1 has no `solver`; this build reads both).
    public static let currentVersion = 2

    /// Always "swiftdynamics-scene" (a file of another kind is refused by name).
    public var format: String
    /// Format version: 1 or 2 (2 added `solver`). A newer version is refused with a message naming both.
    public var version: Int
    /// The scene's name (the HUD shows it; lower-case and dashes by convention).
    public var name: String
    /// Free text for people: what the scene shows, what was tuned. Optional.
    public var notes: String?
    /// The catalogue scene whose Swift code builds this scene (its parameters then come from this file), or nil
    /// when the file alone describes the scene. Optional.
    public var code: String?
    /// Seed of the scene's randomness (`SceneRandom`); optional, default 1.
    public var seed: UInt64?
    /// The animator's reference bounds, pt (the walls of `translatesReferenceBoundsIntoBoundary`).
    public var referenceBounds: Rect
    /// The items, back to front; behaviours name them by index (0-based).
    public var items: [Item]
    /// Item groups (`DynamicItemGroup`): behaviours name them in their `groups` lists. Optional.
    public var groups: [Group]?
    /// The behaviours, in the order they are added to the animator.
    public var behaviors: [Behavior]
    /// The animator's solver settings (a SwiftDynamics extension, not in UIKit). Optional (version 2): absent
    /// means UIKit's settings, as in every version-1 file.
    public var solver: Solver?

    /// A scene file.
    public init(
        name: String, notes: String? = nil, code: String? = nil, seed: UInt64 = 1, referenceBounds: Rect,
        items: [Item], groups: [Group]? = nil, behaviors: [Behavior], solver: Solver? = nil
    ) {
        format = Self.formatName
        version = Self.currentVersion
        self.name = name
        self.notes = notes
        self.code = code
        self.seed = seed
        self.referenceBounds = referenceBounds
        self.items = items
        self.groups = groups
        self.behaviors = behaviors
        self.solver = solver
    }

    /// The animator's solver settings (`DynamicAnimator.SolverSettings`, a SwiftDynamics extension): every field
    /// optional, absent = UIKit's value.
    public struct Solver: Codable, Equatable, Sendable {
        /// Solver sub-steps per 1/120-s world step, 1…16. Optional, default 3.
        public var substepsPerWorldStep: Int?
        /// Whether items at rest fall asleep (and the animator pauses). Optional, default true.
        public var allowsSleeping: Bool?
        /// Whether fast items are swept so that they do not pass through thin walls. Optional, default true.
        public var continuousCollision: Bool?
        /// Solver settings.
        public init(substepsPerWorldStep: Int? = nil, allowsSleeping: Bool? = nil, continuousCollision: Bool? = nil) {
            self.substepsPerWorldStep = substepsPerWorldStep
            self.allowsSleeping = allowsSleeping
            self.continuousCollision = continuousCollision
        }
    }

    // MARK: Geometry

    /// A point, pt.
    public struct Point: Codable, Equatable, Sendable {
        /// x, pt (right).
        public var x: Double
        /// y, pt (down).
        public var y: Double
        /// A point.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// A size, pt.
    public struct Size: Codable, Equatable, Sendable {
        /// Width, pt (> 0 for items).
        public var width: Double
        /// Height, pt (> 0 for items).
        public var height: Double
        /// A size.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// A rectangle, pt.
    public struct Rect: Codable, Equatable, Sendable {
        /// Left edge, pt.
        public var x: Double
        /// Top edge, pt.
        public var y: Double
        /// Width, pt (> 0).
        public var width: Double
        /// Height, pt (> 0).
        public var height: Double
        /// A rectangle.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// A vector (UIKit's `CGVector`).
    public struct Vector: Codable, Equatable, Sendable {
        /// x component.
        public var dx: Double
        /// y component (down).
        public var dy: Double
        /// A vector.
        public init(dx: Double, dy: Double) {
            self.dx = dx
            self.dy = dy
        }
    }

    /// An offset from an item's centre in its own axes, pt (UIKit's `UIOffset`).
    public struct Offset: Codable, Equatable, Sendable {
        /// Horizontal, pt.
        public var horizontal: Double
        /// Vertical, pt.
        public var vertical: Double
        /// An offset.
        public init(horizontal: Double, vertical: Double) {
            self.horizontal = horizontal
            self.vertical = vertical
        }
    }

    /// Edge insets, pt (UIKit's `UIEdgeInsets`).
    public struct Insets: Codable, Equatable, Sendable {
        /// Top inset, pt.
        public var top: Double
        /// Left inset, pt.
        public var left: Double
        /// Bottom inset, pt.
        public var bottom: Double
        /// Right inset, pt.
        public var right: Double
        /// Insets.
        public init(top: Double, left: Double, bottom: Double, right: Double) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
    }

    /// One command of a Bézier path (`UIBezierPath`): `op` is "move", "line", "quadCurve", "curve" or "close".
    public struct PathElement: Codable, Equatable, Sendable {
        /// "move", "line", "quadCurve" (needs `control`), "curve" (needs `control1` and `control2`) or "close".
        public var op: String
        /// The end point (all but "close"), pt.
        public var to: Point?
        /// The control point of a "quadCurve", pt.
        public var control: Point?
        /// The first control point of a "curve", pt.
        public var control1: Point?
        /// The second control point of a "curve", pt.
        public var control2: Point?
        /// A path command.
        public init(
            op: String, to: Point? = nil, control: Point? = nil, control1: Point? = nil,
            control2: Point? = nil
        ) {
            self.op = op
            self.to = to
            self.control = control
            self.control1 = control1
            self.control2 = control2
        }
    }

    // MARK: Items

    /// One item (a view stand-in).
    public struct Item: Codable, Equatable, Sendable {
        /// Label in the panel and the log. Optional.
        public var name: String?
        /// Collision shape: "rectangle" (default), "ellipse" or "path" (needs `path`).
        public var shape: String?
        /// Size, pt (> 0).
        public var size: Size
        /// Centre, pt, reference coordinates.
        public var center: Point
        /// Rotation, rad (clockwise positive). Optional, default 0.
        public var angle: Double?
        /// Fill colour "#RRGGBB". Optional, default "#4A90E2".
        public var color: String?
        /// Drawn corner radius, pt (≥ 0; drawing only). Optional, default 0.
        public var cornerRadius: Double?
        /// Which sticker picture the item shows (index into the pictures, modulo their count). Optional: none.
        public var picture: Int?
        /// Item-local convex outline for shape "path" ((0, 0) = the centre), pt. Optional.
        public var path: [PathElement]?
        /// An item.
        public init(
            name: String? = nil, shape: String? = nil, size: Size, center: Point, angle: Double? = nil,
            color: String? = nil, cornerRadius: Double? = nil, picture: Int? = nil,
            path: [PathElement]? = nil
        ) {
            self.name = name
            self.shape = shape
            self.size = size
            self.center = center
            self.angle = angle
            self.color = color
            self.cornerRadius = cornerRadius
            self.picture = picture
            self.path = path
        }
    }

    /// Items that move as one body (`DynamicItemGroup`).
    public struct Group: Codable, Equatable, Sendable {
        /// Member item indices (at least one).
        public var members: [Int]
        /// A group.
        public init(members: [Int]) { self.members = members }
    }
}
