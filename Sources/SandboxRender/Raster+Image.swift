#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Raster {
    /// Draws `image` stretched over a 2·`halfWidth` × 2·`halfHeight` px rectangle centred at `center`, turned by
    /// `angle` radians (clockwise on screen) and clipped to corners of `radius` px (a `layer.cornerRadius` on an
    /// image view), with an anti-aliased edge. Nearest-pixel sampling; the image's own alpha is respected.
    public mutating func drawImage(
        _ image: Raster, center: PixelPoint, halfWidth: Double, halfHeight: Double,
        radius: Double, angle: Double
    ) {
        guard halfWidth > 0, halfHeight > 0, center.x.isFinite, center.y.isFinite, angle.isFinite else { return }
        let r = max(0, min(radius, min(halfWidth, halfHeight)))
        let c = cos(angle), s = sin(angle)
        let bx = halfWidth - r, by = halfHeight - r
        let ext = abs(c) * halfWidth + abs(s) * halfHeight, eyt = abs(s) * halfWidth + abs(c) * halfHeight
        let x0 = max(0, Int((center.x - ext - 1).rounded(.down))),
            x1 = min(width - 1, Int((center.x + ext + 1).rounded(.up)))
        let y0 = max(0, Int((center.y - eyt - 1).rounded(.down))),
            y1 = min(height - 1, Int((center.y + eyt + 1).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let iw = image.width, ih = image.height, w = width
        let su = Double(iw) / (2 * halfWidth), sv = Double(ih) / (2 * halfHeight)
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for y in y0...y1 {
                    let dy = Double(y) + 0.5 - center.y
                    for x in x0...x1 {
                        let dx = Double(x) + 0.5 - center.x
                        let lx = c * dx + s * dy, ly = -s * dx + c * dy
                        // Signed distance to the rounded rectangle; coverage = 0.5 − distance.
                        let qx = abs(lx) - bx, qy = abs(ly) - by
                        let ox = max(qx, 0), oy = max(qy, 0)
                        let d = (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
                        let coverage = min(1, 0.5 - d)
                        if coverage <= 0 { continue }
                        let u = min(iw - 1, max(0, Int((lx + halfWidth) * su)))
                        let v = min(ih - 1, max(0, Int((ly + halfHeight) * sv)))
                        let texel = RGBA(packed: src[v * iw + u])
                        Raster.blend(&dst[y * w + x], texel, alpha: Int(coverage * Double(texel.a) + 0.5))
                    }
                }
            }
        }
    }
}
