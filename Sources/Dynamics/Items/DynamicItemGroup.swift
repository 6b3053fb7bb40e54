import Foundation

/// Several items that move as one rigid body (UIKit's `UIDynamicItemGroup`).
///
/// Put the group — not its members — in behaviours: the animator then makes **one** body at the group's `center`
/// with one collision shape per member, each at the member's offset from the group center when the group was made,
/// with the member's size and `collisionBoundsType` (axis-aligned whatever the member's rotation). Its mass is
/// density × Σ member areas / 10 000; an item behaviour on the group sets the material of every shape. After each
/// step the group's `center` and `transform` are written — rounded like a view's (`PixelAlignedDynamicItem`:
/// center on the pixel grid, rotation to 1/5000 rad) — which place every member rigidly. Naming a member
/// directly in another behaviour gives that member a second, separate body (as in UIKit; both then write it).
///
/// A group cannot contain a group: such items are left out with UIKit's message as a `.invalidGroup` diagnostic.
/// Duplicates are merged. An empty group has size 0 and is refused by the animator ("Invalid size").
@preconcurrency @MainActor
public final class DynamicItemGroup: PixelAlignedDynamicItem {
    /// The members, in the order given (duplicates and nested groups left out). Fixed at creation.
    public let items: [any DynamicItem]

    /// Each member's offset from the group center at creation, pt.
    private let offsets: [CGPoint]

    /// The middle of the union of the members' rectangles (each `center ± size/2`, member transforms ignored) at
    /// creation, pt; not a centroid and not mass-weighted. Setting it moves every member by the same amount.
    public var center: CGPoint {
        didSet {
            let dx = center.x - oldValue.x, dy = center.y - oldValue.y
            guard dx != 0 || dy != 0, dx.isFinite, dy.isFinite else { return }
            for item in items { item.center = CGPoint(x: item.center.x + dx, y: item.center.y + dy) }
        }
    }

    /// Origin (0, 0) and the size of the union of the members' current rectangles, pt; recomputed on every call.
    public var bounds: CGRect {
        CGRect(origin: .zero, size: Self.union(of: items).size)
    }

    /// The group's rotation. A fresh group's transform is the all-zero matrix, as measured in UIKit (it is never
    /// initialised; its rotation reads 0). Setting it places every member at `center + transform·offset` with
    /// `transform` as its own transform. The animator writes it as a pure rotation, rounded like a view's.
    public var transform = CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0) {
        didSet {
            for (item, offset) in zip(items, offsets) {
                let p = offset.applying(transform)
                // A member whose center was not finite when the group was made has no body shape and no offset:
                // leave it where it is rather than write NaN into it.
                guard p.x.isFinite, p.y.isFinite, (center.x + p.x).isFinite, (center.y + p.y).isFinite else {
                    continue
                }
                item.center = CGPoint(x: center.x + p.x, y: center.y + p.y)
                item.transform = transform
            }
        }
    }

    /// A group of `items`. Nested groups are left out with a `.invalidGroup` diagnostic; duplicates are merged.
    public init(items: [any DynamicItem]) {
        var list = ItemList()
        for item in items {
            if item is DynamicItemGroup {
                DynamicsDiagnostics.report(
                    .invalidGroup,
                    "UIDynamicItemGroup cannot be initialized with items "
                        + "containing UIDynamicItemGroup; \(describe(item)) was left out")
                continue
            }
            list.insert(item)
        }
        self.items = list.items
        let c = Self.union(of: list.items).center
        center = c
        offsets = list.items.map { CGPoint(x: $0.center.x - c.x, y: $0.center.y - c.y) }
    }

    /// The member offsets from the group center at creation, pt, in `items` order.
    var memberOffsets: [CGPoint] { offsets }

    /// The union of the items' `center ± size/2` rectangles (members with a non-finite center or size left out):
    /// its middle and its size; zero for none. Worked in half coordinates, so members near ±`greatestFiniteMagnitude`
    /// give a finite middle (the size may still be infinite).
    private static func union(of items: [any DynamicItem]) -> (center: CGPoint, size: CGSize) {
        var lo = CGPoint(x: CGFloat.infinity, y: .infinity), hi = CGPoint(x: -CGFloat.infinity, y: -.infinity)
        for item in items {
            let s = item.bounds.size, c = item.center
            guard c.x.isFinite, c.y.isFinite, s.width.isFinite, s.height.isFinite else { continue }
            lo.x = min(lo.x, c.x / 2 - abs(s.width) / 4)
            lo.y = min(lo.y, c.y / 2 - abs(s.height) / 4)
            hi.x = max(hi.x, c.x / 2 + abs(s.width) / 4)
            hi.y = max(hi.y, c.y / 2 + abs(s.height) / 4)
        }
        guard lo.x <= hi.x else { return (.zero, .zero) }
        return (CGPoint(x: lo.x + hi.x, y: lo.y + hi.y), CGSize(width: 2 * (hi.x - lo.x), height: 2 * (hi.y - lo.y)))
    }
}
