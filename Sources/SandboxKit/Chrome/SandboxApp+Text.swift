import Foundation
import SandboxRender
import Synchronization

/// The chrome's font: DejaVu Sans Mono (Debian's fonts-dejavu-core), opened once per process and path.
public enum ChromeFont {
    /// The font file the sandbox reads by default: DejaVu Sans Mono, whose 0 (dotted), O and Q, 1, l and I are
    /// all distinct and whose digits line up in columns.
    public static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
    /// The chrome's text size at 1 px/pt: 12 px per em (a 14-pt line).
    public static let pointSize = 12.0

    private static let opened = Mutex<[String: Result<TrueTypeFont, TrueTypeFontError>]>([:])

    /// The font at `path`, opened on first use (later calls share it and its glyph cache), or why it could not be.
    public static func open(_ path: String) -> Result<TrueTypeFont, TrueTypeFontError> {
        opened.withLock { fonts in
            if let f = fonts[path] { return f }
            let result = Result { () throws(TrueTypeFontError) in try TrueTypeFont(path: path) }
            fonts[path] = result
            return result
        }
    }
}

/// Text of the HUD, panel, graph, log and help: the TrueType face sized for the display scale, measured by the
/// font so layout fits.
extension SandboxApp {
    /// The chrome's face: the TrueType font at `ChromeFont.pointSize` × `scale` px, or the bitmap font when the
    /// font file could not be opened.
    var textFace: TextFace { TextFace(font: font, pixelSize: ChromeFont.pointSize * scale) }

    /// Width of `s` in the chrome's face, pt.
    func textWidth(_ s: String) -> Double { Double(textFace.width(of: s)) / scale }

    /// How many characters fit in `width` pt (the face is monospaced: its digit's advance).
    func charactersFitting(_ width: Double) -> Int {
        let advance = max(1, textFace.width(of: "0"))
        return max(8, Int(width * scale) / advance)
    }

    /// Draws `s` with its line's top-left corner at (`x`, `y`) pt.
    func text(_ r: inout Raster, _ s: String, x: Double, y: Double, _ c: RGBA = SandboxApp.text) {
        r.drawText(s, x: Int((x * scale).rounded()), y: Int((y * scale).rounded()), face: textFace, c)
    }

    /// Opens the configured font; a missing or unreadable file is one log line and the bitmap font.
    static func openFont(_ path: String) -> (TrueTypeFont?, String?) {
        switch ChromeFont.open(path) {
        case .success(let f): return (f, nil)
        case .failure(let e):
            return (nil, "\(e.description): text uses the built-in 5x7 bitmap font (apt install fonts-dejavu-core)")
        }
    }
}
