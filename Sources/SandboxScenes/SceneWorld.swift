import Dynamics
import Foundation

/// A built scene: the animator, the items to draw and the roles the app's input and tuning panel look for.
///
/// Scenes fill it in `SceneDescriptor.build`; the app then steps `animator` once per frame and draws `items`,
/// every boundary of every collision behaviour, and the overlays of the other behaviours.
@MainActor
public final class SceneWorld {
    /// The animator over the reference bounds (the window's size in points).
    public let animator: DynamicAnimator
    /// Seeded randomness for the scene (`--seed`).
    public var random: SceneRandom
    /// Items to draw, back to front.
    public private(set) var items: [SandboxItem] = []
    /// The gravity that arrow keys and the gamepad tilt; nil when the scene has none to tilt.
    public var gravity: GravityBehavior?
    /// The gravity vector with the device held level, in UIKit units (1 = 1000 pt/s²). Set by `adoptGravity`.
    public var levelGravity = CGVector(dx: 0, dy: 1)
    /// How far a full tilt turns gravity: the tilt vector (each axis −1…1) times this is added to the level
    /// gravity, UIKit units. Default 1; the sticker pile uses 3 (seed 001's `g × 3`).
    public var tiltGain: CGFloat = 1
    /// The collision behaviour new items join (taps in the gravity + collision scenes); nil when none.
    public var collision: CollisionBehavior?
    /// The item behaviour the tuning panel edits first for the items it covers; nil when none.
    public var itemBehavior: DynamicItemBehavior?
    /// A scene-specific tap on empty space (reference point). Returns true when the scene used it (the app's
    /// "snap the selected item there" is then skipped). Default nil.
    public var onTap: (@MainActor (CGPoint) -> Bool)?
    /// Runs before every animator step with the frame interval, s (scenes that move things by hand). Default nil.
    public var onFrame: (@MainActor (TimeInterval) -> Void)?
    /// Current tilt input, each axis −1…1 (x right, y toward the user = down on screen). Written by the app.
    public var tilt = CGVector(dx: 0, dy: 0)
    /// Lines the scene wants in the log panel, oldest first (the app drains them).
    public var pendingLog: [String] = []
    /// Objects the scene must keep alive (delegates are weak in UIKit and here).
    public var retained: [AnyObject] = []

    /// An empty scene over `bounds` (pt) with randomness from `seed`.
    public init(bounds: CGRect, seed: UInt64) {
        animator = DynamicAnimator(referenceBounds: bounds)
        random = SceneRandom(seed: seed)
    }

    /// The reference bounds, pt.
    public var bounds: CGRect { animator.referenceBounds }

    /// Adds an item to the drawing list (behaviours are the scene's business).
    @discardableResult
    public func add(_ item: SandboxItem) -> SandboxItem {
        items.append(item)
        return item
    }

    /// Removes an item from the drawing list.
    public func remove(_ item: SandboxItem) {
        items.removeAll { $0 === item }
    }

    /// Makes `behavior` the tiltable gravity and remembers its current vector as the level one.
    public func adoptGravity(_ behavior: GravityBehavior, tiltGain: CGFloat = 1) {
        gravity = behavior
        levelGravity = behavior.gravityDirection
        self.tiltGain = tiltGain
    }

    /// The topmost item whose collision shape contains `point`, or nil.
    public func item(at point: CGPoint) -> SandboxItem? {
        items.last { $0.contains(point) }
    }

    /// Text the scene writes on its background (column labels and the like): what, and where the middle of its
    /// top edge sits, pt, reference coordinates. Default none.
    public var captions: [(text: String, at: CGPoint)] = []

    /// Appends a line for the log panel.
    public func log(_ line: String) {
        pendingLog.append(line)
    }

    /// Every registered behaviour of the animator, depth-first in add order (children after their parent).
    public var allBehaviors: [DynamicBehavior] {
        var out: [DynamicBehavior] = []
        func visit(_ b: DynamicBehavior) {
            out.append(b)
            for c in b.childBehaviors { visit(c) }
        }
        for b in animator.behaviors { visit(b) }
        return out
    }
}

/// One entry of the catalogue: how to build a scene, and how to describe it.
public struct SceneDescriptor: Sendable {
    /// Name on the command line and in the HUD (lower-case, dashes).
    public let name: String
    /// Where it comes from ("seed 001", "sandbox").
    public let source: String
    /// One line for `--list-scenes` and the HUD.
    public let summary: String
    /// The scene picker's group. Default `SceneCategory.from(source:)`.
    public let category: SceneCategory
    /// Builds the scene into an empty `SceneWorld`.
    public let build: @MainActor @Sendable (SceneWorld) -> Void

    /// A catalogue entry; `category` nil takes the source's (`SceneCategory.from(source:)`).
    public init(
        name: String, source: String, category: SceneCategory? = nil, summary: String,
        build: @escaping @MainActor @Sendable (SceneWorld) -> Void
    ) {
        self.name = name
        self.source = source
        self.summary = summary
        self.category = category ?? SceneCategory.from(source: source)
        self.build = build
    }

    /// A new `SceneWorld` over `bounds` with this scene built in it.
    @MainActor
    public func make(bounds: CGRect, seed: UInt64) -> SceneWorld {
        let world = SceneWorld(bounds: bounds, seed: seed)
        build(world)
        return world
    }
}
