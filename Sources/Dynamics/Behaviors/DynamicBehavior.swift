import Foundation

/// The base of every behaviour, and on its own a **composite** behaviour that groups children and runs an
/// `action` after every step (UIKit's `UIDynamicBehavior`).
///
/// The built-in behaviours (`GravityBehavior`, `CollisionBehavior`, `DynamicItemBehavior`, …) are *primitive*:
/// they have items and never children (`addChildBehavior` on them does nothing). Subclass `DynamicBehavior` and add
/// children to make a reusable compound behaviour.
@preconcurrency @MainActor
open class DynamicBehavior {
    /// The children, in the order they were added. Default empty.
    public private(set) var childBehaviors: [DynamicBehavior] = []

    /// Called once per animator step for every registered behaviour (children included), after the world step
    /// and the collision callbacks. Behaviours run depth-first in add order (UIKit: unspecified hash order).
    /// Adding or removing behaviours from here is queued until every action of the step has run. Default nil.
    /// The behaviour keeps the closure strongly: capture the behaviour or its owner weakly.
    open var action: (() -> Void)?

    /// The animator this behaviour is registered in, or nil. Weak.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?

    /// The composite this behaviour is a child of, or nil.
    weak var parent: DynamicBehavior?

    /// The items of a behaviour with `addItem`/`removeItem` (gravity, collision, push, field, item behaviour), in
    /// the order they were added, each once; empty for the others. Changed only through `addManagedItem` and
    /// `removeManagedItem`, which keep the animator in step.
    private(set) var itemList: ItemList

    /// A composite behaviour with no children and no action.
    public init() {
        itemList = ItemList()
    }

    /// A built-in behaviour holding `items` (duplicates ignored, first occurrence kept).
    init(managing items: [any DynamicItem]) {
        itemList = ItemList(items)
    }

    /// Adds a child; registers it at once when this behaviour is in an animator. A child that is already present
    /// or is this behaviour is ignored; one that is registered in an animator, already has a parent, or is an
    /// ancestor is refused with a `.behaviorAddedTwice` diagnostic. No effect on the built-in (primitive)
    /// behaviours.
    open func addChildBehavior(_ behavior: DynamicBehavior) {
        guard !isPrimitive, behavior !== self, !childBehaviors.contains(where: { $0 === behavior }) else { return }
        if let other = behavior.dynamicAnimator {
            let place = other === dynamicAnimator ? "this animator" : "an animator"
            DynamicsDiagnostics.report(
                .behaviorAddedTwice,
                "Adding the same behavior twice to the same animator is not supported "
                    + "\(describeBehavior(behavior)); it is already registered in \(place) and "
                    + "was not added as a child of \(describeBehavior(self))")
            return
        }
        if behavior.parent != nil || isDescendant(of: behavior) {
            DynamicsDiagnostics.report(
                .behaviorAddedTwice,
                "Adding the same behavior twice to the same animator is not supported "
                    + "\(describeBehavior(behavior)); it is already a child of another behavior "
                    + "or an ancestor of \(describeBehavior(self)) and was not added")
            return
        }
        if let animator = dynamicAnimator, !animator.canRegister(behavior) { return }
        childBehaviors.append(behavior)
        behavior.parent = self
        if let animator = dynamicAnimator {
            animator.register(behavior)
            animator.tickle()
        }
    }

    /// Removes a child (unregistering it from the animator). Unknown behaviours are ignored.
    open func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        if let animator = dynamicAnimator, animator.isRegistered(behavior) {
            animator.unregister(behavior)
            animator.tickle()
        }
        childBehaviors.remove(at: index)
        behavior.parent = nil
    }

    /// Called with the animator when the behaviour is registered (before its items get bodies) and with nil when
    /// it is unregistered (after they were released). Override point; the default does nothing.
    open func willMove(to dynamicAnimator: DynamicAnimator?) {}

    // MARK: Hooks for the built-in behaviours (internal)

    /// Built-in behaviours are primitive: they hold items, never children.
    var isPrimitive: Bool { false }

    /// Items whose bodies this behaviour holds while registered: `itemList` unless overridden (snap, attachment).
    var managedItems: [any DynamicItem] { itemList.items }

    /// UIKit's private `allowsAnimatorToStop`: primitive → false; composite without children → true unless it has
    /// an action; composite with children → true only if every child allows it.
    var allowsAnimatorToStop: Bool {
        if isPrimitive { return false }
        if childBehaviors.isEmpty { return action == nil }
        return childBehaviors.allSatisfy(\.allowsAnimatorToStop)
    }

    /// Registration: before the items get bodies (claim resources such as collision groups).
    func willAssociate(with animator: DynamicAnimator) {}
    /// Registration: after the items got bodies.
    func didAssociate(with animator: DynamicAnimator) {}
    /// Unregistration: before the items are released.
    func willDissociate(from animator: DynamicAnimator) {}
    /// Unregistration: after the items were released.
    func didDissociate(from animator: DynamicAnimator) {}
    /// An item of this behaviour got (or shares) a body in `animator`.
    func itemDidAttach(_ record: ItemRecord, in animator: DynamicAnimator) {}
    /// An item of this behaviour is about to be released in `animator`.
    func itemWillDetach(_ record: ItemRecord, in animator: DynamicAnimator) {}
    /// Pre-solver, once per animator step: queue forces with `DynamicAnimator.applyForceForThisStep`.
    func prepareForStep(in animator: DynamicAnimator) {}

    // MARK: Helpers

    /// True when `ancestor` is this behaviour or one of its parents.
    func isDescendant(of ancestor: DynamicBehavior) -> Bool {
        var b: DynamicBehavior? = self
        while let current = b {
            if current === ancestor { return true }
            b = current.parent
        }
        return false
    }

    /// This behaviour and every descendant, depth-first.
    var subtree: [DynamicBehavior] {
        var out: [DynamicBehavior] = [self]
        for c in childBehaviors { out.append(contentsOf: c.subtree) }
        return out
    }

    /// The body of every `addItem`: appends `item` unless it is already there (duplicates are ignored, silently,
    /// as in UIKit); when the behaviour is registered, the animator gives the item a body (or shares its body),
    /// lets this behaviour configure it, wakes it and resumes.
    func addManagedItem(_ item: any DynamicItem) {
        guard itemList.insert(item) else { return }
        guard let animator = dynamicAnimator else { return }
        animator.attach(item, to: self)
        animator.tickle()
    }

    /// The body of every `removeItem`: removes `item` if present (an unknown item is ignored), drops the state
    /// kept for it (`forgetItem`), then, when registered, releases its body (or wakes the body other behaviours
    /// still hold) and resumes the animator.
    func removeManagedItem(_ item: any DynamicItem) {
        guard itemList.remove(item) else { return }
        forgetItem(item)
        guard let animator = dynamicAnimator else { return }
        animator.detach(item, from: self)
        animator.tickle()
    }

    /// Drops any per-item state this behaviour keeps for `item` (push offsets, pending velocities), called by
    /// `removeManagedItem` before the animator lets go of the item. Override point; the default does nothing.
    func forgetItem(_ item: any DynamicItem) {}

    /// Wakes this behaviour's items and restarts a paused animator (after a parameter change).
    func parametersDidChange() {
        guard let animator = dynamicAnimator else { return }
        animator.wake(managedItems)
        animator.tickle()
    }
}

/// `TypeName@address` for diagnostics.
@MainActor
func describeBehavior(_ b: DynamicBehavior) -> String {
    "<\(type(of: b)): 0x\(String(UInt(bitPattern: ObjectIdentifier(b)), radix: 16))>"
}
