import Foundation

/// JSON text laid out for people, as scene files are: two-space indented, objects of plain values and lists of
/// numbers on one line, keys sorted (identity keys such as `format`, `version`, `name`, `kind` first), every
/// number kept exactly as the encoder wrote it (so every Double reads back to the same bits).
public enum ReadableJSON {
    /// `value` as readable JSON text ending in a newline, or nil when it cannot be encoded.
    public static func text<Document: Encodable>(_ value: Document) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8),
            let tree = JSONLayout.parse(text)
        else { return nil }
        return JSONLayout.text(tree) + "\n"
    }
}
