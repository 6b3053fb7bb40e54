import Dynamics
import Foundation
import SandboxScenes

/// What the current scene was built from, so that R restarts it with the tuned values, Shift+R with the file's,
/// and Ctrl+S saves it.
@MainActor
struct SceneFileState {
    /// The values the scene was opened with (the file's, or the catalogue scene's): Shift+R goes back to them.
    var base: SceneFile?
    /// The file the current run was built from (the base, or the tuned values of the last R).
    var current: SceneFile?
    /// The live behaviour of each of `current`'s behaviours.
    var live: [DynamicBehavior] = []
    /// The file opened (`--scene-file`, Ctrl+O, a drop), nil for a catalogue scene.
    var path: String?
    /// Ctrl+O walks the saved scenes newest first; the index of the next one.
    var openCursor = 0
    /// Panel edits that Ctrl+Z undoes (newest last) and Ctrl+Shift+Z redoes.
    var undo: [PanelEdit] = []
    /// Undone edits, newest last.
    var redo: [PanelEdit] = []
    /// A slider drag in progress: its edit, committed on release.
    var pendingEdit: PanelEdit?
    /// The value being typed for the selected panel row (Enter), nil when not typing.
    var entry: String?
}

extension SandboxApp {
    /// The scene's name in the HUD and in file names: the file's name, else the catalogue scene's.
    public var sceneTitle: String { files.current?.name ?? scene.name }

    /// The file path of the scene, when it was opened from one.
    public var sceneFilePath: String? { files.path }

    /// Where Ctrl+S saves: `$XDG_DATA_HOME/swiftdynamics/scenes`, else `~/.local/share/swiftdynamics/scenes`.
    public static var savedScenesDirectory: String {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_DATA_HOME"], xdg.hasPrefix("/") { return "\(xdg)/swiftdynamics/scenes" }
        let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return "\(home)/.local/share/swiftdynamics/scenes"
    }

    /// After a catalogue scene is built: its start as a file (data, or its tunable values for a scene that needs
    /// code), so R and Ctrl+S work the same for every scene.
    func adoptCatalogueScene() {
        resetReadout()
        let reason = SceneFile.needsCode(world)
        let (file, live) = SceneFile.capture(
            world, name: scene.name, notes: "\(scene.source): \(scene.summary)",
            code: reason == nil ? nil : scene.name, seed: activeSeed,
            excluding: [control])
        files.base = file
        files.current = file
        files.live = live
        files.path = nil
    }

    /// Opens a loaded file: the scene is built from it (the running scene is replaced).
    public func open(_ file: SceneFile, path: String) {
        if record.replay != nil, !record.feeding { leaveReplay() }
        beginRecordedAction(.open(file, path: path))
        defer { endRecordedAction() }
        files.base = file
        files.path = path
        build(file)
        log("opened \(path): \(file.name)" + (file.notes.map { " (\($0))" } ?? ""))
    }

    /// Opens the file at `path`; a bad file gets one log line (file, JSON path, problem, fix) and the running
    /// scene stays. Returns whether it opened.
    @discardableResult
    public func openFile(_ path: String) -> Bool {
        if let replayed = openIfRecording(path) { return replayed }
        switch SceneFile.load(contentsOf: path) {
        case .success(let file):
            open(file, path: path)
            return true
        case .failure(let e):
            log(e.message)
            return false
        }
    }

