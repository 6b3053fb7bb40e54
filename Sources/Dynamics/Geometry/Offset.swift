import Foundation

/// A displacement from an item's center, pt (UIKit's `UIOffset`). +horizontal = right, +vertical = down.
public struct Offset: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Horizontal displacement, pt.
    public var horizontal: CGFloat
    /// Vertical displacement, pt.
    public var vertical: CGFloat

    /// An offset of (horizontal, vertical) pt.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// (0, 0).
    public static let zero = Offset(horizontal: 0, vertical: 0)

    /// Both components finite.
    public var isFinite: Bool { horizontal.isFinite && vertical.isFinite }

    public var description: String { "{\(horizontal), \(vertical)}" }
}
