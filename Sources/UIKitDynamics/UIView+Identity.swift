import Foundation

// A view's identity, as UIKit's `NSObject` gives it. (The override points are in the class body, UIView.swift:
// members declared in an extension cannot be overridden.)

extension UIView {
    // MARK: Identity (NSObject)

    /// True when `object` is this very view (NSObject's identity equality). `==` calls it.
    nonisolated public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as AnyObject? else { return false }
        return other === self
    }

    /// The view's identity hash (NSObject's `hash`). `hash(into:)` uses it.
    nonisolated public var hash: Int { ObjectIdentifier(self).hashValue }
}

extension UIView: Hashable {
    /// True when both are the same view (identity, as for UIKit's `NSObject`).
    nonisolated public static func == (lhs: UIView, rhs: UIView) -> Bool { lhs.isEqual(rhs) }

    /// Hashes the view's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
