import Dynamics
import Foundation
import SandboxScenes

/// Recording and replay state (see `Recording`, SandboxApp+Recording and SandboxApp+Replay).
@MainActor
struct RecordingState {
    /// The recording in progress, nil when not recording.
    var recorder: Recorder?
    /// The replay in progress, nil when not replaying.
    var replay: ReplayState?
    /// The last recording made, opened or replayed (Ctrl+Shift+R replays it on the current tuning), and its file.
    var last: (recording: Recording, path: String)?
    /// Inputs fed by the replay are being handled (the live panel, timeline and recorder stand aside).
    var feeding = false
    /// A recorded action is running: the inputs it causes are part of it and are not recorded again.
    var depth = 0
    /// The seed of catalogue scenes loaded while replaying (the recording's), nil to use the configuration's.
    var seed: UInt64?
    /// A size the window should take (a replay keeps the recording's size); the window reads and clears it.
    var requestedWindowSize: CGSize?
    /// The last replay's one-line verdict ("replay matches (hash …)"), nil before the first replay ends.
    var verdict: String?
}

/// A recording in progress.
struct Recorder {
    var recording: Recording
    /// Where it is saved when it stops (nil: a new file in `SandboxApp.recordingsDirectory`).
    var path: String?
    /// The pointer clock's time at the recording's first pointer input, s.
    var pointerOrigin: Double?
}

extension SandboxApp {
    /// Where Ctrl+R saves: `$XDG_DATA_HOME/swiftdynamics/recordings`, else `~/.local/share/swiftdynamics/recordings`.
    public static var recordingsDirectory: String {
        (savedScenesDirectory as NSString).deletingLastPathComponent + "/recordings"
    }

    /// A recording is in progress.
    public var isRecording: Bool { record.recorder != nil }

    /// The recording in progress (frames so far, inputs), or nil.
    public var currentRecording: Recording? { record.recorder?.recording }

    /// The seed of catalogue scenes: the replayed recording's while replaying, else the configuration's.
    var activeSeed: UInt64 { record.seed ?? configuration.seed }

    /// Ctrl+R: starts a recording, stops and saves the one in progress, or leaves a replay (the scene goes on live).
    public func toggleRecording() {
        if record.replay != nil { return leaveReplay() }
        if isRecording { stopRecording() } else { startRecording() }
    }

    /// Starts recording: the scene restarts from its start with the values tuned now (as R does; the previous run
    /// becomes the ghost), and from then on every input that affects the simulation is recorded against the frame
    /// index, each frame advancing exactly 1/60 s. `path` (`--record`) is where it is saved when it stops; nil
    /// saves a new file in `recordingsDirectory`.
    public func startRecording(to path: String? = nil) {
        guard record.replay == nil else { return log("recording: leave the replay first (ctrl+R)") }
        if isRecording { stopRecording() }
        guard let tuned = tunedSceneFile() else { return log("recording: this scene cannot be recorded") }
        build(tuned, keepingGhost: true)
        stepRequested = false
        repushOnRelease = false
        let start = Recording.Start(
            gestures: Recording.Gestures(gestures), timeScale: timeScale, paused: userPaused,
            selectedItem: overlay.selected.flatMap { s in world.items.firstIndex { $0 === s } },
            tiltKeys: KeyCommand.allCases.filter { tiltKeys.contains($0) }.map(\.rawValue),
            keyTilt: SceneFile.Vector(dx: Double(keyTilt.dx), dy: Double(keyTilt.dy)),
            stickTilt: SceneFile.Vector(dx: Double(stickTilt.dx), dy: Double(stickTilt.dy)))
        var recording = Recording(
            scene: tuned, seed: activeSeed,
            size: SceneFile.Size(width: Double(size.width), height: Double(size.height)), start: start)
        if let base = files.base, base != tuned { recording.baseScene = base }
        recording.sceneFile = files.path
        record.recorder = Recorder(recording: recording, path: path)
        log(
            "recording \(sceneTitle) from its start with your values, 1/60 s per frame (ctrl+R stops and saves to "
                + (path ?? "a new file in \(Self.recordingsDirectory)") + ")")
    }

