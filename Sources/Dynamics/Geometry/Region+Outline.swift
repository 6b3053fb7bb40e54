import Foundation
internal import PhysicsCore

/// A region's true outline for drawing: the circle and rectangle boundaries of its primitives, kept where the
/// region's membership differs on their two sides, so unions, differences, intersections and inverses come out as
/// the exact curves that bound them (not a staircase of sampled cells).
extension Region {
    /// The outline of the region as polylines in the region's frame (pt, (0, 0) = the field's `position`), curves
    /// flattened to within `tolerance` pt (default `BezierPath.flatness`, 0.25), clipped to `extent` (region frame;
    /// infinite rectangles end there). Each primitive's boundary is sampled and the pieces whose sides differ in
    /// membership (`contains` a hair inside vs a hair outside) are kept; their ends are refined by bisection to
    /// within about 1/1000 pt (the distance of the side probes) of where the other primitive crosses. An infinite or empty region has no outline.
    /// `package` access: for this package's tools (the sandbox's field overlay), not for apps.
    package func outline(within extent: CGRect, tolerance: CGFloat = BezierPath.flatness) -> [Polyline] {
        guard !extent.isNull, extent.width.isFinite, extent.height.isFinite else { return [] }
        let tol = Double(Swift.max(tolerance, 0.01))
        // Half-size of a square around the origin that holds the extent: infinite sizes end there.
        let reach =
            Swift.max(
                abs(Double(extent.minX)), abs(Double(extent.maxX)), abs(Double(extent.minY)),
                abs(Double(extent.maxY))) + 1
        var out: [Polyline] = []
        var primitives = [core.first]
        if let second = core.second { primitives.append(second.primitive) }
        for primitive in primitives {
            guard let curve = OutlineCurve(primitive.shape, reach: reach, tolerance: tol) else { continue }
            out += curve.pieces { self.core.contains(Vec2($0)) }
        }
        return out
    }
}

/// One primitive's boundary as a closed curve parametrised by `t` in 0…1, sampled finely enough for a tolerance.
private struct OutlineCurve {
    enum Kind {
        case circle(radius: Double)
        case rectangle(halfWidth: Double, halfHeight: Double)
    }
    let kind: Kind
    /// Samples per curve (uniform in t).
    let samples: Int

    init?(_ shape: FieldRegion.Shape, reach: Double, tolerance: Double) {
        switch shape {
        case .empty, .infinite:
            return nil
        case .circle(let r):
            guard r.isFinite, r > 0 else { return nil }
            // A chord of angle 2π/n sags r(1 − cos(π/n)) below the arc: at most `tolerance`.
            let n = Double.pi / acos(Swift.max(-1, 1 - Swift.min(tolerance / r, 1)))
            kind = .circle(radius: r)
            samples = Int(Swift.min(Swift.max(n.rounded(.up), 16), 8192))
        case .rectangle(let w, let h):
            guard w > 0, h > 0 else { return nil }
            let hw = Swift.min(w / 2, reach), hh = Swift.min(h / 2, reach)
            kind = .rectangle(halfWidth: hw, halfHeight: hh)
            // Straight edges need no flattening; samples only find where another primitive crosses (≤ 4 pt apart,
            // at least 16 per edge), the crossing itself is refined by bisection.
            let perimeter = 4 * (hw + hh)
            samples = Int(Swift.min(Swift.max((perimeter / 4).rounded(.up), 64), 8192)) / 4 * 4
        }
    }

    /// The point at `t` (0…1) and the outward normal there.
    func point(_ t: Double) -> (CGPoint, CGVector) {
        let t = t - t.rounded(.down)
        switch kind {
        case .circle(let r):
            let a = 2 * Double.pi * t
            return (CGPoint(x: r * cos(a), y: r * sin(a)), CGVector(dx: cos(a), dy: sin(a)))
        case .rectangle(let hw, let hh):
            // Four edges of equal parameter length, clockwise on screen from the top-left corner.
            let e = Swift.min(3, Int(t * 4)), u = t * 4 - Double(e)
            switch e {
            case 0: return (CGPoint(x: -hw + 2 * hw * u, y: -hh), CGVector(dx: 0, dy: -1))
            case 1: return (CGPoint(x: hw, y: -hh + 2 * hh * u), CGVector(dx: 1, dy: 0))
            case 2: return (CGPoint(x: hw - 2 * hw * u, y: hh), CGVector(dx: 0, dy: 1))
            default: return (CGPoint(x: -hw, y: hh - 2 * hh * u), CGVector(dx: -1, dy: 0))
            }
        }
    }

    /// Whether the region's membership differs a hair inside and a hair outside the curve at `t`.
    func isEdge(_ t: Double, _ contains: (CGPoint) -> Bool) -> Bool {
        let (p, n) = point(t)
        let h = 1e-3
        return contains(CGPoint(x: p.x + n.dx * h, y: p.y + n.dy * h))
            != contains(CGPoint(x: p.x - n.dx * h, y: p.y - n.dy * h))
    }

    /// The parameter between `a` (edge) and `b` (not edge, or the reverse) where the edge starts or stops.
    func crossing(_ a: Double, _ b: Double, _ contains: (CGPoint) -> Bool) -> Double {
        var lo = a, hi = b
        let edgeAtLo = isEdge(lo, contains)
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if isEdge(mid, contains) == edgeAtLo { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The pieces of the curve that are the region's edge, as polylines (a whole curve is one closed polyline).
    func pieces(_ contains: (CGPoint) -> Bool) -> [Polyline] {
        let n = samples
        func t(_ k: Double) -> Double { k / Double(n) }
        // Each sample interval is classified by its middle; a rectangle's corners are samples (n is a multiple of
        // 4), so they stay vertices.
        let kept = (0..<n).map { isEdge(t(Double($0) + 0.5), contains) }
        if kept.allSatisfy({ $0 }) {
            return [Polyline(points: (0..<n).map { point(t(Double($0))).0 }, isClosed: true)]
        }
        guard let gap = kept.firstIndex(of: false) else { return [] }
        var out: [Polyline] = []
        var run: [CGPoint] = []
        func add(_ u: Double) {
            let p = point(u).0
            if run.last != p { run.append(p) }
        }
        // Once round the curve from just after a gap, so no piece straddles the walk's ends.
        for i in (gap + 1)...(gap + n) where kept[i % n] {
            let mid = Double(i) + 0.5
            if !kept[(i - 1) % n] {
                // A piece starts between the previous interval's middle and this one's.
                let tc = crossing(t(mid), t(mid - 1), contains)
                run = []
                add(tc)
                if tc < t(Double(i)) { add(t(Double(i))) }
            }
            if kept[(i + 1) % n] {
                add(t(Double(i + 1)))
            } else {
                let tc = crossing(t(mid), t(mid + 1), contains)
                if tc > t(Double(i + 1)) { add(t(Double(i + 1))) }
                add(tc)
                if run.count >= 2 { out.append(Polyline(points: run, isClosed: false)) }
                run = []
            }
        }
        return out
    }
}
