import Foundation

/// Distances to move each edge of a rectangle inward, pt (UIKit's `UIEdgeInsets`). Negative values move an edge
/// outward. Default all 0.
public struct EdgeInsets: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Inset of the top edge, pt.
    public var top: CGFloat
    /// Inset of the left edge, pt.
    public var left: CGFloat
    /// Inset of the bottom edge, pt.
    public var bottom: CGFloat
    /// Inset of the right edge, pt.
    public var right: CGFloat

    /// Insets from the four edge distances (UIKit's argument order: top, left, bottom, right).
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All four insets 0.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// True when all four values are finite.
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }

    /// `{top, left, bottom, right}`.
    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

extension CGRect {
    /// The rectangle with each edge moved inward by `insets` (UIKit's `inset(by:)`).
    public func inset(by insets: EdgeInsets) -> CGRect {
        let r = standardized
        return CGRect(
            x: r.minX + insets.left, y: r.minY + insets.top,
            width: r.width - insets.left - insets.right, height: r.height - insets.top - insets.bottom)
    }
}
