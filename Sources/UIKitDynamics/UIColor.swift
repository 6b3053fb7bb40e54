import Foundation

/// A colour as four components (UIKit's `UIColor`, as a plain value: nothing here draws). Views keep it as their
/// `backgroundColor` so that a renderer or a test can read it back.
public struct UIColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…1 (values outside are clamped).
    public var red: CGFloat
    /// Green, 0…1.
    public var green: CGFloat
    /// Blue, 0…1.
    public var blue: CGFloat
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: CGFloat

    /// A colour from its components, each clamped to 0…1 (NaN becomes 0).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func clamp(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
        self.red = clamp(red)
        self.green = clamp(green)
        self.blue = clamp(blue)
        self.alpha = clamp(alpha)
    }

    /// A grey of brightness `white`, 0…1.
    public init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The same colour with another opacity, 0…1.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `UIColor(r, g, b, a)`.
    public var description: String { "UIColor(\(red), \(green), \(blue), \(alpha))" }

    /// 0, 0, 0.
    public static let black = UIColor(white: 0, alpha: 1)
    /// 1/3 grey.
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    /// 2/3 grey.
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    /// 1, 1, 1.
    public static let white = UIColor(white: 1, alpha: 1)
    /// 1/2 grey.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// 1, 0, 0.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// 0, 1, 0.
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// 0, 0, 1.
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// 0, 1, 1.
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// 1, 1, 0.
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// 1, 0, 1.
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// 1, 0.5, 0.
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// 0.5, 0, 0.5.
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// 0.6, 0.4, 0.2.
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// Transparent black.
    public static let clear = UIColor(white: 0, alpha: 0)
}
