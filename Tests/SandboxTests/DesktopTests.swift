internal import CSDL2
import Dynamics
import Foundation
@testable import SandboxKit
import SandboxRender
@testable import SandboxSDL
import SandboxScenes
import Testing

/// The sandbox as a desktop app: the window keeps the world, the command line's messages, keys by the character
/// the layout types, chrome hiding, log text, idle-aware frame stats.
@MainActor
@Suite("The sandbox as a desktop app", .serialized)
struct DesktopTests {
    /// Every item's frame (rotated) inside `bounds`, within `slack` pt.
    static func allInside(_ app: SandboxApp, slack: CGFloat) -> Bool {
        let b = app.world.bounds
        return app.world.items.allSatisfy { item in
            let (hw, hh) = app.halfExtents(item)
            let c = item.center
            return c.x - hw >= b.minX - slack && c.x + hw <= b.maxX + slack && c.y - hh >= b.minY - slack
                && c.y + hh <= b.maxY + slack
        }
    }

    @Test("shrinking the window keeps every sticker: they come back inside, the count stays, the animator pauses")
    func shrinkKeepsItems() {
        var c = SandboxApp.Configuration()
        c.scene = "sticker-pile"
        let app = SandboxApp(configuration: c)
        for _ in 0..<240 { app.frame(dt: 1.0 / 60) }
        let count = app.world.items.count
        #expect(count == 40)
        app.handle(.resized(width: 700, height: 500, scale: 1))
        #expect(app.logLines.last?.contains("brought back inside") == true, "\(app.logLines.last ?? "")")
        // Right after the resize every frame is inside (1 pt: the clamp's own tolerance).
        #expect(Self.allInside(app, slack: 1))
        var frames = 0
        while app.world.animator.isRunning, frames < 1200 {
            app.frame(dt: 1.0 / 60)
            frames += 1
        }
        // 20 s of settling is the bound; a pile of 40 settles in a few seconds. Resting contacts sink at most a
        // few pt into the walls (the solver's slop), hence 4 pt.
        #expect(!app.world.animator.isRunning, "still running after \(frames) frames")
        #expect(app.world.items.count == count)
        #expect(Self.allInside(app, slack: 4))
        // And back to the full size: nothing to move, nothing lost.
        app.handle(.resized(width: 960, height: 640, scale: 1))
        #expect(app.world.items.count == count && Self.allInside(app, slack: 4))
    }

    @Test("before the first step a resize rebuilds the scene for the window's real size")
    func resizeBeforeFirstStepRebuilds() {
        let app = SandboxApp()
        app.handle(.resized(width: 600, height: 400, scale: 1))
        #expect(app.world.bounds == CGRect(x: 0, y: 0, width: 600, height: 400))
        #expect(Self.allInside(app, slack: 1))
    }

    @Test("the window fits the screen: fewer points first, then a smaller scale; DPI gives the scale")
    func displayFit() {
        let screen = DisplayInfo(usableWidth: 1600, usableHeight: 1000, dpi: 96)
        let f = screen.fit(points: (960, 640), scale: 2, minimum: (480, 360))
        #expect(f.width == 800 && f.height == 500 && f.scale == 2 && f.notes.count == 1)
        let same = screen.fit(points: (960, 640), scale: 1, minimum: (480, 360))
        #expect(same.width == 960 && same.height == 640 && same.notes.isEmpty)
        let tiny = DisplayInfo(usableWidth: 800, usableHeight: 600, dpi: 0).fit(
            points: (960, 640), scale: 4,
            minimum: (480, 360))
        #expect(tiny.scale == 1.5 && tiny.width * tiny.scale <= 800 && tiny.height * tiny.scale <= 600)
        #expect(DisplayInfo(usableWidth: 1, usableHeight: 1, dpi: 96).dpiScale == 1)
        #expect(DisplayInfo(usableWidth: 1, usableHeight: 1, dpi: 192).dpiScale == 2)
        #expect(DisplayInfo(usableWidth: 1, usableHeight: 1, dpi: 144).dpiScale == 1.5)
    }

