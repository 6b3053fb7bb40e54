/// Commands reached by the character a key types, whatever the keyboard layout.
extension KeyCommand {
    /// The command of a typed character (SDL_TEXTINPUT): what the layout produced, so `[ ] ; ' =` are reached on
    /// every layout (German `[` is AltGr+8, whose key symbol is "8"). `:` and `"` (US shift+; and shift+') are the
    /// ×10 steps. Letters in either case.
    public static func typed(_ text: String) -> (KeyCommand, shift: Bool)? {
        guard text.count == 1, let ch = text.lowercased().first else { return nil }
        switch ch {
        case " ": return (.pauseResume, false)
        case ".": return (.singleStep, false)
        case ",": return (.stepBack, false)
        case "r": return (.restart, false)
        case "[": return (.previousScene, false)
        case "]": return (.nextScene, false)
        case "-": return (.slower, false)
        case "=", "+": return (.faster, false)
        case "o": return (.overlays, false)
        case "h": return (.help, false)
        case "p": return (.screenshot, false)
        case "c": return (.copySwift, false)
        case "t": return (.togglePanel, false)
        case "g": return (.toggleGraph, false)
        case "b": return (.toggleGhost, false)
        case ";": return (.panelDecrease, false)
        case "'": return (.panelIncrease, false)
        case ":": return (.panelDecrease, true)
        case "\"": return (.panelIncrease, true)
        case "q": return (.quit, false)
        case "1": return (.toggleBoundaries, false)
        case "2": return (.toggleGravity, false)
        case "3": return (.toggleContacts, false)
        case "4": return (.toggleSleeping, false)
        case "5": return (.toggleJoints, false)
        case "6": return (.toggleFields, false)
        case "7": return (.toggleOutlines, false)
        case "v": return (.toggleChrome, false)
        case "f": return (.frameAll, false)
        case "0": return (.resetView, false)
        case "/": return (.scenePicker, false)
        case "s": return (.toggleSideBar, false)
        default: return nil
        }
    }
}
