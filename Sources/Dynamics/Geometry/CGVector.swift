#if !canImport(CoreGraphics)
    import Foundation

    /// A two-dimensional vector (CoreGraphics' `CGVector`, which swift-corelibs-foundation does not provide).
    ///
    /// Used for gravity and push directions. Units depend on the use: for `GravityBehavior.gravityDirection`
    /// 1.0 = 1000 pt/s². Any finite value is allowed.
    public struct CGVector: Hashable, Sendable, Codable, CustomStringConvertible {
        /// Horizontal component (positive = right).
        public var dx: CGFloat
        /// Vertical component (positive = down on a UIKit screen).
        public var dy: CGFloat

        /// A vector from its components.
        public init(dx: CGFloat, dy: CGFloat) {
            self.dx = dx
            self.dy = dy
        }

        /// A vector from `Double` components.
        public init(dx: Double, dy: Double) {
            self.dx = CGFloat(dx)
            self.dy = CGFloat(dy)
        }

        /// A vector from `Int` components.
        public init(dx: Int, dy: Int) {
            self.dx = CGFloat(dx)
            self.dy = CGFloat(dy)
        }

        /// The vector (0, 0).
        public static let zero = CGVector(dx: CGFloat(0), dy: CGFloat(0))

        /// `(dx, dy)`.
        public var description: String { "(\(dx), \(dy))" }
    }
#endif
