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

    @Flag(
        name: .long,
        help: "No window: step and draw --frames frames, print the timing split, optionally save --screenshot.")
    var headless = false

    @Option(
        name: .long, parsing: .unconditional,
        help:
            "Frames of 1/60 s: with --headless the run's length (1…100000, default 300); with a window, quit after that many frames (default: run until closed)."
    )
    var frames: String?

    @Option(
        name: .long,
        help:
            "Write the last frame to this PNG file (with --headless, or when the window quits); its folder must exist and be writable."
    )
    var screenshot: String?

    @Option(
        name: .long,
        help:
            "Directory of PNG pictures for the image-view items (the sticker pile's stickers, in file-name order, cycled); must exist. Default: the checkout's Assets/Stickers. Screenshots and 'copy as Swift' files go to the current directory."
    )
    var assets: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: "Pixels per point, 0.25…8 (default: the display's, from its DPI; 1 on a 96-DPI screen).")
    var scale: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: "Seed of the scenes' randomness, 0…\(UInt64.max) (default 1): the same seed gives the same scene.")
    var seed: String = "1"

    @Option(
        name: .long, parsing: .unconditional,
        help:
            "Scene size in points, WIDTHxHEIGHT (default 960x640; width 480…4000, height 360…4000); the window adds the side bar."
    )
    var size = "960x640"

    @Option(name: .long, help: "Open this scene file (JSON, docs/scene-files.md) instead of --scene; Ctrl+S saves one.")
    var sceneFile: String?

    @Option(
        name: .long,
        help:
            "Record every input from the start into this new JSON file (docs/recordings.md; never overwritten), saved when Ctrl+R stops it or the app quits (--headless: after --frames)."
    )
    var record: String?

    @Option(
        name: .long,
        help:
            "Replay this recording (Ctrl+R or --record wrote it) and check its end hash; with --headless, exit 1 if it differs; with --scene-file, on that file's values (A/B)."
    )
    var replay: String?

    @Option(
        name: .long,
        help:
            "Write every catalogue scene as a scene file into this directory (at --size, --seed) and exit: `make scene-files` refreshes Assets/Scenes."
    )
    var writeSceneFiles: String?

    func validate() throws {
        _ = try CommandLineValues(frames: frames, scale: scale, seed: seed, size: size)
        if let assets {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: assets, isDirectory: &isDir), isDir.boolValue else {
                throw ValidationError("--assets '\(assets)' is not a directory")
            }
        }
        if record != nil, replay != nil { throw ValidationError("--record and --replay: choose one") }
        if let record, let problem = Recording.outputProblem(record) {
            throw ValidationError("--record '\(record)': \(problem)")
        }
        if let screenshot, let problem = CommandLineValues.outputProblem(screenshot) {
            throw ValidationError("--screenshot '\(screenshot)': \(problem)")
        }
        if !listScenes, SceneCatalog.named(scene) == nil {
            let close = SceneCatalog.suggestions(for: scene)
            let hint = close.isEmpty ? "" : " Did you mean \(close.joined(separator: ", "))?"
            throw ValidationError(
                "unknown scene '\(scene)'.\(hint) Run with --list-scenes to see all "
                    + "\(SceneCatalog.all.count).")
        }
    }

    /// The checked numbers (validate() has run, so this does not throw).
    var values: CommandLineValues {
        (try? CommandLineValues(frames: frames, scale: scale, seed: seed, size: size))
            ?? CommandLineValues.defaults
    }

    /// Parses the command line and runs; every error is one line on stderr ending in a `--help` hint, with exit
    /// status 64 for a bad command line and 1 for a failed run.
    static func main() {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            CommandLineValues.fail(message(for: error), code: 64)
        }
        do {
            try command.run()
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            CommandLineValues.fail(message(for: error), code: 1)
        }
    }

    func run() throws {
        try MainActor.assumeIsolated { try runApp() }
    }

    @MainActor
    func runApp() throws {
        if let dir = writeSceneFiles {
            let bounds = CGRect(origin: .zero, size: values.size)
            for s in SceneCatalog.all {
                let path = "\(dir)/\(s.name).json"
                if let e = SceneCatalog.file(for: s, bounds: bounds, seed: values.seed).write(to: path, overwrite: true)
                {
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
        var replayed: Recording?
        if let replay {
            switch Recording.load(contentsOf: replay) {
            case .success(let r): replayed = r
            case .failure(let e): throw ValidationError(e.message)
            }
        }
        if listScenes {
            for s in SceneCatalog.all {
                print(
                    "\(s.name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(s.source.padding(toLength: 9, withPad: " ", startingAt: 0)) \(s.summary)"
                )
            }
            return
        }
        let v = values
        var config = SandboxApp.Configuration()
        config.scene = scene
        config.seed = v.seed
        config.scale = v.scale ?? 1
        config.size = v.size
        config.solverThreads = SandboxApp.Configuration.recommendedSolverThreads
        if let replayed {
            // The recording's size and seed; its scene is built by the replay.
            config.size = CGSize(width: replayed.size.width, height: replayed.size.height)
            config.seed = replayed.seed
            let name = replayed.scene.code ?? replayed.scene.name
            if SceneCatalog.named(name) != nil { config.scene = name }
        }
        if let assets = assets ?? AssetImages.defaultDirectory() {
            let loaded = AssetImages.load(from: assets)
            for problem in loaded.problems { print("dynamics-sandbox: \(problem)") }
            config.images = loaded.images
            print(
                "dynamics-sandbox: \(loaded.images.count) image(s) from \(assets)"
                    + (loaded.images.isEmpty ? " (no PNG files: the stickers keep their colours)" : " for the stickers")
            )
        }
        let app = SandboxApp(configuration: config)
        if let replayed, let replay {
            app.onLog = { line in print(line) }
            app.startReplay(replayed, path: replay, tuning: opened)
            app.onLog = nil
        } else if let opened, let sceneFile {
            app.open(opened, path: sceneFile)
            print("dynamics-sandbox: opened \(sceneFile): scene \(opened.name)")
        }
        if headless {
            if let record { app.startRecording(to: record) }
            return try runHeadless(app)
        }
        if let problem = SDLWindow.displayProblem() {
            print(
                "dynamics-sandbox: cannot open a window (\(problem)): running scene \(scene) headless for "
                    + "\(v.frames ?? 300) frames instead; for the window run under a desktop or `xvfb-run -a`.")
            return try runHeadless(app)
        }
        app.onLog = { line in
            print(line)
            fflush(nil)
        }
        let window: SDLWindow
        do {
            window = try SDLWindow(app: app, detectScale: v.scale == nil)
        } catch {
            print("dynamics-sandbox: cannot open a window (\(error)): running scene \(scene) headless instead.")
            return try runHeadless(app)
        }
        print(
            "window: video driver \(window.videoDriver), renderer \(window.rendererName), scene \(app.sceneTitle); "
                + "press H for help")
        fflush(nil)
        if let record { app.startRecording(to: record) }
        window.run(maxFrames: v.frames)
        if app.isRecording { app.stopRecording() }
        if let screenshot { try app.writeScreenshot(app.renderedFrame(), to: screenshot) }
        print(
            "world: \(app.world.items.count) items, \(app.itemsOutsideWindow()) outside the "
                + "\(Int(app.size.width))x\(Int(app.size.height))-pt window")
        let vs = window.pacer.vsync.map { $0 ? "vsync" : "paced" } ?? "probing"
        let st = window.stats
        let p = HeadlessRun.Report.summary(st.physicsMs), d = HeadlessRun.Report.summary(st.drawMs)
        print(
            String(
                format: "closed after %d frames (%@, renderer %@): %.1f fps over the %d display-linked frames "
                    + "after the %d-frame probe (idle waits not counted), %d display periods dropped, longest "
                    + "frame %.1f ms; per frame physics median %.2f ms (p95 %.2f, max %.2f), draw median %.2f ms "
                    + "(p95 %.2f, max %.2f)",
                st.framesPresented, vs, window.rendererName, st.framesPerSecond, st.linkedFrames,
                FramePacer.probeFrames, window.pacer.droppedPeriods, st.longestInterval * 1000,
                p.median, p.p95, p.max, d.median, d.p95, d.max))
        window.close()
    }

    @MainActor
    func runHeadless(_ app: SandboxApp) throws {
        // A replay runs the recording's frames.
        let n = app.replayPosition?.frames ?? values.frames ?? 300
        app.isHeadless = true
        let (w, h) = app.pixelSize
        var raster = Raster(width: w, height: h)
        print("headless: scene \(app.scene.name), \(n) frames of 1/60 s at \(w)x\(h) px, seed \(values.seed)")
        let report = HeadlessRun.run(app, frames: n, raster: &raster) { f, r in
            // Means over the last 60 frames (one frame alone is noise), and the world's size now.
            let c = app.world.animator.debugWorldCounts
            print(
                String(
                    format: "frames %5d-%-5d physics %6.2f ms  draw %6.2f ms  contacts %5d (touching %5d)  "
                        + "awake %5d  animator %@", f - 59, f, HeadlessRun.Report.recentMean(r.physicsMs, count: 60),
                    HeadlessRun.Report.recentMean(r.drawMs, count: 60), c.contacts, c.touching, c.awake,
                    app.world.animator.isRunning ? "running" : "paused"))
        }
        for line in app.logLines { print("log " + line) }
        let p = HeadlessRun.Report.summary(report.physicsMs), d = HeadlessRun.Report.summary(report.drawMs)
        print(
            String(
                format: "per frame: physics median %.2f ms (p95 %.2f, max %.2f), draw median %.2f ms (p95 %.2f, "
                    + "max %.2f), total median %.2f ms", p.median, p.p95, p.max, d.median, d.p95, d.max,
                p.median + d.median))
        if let screenshot {
            try app.writeScreenshot(raster, to: screenshot)
            print("screenshot: \(screenshot)")
        }
        if app.isRecording {
            app.stopRecording()
            if let line = app.logLines.last { print("log " + line) }
        }
        if let verdict = app.replayVerdict {
            print("dynamics-sandbox: \(verdict)")
            // A replay that does not give the recorded world fails the run (a tuned replay is expected to differ).
            if verdict.hasPrefix("replay does not match") {
                fflush(nil)
                Foundation.exit(1)
            }
        }
    }
}

extension CommandLineValues {
    /// Writes "dynamics-sandbox: <message> (see --help)" as one line on stderr and exits with `code`.
    static func fail(_ message: String, code: Int32) -> Never {
        let line = "dynamics-sandbox: \(oneLine(message)) (see --help)\n"
        FileHandle.standardError.write(Data(line.utf8))
        exit(code)
    }
}
