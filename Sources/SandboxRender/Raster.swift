/// An RGBA image in memory that the sandbox draws into: anti-aliased by coverage, with no dependency on SDL, so
/// the window, the headless runner and the golden-image tests draw exactly the same pixels.
///
/// Pixels are packed as `RGBA.packed` (bytes R, G, B, A), row after row, top row first.
public struct Raster: Sendable {
    /// Width, px, ≥ 1.
    public let width: Int
    /// Height, px, ≥ 1.
    public let height: Int
    /// `width × height` packed pixels, row-major, top row first.
    public var pixels: [UInt32]
    /// Coverage masks of the small discs drawn so far (not part of the image).
    var discCache = DiscCache()

    /// An image of `width × height` px (each clamped to 1…16384) filled with `fill` (default opaque black).
    public init(width: Int, height: Int, fill: RGBA = RGBA(0, 0, 0)) {
        self.width = max(1, min(16_384, width))
        self.height = max(1, min(16_384, height))
        pixels = [UInt32](repeating: fill.packed, count: self.width * self.height)
    }

    /// The colour at pixel (`x`, `y`); transparent black outside the image.
    public subscript(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height else { return RGBA(0, 0, 0, 0) }
        return RGBA(packed: pixels[y * width + x])
    }

    /// Fills the whole image with `color` (no blending).
    public mutating func clear(_ color: RGBA) {
        let p = color.packed
        pixels.withUnsafeMutableBufferPointer { buf in
            for i in buf.indices { buf[i] = p }
        }
    }

    /// Blends `color` over the pixels of the pixel-aligned rectangle [x0, x1) × [y0, y1) (clipped).
    public mutating func fillRect(x0: Int, y0: Int, x1: Int, y1: Int, _ color: RGBA) {
        let xa = max(0, x0), xb = min(width, x1), ya = max(0, y0), yb = min(height, y1)
        guard xa < xb, ya < yb, color.a > 0 else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { buf in
            for y in ya..<yb {
                for x in xa..<xb { Raster.blend(&buf[y * w + x], color, alpha: Int(color.a)) }
            }
        }
    }

    /// Blends `color` with opacity `alpha` (0…255) over one packed pixel. The result is opaque when the pixel was.
    @inline(__always) static func blend(_ dst: inout UInt32, _ c: RGBA, alpha: Int) {
        if alpha >= 255 { dst = c.packed | 0xFF00_0000; return }
        if alpha <= 0 { return }
        // The three colour channels side by side in 16-bit lanes of one word (no lane can overflow: at most
        // 255·255 + 127 + 255 + 1), each rounded c·α + d·(255 − α) over 255, exactly, without a divide:
        // (t + 1 + t >> 8) >> 8 equals t / 255 for 0 ≤ t ≤ 65 152.
        let d = UInt64(dst), al = UInt64(alpha), ia = 255 - al
        let lanes: UInt64 = 0x0000_00FF_00FF_00FF
        let ds = (d & 0xFF) | ((d & 0xFF00) << 8) | ((d & 0xFF_0000) << 16)
        let cs = UInt64(c.r) | UInt64(c.g) << 16 | UInt64(c.b) << 32
        let t = cs &* al &+ ds &* ia &+ 0x0000_007F_007F_007F
        let q = ((t &+ ((t >> 8) & lanes) &+ 0x0000_0001_0001_0001) >> 8) & lanes
        let a = max(d >> 24, al)
        dst = UInt32(truncatingIfNeeded: (q & 0xFF) | ((q >> 8) & 0xFF00) | ((q >> 16) & 0xFF_0000) | (a << 24))
    }

    /// Runs `coverage` for every pixel centre of the box (clipped to the image) and blends `color` by the returned
    /// coverage, 0…1. The workhorse of every shape: each shape is a signed distance, coverage = 0.5 − distance.
    /// `interior`, when given, returns for a pixel row's centre y an x-range of pixel centres certainly inside the
    /// shape (by at least 0.75 px); those are filled without evaluating `coverage`.
    @inline(__always)
    mutating func shade(
        minX: Double, minY: Double, maxX: Double, maxY: Double, _ color: RGBA,
        interior: ((Double) -> (Double, Double)?)? = nil,
        _ coverage: (Double, Double) -> Double
    ) {
        guard color.a > 0, minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return }
        let x0 = max(0, Int((minX - 1).rounded(.down))), x1 = min(width - 1, Int((maxX + 1).rounded(.up)))
        let y0 = max(0, Int((minY - 1).rounded(.down))), y1 = min(height - 1, Int((maxY + 1).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let w = width, alpha = Double(color.a)
        let solid = Int(color.a)
        pixels.withUnsafeMutableBufferPointer { buf in
            for y in y0...y1 {
                let py = Double(y) + 0.5
                let row = y * w
                var ia = x1 + 1, ib = x1
                if let interior, let span = interior(py), span.1 >= span.0 {
                    ia = max(x0, Int((span.0 - 0.5).rounded(.up)))
                    ib = min(x1, Int((span.1 - 0.5).rounded(.down)))
                    if ia > ib { ia = x1 + 1; ib = x1 }
                }
                var x = x0
                while x <= x1 {
                    if x == ia {
                        for k in ia...ib { Raster.blend(&buf[row + k], color, alpha: solid) }
                        x = ib + 1
                        continue
                    }
                    let cov = coverage(Double(x) + 0.5, py)
                    if cov > 0 { Raster.blend(&buf[row + x], color, alpha: Int(min(1, cov) * alpha + 0.5)) }
                    x += 1
                }
            }
        }
    }
}
