internal import CSDL2
import Dynamics
import Foundation
@testable import SandboxKit
@testable import SandboxSDL
import SandboxScenes
import Testing

/// The camera's input as SDL delivers it: the wheel (with the pointer's position, flipped wheels), the middle
/// button, space held with text input on, and the keys F, 0, Ctrl+K and / on the window's event path.
@MainActor
@Suite("Camera and picker input through SDL events", .serialized)
struct CameraEventTests {
    static func wheel(_ y: Float, x: Int32, _ py: Int32, flipped: Bool = false) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.y = Int32(y)
        e.wheel.preciseY = y
        e.wheel.mouseX = x
        e.wheel.mouseY = py
        e.wheel.direction = flipped ? UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) : UInt32(SDL_MOUSEWHEEL_NORMAL.rawValue)
        return e
    }

    static func key(_ sym: SDL_KeyCode, _ down: Bool, mod: SDL_Keymod = KMOD_NONE) -> SDL_Event {
        var e = SDL_Event()
        e.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
        e.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.key.keysym.sym = SDL_Keycode(sym.rawValue)
        e.key.keysym.mod = UInt16(mod.rawValue)
        return e
    }

    static func app(_ scene: String) -> (SandboxApp, EventPump) {
        var c = SandboxApp.Configuration()
        c.scene = scene
        let app = SandboxApp(configuration: c)
        return (app, EventPump(app: app))
    }

    @Test("the wheel zooms at the pointer's position; a flipped wheel zooms the other way; window units scale")
    func wheelEvents() {
        let (app, pump) = Self.app("pyramid")
        pump.dispatch(Self.wheel(2, x: 300, 200))
        #expect(abs(app.camera.zoom - 1.44) < 1e-12)
        let p = app.screenPoint(CGPoint(x: 300, y: 200))
        #expect(abs(p.x - 300) < 1e-9 && abs(p.y - 200) < 1e-9)
        pump.dispatch(Self.wheel(2, x: 300, 200, flipped: true))
        #expect(abs(app.camera.zoom - 1) < 1e-12)
        // Two window units per point: the pointer at (600, 400) units is (300, 200) pt.
        pump.unitsPerPoint = 2
        pump.dispatch(Self.wheel(1, x: 600, 400))
        let q = app.screenPoint(CGPoint(x: 300, y: 200))
        #expect(abs(q.x - 300) < 1e-9 && abs(q.y - 200) < 1e-9 && app.camera.zoom > 1.1)
    }

    @Test("the middle button pans; with text input on, space held (typed press, key release) makes a left drag pan")
    func middleAndSpace() {
        let (app, pump) = Self.app("pyramid")
        pump.dispatch(GestureTests.button(true, x: 400, y: 300, button: SDL_BUTTON_MIDDLE, ms: 1000))
        pump.dispatch(GestureTests.motion(x: 430, y: 280, ms: 1020))
        pump.dispatch(GestureTests.button(false, x: 450, y: 260, button: SDL_BUTTON_MIDDLE, ms: 1040))
        #expect(app.camera.offset == CGPoint(x: -50, y: 40))
        pump.textInput = true
        // What SDL sends for space with text input: the key-down (left to the text), the text, later the key-up.
        pump.dispatch(Self.key(SDLK_SPACE, true))
        pump.dispatch(DesktopTests.text(" "))
        pump.dispatch(GestureTests.button(true, x: 100, y: 100, ms: 2000))
        pump.dispatch(GestureTests.motion(x: 110, y: 100, ms: 2020))
        pump.dispatch(GestureTests.button(false, x: 120, y: 100, ms: 2040))
        pump.dispatch(Self.key(SDLK_SPACE, false))
        #expect(app.camera.offset == CGPoint(x: -70, y: 40))
        #expect(!app.userPaused, "the space press that became a pan does not pause")
        #expect(app.selected == nil)
        // Space released: a left drag grabs again (the top box of the pyramid).
        let top = app.world.items.last!
        pump.dispatch(
            GestureTests.button(
                true, x: Int32(app.screenPoint(top.center).x), y: Int32(app.screenPoint(top.center).y), ms: 3000))
        #expect(app.selected === top)
    }

    @Test("F, 0 and home, ctrl+K and / reach the camera and the picker by key symbol and by typed text")
    func keys() {
        let (app, pump) = Self.app("card-fling")
        pump.dispatch(Self.key(SDLK_f, true))
        #expect(app.camera != SceneCamera())
        pump.dispatch(Self.key(SDLK_HOME, true))
        #expect(app.camera == SceneCamera())
        pump.dispatch(Self.key(SDLK_k, true, mod: KMOD_LCTRL))
        #expect(app.isPickerOpen)
        pump.dispatch(Self.key(SDLK_ESCAPE, true))
        #expect(!app.isPickerOpen && !app.wantsQuit)
        pump.textInput = true
        pump.dispatch(Self.key(SDLK_f, true))
        pump.dispatch(DesktopTests.text("f"))
        #expect(app.camera != SceneCamera())
        pump.dispatch(DesktopTests.text("0"))
        #expect(app.camera == SceneCamera())
        pump.dispatch(DesktopTests.text("/"))
        #expect(app.isPickerOpen)
        pump.dispatch(DesktopTests.text("q"))
        #expect(app.pickerQuery == "q" && !app.wantsQuit, "typed q searches while the picker is open")
    }
}
