import Dynamics
import Foundation
import SandboxRender
import SandboxScenes

/// The HUD, the run indicator, the tuning panel, the motion graph, the log panel and the help overlay.
extension SandboxApp {
    static let text = RGBA(hex: 0xE6_E8_EC)
    static let dim = RGBA(hex: 0x9A_A0_AA)
    /// The chrome's boxes: opaque (they sit on the side bar, so nothing shows through; a solid fill costs no blend).
    static let boxFill = RGBA(12, 14, 18)
    static let accent = RGBA(hex: 0x4A_90_E2)

    /// The side bar's background and the line between it and the scene.
    static let sideBarFill = RGBA(hex: 0x12_15_1A)

    func box(_ r: inout Raster, x: Double, y: Double, w: Double, h: Double, _ c: RGBA = SandboxApp.boxFill) {
        r.fillRect(
            x0: Int((x * scale).rounded()), y0: Int((y * scale).rounded()), x1: Int(((x + w) * scale).rounded()),
            y1: Int(((y + h) * scale).rounded()), c)
    }

    /// Everything that is not the scene: the side bar (HUD, panel, readouts, graph, log) or, while it is
    /// collapsed, a one-line HUD in the viewport's top-left corner; the help inside the scene viewport.
    func drawChrome(into r: inout Raster) {
        guard !desktop.chromeHidden else { return }
        if let bar = sideBarRect {
            // One layout per frame: the panel's rows and the readouts (a motion analysis) are made once.
            let rows = showPanel ? panelRows() : []
            let readouts =
                showGraph && overlay.selected != nil ? readoutRows(width: PanelLayout.width - 16) : []
            guard let boxes = sideBarBoxes(readoutRows: readouts.count, panelRows: rows) else { return }
            if let p = boxes.panel { desktop.panelScroll = panelScrollOffset(visible: Double(p.height), rows: rows) }
            box(&r, x: Double(bar.minX), y: 0, w: Double(bar.width), h: Double(bar.height), Self.sideBarFill)
            box(&r, x: Double(bar.minX), y: 0, w: 1, h: Double(bar.height), RGBA(255, 255, 255, 40))
            drawHUD(in: boxes.hud, into: &r)
            if let p = boxes.panel { drawPanel(in: p, rows: rows, into: &r) }
            if let g = boxes.graph {
                drawGraph(in: g, into: &r)
                if let ro = boxes.readouts { drawReadouts(in: ro, rows: readouts, into: &r) }
                if let sp = boxes.springPlot { drawSpringPlot(in: sp, into: &r) }
            }
            if let l = boxes.log { drawLog(in: l, into: &r) }
        } else {
            drawCompactHUD(into: &r)
        }
        if showHelp { drawHelp(into: &r) }
    }

    /// The HUD's timing line: frame rate (or "headless"), the physics / draw split.
    var hudTimingLine: String {
        (isHeadless ? "headless" : String(format: "%.0f fps", fps))
            + String(format: "  physics %.2f  draw %.2f ms", physicsMs, drawMs)
    }

    /// The run indicator's colour and label: green = animator running, grey = animator paused (delegate), amber =
    /// paused by the user.
    var runIndicator: (RGBA, String) {
        userPaused
            ? (RGBA(hex: 0xF5_A6_23), "PAUSED (space)")
            : world.animator.isRunning ? (RGBA(hex: 0x7E_D3_21), "running") : (RGBA(hex: 0x8A_8F_98), "animator paused")
    }

    /// The side bar's top box: scene, state, timing, time scale and overlays; the gravity dial at its right.
    func drawHUD(in rect: CGRect, into r: inout Raster) {
        let x0 = Double(rect.minX), y0 = Double(rect.minY), w = Double(rect.width), step = lineStep
        box(&r, x: x0, y: y0, w: w, h: Double(rect.height))
        let n = SceneCatalog.all.count
        let (color, label) = runIndicator
        let title = "\(sceneTitle)  \(sceneIndex + 1)/\(n)  \(files.path == nil ? scene.source : "file")"
        let dial = overlays.gravity && world.gravity != nil
        // The dial takes the right end of the second and third lines.
        let full = w - 16, room = full - (dial ? 2 * step + 6 : 0)
        text(&r, fitted(title, full - 12), x: x0 + 20, y: y0 + 6)
        r.fillCircle(
            center: PixelPoint((x0 + 11) * scale, (y0 + 6 + step / 2) * scale), radius: 4.5 * scale, color)
        text(&r, fitted("\(label)  items \(world.items.count)", room), x: x0 + 8, y: y0 + 6 + step, Self.dim)
        let pad = gamepadName.map { "  pad: \($0)" } ?? ""
        text(
            &r, fitted("time x\(timeScaleText)  \(overlays.label)" + pad, room), x: x0 + 8, y: y0 + 6 + 2 * step,
            Self.dim)
        text(&r, fitted(hudTimingLine, full), x: x0 + 8, y: y0 + 6 + 3 * step, Self.dim)
        if dial, let g = world.gravity {
            let radius = step - 1
            let c = PixelPoint((x0 + w - radius - 8) * scale, (y0 + 6 + 2 * step) * scale)
            SceneRenderer.drawGravityDial(g.gravityDirection, center: c, radius: radius * scale, into: &r)
        }
    }

