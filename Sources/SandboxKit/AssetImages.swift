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
            return ([], ["--assets '\(directory)': cannot list it (\(error.localizedDescription)); check its permissions"])
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
                problems.append("--assets: skipped '\(name)': \(error); save it as an 8-bit RGB or RGBA, "
                                + "non-interlaced PNG")
            }
        }
        return (images, problems)
    }
}
