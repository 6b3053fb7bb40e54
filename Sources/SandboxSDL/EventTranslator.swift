internal import CSDL2
import SandboxKit

/// SDL events → the app's `InputEvent`s. Window coordinates are points (SDL's window space) and pass through
/// unchanged; the app's camera maps them to the world.
@MainActor
struct EventTranslator {
    /// Seconds of an SDL timestamp (ms since SDL_Init).
    static func seconds(_ ms: UInt32) -> Double { Double(ms) / 1000 }

    static func keycode(_ k: SDL_KeyCode) -> SDL_Keycode { SDL_Keycode(k.rawValue) }

    /// The command of a key held with Ctrl (scene files, undo), or nil.
    static func controlCommand(for sym: SDL_Keycode, shift: Bool) -> KeyCommand? {
        switch sym {
        case keycode(SDLK_s): .saveScene
        case keycode(SDLK_o): .openScene
        case keycode(SDLK_z): shift ? .redo : .undo
        case keycode(SDLK_y): .redo
        case keycode(SDLK_r): .record
        case keycode(SDLK_k): .scenePicker
        default: nil
        }
    }

    /// The command of a key, or nil for keys the sandbox ignores.
    static func command(for sym: SDL_Keycode, shift: Bool) -> KeyCommand? {
        switch sym {
        case keycode(SDLK_SPACE): .pauseResume
        case keycode(SDLK_PERIOD): .singleStep
        case keycode(SDLK_COMMA): .stepBack
        case keycode(SDLK_r): .restart
        case keycode(SDLK_LEFTBRACKET): .previousScene
        case keycode(SDLK_RIGHTBRACKET): .nextScene
        case keycode(SDLK_MINUS), keycode(SDLK_KP_MINUS): .slower
        case keycode(SDLK_EQUALS), keycode(SDLK_KP_PLUS), keycode(SDLK_PLUS): .faster
        case keycode(SDLK_o): .overlays
        case keycode(SDLK_h), keycode(SDLK_F1): .help
        case keycode(SDLK_p): .screenshot
        case keycode(SDLK_c): .copySwift
        case keycode(SDLK_t): .togglePanel
        case keycode(SDLK_v), keycode(SDLK_F10): .toggleChrome
        case keycode(SDLK_s), keycode(SDLK_F9): .toggleSideBar
        case keycode(SDLK_g): .toggleGraph
        case keycode(SDLK_b): .toggleGhost
        case keycode(SDLK_f): .frameAll
        // The keypad's 0 and / type their characters (SDL_TEXTINPUT reaches the same commands).
        case keycode(SDLK_0), keycode(SDLK_HOME): .resetView
        case keycode(SDLK_SLASH): .scenePicker
        case keycode(SDLK_RETURN), keycode(SDLK_KP_ENTER): .enter
        case keycode(SDLK_BACKSPACE): .backspace
        case keycode(SDLK_TAB): shift ? .panelPrevious : .panelNext
        case keycode(SDLK_SEMICOLON): .panelDecrease
        case keycode(SDLK_QUOTE): .panelIncrease
        case keycode(SDLK_LEFT): .tiltLeft
        case keycode(SDLK_RIGHT): .tiltRight
        case keycode(SDLK_UP): .tiltUp
        case keycode(SDLK_DOWN): .tiltDown
        case keycode(SDLK_q), keycode(SDLK_ESCAPE): .quit
        case keycode(SDLK_1), keycode(SDLK_KP_1): .toggleBoundaries
        case keycode(SDLK_2), keycode(SDLK_KP_2): .toggleGravity
        case keycode(SDLK_3), keycode(SDLK_KP_3): .toggleContacts
        case keycode(SDLK_4), keycode(SDLK_KP_4): .toggleSleeping
        case keycode(SDLK_5), keycode(SDLK_KP_5): .toggleJoints
        case keycode(SDLK_6), keycode(SDLK_KP_6): .toggleFields
        case keycode(SDLK_7), keycode(SDLK_KP_7): .toggleOutlines
        default: nil
        }
    }

