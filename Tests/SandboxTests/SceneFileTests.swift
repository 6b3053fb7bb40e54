import Dynamics
import Foundation
import SandboxScenes
import Testing

/// The repository's `Assets/Scenes` directory.
let assetScenesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Assets/Scenes").path

@MainActor
@Suite("Scene files: format, catalogue files, round trip, bad files")
struct SceneFileTests {
    static let bounds = CGRect(x: 0, y: 0, width: 960, height: 640)

    /// A file's text through the loader (decode + validate + unknown fields), or the error.
    func reload(_ file: SceneFile, name: String = "memory.json") -> Result<SceneFile, SceneFileError> {
        SceneFile.decode(Data(file.jsonText().utf8), file: name)
    }

    @Test("every catalogue scene saved and loaded runs bit-identically: same state hash after 600 frames")
    func roundTrip() throws {
        for descriptor in SceneCatalog.all {
            let direct = descriptor.make(bounds: Self.bounds, seed: 1)
            let file = SceneCatalog.file(for: descriptor, bounds: Self.bounds)
            let loaded = try reload(file).get()
            #expect(loaded == file, "\(descriptor.name): the file changed through JSON")
            let built = loaded.build().world
            #expect(built.items.count == direct.items.count, "\(descriptor.name)")
            #expect(built.stateHash == direct.stateHash, "\(descriptor.name) differs before the first step")
            direct.run(frames: 600)
            built.run(frames: 600)
            #expect(built.stateHash == direct.stateHash, "\(descriptor.name) differs after 600 frames")
        }
    }

