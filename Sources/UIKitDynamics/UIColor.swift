import Foundation

/// A colour as four components (UIKit's `UIColor`, as a plain value: nothing here draws). Views keep it as their
/// `backgroundColor` so that a renderer or a test can read it back. `#colorLiteral(red:green:blue:alpha:)` makes
/// one. Components are sRGB, 0…1; the system colours are their light-mode values.
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

    /// A colour from hue, saturation and brightness (HSB), each 0…1 (clamped), and opacity.
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        func clamp(_ v: CGFloat) -> Double { v.isNaN ? 0 : Double(Swift.min(Swift.max(v, 0), 1)) }
        let h = clamp(hue) * 6, s = clamp(saturation), v = clamp(brightness)
        let sector = Swift.min(Int(h), 5), f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: (Double, Double, Double) =
            switch sector {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        self.init(red: CGFloat(rgb.0), green: CGFloat(rgb.1), blue: CGFloat(rgb.2), alpha: alpha)
    }

    /// The colour of a Core Graphics colour.
    public init(cgColor: CGColor) {
        self = cgColor.uiColor
    }

    /// The Core Graphics form of the colour (for `layer.borderColor` and the like).
    public var cgColor: CGColor { CGColor(self) }

    /// Writes the components (0…1) into the given variables and returns true, as UIKit does for an RGB colour.
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = self.red
        green?.pointee = self.green
        blue?.pointee = self.blue
        alpha?.pointee = self.alpha
        return true
    }

    /// Writes hue, saturation, brightness (each 0…1) and opacity into the given variables and returns true.
    @discardableResult
    public func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let r = Double(red), g = Double(green), b = Double(blue)
        let maxC = Swift.max(r, g, b), minC = Swift.min(r, g, b), d = maxC - minC
        var h = 0.0
        if d > 0 {
            if maxC == r {
                h = (g - b) / d
                if h < 0 { h += 6 }
            } else if maxC == g {
                h = (b - r) / d + 2
            } else {
                h = (r - g) / d + 4
            }
            h /= 6
        }
        hue?.pointee = CGFloat(h)
        saturation?.pointee = CGFloat(maxC > 0 ? d / maxC : 0)
        brightness?.pointee = CGFloat(maxC)
        alpha?.pointee = self.alpha
        return true
    }

    /// Writes the grey level (the mean of the components, 0…1) and opacity into the given variables; returns true.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = (red + green + blue) / 3
        alpha?.pointee = self.alpha
        return true
    }

    /// Makes this the fill colour of the current drawing context. There is none in this library: does nothing.
    public func setFill() {}

    /// Makes this the stroke colour of the current drawing context. There is none in this library: does nothing.
    public func setStroke() {}

    /// Makes this both the fill and the stroke colour of the current drawing context: does nothing here.
    public func set() {}

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
