/// Which debug layers the sandbox draws over the scene (UIKit's private `debugEnabled` view and DynamicXray are
/// the models). `O` cycles through presets; the tuning panel toggles each one.
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

    /// A short name for the HUD.
    public var label: String {
        switch self {
        case OverlayOptions(): "overlays: default"
        case .all: "overlays: all"
        case .none: "overlays: off"
        default: "overlays: custom"
        }
    }
}
