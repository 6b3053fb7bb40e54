import Dynamics
import Foundation
import SandboxScenes

/// A replay in progress.
struct ReplayState {
    /// The recording replayed.
    var recording: Recording
    /// Its file (for messages).
    var path: String
    /// The scene the replay starts from: the recording's, or the current tuning's (A/B).
    var scene: SceneFile
    /// The gestures' tunables it starts with.
    var gestures: GestureSettings
    /// Replayed on another tuning than the recording's (A/B): the recorded run is the ghost.
    var retuned = false
    /// The recorded run, as a ghost (A/B only).
    var ghost: GhostRecording?
    /// The recorded run's samples of the selected item (the graph's ghost trace, A/B only).
    var ghostSamples: [MotionTrace.Sample] = []
    /// Frames replayed so far, 0…`recording.frames`.
    var cursor = 0
    /// Index of the next input to feed.
    var next = 0
    /// Playing (space pauses); scrubbing and stepping pause.
    var playing = true
    /// A frame to go to before the next frame is drawn (scrubbing), or nil.
    var target: Int?
    /// The timeline is being dragged.
    var scrubbing = false
    /// The first frame whose checkpoint differed from the recording's, or nil.
    var firstDifference: Int?
    /// Recorded panel edits whose row no longer exists.
    var missingRows = 0
    /// The verdict was logged (once per replay).
    var verdictLogged = false
}

extension SandboxApp {
    /// A replay is in progress.
    public var isReplaying: Bool { record.replay != nil }

    /// The replay's position: frames replayed and the recording's length, or nil when not replaying.
    public var replayPosition: (frame: Int, frames: Int)? {
        record.replay.map { ($0.cursor, $0.recording.frames) }
    }

    /// The last replay's verdict: "replay matches (hash …)", or what differs; nil before a replay ended.
    public var replayVerdict: String? { record.verdict }

    /// Whether the last replay ended with the recording's hash (nil before a replay ended).
    public var replayMatched: Bool? {
        record.verdict.map { $0.hasPrefix("replay matches") || $0.hasPrefix("replay on your tuning matches") }
    }

    /// Replays `recording` (from its file `path`): the scene is rebuilt as it started (or, with `tuning`, from
    /// that scene file's values: A/B, the recorded run shown as the ghost) and the recorded inputs are fed at their
    /// frames, one frame of exactly 1/60 s per app frame. At the end the world's hash is compared with the
    /// recording's and one line logged: "replay matches (hash …)" or what differs.
    public func startReplay(_ recording: Recording, path: String, tuning: SceneFile? = nil) {
        if isRecording { stopRecording() }
        var state = ReplayState(
            recording: recording, path: path, scene: tuning ?? recording.scene,
            gestures: recording.start.gestures.settings)
        if let tuning {
            if let problem = Self.tuningMismatch(tuning, recording.scene) {
                return log("replay on your tuning: \(problem); open the recorded scene first")
            }
            state.retuned = true
            let (ghost, samples) = Self.recordedRun(recording, configuration: configuration)
            state.ghost = ghost
            state.ghostSamples = samples
        }
        record.replay = state
        record.verdict = nil
        record.last = (recording, path)
        restartReplay()
        let seconds = Double(recording.frames) * Recording.fixedFrameInterval
        log(
            String(
                format: "%@ %@: %d frames (%.2f s) of %@; space pauses, , and . step, click the timeline, "
                    + "ctrl+R leaves", tuning == nil ? "replay" : "replay on your tuning (ghost: the recording)",
                path, recording.frames, seconds, recording.scene.name))
        if recording.frames == 0 { finishReplay() }
    }

    /// Ctrl+Shift+R: replays the last recording's inputs on the values tuned now (A/B: the recorded run is the
    /// ghost; the verdict says whether the motion changed).
    public func replayLastOnCurrentTuning() {
        guard let last = record.last else {
            return log("ctrl+shift+R replays the last recording on your tuning: record one first (ctrl+R)")
        }
        let tuning = tunedSceneFile()
        var recording = last.recording
        if record.replay == nil { recording.start.gestures = Recording.Gestures(gestures) }
        startReplay(recording, path: last.path, tuning: tuning ?? last.recording.scene)
    }

    /// Why `tuning` cannot stand in for the recorded `scene`, or nil.
    static func tuningMismatch(_ tuning: SceneFile, _ scene: SceneFile) -> String? {
        if (tuning.code ?? tuning.name) != (scene.code ?? scene.name) {
            return "the recording is of \(scene.name), the tuning of \(tuning.name)"
        }
        if tuning.items.count != scene.items.count || tuning.behaviors.count != scene.behaviors.count {
            return "the tuned scene has other items or behaviours than the recorded one"
        }
        return nil
    }

