import Foundation
import SandboxKit
import SandboxRender
import SandboxScenes
import Testing

/// Golden images: every scene after 60 frames (1 s), drawn headless at 960 × 640 pt, 0.5 px/pt (480 × 320 px),
/// default overlays, no HUD (it shows timings). `UPDATE_GOLDENS=1` rewrites them.
@MainActor
@Suite("Golden images of every scene", .serialized)
struct GoldenImageTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let frames = 60

    /// Channel differences up to 24 are ignored (anti-aliasing of an edge a hair away); at most 0.3 % of the
    /// 153 600 pixels may differ beyond that. The run is deterministic on one machine (a bit-identical frame);
    /// the slack is for another CPU's libm, whose last-bit differences move a few edge pixels.
    static let channelTolerance = 24
    static let pixelBudget = 480 * 320 * 3 / 1000

    static func render(_ name: String) -> Raster {
        var config = SandboxApp.Configuration()
        config.scene = name
        config.scale = 0.5
        let app = SandboxApp(configuration: config)
        for _ in 0..<frames { app.frame(dt: 1.0 / 60) }
        // The scene alone (the window adds the side bar beside it).
        var r = Raster(width: app.scenePixelSize.width, height: app.scenePixelSize.height)
        app.renderScene(into: &r)
        return r
    }

    @Test("each scene matches its golden image", arguments: SceneCatalog.all.map(\.name))
    func golden(_ name: String) throws {
        let image = Self.render(name)
        // Not blank: several colours, and at least 64 pixels that are not background (the sparsest scene, "snap",
        // a 20-pt view at 0.5 px/pt and its target ring, draws about 100).
        let background = SceneRenderer.background.packed
        let drawn = image.pixels.filter { $0 != background }.count
        #expect(image.distinctColors() >= 3, "scene \(name) rendered a blank frame")
        #expect(drawn >= 64, "scene \(name) drew only \(drawn) pixels")

        let file = Self.goldens.appendingPathComponent("\(name).png")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try Data(PNG.encode(image)).write(to: file)
            return
        }
        guard let data = try? Data(contentsOf: file) else {
            Issue.record("missing golden \(file.path): run UPDATE_GOLDENS=1 make test, look at it, commit it")
            return
        }
        let golden = try PNG.decode([UInt8](data))
        guard let diff = image.difference(from: golden, tolerance: Self.channelTolerance) else {
            Issue.record("size \(image.width)x\(image.height) differs from the golden \(golden.width)x\(golden.height)")
            return
        }
        if diff.differingPixels > Self.pixelBudget {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(name)-actual.png")
            try? Data(PNG.encode(image)).write(to: out)
            Issue.record("scene \(name): \(diff); actual frame written to \(out.path)")
        }
    }

    @Test("the same scene drawn twice is bit-identical (deterministic physics and drawing)")
    func deterministic() {
        let a = Self.render("sticker-pile"), b = Self.render("sticker-pile")
        #expect(a.pixels == b.pixels)
    }
}
