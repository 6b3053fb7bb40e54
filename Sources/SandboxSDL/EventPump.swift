internal import CSDL2
import SandboxKit

/// Feeds SDL events to the app: translation, the window's point scale, gamepad hot-plug. Used by the window's
/// loop and, with hand-made events, by the gesture tests.
@MainActor
final class EventPump {
    let app: SandboxApp
    /// Window units per point (1 on X11 without `--scale`; SDL window units are points on HiDPI systems).
    var unitsPerPoint: Double
    /// Open game controllers by joystick instance id.
    private(set) var controllers: [SDL_JoystickID: OpaquePointer] = [:]
    /// SDL's text input is on (the window starts it): typed characters come from SDL_TEXTINPUT, so every keyboard
    /// layout reaches `[ ] ; ' =`. Default false (key symbols only, as hand-made test events are).
    var textInput = false
    /// The last key-down was an auto-repeat (its SDL_TEXTINPUT repeats too).
    private var lastKeyRepeat = false
    /// Called on window size changes (the window re-reads its sizes).
    var onResize: (() -> Void)?

    init(app: SandboxApp, unitsPerPoint: Double = 1) {
        self.app = app
        self.unitsPerPoint = unitsPerPoint > 0 ? unitsPerPoint : 1
    }

    /// Handles one SDL event; returns true when it changed something worth a redraw.
    @discardableResult
    func dispatch(_ e: SDL_Event) -> Bool {
        switch SDL_EventType(rawValue: e.type) {
        case SDL_WINDOWEVENT:
            let w = SDL_WindowEventID(rawValue: UInt32(e.window.event))
            if w == SDL_WINDOWEVENT_SIZE_CHANGED || w == SDL_WINDOWEVENT_RESIZED { onResize?() }
            return true
        case SDL_CONTROLLERDEVICEADDED:
            // `which` is a device index here.
            if let c = SDL_GameControllerOpen(e.cdevice.which) {
                let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(c))
                if controllers[id] == nil {
                    controllers[id] = c
                    let name = SDL_GameControllerName(c).map { String(cString: $0) } ?? "game controller"
                    app.handle(.gamepad(name))
                } else {
                    SDL_GameControllerClose(c)
                }
            }
            return true
        case SDL_CONTROLLERDEVICEREMOVED:
            // `which` is an instance id here.
            if let c = controllers.removeValue(forKey: e.cdevice.which) {
                SDL_GameControllerClose(c)
                app.handle(.gamepad(controllers.isEmpty ? nil : "another controller"))
            }
            return true
        case SDL_CONTROLLERAXISMOTION:
            guard let c = controllers[e.caxis.which] else { return false }
            let x = Double(SDL_GameControllerGetAxis(c, SDL_CONTROLLER_AXIS_LEFTX)) / 32767
            let y = Double(SDL_GameControllerGetAxis(c, SDL_CONTROLLER_AXIS_LEFTY)) / 32767
            app.handle(.stick(x: x, y: y))
            return true
        default:
            break
        }
        if e.type == SDL_KEYDOWN.rawValue { lastKeyRepeat = e.key.repeat != 0 }
        guard let event = EventTranslator.translate(e, textInput: textInput, repeating: lastKeyRepeat) else {
            return false
        }
        app.handle(scaled(event))
        return true
    }

    /// Pointer positions from window units to points.
    func scaled(_ e: InputEvent) -> InputEvent {
        let k = 1 / unitsPerPoint
        switch e {
        case .pointerDown(let x, let y, let b, let t): return .pointerDown(x: x * k, y: y * k, button: b, time: t)
        case .pointerMoved(let x, let y, let t): return .pointerMoved(x: x * k, y: y * k, time: t)
        case .pointerUp(let x, let y, let b, let t): return .pointerUp(x: x * k, y: y * k, button: b, time: t)
        case .wheel(let x, let y, let steps): return .wheel(x: x * k, y: y * k, steps: steps)
        default: return e
        }
    }

    /// Closes every controller.
    func closeControllers() {
        for c in controllers.values { SDL_GameControllerClose(c) }
        controllers.removeAll()
    }
}
