/// The sandbox's text: a 5 × 7 pixel bitmap font drawn by this project (printable ASCII; other characters show
/// as `?`), scaled by whole pixels so it stays sharp at any HiDPI scale.
public enum BitmapFont {
    /// Glyph width, px at scale 1.
    public static let glyphWidth = 5
    /// Glyph height, px at scale 1.
    public static let glyphHeight = 7
    /// Horizontal advance per character, px at scale 1.
    public static let advance = 6
    /// Line height, px at scale 1.
    public static let lineHeight = 10

    /// Rows of ASCII 32…126: 7 rows of 5 bits each, top row in the high bits, leftmost pixel = highest bit.
    static let glyphs: [UInt64] = [
        0x000000000, 0x108421004, 0x294000000, 0x2BEA52BEA, 0x11F4717C4, 0x632222263,
        0x32544564D, 0x108000000, 0x088842082, 0x208210888, 0x009575480, 0x0084F9080,
        0x000003088, 0x0000F8000, 0x00000018C, 0x002222200, 0x3A33AE62E, 0x11842108E,
        0x3A211111F, 0x7C441062E, 0x08CA97C42, 0x7E1E0862E, 0x1910F462E, 0x7C2222108,
        0x3A317462E, 0x3A317844C, 0x018C03180, 0x018C03088, 0x088882082, 0x001F07C00,
        0x208208888, 0x3A2111004, 0x3A216D6AE, 0x3A31FC631, 0x7A31F463E, 0x3A308422E,
        0x72518C65C, 0x7E10F421F, 0x7E10F4210, 0x3A30BC62F, 0x4631FC631, 0x38842108E,
        0x1C4210A4C, 0x4654C5251, 0x42108421F, 0x4775AC631, 0x4639ACE31, 0x3A318C62E,
        0x7A31F4210, 0x3A318D64D, 0x7A31F5251, 0x3E107043E, 0x7C8421084, 0x46318C62E,
        0x46318C544, 0x4631AD6AA, 0x462A22A31, 0x462A21084, 0x7C222221F, 0x39084210E,
        0x020820820, 0x38421084E, 0x115100000, 0x00000001F, 0x208000000, 0x000E0BE2F,
        0x4216CC63E, 0x000E8422E, 0x042D9C62F, 0x000E8FE0E, 0x1928E2108, 0x01F18BC2E,
        0x4216CC631, 0x100C2108E, 0x080610A4C, 0x4212A6292, 0x30842108E, 0x001AAD631,
        0x0016CC631, 0x000E8C62E, 0x001E8FA10, 0x000D9BC21, 0x0016CC210, 0x000E8383E,
        0x211C42126, 0x00118C66D, 0x00118C544, 0x00118D6AA, 0x001151151, 0x00118BC2E,
        0x001F1111F, 0x088441082, 0x108421084, 0x208411088, 0x0008A8800,
    ]

    /// Width of `text` in px at `scale`.
    public static func width(of text: String, scale: Int = 1) -> Int {
        text.unicodeScalars.count * advance * max(1, scale)
    }

    /// The bits of `scalar`'s glyph (the `?` glyph for anything outside printable ASCII).
    static func bits(_ scalar: Unicode.Scalar) -> UInt64 {
        let v = Int(scalar.value)
        return (32...126).contains(v) ? glyphs[v - 32] : glyphs[Int(("?" as Unicode.Scalar).value) - 32]
    }
}

extension Raster {
    /// Draws `text` with its top-left corner at (`x`, `y`) px, each font pixel `scale` px wide; returns the x just
    /// after the last character. No wrapping; `\n` starts a new line.
    @discardableResult
    public mutating func drawText(_ text: String, x: Int, y: Int, scale: Int = 1, _ color: RGBA) -> Int {
        let s = max(1, scale)
        var pen = x, line = y, far = x
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                line += BitmapFont.lineHeight * s
                pen = x
                continue
            }
            let bits = BitmapFont.bits(scalar)
            if bits != 0 {
                for row in 0..<BitmapFont.glyphHeight {
                    let rowBits = (bits >> UInt64(5 * (BitmapFont.glyphHeight - 1 - row))) & 0x1F
                    guard rowBits != 0 else { continue }
                    for col in 0..<BitmapFont.glyphWidth where rowBits & (0x10 >> UInt64(col)) != 0 {
                        fillRect(x0: pen + col * s, y0: line + row * s, x1: pen + (col + 1) * s,
                                 y1: line + (row + 1) * s, color)
                    }
                }
            }
            pen += BitmapFont.advance * s
            far = max(far, pen)
        }
        return far
    }
}
