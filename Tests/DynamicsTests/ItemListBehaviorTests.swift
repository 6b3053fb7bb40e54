import Foundation
import Testing
@testable import Dynamics

/// The five behaviours with `addItem`/`removeItem` (gravity, collision, push, field, item behaviour) share one item
/// rule (`DynamicBehavior.addManagedItem`/`removeManagedItem`, issue 15 §9): a duplicate is ignored, an unknown
/// item's removal does nothing, an item another animator simulates stays listed without a body here (one
/// `.itemInAnotherAnimator` diagnostic), and a change of the list wakes a paused animator. Each kind is checked on
/// its own, so a behaviour that drifted from the rule fails by name.
@MainActor
@Suite("Item lists: the same rule in every behaviour with addItem/removeItem")
struct ItemListBehaviorTests {
    enum Kind: String, CaseIterable, Sendable {
        case gravity, collision, push, field, itemBehavior
    }

    /// A behaviour of `kind` with no items, and its addItem, removeItem and items.
    struct Subject {
        let behavior: DynamicBehavior
        let add: (any DynamicItem) -> Void
        let remove: (any DynamicItem) -> Void
        let items: () -> [any DynamicItem]
    }

    static func make(_ kind: Kind) -> Subject {
        switch kind {
        case .gravity:
            let b = GravityBehavior()
            return Subject(behavior: b, add: b.addItem, remove: b.removeItem, items: { b.items })
        case .collision:
            let b = CollisionBehavior()
            return Subject(behavior: b, add: b.addItem, remove: b.removeItem, items: { b.items })
        case .push:
            let b = PushBehavior(items: [], mode: .continuous)
            return Subject(behavior: b, add: b.addItem, remove: b.removeItem, items: { b.items })
        case .field:
            let b = FieldBehavior.dragField()
            return Subject(behavior: b, add: b.addItem, remove: b.removeItem, items: { b.items })
        case .itemBehavior:
            let b = DynamicItemBehavior()
            return Subject(behavior: b, add: b.addItem, remove: b.removeItem, items: { b.items })
        }
    }

    private func names(_ items: [any DynamicItem]) -> [String] {
        items.map { ($0 as? SimpleDynamicItem)?.name ?? "?" }
    }

    @Test(arguments: Kind.allCases)
    func duplicateAddIsIgnoredAndOneRemoveReleases(_ kind: Kind) {
        let animator = DynamicAnimator()
        let s = Self.make(kind)
        let a = square(100, 100, side: 20, name: "a"), b = square(200, 100, side: 20, name: "b")
        animator.addBehavior(s.behavior)
        let log = collectingDiagnostics {
            s.add(a)
            s.add(b)
            s.add(a)  // duplicate: ignored, no second association
        }
        #expect(log.all.isEmpty)
        #expect(names(s.items()) == ["a", "b"])
        #expect(animator.body(of: a) != nil && animator.body(of: b) != nil)
        // One removal releases the body: the duplicate did not count twice.
        s.remove(a)
        #expect(names(s.items()) == ["b"])
        #expect(animator.body(of: a) == nil && animator.body(of: b) != nil)
    }

    @Test(arguments: Kind.allCases)
    func removingAnUnknownItemDoesNothing(_ kind: Kind) {
        let animator = DynamicAnimator()
        let events = AnimatorEvents()
        animator.delegate = events
        let s = Self.make(kind)
        let a = square(100, 100, side: 20, name: "a"), stranger = square(300, 100, side: 20, name: "stranger")
        s.add(a)
        animator.addBehavior(s.behavior)
        animator.pause()
        events.log.removeAll()
        let log = collectingDiagnostics { s.remove(stranger) }
        #expect(log.all.isEmpty)
        #expect(names(s.items()) == ["a"])
        #expect(animator.body(of: stranger) == nil && animator.body(of: a) != nil)
        // No wake-up: the paused animator stays paused.
        #expect(!animator.isRunning && events.log.isEmpty)
    }

    @Test(arguments: Kind.allCases)
    func anItemOfAnotherAnimatorIsListedButNotSimulated(_ kind: Kind) {
        let first = DynamicAnimator()
        let shared = square(100, 100, side: 20, name: "shared")
        first.addBehavior(GravityBehavior(items: [shared]))
        let firstBody = first.body(of: shared)
        #expect(firstBody != nil)

        let second = DynamicAnimator()
        let s = Self.make(kind)
        second.addBehavior(s.behavior)
        let log = collectingDiagnostics { s.add(shared) }
        #expect(log.count(.itemInAnotherAnimator) == 1 && log.all.count == 1)
        #expect(names(s.items()) == ["shared"])
        #expect(second.body(of: shared) == nil)
        // Removing it here leaves the first animator's body alone.
        let removal = collectingDiagnostics { s.remove(shared) }
        #expect(removal.all.isEmpty && s.items().isEmpty)
        #expect(first.body(of: shared) == firstBody)
    }

    @Test(arguments: Kind.allCases)
    func addingAnItemWakesAPausedAnimatorOnce(_ kind: Kind) {
        let animator = DynamicAnimator()
        let events = AnimatorEvents()
        animator.delegate = events
        let s = Self.make(kind)
        let a = square(100, 100, side: 20, name: "a")
        animator.addBehavior(s.behavior)
        #expect(!animator.isRunning)  // no item, no body: nothing to run
        s.add(a)
        #expect(animator.isRunning && events.resumes == 1)
        animator.pause()
        s.add(a)  // duplicate: no wake-up
        #expect(!animator.isRunning && events.resumes == 1)
    }

    /// The initializers that take items apply the same rule: duplicates dropped, first occurrence's order kept.
    @Test func initializersDropDuplicates() {
        let a = square(100, 100, side: 20, name: "a"), b = square(200, 100, side: 20, name: "b")
        let given: [any DynamicItem] = [a, b, a, b]
        #expect(names(GravityBehavior(items: given).items) == ["a", "b"])
        #expect(names(CollisionBehavior(items: given).items) == ["a", "b"])
        #expect(names(PushBehavior(items: given, mode: .instantaneous).items) == ["a", "b"])
        #expect(names(DynamicItemBehavior(items: given).items) == ["a", "b"])
    }
}
