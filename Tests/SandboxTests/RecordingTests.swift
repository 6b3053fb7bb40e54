import Dynamics
import Foundation
@testable import SandboxKit
import SandboxScenes
import Testing

/// Recording and replay (issue 13 item 5): a scripted run recorded headlessly replays to the same bits.
@MainActor
@Suite("Recording and replay: same inputs at the same frames give the same world hash")
struct RecordingTests {
    static let dt = 1.0 / 60

    static func app(_ scene: String, seed: UInt64 = 1, size: CGSize = CGSize(width: 960, height: 640)) -> SandboxApp {
        var c = SandboxApp.Configuration()
        c.scene = scene
        c.seed = seed
        c.size = size
        c.outputDirectory = FileManager.default.temporaryDirectory.path
        let app = SandboxApp(configuration: c)
        app.isHeadless = true
        return app
    }

    static func temporaryPath(_ name: String) -> String {
        "\(TestDirectories.make("recording"))/\(name)"
    }

    /// Presses at `from`, moves to `to` over `frames` frames (one motion event per frame) and releases while
    /// moving: a grab, a drag and a fling. `clock` is the pointer's clock, s.
    static func drag(_ app: SandboxApp, from: CGPoint, to: CGPoint, frames: Int, clock: inout Double) {
        app.handle(.pointerDown(x: Double(from.x), y: Double(from.y), button: .primary, time: clock))
        for k in 1...frames {
            let f = Double(k) / Double(frames)
            clock += dt
            app.handle(
                .pointerMoved(
                    x: Double(from.x + (to.x - from.x) * f), y: Double(from.y + (to.y - from.y) * f), time: clock))
            app.frame(dt: dt)
        }
        app.handle(.pointerUp(x: Double(to.x), y: Double(to.y), button: .primary, time: clock))
    }

    /// Runs `frames` frames of `dt` (the window may hand the app any interval: a recording ignores it).
    static func run(_ app: SandboxApp, _ frames: Int, dt: Double = dt) {
        for _ in 0..<frames { app.frame(dt: dt) }
    }