    /// `s` cut to what fits in `width` pt, with "..." when cut (HUD lines only; the log and help wrap instead).
    func fitted(_ s: String, _ width: Double) -> String {
        let n = charactersFitting(width)
        return s.count <= n ? s : String(s.prefix(max(1, n - 3))) + "..."
    }

    /// While the side bar is collapsed: one line in the viewport's top-left corner (scene, state, frame rate and
    /// how to open the side bar).
    func drawCompactHUD(into r: inout Raster) {
        let (color, label) = runIndicator
        let v = sceneViewport
        let fpsText = isHeadless ? "headless" : String(format: "%.0f fps", fps)
        let line = fitted(
            "\(sceneTitle)  \(label)  \(fpsText)  S: side bar  H: help", Double(v.width) - 44)
        let w = textWidth(line) + 30
        box(&r, x: Double(v.minX) + 8, y: 8, w: w, h: lineStep + 8)
        r.fillCircle(
            center: PixelPoint((Double(v.minX) + 18) * scale, (12 + lineStep / 2) * scale), radius: 4 * scale, color)
        text(&r, line, x: Double(v.minX) + 26, y: 12)
    }

    /// The last log lines (delegate calls, gestures, scene notes) filling `rect`, long ones wrapped (never cut),
    /// newest at the bottom.
    func drawLog(in rect: CGRect, into r: inout Raster) {
        let x0 = Double(rect.minX), y0 = Double(rect.minY), w = Double(rect.width), h = Double(rect.height)
        box(&r, x: x0, y: y0, w: w, h: h)
        guard !logLines.isEmpty else { return }
        let maxChars = charactersFitting(w - 12)
        let rows = logRows(width: maxChars, fit: max(1, Int((h - 10) / lineStep)))
        let top = y0 + h - 5 - Double(rows.count) * lineStep
        for (i, row) in rows.enumerated() { text(&r, row.0, x: x0 + 6, y: top + Double(i) * lineStep, row.1) }
    }