    /// The recorded run itself (replayed in a separate app without a window), as a ghost and the selected item's
    /// samples.
    static func recordedRun(_ recording: Recording, configuration: Configuration) -> (
        GhostRecording, [MotionTrace.Sample]
    ) {
        var config = configuration
        config.size = CGSize(width: recording.size.width, height: recording.size.height)
        config.seed = recording.seed
        let shadow = SandboxApp(configuration: config)
        shadow.isHeadless = true
        shadow.startReplay(recording, path: "")
        for _ in 0..<recording.frames { shadow.frame(dt: Recording.fixedFrameInterval) }
        return (shadow.readout.recording, shadow.readout.samples)
    }

    /// Leaves the replay (Ctrl+R): the scene goes on live from the frame shown.
    public func leaveReplay() {
        guard let r = record.replay else { return }
        record.replay = nil
        record.seed = nil
        log("left the replay at frame \(r.cursor) of \(r.recording.frames): the scene goes on live")
    }

    /// Rebuilds the replay's start: the scene, the seed, the size, the gestures, time scale, pause, tilt and the
    /// selection as they were when the recording started; frame 0.
    func restartReplay() {
        guard var r = record.replay else { return }
        let rec = r.recording
        record.seed = rec.seed
        let recordedSize = CGSize(width: rec.size.width, height: rec.size.height)
        if size != recordedSize {
            size = recordedSize
            record.requestedWindowSize = recordedSize
        }
        gestures = r.gestures
        timeScale = rec.start.timeScale
        userPaused = rec.start.paused
        stepRequested = false
        repushOnRelease = false
        tiltKeys = Set(rec.start.tiltKeys.compactMap(KeyCommand.init(rawValue:)))
        keyTilt = CGVector(dx: rec.start.keyTilt.dx, dy: rec.start.keyTilt.dy)
        stickTilt = CGVector(dx: rec.start.stickTilt.dx, dy: rec.start.stickTilt.dy)
        files.base = rec.baseScene ?? rec.scene
        build(r.scene)
        files.path = rec.sceneFile
        if let i = rec.start.selectedItem, world.items.indices.contains(i) { overlay.selected = world.items[i] }
        if let ghost = r.ghost {
            readout.ghost = ghost
            readout.ghostSamples = r.ghostSamples
        }
        r.cursor = 0
        r.next = 0
        r.firstDifference = nil
        r.missingRows = 0
        record.replay = r
    }

    /// Whether frames must keep coming for the replay (playing, or a frame to go to).
    var replayNeedsFrames: Bool {
        guard let r = record.replay else { return false }
        return r.target != nil || (r.playing && r.cursor < r.recording.frames)
    }

    /// One app frame during a replay: goes to the scrubbed frame, or plays the next recorded frame.
    func replayFrame() {
        guard let r = record.replay else { return }
        if let target = r.target {
            record.replay?.target = nil
            seekReplay(to: target)
            return
        }
        guard r.playing, r.cursor < r.recording.frames else { return }
        stepReplayFrame()
    }

    /// Feeds the inputs of the current frame, advances one fixed frame, checks the checkpoint; at the end, the
    /// verdict.
    func stepReplayFrame() {
        guard let r = record.replay, r.cursor < r.recording.frames else { return }
        feedInputs(atFrame: r.cursor)
        advanceFrame(dt: Recording.fixedFrameInterval)
        guard var after = record.replay else { return }
        after.cursor += 1
        if let expected = after.recording.checkpointHashes[after.cursor], expected != world.stateHash,
            after.firstDifference == nil
        {
            after.firstDifference = after.cursor
        }
        record.replay = after
        if after.cursor == after.recording.frames { finishReplay() }
    }

    /// Feeds every input recorded for frame `frame` that was not fed yet.
    func feedInputs(atFrame frame: Int) {
        while let r = record.replay, r.next < r.recording.inputs.count, r.recording.inputs[r.next].frame <= frame {
            record.replay?.next += 1
            feed(r.recording.inputs[r.next])
        }
    }

