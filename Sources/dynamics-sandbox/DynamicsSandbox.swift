import ArgumentParser
import Foundation
import SandboxKit
import SandboxRender
import SandboxScenes
import SandboxSDL

/// The sandbox: a window where you fling items, tilt gravity and tune motion live; or, with `--headless`, the same
/// scene stepped and drawn without a window. Wiring only: the model is SandboxKit, the window SandboxSDL.
@main
struct DynamicsSandbox: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynamics-sandbox",
        abstract: "UIKit Dynamics sandbox: fling items, tilt gravity, tune motion live.",
        discussion: "Press H in the window for every key and gesture. Without a display it says so and, with "
            + "--headless, runs the scene without a window.")

    @Option(name: .long, help: "Scene to open (see --list-scenes).")
    var scene = SceneCatalog.defaultName

    @Flag(name: .long, help: "List the scenes and exit.")
    var listScenes = false

    @Flag(name: .long, help: "No window: step and draw --frames frames, print the timing split, optionally save --screenshot.")
    var headless = false

    @Option(name: .long, help: "Frames of 1/60 s: with --headless the run's length (1…100000, default 300); with a window, quit after that many frames (default: run until closed).")
    var frames: Int?

    @Option(name: .long, help: "Write the last frame to this PNG file (with --headless, or when the window quits).")
    var screenshot: String?

    @Option(name: .long, help: "Directory of PNG pictures for the image-view items (the sticker pile's stickers, in file-name order, cycled); must exist. Default: the checkout's Assets/Stickers. Screenshots and 'copy as Swift' files go to the current directory.")
    var assets: String?

    @Option(name: .long, help: "Pixels per point, 0.25…8 (default 1; 2 for a HiDPI-sized window).")
    var scale: Double = 1

    @Option(name: .long, help: "Seed of the scenes' randomness (default 1): the same seed gives the same scene.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "Window size in points, WIDTHxHEIGHT (default 960x640, each 200…4000).")
    var size = "960x640"

    @Option(name: .long, help: "Open this scene file (JSON, docs/scene-files.md) instead of --scene; Ctrl+S saves one.")
    var sceneFile: String?

    @Option(name: .long, help: "Write every catalogue scene as a scene file into this directory (at --size, --seed) and exit: `make scene-files` refreshes Assets/Scenes.")
    var writeSceneFiles: String?

    func validate() throws {
        if let frames, !(1...100_000).contains(frames) {
            throw ValidationError("--frames must be 1…100000, got \(frames): e.g. '--frames 600'")
        }
        guard scale.isFinite, (0.25...8).contains(scale) else {
            throw ValidationError("--scale must be a number from 0.25 to 8, got \(scale): e.g. '--scale 2'")
        }
        guard parsedSize != nil else {
            throw ValidationError("--size must be WIDTHxHEIGHT with each 200…4000, got '\(size)': e.g. '--size 960x640'")
        }
        if let assets {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: assets, isDirectory: &isDir), isDir.boolValue else {
                throw ValidationError("--assets '\(assets)' is not a directory")
            }
        }
        if let screenshot, !screenshot.lowercased().hasSuffix(".png") {
            throw ValidationError("--screenshot must name a .png file, got '\(screenshot)'")
        }
        if !listScenes, SceneCatalog.named(scene) == nil {
            let close = SceneCatalog.suggestions(for: scene)
            let hint = close.isEmpty ? "" : " Did you mean \(close.joined(separator: ", "))?"
            throw ValidationError("unknown scene '\(scene)'.\(hint) Run with --list-scenes to see all "
                                  + "\(SceneCatalog.all.count).")
        }
    }

    var parsedSize: CGSize? {
        let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ (200...4000).contains($0) }) else { return nil }
        return CGSize(width: parts[0], height: parts[1])
    }

    func run() throws {
        try MainActor.assumeIsolated { try runApp() }
    }

    @MainActor
    func runApp() throws {
        if let dir = writeSceneFiles {
            let bounds = CGRect(origin: .zero, size: parsedSize ?? CGSize(width: 960, height: 640))
            for s in SceneCatalog.all {
                let path = "\(dir)/\(s.name).json"
                if let e = SceneCatalog.file(for: s, bounds: bounds, seed: seed).write(to: path, overwrite: true) {
                    throw ValidationError(e.message)
                }
            }
            print("dynamics-sandbox: wrote \(SceneCatalog.all.count) scene files to \(dir)")
            return
        }
        var opened: SceneFile?
        if let sceneFile {
            switch SceneFile.load(contentsOf: sceneFile) {
            case .success(let f): opened = f
            case .failure(let e): throw ValidationError(e.message)
            }
        }
        if listScenes {
            for s in SceneCatalog.all {
                print("\(s.name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(s.source.padding(toLength: 9, withPad: " ", startingAt: 0)) \(s.summary)")
            }
            return
        }
        var config = SandboxApp.Configuration()
        config.scene = scene
        config.seed = seed
        config.scale = scale
        config.size = parsedSize ?? config.size
        if let assets = assets ?? AssetImages.defaultDirectory() {
            let loaded = AssetImages.load(from: assets)
            for problem in loaded.problems { print("dynamics-sandbox: \(problem)") }
            config.images = loaded.images
            print("dynamics-sandbox: \(loaded.images.count) image(s) from \(assets)"
                  + (loaded.images.isEmpty ? " (no PNG files: the stickers keep their colours)" : " for the stickers"))
        }
        let app = SandboxApp(configuration: config)
        if let opened, let sceneFile {
            app.open(opened, path: sceneFile)
            print("dynamics-sandbox: opened \(sceneFile): scene \(opened.name)")
        }
        if headless { return try runHeadless(app) }
        if let problem = SDLWindow.displayProblem() {
            print("dynamics-sandbox: cannot open a window: \(problem).")
            print("Falling back to --headless (\(frames ?? 300) frames). Run under a desktop or "
                  + "`xvfb-run -a dynamics-sandbox` for the window.")
            return try runHeadless(app)
        }
        app.onLog = { line in
            print(line)
            fflush(nil)
        }
        let window: SDLWindow
        do {
            window = try SDLWindow(app: app)
        } catch {
            print("dynamics-sandbox: cannot open a window: \(error). Falling back to --headless.")
            return try runHeadless(app)
        }
        print("window: video driver \(window.videoDriver), renderer \(window.rendererName), scene \(app.sceneTitle); "
              + "press H for help")
        fflush(nil)
        window.run(maxFrames: frames)
        if let screenshot { try app.writeScreenshot(app.renderedFrame(), to: screenshot) }
        let vs = window.pacer.vsync.map { $0 ? "vsync" : "paced" } ?? "probing"
        let st = window.stats
        let p = HeadlessRun.Report.summary(st.physicsMs), d = HeadlessRun.Report.summary(st.drawMs)
        print(String(format: "closed after %d frames (%@, renderer %@): %.1f fps over the %d display-linked frames "
                     + "after the %d-frame probe, %d display periods dropped, longest frame %.1f ms; per frame "
                     + "physics median %.2f ms (p95 %.2f, max %.2f), draw median %.2f ms (p95 %.2f, max %.2f)",
                     st.framesPresented, vs, window.rendererName, st.framesPerSecond, st.linkedFrames,
                     FramePacer.probeFrames, window.pacer.droppedPeriods, st.longestInterval * 1000,
                     p.median, p.p95, p.max, d.median, d.p95, d.max))
        window.close()
    }

    @MainActor
    func runHeadless(_ app: SandboxApp) throws {
        let n = frames ?? 300
        let (w, h) = app.pixelSize
        var raster = Raster(width: w, height: h)
        print("headless: scene \(app.scene.name), \(n) frames of 1/60 s at \(w)x\(h) px, seed \(seed)")
        let report = HeadlessRun.run(app, frames: n, raster: &raster) { f, r in
            // Means over the last 60 frames (one frame alone is noise), and the world's size now.
            let c = app.world.animator.debugWorldCounts
            print(String(format: "frames %5d-%-5d physics %6.2f ms  draw %6.2f ms  contacts %5d (touching %5d)  "
                         + "awake %5d  animator %@", f - 59, f, HeadlessRun.Report.recentMean(r.physicsMs, count: 60),
                         HeadlessRun.Report.recentMean(r.drawMs, count: 60), c.contacts, c.touching, c.awake,
                         app.world.animator.isRunning ? "running" : "paused"))
        }
        for line in app.logLines { print("log " + line) }
        let p = HeadlessRun.Report.summary(report.physicsMs), d = HeadlessRun.Report.summary(report.drawMs)
        print(String(format: "per frame: physics median %.2f ms (p95 %.2f, max %.2f), draw median %.2f ms (p95 %.2f, "
                     + "max %.2f), total median %.2f ms", p.median, p.p95, p.max, d.median, d.p95, d.max,
                     p.median + d.median))
        if let screenshot {
            try app.writeScreenshot(raster, to: screenshot)
            print("screenshot: \(screenshot)")
        }
    }
}
