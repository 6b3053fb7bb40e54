import Foundation
import SandboxScenes

/// A recorded sandbox run as a versioned, human-readable JSON document (`docs/recordings.md` describes every
/// field): the scene it started from with its tuned values, the seed, the app's starting state, and every input that
/// affects the simulation with the index of the fixed 1/60-s frame before which it takes effect; when the
/// recording stopped, the world's hash at the end (and every 60 frames), so a replay can prove it is bit-identical.
///
/// Timing is the frame index, never wall time: while recording or replaying the app advances exactly
/// `frameInterval` per frame whatever the machine's speed, so a replay gives the same bits on any machine.
public struct Recording: Codable, Equatable, Sendable {
    /// The value of `format`: "swiftdynamics-recording".
    public static let formatName = "swiftdynamics-recording"
    /// The version this build writes and reads: 1.
    public static let currentVersion = 1
    /// The fixed frame interval of recordings, s: 1/60.
    public static let fixedFrameInterval = 1.0 / 60
    /// Frames between two checkpoint hashes: 60 (1 s).
    public static let checkpointInterval = 60
    /// The longest recording, frames: 216 000 (one hour).
    public static let maximumFrames = 216_000

    /// Always "swiftdynamics-recording" (a scene file or another document is refused by name).
    public var format: String
    /// Format version; 1. A newer version is refused with a message naming both.
    public var version: Int
    /// Seconds the animator advances per frame (times the time scale); must be 1/60 (0.016666666666666666).
    public var frameInterval: Double
    /// Frames recorded (0…216 000): a replay runs exactly this many.
    public var frames: Int
    /// Seed of the scenes' randomness (scene changes during the run use it too).
    public var seed: UInt64
    /// The window's size when recording started, pt (the reference bounds of catalogue scenes loaded later).
    public var size: SceneFile.Size
    /// The file the scene was opened from, for people (the scene itself is in `scene`). Optional.
    public var sceneFile: String?
    /// The scene as it started, with the values tuned in the panel (a scene file document).
    public var scene: SceneFile
    /// The scene's values as opened (Shift+R goes back to them), when they differ from `scene`. Optional.
    public var baseScene: SceneFile?
    /// The app's state at frame 0 besides the scene.
    public var start: Start
    /// The inputs, in the order they were handled (frames never decrease).
    public var inputs: [Input]
    /// The world at the end, written when the recording stopped. Optional (a replay then cannot be checked).
    public var end: End?
    /// The world's hash after every `checkpointInterval` frames, to tell where a replay first differs. Optional.
    public var checkpoints: [Checkpoint]?
    /// Free text for people. Optional.
    public var notes: String?

    /// An empty recording of `scene`.
    public init(scene: SceneFile, seed: UInt64, size: SceneFile.Size, start: Start) {
        format = Self.formatName
        version = Self.currentVersion
        frameInterval = Self.fixedFrameInterval
        frames = 0
        self.seed = seed
        self.size = size
        self.scene = scene
        self.start = start
        inputs = []
    }

    /// The app's state at frame 0 besides the scene.
    public struct Start: Codable, Equatable, Sendable {
        /// The gestures' tunables (drag attachment, snap, push, fling smoothing).
        public var gestures: Gestures
        /// Time scale, 1/8…2.
        public var timeScale: Double
        /// Paused by the user (space).
        public var paused: Bool
        /// Index of the selected item, or nil.
        public var selectedItem: Int?
        /// Arrow keys held ("tiltLeft", "tiltRight", "tiltUp", "tiltDown").
        public var tiltKeys: [String]
        /// The arrow keys' ramped tilt, each axis −1…1.
        public var keyTilt: SceneFile.Vector
        /// The gamepad stick's tilt, each axis −1…1.
        public var stickTilt: SceneFile.Vector

        /// A start state.
        public init(
            gestures: Gestures, timeScale: Double, paused: Bool, selectedItem: Int?, tiltKeys: [String],
            keyTilt: SceneFile.Vector, stickTilt: SceneFile.Vector
        ) {
            self.gestures = gestures
            self.timeScale = timeScale
            self.paused = paused
            self.selectedItem = selectedItem
            self.tiltKeys = tiltKeys
            self.keyTilt = keyTilt
            self.stickTilt = stickTilt
        }
    }

    /// The gestures' tunables (`GestureSettings`, the panel's gesture rows).
    public struct Gestures: Codable, Equatable, Sendable {
        /// Drag attachment frequency, Hz, ≥ 0 (0 = rigid).
        public var dragFrequency: Double
        /// Drag attachment damping ratio, ≥ 0.
        public var dragDamping: Double
        /// Drag attachment rest length, pt, ≥ 0.
        public var dragLength: Double
        /// Tap snap damping, 0…1.
        public var snapDamping: Double
        /// Right-click push magnitude, UIKit newton-seconds, ≥ 0.
        public var pushMagnitude: Double
        /// Push angle, rad.
        public var pushAngle: Double
        /// Fling velocity smoothing time constant, s, > 0.
        public var flingSmoothing: Double

