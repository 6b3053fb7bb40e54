import Foundation

extension DynamicAnimator {
    /// An animator whose reference system is `view`'s bounds coordinates (UIKit's designated initializer). The view
    /// is held weakly; while it lives, the animator's `referenceBounds` follow its `bounds` (resizing the view
    /// rebuilds reference-bounds boundaries). Give it views that are direct subviews of `view`.
    public convenience init(referenceView view: UIView) {
        self.init(referenceBounds: view.bounds)
        view.addReferencingAnimator(self)
        ReferenceViews.record(view, for: self)
    }

    /// The view given to `init(referenceView:)`, while it lives; nil for other animators. Weak.
    public var referenceView: UIView? { ReferenceViews.view(of: self) }
}

/// Which view each animator was made on (weak both ways; an extension cannot add stored properties).
@MainActor
enum ReferenceViews {
    private struct Entry {
        weak var animator: UIDynamicAnimator?
        weak var view: UIView?
    }

    private static var entries: [ObjectIdentifier: Entry] = [:]

    static func record(_ view: UIView, for animator: UIDynamicAnimator) {
        if entries.count >= 64, entries.count.isMultiple(of: 64) {
            entries = entries.filter { $0.value.animator != nil }
        }
        entries[ObjectIdentifier(animator)] = Entry(animator: animator, view: view)
    }

    static func view(of animator: UIDynamicAnimator) -> UIView? {
        guard let e = entries[ObjectIdentifier(animator)], e.animator === animator else { return nil }
        return e.view
    }
}
