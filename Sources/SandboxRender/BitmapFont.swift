/// The sandbox's text: a 5 × 7 pixel bitmap font (with 2 rows of descenders) drawn by this project (printable ASCII; other characters show
/// as `?`), scaled by whole pixels so it stays sharp at any HiDPI scale.
public enum BitmapFont {
    /// Glyph width, px at scale 1.
    public static let glyphWidth = 5
    /// Glyph height including descenders, px at scale 1 (7 above the baseline, 2 below).
    public static let glyphHeight = 9
    /// Horizontal advance per character, px at scale 1.
    public static let advance = 6
    /// Line height, px at scale 1.
    public static let lineHeight = 11

    /// Rows of ASCII 32…126: 9 rows of 5 bits each, top row in the high bits, leftmost pixel = highest bit.
    static let glyphs: [UInt64] = [
        0x000000000000, 0x042108401000, 0x0A5000000000, 0x0AFA94AFA800, 0x047D1C5F1000,
        0x18C888898C00, 0x0C9511593400, 0x042000000000, 0x022210820800, 0x082084222000,
        0x00255D520000, 0x00213E420000, 0x000000063088, 0x00003E000000, 0x000000063000,
        0x000888880000, 0x0E8CEB98B800, 0x046108423800, 0x0E8844447C00, 0x1F110418B800,
        0x0232A5F10800, 0x1F878218B800, 0x06443D18B800, 0x1F0888842000, 0x0E8C5D18B800,
        0x0E8C5E113000, 0x006300C60000, 0x006300063088, 0x022220820800, 0x0007C1F00000,
        0x082082222000, 0x0E8844401000, 0x0E885B5AB800, 0x0E8C7F18C400, 0x1E8C7D18F800,
        0x0E8C2108B800, 0x1C9463197000, 0x1F843D087C00, 0x1F843D084000, 0x0E8C2F18BC00,
        0x118C7F18C400, 0x0E2108423800, 0x071084293000, 0x119531494400, 0x108421087C00,
        0x11DD6B18C400, 0x118E6B38C400, 0x0E8C6318B800, 0x1E8C7D084000, 0x0E8C63593400,
        0x1E8C7D494400, 0x0F841C10F800, 0x1F2108421000, 0x118C6318B800, 0x118C63151000,
        0x118C6B5AA800, 0x118A88A8C400, 0x118A88421000, 0x1F0888887C00, 0x0E4210843800,
        0x008208208000, 0x0E1084213800, 0x045440000000, 0x000000007C00, 0x082000000000,
        0x000382F8BC00, 0x1085B318F800, 0x0003A108B800, 0x010B6718BC00, 0x0003A3F83800,
        0x064A38842000, 0x0003E318BC2E, 0x1085B318C400, 0x040308423800, 0x020184210A4C,
        0x1084A98A4800, 0x0C2108423800, 0x0006AB58C400, 0x0005B318C400, 0x0003A318B800,
        0x0007A318FA10, 0x0003E318BC21, 0x0005B3084000, 0x0003A0E0F800, 0x084710849800,
        0x00046319B400, 0x000463151000, 0x0004635AA800, 0x000454454400, 0x00046318BC2E,
        0x0007C4447C00, 0x022110420800, 0x042108421000, 0x082104422000, 0x00022A200000
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
                        fillRect(
                            x0: pen + col * s, y0: line + row * s, x1: pen + (col + 1) * s,
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
