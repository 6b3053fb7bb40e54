import Foundation

/// A recognizer of a touch gesture (UIKit's `UIGestureRecognizer`), driven by hand: there is no event loop, so
/// whoever delivers the gesture (a test, the sandbox) sets `state` and the location with `update(_:location:in:)`,
/// which calls the handler. UIKit's `init(target:action:)` with a `#selector` becomes `init { recognizer in … }`.
@preconcurrency @MainActor
open class UIGestureRecognizer {
    /// A gesture's stage (UIKit's `UIGestureRecognizer.State`).
    public enum State: Int, Hashable, Sendable {
        /// Not recognized yet.
        case possible
        /// A continuous gesture started.
        case began
        /// A continuous gesture changed.
        case changed
        /// The gesture ended (`recognized` for discrete ones).
        case ended
        /// The gesture was cancelled.
        case cancelled
        /// The gesture failed.
        case failed

        /// The same as `ended`.
        public static let recognized = State.ended
    }

    /// The view the recognizer is attached to (weak). Default nil.
    public internal(set) weak var view: UIView?
    /// The gesture's stage. Default `.possible`.
    open var state = State.possible
    /// Whether the recognizer reacts. Default true.
    open var isEnabled = true
    /// Called on every `update(_:location:in:)` (UIKit's target/action). Default nil.
    public var handler: ((UIGestureRecognizer) -> Void)?
    /// The gesture's position, root coordinates, pt.
    var rootLocation = CGPoint.zero

    /// A recognizer calling `handler` on every update (the Linux form of `init(target:action:)`).
    public init(handler: ((UIGestureRecognizer) -> Void)? = nil) {
        self.handler = handler
    }

    /// The gesture's position in `view`'s bounds coordinates (nil: root coordinates), pt.
    open func location(in view: UIView?) -> CGPoint {
        view?.convert(rootLocation, from: nil) ?? rootLocation
    }

    /// Delivers a stage of the gesture at `location` (in `view`'s bounds coordinates, nil: root coordinates) and
    /// calls the handler when enabled.
    open func update(_ state: State, location: CGPoint, in view: UIView?) {
        guard isEnabled else { return }
        rootLocation = view?.convert(location, to: nil) ?? location
        self.state = state
        handler?(self)
    }
}

/// A dragging finger (UIKit's `UIPanGestureRecognizer`): translation since `.began` and velocity.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Where the gesture began (or the last `setTranslation` put the origin), root coordinates.
    private var startRoot = CGPoint.zero
    /// Velocity given by the deliverer, root axes, pt/s.
    private var rootVelocity = CGPoint.zero

    /// Delivers a stage of the drag; `.began` makes this location the translation origin. `velocity` is the
    /// finger's speed, pt/s (UIKit measures it; here the deliverer gives it). Calls the handler.
    open func update(_ state: State, location: CGPoint, in view: UIView?, velocity: CGPoint) {
        rootVelocity = velocity
        update(state, location: location, in: view)
    }

    /// As `update(_:location:in:velocity:)` with the velocity unchanged.
    open override func update(_ state: State, location: CGPoint, in view: UIView?) {
        if state == .began { startRoot = view?.convert(location, to: nil) ?? location }
        super.update(state, location: location, in: view)
    }

    /// The drag since it began, in `view`'s axes (nil: root axes), pt.
    open func translation(in view: UIView?) -> CGPoint {
        let a = location(in: view)
        let b = view?.convert(startRoot, from: nil) ?? startRoot
        return CGPoint(x: a.x - b.x, y: a.y - b.y)
    }

    /// Moves the translation origin so that `translation(in: view)` now reads `translation`.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let here = location(in: view)
        let origin = CGPoint(x: here.x - translation.x, y: here.y - translation.y)
        startRoot = view?.convert(origin, to: nil) ?? origin
    }

    /// The finger's velocity, pt/s (as given to `update(_:location:in:velocity:)`), in root axes.
    open func velocity(in view: UIView?) -> CGPoint { rootVelocity }
}

/// A tap (UIKit's `UITapGestureRecognizer`).
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed. Default 1. Kept, not used.
    open var numberOfTapsRequired = 1
}

/// A press held in place (UIKit's `UILongPressGestureRecognizer`).
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// Seconds to hold. Default 0.5. Kept, not used.
    open var minimumPressDuration: TimeInterval = 0.5
}

extension UIView {
    /// Attaches `recognizer` to this view (detaching it from its old view).
    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers = (gestureRecognizers ?? []) + [recognizer]
        recognizer.view = self
    }

    /// Detaches `recognizer` from this view; no effect if it is not attached here.
    public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        guard let list = gestureRecognizers, list.contains(where: { $0 === recognizer }) else { return }
        let rest = list.filter { $0 !== recognizer }
        gestureRecognizers = rest.isEmpty ? nil : rest
        recognizer.view = nil
    }
}
