internal import CSDL2
import Foundation
import SandboxKit
import SandboxRender

/// The sandbox's window: SDL video, a streaming texture showing the app's `Raster`, the display-linked frame loop
/// that sleeps on events while nothing moves, and gamepads.
@MainActor
public final class SDLWindow {
    /// The app shown.
    public let app: SandboxApp
    /// SDL's video driver ("x11", "wayland", …).
    public private(set) var videoDriver = ""
    /// SDL's renderer ("software", "opengl", …).
    public private(set) var rendererName = ""
    /// The frame clock's policy (vsync detected or paced).
    public private(set) var pacer: FramePacer
    /// What the run measured: frames, display-linked fps, the longest frame, per-frame physics and draw times.
    public private(set) var stats = FrameStats()

    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (w: Int32(0), h: Int32(0))
    private var textureFormat = SDL_PIXELFORMAT_RGBA32.rawValue
    private var raster = Raster(width: 1, height: 1)
    private let pump: EventPump
    private let userScale: Double
    private var closed = false

    /// Why there is no window to open, or nil when a display looks available. SDL 2.26 silently falls back to an
    /// invisible "offscreen" driver without one, so the app asks first.
    public static func displayProblem() -> String? {
        let env = ProcessInfo.processInfo.environment
        if let forced = env["SDL_VIDEODRIVER"], !forced.isEmpty {
            return ["offscreen", "dummy"].contains(forced) ? "SDL_VIDEODRIVER=\(forced) has no visible window" : nil
        }
        if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty {
            return "no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"
        }
        return nil
    }

    /// Opens a window of the app's size (points × `scale` window units) titled `title`. `softwareRenderer`
    /// (default true) asks SDL for its software renderer: the app draws every pixel itself, so GL would only blit.
    /// `detectScale` (default false) ignores the configuration's scale and takes the display's: its DPI over 96
    /// (X11 has no other HiDPI signal), in steps of 0.25; a HiDPI drawable larger than the window (Wayland, macOS)
    /// is followed in any case. The window is made to fit the display's usable area (smaller in points, else a
    /// smaller scale) and cannot be made smaller than `SandboxApp.minimumWindowSize`.
    public init(
        app: SandboxApp, title: String = "Dynamics Sandbox", softwareRenderer: Bool = true,
        detectScale: Bool = false
    ) throws {
        self.app = app
        if let problem = Self.displayProblem() { throw SDLFailure(message: problem) }
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) == 0 else { throw SDLFailure("SDL_Init") }
        videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?"
        // "Copy as Swift" goes to the real clipboard.
        app.clipboard = { text in SDL_SetClipboardText(text) == 0 }
        if videoDriver == "offscreen" || videoDriver == "dummy" {
            SDL_Quit()
            throw SDLFailure(message: "SDL chose the invisible '\(videoDriver)' video driver: no usable display")
        }
        let display = DisplayInfo.current()
        let fit = display.fit(
            points: (Double(app.size.width), Double(app.size.height)),
            scale: detectScale ? display.dpiScale : app.configuration.scale,
            minimum: (
                Double(SandboxApp.minimumWindowSize.width),
                Double(SandboxApp.minimumWindowSize.height)
            ))
        userScale = fit.scale
        for note in fit.notes { app.log(note) }
        let w = Int32((fit.width * userScale).rounded())
        let h = Int32((fit.height * userScale).rounded())
        let flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let win = SDL_CreateWindow(title, CSDL2_WINDOWPOS_CENTERED, CSDL2_WINDOWPOS_CENTERED, w, h, flags) else {
            let f = SDLFailure("SDL_CreateWindow")
            SDL_Quit()
            throw f
        }
        if softwareRenderer {
            // SDL 2.26 backs a software renderer's window surface with a texture of an accelerated renderer when it
            // can: under Xvfb that is Mesa's llvmpipe, which converts, draws and swaps the whole frame again on the
            // CPU (measured: a third of the frame). "0" keeps the plain X11 (MIT-SHM) surface. An SDL_FRAMEBUFFER_
            // ACCELERATION environment variable still wins.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        var rflags = SDL_RENDERER_PRESENTVSYNC.rawValue
        rflags |= softwareRenderer ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        guard let ren = SDL_CreateRenderer(win, -1, rflags) ?? SDL_CreateRenderer(win, -1, 0) else {
            let f = SDLFailure("SDL_CreateRenderer")
            SDL_DestroyWindow(win)
            SDL_Quit()
            throw f
        }
        window = win
        renderer = ren
        SDL_SetWindowMinimumSize(
            win, Int32((Double(SandboxApp.minimumWindowSize.width) * userScale).rounded()),
            Int32((Double(SandboxApp.minimumWindowSize.height) * userScale).rounded()))
        SDL_StartTextInput()
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(ren, &info) == 0, let n = info.name { rendererName = String(cString: n) }
        var mode = SDL_DisplayMode()
        let hz = SDL_GetCurrentDisplayMode(SDL_GetWindowDisplayIndex(win), &mode) == 0 ? mode.refresh_rate : 0
        pacer = FramePacer(refreshHz: Double(hz))
        pump = EventPump(app: app, unitsPerPoint: userScale)
        pump.textInput = SDL_IsTextInputActive() == SDL_TRUE
        pump.onResize = { [weak self] in self?.syncSize() }
        syncSize()
    }