    /// The log's rows for a box `width` characters wide holding `fit` rows: the newest entries that fit whole (a
    /// wrapped entry is never shown from its middle), oldest first; the newest alone is cut to its last rows when
    /// even it does not fit.
    func logRows(width: Int, fit: Int) -> [(String, RGBA)] {
        var rows: [(String, RGBA)] = []
        for line in logLines.reversed() {
            let c = line.contains("dynamicAnimator") ? Self.accent.mixed(with: Self.text, 0.3) : Self.dim
            let parts = Self.wrap(line, width: width, indent: 11).map { ($0, c) }
            if rows.count + parts.count > fit {
                if rows.isEmpty { rows = Array(parts.suffix(fit)) }
                break
            }
            rows.insert(contentsOf: parts, at: 0)
        }
        return rows
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

    /// The tuning panel in `rect` (scrolled to keep the selected row in view; rows cut by the box are not drawn).
    func drawPanel(in rect: CGRect, rows: [PanelRow], into r: inout Raster) {
        let x0 = Double(rect.minX), w = Double(rect.width)
        box(&r, x: x0, y: Double(rect.minY), w: w, h: Double(rect.height))
        let scroll = desktop.panelScroll
        let y0 = Double(rect.minY) - scroll, visible = Double(rect.minY)...Double(rect.maxY)
        let tops = PanelLayout.rowTops(rows)
        let nameRoom = PanelLayout.trackX - 14, valueRoom = w - 16
        var section: String?
        for (i, row) in rows.enumerated() {
            let y = y0 + tops[i]
            let heading = row.section != section
            section = row.section
            if heading, visible.contains(y - PanelLayout.headingHeight + 2), visible.contains(y) {
                text(&r, fitted(row.section, valueRoom), x: x0 + 8, y: y - PanelLayout.headingHeight + 2, Self.accent)
            }
            guard visible.contains(y), visible.contains(y + PanelLayout.rowHeight) else { continue }
            if i == panelIndex {
                box(&r, x: x0 + 2, y: y - 2, w: w - 4, h: PanelLayout.rowHeight - 2, RGBA(255, 255, 255, 28))
            }
            text(&r, fitted(row.name, nameRoom), x: x0 + 10, y: y, Self.text)
            var value = row.valueText
            if let d = row.derived() { value += "  " + d }
            if i == panelIndex, let typed = numericEntry { value = "type a value: \(typed)_  (enter / esc)" }
            text(&r, fitted(value, valueRoom), x: x0 + 10, y: y + lineStep - 1, Self.dim)
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
        // More rows above or below: a thin bar on the box's right edge shows where the view is.
        let content = PanelLayout.height(rows), shown = Double(rect.height)
        if content > shown + 0.5 {
            let barH = max(12, shown * shown / content),
                barY = Double(rect.minY) + (shown - barH) * scroll / (content - shown)
            box(&r, x: Double(rect.maxX) - 4, y: barY, w: 3, h: barH, RGBA(255, 255, 255, 70))
        }
    }

    /// Every key and mouse gesture, centred in the scene viewport (never over the side bar), in a face small
    /// enough for the viewport.
    func drawHelp(into r: inout Raster) {
        var lines: [(key: String, text: String)] = [
            ("Mouse", ""),
            ("  press+drag", "attach the item to the cursor and drag"),
            ("  release", "while moving: fling it with the cursor's velocity"),
            ("  tap", "empty space: snap the selected item there"),
            ("  right-click", "instantaneous push toward the click"),
            ("  side bar", "click or drag a slider; click a switch"),
            ("  wheel", "zoom at the cursor (F frames all, 0 resets)"),
            ("  middle-drag", "pan the view (or space+drag)"),
            ("", ""), ("Keys", "")
        ]
        var seen = Set<String>()
        for c in KeyCommand.allCases where c != .panelPrevious {
            let h = c.help
            guard seen.insert(h.key).inserted else { continue }
            lines.append(("  " + h.key, h.action))
            if c.overlayLayer != nil {
                // The layers' numbers, under the 1 ... 7 line.
                let names = OverlayLayer.allCases.map { "\($0.rawValue) \($0.name)" }
                lines.append(("", names[..<4].joined(separator: "  ")))
                lines.append(("", names[4...].joined(separator: "  ")))
            }
        }
        lines.append(("", ""))
        lines.append(("Gamepad: left stick tilts gravity (plug in any time)", ""))
        let v = sceneViewport
        // The face shrinks (not below 8 px) when the viewport is too small for the help at its size.
        let base = textFace
        let keyCol = Double(lines.map { base.width(of: $0.key.count < 16 ? $0.key : "") }.max() ?? 0) / scale + 12
        let widest = lines.map { Double(base.width(of: $0.text)) / scale + keyCol }.max() ?? 0
        let needW = max(widest, Double(base.width(of: lines.last?.key ?? "")) / scale) + 24
        let needH = Double(lines.count) * lineStep + 20
        let shrink = min(1, (Double(v.width) - 16) / needW, (Double(v.height) - 16) / needH)
        let face = TextFace(font: font, pixelSize: max(8, ChromeFont.pointSize * scale * shrink))
        let k = Double(face.width(of: "0")) / Double(max(1, base.width(of: "0")))
        let step = Double(face.lineHeight) / scale
        let w = min(Double(v.width) - 16, needW * k), h = min(Double(v.height) - 16, Double(lines.count) * step + 20)
        let x0 = Double(v.minX) + (Double(v.width) - w) / 2, y0 = Double(v.minY) + max(8, (Double(v.height) - h) / 2)
        box(&r, x: x0, y: y0, w: w, h: h, RGBA(10, 12, 16, 235))
        for (i, line) in lines.enumerated() {
            let y = Int(((y0 + 10 + Double(i) * step) * scale).rounded())
            guard Double(y) / scale + step <= y0 + h else { break }
            let heading = !line.key.hasPrefix(" ") && !line.key.isEmpty
            r.drawText(
                line.key, x: Int(((x0 + 12) * scale).rounded()), y: y, face: face, heading ? Self.accent : Self.text)
            r.drawText(
                line.text, x: Int(((x0 + 12 + keyCol * k) * scale).rounded()), y: y, face: face,
                line.key.isEmpty ? Self.dim : Self.text)
        }
    }
}
