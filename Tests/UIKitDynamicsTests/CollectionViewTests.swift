import Foundation
import Testing
import UIKitDynamics

/// A data source with fixed counts.
@MainActor
final class Counts: UICollectionViewDataSource {
    let items: [Int]
    init(_ items: [Int]) { self.items = items }
    func numberOfSections(in collectionView: UICollectionView) -> Int { items.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        items[section]
    }
}

/// A layout counting UIKit's calls into it.
@MainActor
final class CountingLayout: UICollectionViewFlowLayout {
    var prepares = 0
    var invalidations = 0
    var boundsSeen: [(old: CGRect, new: CGRect)] = []
    override func prepare() {
        super.prepare()
        prepares += 1
    }
    override func invalidateLayout() {
        super.invalidateLayout()
        invalidations += 1
    }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        boundsSeen.append((collectionView?.bounds ?? .null, newBounds))
        return newBounds.width != collectionView?.bounds.width
    }
}

@MainActor
@Suite("Collection-view dynamics (spec §3.9)")
struct CollectionViewTests {
    @Test func layoutAttributesGeometryAndCopies() {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 2, section: 0))
        a.frame = CGRect(x: 10, y: 20, width: 100, height: 40)
        #expect(a.center == CGPoint(x: 60, y: 40) && a.size == CGSize(width: 100, height: 40))
        #expect(a.bounds == CGRect(x: 0, y: 0, width: 100, height: 40) && a.representedElementCategory == .cell)
        a.center = CGPoint(x: 0, y: 0)
        #expect(a.frame == CGRect(x: -50, y: -20, width: 100, height: 40) && a.size.width == 100)
        a.zIndex = 3
        a.alpha = 0.5
        let c = a.copy() as! UICollectionViewLayoutAttributes
        #expect(c !== a && c.isEqual(a) && c.zIndex == 3 && c.indexPath == IndexPath(item: 2, section: 0))
        c.center.x = 1
        #expect(!c.isEqual(a))
        let header = UICollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            with: IndexPath(item: 0, section: 1))
        #expect(
            header.representedElementCategory == .supplementaryView
                && header.representedElementKind == UICollectionView.elementKindSectionHeader)
    }

    /// 375-pt wide, items 100 × 50, spacing 10, insets 10: (355 + 10)/110 → 3 per row, spread (355 − 300)/2 = 27.5
    /// apart; 7 items make 3 rows: height 10 + 3·50 + 2·10 + 10 = 190; a lone last item keeps the row spacing from
    /// the left; with a 200-pt-wide item only one fits per row and it is centred.
    @Test func flowLayoutGeometry() {
        let layout = CountingLayout()
        #expect(layout.sectionInsetReference == .fromContentInset && layout.estimatedItemSize == .zero)
        layout.sectionInsetReference = .fromSafeArea  // the same placement here: safe-area insets are zero
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.sectionInset = UIEdgeInsetsMake(10, 10, 10, 10)
        let counts = Counts([7])
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
        cv.dataSource = counts
        #expect(layout.collectionView === cv && cv.numberOfSections == 1 && cv.numberOfItems(inSection: 0) == 7)
        cv.layoutIfNeeded()
        #expect(layout.prepares == 1 && !layout.isInvalidated)
        let xs = (0..<4).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.center }
        #expect(xs == [CGPoint(x: 60, y: 35), CGPoint(x: 187.5, y: 35), CGPoint(x: 315, y: 35), CGPoint(x: 60, y: 95)])
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.center == CGPoint(x: 60, y: 155))
        #expect(layout.collectionViewContentSize == CGSize(width: 375, height: 190) && cv.contentSize.height == 190)
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 375, height: 60))?.count == 3)
        #expect(cv.indexPathsForVisibleItems.count == 7)
        layout.itemSize = CGSize(width: 200, height: 50)
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        layout.invalidateLayout()
        cv.layoutIfNeeded()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.center == CGPoint(x: 187.5, y: 65))
        #expect(
            layout.layoutAttributesForSupplementaryView(
                ofKind: UICollectionView.elementKindSectionHeader,
                at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 0, width: 375, height: 30))
    }

    /// Scrolling asks `shouldInvalidateLayout(forBoundsChange:)` first, while `bounds` is still the old one; a true
    /// answer invalidates the layout and the next layout pass prepares it again.
    @Test func boundsChangesAskTheLayout() {
        let layout = CountingLayout()
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: layout)
        let counts = Counts([20])
        cv.dataSource = counts
        cv.layoutIfNeeded()
        cv.contentOffset = CGPoint(x: 0, y: 40)
        #expect(
            layout.boundsSeen.count == 1 && layout.boundsSeen[0].old.origin.y == 0
                && layout.boundsSeen[0].new.origin.y == 40)
        #expect(cv.bounds.origin.y == 40 && !layout.isInvalidated)
        cv.frame = CGRect(x: 0, y: 0, width: 200, height: 300)  // a width change: the layout asks to redo
        #expect(layout.isInvalidated)
        cv.layoutIfNeeded()
        #expect(layout.prepares == 2)
    }

    /// `UIDynamicAnimator(collectionViewLayout:)`: the attributes given to behaviours are the items it moves and
    /// returns by index path, and it invalidates the layout after every step it takes (none while paused).
    @Test func animatorInCollectionViewMode() {
        let layout = CountingLayout()
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: layout)
        let counts = Counts([3])
        cv.dataSource = counts
        cv.layoutIfNeeded()
        let animator = UIDynamicAnimator(collectionViewLayout: layout)
        #expect(animator.collectionViewLayout === layout && animator.referenceView == nil)
        let cell = layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!
        let header = UICollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: "badge", with: IndexPath(item: 1, section: 0))
        header.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let gravity = UIGravityBehavior(items: [cell, header])
        animator.addBehavior(gravity)
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 1, section: 0)) === cell)
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 0, section: 0)) == nil)
        #expect(
            animator.layoutAttributesForSupplementaryView(ofKind: "badge", at: IndexPath(item: 1, section: 0))
                === header)
        #expect(
            animator.layoutAttributesForSupplementaryView(ofKind: "other", at: IndexPath(item: 1, section: 0)) == nil)
        #expect(animator.layoutAttributesForDecorationView(ofKind: "badge", at: IndexPath(item: 1, section: 0)) == nil)
        let y0 = cell.center.y
        let before = layout.invalidations
        for _ in 0..<10 { animator.advance(by: 1.0 / 60) }
        #expect(layout.invalidations == before + 10 && layout.isInvalidated)
        // The attributes fell under gravity (1000 pt/s²): after 1/6 s about 13.9 pt; checked loosely (> 10 pt) —
        // the exact free-fall numbers are GravityTests'.
        #expect(cell.center.y - y0 > 10)
        let items =
            animator.items(in: CGRect(x: 0, y: 0, width: 300, height: 1000)) as? [UICollectionViewLayoutAttributes]
        #expect(items?.count == 2)
        animator.removeAllBehaviors()
        animator.advance(by: 1.0 / 60)  // pauses in this step (nothing left), still one invalidation
        let paused = layout.invalidations
        animator.advance(by: 1.0 / 60)  // paused: no step, no invalidation
        #expect(!animator.isRunning && layout.invalidations == paused)
    }
}