    /// Re-reads the window's size: the app's points (reference bounds) and pixels per point follow it.
    private func syncSize() {
        var wu: Int32 = 0, hu: Int32 = 0, wp: Int32 = 0, hp: Int32 = 0
        SDL_GetWindowSize(window, &wu, &hu)
        SDL_GetRendererOutputSize(renderer, &wp, &hp)
        guard wu > 0, hu > 0, wp > 0 else { return }
        // Without a window manager (or with one that ignores the hint) the window can still be made smaller than
        // its minimum: grow it back; the resize event that follows brings the app here again.
        let minW = Int32((Double(SandboxApp.minimumWindowSize.width) * userScale).rounded())
        let minH = Int32((Double(SandboxApp.minimumWindowSize.height) * userScale).rounded())
        if wu < minW || hu < minH {
            SDL_SetWindowSize(window, max(wu, minW), max(hu, minH))
            SDL_GetWindowSize(window, &wu, &hu)
            SDL_GetRendererOutputSize(renderer, &wp, &hp)
            guard wu > 0, hu > 0, wp > 0 else { return }
        }
        let ptW = Double(wu) / userScale, ptH = Double(hu) / userScale
        app.handle(.resized(width: ptW, height: ptH, scale: Double(wp) / ptW))
    }

    /// Runs until the window closes: a display-linked loop while something moves, a blocking `SDL_WaitEvent`
    /// while nothing does (near 0 % CPU). With `maxFrames` (measurements) it draws every frame and stops after
    /// that many.
    public func run(maxFrames: Int? = nil) {
        var e = SDL_Event()
        var dirty = true
        var framesThisRun = 0
        while !app.wantsQuit {
            if maxFrames == nil, !(app.needsFrames || dirty) {
                // Idle: sleep in the kernel until an event arrives.
                if SDL_WaitEvent(&e) != 0 { dirty = pump.dispatch(e) || dirty }
                pacer.resynchronize(now: now())
                stats.recordIdleWait()
            }
            while SDL_PollEvent(&e) != 0 { dirty = pump.dispatch(e) || dirty }
            if app.wantsQuit { break }
            if let s = app.takeRequestedWindowSize() { resizeWindow(to: s) }
            guard app.needsFrames || dirty || maxFrames != nil else { continue }
            app.frame(dt: pacer.frameInterval(now: now()))
            present()
            dirty = false
            framesThisRun += 1
            if let maxFrames, framesThisRun >= maxFrames { break }
            let wait = pacer.waitBeforeNextFrame(now: now())
            if wait > 0 { sleep(seconds: wait) }
        }
    }

