import Foundation

/// Why a scene file was refused: the file, the field (a JSON path such as `$.behaviors[2].attachment.frequency`),
/// what was wrong and how to fix it. `message` is the one line the sandbox prints; the running scene stays.
public struct SceneFileError: Error, Equatable, Sendable, CustomStringConvertible {
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

    /// "scene file F: $.a.b: problem; fix" — one line.
    public var message: String {
        "scene file \(file): \(path): \(problem); \(fix)"
            .replacingOccurrences(of: "\n", with: " ")
    }

    /// Same as `message`.
    public var description: String { message }

    /// A JSON path for a Codable coding path.
    static func jsonPath(_ keys: [any CodingKey]) -> String {
        var out = "$"
        for k in keys {
            if let i = k.intValue { out += "[\(i)]" } else { out += ".\(k.stringValue)" }
        }
        return out
    }

    /// The error for a `DecodingError` (also used for recordings, whose fixes then name their own document).
    public static func decoding(_ error: DecodingError, file: String) -> SceneFileError {
        func name(_ t: Any.Type) -> String {
            switch t {
            case is Double.Type, is Int.Type, is UInt64.Type: "a number"
            case is String.Type: "a string"
            case is Bool.Type: "true or false"
            default: "\(t)".contains("Array") ? "a list [ … ]" : "an object { … }"
            }
        }
        switch error {
        case .typeMismatch(let t, let c):
            return SceneFileError(
                file: file, path: jsonPath(c.codingPath), problem: "expected \(name(t))",
                fix: "write \(name(t)) there (see docs/scene-files.md)")
        case .valueNotFound(let t, let c):
            return SceneFileError(
                file: file, path: jsonPath(c.codingPath), problem: "is null",
                fix: "write \(name(t)) there, or leave the field out if it is optional")
        case .keyNotFound(let k, let c):
            return SceneFileError(
                file: file, path: jsonPath(c.codingPath + [k]), problem: "required field is missing",
                fix: "add \"\(k.stringValue)\" (see docs/scene-files.md)")
        case .dataCorrupted(let c):
            if c.codingPath.isEmpty {
                let detail =
                    (c.underlyingError as NSError?).map {
                        " (\(($0.userInfo["NSDebugDescription"] as? String) ?? $0.localizedDescription))"
                    } ?? ""
                return SceneFileError(
                    file: file, path: "$", problem: "not valid JSON\(detail)",
                    fix: "check for a missing bracket, brace, quote or comma (a cut-off file ends early)")
            }
            return SceneFileError(
                file: file, path: jsonPath(c.codingPath), problem: c.debugDescription,
                fix: "correct that field (see docs/scene-files.md)")
        @unknown default:
            return SceneFileError(file: file, path: "$", problem: "\(error)", fix: "see docs/scene-files.md")
        }
    }
}