    /// 5 s (300 frames) of the sticker pile: drags and flings of three stickers, a right-click push, a tap that
    /// snaps, the Left arrow held, a panel edit; irregular display intervals. Returns the saved file's path.
    static func recordScript(
        _ app: SandboxApp, path: String, displayInterval: Double = dt, edit: Bool = true
    ) throws -> String {
        app.startRecording(to: path)
        var clock = 100.0
        run(app, 20, dt: displayInterval)
        for k in 0..<3 {
            let item = app.world.items[5 + 9 * k]
            let c = item.center
            drag(app, from: c, to: CGPoint(x: c.x + 140 - 90 * CGFloat(k), y: c.y - 160), frames: 24, clock: &clock)
            run(app, 30, dt: displayInterval)
        }
        app.handle(.pointerDown(x: 700, y: 200, button: .secondary, time: clock))
        app.handle(.pointerUp(x: 700, y: 200, button: .secondary, time: clock))
        run(app, 10, dt: displayInterval)
        // A tap on empty space snaps the selected (last dragged) sticker there.
        clock += 0.5
        app.handle(.pointerDown(x: 480, y: 120, button: .primary, time: clock))
        app.handle(.pointerUp(x: 480, y: 120, button: .primary, time: clock + 0.05))
        run(app, 20, dt: displayInterval)
        app.handle(.key(.tiltLeft, pressed: true, shift: false))
        run(app, 25, dt: displayInterval)
        app.handle(.key(.tiltLeft, pressed: false, shift: false))
        app.handle(.stick(x: 0.6, y: -0.3))
        run(app, 15, dt: displayInterval)
        app.handle(.gamepad(nil))
        if edit { try #require(app.panelRows().first { $0.name == "elasticity" }).set(0.9) }
        let frames = app.currentRecording?.frames ?? 0
        run(app, 300 - frames, dt: displayInterval)
        #expect(app.currentRecording?.frames == 300)
        return try #require(app.stopRecording())
    }

    @Test("5 s of scripted drags recorded headlessly, saved, loaded and replayed: the identical end hash")
    func recordSaveLoadReplay() throws {
        let app = Self.app("sticker-pile")
        let path = try Self.recordScript(app, path: Self.temporaryPath("drags.json"))
        let recordedHash = app.world.stateHash
        let recording = try Recording.load(contentsOf: path).get()
        #expect(recording.frames == 300)
        #expect(recording.endHash == recordedHash)
        let kinds = Set(recording.inputs.map(\.kind))
        #expect(kinds.isSuperset(of: ["pointerDown", "pointerMoved", "pointerUp", "key", "edit", "stick"]))
        // Unplugging the gamepad levels the stick: recorded as a stick at rest.
        #expect(recording.inputs.filter { $0.kind == "stick" }.map { [$0.x, $0.y] } == [[0.6, -0.3], [0, 0]])
        #expect(recording.inputs.filter { $0.kind == "pointerMoved" }.count == 72)
        // Another app, started with another scene, seed and size: the recording brings its own.
        let replay = Self.app("pyramid", seed: 7, size: CGSize(width: 800, height: 600))
        replay.startReplay(recording, path: path)
        Self.run(replay, 300)
        #expect(replay.replayPosition?.frame == 300)
        #expect(replay.world.stateHash == recordedHash)
        #expect(replay.replayMatched == true)
        #expect(replay.replayVerdict == "replay matches (hash \(Recording.hex(recordedHash)), 300 frames)")
    }

    @Test("the display's intervals do not matter: a recording advances 1/60 s per frame, so a slow machine replays it")
    func fixedFrameClock() throws {
        let slow = Self.app("sticker-pile")
        let path = try Self.recordScript(slow, path: Self.temporaryPath("slow.json"), displayInterval: 0.05)
        let fast = Self.app("sticker-pile")
        _ = try Self.recordScript(fast, path: Self.temporaryPath("fast.json"), displayInterval: 0.004)
        #expect(slow.world.stateHash == fast.world.stateHash)
        #expect(slow.world.animator.elapsedTime == fast.world.animator.elapsedTime)
        let replay = Self.app("sticker-pile")
        replay.startReplay(try Recording.load(contentsOf: path).get(), path: path)
        Self.run(replay, 300, dt: 0.1)
        #expect(replay.replayMatched == true)
    }

    @Test("a scene change, a restart and a resize inside a recording replay too")
    func sceneChangesReplay() throws {
        let app = Self.app("shapes")
        let path = Self.temporaryPath("scenes.json")
        app.startRecording(to: path)
        var clock = 0.0
        Self.run(app, 40)
        Self.drag(app, from: app.world.items[0].center, to: CGPoint(x: 300, y: 200), frames: 10, clock: &clock)
        app.handle(.key(.nextScene, pressed: true, shift: false))
        Self.run(app, 30)
        app.handle(.key(.restart, pressed: true, shift: false))
        Self.run(app, 30)
        app.handle(.resized(width: 700, height: 500, scale: 1))
        Self.run(app, 30)
        app.handle(.key(.faster, pressed: true, shift: false))
        Self.run(app, 30)
        let saved = try #require(app.stopRecording())
        let recording = try Recording.load(contentsOf: saved).get()
        #expect(
            recording.inputs.map(\.kind).filter { ["scene", "restart", "resize", "key"].contains($0) } == [
                "scene", "restart", "resize", "key"
            ])
        let replay = Self.app("shapes")
        replay.startReplay(recording, path: saved)
        Self.run(replay, recording.frames)
        #expect(replay.replayMatched == true, "\(replay.replayVerdict ?? "no verdict")")
        #expect(replay.sceneTitle == app.sceneTitle)
    }