    /// Draws the app into the raster, uploads it and presents (timing the present for the pacer); writes a
    /// screenshot when one was asked for.
    func present() {
        let (pw, ph) = app.pixelSize
        if raster.width != pw || raster.height != ph { raster = Raster(width: pw, height: ph) }
        app.render(into: &raster)
        if app.screenshotRequested {
            do { try app.writeScreenshot(raster) } catch { app.log("screenshot failed: \(error)") }
        }
        if texture == nil || textureSize.w != Int32(pw) || textureSize.h != Int32(ph) {
            if let t = texture { SDL_DestroyTexture(t) }
            // The texture has the window's own pixel format and no blending, so the copy to the window is a plain
            // row copy; the one conversion from the raster's RGBA happens while uploading.
            textureFormat = SDL_GetWindowPixelFormat(window)
            if textureFormat == SDL_PIXELFORMAT_UNKNOWN.rawValue { textureFormat = SDL_PIXELFORMAT_RGBA32.rawValue }
            texture = SDL_CreateTexture(
                renderer, textureFormat, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                Int32(pw), Int32(ph))
            if let t = texture { SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE) }
            textureSize = (Int32(pw), Int32(ph))
        }
        guard let texture else { return }
        upload(to: texture, width: pw, height: ph)
        SDL_RenderCopy(renderer, texture, nil, nil)
        let t0 = now()
        SDL_RenderPresent(renderer)
        let t1 = now()
        // A frame counts as display-linked when the probe had already decided before it was made.
        let linked = pacer.vsync != nil
        pacer.recordPresent(duration: t1 - t0)
        stats.recordPresent(at: t1, physicsMs: app.physicsMs, drawMs: app.drawMs, linked: linked)
    }

    /// Copies the raster into the streaming texture, converting RGBA to the texture's format in the same pass.
    private func upload(to texture: OpaquePointer, width: Int, height: Int) {
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels else { return }
        let xrgb =
            textureFormat == SDL_PIXELFORMAT_RGB888.rawValue || textureFormat == SDL_PIXELFORMAT_ARGB8888.rawValue
        raster.pixels.withUnsafeBufferPointer { src in
            guard xrgb, let base = src.baseAddress else {
                _ = SDL_ConvertPixels(
                    Int32(width), Int32(height), SDL_PIXELFORMAT_RGBA32.rawValue, src.baseAddress,
                    Int32(width * 4), textureFormat, pixels, pitch)
                return
            }
            // X11's usual 0xAARRGGBB words: swap the red and blue bytes (a loop the compiler vectorises; SDL's
            // generic converter is several times slower).
            for y in 0..<height {
                let row = (pixels + y * Int(pitch)).assumingMemoryBound(to: UInt32.self)
                let from = base + y * width
                for x in 0..<width {
                    let p = from[x]
                    row[x] = (p & 0xFF00_FF00) | ((p & 0xFF) << 16) | ((p >> 16) & 0xFF)
                }
            }
        }
        SDL_UnlockTexture(texture)
    }

    /// Sets the window's size in points (a replay keeps the recording's size).
    private func resizeWindow(to points: CGSize) {
        SDL_SetWindowSize(
            window, Int32((Double(points.width) * userScale).rounded()),
            Int32((Double(points.height) * userScale).rounded()))
    }

    /// Monotonic seconds.
    func now() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    /// Sleeps `seconds`: SDL_Delay for all but the last 1.5 ms, then a short spin for precision.
    func sleep(seconds: Double) {
        let end = now() + seconds
        if seconds > 0.002 { SDL_Delay(UInt32((seconds - 0.0015) * 1000)) }
        while now() < end {}
    }

    /// The window's id for tools (xdotool finds it by title instead).
    public var windowID: UInt32 { SDL_GetWindowID(window) }

    /// Closes the window and shuts SDL down (idempotent).
    public func close() {
        guard !closed else { return }
        closed = true
        pump.closeControllers()
        if let t = texture { SDL_DestroyTexture(t) }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }
}