    @Test("bad numbers on the command line name the flag, the value and the range")
    func commandLineValues() throws {
        func message(_ frames: String? = nil, _ scale: String? = nil, _ seed: String = "1", _ size: String = "960x640")
            -> String
        {
            do {
                _ = try CommandLineValues(frames: frames, scale: scale, seed: seed, size: size)
                return ""
            } catch { return String(describing: error) }
        }
        #expect(message(nil, "-1").contains("--scale must be a number from 0.25 to 8, got '-1'"))
        #expect(message(nil, "abc").contains("got 'abc'"))
        #expect(message("-3").contains("--frames must be a whole number from 1 to 100000, got '-3'"))
        #expect(message(nil, nil, "-1").contains("--seed must be a whole number from 0 to"))
        #expect(message(nil, nil, "1", "120x90").contains("width 480…4000"))
        #expect(!message(nil, nil, "1", "120x90").contains("\n"))
        let ok = try CommandLineValues(frames: "600", scale: "2", seed: "7", size: "800x600")
        #expect(ok == CommandLineValues(frames: 600, scale: 2, seed: 7, size: CGSize(width: 800, height: 600)))
        #expect(CommandLineValues.outputProblem("/nonexistent/x.png")?.contains("does not exist") == true)
        #expect(CommandLineValues.outputProblem(NSTemporaryDirectory() + "/ok.png") == nil)
        #expect(CommandLineValues.outputProblem("x.jpg") != nil)
        #expect(CommandLineValues.oneLine("Error: bad\nUsage: x\n  See 'x --help' for more.") == "bad")
    }

