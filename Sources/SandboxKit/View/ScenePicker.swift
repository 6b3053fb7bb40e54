import SandboxScenes

/// The scene picker's model: a search text, the scenes it matches grouped by category, and the selected one.
/// Pure (no drawing): `SandboxApp+ScenePicker` feeds it keys and clicks and draws it.
public struct ScenePicker: Sendable {
    /// One line of the list: a category's title or a scene (its index in the catalogue).
    public enum Line: Hashable, Sendable {
        /// A category's title, above its scenes.
        case header(SceneCategory)
        /// A scene, by its index in `scenes`.
        case scene(Int)
    }

    /// The scenes to pick from. Default `SceneCatalog.all`.
    public let scenes: [SceneDescriptor]
    /// The search text typed so far. Default empty (every scene).
    public private(set) var query = ""
    /// Position of the selected scene in `matches`; 0 when nothing matches.
    public private(set) var selection = 0
    /// The first list line shown (the list scrolls to keep the selection visible).
    public var firstLine = 0
    /// The indices (in `scenes`) of the scenes `query` matches, by category (`SceneCategory.allCases` order), then
    /// in catalogue order.
    public private(set) var matches: [Int]

    /// A picker over `scenes` with the scene at `current` selected.
    public init(scenes: [SceneDescriptor] = SceneCatalog.all, selecting current: Int = 0) {
        self.scenes = scenes
        matches = Self.filter("", in: scenes)
        selection = matches.firstIndex(of: current) ?? 0
    }

    /// The selected scene's index in `scenes`, or nil when nothing matches.
    public var selectedScene: Int? { matches.indices.contains(selection) ? matches[selection] : nil }

    /// The list as shown: each category that has a match, its title, then its matching scenes.
    public var lines: [Line] {
        var out: [Line] = []
        var last: SceneCategory?
        for i in matches {
            let c = scenes[i].category
            if c != last {
                out.append(.header(c))
                last = c
            }
            out.append(.scene(i))
        }
        return out
    }

    // MARK: Editing

    /// Appends typed text to the search (control characters are dropped) and selects the first match.
    public mutating func type(_ text: String) {
        let kept = text.filter { !$0.isNewline && $0.unicodeScalars.allSatisfy { $0.value >= 32 && $0.value != 127 } }
        guard !kept.isEmpty else { return }
        setQuery(query + kept)
    }

    /// Erases the last typed character.
    public mutating func erase() {
        guard !query.isEmpty else { return }
        setQuery(String(query.dropLast()))
    }

    /// Moves the selection by `delta` matches, clamped to the list.
    public mutating func move(by delta: Int) {
        guard !matches.isEmpty else { return }
        selection = max(0, min(matches.count - 1, selection + delta))
    }

    /// Selects the scene at catalogue index `index` if it is listed; returns whether it is.
    @discardableResult
    public mutating func select(scene index: Int) -> Bool {
        guard let k = matches.firstIndex(of: index) else { return false }
        selection = k
        return true
    }

    /// Scrolls so that the selected scene's line is among `visible` lines from `firstLine`.
    public mutating func scrollToSelection(visible: Int) {
        guard let s = selectedScene, let line = lines.firstIndex(of: .scene(s)), visible > 0 else {
            firstLine = 0
            return
        }
        // Show the category title above the first scene of a category too.
        var top = line
        if line > 0, case .header = lines[line - 1] { top = line - 1 }
        if top < firstLine { firstLine = top }
        if line >= firstLine + visible { firstLine = line - visible + 1 }
        firstLine = max(0, min(firstLine, max(0, lines.count - visible)))
    }

    private mutating func setQuery(_ q: String) {
        query = q
        matches = Self.filter(q, in: scenes)
        selection = 0
        firstLine = 0
    }

    // MARK: Filtering

    /// The indices of the scenes of `scenes` that `query` matches, by category then catalogue order. The query is
    /// split at spaces; every word must occur (ignoring case) in the scene's name, summary, source or category
    /// title. An empty query matches every scene.
    public static func filter(_ query: String, in scenes: [SceneDescriptor] = SceneCatalog.all) -> [Int] {
        let words = query.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let hits = scenes.indices.filter { i in
            let s = scenes[i]
            let text = [s.name, s.summary, s.source, s.category.rawValue].joined(separator: "\n").lowercased()
            return words.allSatisfy { text.contains($0) }
        }
        let order = Dictionary(uniqueKeysWithValues: SceneCategory.allCases.enumerated().map { ($1, $0) })
        // A stable sort: catalogue order within each category.
        return hits.enumerated().sorted { a, b in
            let ca = order[scenes[a.element].category] ?? 0, cb = order[scenes[b.element].category] ?? 0
            return ca != cb ? ca < cb : a.offset < b.offset
        }.map(\.element)
    }
}
