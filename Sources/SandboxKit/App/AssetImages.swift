import Foundation
import SandboxRender

/// The pictures of `--assets DIR`: its `.png` files in name order, decoded; a file that cannot be read is skipped
/// with a message naming it and the fix (the sandbox reads 8-bit RGB or RGBA, non-interlaced PNG files).
public enum AssetImages {
    /// The decoded images and one message per file skipped (empty when every file loaded).
    public static func load(from directory: String) -> (images: [Raster], problems: [String]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.lowercased().hasSuffix(".png") }
                .sorted()
        } catch {
            return (
                [], ["--assets '\(directory)': cannot list it (\(error.localizedDescription)); check its permissions"]
            )
        }
        var images: [Raster] = []
        var problems: [String] = []
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append("--assets: skipped '\(name)': cannot read it; check its permissions")
                continue
            }
            do {
                images.append(try PNG.decode([UInt8](data)))
            } catch {
                problems.append(
                    "--assets: skipped '\(name)': \(error); save it as an 8-bit RGB or RGBA, "
                        + "non-interlaced PNG")
            }
        }
        return (images, problems)
    }
}

extension AssetImages {
    /// The repository's `Assets/Stickers` (the sticker pictures made for the sandbox), found from the current
    /// directory or the executable's upward; nil when neither is inside a checkout. `make run` thus shows them
    /// without `--assets`.
    public static func defaultDirectory(executable: String = CommandLine.arguments.first ?? "") -> String? {
        let fm = FileManager.default
        var starts = [fm.currentDirectoryPath]
        let exe = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent().path
        if !executable.isEmpty { starts.append(exe) }
        for start in starts {
            var dir = URL(fileURLWithPath: start)
            for _ in 0..<6 {
                let candidate = dir.appendingPathComponent("Assets/Stickers").path
                var isDir: ObjCBool = false
                if fm.fileExists(atPath: candidate, isDirectory: &isDir), isDir.boolValue { return candidate }
                dir.deleteLastPathComponent()
            }
        }
        return nil
    }
}
