/// Where a field acts, in the field's own frame (pt, centred on the field's position): UIKit's `UIRegion`
/// (spec §1.13), edge rules and structural quirk included.
///
/// A region is **one primitive** (empty, infinite, circle or rectangle, each possibly inverted) plus **at most one
/// second primitive** joined by an operation. Combining a region with another copies the receiver and *replaces*
/// its second slot with the other region's first primitive only, dropping the other region's own combination: so
/// `a ∪ (b ∪ c)` is `a ∪ b`, and `(a ∪ b) ∪ c` is `a ∪ c` (measured in UIKit, copied on purpose).
///
/// Edge rules (measured):
/// - circle of radius r: `x² + y² ≤ r²` (edge inside; a negative radius acts as |r|);
/// - rectangle w × h: `|x| < w/2 && |y| < h/2` (edges and corners **outside**; a negative size contains nothing);
/// - inverse: the complement, so a rectangle's edge points are inside its inverse; inverse of infinite = empty;
/// - union `a ∨ b`; difference `a ∧ ¬b`;
/// - intersection `a ∧ "b not outside"`: b's rectangle edges count as inside for an intersection.
///
/// Not measured in UIKit and chosen here to follow the structure above: `inverse()` of a combined region flips the
/// inversion of its first primitive only (`(a ∪ b).inverse()` is `¬a ∪ b`), and the primitive copied into the
/// second slot keeps its own inversion (`a.union(with: b.inverse())` is `a ∪ ¬b`).
public struct FieldRegion: Hashable, Sendable, CustomStringConvertible {
    /// A basic shape centred on the origin.
    public enum Shape: Hashable, Sendable {
        /// Contains no point.
        case empty
        /// Contains every point.
        case infinite
        /// A disc, `x² + y² ≤ radius²`; radius in pt, stored as |radius|.
        case circle(radius: Double)
        /// An open rectangle, `|x| < width/2 && |y| < height/2`; pt. A negative width or height contains nothing.
        case rectangle(width: Double, height: Double)
    }

    /// A shape and whether it is inverted (complemented).
    public struct Primitive: Hashable, Sendable {
        /// The shape.
        public var shape: Shape
        /// Complemented when true. Default false.
        public var isInverted: Bool

        /// A primitive from its shape and inversion.
        public init(_ shape: Shape, inverted: Bool = false) {
            self.shape = shape
            self.isInverted = inverted
        }

        /// True when `p` (pt, region frame) is inside.
        public func contains(_ p: Vec2) -> Bool {
            shapeContains(p) != isInverted
        }

        /// True when `p` is strictly outside: for a rectangle the edges are neither inside nor outside, so a
        /// rectangle's edge is "not outside" (UIKit's intersection uses this test).
        public func isOutside(_ p: Vec2) -> Bool {
            // The outside of an inverted primitive is the strict inside of its shape, and vice versa.
            isInverted ? shapeContains(p) : shapeExcludes(p)
        }

        func shapeContains(_ p: Vec2) -> Bool {
            switch shape {
            case .empty: return false
            case .infinite: return true
            case .circle(let r): return p.x * p.x + p.y * p.y <= r * r
            case .rectangle(let w, let h): return abs(p.x) < 0.5 * w && abs(p.y) < 0.5 * h
            }
        }

        func shapeExcludes(_ p: Vec2) -> Bool {
            switch shape {
            case .empty: return true
            case .infinite: return false
            case .circle(let r): return p.x * p.x + p.y * p.y > r * r
            case .rectangle(let w, let h): return !(abs(p.x) <= 0.5 * w && abs(p.y) <= 0.5 * h)
            }
        }
    }

    /// How the second primitive joins the first.
    public enum Operation: UInt8, Hashable, Sendable {
        /// `a ∨ b`.
        case union
        /// `a ∧ ¬b`.
        case difference
        /// `a ∧ ¬outside(b)`: b's rectangle edges count as inside.
        case intersection
    }

    /// The first primitive.
    public private(set) var first: Primitive
    /// The second primitive and its operation, or nil for a plain primitive.
    public var second: (operation: Operation, primitive: Primitive)? {
        secondPrimitive.map { (secondOperation, $0) }
    }
    private var secondPrimitive: Primitive?
    private var secondOperation: Operation = .union

    /// A region made of one primitive.
    public init(_ primitive: Primitive) {
        first = primitive
    }

    /// Every point (UIKit's `UIRegion.infinite`).
    public static let infinite = FieldRegion(Primitive(.infinite))
    /// No point (UIKit's `UIRegion()`).
    public static let empty = FieldRegion(Primitive(.empty))

    /// A disc centred on the origin, `x² + y² ≤ radius²`, pt. A negative radius acts as |radius|; NaN gives the
    /// empty region; an infinite radius contains every point.
    public init(radius: Double) {
        first = radius.isNaN ? Primitive(.empty) : Primitive(.circle(radius: abs(radius)))
    }

    /// A rectangle centred on the origin, `|x| < width/2 && |y| < height/2` (edges outside), pt. A negative or
    /// NaN size contains nothing.
    public init(width: Double, height: Double) {
        first = width.isNaN || height.isNaN ? Primitive(.empty) : Primitive(.rectangle(width: width, height: height))
    }

    /// The complement (of the first primitive; see the type's notes). Inverse of infinite = empty.
    public func inverse() -> FieldRegion {
        var r = self
        r.first.isInverted.toggle()
        return r
    }

    /// `self ∨ other`, with `other`'s first primitive replacing this region's second slot.
    public func union(with other: FieldRegion) -> FieldRegion { combined(.union, other) }
    /// `self ∧ ¬other`, with `other`'s first primitive replacing this region's second slot.
    public func difference(from other: FieldRegion) -> FieldRegion { combined(.difference, other) }
    /// `self ∧ ¬outside(other)` (other's rectangle edges included), with `other`'s first primitive replacing this
    /// region's second slot.
    public func intersection(with other: FieldRegion) -> FieldRegion { combined(.intersection, other) }

    /// True when `p` (pt, relative to the region's centre) is inside.
    public func contains(_ p: Vec2) -> Bool {
        let a = first.contains(p)
        guard let b = secondPrimitive else { return a }
        switch secondOperation {
        case .union: return a || b.contains(p)
        case .difference: return a && !b.contains(p)
        case .intersection: return a && !b.isOutside(p)
        }
    }

    /// True for the infinite region (no test needed).
    public var isInfinite: Bool { secondPrimitive == nil && first == Primitive(.infinite) }

    public var description: String {
        func text(_ p: Primitive) -> String {
            let s: String
            switch p.shape {
            case .empty: s = "empty"
            case .infinite: s = "infinite"
            case .circle(let r): s = "circle(r: \(r))"
            case .rectangle(let w, let h): s = "rect(\(w) × \(h))"
            }
            return p.isInverted ? "¬" + s : s
        }
        guard let b = secondPrimitive else { return text(first) }
        let op: String
        switch secondOperation {
        case .union: op = "∪"
        case .difference: op = "∖"
        case .intersection: op = "∩"
        }
        return "\(text(first)) \(op) \(text(b))"
    }

    private func combined(_ operation: Operation, _ other: FieldRegion) -> FieldRegion {
        var r = self
        r.secondPrimitive = other.first
        r.secondOperation = operation
        return r
    }
}
