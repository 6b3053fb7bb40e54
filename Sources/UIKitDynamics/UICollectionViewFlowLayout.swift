import Foundation

/// A grid of same-size items in lines, section after section (UIKit's `UICollectionViewFlowLayout`), geometry only.
/// `prepare()` computes every element from the collection view's width (height when scrolling horizontally) and the
/// data source's counts; a springy layout subclasses it and calls `super.prepare()` and
/// `super.layoutAttributesForElements(in:)`.
///
/// Lines: as many items as fit with at least `minimumInteritemSpacing` between them; full lines spread the spare
/// room evenly between their items, the last line keeps that spacing from the leading edge, and a line of a single
/// item centres it (UIKit's placement). Each section is `sectionInset` inside, below an optional header and above
/// an optional footer.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The direction the content scrolls (UIKit's `UICollectionView.ScrollDirection`).
    public enum ScrollDirection: Int, Hashable, Sendable {
        /// Lines are rows, stacked downwards.
        case vertical
        /// Lines are columns, stacked to the right.
        case horizontal
    }

    /// What `sectionInset` is measured from (UIKit's `UICollectionViewFlowLayout.SectionInsetReference`).
    public enum SectionInsetReference: Int, Hashable, Sendable {
        /// From the content inset.
        case fromContentInset
        /// From the safe area (the same here: `safeAreaInsets` is zero).
        case fromSafeArea
        /// From the layout margins (the same here).
        case fromLayoutMargins
    }

    /// `estimatedItemSize` value asking for self-sizing cells (UIKit's sentinel); cells do not size themselves
    /// here, so `itemSize` is used.
    public static let automaticSize = CGSize(
        width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

    /// Size of every item, pt. Default 50 × 50.
    open var itemSize = CGSize(width: 50, height: 50)
    /// Smallest gap between lines, pt. Default 10.
    open var minimumLineSpacing: CGFloat = 10
    /// Smallest gap between items of one line, pt. Default 10.
    open var minimumInteritemSpacing: CGFloat = 10
    /// Margins around each section's items, pt. Default zero.
    open var sectionInset = UIEdgeInsets.zero
    /// Scrolling direction. Default `.vertical`.
    open var scrollDirection = ScrollDirection.vertical
    /// Size of each section's header (its height counts when scrolling vertically), pt. Default zero: no header.
    open var headerReferenceSize = CGSize.zero
    /// Size of each section's footer, pt. Default zero: no footer.
    open var footerReferenceSize = CGSize.zero
    /// What `sectionInset` is measured from. Default `.fromContentInset`; all three are the same here.
    open var sectionInsetReference = SectionInsetReference.fromContentInset
    /// Estimated size of self-sizing cells, pt. Default zero. Kept: cells do not size themselves here.
    open var estimatedItemSize = CGSize.zero

    /// The attributes computed by the last `prepare()`: cells, then headers and footers.
    private var cells: [UICollectionViewLayoutAttributes] = []
    private var supplementary: [UICollectionViewLayoutAttributes] = []
    private var contentSize = CGSize.zero

    /// A flow layout with the defaults.
    public override init() { super.init() }

    /// A flow layout from an archive; there are none here: the defaults.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Computes every element's attributes (new objects) and the content size. Overrides call `super` first.
    open override func prepare() {
        super.prepare()
        cells = []
        supplementary = []
        contentSize = .zero
        guard let cv = collectionView else { return }
        let vertical = scrollDirection == .vertical
        // Work in (main = along a line, cross = the scrolling direction) and map back at the end.
        func point(_ main: CGFloat, _ cross: CGFloat) -> CGPoint {
            vertical ? CGPoint(x: main, y: cross) : CGPoint(x: cross, y: main)
        }
        let extent = vertical ? cv.bounds.width : cv.bounds.height
        let itemMain = vertical ? itemSize.width : itemSize.height
        let itemCross = vertical ? itemSize.height : itemSize.width
        let insetLead = vertical ? sectionInset.left : sectionInset.top
        let insetTrail = vertical ? sectionInset.right : sectionInset.bottom
        let insetBefore = vertical ? sectionInset.top : sectionInset.left
        let insetAfter = vertical ? sectionInset.bottom : sectionInset.right
        let available = Swift.max(0, extent - insetLead - insetTrail)
        let perLine = Swift.max(
            1, Int(((available + minimumInteritemSpacing) / (itemMain + minimumInteritemSpacing)).rounded(.down)))
        var cross: CGFloat = 0
        /// A header or footer band across the whole extent at `cross`, `size` deep along the scroll axis.
        func band(_ kind: String, _ size: CGSize, section: Int) {
            let depth = vertical ? size.height : size.width
            guard depth > 0 else { return }
            let a = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
            a.center = point(extent / 2, cross + depth / 2)
            a.size = vertical ? CGSize(width: extent, height: depth) : CGSize(width: depth, height: extent)
            supplementary.append(a)
            cross += depth
        }
        for section in 0..<cv.numberOfSections {
            band(UICollectionView.elementKindSectionHeader, headerReferenceSize, section: section)
            cross += insetBefore
            let count = cv.numberOfItems(inSection: section)
            let spacing =
                perLine > 1
                ? Swift.max(minimumInteritemSpacing, (available - CGFloat(perLine) * itemMain) / CGFloat(perLine - 1))
                : 0
            var item = 0
            while item < count {
                let inLine = Swift.min(perLine, count - item)
                for k in 0..<inLine {
                    let main =
                        perLine == 1
                        ? insetLead + available / 2
                        : insetLead + itemMain / 2 + CGFloat(k) * (itemMain + spacing)
                    let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item + k, section: section))
                    a.center = point(main, cross + itemCross / 2)
                    a.size = itemSize
                    cells.append(a)
                }
                item += inLine
                cross += itemCross + (item < count ? minimumLineSpacing : 0)
            }
            cross += insetAfter
            band(UICollectionView.elementKindSectionFooter, footerReferenceSize, section: section)
        }
        contentSize = vertical ? CGSize(width: extent, height: cross) : CGSize(width: cross, height: extent)
    }

    /// The cells, headers and footers of the last `prepare()` whose frames intersect `rect`.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (cells + supplementary).filter { $0.frame.intersects(rect) }
    }

    /// The cell at `indexPath` from the last `prepare()`, or nil.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cells.first { $0.indexPath == indexPath }
    }

    /// The header or footer of `indexPath.section` from the last `prepare()`, or nil.
    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String,
        at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        supplementary.first { $0.representedElementKind == elementKind && $0.indexPath.section == indexPath.section }
    }

    /// The size of the content computed by the last `prepare()`, pt.
    open override var collectionViewContentSize: CGSize { contentSize }
}