        /// The values of `settings`.
        public init(_ settings: GestureSettings) {
            dragFrequency = settings.dragFrequency
            dragDamping = settings.dragDamping
            dragLength = settings.dragLength
            snapDamping = settings.snapDamping
            pushMagnitude = settings.pushMagnitude
            pushAngle = settings.pushAngle
            flingSmoothing = settings.flingSmoothing
        }

        /// These values as `GestureSettings`.
        public var settings: GestureSettings {
            var s = GestureSettings()
            s.dragFrequency = dragFrequency
            s.dragDamping = dragDamping
            s.dragLength = dragLength
            s.snapDamping = snapDamping
            s.pushMagnitude = pushMagnitude
            s.pushAngle = pushAngle
            s.flingSmoothing = flingSmoothing
            return s
        }
    }

    /// One input that affects the simulation. `kind` says which fields it has (docs/recordings.md):
    /// - "pointerDown", "pointerMoved", "pointerUp": `x`, `y` (pt, reference coordinates), `time` (s on the
    ///   pointer's own clock, for fling velocities and taps); down and up also `button` ("primary", "secondary").
    /// - "key": `key` (a command: "pauseResume", "singleStep", "slower", "faster", "tiltLeft", "tiltRight",
    ///   "tiltUp", "tiltDown"), `pressed`, `shift`.
    /// - "stick": `x`, `y` (the gamepad stick, −1…1).
    /// - "edit": a panel value set: `section`, `row`, `value`, `item` (the selected item's index, absent when none
    ///   was selected), `dragging` (a slider drag in progress). "panelRelease": the slider let go.
    /// - "scene": a catalogue scene loaded (`name`). "open": a scene file opened (`scene`, `file`).
    ///   "restart": R (tuned values); "reset": Shift+R (the file's values).
    /// - "resize": the window's size changed (`width`, `height`, pt).
    public struct Input: Codable, Equatable, Sendable {
        /// What happened (see above).
        public var kind: String
        /// Index of the frame before which the input takes effect (0 = before the first frame), 0…`frames`.
        public var frame: Int
        /// Pointer x or stick x.
        public var x: Double?
        /// Pointer y or stick y.
        public var y: Double?
        /// Pointer button: "primary" or "secondary".
        public var button: String?
        /// Pointer clock, s since the recording's first pointer input.
        public var time: Double?
        /// Pointer: the camera's zoom when it was not 1 (the grab and tap thresholds are window distances).
        public var zoom: Double?
        /// Key command name.
        public var key: String?
        /// Key pressed (true) or released.
        public var pressed: Bool?
        /// Shift held with the key.
        public var shift: Bool?
        /// Edit: the selected item's index.
        public var item: Int?
        /// Edit: the panel section (without a "(shared by …)" note).
        public var section: String?
        /// Edit: the row's name.
        public var row: String?
        /// Edit: the value set (already clamped to the row's range).
        public var value: Double?
        /// Edit: made while dragging a slider.
        public var dragging: Bool?
        /// Scene: the catalogue scene's name.
        public var name: String?
        /// Open: the file's path as opened, for people.
        public var file: String?
        /// Open: the opened scene file's content.
        public var scene: SceneFile?
        /// Resize: width, pt.
        public var width: Double?
        /// Resize: height, pt.
        public var height: Double?

        /// An input of `kind` at `frame` (set the fields its kind needs).
        public init(kind: String, frame: Int) {
            self.kind = kind
            self.frame = frame
        }
    }

    /// The world when the recording stopped.
    public struct End: Codable, Equatable, Sendable {
        /// `SceneWorld.stateHash` as 16 hex digits.
        public var hash: String
        /// Number of items.
        public var items: Int
        /// The animator's elapsed time, s.
        public var elapsedTime: Double

        /// An end state.
        public init(hash: UInt64, items: Int, elapsedTime: Double) {
            self.hash = Recording.hex(hash)
            self.items = items
            self.elapsedTime = elapsedTime
        }
    }

    /// The world's hash after `frame` frames.
    public struct Checkpoint: Codable, Equatable, Sendable {
        /// Frames run, a multiple of 60.
        public var frame: Int
        /// `SceneWorld.stateHash` as 16 hex digits.
        public var hash: String

        /// A checkpoint.
        public init(frame: Int, hash: UInt64) {
            self.frame = frame
            self.hash = Recording.hex(hash)
        }
    }

