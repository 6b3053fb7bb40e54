/// A problem Dynamics found with a value it was given, and what it did instead.
///
/// UIKit raises an exception (or asserts) for most of these; Dynamics never stops the process and never lets a
/// NaN reach the world: the bad value is refused, the last good value (or a safe fallback) is kept, the world keeps
/// stepping, and a diagnostic is sent through `DynamicsDiagnostics`.
public struct DynamicsDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it was.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// An item's `center` was NaN or infinite (body creation or `updateItem(usingCurrentState:)`).
        case invalidCenter
        /// An item's `bounds.size` was zero, negative or not finite. UIKit: "Invalid size %@ for item %@ in Dynamics".
        case invalidSize
        /// An item's collision bounding path was missing, empty, degenerate, non-convex or self-intersecting.
        /// UIKit: "UIDynamicItem (%@) provided an invalid bounding path".
        case invalidBoundingPath
        /// An item's collision bounding path ran clockwise on screen; it was reversed and used (as UIKit does).
        case clockwiseBoundingPath
        /// A collision boundary path or segment had no usable segment. UIKit: "invalid path for collision boundary".
        case invalidBoundaryPath
        /// A behaviour property or method argument was NaN, infinite or out of range (magnitude, angle, velocity,
        /// density, elasticity, insets…).
        case invalidValue
        /// An item already simulated by another animator was named by a behaviour of this one.
        case itemInAnotherAnimator
        /// A behaviour already registered in an animator (at another level, or in another animator) was added
        /// again, or a child would create a cycle. UIKit: "Adding the same behavior twice to the same animator is not
        /// supported %@".
        case behaviorAddedTwice
        /// A second gravity behaviour was registered. UIKit logs "Multiple gravity behavior per animator is
        /// undefined and may assert in the future".
        case multipleGravityBehaviors
        /// More collision behaviours than the 32 collision groups an animator has.
        case tooManyCollisionBehaviors
        /// A 33rd field behaviour was registered in an animator. UIKit: "UIDynamicAnimator supports a maximum of 32
        /// distinct fields"; the behaviour is registered but its field acts on nothing.
        case tooManyFields
        /// `advance(by:)` got a NaN, infinite or negative interval, or was called from inside a step.
        case invalidTimeStep
        /// A reference rectangle (animator bounds, `items(in:)` query, boundary loop) was not finite or empty.
        case invalidRect
        /// A `DynamicItemGroup` was given a group among its items. UIKit: "UIDynamicItemGroup cannot be initialized
        /// with items containing UIDynamicItemGroup".
        case invalidGroup
        /// An item was added while the animator's world already held its most bodies
        /// (`World.maximumBodyCount`, 2²⁴); it is not simulated.
        case tooManyItems
        /// A step left some body non-finite or absurdly far or fast (a joint with an extreme lever arm or mass ratio):
        /// it was put back where it started the step, at rest.
        case bodyBlownUp
    }

    /// What kind of problem it was.
    public var kind: Kind
    /// A sentence saying what was wrong and what was kept (UIKit's message first where UIKit has one).
    public var message: String

    /// A diagnostic from its kind and message.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// `[kind] message`.
    public var description: String { "[\(kind.rawValue)] \(message)" }
}
