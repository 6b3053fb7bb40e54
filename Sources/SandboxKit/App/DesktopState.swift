/// What the desktop shell keeps beside the scene: whether the run has a display clock, whether the chrome is
/// hidden.
public struct DesktopState: Sendable {
    /// Run without a window (`--headless`): the HUD shows "headless" instead of a frame rate, since its frames
    /// are stepped as fast as they are made, not displayed. Default false.
    public var isHeadless = false
    /// All chrome (HUD, log, panel, graph, help) hidden by the chrome key (`\` or F10). Default false.
    public var chromeHidden = false

    /// The side bar collapsed by the user (S or F9): the scene takes the whole window. Default false.
    public var sideBarCollapsed = false
    /// The tuning panel's scroll offset, pt (it scrolls to keep the selected row in view).
    var panelScroll = 0.0

    /// The panel rows' value texts when a mouse press started on the panel, to log what the press changed.
    var panelValuesAtPress: [String] = []

    /// The defaults.
    public init() {}
}

extension SandboxApp {
    /// Run without a window: the HUD says so instead of showing a frame rate. Default false.
    public var isHeadless: Bool {
        get { desktop.isHeadless }
        set { desktop.isHeadless = newValue }
    }
}

extension SandboxApp {
    /// A mouse press on the panel starts: remembers the values, so the release can log the change.
    func notePanelPress() {
        desktop.panelValuesAtPress = panelRows().map(\.valueText)
    }

    /// The mouse released the panel: logs the selected row's new value if the press changed it (keys log their
    /// own changes in `nudgePanel`).
    func logPanelRelease() {
        let rows = panelRows()
        let before = desktop.panelValuesAtPress
        desktop.panelValuesAtPress = []
        guard panelIndex < rows.count, panelIndex < before.count, rows.count == before.count else { return }
        let r = rows[panelIndex]
        if r.valueText != before[panelIndex] { log("\(r.section) \(r.name) = \(r.valueText) (mouse)") }
    }
}
