import Foundation
internal import PhysicsCore

/// An area in which a field acts, centred on the field's `position` (UIKit's `UIRegion`). Immutable: the
/// combining methods return new regions.
///
/// Edge rules are UIKit's measured ones (spec §1.13):
/// - `init(radius:)`: `x² + y² ≤ r²` — the circle's edge is inside; a negative radius acts as |r|.
/// - `init(size:)`: `|x| < w/2 && |y| < h/2` — the rectangle's edges and corners are **outside**; a negative width
///   or height contains nothing.
/// - `inverse()`: the complement, so a rectangle's edge points are inside its inverse; the inverse of `infinite`
///   contains nothing.
/// - `union(with:)` = a ∨ b; `difference(from:)` = a ∧ ¬b; `intersection(with:)` = a ∧ "b not outside", which
///   **includes b's rectangle edges**.
/// - `init()` contains nothing.
///
/// UIKit's structural quirk is copied: a region is one primitive plus at most one second primitive, and combining
/// replaces the receiver's second slot with the other region's *first primitive only*, so `a.union(with:
/// b.union(with: c))` is `a ∪ b`, and `a.union(with: b).union(with: c)` is `a ∪ c`. Not measured in UIKit and
/// chosen to follow that structure: `inverse()` of a combined region complements only its first primitive
/// (`a.union(with: b).inverse()` is `¬a ∪ b`); a complemented primitive stays complemented when it becomes the
/// second slot (`a.union(with: b.inverse())` is `a ∪ ¬b`).
public final class Region: Sendable, CustomStringConvertible {
    /// The value the world tests.
    let core: FieldRegion

    /// Every point. One shared instance, the default region of every field.
    public static let infinite = Region(core: .infinite)

    /// A region that contains no point.
    public init() {
        core = .empty
    }

    /// A disc of `radius` pt centred on the origin, edge included. Negative radii act as |radius|; an infinite
    /// radius contains every point. NaN is refused (diagnostic): the region is empty.
    public init(radius: CGFloat) {
        if radius.isNaN {
            DynamicsDiagnostics.report(
                .invalidValue,
                "Region(radius: \(radius)): the radius is NaN; the region "
                    + "contains nothing")
        }
        core = FieldRegion(radius: Double(radius))
    }

    /// A `size.width` × `size.height` pt rectangle centred on the origin, edges excluded. A negative width or
    /// height contains nothing; infinite sizes reach infinitely far. NaN is refused (diagnostic): the region is
    /// empty.
    public init(size: CGSize) {
        if size.width.isNaN || size.height.isNaN {
            DynamicsDiagnostics.report(
                .invalidValue,
                "Region(size: \(size)): the size is NaN; the region contains "
                    + "nothing")
        }
        core = FieldRegion(width: Double(size.width), height: Double(size.height))
    }

    init(core: FieldRegion) {
        self.core = core
    }

    /// The complement of this region (of its first primitive, for a combined region).
    public func inverse() -> Region { Region(core: core.inverse()) }

    /// This region ∨ `region`'s first primitive (replacing any earlier combination of this region).
    public func union(with region: Region) -> Region { Region(core: core.union(with: region.core)) }

    /// This region ∧ ¬`region`'s first primitive (replacing any earlier combination of this region).
    public func difference(from region: Region) -> Region { Region(core: core.difference(from: region.core)) }

    /// This region ∧ `region`'s first primitive, whose rectangle edges count as inside here (replacing any
    /// earlier combination of this region).
    public func intersection(with region: Region) -> Region { Region(core: core.intersection(with: region.core)) }

    /// True when `point` (pt, relative to the region's centre) is in the region.
    public func contains(_ point: CGPoint) -> Bool { core.contains(Vec2(point)) }

    /// The structure, e.g. `rect(100.0 × 50.0) ∪ ¬circle(r: 10.0)`.
    public var description: String { "Region(\(core))" }
}
