import Foundation

extension DynamicAnimator {
    /// An animator for a collection-view layout (UIKit's collection-view mode, spec §3.9): its items are
    /// `UICollectionViewLayoutAttributes` in the collection view's content coordinates, and after every step it
    /// calls `layout.invalidateLayout()`, so the collection view's next layout pass reads the moved attributes
    /// (a layout typically returns `animator.items(in: rect)` from `layoutAttributesForElements(in:)`). The layout is
    /// held weakly. The reference bounds are the layout's content rectangle at creation (null when empty).
    public convenience init(collectionViewLayout layout: UICollectionViewLayout) {
        let size = layout.collectionViewContentSize
        self.init(referenceBounds: size.width > 0 && size.height > 0 ? CGRect(origin: .zero, size: size) : .null)
        CollectionViewLayouts.record(layout, for: self)
        stepDidFinish = { [weak layout] in layout?.invalidateLayout() }
    }

    /// The layout given to `init(collectionViewLayout:)`, while it lives; nil for other animators. Weak.
    public var collectionViewLayout: UICollectionViewLayout? { CollectionViewLayouts.layout(of: self) }

    /// The attributes object of the cell at `indexPath` this animator moves (the one given to a behaviour), or nil.
    public func layoutAttributesForCell(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    /// The attributes object of the supplementary view of `kind` at `indexPath` this animator moves, or nil.
    public func layoutAttributesForSupplementaryView(
        ofKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        attributes {
            $0.representedElementCategory == .supplementaryView && $0.representedElementKind == kind
                && $0.indexPath == indexPath
        }
    }

    /// The attributes object of the decoration view of `kind` at `indexPath` this animator moves, or nil.
    public func layoutAttributesForDecorationView(
        ofKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        attributes {
            $0.representedElementCategory == .decorationView && $0.representedElementKind == kind
                && $0.indexPath == indexPath
        }
    }

    /// The first managed attributes object matching `match`, in creation order.
    private func attributes(_ match: (UICollectionViewLayoutAttributes) -> Bool) -> UICollectionViewLayoutAttributes? {
        for item in managedItems {
            if let a = item as? UICollectionViewLayoutAttributes, match(a) { return a }
        }
        return nil
    }
}

/// Which layout each animator was made for (weak both ways; an extension cannot add stored properties).
@MainActor
enum CollectionViewLayouts {
    private struct Entry {
        weak var animator: UIDynamicAnimator?
        weak var layout: UICollectionViewLayout?
    }

    private static var entries: [ObjectIdentifier: Entry] = [:]

    static func record(_ layout: UICollectionViewLayout, for animator: UIDynamicAnimator) {
        if entries.count >= 64, entries.count.isMultiple(of: 64) {
            entries = entries.filter { $0.value.animator != nil }
        }
        entries[ObjectIdentifier(animator)] = Entry(animator: animator, layout: layout)
    }

    static func layout(of animator: UIDynamicAnimator) -> UICollectionViewLayout? {
        guard let e = entries[ObjectIdentifier(animator)], e.animator === animator else { return nil }
        return e.layout
    }
}
