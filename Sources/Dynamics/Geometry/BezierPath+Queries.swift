import Foundation

/// Hit testing, reversal and UIKit's drawing calls.
extension BezierPath {
    /// True when `point` is inside the area the path would fill (UIKit's `contains(_:)`): every subpath counts as
    /// closed, curves are flattened to within 0.25 pt, and the rule is the non-zero winding rule, or even-odd when
    /// `usesEvenOddFillRule` is true. Points exactly on an edge may land on either side.
    public func contains(_ point: CGPoint) -> Bool {
        guard point.isFinite else { return false }
        var winding = 0
        let px = Double(point.x), py = Double(point.y)
        for polyline in flattened() where polyline.points.count >= 3 {
            let pts = polyline.points
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                let ay = Double(a.y), by = Double(b.y)
                guard (ay <= py) != (by <= py) else { continue }
                let x = Double(a.x) + (py - ay) / (by - ay) * (Double(b.x) - Double(a.x))
                if x > px { winding += by > ay ? 1 : -1 }
            }
        }
        return usesEvenOddFillRule ? winding % 2 != 0 : winding != 0
    }

    /// A new path with every subpath drawn backwards (UIKit's `reversing()`): the same points and shape, the
    /// opposite direction; subpaths keep their order, closed ones stay closed.
    public func reversing() -> BezierPath {
        struct Segment {
            var from: CGPoint
            var element: Element
        }
        let out = BezierPath()
        out.lineWidth = lineWidth
        out.usesEvenOddFillRule = usesEvenOddFillRule
        var segments: [Segment] = []
        var start = CGPoint.zero, current = CGPoint.zero
        func flush(closed: Bool) {
            defer { segments = [] }
            guard !segments.isEmpty || closed else {
                if !closed { out.move(to: current) }
                return
            }
            out.move(to: current)
            for s in segments.reversed() {
                switch s.element {
                case .line: out.addLine(to: s.from)
                case .quadCurve(_, let c): out.addQuadCurve(to: s.from, controlPoint: c)
                case .curve(_, let c1, let c2): out.addCurve(to: s.from, controlPoint1: c2, controlPoint2: c1)
                case .move, .close: break
                }
            }
            if closed { out.close() }
        }
        var open = false
        for e in elements {
            switch e {
            case .move(let p):
                if open { flush(closed: false) }
                start = p
                current = p
                open = true
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
                if !open {
                    current = start
                    open = true
                }
                segments.append(Segment(from: current, element: e))
                current = p
            case .close:
                flush(closed: true)
                current = start
                open = false
            }
        }
        if open { flush(closed: false) }
        return out
    }

    /// Strokes the path with `lineWidth` in the current drawing context (UIKit's `stroke()`). There is no drawing
    /// context in this library, so it does nothing; it exists so drawing code compiles.
    public func stroke() {}

    /// Fills the path in the current drawing context (UIKit's `fill()`). There is no drawing context in this
    /// library, so it does nothing; it exists so drawing code compiles.
    public func fill() {}
}