    /// Handles one recorded input as it was handled when recorded (past the live panel and timeline).
    func feed(_ input: Recording.Input) {
        let saved = (panelDragging, files.entry, files.pendingEdit)
        let view = self.view, picker = self.picker
        panelDragging = false
        files.entry = nil
        files.pendingEdit = nil
        // The live camera, pan, space and picker stand aside; the thresholds see the recorded zoom.
        self.view = SceneViewState()
        self.view.camera = SceneCamera(zoom: input.zoom ?? 1)
        self.picker = nil
        record.feeding = true
        defer {
            record.feeding = false
            (panelDragging, files.entry, files.pendingEdit) = saved
            self.view.camera = view.camera
            self.view.pan = view.pan
            self.view.spaceHeld = view.spaceHeld
            self.view.pauseToggledBySpace = view.pauseToggledBySpace
            self.picker = picker
        }
        let p = CGPoint(x: input.x ?? 0, y: input.y ?? 0)
        let button: PointerButton = input.button == "secondary" ? .secondary : .primary
        let time = input.time ?? 0
        switch input.kind {
        case "pointerDown": pointerDown(p, button: button, time: time)
        case "pointerMoved": pointerMoved(p, time: time)
        case "pointerUp": pointerUp(p, button: button, time: time)
        case "key":
            if let c = input.key.flatMap(KeyCommand.init(rawValue:)) {
                key(c, pressed: input.pressed ?? true, shift: input.shift ?? false)
            }
        case "stick": handle(.stick(x: input.x ?? 0, y: input.y ?? 0))
        case "edit":
            panelDragging = input.dragging ?? false
            let edit = PanelEdit(
                itemIndex: input.item, section: input.section ?? "", name: input.row ?? "", old: 0, new: 0)
            if let row = panelRow(for: edit) {
                // The recorder wrote values already in the row's range; a hand-edited file is held to it too.
                let v = input.value ?? row.get()
                switch row.kind {
                case .slider(let r, _): row.set(max(r.lowerBound, min(r.upperBound, v)))
                case .toggle: row.set(v != 0 ? 1 : 0)
                }
            } else {
                record.replay?.missingRows += 1
            }
        case "panelRelease":
            if repushOnRelease {
                repushOnRelease = false
                pushBehavior?.active = true
            }
        case "scene":
            if let name = input.name, let i = SceneCatalog.all.firstIndex(where: { $0.name == name }) { loadScene(i) }
        case "open":
            if let scene = input.scene { open(scene, path: input.file ?? "(recorded scene)") }
        case "restart": restartWithTunedValues()
        case "reset": resetToFileValues()
        case "resize":
            resize(width: input.width ?? Double(size.width), height: input.height ?? Double(size.height), scale: scale)
            if record.replay != nil { record.requestedWindowSize = size }
        default: break
        }
    }

    /// The end: the inputs recorded after the last frame, then the world's hash against the recording's, logged
    /// once as one line.
    func finishReplay() {
        guard let r = record.replay else { return }
        feedInputs(atFrame: r.recording.frames)
        guard let r = record.replay, !r.verdictLogged else { return }
        record.replay?.verdictLogged = true
        record.replay?.playing = false
        let hash = Recording.hex(world.stateHash)
        let missing = r.missingRows > 0 ? "; \(r.missingRows) recorded panel edit(s) found no row" : ""
        let verdict: String
        if let expected = r.recording.end?.hash {
            let from = r.firstDifference.map { " (different from frame \($0) on)" } ?? ""
            if r.retuned {
                verdict =
                    hash == expected
                    ? "replay on your tuning matches the recording (hash \(hash)): the motion did not change"
                    : "replay on your tuning: hash \(hash), the recording's \(expected): the motion changed\(from)"
            } else {
                verdict =
                    hash == expected
                    ? "replay matches (hash \(hash), \(r.recording.frames) frames)"
                    : "replay does not match: hash \(hash), recorded \(expected)\(from) in \(r.path)\(missing)"
            }
        } else {
            verdict = "replay done (hash \(hash)); \(r.path) has no end hash to compare (it was not stopped)"
        }
        record.verdict = verdict
        log(verdict)
    }

    /// Goes to frame `target` (clamped to the recording): forward by playing on, back by replaying from the start
    /// (the engine is deterministic, so frame N is always the same bits). The log shows no repeated lines; the
    /// replay pauses.
    public func seekReplay(to target: Int) {
        guard let r = record.replay else { return }
        let target = max(0, min(r.recording.frames, target))
        record.replay?.playing = false
        let lines = logLines, sink = onLog
        onLog = nil
        if target < r.cursor { restartReplay() }
        while let now = record.replay, now.cursor < target { stepReplayFrame() }
        logLines = lines
        onLog = sink
        // The verdict is news the first time the end is reached, by playing or by a seek.
        if !r.verdictLogged, record.replay?.verdictLogged == true, let verdict = record.verdict { log(verdict) }
    }

    /// Steps the replay `delta` frames (`,` back, `.` forward), paused.
    public func stepReplay(by delta: Int) {
        guard let r = record.replay else { return }
        seekReplay(to: r.cursor + delta)
    }
}
