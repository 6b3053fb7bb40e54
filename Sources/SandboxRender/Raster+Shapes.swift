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
        planes.withUnsafeBufferPointer { pl in
            shade(minX: minX, minY: minY, maxX: maxX, maxY: maxY, color) { x, y in
                var d = -Double.infinity
                for p in pl { d = max(d, p.0 * x + p.1 * y - p.2) }
                return 0.5 - d
            }
        }
    }

    /// Fills an ellipse of semi-axes `radiusX`, `radiusY` px centred at `center`, turned by `angle` radians
    /// (clockwise on screen).
    public mutating func fillEllipse(center: PixelPoint, radiusX: Double, radiusY: Double, angle: Double = 0,
                                     _ color: RGBA) {
        guard radiusX > 0, radiusY > 0 else { return }
        let r = max(radiusX, radiusY)
        if abs(radiusX - radiusY) < 1e-9 {
            let cx = center.x, cy = center.y
            shade(minX: cx - r, minY: cy - r, maxX: cx + r, maxY: cy + r, color) { x, y in
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
    public mutating func strokeEllipse(center: PixelPoint, radiusX: Double, radiusY: Double, angle: Double = 0,
                                       width: Double, _ color: RGBA) {
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
    static func ellipseDistance(_ dx: Double, _ dy: Double, _ c: Double, _ s: Double, _ rx: Double,
                                _ ry: Double) -> Double {
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
        shade(minX: min(a.x, b.x) - hw, minY: min(a.y, b.y) - hw, maxX: max(a.x, b.x) + hw,
              maxY: max(a.y, b.y) + hw, color) { x, y in
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
        fillConvexPolygon([to, PixelPoint(base.x - uy * h * 0.5, base.y + ux * h * 0.5),
                           PixelPoint(base.x + uy * h * 0.5, base.y - ux * h * 0.5)], color)
    }
}
