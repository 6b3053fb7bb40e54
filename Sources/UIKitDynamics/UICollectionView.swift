import Foundation

/// A view that shows part of a larger content area (UIKit's `UIScrollView`), geometry only: `contentOffset` is
/// `bounds.origin`; nothing scrolls by itself (set `contentOffset` to scroll).
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// The content point shown at the top-left corner, pt (= `bounds.origin`). Default (0, 0).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }
    /// Size of the scrollable content, pt. Default zero.
    open var contentSize = CGSize.zero
    /// Extra scrollable room around the content, pt. Default zero.
    open var contentInset = UIEdgeInsets.zero
    /// Whether the user may scroll. Default true. Kept, not used.
    open var isScrollEnabled = true
    /// Whether scrolling bounces vertically even when the content is short. Default false. Kept, not used.
    open var alwaysBounceVertical = false
    /// Whether scrolling bounces horizontally even when the content is narrow. Default false. Kept, not used.
    open var alwaysBounceHorizontal = false

    /// The pan recognizer UIKit's scroll views track the finger with; set its location when delivering a drag.
    public let panGestureRecognizer = UIPanGestureRecognizer()

    /// A scroll view occupying `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(panGestureRecognizer)
    }

    /// A scroll view from an archive; there are none here: a zero frame.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addGestureRecognizer(panGestureRecognizer)
    }

    /// Sets `contentOffset` (at once: there is no animation).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }
}

/// A grid of items placed by a layout (UIKit's `UICollectionView`), geometry only: no cells are shown. What a
/// springy layout needs works as in UIKit: the data source's counts, the layout's `prepare()` in `layoutSubviews()`
/// after an invalidation, and `shouldInvalidateLayout(forBoundsChange:)` before every change of `bounds` (a scroll),
/// which invalidates the layout when it returns true.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// The kind of section headers.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of section footers.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// The layout; setting it hands it this view and invalidates it.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }

    /// Gives the number of sections and items (weak). Default nil: no items.
    open weak var dataSource: (any UICollectionViewDataSource)?

    /// Cell classes registered by reuse identifier.
    private var registered: [String: AnyClass] = [:]

    /// A collection view of `frame` using `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    /// A collection view from an archive; there are none here: a zero frame with a flow layout.
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
    }

    /// Asks the layout `shouldInvalidateLayout(forBoundsChange:)` before the change (while `bounds` is still the
    /// old rectangle), as UIKit does on every scroll.
    open override var bounds: CGRect {
        willSet {
            guard newValue != bounds else { return }
            if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newValue) {
                collectionViewLayout.invalidateLayout()
            }
        }
    }

    /// The layout pass: `prepare()` when the layout was invalidated, then `contentSize` from the layout.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if collectionViewLayout.isInvalidated {
            collectionViewLayout.isInvalidated = false
            collectionViewLayout.prepare()
        }
        contentSize = collectionViewLayout.collectionViewContentSize
    }

    /// Sections, from the data source (1 when it does not say; 0 without a data source).
    open var numberOfSections: Int {
        guard let dataSource else { return 0 }
        return Swift.max(0, dataSource.numberOfSections(in: self))
    }

    /// Items in `section`, from the data source (0 without one).
    open func numberOfItems(inSection section: Int) -> Int {
        Swift.max(0, dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0)
    }

    /// Invalidates the layout (counts are re-read at the next layout pass).
    open func reloadData() { collectionViewLayout.invalidateLayout() }

    /// The layout's attributes of the cell at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Index paths of the cells the layout places inside `bounds`, in the layout's order.
    open var indexPathsForVisibleItems: [IndexPath] {
        (collectionViewLayout.layoutAttributesForElements(in: bounds) ?? [])
            .filter { $0.representedElementCategory == .cell }.map(\.indexPath)
    }

    /// Records `cellClass` for `identifier` (compile compatibility: cells are not shown).
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registered[identifier] = cellClass
    }

    /// A cell for `indexPath` framed by the layout. Always a plain `UICollectionViewCell` (cells are not shown, and
    /// a registered subclass cannot be made without UIKit's runtime), so `as!` to a subclass fails here.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell = UICollectionViewCell(frame: layoutAttributesForItem(at: indexPath)?.frame ?? .zero)
        cell.reuseIdentifier = identifier
        return cell
    }
}

/// A collection view's cell (UIKit's `UICollectionViewCell`), geometry only.
@preconcurrency @MainActor
open class UICollectionViewCell: UIView {
    /// The view subviews go into; it fills the cell.
    public let contentView: UIView
    /// The identifier the cell was dequeued with. Default nil.
    public internal(set) var reuseIdentifier: String?

    /// A cell occupying `frame`.
    public override init(frame: CGRect) {
        contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        addSubview(contentView)
    }

    /// A cell from an archive; there are none here: a zero frame.
    public required init?(coder: NSCoder) {
        contentView = UIView(frame: .zero)
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// Called before the cell is reused. Default: nothing.
    open func prepareForReuse() {}

    /// Takes the geometry of `layoutAttributes` (center, size, transform, alpha, hidden).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        center = layoutAttributes.center
        bounds.size = layoutAttributes.size
        transform = layoutAttributes.transform
        alpha = layoutAttributes.alpha
        isHidden = layoutAttributes.isHidden
    }
}

/// Gives a collection view its counts (UIKit's `UICollectionViewDataSource`).
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    /// Items in `section`.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// Sections. Default 1.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// The cell of `indexPath`; never called here (cells are not shown). Default a dequeued plain cell.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

extension UICollectionViewDataSource {
    /// 1.
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    /// A plain cell.
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "", for: indexPath)
    }
}

/// Extra hooks a collection view's delegate may have (UIKit's `UICollectionViewDelegate`); none are called here.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: AnyObject {}
