import Foundation
import Testing
@testable import Dynamics

/// Spec §1.13: every edge rule of `UIRegion`, exactly (containment is a yes/no answer: no tolerance).
@MainActor
@Suite("Regions")
struct FieldsRegionTests {
    private func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    @Test("infinite contains every point and is one shared instance; init() contains nothing")
    func infiniteAndEmpty() {
        for q in [p(0, 0), p(1e9, -1e9), p(-3, 7), p(CGFloat.greatestFiniteMagnitude, 0)] {
            #expect(Region.infinite.contains(q))
            #expect(!Region().contains(q))
            #expect(!Region.infinite.inverse().contains(q))  // inverse of infinite = empty
            #expect(Region().inverse().contains(q))
        }
        #expect(Region.infinite === Region.infinite)
        #expect(FieldBehavior.dragField().region === Region.infinite)
    }

    @Test("Circle: x² + y² ≤ r², edge included; a negative radius acts as |r|")
    func circle() {
        for r in [CGFloat(10), -10] {
            let c = Region(radius: r)
            #expect(c.contains(p(0, 0)))
            #expect(c.contains(p(10, 0)))
            #expect(c.contains(p(0, -10)))
            #expect(c.contains(p(6, 8)))  // exactly on the edge
            #expect(c.contains(p(-6, -8)))
            #expect(!c.contains(p(10.0001, 0)))
            #expect(!c.contains(p(6, 8.0001)))
            #expect(!c.contains(p(7.1, 7.1)))  // 10.04 from the centre
        }
        #expect(Region(radius: 0).contains(p(0, 0)))
        #expect(!Region(radius: 0).contains(p(0.001, 0)))
    }

    @Test("Rectangle: |x| < w/2 && |y| < h/2, edges and corners outside; negative sizes contain nothing")
    func rectangle() {
        let r = Region(size: CGSize(width: 20, height: 10))
        #expect(r.contains(p(0, 0)))
        #expect(r.contains(p(9.999, 4.999)))
        #expect(r.contains(p(-9.999, -4.999)))
        for edge in [p(10, 0), p(-10, 0), p(0, 5), p(0, -5), p(10, 5), p(-10, -5), p(10, -5), p(-10, 5)] {
            #expect(!r.contains(edge), "\(edge) is on the edge")
        }
        #expect(!r.contains(p(10.001, 0)))
        for size in [
            CGSize(width: -20, height: 10), CGSize(width: 20, height: -10), CGSize(width: -20, height: -10),
            CGSize(width: 0, height: 10)
        ] {
            let bad = Region(size: size)
            for q in [p(0, 0), p(1, 1), p(-1, 0.5)] { #expect(!bad.contains(q), "\(size) contains \(q)") }
        }
    }

    @Test("Inverse is the complement: a rectangle's edges are inside its inverse")
    func inverse() {
        let r = Region(size: CGSize(width: 20, height: 10)).inverse()
        #expect(!r.contains(p(0, 0)))
        #expect(!r.contains(p(9.999, 0)))
        #expect(r.contains(p(10, 0)))
        #expect(r.contains(p(10, 5)))
        #expect(r.contains(p(0, -5)))
        #expect(r.contains(p(100, 100)))
        let c = Region(radius: 10).inverse()
        #expect(!c.contains(p(6, 8)))  // the circle's edge belongs to the circle
        #expect(c.contains(p(6, 8.0001)))
        #expect(Region(size: CGSize(width: -1, height: 1)).inverse().contains(p(0, 0)))
        // Inverting twice gives the region back.
        #expect(!r.inverse().contains(p(10, 0)) && r.inverse().contains(p(0, 0)))
    }

    @Test("Union a ∨ b; difference a ∧ ¬b (b's rectangle edges stay in)")
    func unionAndDifference() {
        let circle = Region(radius: 20)
        let rect = Region(size: CGSize(width: 60, height: 10))
        let u = circle.union(with: rect)
        #expect(u.contains(p(0, 15)))  // circle only
        #expect(u.contains(p(25, 0)))  // rectangle only
        #expect(!u.contains(p(30, 0)))  // rectangle edge, outside the circle
        #expect(!u.contains(p(25, 10)))
        let d = circle.difference(from: rect)
        #expect(!d.contains(p(0, 0)))  // inside both
        #expect(d.contains(p(0, 15)))  // circle only
        #expect(d.contains(p(0, 5)))  // on the rectangle's edge: not "in" b, so kept
        #expect(!d.contains(p(25, 0)))  // rectangle only
    }

    @Test("Intersection a ∧ ¬inverse(b): b's rectangle edges count as inside")
    func intersection() {
        let circle = Region(radius: 20)
        let rect = Region(size: CGSize(width: 20, height: 10))
        let i = circle.intersection(with: rect)
        #expect(i.contains(p(0, 0)))
        #expect(i.contains(p(10, 0)))  // rect edge: outside rect, inside the intersection
        #expect(i.contains(p(10, 5)))  // rect corner too
        #expect(!rect.contains(p(10, 0)))
        #expect(!i.contains(p(10.001, 0)))
        #expect(!i.contains(p(0, 15)))  // circle only
        // The receiver's own edges keep their rule: a rectangle receiver still excludes its edges.
        let j = rect.intersection(with: circle)
        #expect(!j.contains(p(10, 0)))
        #expect(j.contains(p(9, 4)))
        // With a circle as b nothing changes: its edge is inside anyway, outside strictly beyond.
        let k = Region(radius: 100).intersection(with: Region(radius: 10))
        #expect(k.contains(p(6, 8)) && !k.contains(p(6, 8.0001)))
    }

    @Test("Structural quirk: combining replaces the second slot with the other region's first primitive only")
    func oneSecondSlot() {
        let a = Region(radius: 10)
        let b = Region(size: CGSize(width: 100, height: 4))  // a long thin bar along x
        let c = Region(size: CGSize(width: 4, height: 100))  // a long thin bar along y
        // a ∪ (b ∪ c) is a ∪ b: points only in c are out.
        let nested = a.union(with: b.union(with: c))
        #expect(nested.contains(p(40, 0)))
        #expect(!nested.contains(p(0, 40)))
        // (a ∪ b) ∪ c is a ∪ c: b is dropped.
        let chained = a.union(with: b).union(with: c)
        #expect(!chained.contains(p(40, 0)))
        #expect(chained.contains(p(0, 40)))
        // The same holds across operations: (a ∪ b) ∖ c keeps only a ∖ c.
        let mixed = a.union(with: b).difference(from: c)
        #expect(!mixed.contains(p(40, 0)))
        #expect(!mixed.contains(p(0, 5)))
        #expect(mixed.contains(p(5, 5)))
        // A complemented primitive stays complemented in the second slot: a ∪ ¬c.
        let withInverse = a.union(with: c.inverse())
        #expect(withInverse.contains(p(40, 0)) && withInverse.contains(p(0, 5)) && !withInverse.contains(p(0, 40)))
    }

    @Test("A field's region is centred on its position and tested on item center − position")
    func regionFollowsFieldPosition() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let inside = square(540, 500, side: 10)  // 40 pt right of the field: in the 100 × 100 square
        let edge = square(550, 500, side: 10)  // on the square's edge: outside
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1))
        field.position = CGPoint(x: 500, y: 500)
        field.region = Region(size: CGSize(width: 100, height: 100))
        field.addItem(inside)
        field.addItem(edge)
        animator.addBehavior(field)
        animator.advance(by: 1.0 / 60)
        #expect(inside.center.y > 500)
        #expect(edge.center.y == 500)
    }
}
