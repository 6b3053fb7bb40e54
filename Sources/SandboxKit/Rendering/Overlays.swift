/// Which debug layers the sandbox draws over the scene (UIKit's private `debugEnabled` view and DynamicXray are
/// the models). `O` cycles through presets; the keys 1–7 toggle each layer (`OverlayLayer`).
public struct OverlayOptions: Hashable, Sendable {
    /// Boundaries (segments, Bézier paths, the reference-bounds loop) as lines. Default on.
    public var boundaries = true
    /// The gravity vector as an arrow in the top-right corner. Default on.
    public var gravity = true
    /// Contact points as dots that fade over `ContactTrail.lifetime`. Default on.
    public var contacts = true
    /// A blue-grey tint on sleeping items. Default on.
    public var sleeping = true
    /// Attachments, snap targets, push arrows and the drag line. Default on.
    public var joints = true
    /// Field regions with a vector-field grid. Default on.
    public var fields = true
    /// Item outlines and velocity ticks. Default off.
    public var outlines = false

    /// Everything on (the default).
    public init() {}

    /// Every layer off: the scene as the app's user sees it.
    public static let none: OverlayOptions = {
        var o = OverlayOptions()
        o.boundaries = false; o.gravity = false; o.contacts = false; o.sleeping = false
        o.joints = false; o.fields = false; o.outlines = false
        return o
    }()

    /// Everything on, outlines included.
    public static let all: OverlayOptions = {
        var o = OverlayOptions()
        o.outlines = true
        return o
    }()

    /// The presets `O` cycles through: default → all → none → default.
    public func next() -> OverlayOptions {
        switch self {
        case OverlayOptions(): .all
        case .all: .none
        default: OverlayOptions()
        }
    }

    /// Whether `layer` is drawn.
    public subscript(layer: OverlayLayer) -> Bool {
        get { self[keyPath: layer.keyPath] }
        set { self[keyPath: layer.keyPath] = newValue }
    }

    /// A short name for the HUD: the preset's name, or the numbers of the layers shown ("overlays: 1 2 5").
    public var label: String {
        switch self {
        case OverlayOptions(): "overlays: default"
        case .all: "overlays: all"
        case .none: "overlays: off"
        default:
            "overlays: " + OverlayLayer.allCases.filter { self[$0] }.map { "\($0.rawValue)" }.joined(separator: " ")
        }
    }
}

/// One debug layer, numbered as its toggle key (1…7).
public enum OverlayLayer: Int, CaseIterable, Sendable {
    /// Boundaries as lines (key 1).
    case boundaries = 1
    /// The gravity arrow (key 2).
    case gravity
    /// Fading contact points (key 3).
    case contacts
    /// The sleeping tint (key 4).
    case sleeping
    /// Attachments, snap targets, push arrows, the drag line (key 5).
    case joints
    /// Field regions and the vector grid (key 6).
    case fields
    /// Item outlines and velocity ticks (key 7).
    case outlines

    /// The layer's name in the help and the log.
    public var name: String {
        switch self {
        case .boundaries: "boundaries"
        case .gravity: "gravity"
        case .contacts: "contacts"
        case .sleeping: "sleep tint"
        case .joints: "attachments"
        case .fields: "fields"
        case .outlines: "outlines"
        }
    }

    /// The `OverlayOptions` switch it reads and writes.
    var keyPath: WritableKeyPath<OverlayOptions, Bool> {
        switch self {
        case .boundaries: \.boundaries
        case .gravity: \.gravity
        case .contacts: \.contacts
        case .sleeping: \.sleeping
        case .joints: \.joints
        case .fields: \.fields
        case .outlines: \.outlines
        }
    }
}