    /// Builds `file` as the current scene (R's tuned restart, Shift+R's reset, opening).
    func build(_ file: SceneFile, keepingGhost: Bool = false) {
        let selected = keepingGhost ? keepAsGhost() : nil
        if !keepingGhost { resetReadout() }
        let built = file.build()
        if let index = SceneCatalog.all.firstIndex(where: { $0.name == (file.code ?? file.name) }) {
            sceneIndex = index
        }
        install(built.world)
        files.current = file
        files.live = built.behaviors
        // The panel's own behaviours stay the panel's (the "this item only" switch finds them).
        createdBehaviors = zip(file.behaviors, built.behaviors).compactMap { f, b in
            if case .itemProperties(let p) = f, p.madeByPanel == true { b as? DynamicItemBehavior } else { nil }
        }
        reselect(selected)
        if keepingGhost, !ghostFits, let b = readout.ghost.bounds {
            log(
                String(
                    format: "ghost not drawn: the previous run's reference bounds were %.0f x %.0f pt, this run's"
                        + " %.0f x %.0f (the readouts still compare)", Double(b.width), Double(b.height),
                    Double(world.bounds.width), Double(world.bounds.height)))
        }
        let scene = sceneViewport.size
        if file.referenceBounds.width != Double(scene.width) || file.referenceBounds.height != Double(scene.height) {
            log(
                String(
                    format: "the file's reference bounds are %.0f x %.0f pt (the scene is %.0f x %.0f)",
                    file.referenceBounds.width, file.referenceBounds.height, Double(scene.width),
                    Double(scene.height)))
        }
    }

    /// The current scene with the values tuned in the panel (the start it was built from, with every behaviour's
    /// parameters as they are now).
    public func tunedSceneFile() -> SceneFile? {
        files.current?.tuned(
            from: files.live, extra: createdBehaviors.filter { b in !files.live.contains { $0 === b } },
            in: world)
    }

    /// R: restarts the scene from its start with the tuned values (same seed).
    public func restartWithTunedValues() {
        beginRecordedAction(Recording.Input(kind: "restart", frame: 0))
        defer { endRecordedAction() }
        guard let tuned = tunedSceneFile() else { return loadScene(sceneIndex) }
        build(tuned, keepingGhost: true)
        log("restart with your values (shift+R: the \(files.path == nil ? "scene's" : "file's") values)")
    }

    /// Shift+R: restarts with the values of the file (or catalogue scene) as opened.
    public func resetToFileValues() {
        beginRecordedAction(Recording.Input(kind: "reset", frame: 0))
        defer { endRecordedAction() }
        guard let base = files.base else { return loadScene(sceneIndex) }
        build(base, keepingGhost: true)
        log("restart with the \(files.path == nil ? "scene's" : "file's") values (R keeps your tuning)")
    }

    /// Ctrl+S: saves the tuned scene to the saved-scenes directory under a new name (never overwriting); logs and
    /// returns the path.
    @discardableResult
    public func saveScene(directory: String? = nil) -> String? {
        guard let tuned = tunedSceneFile() else { return nil }
        let dir = directory ?? Self.savedScenesDirectory
        let fm = FileManager.default
        var k = 1
        var path = "\(dir)/\(tuned.name).json"
        while fm.fileExists(atPath: path) {
            k += 1
            path = "\(dir)/\(tuned.name)-\(k).json"
        }
        if let e = tuned.write(to: path, overwrite: false) {
            log(e.message)
            return nil
        }
        files.openCursor = 0
        log("saved \(path)")
        return path
    }

    /// Ctrl+O: opens the saved scenes newest first, one per press (drop a file on the window, or
    /// `--scene-file PATH`, to open any other).
    public func openNextSavedScene(directory: String? = nil) {
        let dir = directory ?? Self.savedScenesDirectory
        let fm = FileManager.default
        // Recordings (Ctrl+R) are opened too, newest first among the scenes: they replay.
        let dirs = directory == nil ? [dir, Self.recordingsDirectory] : [dir]
        let listed = dirs.flatMap { d in
            ((try? fm.contentsOfDirectory(atPath: d)) ?? []).filter { $0.hasSuffix(".json") }.map { "\(d)/\($0)" }
        }
        let files = listed.sorted { a, b in
            let da = (try? fm.attributesOfItem(atPath: a)[.modificationDate] as? Date) ?? .distantPast
            let db = (try? fm.attributesOfItem(atPath: b)[.modificationDate] as? Date) ?? .distantPast
            return da != db ? da > db : a > b
        }
        guard !files.isEmpty else {
            log("no saved scenes in \(dir) yet: Ctrl+S saves one; drop a file on the window to open any")
            return
        }
        let path = files[self.files.openCursor % files.count]
        self.files.openCursor += 1
        if openFile(path), files.count > 1 { log("Ctrl+O again: the next of \(files.count) saved scenes") }
    }
}
