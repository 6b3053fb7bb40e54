import Foundation

/// A displacement from an item's center, pt (UIKit's `UIOffset`): push target offsets and attachment points.
/// Default (0, 0).
public struct Offset: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Horizontal displacement, pt (positive = right).
    public var horizontal: CGFloat
    /// Vertical displacement, pt (positive = down on a UIKit screen).
    public var vertical: CGFloat

    /// An offset from its two components, pt.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// (0, 0).
    public static let zero = Offset(horizontal: 0, vertical: 0)

    /// True when both components are finite.
    public var isFinite: Bool { horizontal.isFinite && vertical.isFinite }

    /// `{horizontal, vertical}`.
    public var description: String { "{\(horizontal), \(vertical)}" }
}
