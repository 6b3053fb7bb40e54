@testable import SandboxKit
import Testing

/// In a real window SDL's text input is on, so a key that types a character reaches the app as that character
/// (SDL_TEXTINPUT), not as its key: every command on a character key must be reachable that way.
@Suite("Typed keys reach their commands")
struct TypedKeysTests {
    @Test("every command whose key is one character (as the help names it) is reached by typing it")
    func everyCharacterKey() {
        var checked = 0
        for command in KeyCommand.allCases {
            guard let key = command.help.key.components(separatedBy: " / ").first, key.count == 1 else { continue }
            // B (the ghost) was missing: in a real window it did nothing (found by the ui-smoke A/B check).
            #expect(KeyCommand.typed(key)?.0 == command, "\(key) should reach \(command)")
            #expect(KeyCommand.typed(key.lowercased())?.0 == command, "\(key.lowercased()) should reach \(command)")
            checked += 1
        }
        #expect(checked >= 15)
    }
}
