import Dynamics
import Foundation

/// A colour of a scene's item, 0…255 per channel (the renderer's business; scenes only name it).
public struct SceneColor: Hashable, Sendable {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8

    /// A colour from `0xRRGGBB`.
    public init(hex: UInt32) {
        red = UInt8((hex >> 16) & 0xFF)
        green = UInt8((hex >> 8) & 0xFF)
        blue = UInt8(hex & 0xFF)
    }

    /// The sandbox palette, in the order scenes hand colours out.
    public static let palette: [SceneColor] = [
        0xE8_5D_4A, 0x4A_90_E2, 0xF5_A6_23, 0x7E_D3_21, 0xBD_10_E0, 0x50_E3_C2, 0xF8_E7_1C, 0xD0_02_1B,
        0x41_75_05, 0x9B_9B_9B, 0x8B_57_2A, 0xFF_7F_A8
    ].map(SceneColor.init(hex:))

    /// Red of seed 001's tapped views.
    public static let red = SceneColor(hex: 0xE0_3A_3A)
    /// A neutral grey for static props.
    public static let grey = SceneColor(hex: 0x8A_8F_98)
}

/// A dynamic item the sandbox can draw: a view stand-in with a colour and an optional corner radius.
@MainActor
public final class SandboxItem: DynamicItem {
    /// Position of the center, pt, reference coordinates (y down).
    public var center: CGPoint
    /// Origin (0, 0) and the item's size, pt.
    public var bounds: CGRect
    /// Rotation written back by the animator (a pure rotation). Default identity.
    public var transform: CGAffineTransform
    /// Collision shape. Default `.rectangle`.
    public var collisionBoundsType: DynamicItemCollisionBoundsType
    /// Item-local convex path for `.path` items ((0, 0) = center). Default an empty path.
    public var collisionBoundingPath: BezierPath
    /// Fill colour.
    public var color: SceneColor
    /// Visual corner radius, pt (like `layer.cornerRadius`: drawn only, collisions use `collisionBoundsType`).
    /// Default 0.
    public var cornerRadius: CGFloat
    /// Label shown in the tuning panel and the log; default nil.
    public var name: String?
    /// Which of the sandbox's images (`--assets DIR`, its PNG files in name order) this item shows, like an image
    /// view's image: slot modulo the number of images. Default nil (the plain colour, also when there are none).
    public var imageSlot: Int?

    /// An item of `size` pt centred at `center`.
    public init(
        center: CGPoint, size: CGSize, shape: DynamicItemCollisionBoundsType = .rectangle,
        path: BezierPath? = nil, color: SceneColor, cornerRadius: CGFloat = 0, name: String? = nil
    ) {
        self.center = center
        bounds = CGRect(origin: .zero, size: size)
        transform = .identity
        collisionBoundsType = shape
        collisionBoundingPath = path ?? BezierPath()
        self.color = color
        self.cornerRadius = cornerRadius
        self.name = name
    }

    /// An item occupying `frame` (reference coordinates, pt).
    public convenience init(
        frame: CGRect, shape: DynamicItemCollisionBoundsType = .rectangle, color: SceneColor,
        cornerRadius: CGFloat = 0, name: String? = nil
    ) {
        self.init(
            center: CGPoint(x: frame.midX, y: frame.midY), size: frame.size, shape: shape, color: color,
            cornerRadius: cornerRadius, name: name)
    }

    /// The rotation of `transform`, radians (clockwise on screen positive).
    public var angle: CGFloat { atan2(transform.b, transform.a) }

    /// The item's frame ignoring rotation, pt.
    public var frame: CGRect {
        CGRect(
            x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width,
            height: bounds.height)
    }

    /// True when `point` (reference coordinates) lies inside the item's collision shape.
    public func contains(_ point: CGPoint) -> Bool {
        let a = -angle
        let dx = point.x - center.x, dy = point.y - center.y
        let lx = cos(a) * dx - sin(a) * dy, ly = sin(a) * dx + cos(a) * dy
        let hw = bounds.width / 2, hh = bounds.height / 2
        switch collisionBoundsType {
        case .ellipse:
            return (lx * lx) / (hw * hw) + (ly * ly) / (hh * hh) <= 1
        case .rectangle, .path:
            return abs(lx) <= hw && abs(ly) <= hh
        }
    }
}
