internal import CSDL2

/// An SDL call failed: what was attempted and SDL's own message.
public struct SDLFailure: Error, CustomStringConvertible {
    /// For a person.
    public let description: String

    init(_ what: String) {
        description = "\(what) failed: \(String(cString: SDL_GetError()))"
    }

    init(message: String) {
        description = message
    }
}