    static func keyDown(sym: Int32, mod: UInt16 = 0, repeating: Bool = false) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.state = UInt8(SDL_PRESSED)
        e.key.keysym.sym = sym
        e.key.keysym.mod = mod
        e.key.repeat = repeating ? 1 : 0
        return e
    }

    static func text(_ s: String) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_TEXTINPUT.rawValue
        withUnsafeMutableBytes(of: &e.text.text) { raw in
            for (i, b) in s.utf8.enumerated() { raw[i] = b }
        }
        return e
    }

    @Test("German layout: AltGr+8 types '[' (key symbol '8'): the previous scene, and '8' does nothing else")
    func germanBrackets() {
        var c = SandboxApp.Configuration()
        c.scene = "pyramid"
        let app = SandboxApp(configuration: c)
        let pump = EventPump(app: app)
        pump.textInput = true
        let start = app.sceneIndex
        let overlays = app.overlays
        // What SDL delivers on a German layout (observed under X11): right Alt, then key '8' with KMOD_RALT, then
        // the typed text.
        pump.dispatch(Self.keyDown(sym: Int32(SDLK_RALT.rawValue)))
        pump.dispatch(Self.keyDown(sym: Int32(SDLK_8.rawValue), mod: UInt16(KMOD_RALT.rawValue)))
        pump.dispatch(Self.text("["))
        #expect(app.sceneIndex == (start - 1 + SceneCatalog.all.count) % SceneCatalog.all.count)
        pump.dispatch(Self.keyDown(sym: Int32(SDLK_9.rawValue), mod: UInt16(KMOD_RALT.rawValue)))
        pump.dispatch(Self.text("]"))
        #expect(app.sceneIndex == start)
        #expect(app.overlays == overlays, "the key symbols 8/9 must not act by themselves")
        // German ';' is shift+',' and ':' is shift+'.': the text decides (':' = x10 decrease), '.' must not step.
        pump.dispatch(Self.keyDown(sym: Int32(SDLK_PERIOD.rawValue), mod: UInt16(KMOD_LSHIFT.rawValue)))
        #expect(!app.userPaused)
        // Auto-repeat of a toggle's text does nothing; repeat of a nudge does.
        pump.dispatch(Self.keyDown(sym: Int32(SDLK_9.rawValue), mod: UInt16(KMOD_RALT.rawValue), repeating: true))
        pump.dispatch(Self.text("]"))
        #expect(app.sceneIndex == start)
    }

    @Test("without text input (hand-made key events) the key symbols still act")
    func keysymsWithoutTextInput() {
        let app = SandboxApp()
        let pump = EventPump(app: app)
        let start = app.sceneIndex
        pump.dispatch(Self.keyDown(sym: Int32(SDLK_RIGHTBRACKET.rawValue)))
        #expect(app.sceneIndex == (start + 1) % SceneCatalog.all.count)
        #expect(KeyCommand.typed("\"")?.0 == .panelIncrease)
        #expect(KeyCommand.typed("\"")?.shift == true)
        #expect(KeyCommand.typed("V")?.0 == .toggleChrome)
    }

    // Issue 13: the log docks in the side bar; hiding the chrome gives its pixels back to the scene, which is
    // fitted into the whole window.
    @Test("V hides all chrome: the pixels under the former log show the scene; the panel takes no clicks")
    func hideChrome() throws {
        let app = SandboxApp()
        let log = try #require(app.sideBarBoxes?.log)
        let before = app.renderedFrame()
        let (lx, ly) = (Int(log.midX * app.scale), Int(log.maxY * app.scale) - 6)
        app.handle(.key(.toggleChrome, pressed: true, shift: false))
        #expect(app.sceneViewport == CGRect(origin: .zero, size: app.size))
        let after = app.renderedFrame()
        var scene = Raster(width: app.pixelSize.width, height: app.pixelSize.height)
        app.renderScene(into: &scene)
        // Nothing but the scene is drawn: the frame is the bare scene fitted into the window, everywhere.
        let bare = after.pixels == scene.pixels
        #expect(bare)
        #expect(before[lx, ly] != after[lx, ly])
        #expect(app.panelRect == nil)
        app.handle(.key(.toggleChrome, pressed: true, shift: false))
        #expect(app.panelRect != nil)
    }

    @Test("log lines never show '-0'; real negatives and hyphens stay")
    func negativeZero() {
        #expect(LogText.withoutNegativeZeros("fling box at (-0, 12) pt/s") == "fling box at (0, 12) pt/s")
        #expect(LogText.withoutNegativeZeros("at -0.00 deg, -0.5, -10, x-0") == "at 0.00 deg, -0.5, -10, x-0")
        let app = SandboxApp()
        app.log(String(format: "push at %.0f deg", -0.3))
        #expect(app.logLines.last?.hasSuffix("push at 0 deg") == true)
    }

    @Test("frame stats: an idle wait between frames counts neither as a frame nor as the longest frame")
    func idleWaitNotAFrame() {
        var s = FrameStats()
        let T = 1.0 / 60
        var t = 0.0
        for _ in 0..<10 {
            t += T
            s.recordPresent(at: t, physicsMs: 1, drawMs: 1, linked: true)
        }
        s.recordIdleWait()
        t += 189
        for _ in 0..<10 {
            t += T
            s.recordPresent(at: t, physicsMs: 1, drawMs: 1, linked: true)
        }
        #expect(abs(s.longestInterval - T) < 1e-9)
        #expect(abs(s.framesPerSecond - 60) < 1e-6)
    }

    @Test("headless runs show 'headless' in the HUD instead of a frame rate")
    func headlessHUD() {
        let app = SandboxApp()
        app.isHeadless = true
        app.frame(dt: 1.0 / 60)
        // The HUD's second line is drawn; its text is built from `isHeadless`.
        #expect(app.hudTimingLine.hasPrefix("headless"))
    }
}

@MainActor
@Suite("The log panel")
struct LogPanelTests {
    @Test("long log lines wrap at spaces instead of being cut with '~'; nothing is lost")
    func wrap() {
        let line = "   0.00 s  scene sticker-pile (seed 001): 40 stickers dropped on one spot burst apart and settle"
        let parts = SandboxApp.wrap(line, width: 40, indent: 11)
        #expect(parts.count > 1 && parts.allSatisfy { $0.count <= 40 })
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 11)) })
        let words = parts.joined(separator: " ").split(separator: " ")
        #expect(words == line.split(separator: " "))
        #expect(!parts.joined().contains("~"))
        #expect(SandboxApp.wrap("short", width: 40, indent: 11) == ["short"])
    }
}
