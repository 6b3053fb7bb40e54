import Dynamics
import Foundation
import SandboxRender
import SandboxScenes

/// The HUD, the run indicator, the tuning panel, the motion graph, the log panel and the help overlay.
extension SandboxApp {
    static let text = RGBA(hex: 0xE6_E8_EC)
    static let dim = RGBA(hex: 0x9A_A0_AA)
    static let boxFill = RGBA(10, 12, 16, 200)
    static let accent = RGBA(hex: 0x4A_90_E2)

    /// Whole-pixel text scale for the current HiDPI scale (the 5 × 7 font stays sharp).
    var textScale: Int { max(1, Int(scale.rounded())) }

    func box(_ r: inout Raster, x: Double, y: Double, w: Double, h: Double, _ c: RGBA = SandboxApp.boxFill) {
        r.fillRect(x0: Int(x * scale), y0: Int(y * scale), x1: Int((x + w) * scale), y1: Int((y + h) * scale), c)
    }

    func text(_ r: inout Raster, _ s: String, x: Double, y: Double, _ c: RGBA = SandboxApp.text) {
        r.drawText(s, x: Int(x * scale), y: Int(y * scale), scale: textScale, c)
    }

    /// Everything drawn over the scene.
    func drawChrome(into r: inout Raster) {
        guard !desktop.chromeHidden else { return }
        drawHUD(into: &r)
        drawLog(into: &r)
        if showGraph {
            drawGraph(into: &r)
            drawReadouts(into: &r)
            drawSpringPlot(into: &r)
        }
        if showPanel { drawPanel(into: &r) }
        if showHelp { drawHelp(into: &r) }
    }

    /// The HUD's timing line: frame rate (or "headless"), the physics / draw split, the item count.
    var hudTimingLine: String {
        (isHeadless ? "headless, 1/60 s steps" : String(format: "%.0f fps", fps))
            + String(format: "   physics %.2f ms   draw %.2f ms   items %d", physicsMs, drawMs, world.items.count)
    }

    /// Top-left: scene, state indicator, timing split, time scale, overlays.
    func drawHUD(into r: inout Raster) {
        let n = SceneCatalog.all.count
        let lines = [
            "\(sceneTitle)  (\(sceneIndex + 1)/\(n), \(files.path == nil ? scene.source : "file"))   H: help",
            hudTimingLine,
            "time x\(timeScaleText)   \(overlays.label)" + (gamepadName.map { "   pad: \($0)" } ?? "")
        ]
        let w = Double(lines.map { BitmapFont.width(of: $0) }.max() ?? 0) * Double(textScale) / scale + 40
        box(&r, x: 8, y: 8, w: w, h: 46)
        // Indicator: green = animator running, grey = animator paused (delegate), amber = paused by the user.
        let (color, label): (RGBA, String) =
            userPaused
            ? (RGBA(hex: 0xF5_A6_23), "PAUSED (space)")
            : world.animator.isRunning ? (RGBA(hex: 0x7E_D3_21), "running") : (RGBA(hex: 0x8A_8F_98), "animator paused")
        r.fillCircle(center: PixelPoint(20 * scale, 20 * scale), radius: 5 * scale, color)
        text(&r, lines[0], x: 30, y: 13)
        text(&r, lines[1], x: 14, y: 27, Self.dim)
        text(&r, lines[2] + "   " + label, x: 14, y: 41, Self.dim)
    }

    /// Bottom-left: the last log lines (delegate calls, gestures, scene notes), long ones wrapped (never cut).
    func drawLog(into r: inout Raster) {
        guard !logLines.isEmpty else { return }
        // Narrower beside the motion graph, so neither covers the other.
        let w = min(Double(size.width) - 16, 560, graphRect.map { Double($0.minX) - 16 } ?? .infinity)
        guard w > 60 else { return }
        let maxChars = max(20, Int(w / 6) - 2)
        var rows: [(String, RGBA)] = []
        for line in logLines {
            let c = line.contains("dynamicAnimator") ? Self.accent.mixed(with: Self.text, 0.3) : Self.dim
            for part in Self.wrap(line, width: maxChars, indent: 11) { rows.append((part, c)) }
        }
        rows = Array(rows.suffix(10))
        let h = Double(rows.count) * 11 + 8
        let y0 = chromeBottom - h - 8
        box(&r, x: 8, y: y0, w: w, h: h)
        for (i, row) in rows.enumerated() { text(&r, row.0, x: 14, y: y0 + 5 + Double(i) * 11, row.1) }
    }

