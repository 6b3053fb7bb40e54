import Foundation

/// Typing a value for the selected panel row: Enter starts, digits (and `.`, `-`, `e`) type, Backspace erases,
/// Enter applies (clamped to the row's range, one undo step), Esc cancels.
extension SandboxApp {
    /// The value being typed for the selected row, or nil when not typing.
    public var numericEntry: String? { files.entry }

    /// Handles a key while typing; returns true when the key was the entry's (other commands are held back so
    /// that "1" types a digit instead of toggling an overlay).
    func entryKey(_ command: KeyCommand) -> Bool {
        guard files.entry != nil else {
            if command == .enter { beginNumericEntry() }
            return command == .enter
        }
        switch command {
        case .enter: applyNumericEntry()
        case .backspace:
            if files.entry?.isEmpty == false { files.entry?.removeLast() }
        case .quit:
            files.entry = nil
            log("value entry cancelled")
        default: break
        }
        return true
    }

    /// Typed text while typing a value: digits, `.`, `-`, `e` are kept.
    func entryText(_ text: String) {
        guard files.entry != nil else { return }
        files.entry?.append(contentsOf: text.filter { "0123456789.-eE".contains($0) })
    }

    func beginNumericEntry() {
        let rows = panelRows()
        guard !rows.isEmpty else { return }
        panelIndex = min(panelIndex, rows.count - 1)
        files.entry = ""
        let row = rows[panelIndex]
        log("type a value for \(row.section) \(row.name) (now \(row.valueText)); Enter applies, Esc cancels")
    }

    func applyNumericEntry() {
        let typed = files.entry ?? ""
        files.entry = nil
        let rows = panelRows()
        guard panelIndex < rows.count else { return }
        let row = rows[panelIndex]
        guard let v = Double(typed), v.isFinite else {
            return log("'\(typed)' is not a number: \(row.name) stays \(row.valueText)")
        }
        var value = v
        switch row.kind {
        case .toggle: value = v != 0 ? 1 : 0
        case .slider(let range, _): value = max(range.lowerBound, min(range.upperBound, v))
        }
        beginPanelEdit(row)
        row.set(value)
        commitPanelEdit()
        let note = value != v ? " (the row's range is \(row.kind.rangeText))" : ""
        log("\(row.section) \(row.name) = \(row.valueText)\(note)")
    }
}

extension PanelRow.Kind {
    /// "0 … 20" for a slider, "0 or 1" for a switch.
    var rangeText: String {
        switch self {
        case .toggle: "0 or 1"
        case .slider(let r, _): String(format: "%g ... %g", r.lowerBound, r.upperBound)
        }
    }
}