    @Test("a recording whose tuning was changed gives another hash, reported in one line with the first frame off")
    func changedTuningIsReported() throws {
        let app = Self.app("sticker-pile")
        let path = try Self.recordScript(app, path: Self.temporaryPath("drags.json"))
        var recording = try Recording.load(contentsOf: path).get()
        // The stickers' elasticity in the recorded scene: 0.7 → 0.8.
        let k = try #require(
            recording.scene.behaviors.firstIndex {
                if case .itemProperties = $0 { true } else { false }
            })
        guard case .itemProperties(var p) = recording.scene.behaviors[k] else { return }
        p.elasticity = 0.8
        recording.scene.behaviors[k] = .itemProperties(p)
        let mutated = Self.temporaryPath("mutated.json")
        #expect(recording.write(to: mutated) == nil)
        let replay = Self.app("sticker-pile")
        var lines: [String] = []
        replay.onLog = { lines.append($0) }
        replay.startReplay(try Recording.load(contentsOf: mutated).get(), path: mutated)
        Self.run(replay, 300)
        #expect(replay.world.stateHash != app.world.stateHash)
        #expect(replay.replayMatched == false)
        let verdict = try #require(replay.replayVerdict)
        #expect(verdict.hasPrefix("replay does not match: hash "))
        #expect(verdict.contains("different from frame 60 on"))
        #expect(verdict.contains(mutated))
        #expect(lines.contains { $0.hasSuffix(verdict) })
    }

    @Test("A/B: the recording's inputs replayed on the current tuning, the recorded run as the ghost")
    func replayOnCurrentTuning() throws {
        let app = Self.app("sticker-pile")
        _ = try Self.recordScript(app, path: Self.temporaryPath("ab.json"), edit: false)
        let recorded = app.world.stateHash
        // Unchanged tuning: the same motion.
        app.replayLastOnCurrentTuning()
        Self.run(app, 300)
        #expect(app.world.stateHash == recorded)
        #expect(app.replayVerdict?.hasPrefix("replay on your tuning matches the recording") == true)
        #expect(app.hasGhost)
        // Leave the replay, tune gravity, replay on the new value: another motion, and the verdict says so.
        app.toggleRecording()
        #expect(!app.isReplaying)
        let magnitude = try #require(app.panelRows().first { $0.section == "gravity" && $0.name == "magnitude" })
        magnitude.set(2.5)
        app.replayLastOnCurrentTuning()
        // The tuned file keeps gravity as its direction vector: the magnitude read back is 2.5 within rounding.
        #expect(abs(Double(app.world.gravity?.magnitude ?? 0) - 2.5) < 1e-9)
        Self.run(app, 300)
        #expect(app.world.stateHash != recorded)
        #expect(app.replayVerdict?.hasPrefix("replay on your tuning: hash ") == true)
        #expect(app.replayVerdict?.contains("the motion changed") == true)
        #expect(app.hasGhost)
    }

    @Test("stepping back one frame gives the bits of a fresh replay to frame N-1; scrubbing lands on the checkpoints")
    func stepBackIsExact() throws {
        let app = Self.app("sticker-pile")
        let path = try Self.recordScript(app, path: Self.temporaryPath("drags.json"))
        let recording = try Recording.load(contentsOf: path).get()
        let replay = Self.app("sticker-pile")
        replay.startReplay(recording, path: path)
        Self.run(replay, 300)
        replay.handle(.key(.stepBack, pressed: true, shift: false))
        #expect(replay.replayPosition?.frame == 299)
        let back = replay.world.stateHash
        let fresh = Self.app("sticker-pile")
        fresh.startReplay(recording, path: path)
        Self.run(fresh, 299)
        #expect(fresh.replayPosition?.frame == 299)
        #expect(back == fresh.world.stateHash)
        // Forward one frame with `.`: the end again.
        replay.handle(.text("."))
        #expect(replay.replayPosition?.frame == 300)
        #expect(replay.world.stateHash == app.world.stateHash)
        // Every checkpoint, reached by a seek backwards, is the recorded hash.
        for c in try #require(recording.checkpoints).reversed() {
            replay.seekReplay(to: c.frame)
            #expect(Recording.hex(replay.world.stateHash) == c.hash, "frame \(c.frame)")
        }
    }

    @Test("a click on the timeline goes to that frame; live gestures and panel edits leave the replay alone")
    func timelineAndLiveInput() throws {
        let app = Self.app("sticker-pile")
        let path = try Self.recordScript(app, path: Self.temporaryPath("drags.json"))
        let recording = try Recording.load(contentsOf: path).get()
        let replay = Self.app("sticker-pile")
        var lines: [String] = []
        replay.onLog = { lines.append($0) }
        replay.startReplay(recording, path: path)
        Self.run(replay, 10)
        let track = try #require(replay.timelineTrack)
        let rect = try #require(replay.timelineRect)
        replay.handle(.pointerDown(x: track.x + track.width / 2, y: Double(rect.midY), button: .primary, time: 0))
        replay.frame(dt: Self.dt)
        #expect(replay.replayPosition?.frame == 150)
        replay.handle(.pointerMoved(x: track.x + track.width / 4, y: Double(rect.midY), time: 0.1))
        replay.frame(dt: Self.dt)
        replay.handle(.pointerUp(x: track.x + track.width / 4, y: Double(rect.midY), button: .primary, time: 0.1))
        #expect(replay.replayPosition?.frame == 75)
        // A live drag on a sticker and a live panel edit are held back.
        let item = try #require(replay.world.items.min { $0.center.y < $1.center.y })
        replay.handle(.pointerDown(x: Double(item.center.x), y: Double(item.center.y), button: .primary, time: 1))
        replay.handle(.pointerMoved(x: 100, y: 100, time: 1.1))
        replay.handle(.pointerUp(x: 100, y: 100, button: .primary, time: 1.2))
        try #require(replay.panelRows().first { $0.name == "elasticity" || $0.name == "magnitude" }).set(1.7)
        #expect(lines.contains { $0.contains("not during a replay") })
        replay.handle(.key(.pauseResume, pressed: true, shift: false))
        Self.run(replay, 300)
        #expect(replay.replayMatched == true, "\(replay.replayVerdict ?? "no verdict")")
    }

    @Test("truncated and mistyped recordings: one line naming the file, the JSON path and the fix; never a crash")
    func badFiles() throws {
        let app = Self.app("sticker-pile")
        let path = try Self.recordScript(app, path: Self.temporaryPath("good.json"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        func check(_ bad: String, _ expectedPath: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(bad != text, "the mutation changed nothing", sourceLocation: sourceLocation)
            switch Recording.decode(Data(bad.utf8), file: "bad.json") {
            case .success:
                Issue.record("accepted a bad recording: \(bad.suffix(300))", sourceLocation: sourceLocation)
            case .failure(let e):
                #expect(e.message.hasPrefix("recording bad.json: $"), sourceLocation: sourceLocation)
                #expect(!e.message.contains("\n"), sourceLocation: sourceLocation)
                #expect(!e.fix.isEmpty, sourceLocation: sourceLocation)
                if let expectedPath { #expect(e.path == expectedPath, "\(e.message)", sourceLocation: sourceLocation) }
            }
        }
        // Cut off anywhere.
        let bytes = Array(text.utf8)
        for cut in stride(from: 0, to: bytes.count - 2, by: max(1, bytes.count / 60)) {
            check(String(decoding: bytes[..<cut], as: UTF8.self))
        }
        check(text.replacingOccurrences(of: "\"frames\": 300", with: "\"frames\": \"300\""), "$.frames")
        check(text.replacingOccurrences(of: "\"frames\": 300", with: "\"frames\": -3"), "$.frames")
        check(text.replacingOccurrences(of: "\"inputs\":", with: "\"inptus\":"))
        check(
            text.replacingOccurrences(of: "\"kind\": \"pointerDown\"", with: "\"kind\": \"pointerDwn\""),
            "$.inputs[0].kind")
        check(
            text.replacingOccurrences(of: "\"button\": \"primary\"", with: "\"button\": \"middle\""),
            "$.inputs[0].button")
        check(
            text.replacingOccurrences(
                of: "\"format\": \"swiftdynamics-recording\"", with: "\"format\": \"swiftdynamics-scene\""), "$.format")
        check(text.replacingOccurrences(of: "\"timeScale\": 1", with: "\"timeScale\": 50"), "$.start.timeScale")
        check(
            text.replacingOccurrences(of: "\"version\": 1,\n  \"seed\"", with: "\"version\": 9,\n  \"seed\""),
            "$.version")
        let end = try #require(try Recording.load(contentsOf: path).get().end)
        check(text.replacingOccurrences(of: end.hash, with: "xyz"), "$.end.hash")
        // A scene error inside the recording names its path under $.scene.
        check(text.replacingOccurrences(of: "\"elasticity\": 0.7", with: "\"elasticity\": -1"))
        // Opened in the app (Ctrl+O, a drop): one log line, the running scene stays.
        let damaged = Self.temporaryPath("damaged.json")
        try String(text.prefix(text.count / 2)).write(toFile: damaged, atomically: true, encoding: .utf8)
        let other = Self.app("pyramid")
        var lines: [String] = []
        other.onLog = { lines.append($0) }
        #expect(!other.openFile(damaged))
        #expect(lines.count == 1)
        #expect(lines.first?.contains("recording \(damaged): $") == true)
        #expect(other.scene.name == "pyramid")
        #expect(!other.isReplaying)
    }

    @Test("a typed panel value is recorded as its edit, a hover is not an input; a dropped recording replays")
    func typedValuesAndDrops() throws {
        let app = Self.app("attachment")
        let path = Self.temporaryPath("typed.json")
        app.startRecording(to: path)
        Self.run(app, 10)
        app.handle(.pointerMoved(x: 100, y: 100, time: 0))
        app.handle(.pointerMoved(x: 120, y: 110, time: 0.02))
        // Nothing selected: the panel starts with the scene's spring; frequency is its second row.
        app.handle(.key(.panelNext, pressed: true, shift: false))
        app.handle(.key(.enter, pressed: true, shift: false))
        app.handle(.text("1.5"))
        app.handle(.key(.enter, pressed: true, shift: false))
        Self.run(app, 50)
        let saved = try #require(app.stopRecording())
        let recording = try Recording.load(contentsOf: saved).get()
        #expect(recording.inputs.map(\.kind) == ["edit"])
        #expect(recording.inputs.first?.value == 1.5)
        #expect(recording.inputs.first?.frame == 10)
        let other = Self.app("pyramid")
        other.handle(.fileDropped(path: saved))
        #expect(other.isReplaying)
        Self.run(other, 60)
        #expect(other.replayMatched == true, "\(other.replayVerdict ?? "no verdict")")
        #expect(other.world.allBehaviors.compactMap { $0 as? AttachmentBehavior }.first?.frequency == 1.5)
        // A hand-edited value outside the row's range (0 … 20 Hz) is held to it, as the panel would.
        var edited = recording
        edited.inputs[0].value = 5000
        let clamped = Self.app("attachment")
        clamped.startReplay(edited, path: "edited.json")
        Self.run(clamped, 60)
        #expect(clamped.world.allBehaviors.compactMap { $0 as? AttachmentBehavior }.first?.frequency == 20)
        #expect(clamped.replayMatched == false)
    }

    @Test("the camera is view-only: drags through a zoomed, panned view record world points and replay in any view")
    func cameraIsViewOnly() throws {
        let app = Self.app("sticker-pile")
        let path = Self.temporaryPath("camera.json")
        app.setCamera(SceneCamera(offset: CGPoint(x: 120, y: 200), zoom: 2))
        app.startRecording(to: path)
        Self.run(app, 40)
        var clock = 0.0
        let item = try #require(app.world.items.first { app.sceneViewport.contains(app.screenPoint($0.center)) })
        let grabbed = item.center
        let from = app.screenPoint(grabbed)
        Self.drag(app, from: from, to: CGPoint(x: from.x - 60, y: from.y - 80), frames: 12, clock: &clock)
        #expect(app.logLines.contains { $0.contains("grab") })
        Self.run(app, 60)
        let saved = try #require(app.stopRecording())
        let recording = try Recording.load(contentsOf: saved).get()
        let down = try #require(recording.inputs.first { $0.kind == "pointerDown" })
        // World points (the item's centre, within the rounding of the screen mapping) and the zoom.
        #expect(abs((down.x ?? 0) - Double(grabbed.x)) < 1e-6)
        #expect(abs((down.y ?? 0) - Double(grabbed.y)) < 1e-6)
        #expect(down.zoom == 2)
        let replay = Self.app("sticker-pile")
        replay.setCamera(SceneCamera(offset: CGPoint(x: -50, y: 10), zoom: 0.5))
        replay.startReplay(recording, path: saved)
        Self.run(replay, recording.frames)
        #expect(replay.replayMatched == true, "\(replay.replayVerdict ?? "no verdict")")
    }

    @Test("recordings are never overwritten: Ctrl+R numbers its files, a given path that exists is refused")
    func neverOverwrites() throws {
        let path = Self.temporaryPath("taken.json")
        try "{}".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(Recording.outputProblem(path)?.contains("already exists") == true)
        let app = Self.app("pendulum")
        var lines: [String] = []
        app.onLog = { lines.append($0) }
        app.startRecording(to: path)
        Self.run(app, 5)
        #expect(app.stopRecording() == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}")
        #expect(lines.last?.contains("already exists") == true)
    }
}
