#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Anti-aliased shapes, each drawn through its signed distance (coverage = 0.5 px − distance, clamped to 0…1).
extension Raster {
    /// Fills a convex polygon (either winding; ≥ 3 points, others ignored).
    public mutating func fillConvexPolygon(_ points: [PixelPoint], _ color: RGBA) {
        guard points.count >= 3 else { return }
        var area = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area.isFinite, abs(area) > 1e-9 else { return }
        let sign = area > 0 ? 1.0 : -1.0
        // Outward unit normals (nx, ny) and offsets c, so that distance = nx·x + ny·y − c.
        var planes: [(Double, Double, Double)] = []
        planes.reserveCapacity(points.count)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            minX = min(minX, a.x); maxX = max(maxX, a.x); minY = min(minY, a.y); maxY = max(maxY, a.y)
            let ex = b.x - a.x, ey = b.y - a.y
            let len = (ex * ex + ey * ey).squareRoot()
            guard len > 1e-12 else { continue }
            let nx = sign * ey / len, ny = -sign * ex / len
            planes.append((nx, ny, nx * a.x + ny * a.y))
        }
        guard planes.count >= 3 else { return }
        points.withUnsafeBufferPointer { pts in
            planes.withUnsafeBufferPointer { pl in
                shade(
                    minX: minX, minY: minY, maxX: maxX, maxY: maxY, color,
                    interior: { y in Raster.interiorSpan(pts, y) }
                ) { x, y in
                    var d = -Double.infinity
                    for p in pl { d = max(d, p.0 * x + p.1 * y - p.2) }
                    return 0.5 - d
                }
            }
        }
    }

    /// The x-span of a convex polygon on the horizontal line `y` (between its extreme edge crossings), or nil.
    @inline(__always)
    static func span(_ points: UnsafeBufferPointer<PixelPoint>, _ y: Double) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        let n = points.count
        for i in 0..<n {
            let a = points[i], b = points[i + 1 == n ? 0 : i + 1]
            guard (a.y <= y && b.y >= y) || (b.y <= y && a.y >= y) else { continue }
            if abs(b.y - a.y) < 1e-12 {
                lo = min(lo, min(a.x, b.x)); hi = max(hi, max(a.x, b.x))
            } else {
                let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
                lo = min(lo, x); hi = max(hi, x)
            }
        }
        return lo <= hi ? (lo, hi) : nil
    }

    /// Pixel centres on row `y` certainly inside the convex polygon by 0.75 px: the span on the lines 0.75 px
    /// above and below, shrunk by 0.75 px.
    @inline(__always)
    static func interiorSpan(_ points: UnsafeBufferPointer<PixelPoint>, _ y: Double) -> (Double, Double)? {
        guard let s0 = span(points, y - 0.75), let s1 = span(points, y + 0.75) else { return nil }
        return (max(s0.0, s1.0) + 0.75, min(s0.1, s1.1) - 0.75)
    }

    /// Fills a rectangle of half-size `halfWidth` × `halfHeight` px centred at `center`, turned by `angle`
    /// radians, with corners rounded to `radius` px (clamped to the shorter half-side): an exact signed distance.
    public mutating func fillRoundedRect(
        center: PixelPoint, halfWidth: Double, halfHeight: Double, radius: Double,
        angle: Double, _ color: RGBA
    ) {
        guard halfWidth > 0, halfHeight > 0 else { return }
        let r = max(0, min(radius, min(halfWidth, halfHeight)))
        let c = cos(angle), s = sin(angle)
        let bx = halfWidth - r, by = halfHeight - r
        // Inscribed rectangle (through the arcs' 45° points) for the solid interior spans.
        let k = r * (1 - 1 / 2.0.squareRoot())
        let ix = halfWidth - k, iy = halfHeight - k
        let inner = [(-ix, -iy), (ix, -iy), (ix, iy), (-ix, iy)].map {
            PixelPoint(center.x + c * $0.0 - s * $0.1, center.y + s * $0.0 + c * $0.1)
        }
        let ext = abs(c) * halfWidth + abs(s) * halfHeight, eyt = abs(s) * halfWidth + abs(c) * halfHeight
        inner.withUnsafeBufferPointer { pts in
            shade(
                minX: center.x - ext, minY: center.y - eyt, maxX: center.x + ext, maxY: center.y + eyt, color,
                interior: { y in Raster.interiorSpan(pts, y) }
            ) { x, y in
                let dx = x - center.x, dy = y - center.y
                let qx = abs(c * dx + s * dy) - bx, qy = abs(-s * dx + c * dy) - by
                let ox = max(qx, 0), oy = max(qy, 0)
                let d = (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
                return 0.5 - d
            }
        }
    }

    /// Fills an ellipse of semi-axes `radiusX`, `radiusY` px centred at `center`, turned by `angle` radians
    /// (clockwise on screen).
    public mutating func fillEllipse(
        center: PixelPoint, radiusX: Double, radiusY: Double, angle: Double = 0,
        _ color: RGBA
    ) {
        guard radiusX > 0, radiusY > 0 else { return }
        let r = max(radiusX, radiusY)
        if abs(radiusX - radiusY) < 1e-9 {
            let cx = center.x, cy = center.y
            guard color.a > 0, cx.isFinite, cy.isFinite else { return }
            if blendDisc(cx: cx, cy: cy, radius: r, color) { return }
            let inside: (Double) -> (Double, Double)? = { y in
                let dy = abs(y - cy) + 0.75
                guard dy < r else { return nil }
                let hw = (r * r - dy * dy).squareRoot() - 0.75
                return (cx - hw, cx + hw)
            }
            shade(minX: cx - r, minY: cy - r, maxX: cx + r, maxY: cy + r, color, interior: inside) { x, y in
                let dx = x - cx, dy = y - cy
                return 0.5 - ((dx * dx + dy * dy).squareRoot() - r)
            }
            return
        }
        let c = cos(angle), s = sin(angle)
        shade(minX: center.x - r, minY: center.y - r, maxX: center.x + r, maxY: center.y + r, color) { x, y in
            0.5 - Raster.ellipseDistance(x - center.x, y - center.y, c, s, radiusX, radiusY)
        }
    }

    /// Strokes the outline of an ellipse with a line `width` px wide.
    public mutating func strokeEllipse(
        center: PixelPoint, radiusX: Double, radiusY: Double, angle: Double = 0,
        width: Double, _ color: RGBA
    ) {
        guard radiusX > 0, radiusY > 0, width > 0 else { return }
        let r = max(radiusX, radiusY) + width
        let c = cos(angle), s = sin(angle), hw = width / 2
        shade(minX: center.x - r, minY: center.y - r, maxX: center.x + r, maxY: center.y + r, color) { x, y in
            0.5 - (abs(Raster.ellipseDistance(x - center.x, y - center.y, c, s, radiusX, radiusY)) - hw)
        }
    }

    /// Approximate signed distance from (dx, dy) (relative to the centre) to an ellipse turned by the angle of
    /// cosine `c` and sine `s`: the implicit function over its gradient, exact for circles, good near the edge.
    @inline(__always)
    static func ellipseDistance(
        _ dx: Double, _ dy: Double, _ c: Double, _ s: Double, _ rx: Double,
        _ ry: Double
    ) -> Double {
        let lx = c * dx + s * dy, ly = -s * dx + c * dy
        let qx = lx / rx, qy = ly / ry
        let k = (qx * qx + qy * qy).squareRoot()
        guard k > 1e-9 else { return -min(rx, ry) }
        let gx = lx / (rx * rx), gy = ly / (ry * ry)
        let g = (gx * gx + gy * gy).squareRoot() / k
        return (k - 1) / g
    }

    /// Strokes the segment from `a` to `b`, `width` px wide, with round caps.
    public mutating func strokeSegment(_ a: PixelPoint, _ b: PixelPoint, width: Double, _ color: RGBA) {
        guard width > 0 else { return }
        let hw = width / 2
        let ex = b.x - a.x, ey = b.y - a.y
        let ll = ex * ex + ey * ey
        shade(
            minX: min(a.x, b.x) - hw, minY: min(a.y, b.y) - hw, maxX: max(a.x, b.x) + hw,
            maxY: max(a.y, b.y) + hw, color
        ) { x, y in
            let px = x - a.x, py = y - a.y
            let t = ll > 1e-12 ? max(0, min(1, (px * ex + py * ey) / ll)) : 0
            let dx = px - t * ex, dy = py - t * ey
            return 0.5 - ((dx * dx + dy * dy).squareRoot() - hw)
        }
    }

    /// Strokes a polyline (closing it when `closed`), `width` px wide.
    public mutating func strokePolyline(_ points: [PixelPoint], width: Double, closed: Bool = false, _ color: RGBA) {
        guard points.count >= 2 else { return }
        let n = closed ? points.count : points.count - 1
        // Joints would be blended twice with a translucent colour: draw opaque colours segment by segment,
        // translucent ones as a union through one pass per segment bounding box (rare and small in practice).
        for i in 0..<n { strokeSegment(points[i], points[(i + 1) % points.count], width: width, color) }
    }

    /// Fills a disc of `radius` px.
    public mutating func fillCircle(center: PixelPoint, radius: Double, _ color: RGBA) {
        fillEllipse(center: center, radiusX: radius, radiusY: radius, color)
    }

    /// Strokes a circle of `radius` px with a line `width` px wide.
    public mutating func strokeCircle(center: PixelPoint, radius: Double, width: Double, _ color: RGBA) {
        guard radius > 0, width > 0 else { return }
        let hw = width / 2, r = radius + hw
        shade(minX: center.x - r, minY: center.y - r, maxX: center.x + r, maxY: center.y + r, color) { x, y in
            let dx = x - center.x, dy = y - center.y
            return 0.5 - (abs((dx * dx + dy * dy).squareRoot() - radius) - hw)
        }
    }

    /// An arrow from `from` to `to`: a shaft `width` px wide and a filled head `head` px long.
    public mutating func drawArrow(from: PixelPoint, to: PixelPoint, width: Double, head: Double, _ color: RGBA) {
        let dx = to.x - from.x, dy = to.y - from.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 1e-6 else { return }
        let ux = dx / len, uy = dy / len
        let h = min(head, len)
        let base = PixelPoint(to.x - ux * h, to.y - uy * h)
        strokeSegment(from, base, width: width, color)
        fillConvexPolygon(
            [
                to, PixelPoint(base.x - uy * h * 0.5, base.y + ux * h * 0.5),
                PixelPoint(base.x + uy * h * 0.5, base.y - ux * h * 0.5)
            ], color)
    }
}
