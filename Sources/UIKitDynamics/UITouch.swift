import Foundation

/// One finger on the screen (UIKit's `UITouch`), as whoever delivers touches (a test, the sandbox) makes it: there
/// is no event loop. Hashable by identity, as UIKit's `NSObject`; one touch object follows one finger from
/// `.began` to `.ended`, so update it with `moved(to:timestamp:)`.
@preconcurrency @MainActor
public final class UITouch: Hashable {
    /// A touch's stage (UIKit's `UITouch.Phase`).
    public enum Phase: Int, Hashable, Sendable {
        /// The finger touched down.
        case began
        /// The finger moved.
        case moved
        /// The finger is down and has not moved.
        case stationary
        /// The finger lifted.
        case ended
        /// The system cancelled the touch.
        case cancelled
    }

    /// The view the touch went to (the hit-tested view at touch-down). Weak.
    public private(set) weak var view: UIView?
    /// The stage of the touch. Default `.began`.
    public var phase: Phase
    /// Taps at this point within a short interval, ≥ 1. Default 1.
    public var tapCount: Int
    /// When the touch last changed, s (any monotonic clock). Default 0.
    public var timestamp: TimeInterval
    /// Position in the coordinates of the root of `view`'s tree (UIKit: the window), pt.
    private var rootLocation: CGPoint
    /// The previous position, root coordinates, pt.
    private var previousRootLocation: CGPoint

    /// A touch at `location`, given in `view`'s bounds coordinates (nil: root coordinates), pt.
    public init(
        location: CGPoint, in view: UIView?, phase: Phase = .began, tapCount: Int = 1,
        timestamp: TimeInterval = 0
    ) {
        self.view = view
        self.phase = phase
        self.tapCount = Swift.max(1, tapCount)
        self.timestamp = timestamp
        let root = view?.convert(location, to: nil) ?? location
        rootLocation = root
        previousRootLocation = root
    }

    /// Moves the finger to `location` (in `view`'s bounds coordinates, nil: root coordinates): the old position
    /// becomes `previousLocation(in:)` and the phase `.moved`.
    public func moved(to location: CGPoint, in view: UIView?, timestamp: TimeInterval? = nil) {
        previousRootLocation = rootLocation
        rootLocation = view?.convert(location, to: nil) ?? location
        phase = .moved
        if let timestamp { self.timestamp = timestamp }
    }

    /// The touch's position in `view`'s bounds coordinates (nil: root coordinates), pt.
    public func location(in view: UIView?) -> CGPoint {
        view?.convert(rootLocation, from: nil) ?? rootLocation
    }

    /// The position before the last move, in `view`'s bounds coordinates (nil: root coordinates), pt.
    public func previousLocation(in view: UIView?) -> CGPoint {
        view?.convert(previousRootLocation, from: nil) ?? previousRootLocation
    }

    /// True for the same touch object.
    nonisolated public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }

    /// Hashes the touch's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The touches of one moment (UIKit's `UIEvent`), as whoever delivers touches makes it.
@preconcurrency @MainActor
public final class UIEvent {
    /// Every touch of the event, or nil when it has none. Default nil.
    public let allTouches: Set<UITouch>?
    /// When the event happened, s. Default 0.
    public let timestamp: TimeInterval

    /// An event holding `touches` (nil when empty).
    public init(touches: Set<UITouch> = [], timestamp: TimeInterval = 0) {
        allTouches = touches.isEmpty ? nil : touches
        self.timestamp = timestamp
    }

    /// The event's touches that went to `view`.
    public func touches(for view: UIView) -> Set<UITouch>? {
        let found: Set<UITouch> = allTouches?.filter { $0.view === view } ?? Set()
        return found.isEmpty ? nil : found
    }
}
