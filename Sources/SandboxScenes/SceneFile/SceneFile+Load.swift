import Foundation

/// Reading and writing scene files.
extension SceneFile {
    /// Reads, decodes and validates the file at `path`; the error names the field and the fix.
    public static func load(contentsOf path: String) -> Result<SceneFile, SceneFileError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            return .failure(
                SceneFileError(
                    file: path, path: "$",
                    problem: exists ? "cannot be read" : "no such file",
                    fix: exists ? "check its permissions" : "check the path"))
        }
        return decode(data, file: path)
    }

    /// Decodes and validates a scene file's bytes (`file` names it in messages).
    public static func decode(_ data: Data, file: String) -> Result<SceneFile, SceneFileError> {
        let scene: SceneFile
        do {
            scene = try JSONDecoder().decode(SceneFile.self, from: data)
        } catch let error as DecodingError {
            return .failure(SceneFileError.decoding(error, file: file))
        } catch {
            return .failure(SceneFileError(file: file, path: "$", problem: "\(error)", fix: "see docs/scene-files.md"))
        }
        if let e = scene.validate(file: file) { return .failure(e) }
        if let e = unknownField(in: data, known: scene, file: file) { return .failure(e) }
        return .success(scene)
    }

    /// The file as JSON text: two-space indented, every object of plain values and every list of numbers on one
    /// line, keys in a fixed order, so a person can read and edit it.
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8),
            let tree = JSONLayout.parse(text)
        else { return "{}" }
        return JSONLayout.text(tree) + "\n"
    }

    /// Writes the file to `path`; with `overwrite` false an existing file is left alone and an error returned.
    public func write(to path: String, overwrite: Bool) -> SceneFileError? {
        if !overwrite && FileManager.default.fileExists(atPath: path) {
            return SceneFileError(
                file: path, path: "$", problem: "already exists",
                fix: "choose another name (files are never overwritten silently)")
        }
        let dir = (path as NSString).deletingLastPathComponent
        do {
            if !dir.isEmpty { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
            try Data(jsonText().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return SceneFileError(
                file: path, path: "$", problem: "cannot be written (\(error.localizedDescription))",
                fix: "check that the directory exists and is writable")
        }
    }

    /// A field the format does not know (a typo would otherwise be ignored silently): found by comparing the
    /// document's keys with those of the decoded value encoded again. Also used for recordings (any `Encodable`
    /// document decoded from `data`).
    public static func unknownField<Document: Encodable>(in data: Data, known: Document, file: String)
        -> SceneFileError?
    {
        let encoder = JSONEncoder()
        guard let original = try? JSONSerialization.jsonObject(with: data),
            let again = try? encoder.encode(known), let reference = try? JSONSerialization.jsonObject(with: again)
        else { return nil }
        func walk(_ a: Any, _ b: Any, _ path: String) -> SceneFileError? {
            if let a = a as? [String: Any] {
                let b = b as? [String: Any] ?? [:]
                for key in a.keys.sorted() {
                    if a[key] is NSNull { continue }
                    guard let sub = b[key] else {
                        return SceneFileError(
                            file: file, path: "\(path).\(key)", problem: "unknown field",
                            fix: "check its spelling: the fields here are "
                                + (b.keys.sorted().joined(separator: ", ")) + " (docs/scene-files.md)")
                    }
                    if let e = walk(a[key]!, sub, "\(path).\(key)") { return e }
                }
            } else if let a = a as? [Any], let b = b as? [Any] {
                for (k, (x, y)) in zip(a, b).enumerated() {
                    if let e = walk(x, y, "\(path)[\(k)]") { return e }
                }
            }
            return nil
        }
        return walk(original, reference, "$")
    }
}

/// A compact, stable JSON layout for scene files. It re-lays out the encoder's own text, numbers and strings
/// kept byte for byte (so every Double reads back to the same bits).
enum JSONLayout {
    /// A JSON value with its scalars as raw text.
    indirect enum Node {
        case object([(String, Node)])
        case array([Node])
        case scalar(String)
    }

    /// Parses compact JSON as written by `JSONEncoder` (nil when malformed).
    static func parse(_ text: String) -> Node? {
        let chars = Array(text.utf8)
        var i = 0
        func skip() {
            while i < chars.count, chars[i] == 32 || chars[i] == 10 || chars[i] == 13 || chars[i] == 9 { i += 1 }
        }
        func string() -> String? {
            guard i < chars.count, chars[i] == UInt8(ascii: "\"") else { return nil }
            let start = i
            i += 1
            while i < chars.count, chars[i] != UInt8(ascii: "\"") {
                if chars[i] == UInt8(ascii: "\\") { i += 1 }
                i += 1
            }
            i += 1
            return i <= chars.count ? String(decoding: chars[start..<i], as: UTF8.self) : nil
        }
        func value() -> Node? {
            skip()
            guard i < chars.count else { return nil }
            switch chars[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(String, Node)] = []
                skip()
                if i < chars.count, chars[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                while true {
                    skip()
                    guard let key = string() else { return nil }
                    skip()
                    guard i < chars.count, chars[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let v = value() else { return nil }
                    members.append((key, v))
                    skip()
                    guard i < chars.count else { return nil }
                    if chars[i] == UInt8(ascii: ",") { i += 1; continue }
                    if chars[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                    return nil
                }
            case UInt8(ascii: "["):
                i += 1
                var elements: [Node] = []
                skip()
                if i < chars.count, chars[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
                while true {
                    guard let v = value() else { return nil }
                    elements.append(v)
                    skip()
                    guard i < chars.count else { return nil }
                    if chars[i] == UInt8(ascii: ",") { i += 1; continue }
                    if chars[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
                    return nil
                }
            case UInt8(ascii: "\""):
                return string().map(Node.scalar)
            default:
                let start = i
                while i < chars.count, !",]} \n".utf8.contains(chars[i]) { i += 1 }
                return .scalar(String(decoding: chars[start..<i], as: UTF8.self))
            }
        }
        return value()
    }

    static func text(_ node: Node, indent: String = "") -> String {
        if isFlat(node) { return inline(node) }
        let inner = indent + "  "
        switch node {
        case .object(let members):
            return "{\n"
                + ordered(members).map { "\(inner)\($0.0): \(text($0.1, indent: inner))" }
                .joined(separator: ",\n") + "\n\(indent)}"
        case .array(let elements):
            return "[\n" + elements.map { "\(inner)\(text($0, indent: inner))" }.joined(separator: ",\n")
                + "\n\(indent)]"
        case .scalar(let s):
            return s
        }
    }

    /// Document order: identity and names first, then the rest alphabetically, the big lists last.
    static func ordered(_ members: [(String, Node)]) -> [(String, Node)] {
        let first = [
            "\"format\"", "\"version\"", "\"name\"", "\"notes\"", "\"code\"", "\"seed\"",
            "\"referenceBounds\"", "\"kind\"", "\"shape\"", "\"size\"", "\"center\""
        ]
        let last = ["\"items\"", "\"groups\"", "\"behaviors\""]
        func rank(_ key: String) -> Int {
            if let k = first.firstIndex(of: key) { return k }
            if let k = last.firstIndex(of: key) { return 1000 + k }
            return 100
        }
        return members.enumerated().sorted { a, b in
            let ra = rank(a.element.0), rb = rank(b.element.0)
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    /// Small enough for one line: an object of scalars and small objects, or a list of scalars.
    static func isFlat(_ node: Node) -> Bool {
        switch node {
        case .scalar: return true
        case .array(let elements): return elements.allSatisfy { if case .scalar = $0 { true } else { false } }
        case .object(let members):
            return members.count <= 10
                && members.allSatisfy { _, v in
                    switch v {
                    case .scalar: true
                    case .array: false
                    case .object(let inner): inner.allSatisfy { if case .scalar = $0.1 { true } else { false } }
                    }
                }
        }
    }

    static func inline(_ node: Node) -> String {
        switch node {
        case .scalar(let s): s
        case .array(let elements): "[" + elements.map(inline).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + ordered(members).map { "\($0.0): \(inline($0.1))" }.joined(separator: ", ") + "}"
        }
    }
}