    /// Stops the recording: the world's hash goes into it, it is saved (never over an existing file) and becomes
    /// the last recording; logs and returns the path (nil when it could not be written: the log says why).
    @discardableResult
    public func stopRecording() -> String? {
        guard var recorder = record.recorder else { return nil }
        record.recorder = nil
        recorder.recording.end = Recording.End(
            hash: world.stateHash, items: world.items.count, elapsedTime: world.animator.elapsedTime)
        let recording = recorder.recording
        let path = recorder.path ?? Self.newRecordingPath(name: recording.scene.name)
        let seconds = Double(recording.frames) * Recording.fixedFrameInterval
        if let e = recording.write(to: path) {
            log(e.message)
            record.last = (recording, "(unsaved)")
            return nil
        }
        record.last = (recording, path)
        log(
            String(
                format: "recorded %d frames (%.2f s, %d inputs) to %@, end hash %@ (--replay replays it)",
                recording.frames, seconds, recording.inputs.count, path, recording.end?.hash ?? "?"))
        return path
    }

    /// A file name in `recordingsDirectory` that does not exist yet: `<scene>-rec.json`, `<scene>-rec-2.json`, …
    static func newRecordingPath(name: String) -> String {
        let dir = recordingsDirectory
        var path = "\(dir)/\(name)-rec.json"
        var k = 1
        while FileManager.default.fileExists(atPath: path) {
            k += 1
            path = "\(dir)/\(name)-rec-\(k).json"
        }
        return path
    }

    // MARK: Noting inputs

    /// Adds `input` at the current frame to the recording in progress (not while the replay feeds inputs, nor
    /// for inputs caused by a recorded action).
    func note(_ input: Recording.Input) {
        guard record.recorder != nil, record.depth == 0, !record.feeding else { return }
        var input = input
        input.frame = record.recorder!.recording.frames
        record.recorder!.recording.inputs.append(input)
    }

    /// Notes a recorded action (a scene change, an opened file, a restart) and holds back the inputs it causes
    /// until `endRecordedAction()`.
    func beginRecordedAction(_ input: Recording.Input) {
        note(input)
        record.depth += 1
    }

    /// Ends the action begun last.
    func endRecordedAction() { record.depth = max(0, record.depth - 1) }

    /// One recording frame: exactly 1/60 s whatever the display did, counted, with a checkpoint hash every 60.
    func recordedFrame() {
        advanceFrame(dt: Recording.fixedFrameInterval)
        guard record.recorder != nil else { return }
        record.recorder!.recording.frames += 1
        let n = record.recorder!.recording.frames
        if n % Recording.checkpointInterval == 0 {
            record.recorder!.recording.checkpoints =
                (record.recorder!.recording.checkpoints ?? [])
                + [Recording.Checkpoint(frame: n, hash: world.stateHash)]
        }
        if n >= Recording.maximumFrames {
            log("recording: one hour recorded, the longest a recording holds")
            stopRecording()
        }
    }

    // MARK: Hooks (called from the input handlers)

    /// Every event first comes here: a replay keeps the live events that would change the simulation away (and
    /// takes its timeline's), a recording notes the stick, resizes and panel releases and puts pointer times on
    /// its own clock. Returns the event to handle, or nil when it was handled here.
    func routeForRecording(_ event: InputEvent) -> InputEvent? {
        if record.feeding { return event }
        if record.replay != nil { return routeDuringReplay(event) }
        guard var recorder = record.recorder else { return event }
        switch event {
        case .pointerDown(let x, let y, let b, let t), .pointerUp(let x, let y, let b, let t):
            if case .pointerDown = event, b == .primary, view.spaceHeld, view.pauseToggledBySpace {
                // The space press becomes a pan, which undoes its pause toggle: recorded as a toggle back.
                var input = Recording.Input(kind: "key", frame: 0)
                input.key = KeyCommand.pauseResume.rawValue
                input.pressed = true
                input.shift = false
                note(input)
            }
            let origin = recorder.pointerOrigin ?? t
            recorder.pointerOrigin = origin
            record.recorder = recorder
            if case .pointerUp = event {
                if panelDragging { note(Recording.Input(kind: "panelRelease", frame: 0)) }
                return .pointerUp(x: x, y: y, button: b, time: t - origin)
            }
            return .pointerDown(x: x, y: y, button: b, time: t - origin)
        case .pointerMoved(let x, let y, let t):
            let origin = recorder.pointerOrigin ?? t
            recorder.pointerOrigin = origin
            record.recorder = recorder
            return .pointerMoved(x: x, y: y, time: t - origin)
        case .stick(let x, let y):
            var input = Recording.Input(kind: "stick", frame: 0)
            input.x = x.isFinite ? max(-1, min(1, x)) : 0
            input.y = y.isFinite ? max(-1, min(1, y)) : 0
            note(input)
            return .stick(x: input.x!, y: input.y!)
        case .gamepad(nil):
            // Unplugging levels the stick's tilt.
            var input = Recording.Input(kind: "stick", frame: 0)
            input.x = 0
            input.y = 0
            note(input)
            return event
        case .resized(let w, let h, let s):
            guard w.isFinite, h.isFinite, w >= 1, h >= 1, w != Double(size.width) || h != Double(size.height)
            else { return event }
            var input = Recording.Input(kind: "resize", frame: 0)
            input.width = w
            input.height = h
            beginRecordedAction(input)
            resize(width: w, height: h, scale: s)
            endRecordedAction()
            return nil
        case .fileDropped(let path) where Self.looksLikeRecording(path):
            stopRecording()
            return event
        default:
            return event
        }
    }

