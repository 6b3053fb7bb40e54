import Foundation

// UIKit's block animations, without time: there is no render loop, so the changes are made at once and the
// completion runs at once with `true`. Code that positions views this way (a card sent back to its place, a view
// reset before the animator takes it) gets the end state immediately; call `animator.updateItem(usingCurrentState:)`
// after changing a managed view, as on a device.

extension UIView {
    /// Options of block animations (UIKit's `UIView.AnimationOptions`); accepted and ignored.
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lets touches reach the views while animating.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Starts from the current on-screen state.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Ease in and out (the default curve).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    }

    /// Makes the changes of `animations` at once (`duration` s is not waited for).
    public static func animate(withDuration duration: TimeInterval, animations: () -> Void) {
        animations()
    }

    /// Makes the changes of `animations` at once, then calls `completion` with `true`.
    public static func animate(
        withDuration duration: TimeInterval, animations: () -> Void,
        completion: ((Bool) -> Void)?
    ) {
        animations()
        completion?(true)
    }

    /// Makes the changes of `animations` at once (no delay, no curve), then calls `completion` with `true`.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval,
        options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    /// Makes the changes of `animations` at once (no spring), then calls `completion` with `true`.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval,
        usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
        options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }
}
