import Foundation
import SandboxScenes

/// Checking a decoded recording before anything is replayed: every problem is one `RecordingError`.
extension Recording {
    /// The input kinds and the commands a "key" input may name.
    static let kinds: Set<String> = [
        "pointerDown", "pointerMoved", "pointerUp", "key", "stick", "edit", "panelRelease", "scene", "open",
        "restart", "reset", "resize"
    ]
    /// Keys that change the simulation (the others only change the view, or are recorded by their effect).
    static let recordedKeys: Set<KeyCommand> = [
        .pauseResume, .singleStep, .slower, .faster, .tiltLeft, .tiltRight, .tiltUp, .tiltDown
    ]
    static let tiltKeys: Set<KeyCommand> = [.tiltLeft, .tiltRight, .tiltUp, .tiltDown]

    /// The first problem, or nil when the recording can be replayed.
    public func validate(file: String) -> RecordingError? {
        func error(_ path: String, _ problem: String, _ fix: String) -> RecordingError {
            RecordingError(file: file, path: path, problem: problem, fix: fix)
        }
        if version > Self.currentVersion || version < 1 {
            return error(
                "$.version", "version \(version) is not one this build reads (it reads 1…\(Self.currentVersion))",
                version > Self.currentVersion ? "use a newer sandbox" : "write 1")
        }
        if frameInterval != Self.fixedFrameInterval {
            return error(
                "$.frameInterval", "is \(frameInterval); recordings step 1/60 s per frame",
                "write 0.016666666666666666")
        }
        if !(0...Self.maximumFrames).contains(frames) {
            return error("$.frames", "\(frames) is out of range", "use 0 … \(Self.maximumFrames) frames")
        }
        for (key, v) in [("width", size.width), ("height", size.height)] where !(v.isFinite && v >= 1 && v <= 10_000) {
            return error("$.size.\(key)", "\(v) is out of range", "use 1 … 10000 pt")
        }
        if let e = scene.validate(file: file) { return RecordingError(e, under: "$.scene") }
        if let e = baseScene?.validate(file: file) { return RecordingError(e, under: "$.baseScene") }
        if let e = start.validate(file: file, items: scene.code == nil ? scene.items.count : nil) { return e }
        var last = 0
        for (k, input) in inputs.enumerated() {
            if let e = input.validate(file: file, path: "$.inputs[\(k)]", frames: frames, after: last) { return e }
            last = input.frame
        }
        if let end, Self.parseHash(end.hash) == nil {
            return error("$.end.hash", "'\(end.hash)' is not 16 hex digits", "write the hash the app printed")
        }
        for (k, c) in (checkpoints ?? []).enumerated() {
            if Self.parseHash(c.hash) == nil {
                return error("$.checkpoints[\(k)].hash", "'\(c.hash)' is not 16 hex digits", "remove the checkpoint")
            }
            if !(0...frames).contains(c.frame) {
                return error("$.checkpoints[\(k)].frame", "\(c.frame) is out of range", "use 0 … \(frames)")
            }
        }
        return nil
    }
}

extension Recording.Start {
    func validate(file: String, items: Int?) -> RecordingError? {
        func error(_ path: String, _ problem: String, _ fix: String) -> RecordingError {
            RecordingError(file: file, path: "$.start" + path, problem: problem, fix: fix)
        }
        let g = gestures
        let ranges: [(String, Double, ClosedRange<Double>)] = [
            ("dragFrequency", g.dragFrequency, 0...1000), ("dragDamping", g.dragDamping, 0...100),
            ("dragLength", g.dragLength, 0...100_000), ("snapDamping", g.snapDamping, 0...1),
            ("pushMagnitude", g.pushMagnitude, 0...1000), ("pushAngle", g.pushAngle, -10...10),
            ("flingSmoothing", g.flingSmoothing, 0.001...10)
        ]
        for (name, v, r) in ranges where !(v.isFinite && r.contains(v)) {
            return error(
                ".gestures.\(name)", "\(v) is out of range",
                "use a value \(String(format: "%g", r.lowerBound)) … \(String(format: "%g", r.upperBound))")
        }
        if !(timeScale.isFinite && (0.125...2).contains(timeScale)) {
            return error(".timeScale", "\(timeScale) is out of range", "use 0.125 … 2")
        }
        if let s = selectedItem, s < 0 || (items.map { s >= $0 } ?? false) {
            return error(".selectedItem", "\(s) names no item", "use an item index from 0, or leave it out")
        }
        for (k, name) in tiltKeys.enumerated() {
            guard let c = KeyCommand(rawValue: name), Recording.tiltKeys.contains(c) else {
                return error(
                    ".tiltKeys[\(k)]", "'\(name)' is not an arrow key", "use tiltLeft, tiltRight, tiltUp or tiltDown")
            }
        }
        for (path, v) in [(".keyTilt", keyTilt), (".stickTilt", stickTilt)] {
            for (axis, a) in [("dx", v.dx), ("dy", v.dy)] where !(a.isFinite && abs(a) <= 1) {
                return error("\(path).\(axis)", "\(a) is out of range", "use −1 … 1")
            }
        }
        return nil
    }
}

