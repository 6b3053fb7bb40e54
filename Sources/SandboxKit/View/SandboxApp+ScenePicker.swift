import Foundation
import SandboxRender
import SandboxScenes

/// The scene picker (Ctrl+K or /): a box over the scene listing every scene by category with a search line.
/// Typed text filters (by name, summary, source, category), up / down choose, Enter or a click opens, Esc (or
/// the picker key again, or a click outside) closes. While it is open it takes every key and click.
extension SandboxApp {
    /// The picker's layout, pt: the box, where the list starts, its line height and how many lines fit.
    struct PickerLayout {
        var box: CGRect
        var listTop: Double
        var visibleLines: Int
        static let lineHeight = 12.0
        /// Lines for the selected scene's summary under the list.
        static let summaryLines = 3
    }

    /// Whether the picker is open.
    public var isPickerOpen: Bool { picker != nil }

    /// The picker's search text, or nil when it is closed.
    public var pickerQuery: String? { picker?.query }

    /// The picker's layout in the current window.
    var pickerLayout: PickerLayout {
        let w = min(620, Double(size.width) - 24), h = max(120, Double(size.height) - 48)
        let box = CGRect(x: (Double(size.width) - w) / 2, y: 24, width: w, height: h)
        let listTop = Double(box.minY) + 40
        let bottom = Double(box.maxY) - 12 - Double(PickerLayout.summaryLines) * 11 - 6
        return PickerLayout(
            box: box, listTop: listTop, visibleLines: max(1, Int((bottom - listTop) / PickerLayout.lineHeight)))
    }

    /// Opens the picker with the current scene selected (closes it when open).
    func openPicker() {
        if picker != nil { return closePicker() }
        var p = ScenePicker(selecting: sceneIndex)
        p.scrollToSelection(visible: pickerLayout.visibleLines)
        picker = p
        log("scene picker: type to search, up / down + enter or click to open, esc closes")
    }

    func closePicker() {
        picker = nil
    }

    /// Opens the selected scene and closes the picker.
    func openPickedScene() {
        guard let index = picker?.selectedScene else { return log("scene picker: no scene matches") }
        picker = nil
        loadScene(index)
    }

    /// A key while the picker is open; returns whether the picker took it (every pressed key while open).
    func pickerKey(_ command: KeyCommand, shift: Bool) -> Bool {
        guard var p = picker else { return false }
        let visible = pickerLayout.visibleLines
        switch command {
        case .tiltUp, .panelPrevious: p.move(by: -1)
        case .tiltDown, .panelNext: p.move(by: shift ? -1 : 1)
        case .backspace: p.erase()
        case .enter:
            picker = p
            openPickedScene()
            return true
        case .quit, .scenePicker:
            closePicker()
            return true
        default: break
        }
        p.scrollToSelection(visible: visible)
        picker = p
        return true
    }

    /// Typed text while the picker is open goes to its search line; returns whether it did.
    func pickerText(_ text: String) -> Bool {
        guard picker != nil else { return false }
        picker?.type(text)
        picker?.scrollToSelection(visible: pickerLayout.visibleLines)
        return true
    }

    /// The wheel over the open picker moves the selection; returns whether the picker is open.
    func pickerWheel(_ steps: Double) -> Bool {
        guard picker != nil else { return false }
        guard steps.isFinite else { return true }
        picker?.move(by: steps > 0 ? -1 : 1)
        picker?.scrollToSelection(visible: pickerLayout.visibleLines)
        return true
    }

    /// A press while the picker is open: on a scene's line opens it, outside the box closes the picker. Returns
    /// whether the picker is open (it takes every press).
    func pickerPointerDown(_ p: CGPoint, button: PointerButton) -> Bool {
        guard let picker else { return false }
        let layout = pickerLayout
        guard layout.box.contains(p) else {
            closePicker()
            return true
        }
        guard button == .primary else { return true }
        let row = Int(((Double(p.y) - layout.listTop) / PickerLayout.lineHeight).rounded(.down))
        let lines = picker.lines
        let k = picker.firstLine + row
        if row >= 0, row < layout.visibleLines, lines.indices.contains(k), case .scene(let index) = lines[k] {
            self.picker?.select(scene: index)
            openPickedScene()
        }
        return true
    }

    /// Draws the open picker over the scene.
    func drawPicker(into r: inout Raster) {
        guard let picker else { return }
        let layout = pickerLayout
        let b = layout.box
        let x0 = Double(b.minX), y0 = Double(b.minY), w = Double(b.width)
        box(&r, x: x0, y: y0, w: w, h: Double(b.height), RGBA(10, 12, 16, 240))
        text(&r, "Scenes   search: \(picker.query)_", x: x0 + 12, y: y0 + 10, Self.accent)
        let hint = "\(picker.matches.count) of \(picker.scenes.count)   up/down, enter or click; esc closes"
        text(&r, hint, x: x0 + 12, y: y0 + 23, Self.dim)
        let lines = picker.lines
        let maxChars = max(20, Int((w - 40) / 6))
        for row in 0..<layout.visibleLines {
            let k = picker.firstLine + row
            guard lines.indices.contains(k) else { break }
            let y = layout.listTop + Double(row) * PickerLayout.lineHeight
            switch lines[k] {
            case .header(let c):
                text(&r, c.title, x: x0 + 12, y: y + 2, Self.accent)
            case .scene(let i):
                let s = picker.scenes[i]
                if i == picker.selectedScene {
                    box(&r, x: x0 + 4, y: y, w: w - 8, h: PickerLayout.lineHeight, RGBA(255, 255, 255, 36))
                }
                let name = s.name.padding(toLength: max(22, s.name.count + 1), withPad: " ", startingAt: 0)
                let line = String((name + " " + s.summary).prefix(maxChars - 2))
                text(&r, line, x: x0 + 24, y: y + 2, i == sceneIndex ? Self.accent : Self.text)
            }
        }
        // The selected scene's whole summary (the list cuts long ones), wrapped.
        guard let i = picker.selectedScene else {
            text(&r, "no scene matches '\(picker.query)'", x: x0 + 12, y: layout.listTop, Self.dim)
            return
        }
        let s = picker.scenes[i]
        let full = "\(s.name) (\(s.source)): \(s.summary)"
        let wrapped = Self.wrap(full, width: maxChars, indent: 2).prefix(PickerLayout.summaryLines)
        let top = Double(b.maxY) - 12 - Double(PickerLayout.summaryLines) * 11
        for (k, line) in wrapped.enumerated() { text(&r, line, x: x0 + 12, y: top + Double(k) * 11, Self.text) }
    }
}
