import Foundation

/// A closed range of values (UIKit's `UIFloatRange`): radians for pin attachments, points for sliding ones.
public struct FloatRange: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Lower end.
    public var minimum: CGFloat
    /// Upper end.
    public var maximum: CGFloat

    /// The range minimum…maximum.
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// {0, 0}.
    public static let zero = FloatRange(minimum: 0, maximum: 0)
    /// {−∞, +∞}: no limit.
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)

    /// True when both ends are unbounded (`minimum <= -FLT_MAX && maximum >= FLT_MAX`).
    public var isInfinite: Bool {
        minimum <= -CGFloat(Float.greatestFiniteMagnitude) && maximum >= CGFloat(Float.greatestFiniteMagnitude)
    }

    /// Equal ends.
    public func isEqual(to other: FloatRange) -> Bool { self == other }

    public var description: String { "{\(minimum), \(maximum)}" }
}