    static func button(_ b: UInt8) -> PointerButton? {
        switch Int32(b) {
        case SDL_BUTTON_LEFT: .primary
        case SDL_BUTTON_RIGHT: .secondary
        case SDL_BUTTON_MIDDLE: .middle
        default: nil
        }
    }

    /// Whether `sym` is a key that types a character (SDL keycodes below 128 are their characters), so with text
    /// input on its command comes from the SDL_TEXTINPUT that follows instead.
    static func typesText(_ sym: SDL_Keycode) -> Bool {
        sym >= 32 && sym < 127
    }

    /// The app's event for `e`, or nil. Window-size and gamepad events are handled by `SDLWindow`.
    /// With `textInput` (the window turned SDL's text input on), keys that type a character are left to the
    /// SDL_TEXTINPUT that follows them; `repeating` says whether the last key-down was an auto-repeat.
    static func translate(_ e: SDL_Event, textInput: Bool = false, repeating: Bool = false) -> InputEvent? {
        switch SDL_EventType(rawValue: e.type) {
        case SDL_QUIT:
            return .quit
        case SDL_MOUSEBUTTONDOWN:
            guard let b = button(e.button.button) else { return nil }
            return .pointerDown(
                x: Double(e.button.x), y: Double(e.button.y), button: b,
                time: seconds(e.button.timestamp))
        case SDL_MOUSEBUTTONUP:
            guard let b = button(e.button.button) else { return nil }
            return .pointerUp(
                x: Double(e.button.x), y: Double(e.button.y), button: b,
                time: seconds(e.button.timestamp))
        case SDL_MOUSEWHEEL:
            // SDL ≥ 2.26 gives the pointer's window position and fractional notches; "flipped" wheels invert.
            let flip: Float = e.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1 : 1
            let steps = Double(e.wheel.preciseY * flip)
            guard steps != 0, steps.isFinite else { return nil }
            return .wheel(x: Double(e.wheel.mouseX), y: Double(e.wheel.mouseY), steps: steps)
        case SDL_MOUSEMOTION:
            return .pointerMoved(x: Double(e.motion.x), y: Double(e.motion.y), time: seconds(e.motion.timestamp))
        case SDL_KEYDOWN, SDL_KEYUP:
            let pressed = e.type == SDL_KEYDOWN.rawValue
            let shift = (UInt32(e.key.keysym.mod) & UInt32(KMOD_SHIFT.rawValue)) != 0
            let ctrl = (UInt32(e.key.keysym.mod) & UInt32(KMOD_CTRL.rawValue)) != 0
            // Ctrl+key commands come first: with Ctrl held no text is typed. Space's release still comes as a key
            // (its press is typed): space held + drag pans the view.
            let spaceUp = !pressed && e.key.keysym.sym == keycode(SDLK_SPACE)
            if !ctrl, textInput, typesText(e.key.keysym.sym), !spaceUp { return nil }
            guard
                let c = ctrl
                    ? controlCommand(for: e.key.keysym.sym, shift: shift)
                    : command(for: e.key.keysym.sym, shift: shift)
            else { return nil }
            // Auto-repeat only nudges panel values; toggles and scene changes happen once per press.
            if e.key.repeat != 0, c != .panelDecrease, c != .panelIncrease, c != .backspace { return nil }
            return .key(c, pressed: pressed, shift: shift)
        case SDL_TEXTINPUT:
            var t = e.text
            let typed = withUnsafeBytes(of: &t.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            // The app types it into a value being entered, or runs its command (`KeyCommand.typed`); auto-repeat
            // only nudges panel values.
            if repeating, let (c, _) = KeyCommand.typed(typed), c != .panelDecrease, c != .panelIncrease { return nil }
            return typed.isEmpty ? nil : .text(typed)
        case SDL_DROPFILE:
            guard let file = e.drop.file else { return nil }
            defer { SDL_free(file) }
            return .fileDropped(path: String(cString: file))
        default:
            return nil
        }
    }
}