    /// `value` as 16 lower-case hex digits.
    public static func hex(_ value: UInt64) -> String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 16 - s.count)) + s
    }

    /// The hash of `text` (16 hex digits), or nil.
    static func parseHash(_ text: String) -> UInt64? {
        guard text.count == 16 else { return nil }
        return UInt64(text, radix: 16)
    }

    /// The end hash, or nil when the recording has none.
    public var endHash: UInt64? { end.flatMap { Self.parseHash($0.hash) } }

    /// The checkpoint hashes by frame.
    var checkpointHashes: [Int: UInt64] {
        var out: [Int: UInt64] = [:]
        for c in checkpoints ?? [] { if let h = Self.parseHash(c.hash) { out[c.frame] = h } }
        return out
    }

    // MARK: Files

    /// Whether `data` is a recording rather than a scene file (its `format` says so), for openers that take both.
    public static func isRecording(_ data: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let dict = object as? [String: Any]
        else { return false }
        return dict["format"] as? String == formatName
    }

    /// Reads, decodes and validates the recording at `path`; the error is one line naming the file, the field
    /// (JSON path), the problem and the fix.
    public static func load(contentsOf path: String) -> Result<Recording, RecordingError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            return .failure(
                RecordingError(
                    file: path, path: "$", problem: exists ? "cannot be read" : "no such file",
                    fix: exists ? "check its permissions" : "check the path"))
        }
        return decode(data, file: path)
    }

    /// Decodes and validates a recording's bytes (`file` names it in messages).
    public static func decode(_ data: Data, file: String) -> Result<Recording, RecordingError> {
        // Another kind of document is named as such before its fields are checked.
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let format = object["format"] as? String, format != formatName
        {
            return .failure(wrongFormat(format, file: file))
        }
        let recording: Recording
        do {
            recording = try JSONDecoder().decode(Recording.self, from: data)
        } catch let error as DecodingError {
            return .failure(RecordingError(SceneFileError.decoding(error, file: file)))
        } catch {
            return .failure(RecordingError(file: file, path: "$", problem: "\(error)", fix: "see docs/recordings.md"))
        }
        if recording.format != formatName { return .failure(wrongFormat(recording.format, file: file)) }
        if let e = recording.validate(file: file) { return .failure(e) }
        if let e = SceneFile.unknownField(in: data, known: recording, file: file) { return .failure(RecordingError(e)) }
        return .success(recording)
    }

    /// The error for a document whose `format` is not a recording's.
    static func wrongFormat(_ format: String, file: String) -> RecordingError {
        let scene = format == SceneFile.formatName
        return RecordingError(
            file: file, path: "$.format",
            problem: scene ? "is a scene file, not a recording" : "is \"\(format)\", not a recording",
            fix: scene ? "open it with --scene-file (or Ctrl+O)" : "use a file written by Ctrl+R or --record")
    }

    /// The recording as readable JSON text (each input on one line).
    public func jsonText() -> String { ReadableJSON.text(self) ?? "{}\n" }

    /// Writes the recording to `path`; an existing file is never overwritten (the error says so).
    public func write(to path: String) -> RecordingError? {
        if FileManager.default.fileExists(atPath: path) {
            return RecordingError(
                file: path, path: "$", problem: "already exists",
                fix: "choose another name (recordings are never overwritten silently)")
        }
        let dir = (path as NSString).deletingLastPathComponent
        do {
            if !dir.isEmpty { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
            try Data(jsonText().utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
            return nil
        } catch {
            return RecordingError(
                file: path, path: "$", problem: "cannot be written (\(error.localizedDescription))",
                fix: "check that the directory exists and is writable")
        }
    }

    /// Why `path` cannot take a new recording, or nil: it must end in .json, must not exist yet (recordings are
    /// never overwritten), and its folder must exist and be writable. Checked before a run (`--record`).
    public static func outputProblem(_ path: String) -> String? {
        guard path.lowercased().hasSuffix(".json") else { return "must name a .json file" }
        if FileManager.default.fileExists(atPath: path) {
            return "already exists (recordings are never overwritten: choose another name)"
        }
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            return "folder '\(dir)' does not exist"
        }
        guard FileManager.default.isWritableFile(atPath: dir) else { return "folder '\(dir)' is not writable" }
        return nil
    }
}

/// Why a recording was refused: the file, the field (a JSON path such as `$.inputs[3].x`), what was wrong and how
/// to fix it. `message` is the one line the sandbox prints; nothing is replayed.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// JSON path of the field, `$` for the whole document.
    public var path: String
    /// What was wrong.
    public var problem: String
    /// What to do about it.
    public var fix: String

    /// An error.
    public init(file: String, path: String, problem: String, fix: String) {
        self.file = file
        self.path = path
        self.problem = problem
        self.fix = fix
    }

    /// The same error as a scene file's (decoding, unknown fields), its fix pointing at docs/recordings.md.
    init(_ e: SceneFileError) {
        self.init(
            file: e.file, path: e.path, problem: e.problem,
            fix: e.fix.replacingOccurrences(of: "docs/scene-files.md", with: "docs/recordings.md"))
    }

    /// A scene file error inside the recording at JSON path `prefix` (e.g. `$.scene`): its path moved under it.
    init(_ e: SceneFileError, under prefix: String) {
        self.init(file: e.file, path: prefix + e.path.dropFirst(), problem: e.problem, fix: e.fix)
    }

    /// "recording F: $.a.b: problem; fix" — one line.
    public var message: String {
        "recording \(file): \(path): \(problem); \(fix)".replacingOccurrences(of: "\n", with: " ")
    }

    /// Same as `message`.
    public var description: String { message }
}
