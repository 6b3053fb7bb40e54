import Foundation

/// `#colorLiteral(red:green:blue:alpha:)` without a type context makes a `UIColor`, as with UIKit.
public typealias _ColorLiteralType = UIColor

extension UIColor: _ExpressibleByColorLiteral {
    /// The colour of `#colorLiteral(red:green:blue:alpha:)`, components 0…1.
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}

/// The adaptive system colours, at their light-mode values (there is no dark mode here).
extension UIColor {
    /// An opaque colour from 0…255 components.
    private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> UIColor {
        UIColor(red: CGFloat(r / 255), green: CGFloat(g / 255), blue: CGFloat(b / 255), alpha: CGFloat(a))
    }

    /// (255, 59, 48).
    public static let systemRed = rgb(255, 59, 48)
    /// (255, 149, 0).
    public static let systemOrange = rgb(255, 149, 0)
    /// (255, 204, 0).
    public static let systemYellow = rgb(255, 204, 0)
    /// (52, 199, 89).
    public static let systemGreen = rgb(52, 199, 89)
    /// (0, 199, 190).
    public static let systemMint = rgb(0, 199, 190)
    /// (48, 176, 199).
    public static let systemTeal = rgb(48, 176, 199)
    /// (50, 173, 230).
    public static let systemCyan = rgb(50, 173, 230)
    /// (0, 122, 255).
    public static let systemBlue = rgb(0, 122, 255)
    /// (88, 86, 214).
    public static let systemIndigo = rgb(88, 86, 214)
    /// (175, 82, 222).
    public static let systemPurple = rgb(175, 82, 222)
    /// (255, 45, 85).
    public static let systemPink = rgb(255, 45, 85)
    /// (162, 132, 94).
    public static let systemBrown = rgb(162, 132, 94)
    /// (142, 142, 147).
    public static let systemGray = rgb(142, 142, 147)
    /// (174, 174, 178).
    public static let systemGray2 = rgb(174, 174, 178)
    /// (199, 199, 204).
    public static let systemGray3 = rgb(199, 199, 204)
    /// (209, 209, 214).
    public static let systemGray4 = rgb(209, 209, 214)
    /// (229, 229, 234).
    public static let systemGray5 = rgb(229, 229, 234)
    /// (242, 242, 247).
    public static let systemGray6 = rgb(242, 242, 247)
    /// White.
    public static let systemBackground = rgb(255, 255, 255)
    /// (242, 242, 247).
    public static let secondarySystemBackground = rgb(242, 242, 247)
    /// White.
    public static let tertiarySystemBackground = rgb(255, 255, 255)
    /// (242, 242, 247).
    public static let systemGroupedBackground = rgb(242, 242, 247)
    /// Black.
    public static let label = rgb(0, 0, 0)
    /// (60, 60, 67) at 60 % opacity.
    public static let secondaryLabel = rgb(60, 60, 67, 0.6)
    /// (60, 60, 67) at 30 % opacity.
    public static let tertiaryLabel = rgb(60, 60, 67, 0.3)
    /// (60, 60, 67) at 29 % opacity.
    public static let separator = rgb(60, 60, 67, 0.29)
    /// (0, 122, 255), the default tint.
    public static let tintColor = rgb(0, 122, 255)
}
