/// The text style the sandbox draws with: a TrueType font's glyphs at one pixel size, or, when no font file could
/// be opened, the 5 × 7 bitmap font scaled by whole pixels. Measuring and drawing use the same advances, so text
/// laid out with `width(of:)` fits.
public struct TextFace: Sendable {
    /// The TrueType glyphs, or nil for the bitmap font.
    public let glyphs: GlyphSet?
    /// Whole-pixel scale of the bitmap font (used when `glyphs` is nil), ≥ 1.
    public let bitmapScale: Int

    /// `font` at `pixelSize` px per em; with no font, the bitmap font at the whole scale nearest
    /// `pixelSize / 11` (its 11-px line), at least 1.
    public init(font: TrueTypeFont?, pixelSize: Double) {
        glyphs = font?.glyphs(pixelSize: pixelSize)
        let s = pixelSize.isFinite ? pixelSize / Double(BitmapFont.lineHeight) : 1
        bitmapScale = max(1, Int(s.rounded()))
    }

    /// Whether this face draws with the bitmap font (no TrueType font).
    public var isBitmap: Bool { glyphs == nil }

    /// Distance from one line's top to the next, px.
    public var lineHeight: Int { glyphs?.lineHeight ?? BitmapFont.lineHeight * bitmapScale }

    /// Distance from a line's top to its baseline, px.
    public var ascent: Int { glyphs?.ascent ?? 8 * bitmapScale }

    /// Width of `text` (one line), px.
    public func width(of text: String) -> Int {
        glyphs?.width(of: text) ?? BitmapFont.width(of: text, scale: bitmapScale)
    }
}

extension Raster {
    /// Draws `text` with `face`, the top of its line box at `y` and its pen starting at `x` (px); returns the x
    /// just after the last character. No wrapping; `\n` starts a new line.
    @discardableResult
    public mutating func drawText(_ text: String, x: Int, y: Int, face: TextFace, _ color: RGBA) -> Int {
        guard let glyphs = face.glyphs else {
            // The bitmap font's 7-px capitals sit one font pixel below the line's top.
            return drawText(text, x: x, y: y + face.bitmapScale, scale: face.bitmapScale, color)
        }
        guard color.a > 0 else { return x + glyphs.width(of: text) }
        var pen = x, baseline = y + glyphs.ascent, far = x
        let w = width, h = height, alpha = Int(color.a)
        pixels.withUnsafeMutableBufferPointer { buf in
            for scalar in text.unicodeScalars {
                if scalar == "\n" {
                    baseline += glyphs.lineHeight
                    pen = x
                    continue
                }
                let g = glyphs.glyph(scalar)
                let gx = pen + g.left, gy = baseline - g.top
                let x0 = max(0, gx), x1 = min(w, gx + g.width), y0 = max(0, gy), y1 = min(h, gy + g.rows)
                if x0 < x1, y0 < y1 {
                    g.coverage.withUnsafeBufferPointer { cov in
                        for py in y0..<y1 {
                            let src = (py - gy) * g.width - gx, dst = py * w
                            for px in x0..<x1 {
                                let c = Int(cov[src + px])
                                guard c > 0 else { continue }
                                // coverage × colour alpha, rounded, over 255.
                                let a = (c * alpha + 127) / 255
                                Raster.blend(&buf[dst + px], color, alpha: a)
                            }
                        }
                    }
                }
                pen += g.advance
                far = max(far, pen)
            }
        }
        return far
    }
}
