import Foundation

/// Adding and removing behaviours. Outside a step changes are immediate; inside one (from an `action` or a
/// collision-delegate callback) they are queued and applied after every action of the step has run (UIKit §3.7).
extension DynamicAnimator {
    /// Adds a top-level behaviour: registers it and its children, creates bodies for their items and resumes the
    /// animator. A behaviour already at top level is ignored. A behaviour (or a descendant) already registered at
    /// another level or in another animator is refused with UIKit's "Adding the same behavior twice to the same
    /// animator is not supported" diagnostic. Inside a step the addition is queued (and cancels a queued removal of
    /// the same behaviour).
    public func addBehavior(_ behavior: DynamicBehavior) {
        if isInStep {
            if let i = queuedRemovals.firstIndex(where: { $0 === behavior }) {
                queuedRemovals.remove(at: i)
                return
            }
            guard !isTopLevel(behavior), !queuedAdditions.contains(where: { $0 === behavior }),
                canRegister(behavior)
            else { return }
            queuedAdditions.append(behavior)
            return
        }
        guard !isTopLevel(behavior), canRegister(behavior) else { return }
        if behavior.parent != nil {
            DynamicsDiagnostics.report(
                .behaviorAddedTwice,
                "Adding the same behavior twice to the same animator is not supported "
                    + "\(describeBehavior(behavior)); it is a child of another behavior and was "
                    + "not added at top level")
            return
        }
        behaviors.append(behavior)
        register(behavior)
        tickle()
    }

    /// Removes a top-level behaviour and its children; items no other behaviour names lose their bodies. Unknown
    /// or child behaviours are ignored. Inside a step the removal is queued (and cancels a queued addition).
    public func removeBehavior(_ behavior: DynamicBehavior) {
        if isInStep {
            if let i = queuedAdditions.firstIndex(where: { $0 === behavior }) {
                queuedAdditions.remove(at: i)
                return
            }
            guard isTopLevel(behavior), !queuedRemovals.contains(where: { $0 === behavior }) else { return }
            queuedRemovals.append(behavior)
            return
        }
        guard let i = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        unregister(behavior)
        behaviors.remove(at: i)
        tickle()
    }

    /// Removes every behaviour. `isRunning` stays true until the next step pauses the animator. Inside a step every
    /// top-level behaviour is queued for removal and queued additions are dropped; unlike UIKit (which leaves them
    /// listed, so re-adding them later silently does nothing) the behaviours are really gone after the step and can
    /// be added again — or re-added in the same step, which cancels their removal.
    public func removeAllBehaviors() {
        if isInStep {
            queuedAdditions.removeAll()
            for b in behaviors where !queuedRemovals.contains(where: { $0 === b }) { queuedRemovals.append(b) }
            return
        }
        for b in behaviors.reversed() { unregister(b) }
        behaviors.removeAll()
    }

    // MARK: Registration

    /// True when `behavior` is in the top-level list.
    func isTopLevel(_ behavior: DynamicBehavior) -> Bool { behaviors.contains { $0 === behavior } }

    /// True when `behavior` is registered in this animator (at any level).
    func isRegistered(_ behavior: DynamicBehavior) -> Bool { registered.contains(ObjectIdentifier(behavior)) }

    /// Whether `behavior` and all its descendants are free to be registered here; emits the diagnostic if not.
    func canRegister(_ behavior: DynamicBehavior) -> Bool {
        for b in behavior.subtree {
            guard let other = b.dynamicAnimator else { continue }
            let place = other === self ? "this animator" : "another animator"
            DynamicsDiagnostics.report(
                .behaviorAddedTwice,
                "Adding the same behavior twice to the same animator is not supported "
                    + "\(describeBehavior(b)); it is already registered in \(place) and "
                    + "\(describeBehavior(behavior)) was not added")
            return false
        }
        return true
    }

    /// Registers a behaviour and its children: context, `willMove(to:)`, bodies for its items, resources.
    func register(_ behavior: DynamicBehavior) {
        guard behavior.dynamicAnimator == nil else { return }
        registered.insert(ObjectIdentifier(behavior))
        behavior.dynamicAnimator = self
        behavior.willMove(to: self)
        behavior.willAssociate(with: self)
        for item in behavior.managedItems { attach(item, to: behavior) }
        behavior.didAssociate(with: self)
        for child in behavior.childBehaviors {
            if child.dynamicAnimator == nil {
                register(child)
            } else {
                DynamicsDiagnostics.report(
                    .behaviorAddedTwice,
                    "Adding the same behavior twice to the same animator is not supported "
                        + "\(describeBehavior(child)); the child stays where it was registered")
            }
        }
    }

    /// Unregisters a behaviour and its children (children first), releasing bodies and resources.
    func unregister(_ behavior: DynamicBehavior) {
        guard isRegistered(behavior) else { return }
        for child in behavior.childBehaviors.reversed() where child.dynamicAnimator === self { unregister(child) }
        behavior.willDissociate(from: self)
        for item in behavior.managedItems { detach(item, from: behavior) }
        behavior.didDissociate(from: self)
        behavior.willMove(to: nil)
        behavior.dynamicAnimator = nil
        registered.remove(ObjectIdentifier(behavior))
    }

    /// Applies the additions and removals queued during the step: removals first, then additions.
    func applyQueuedChanges() {
        let removals = queuedRemovals, additions = queuedAdditions
        queuedRemovals.removeAll()
        queuedAdditions.removeAll()
        for b in removals { removeBehavior(b) }
        for b in additions { addBehavior(b) }
    }
}
