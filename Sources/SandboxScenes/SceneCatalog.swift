import Dynamics
import Foundation

/// Every scene of the sandbox, in the order `[` and `]` walk through them.
public enum SceneCatalog {
    /// All scenes: the seed documents' demos first, then the sandbox's own.
    public static let all: [SceneDescriptor] =
        seed000 + seed001 + seed002 + seed003 + seed004 + pushScenes + sandbox + fieldScenes

    /// The scene `make run` and a bare `dynamics-sandbox` open.
    public static let defaultName = "sticker-pile"

    /// The scene called `name`, or nil.
    public static func named(_ name: String) -> SceneDescriptor? {
        all.first { $0.name == name }
    }

    /// Names close to `name` (same prefix or containing it), for "did you mean" messages.
    public static func suggestions(for name: String) -> [String] {
        let n = name.lowercased()
        guard !n.isEmpty else { return [] }
        return all.map(\.name).filter { $0.hasPrefix(String(n.prefix(3))) || $0.contains(n) || n.contains($0) }
    }
}

/// Building blocks shared by the scenes.
@MainActor
enum Build {
    /// A collision behaviour over `items` with the reference bounds as walls, added to the animator.
    @discardableResult
    static func walls(_ w: SceneWorld, _ items: [any DynamicItem]) -> CollisionBehavior {
        let c = CollisionBehavior(items: items)
        c.translatesReferenceBoundsIntoBoundary = true
        w.animator.addBehavior(c)
        w.collision = c
        return c
    }

    /// A gravity behaviour over `items`, added and adopted as the tiltable gravity.
    @discardableResult
    static func gravity(_ w: SceneWorld, _ items: [any DynamicItem], tiltGain: CGFloat = 1) -> GravityBehavior {
        let g = GravityBehavior(items: items)
        w.animator.addBehavior(g)
        w.adoptGravity(g, tiltGain: tiltGain)
        return g
    }

    /// An item behaviour over `items`, added and remembered for the tuning panel.
    @discardableResult
    static func properties(
        _ w: SceneWorld, _ items: [any DynamicItem],
        _ configure: (DynamicItemBehavior) -> Void
    ) -> DynamicItemBehavior {
        let b = DynamicItemBehavior(items: items)
        configure(b)
        w.animator.addBehavior(b)
        if w.itemBehavior == nil { w.itemBehavior = b }
        return b
    }

    /// The next palette colour for item number `k`.
    static func color(_ k: Int) -> SceneColor {
        SceneColor.palette[k % SceneColor.palette.count]
    }
}

/// Writes collision callbacks into a scene's log panel.
@MainActor
final class ContactLogger: CollisionBehaviorDelegate {
    weak var world: SceneWorld?
    var began = 0
    var onBoundaryContact: (@MainActor (any DynamicItem, AnyHashable?) -> Void)?

    init(_ world: SceneWorld) { self.world = world }

    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint
    ) {
        began += 1
        if began <= 20 || began % 50 == 0 {
            let name = identifier.map { "\($0)" } ?? "reference bounds"
            world?.log(String(format: "contact with %@ at (%.0f, %.0f)", name, point.x, point.y))
        }
        onBoundaryContact?(item, identifier)
    }
}
