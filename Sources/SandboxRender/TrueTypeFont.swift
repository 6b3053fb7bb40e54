internal import CFreeType
import Synchronization

/// Why a TrueType font could not be opened.
public struct TrueTypeFontError: Error, Sendable, CustomStringConvertible {
    /// One line naming the file and what went wrong.
    public let description: String
}

/// One glyph rendered by FreeType: 8-bit coverage, its placement against the pen and the baseline, its advance.
public struct Glyph: Sendable {
    /// Bitmap width and height, px.
    public let width: Int, rows: Int
    /// Bitmap's left edge right of the pen, px (may be negative).
    public let left: Int
    /// Bitmap's top row above the baseline, px.
    public let top: Int
    /// Pen advance to the next glyph, whole px (hinted).
    public let advance: Int
    /// `width × rows` coverage values, 0…255, row-major, top row first.
    let coverage: [UInt8]
}

/// A font's glyphs at one pixel size, rendered once when the set is made (printable ASCII, Latin-1 and a few
/// symbols; anything else shows as `?`) and read-only after: any thread may draw with it.
public final class GlyphSet: Sendable {
    /// The em size, px (FreeType's character size at 72 dpi).
    public let pixelSize: Double
    /// Distance from the line's top to the baseline, px.
    public let ascent: Int
    /// Distance from one baseline to the next, px.
    public let lineHeight: Int
    /// Glyphs of U+0020…U+007E.
    let ascii: [Glyph]
    /// Glyphs of the other characters rendered.
    let others: [UInt32: Glyph]
    /// The `?` glyph, for characters not rendered.
    let fallback: Glyph

    init(pixelSize: Double, ascent: Int, lineHeight: Int, ascii: [Glyph], others: [UInt32: Glyph]) {
        self.pixelSize = pixelSize
        self.ascent = ascent
        self.lineHeight = lineHeight
        self.ascii = ascii
        self.others = others
        fallback = ascii[Int(("?" as Unicode.Scalar).value) - 32]
    }

    /// The glyph of `scalar` (the `?` glyph when it was not rendered).
    @inline(__always)
    public func glyph(_ scalar: Unicode.Scalar) -> Glyph {
        let v = scalar.value
        if v >= 32 && v < 127 { return ascii[Int(v) - 32] }
        return others[v] ?? fallback
    }

    /// Width of `text` in px: the sum of its glyphs' advances (no kerning: the same string always measures and
    /// draws the same).
    public func width(of text: String) -> Int {
        var w = 0
        for s in text.unicodeScalars { w += glyph(s).advance }
        return w
    }

    /// Characters beyond ASCII rendered in every set: Latin-1 and the symbols the sandbox's texts may use.
    static let extraScalars: [UInt32] =
        Array(0xA0...0xFF) + [0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026, 0x2190, 0x2191]
        + [0x2192, 0x2193, 0x2212, 0x2248, 0x2264, 0x2265, 0x221E, 0x03C0, 0x0394, 0x03B8, 0x03C9, 0x03B1]
}

/// A TrueType font file rasterized by FreeType into anti-aliased 8-bit coverage, lightly hinted (vertically
/// only). Each pixel size is rendered once and cached (`glyphs(pixelSize:)`); the same FreeType version and font
/// file give the same pixels on every run.
public final class TrueTypeFont: Sendable {
    /// The font file.
    public let path: String
    /// The font's family and style name as the file states them ("DejaVu Sans Mono Book").
    public let name: String
    private let state: Mutex<FaceState>

    /// FreeType's handles and the sets made so far (FreeType faces are not thread-safe: used under the lock).
    struct FaceState: ~Copyable {
        var library: FT_Library?
        var face: FT_Face?
        var sets: [Int: GlyphSet] = [:]

        deinit {
            if let face { FT_Done_Face(face) }
            if let library { FT_Done_FreeType(library) }
        }
    }

    /// Opens the TrueType (or OpenType) font at `path`; throws with one line naming the file when it is missing
    /// or not a font.
    public init(path: String) throws(TrueTypeFontError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw TrueTypeFontError(description: "FreeType could not start (FT_Init_FreeType failed)")
        }
        var face: FT_Face?
        let err = FT_New_Face(library, path, 0, &face)
        guard err == 0, let face else {
            FT_Done_FreeType(library)
            throw TrueTypeFontError(
                description: "font \(path): "
                    + (err == 1 ? "no such file" : "not a font FreeType can read (error \(err))"))
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw TrueTypeFontError(description: "font \(path): not a scalable (outline) font")
        }
        let family = face.pointee.family_name.map { String(cString: $0) } ?? "?"
        let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
        self.path = path
        name = style.isEmpty ? family : family + " " + style
        state = Mutex(FaceState(library: library, face: face))
    }

    /// The glyphs at `pixelSize` px per em (clamped to 4…200, in steps of 1/64 px), rendered on first use.
    public func glyphs(pixelSize: Double) -> GlyphSet {
        let size = pixelSize.isFinite ? max(4, min(200, pixelSize)) : 12
        let key = Int((size * 64).rounded())
        return state.withLock { s in
            if let set = s.sets[key] { return set }
            let set = Self.render(s.face!, size26: key)
            s.sets[key] = set
            return set
        }
    }

    /// Renders every glyph of a set at `size26` (26.6 fixed-point px).
    private static func render(_ face: FT_Face, size26: Int) -> GlyphSet {
        FT_Set_Char_Size(face, 0, FT_F26Dot6(size26), 72, 72)
        let metrics = face.pointee.size.pointee.metrics
        // Hinted metrics are whole pixels in 26.6; round up so nothing is clipped.
        let ascent = Int((metrics.ascender + 63) >> 6)
        let lineHeight = max(1, Int((metrics.height + 63) >> 6))
        var ascii: [Glyph] = []
        for v in UInt32(32)..<127 { ascii.append(renderGlyph(face, v)) }
        var others: [UInt32: Glyph] = [:]
        for v in GlyphSet.extraScalars where FT_Get_Char_Index(face, FT_ULong(v)) != 0 {
            others[v] = renderGlyph(face, v)
        }
        return GlyphSet(
            pixelSize: Double(size26) / 64, ascent: ascent, lineHeight: lineHeight, ascii: ascii, others: others)
    }

    private static func renderGlyph(_ face: FT_Face, _ scalar: UInt32) -> Glyph {
        guard FT_Load_Char(face, FT_ULong(scalar), CFreeType_loadRenderLight) == 0, let slot = face.pointee.glyph
        else { return Glyph(width: 0, rows: 0, left: 0, top: 0, advance: 0, coverage: []) }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
        var coverage = [UInt8](repeating: 0, count: w * h)
        if let buf = bm.buffer, w > 0, h > 0, bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            for y in 0..<h {
                // A negative pitch means the rows are stored bottom-up.
                let row = pitch >= 0 ? y * pitch : (h - 1 - y) * -pitch
                for x in 0..<w { coverage[y * w + x] = buf[row + x] }
            }
        }
        return Glyph(
            width: w, rows: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            advance: Int((slot.pointee.advance.x + 32) >> 6), coverage: coverage)
    }
}