extension Recording.Input {
    /// The first problem of this input at JSON path `path`, or nil. `after` is the previous input's frame.
    func validate(file: String, path: String, frames: Int, after: Int) -> RecordingError? {
        func error(_ field: String, _ problem: String, _ fix: String) -> RecordingError {
            RecordingError(file: file, path: path + field, problem: problem, fix: fix)
        }
        guard Recording.kinds.contains(kind) else {
            return error(
                ".kind", "'\(kind)' is not an input kind",
                "use one of " + Recording.kinds.sorted().joined(separator: ", ") + " (docs/recordings.md)")
        }
        if !(0...frames).contains(frame) { return error(".frame", "\(frame) is out of range", "use 0 … \(frames)") }
        if frame < after {
            return error(
                ".frame", "\(frame) comes before the previous input's \(after)", "keep the inputs in frame order")
        }
        func number(_ name: String, _ v: Double?, _ range: ClosedRange<Double>) -> RecordingError? {
            guard let v else { return error(".\(name)", "required field is missing", "add \"\(name)\" (a number)") }
            guard v.isFinite, range.contains(v) else {
                return error(
                    ".\(name)", "\(v) is out of range",
                    "use a value \(String(format: "%g", range.lowerBound)) … \(String(format: "%g", range.upperBound))")
            }
            return nil
        }
        func text(_ name: String, _ v: String?) -> RecordingError? {
            v == nil ? error(".\(name)", "required field is missing", "add \"\(name)\" (a string)") : nil
        }
        let far = -1e6...1e6
        switch kind {
        case "pointerDown", "pointerMoved", "pointerUp":
            if let e = number("x", x, far) ?? number("y", y, far) ?? number("time", time, -1e9...1e9) { return e }
            if zoom != nil, let e = number("zoom", zoom, SceneCamera.zoomRange) { return e }
            if kind != "pointerMoved" {
                guard let b = button else { return error(".button", "required field is missing", "add \"button\"") }
                if b != "primary" && b != "secondary" {
                    return error(".button", "'\(b)' is not a button", "use \"primary\" or \"secondary\"")
                }
            }
        case "key":
            guard let k = key else { return error(".key", "required field is missing", "add \"key\"") }
            guard let c = KeyCommand(rawValue: k), Recording.recordedKeys.contains(c) else {
                return error(
                    ".key", "'\(k)' is not a recorded key",
                    "use one of " + Recording.recordedKeys.map(\.rawValue).sorted().joined(separator: ", "))
            }
            if pressed == nil {
                return error(".pressed", "required field is missing", "add \"pressed\": true or false")
            }
        case "stick":
            if let e = number("x", x, -1...1) ?? number("y", y, -1...1) { return e }
        case "edit":
            if let e = text("section", section) ?? text("row", row) ?? number("value", value, -1e9...1e9) { return e }
            if let i = item, i < 0 { return error(".item", "\(i) names no item", "use an index from 0") }
        case "scene":
            guard let n = name else { return error(".name", "required field is missing", "add \"name\"") }
            if SceneCatalog.named(n) == nil {
                return error(".name", "'\(n)' is not a catalogue scene", "use a name from --list-scenes")
            }
        case "open":
            guard let s = scene else {
                return error(".scene", "required field is missing", "add the scene file's content")
            }
            if let e = s.validate(file: file) { return RecordingError(e, under: path + ".scene") }
        case "resize":
            if let e = number("width", width, 1...10_000) ?? number("height", height, 1...10_000) { return e }
        default:
            break
        }
        return nil
    }
}

extension Recording.Input {
    /// A catalogue scene loaded.
    static func scene(_ name: String) -> Recording.Input {
        var input = Recording.Input(kind: "scene", frame: 0)
        input.name = name
        return input
    }

    /// A scene file opened.
    static func open(_ file: SceneFile, path: String) -> Recording.Input {
        var input = Recording.Input(kind: "open", frame: 0)
        input.scene = file
        input.file = path
        return input
    }
}
