import Foundation

/// A Core Graphics colour (`CGColor`), as the plain sRGB value a `UIColor` converts to: what `layer.borderColor`
/// and the like keep for renderers.
public struct CGColor: Hashable, Sendable {
    /// Red, green, blue and alpha, each 0…1.
    public let components: [CGFloat]?

    /// The components' count: 4.
    public var numberOfComponents: Int { 4 }

    /// Opacity, 0…1.
    public var alpha: CGFloat { uiColor.alpha }

    /// An sRGB colour, components clamped to 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(UIColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    init(_ color: UIColor) {
        components = [color.red, color.green, color.blue, color.alpha]
    }

    /// The colour as a `UIColor`.
    var uiColor: UIColor {
        let c = components ?? [0, 0, 0, 1]
        return UIColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }
}