    /// `line` broken at spaces into pieces of at most `width` characters; continuation pieces are indented by
    /// `indent` spaces (under the text after the log's time stamp). A word longer than a line is split.
    static func wrap(_ line: String, width: Int, indent: Int) -> [String] {
        guard line.count > width else { return [line] }
        var out: [String] = []
        var rest = Substring(line)
        var prefix = ""
        while !rest.isEmpty {
            let room = max(8, width - prefix.count)
            if rest.count <= room {
                out.append(prefix + rest)
                break
            }
            let window = rest.prefix(room + 1)
            var cut = window.lastIndex(of: " ") ?? rest.index(rest.startIndex, offsetBy: room)
            if cut == rest.startIndex { cut = rest.index(rest.startIndex, offsetBy: room) }
            out.append(prefix + rest[..<cut])
            rest = rest[cut...].drop { $0 == " " }
            prefix = String(repeating: " ", count: indent)
        }
        return out
    }

    /// Right: the tuning panel.
    func drawPanel(into r: inout Raster) {
        let rows = panelRows()
        guard let rect = panelRect else { return }
        let x0 = Double(rect.minX), y0 = Double(rect.minY)
        box(&r, x: x0, y: y0, w: Double(rect.width), h: Double(rect.height))
        let tops = PanelLayout.rowTops(rows)
        var section: String?
        for (i, row) in rows.enumerated() {
            let y = y0 + tops[i]
            if row.section != section {
                section = row.section
                text(&r, row.section, x: x0 + 8, y: y - 13, Self.accent)
            }
            if i == panelIndex {
                box(
                    &r, x: x0 + 2, y: y - 2, w: Double(rect.width) - 4, h: PanelLayout.rowHeight - 2,
                    RGBA(255, 255, 255, 28))
            }
            text(&r, row.name, x: x0 + 10, y: y, Self.text)
            var value = row.valueText
            if let d = row.derived() { value += "  " + d }
            if i == panelIndex, let typed = numericEntry { value = "type a value: \(typed)_   (enter / esc)" }
            text(&r, value, x: x0 + 10, y: y + 10, Self.dim)
            let tx = x0 + PanelLayout.trackX, ty = y + 6
            switch row.kind {
            case .slider:
                box(&r, x: tx, y: ty, w: PanelLayout.trackWidth, h: 3, RGBA(255, 255, 255, 50))
                box(&r, x: tx, y: ty, w: PanelLayout.trackWidth * row.fraction, h: 3, Self.accent)
                r.fillCircle(
                    center: PixelPoint((tx + PanelLayout.trackWidth * row.fraction) * scale, (ty + 1.5) * scale),
                    radius: 4.5 * scale, Self.text)
            case .toggle:
                let on = row.fraction > 0.5
                box(&r, x: tx, y: ty - 3, w: 22, h: 10, on ? Self.accent : RGBA(255, 255, 255, 50))
                r.fillCircle(
                    center: PixelPoint((tx + (on ? 17 : 5)) * scale, (ty + 2) * scale), radius: 4 * scale,
                    Self.text)
            }
        }
    }

    /// Centre: every key and mouse gesture.
    func drawHelp(into r: inout Raster) {
        var lines = [
            "Mouse",
            "  press on an item + drag   attach it to the cursor and drag",
            "  release while moving      fling it with the cursor's velocity",
            "  tap empty space           snap the selected item there",
            "  right-click               instantaneous push toward the click",
            "  panel (right)             click or drag a slider; click a switch",
            "  wheel                     zoom at the cursor (F frames all, 0 resets)",
            "  middle-drag, space+drag   pan the view",
            "", "Keys"
        ]
        var seen = Set<String>()
        for c in KeyCommand.allCases where c != .panelPrevious {
            let h = c.help
            guard seen.insert(h.key).inserted else { continue }
            lines.append("  " + h.key.padding(toLength: 10, withPad: " ", startingAt: 0) + h.action)
            if c.overlayLayer != nil {
                // The layers' numbers, under the 1 ... 7 line.
                let names = OverlayLayer.allCases.map { "\($0.rawValue) \($0.name)" }
                lines.append("            " + names[..<4].joined(separator: "  "))
                lines.append("            " + names[4...].joined(separator: "  "))
            }
        }
        lines.append("")
        lines.append("Gamepad: left stick tilts gravity (plug in any time)")
        let w = 470.0, h = Double(lines.count) * 11 + 20
        let x0 = (Double(size.width) - w) / 2, y0 = max(8, (Double(size.height) - h) / 2)
        box(&r, x: x0, y: y0, w: w, h: h, RGBA(10, 12, 16, 235))
        for (i, line) in lines.enumerated() {
            text(&r, line, x: x0 + 12, y: y0 + 10 + Double(i) * 11, line.hasPrefix(" ") ? Self.text : Self.accent)
        }
    }
}
