import Foundation

/// Where one cell, supplementary view or decoration view of a collection view goes (UIKit's
/// `UICollectionViewLayoutAttributes`): geometry, layering, opacity and its index path. It is a `UIDynamicItem`, so a
/// layout can hand its attributes to behaviours of a `UIDynamicAnimator(collectionViewLayout:)` and read them back
/// moved (spec §3.9).
///
/// Geometry as in UIKit: `center` and `size` are stored; `frame` is the rectangle of `size` around `center`
/// (setting it sets both); `bounds` is `(0, 0, size)`; `transform` turns the element about its center.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: UIDynamicItem {
    /// What an attributes object describes (UIKit's `UICollectionView.ElementCategory`).
    public enum ElementCategory: UInt, Hashable, Sendable {
        /// A cell.
        case cell
        /// A supplementary view (header, footer…).
        case supplementaryView
        /// A decoration view.
        case decorationView
    }

    /// Position of the element's center in the collection view's content coordinates, pt. Default (0, 0).
    open var center: CGPoint = .zero
    /// The element's size, pt. Default zero (Dynamics refuses zero-size items with a diagnostic).
    open var size: CGSize = .zero
    /// Rotation and scale about the center; Dynamics reads its rotation and writes back a pure rotation.
    /// Default identity.
    open var transform: CGAffineTransform = .identity
    /// Opacity, 0…1. Default 1.
    open var alpha: CGFloat = 1
    /// Layering: higher values are drawn above lower ones. Default 0.
    open var zIndex = 0
    /// Whether the element is hidden. Default false.
    open var isHidden = false
    /// The element's index path. Default: an empty index path until an initializer sets it.
    open var indexPath = IndexPath()
    /// Cell, supplementary or decoration view. Default `.cell`.
    public private(set) var representedElementCategory = ElementCategory.cell
    /// The kind of a supplementary or decoration view (e.g. `UICollectionView.elementKindSectionHeader`); nil for
    /// cells.
    public private(set) var representedElementKind: String?

    /// Attributes of a cell at the zero index path; everything else default.
    public required init() {}

    /// Attributes of the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Attributes of a supplementary view of `elementKind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// Attributes of a decoration view of `decorationViewKind` at `indexPath`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// The rectangle of `size` centred on `center`, pt (ignores `transform`). Setting it sets `center` and `size`.
    open var frame: CGRect {
        get {
            CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
        set {
            let r = newValue.standardized
            center = CGPoint(x: r.midX, y: r.midY)
            size = r.size
        }
    }

    /// `(0, 0, size)`. Setting it sets `size`.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.standardized.size }
    }

    /// A new attributes object of the same class with the same values (NSCopying's `copy(with:)`). Subclasses with
    /// more stored values override it, call `super` and copy theirs.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init()
        c.center = center
        c.size = size
        c.transform = transform
        c.alpha = alpha
        c.zIndex = zIndex
        c.isHidden = isHidden
        c.indexPath = indexPath
        c.representedElementCategory = representedElementCategory
        c.representedElementKind = representedElementKind
        return c
    }

    /// `copy(with: nil)`.
    public func copy() -> Any { copy(with: nil) }

    /// True when both describe the same element with the same values (UIKit compares the values).
    open func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UICollectionViewLayoutAttributes else { return false }
        return o.center == center && o.size == size && o.transform == transform && o.alpha == alpha
            && o.zIndex == zIndex && o.isHidden == isHidden && o.indexPath == indexPath
            && o.representedElementCategory == representedElementCategory
            && o.representedElementKind == representedElementKind
    }
}
