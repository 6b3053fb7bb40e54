import Foundation

/// The base class of collection-view layouts (UIKit's `UICollectionViewLayout`), geometry only: subclasses
/// override `prepare()`, `layoutAttributesForElements(in:)`, `layoutAttributesForItem(at:)`,
/// `collectionViewContentSize` and `shouldInvalidateLayout(forBoundsChange:)`; `UICollectionView` calls them in
/// `layoutSubviews()` and when its bounds change, as UIKit does. A springy layout makes a
/// `UIDynamicAnimator(collectionViewLayout: self)`, which calls `invalidateLayout()` after each of its steps.
@preconcurrency @MainActor
open class UICollectionViewLayout {
    /// The collection view using this layout (weak); set by `UICollectionView`. Default nil.
    public internal(set) weak var collectionView: UICollectionView?

    /// True from `invalidateLayout()` until the collection view's next layout pass calls `prepare()`.
    /// Starts true.
    public internal(set) var isInvalidated = true

    /// A layout not yet used by a collection view.
    public init() {}

    /// A layout from an archive; there are none here: a plain layout.
    public required init?(coder: NSCoder) {}

    /// Override to compute the layout; called once per layout pass after an invalidation. Default: nothing.
    open func prepare() {}

    /// Override to return the attributes of every element intersecting `rect` (content coordinates, pt). Default nil.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// Override to return the attributes of the cell at `indexPath`. Default nil.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Override to return the attributes of a supplementary view. Default nil.
    open func layoutAttributesForSupplementaryView(
        ofKind elementKind: String,
        at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Override to return the size of the whole content, pt. Default zero.
    open var collectionViewContentSize: CGSize { .zero }

    /// Override to say whether a change of the collection view's bounds (a scroll: `newBounds.origin` is the new
    /// content offset) needs a new layout. Called before the bounds change, so `collectionView.bounds` is still the
    /// old one. Default false.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Marks the layout as needing `prepare()` at the collection view's next layout pass. Overrides call `super`.
    open func invalidateLayout() {
        isInvalidated = true
        collectionView?.setNeedsLayout()
    }

    /// Where scrolling should stop, given where it would (content coordinates, pt) and the scroll velocity (pt/ms).
    /// Default: `proposedContentOffset`.
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint,
        withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        proposedContentOffset
    }
}
