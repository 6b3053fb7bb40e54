import Foundation

/// The sandbox's numeric command-line values, parsed from their text so that a negative or non-numeric value gets
/// a message naming the flag, the value and the valid range (instead of "Missing value" or a parser's generic
/// text), one line each.
public struct CommandLineValues: Sendable, Equatable {
    /// `--frames`: 1…100 000, or nil (headless: 300; window: until closed).
    public var frames: Int?
    /// `--scale`: 0.25…8 pixels per point, or nil (the display's own).
    public var scale: Double?
    /// `--seed`: 0…UInt64.max. Default 1.
    public var seed: UInt64
    /// `--size`: points, width 480…4000 × height 360…4000. Default 960 × 640.
    public var size: CGSize

    /// A bad value: its one-line message.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        /// The message, e.g. "--scale must be a number from 0.25 to 8, got '-1' (e.g. --scale 2)".
        public let description: String
    }

    /// The defaults (no flags).
    public static let defaults = CommandLineValues(
        frames: nil, scale: nil, seed: 1,
        size: CGSize(width: 960, height: 640))

    /// The values as given.
    public init(frames: Int?, scale: Double?, seed: UInt64, size: CGSize) {
        self.frames = frames
        self.scale = scale
        self.seed = seed
        self.size = size
    }

    /// Parses the flags' texts (nil = not given); throws a `Problem` naming the first bad one.
    public init(frames: String?, scale: String?, seed: String, size: String) throws {
        self = Self.defaults
        if let frames {
            guard let n = Int(frames.trimmingCharacters(in: .whitespaces)), (1...100_000).contains(n) else {
                throw Problem(
                    description: "--frames must be a whole number from 1 to 100000, got '\(frames)' "
                        + "(e.g. --frames 600)")
            }
            self.frames = n
        }
        if let scale {
            guard let s = Double(scale.trimmingCharacters(in: .whitespaces)), s.isFinite, (0.25...8).contains(s)
            else {
                throw Problem(description: "--scale must be a number from 0.25 to 8, got '\(scale)' (e.g. --scale 2)")
            }
            self.scale = s
        }
        guard let sd = UInt64(seed.trimmingCharacters(in: .whitespaces)) else {
            throw Problem(
                description: "--seed must be a whole number from 0 to \(UInt64.max), got '\(seed)' "
                    + "(e.g. --seed 7)")
        }
        self.seed = sd
        let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        let minimum = SandboxAppLimits.minimumWindowSize
        guard parts.count == 2, let w = parts[0], let h = parts[1], (Double(minimum.width)...4000).contains(w),
            (Double(minimum.height)...4000).contains(h)
        else {
            throw Problem(
                description: "--size must be WIDTHxHEIGHT in points, width \(Int(minimum.width))…4000 and "
                    + "height \(Int(minimum.height))…4000, got '\(size)' (e.g. --size 960x640)")
        }
        self.size = CGSize(width: w, height: h)
    }

    /// Why `path` cannot be written as an output file, or nil: it must end in .png, its folder must exist and be
    /// writable, and an existing file there must be writable. Checked before a run so that a long simulation does
    /// not end in a failed write.
    public static func outputProblem(_ path: String) -> String? {
        guard path.lowercased().hasSuffix(".png") else { return "must name a .png file" }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            return "folder '\(dir)' does not exist"
        }
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) {
            if isDir.boolValue { return "is a folder" }
            if !FileManager.default.isWritableFile(atPath: url.path) { return "the file is not writable" }
            return nil
        }
        guard FileManager.default.isWritableFile(atPath: dir) else { return "folder '\(dir)' is not writable" }
        return nil
    }

    /// `text` as one line: line breaks and runs of blanks become single spaces; "Error: " and usage lines dropped.
    public static func oneLine(_ text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") }
        var s = lines.joined(separator: "; ")
        if s.hasPrefix("Error: ") { s.removeFirst(7) }
        return s
    }
}

/// Limits shared by the command line and the app.
public enum SandboxAppLimits {
    /// The smallest window, pt: 480 × 360.
    public static let minimumWindowSize = CGSize(width: 480, height: 360)
}
