import Dynamics
import Foundation
import SandboxScenes

/// One panel edit, for undo and redo: which row (by its section and name, for the item it was made on) and the
/// values before and after.
struct PanelEdit: Equatable {
    /// Index of the selected item in the scene when the edit was made, nil when none was selected.
    var itemIndex: Int?
    /// The row's section without its "(shared by …)" note.
    var section: String
    /// The row's name.
    var name: String
    /// Value before the edit.
    var old: Double
    /// Value after the edit.
    var new: Double
}

extension SandboxApp {
    /// A row's section without the parenthesised note ("item: box 3 (shared by 40)" → "item: box 3").
    static func sectionKey(_ section: String) -> String {
        section.range(of: " (").map { String(section[..<$0.lowerBound]) } ?? section
    }

    /// Starts an edit of `row` (a key press, a click or the start of a slider drag).
    func beginPanelEdit(_ row: PanelRow) {
        guard files.pendingEdit == nil else { return }
        let index = overlay.selected.flatMap { s in world.items.firstIndex { $0 === s } }
        let v = row.get()
        files.pendingEdit = PanelEdit(
            itemIndex: index, section: Self.sectionKey(row.section), name: row.name,
            old: v, new: v)
    }

    /// Ends the edit begun last: recorded for undo when the value changed.
    func commitPanelEdit() {
        guard var edit = files.pendingEdit else { return }
        files.pendingEdit = nil
        guard let row = panelRow(for: edit) else { return }
        edit.new = row.get()
        guard edit.new != edit.old else { return }
        files.undo.append(edit)
        if files.undo.count > 200 { files.undo.removeFirst() }
        files.redo.removeAll()
    }

    /// The row an edit was made on (selecting its item again), or nil when it no longer exists.
    func panelRow(for edit: PanelEdit) -> PanelRow? {
        if let i = edit.itemIndex, world.items.indices.contains(i) { overlay.selected = world.items[i] }
        return panelRows().first { Self.sectionKey($0.section) == edit.section && $0.name == edit.name }
    }

    /// Ctrl+Z: puts the last panel edit back.
    public func undoPanelEdit() {
        guard let edit = files.undo.popLast() else { return log("nothing to undo") }
        guard let row = panelRow(for: edit) else { return log("undo: \(edit.section) \(edit.name) is gone") }
        row.set(edit.old)
        files.redo.append(edit)
        log("undo: \(edit.section) \(edit.name) = \(row.valueText)")
    }

    /// Ctrl+Shift+Z: makes the last undone edit again.
    public func redoPanelEdit() {
        guard let edit = files.redo.popLast() else { return log("nothing to redo") }
        guard let row = panelRow(for: edit) else { return log("redo: \(edit.section) \(edit.name) is gone") }
        row.set(edit.new)
        files.undo.append(edit)
        log("redo: \(edit.section) \(edit.name) = \(row.valueText)")
    }
}