    @Test("every file in Assets/Scenes loads, builds without a diagnostic, and matches its catalogue scene")
    func assetFilesLoad() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: assetScenesDirectory)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count == SceneCatalog.all.count, "one file per catalogue scene (make scene-files)")
        var diagnostics: [String] = []
        try DynamicsDiagnostics.withHandler({ d in
            MainActor.assumeIsolated { diagnostics.append(d.description) }
        }) {
            for name in names {
                let path = "\(assetScenesDirectory)/\(name)"
                let file = try SceneFile.load(contentsOf: path).get()
                let built = file.build()
                #expect(!built.world.items.isEmpty, "\(name)")
                if let descriptor = SceneCatalog.named(file.name) {
                    // The file is the catalogue scene (regenerate with `make scene-files` after changing a scene).
                    let current = SceneCatalog.file(for: descriptor, bounds: Self.bounds)
                    #expect(file == current, "\(name) is out of date: run `make scene-files`")
                }
            }
        }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test("a data-only scene file builds without its Swift: items and behaviours come from the JSON")
    func dataOnly() throws {
        let text = """
            {"format": "swiftdynamics-scene", "version": 1, "name": "two-balls",
             "referenceBounds": {"x": 0, "y": 0, "width": 400, "height": 400},
             "items": [{"shape": "ellipse", "size": {"width": 40, "height": 40}, "center": {"x": 100, "y": 100}},
                       {"size": {"width": 40, "height": 40}, "center": {"x": 300, "y": 100}}],
             "behaviors": [{"gravity": {"items": [0, 1]}},
                           {"collision": {"items": [0, 1], "referenceBoundsAreBoundary": true}},
                           {"attachment": {"item": 1, "anchor": {"x": 300, "y": 20}, "frequency": 2, "damping": 0.1}}]}
            """
        let file = try SceneFile.decode(Data(text.utf8), file: "two-balls.json").get()
        let world = file.build().world
        #expect(world.items.count == 2)
        world.run(frames: 120)
        // The free ball lands on the floor: the reference-bounds wall is 1 pt outside the bounds (UIKit's outset),
        // so its centre rests at 400 + 1 − 20 (within the contact solver's 0.5-pt slop).
        #expect(abs(world.items[0].center.y - 381) < 0.5)
        #expect(world.items[1].center.y < 300)
    }

    /// Bad files: each must fail with one line naming the file, the JSON path, the problem and a fix.
    static let badFiles: [(String, String, String)] = [
        ("{\"format\": \"swiftdynamics-scene\", \"version\": 1, \"na", "$", "not valid JSON"),
        ("", "$", "not valid JSON"),
        ("[1, 2]", "$", "expected an object"),
        (
            #"{"format": "swiftdynamics-scene", "version": 1, "name": "x", "items": [], "behaviors": []}"#,
            "$.referenceBounds", "required field is missing"
        ),
        (
            #"{"format": "other", "version": 1, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": 10, "height": 10}, "items": [], "behaviors": []}"#,
            "$.format", "not a scene file"
        ),
        (
            #"{"format": "swiftdynamics-scene", "version": 7, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": 10, "height": 10}, "items": [], "behaviors": []}"#,
            "$.version", "version 7"
        ),
        (
            #"{"format": "swiftdynamics-scene", "version": 1, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": "wide", "height": 10}, "items": [], "behaviors": []}"#,
            "$.referenceBounds.width", "expected a number"
        ),
        (
            #"{"format": "swiftdynamics-scene", "version": 1, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": 10, "height": 10}, "items": [{"size": {"width": -5, "height": 10}, "center": {"x": 1, "y": 1}}], "behaviors": []}"#,
            "$.items[0].size.width", "out of range"
        ),
        (
            #"{"format": "swiftdynamics-scene", "version": 1, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": 10, "height": 10}, "items": [{"size": {"width": 5, "height": 10}, "center": {"x": 1, "y": 1}}], "behaviors": [{"attachment": {"item": 0, "frequency": -2}}]}"#,
            "$.behaviors[0].attachment.frequency", "out of range"
        ),
        (
            #"{"format": "swiftdynamics-scene", "version": 1, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": 10, "height": 10}, "items": [{"size": {"width": 5, "height": 10}, "center": {"x": 1, "y": 1}}], "behaviors": [{"gravity": {"items": [0, 3]}}]}"#,
            "$.behaviors[0].gravity.items[1]", "does not exist"
        ),
        (
            #"{"format": "swiftdynamics-scene", "version": 1, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": 10, "height": 10}, "items": [{"size": {"width": 5, "height": 10}, "center": {"x": 1, "y": 1}}], "behaviors": [{"attachment": {"item": 0, "frequncy": 2}}]}"#,
            "$.behaviors[0].attachment.frequncy", "unknown field"
        ),
        (
            #"{"format": "swiftdynamics-scene", "version": 1, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": 10, "height": 10}, "items": [], "behaviors": [{"wind": {}}]}"#,
            "$.behaviors[0].wind", "unknown behaviour kind \"wind\""
        ),
        (
            #"{"format": "swiftdynamics-scene", "version": 1, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": 10, "height": 10}, "items": [{"size": {"width": 5, "height": 10}, "center": {"x": 1, "y": 1}}], "behaviors": [{"snap": {"item": 0, "point": {"x": 1, "y": 1}, "damping": 3}}]}"#,
            "$.behaviors[0].snap.damping", "out of range"
        )
    ]

    @Test("bad files: truncated, mistyped, out of range — one message with file, JSON path, problem and fix")
    func badFilesGiveOneMessage() {
        for (text, path, problem) in Self.badFiles {
            switch SceneFile.decode(Data(text.utf8), file: "bad.json") {
            case .success:
                Issue.record("accepted: \(text)")
            case .failure(let e):
                #expect(e.path == path, "\(e.message)")
                #expect(e.problem.contains(problem), "\(e.message)")
                #expect(e.message.hasPrefix("scene file bad.json: \(path): "), "\(e.message)")
                #expect(!e.fix.isEmpty && !e.message.contains("\n"))
            }
        }
    }

    @Test("fuzz: every prefix, and mistyped or out-of-range values of a real file, never crash and always explain")
    func fuzz() throws {
        let file = SceneCatalog.file(for: try #require(SceneCatalog.named("newtons-cradle")), bounds: Self.bounds)
        let text = file.jsonText()
        let bytes = Array(text.utf8)
        // Every cut of the file (a save interrupted anywhere) is refused with a message.
        for cut in stride(from: 0, to: bytes.count - 2, by: 7) {
            guard case .failure(let e) = SceneFile.decode(Data(bytes[..<cut]), file: "cut.json") else {
                Issue.record("a file cut at byte \(cut) was accepted")
                continue
            }
            #expect(e.message.hasPrefix("scene file cut.json: $"))
        }
        // Every number replaced by a string, by a huge value or by a negative one: refused with the field's path,
        // or (when the value is allowed there) loaded and built without a crash.
        var random = SceneRandom(seed: 42)
        let numbers = try NSRegularExpression(pattern: #"-?[0-9]+(\.[0-9]+)?(e-?[0-9]+)?"#)
        let matches = numbers.matches(in: text, range: NSRange(text.startIndex..., in: text))
        var refused = 0
        for m in matches.shuffledPrefix(60, using: &random) {
            for replacement in ["\"x\"", "1e300", "-5", "true", "null"] {
                let mutated = (text as NSString).replacingCharacters(in: m.range, with: replacement)
                switch SceneFile.decode(Data(mutated.utf8), file: "m.json") {
                case .failure(let e):
                    refused += 1
                    #expect(e.message.hasPrefix("scene file m.json: $"), "\(e.message)")
                case .success(let f):
                    // Accepted values must be ones Dynamics takes without a diagnostic.
                    var diagnostics: [String] = []
                    DynamicsDiagnostics.withHandler({ d in
                        MainActor.assumeIsolated { diagnostics.append(d.description) }
                    }) {
                        let w = f.build().world
                        w.run(frames: 5)
                    }
                    #expect(diagnostics.isEmpty, "\(replacement) at \(m.range): \(diagnostics)")
                }
            }
        }
        #expect(refused > 100)
    }
}

extension Array {
    /// `n` elements picked with the scene random generator (deterministic).
    func shuffledPrefix(_ n: Int, using random: inout SceneRandom) -> [Element] {
        var copy = self
        var out: [Element] = []
        while out.count < n && !copy.isEmpty {
            out.append(copy.remove(at: random.below(copy.count)))
        }
        return out
    }
}