    /// A pointer input reached the scene (past the panel): a replay holds it back (true), a recording notes it.
    func holdScenePointer(_ kind: String, _ p: CGPoint, button: PointerButton?, time: Double) -> Bool {
        if record.feeding { return false }
        if record.replay != nil {
            if kind == "pointerDown" { refuseDuringReplay("gestures on the scene") }
            return true
        }
        if button == .middle { return false }
        // A hover changes nothing: only moves during a press (a drag, a grab or a tap to come) are inputs.
        if kind == "pointerMoved", drag == nil, pendingGrab == nil, pendingTap == nil { return false }
        var input = Recording.Input(kind: kind, frame: 0)
        input.x = Double(p.x)
        input.y = Double(p.y)
        input.time = time
        input.button = button.map { $0 == .primary ? "primary" : "secondary" }
        input.zoom = gestureZoom == 1 ? nil : SceneCamera.clampedZoom(gestureZoom)
        note(input)
        return false
    }

    /// A command key: Ctrl+R and `,` are handled here, a replay takes its own keys (space, `.`, `,`, R) and holds
    /// back those that would change the simulation, a recording notes those that change it. True when handled.
    func routeKey(_ command: KeyCommand, pressed: Bool, shift: Bool) -> Bool {
        if record.feeding { return false }
        switch command {
        case .record:
            if pressed { shift ? replayLastOnCurrentTuning() : toggleRecording() }
            return true
        case .stepBack:
            if pressed {
                if record.replay != nil {
                    stepReplay(by: -1)
                } else {
                    log(", steps back one frame during a replay (ctrl+R records, --replay or ctrl+O plays one)")
                }
            }
            return true
        default:
            break
        }
        if record.replay != nil { return replayKey(command, pressed: pressed, shift: shift) }
        guard record.recorder != nil, Recording.recordedKeys.contains(command) else { return false }
        let tilt = Recording.tiltKeys.contains(command)
        // Releases only matter for the arrows; while a value is typed, other keys go to the entry.
        if tilt || (pressed && files.entry == nil) {
            var input = Recording.Input(kind: "key", frame: 0)
            input.key = command.rawValue
            input.pressed = pressed
            input.shift = shift
            note(input)
        }
        return false
    }

    /// The panel's rows with their `set` noted by a recording (each value set is an "edit" input) and refused
    /// during a replay (the replay's run would no longer be the recording's).
    func recordingEdits(_ rows: [PanelRow]) -> [PanelRow] {
        guard record.recorder != nil || record.replay != nil else { return rows }
        return rows.map { row in
            PanelRow(
                section: row.section, name: row.name, unit: row.unit, kind: row.kind, get: row.get,
                set: { [weak self] v in
                    guard let self else { return row.set(v) }
                    if self.record.replay != nil, !self.record.feeding {
                        return self.refuseDuringReplay("panel edits")
                    }
                    row.set(v)
                    var input = Recording.Input(kind: "edit", frame: 0)
                    input.item = self.overlay.selected.flatMap { s in self.world.items.firstIndex { $0 === s } }
                    input.section = Self.sectionKey(row.section)
                    input.row = row.name
                    input.value = v
                    input.dragging = self.panelDragging ? true : nil
                    self.note(input)
                }, derived: row.derived)
        }
    }

    /// Whether the file at `path` is a recording (its `format`; a damaged one still names it).
    static func looksLikeRecording(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return Recording.isRecording(data)
            || String(decoding: data.prefix(4096), as: UTF8.self).contains("\"\(Recording.formatName)\"")
    }

    /// Opening a file (Ctrl+O, a drop): a recording is replayed (true); nil for a scene file.
    func openIfRecording(_ path: String) -> Bool? {
        guard Self.looksLikeRecording(path) else {
            if record.replay != nil { leaveReplay() }
            return nil
        }
        switch Recording.load(contentsOf: path) {
        case .success(let recording):
            if isRecording { stopRecording() }
            startReplay(recording, path: path)
            return true
        case .failure(let e):
            log(e.message)
            return false
        }
    }
}
