import Foundation
import SandboxRender
import Testing

/// TrueType text (FreeType, DejaVu Sans Mono from fonts-dejavu-core) and its bitmap-font fallback.
@Suite("TrueType text")
struct TextFaceTests {
    static let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    static func font() throws -> TrueTypeFont { try TrueTypeFont(path: mono) }

    /// The glyph of `c` drawn alone, as coverage rows trimmed to its ink.
    static func ink(_ c: String, _ face: TextFace) -> [UInt32] {
        var r = Raster(width: 40, height: 40, fill: RGBA(0, 0, 0))
        r.drawText(c, x: 10, y: 5, face: face, RGBA(255, 255, 255))
        return r.pixels
    }

    @Test("DejaVu Sans Mono opens; each pixel size is rendered once and then reused")
    func opensAndCaches() throws {
        let f = try Self.font()
        #expect(f.name.hasPrefix("DejaVu Sans Mono"))
        let a = f.glyphs(pixelSize: 12), b = f.glyphs(pixelSize: 12), c = f.glyphs(pixelSize: 18)
        #expect(a === b, "the same size is not rendered twice")
        #expect(a !== c && c.lineHeight > a.lineHeight)
        // A monospaced font: every ASCII glyph advances the same whole number of px (0.6 em, hinted: 7 px at 12).
        let advances = Set((32..<127).map { a.glyph(Unicode.Scalar($0)!).advance })
        #expect(advances == [7])
    }

    @Test("anti-aliased, and 0 / 8 / O / Q are four different shapes")
    func legible() throws {
        let face = TextFace(font: try Self.font(), pixelSize: 12)
        let zero = Self.ink("0", face)
        // Grey levels between background and ink: anti-aliasing.
        let greys = Set(zero.map { $0 & 0xFF }).filter { $0 > 0 && $0 < 255 }
        #expect(greys.count > 10, "\(greys.count) grey levels")
        let shapes = ["0", "8", "O", "Q", "o", "1", "l", "I"].map { Self.ink($0, face) }
        #expect(Set(shapes.map { $0.hashValue }).count == shapes.count)
        // DejaVu Sans Mono's 0 has a dot in its middle, its O none (the bitmap font's slashed 0 read as 8): the
        // centre of each glyph's inked box is bright in 0 and dark in O and 8's waist is inked.
        func centre(_ px: [UInt32]) -> UInt32 {
            let inked = px.indices.filter { px[$0] & 0xFF > 128 }
            let xs = inked.map { $0 % 40 }, ys = inked.map { $0 / 40 }
            let cx = (xs.min()! + xs.max()!) / 2, cy = (ys.min()! + ys.max()!) / 2
            return (-1...1).flatMap { dy in (-1...1).map { dx in px[(cy + dy) * 40 + cx + dx] & 0xFF } }.max()!
        }
        #expect(centre(shapes[0]) > 128, "0 has its dot")
        #expect(centre(shapes[2]) < 64, "O is hollow")
        #expect(centre(shapes[1]) > 128, "8 has its waist")
    }

    @Test("the same text drawn by two separately opened fonts is bit-identical; drawing ends where measuring says")
    func deterministicAndMeasured() throws {
        let text = "scene sticker-pile  1.03 s  60 fps  -12.5 pt/s"
        var a = Raster(width: 400, height: 30), b = Raster(width: 400, height: 30)
        let fa = TextFace(font: try Self.font(), pixelSize: 13), fb = TextFace(font: try Self.font(), pixelSize: 13)
        let end = a.drawText(text, x: 4, y: 4, face: fa, RGBA(230, 232, 236))
        b.drawText(text, x: 4, y: 4, face: fb, RGBA(230, 232, 236))
        #expect(a.pixels == b.pixels)
        #expect(end == 4 + fa.width(of: text))
        // No ink right of the measured width.
        let inkRight = (0..<a.height).contains { y in (end + 1..<a.width).contains { a[$0, y] != RGBA(0, 0, 0) } }
        #expect(!inkRight)
    }

    @Test("a missing font file is one line naming it; the face falls back to the bitmap font")
    func missingFont() {
        #expect(throws: TrueTypeFontError.self) { try TrueTypeFont(path: "/nonexistent/Font.ttf") }
        do {
            _ = try TrueTypeFont(path: "/nonexistent/Font.ttf")
        } catch {
            #expect(error.description == "font /nonexistent/Font.ttf: no such file")
        }
        let face = TextFace(font: nil, pixelSize: 22)
        #expect(face.isBitmap && face.bitmapScale == 2)
        #expect(face.width(of: "abc") == BitmapFont.width(of: "abc", scale: 2))
        var r = Raster(width: 60, height: 30)
        #expect(r.drawText("abc", x: 2, y: 2, face: face, RGBA(255, 255, 255)) == 2 + 36)
        #expect(r.distinctColors() == 2)
    }

    @Test("a file that is not a font is refused with a message, not a crash")
    func notAFont() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(getpid()).ttf")
        try Data("hello".utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        #expect(throws: TrueTypeFontError.self) { try TrueTypeFont(path: path.path) }
    }
}
