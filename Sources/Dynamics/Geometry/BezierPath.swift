import Foundation

/// A path of straight lines and quadratic and cubic Bézier curves, in points (UIKit's `UIBezierPath`).
///
/// Dynamics uses paths for collision boundaries (`CollisionBehavior.addBoundary(withIdentifier:for:)`: every
/// subpath, open or closed, becomes static segments) and for item shapes (`DynamicItem.collisionBoundingPath`: the
/// first subpath becomes one convex polygon in item-local coordinates, (0, 0) = the item's center). Curves are
/// flattened to within `BezierPath.flatness` (0.25 pt).
///
/// A reference type, as UIKit's: `let path = BezierPath(); path.move(to: …); path.addLine(to: …)`. Behaviours and
/// items that keep a path keep a `copy()`, so changing a path after handing it over changes nothing already built.
/// Two paths are equal (`==`) when they hold the same commands; `hash(into:)` follows.
public final class BezierPath: Hashable, CustomStringConvertible {
    /// One drawing command.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line from the current point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve from the current point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A straight line back to the subpath's first point; closes the subpath.
        case close
    }

    /// The commands, in order.
    public private(set) var elements: [Element] = []

    /// Width of the stroke `stroke()` would draw, pt, ≥ 0. Default 1. Kept for drawing code; Dynamics ignores it.
    public var lineWidth: CGFloat = 1

    /// Whether `contains(_:)` uses the even-odd rule (true) or the non-zero winding rule (false). Default false.
    public var usesEvenOddFillRule = false

    /// Largest distance between a curve and its flattened polyline, pt. 0.25 (a quarter point).
    public static let flatness: CGFloat = 0.25

    /// An empty path.
    public init() {}

    /// A path from commands. A leading command other than `move` starts at (0, 0).
    public convenience init(elements: [Element]) {
        self.init()
        for e in elements { append(e) }
    }

    /// A new path with the same commands, line width and fill rule.
    public func copy() -> BezierPath {
        let out = BezierPath()
        out.elements = elements
        out.lineWidth = lineWidth
        out.usesEvenOddFillRule = usesEvenOddFillRule
        return out
    }

    /// True when both paths hold the same commands (line width and fill rule are not compared).
    public static func == (lhs: BezierPath, rhs: BezierPath) -> Bool { lhs.elements == rhs.elements }

    /// Hashes the commands.
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    /// True when the path has no commands.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last command, pt: where the next `addLine(to:)` starts; (0, 0) for an empty path
    /// (UIKit's `currentPoint`). After `close()` it is the closed subpath's first point.
    public var currentPoint: CGPoint {
        var start = CGPoint.zero
        var current = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p):
                start = p
                current = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
                current = p
            case .close:
                current = start
            }
        }
        return current
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { elements.append(.move(to: point)) }

    /// Adds a straight line to `point` (starting at (0, 0) when the path is empty).
    public func addLine(to point: CGPoint) { append(.line(to: point)) }

    /// Adds a quadratic Bézier curve to `endPoint` with one control point.
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        append(.quadCurve(to: endPoint, control: controlPoint))
    }

    /// Adds a cubic Bézier curve to `endPoint` with two control points.
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        append(.curve(to: endPoint, control1: controlPoint1, control2: controlPoint2))
    }

    /// Closes the current subpath with a straight line to its first point. No effect on an empty path.
    public func close() {
        guard !elements.isEmpty else { return }
        elements.append(.close)
    }

    /// Appends every command of `other` (a path appended to itself is appended once).
    public func append(_ other: BezierPath) {
        for e in Array(other.elements) { append(e) }
    }

    /// Removes every command.
    public func removeAllPoints() { elements.removeAll() }

    /// Maps every point and control point of the path by `t`, in place (UIKit's `apply(_:)`).
    public func apply(_ t: CGAffineTransform) {
        elements = applying(t).elements
    }

    /// A copy of the path with every point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> BezierPath {
        let out = copy()
        out.elements = elements.map { e in
            switch e {
            case .move(let p): .move(to: p.applying(t))
            case .line(let p): .line(to: p.applying(t))
            case .quadCurve(let p, let c): .quadCurve(to: p.applying(t), control: c.applying(t))
            case .curve(let p, let c1, let c2):
                .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .close: .close
            }
        }
        return out
    }

    /// Smallest rectangle holding every point and control point (UIKit's `bounds`); `CGRect.null` when empty.
    public var bounds: CGRect {
        var r = CGRect.null
        func add(_ p: CGPoint) { r = r.union(CGRect(origin: p, size: .zero)) }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c):
                add(p)
                add(c)
            case .curve(let p, let c1, let c2):
                add(p)
                add(c1)
                add(c2)
            case .close: break
            }
        }
        return r
    }

    /// True when every point and control point is finite.
    public var isFinite: Bool {
        elements.allSatisfy { e in
            switch e {
            case .move(let p), .line(let p): p.isFinite
            case .quadCurve(let p, let c): p.isFinite && c.isFinite
            case .curve(let p, let c1, let c2): p.isFinite && c1.isFinite && c2.isFinite
            case .close: true
            }
        }
    }

    /// A one-line summary: the number of commands and the bounds.
    public var description: String {
        elements.isEmpty ? "BezierPath(empty)" : "BezierPath(\(elements.count) elements, bounds \(bounds))"
    }

    /// Appends a drawing command, starting the path at (0, 0) when it does not begin with `move`.
    private func append(_ e: Element) {
        if elements.isEmpty {
            switch e {
            case .move: break
            case .close: return
            default: elements.append(.move(to: .zero))
            }
        }
        elements.append(e)
    }
}
