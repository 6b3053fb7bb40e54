import Foundation
internal import PhysicsCore

/// Delivering the contacts of a step to collision delegates.
extension DynamicAnimator {
    /// Calls every "began" of the step, then every "ended", on the collision behaviours concerned.
    func deliverContacts(began: [ContactBeginEvent], ended: [ContactEndEvent]) {
        guard !(began.isEmpty && ended.isEmpty) else { return }
        let listeners = traversal().compactMap { b -> CollisionBehavior? in
            guard let c = b as? CollisionBehavior, c.collisionDelegate != nil else { return nil }
            return c
        }
        guard !listeners.isEmpty else { return }
        for e in began {
            dispatch(e.shapeA, e.shapeB, listeners: listeners, point: e.point.cgPoint)
        }
        for e in ended {
            dispatch(e.shapeA, e.shapeB, listeners: listeners, point: nil)
        }
    }

    /// The owner of a shape, live or recently destroyed.
    func owner(of shape: ShapeID) -> ShapeOwner? {
        shapeOwners[shape] ?? retiredShapeOwners[shape]?.owner
    }

    /// One contact: item–item goes to every listening behaviour holding both items; item–boundary to the
    /// boundary's behaviour if it still holds the item. `point` nil = ended.
    private func dispatch(_ a: ShapeID, _ b: ShapeID, listeners: [CollisionBehavior], point: CGPoint?) {
        guard let ownerA = owner(of: a), let ownerB = owner(of: b) else { return }
        switch (ownerA, ownerB) {
        case (.item(let ra), .item(let rb)):
            for c in listeners where c.dynamicAnimator === self {
                let items = c.items
                guard items.contains(where: { $0 === ra.item }), items.contains(where: { $0 === rb.item }),
                    let delegate = c.collisionDelegate
                else { continue }
                if let point {
                    delegate.collisionBehavior(c, beganContactFor: ra.item, with: rb.item, at: point)
                } else {
                    delegate.collisionBehavior(c, endedContactFor: ra.item, with: rb.item)
                }
            }
        case (.item(let r), .boundary(let c, let id)), (.boundary(let c, let id), .item(let r)):
            guard c.dynamicAnimator === self, listeners.contains(where: { $0 === c }),
                c.items.contains(where: { $0 === r.item }), let delegate = c.collisionDelegate
            else { return }
            if let point {
                delegate.collisionBehavior(c, beganContactFor: r.item, withBoundaryIdentifier: id, at: point)
            } else {
                delegate.collisionBehavior(c, endedContactFor: r.item, withBoundaryIdentifier: id)
            }
        case (.boundary, .boundary):
            return
        }
    }
}
