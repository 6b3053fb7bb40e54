import Foundation

/// One subpath flattened to straight segments, as the engine collides with it (see
/// `BezierPath.collisionPolylines()`).
package struct Polyline: Hashable, Sendable {
    /// The points in order, pt; for a closed subpath the first point is not repeated at the end.
    package var points: [CGPoint]
    /// Whether the subpath ends with `close` (a segment from the last point back to the first).
    package var isClosed: Bool

    /// A polyline through `points` (pt), closed or open.
    package init(points: [CGPoint], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }

    /// The segments as point pairs, including the closing one for a closed polyline. Zero-length segments are
    /// skipped. These are exactly the segments a boundary made of this subpath collides with.
    package var segments: [(CGPoint, CGPoint)] {
        guard points.count >= 2 else { return [] }
        var out: [(CGPoint, CGPoint)] = []
        for i in 0..<(points.count - 1) where points[i] != points[i + 1] { out.append((points[i], points[i + 1])) }
        if isClosed, points.count >= 3, points[points.count - 1] != points[0] {
            out.append((points[points.count - 1], points[0]))
        }
        return out
    }
}

extension BezierPath {
    /// The path as the engine sees it: every subpath flattened to within `BezierPath.flatness` (0.25 pt), the
    /// same polylines `CollisionBehavior.addBoundary(withIdentifier:for:)` turns into segments (each polyline's
    /// `segments`) and whose first one `DynamicItem.collisionBoundingPath` turns into the item's convex polygon.
    /// For drawing: what is drawn is what collides. `package` access: for this package's tools (the sandbox's
    /// renderer), not for apps.
    package func collisionPolylines() -> [Polyline] { flattened() }

    /// Every subpath flattened to a polyline whose distance to the true curve is at most `tolerance` pt.
    ///
    /// The number of segments per curve comes from the bound on a polynomial curve's distance to its chords with
    /// uniform parameter steps: max distance ≤ max|B″|·(Δt)²/8. A quadratic has |B″| = 2|P0 − 2P1 + P2|; a cubic
    /// |B″| ≤ 6·max(|P0 − 2P1 + P2|, |P1 − 2P2 + P3|). Consecutive duplicate points are dropped.
    func flattened(tolerance: CGFloat = BezierPath.flatness) -> [Polyline] {
        let tol = Double(Swift.max(tolerance, 1e-6))
        var result: [Polyline] = []
        var points: [CGPoint] = []
        var current = CGPoint.zero
        func flush(closed: Bool) {
            if closed, points.count > 1, points[points.count - 1] == points[0] { points.removeLast() }
            if !points.isEmpty { result.append(Polyline(points: points, isClosed: closed)) }
            points = []
        }
        func add(_ p: CGPoint) {
            if points.last != p { points.append(p) }
            current = p
        }
        for e in elements {
            switch e {
            case .move(let p):
                flush(closed: false)
                add(p)
            case .line(let p):
                if points.isEmpty { points.append(current) }
                add(p)
            case .quadCurve(let p, let c):
                if points.isEmpty { points.append(current) }
                let p0 = current
                let dd = hypot(Double(p0.x - 2 * c.x + p.x), Double(p0.y - 2 * c.y + p.y))
                let n = Self.segmentCount(secondDerivativeBound: 2 * dd, tolerance: tol)
                for i in 1...n {
                    let t = CGFloat(Double(i) / Double(n)), u = 1 - t
                    add(
                        i == n
                            ? p
                            : CGPoint(
                                x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                                y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .curve(let p, let c1, let c2):
                if points.isEmpty { points.append(current) }
                let p0 = current
                let d1 = hypot(Double(p0.x - 2 * c1.x + c2.x), Double(p0.y - 2 * c1.y + c2.y))
                let d2 = hypot(Double(c1.x - 2 * c2.x + p.x), Double(c1.y - 2 * c2.y + p.y))
                let n = Self.segmentCount(secondDerivativeBound: 6 * Swift.max(d1, d2), tolerance: tol)
                for i in 1...n {
                    let t = CGFloat(Double(i) / Double(n)), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, d = t * t * t
                    add(
                        i == n
                            ? p
                            : CGPoint(
                                x: a * p0.x + b * c1.x + cc * c2.x + d * p.x,
                                y: a * p0.y + b * c1.y + cc * c2.y + d * p.y))
                }
            case .close:
                let start = points.first ?? current
                flush(closed: true)
                current = start
            }
        }
        flush(closed: false)
        return result
    }

    /// Segments needed so that M·(1/n)²/8 ≤ tolerance; at least 1, at most 4096 (a curve thousands of points long).
    static func segmentCount(secondDerivativeBound m: Double, tolerance: Double) -> Int {
        guard m.isFinite, m > 0 else { return 1 }
        let n = (m / (8 * tolerance)).squareRoot().rounded(.up)
        return Int(Swift.min(Swift.max(n, 1), 4096))
    }
}
