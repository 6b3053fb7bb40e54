import Foundation
internal import PhysicsCore

/// Items: one body per item per animator, reference-counted by (behaviour, item) associations.
extension DynamicAnimator {
    /// Items whose box, grown by 10 pt (`itemQueryMargin`, UIKit's fat-box margin), touches `rect` (reference
    /// coordinates), in the order their bodies were created. Measured in UIKit and reproduced here: a 50 × 50 item
    /// 9.9 pt away from the rectangle is returned, 10.5 pt away is not. A non-finite rectangle returns [] with a
    /// diagnostic.
    public func items(in rect: CGRect) -> [any DynamicItem] {
        guard rect.isFiniteRect else {
            DynamicsDiagnostics.report(.invalidRect, "items(in: \(rect)): the rectangle is not finite; no items")
            return []
        }
        let query = rect.aabb
        let margin = Self.itemQueryMargin
        var found: [ItemRecord] = []
        var seen = Set<ObjectIdentifier>()
        for shape in world.queryAABB(query.expanded(by: margin)) {
            guard case .item(let record)? = shapeOwners[shape], let box = world.bounds(of: shape),
                box.expanded(by: margin).overlaps(query), seen.insert(record.key).inserted
            else { continue }
            found.append(record)
        }
        return found.sorted { $0.serial < $1.serial }.map(\.item)
    }

    /// Moves the item's body to the item's current `center` and the rotation of its `transform` (its `bounds` are
    /// not re-read), keeps its velocity, wakes it and resumes the animator. Without this call, changes made to a
    /// managed item are overwritten at the next step. No effect for an item without a body (one that no behaviour
    /// holds any more is never written again). A non-finite center is refused (diagnostic; the body stays); a
    /// non-finite transform keeps the body's angle (diagnostic).
    ///
    /// For a `PixelAlignedDynamicItem` (views, groups) UIKit's rule applies (spec §3.5, measured): the body moves
    /// only if the item's center and the body's position differ on the pixel grid, and then takes the item's
    /// rotation only if it equals the body's after 1/5000-rad rounding; a change of the rotation alone is ignored.
    public func updateItem(usingCurrentState item: any DynamicItem) {
        guard let record = record(for: item), let body = record.body else { return }
        let center = item.center
        guard center.isWithinWorld else {
            DynamicsDiagnostics.report(
                .invalidCenter,
                "updateItem(usingCurrentState:): center \(center) of "
                    + "\(describe(item)) is not finite or beyond ±\(InputLimits.maxCoordinate) "
                    + "pt; the body stays at "
                    + "\(world.position(of: body)?.cgPoint ?? .zero)")
            return
        }
        let bodyAngle = world.angle(of: body) ?? 0
        var angle = bodyAngle
        let t = item.transform
        if t.isFiniteTransform {
            angle = t.rotationAngle
        } else {
            DynamicsDiagnostics.report(
                .invalidValue,
                "updateItem(usingCurrentState:): transform \(t) of "
                    + "\(describe(item)) is not finite; the body keeps its angle \(angle)")
        }
        if record.isPixelAligned {
            let bodyCenter = world.position(of: body)?.cgPoint ?? center
            if PixelGrid.round(center, scale: displayScale) != PixelGrid.round(bodyCenter, scale: displayScale) {
                let sameAngle = PixelGrid.round(angle: angle) == PixelGrid.round(angle: bodyAngle)
                world.setTransform(body, position: Vec2(center), angle: sameAngle ? angle : bodyAngle)
            } else {
                world.wake(body)
            }
        } else {
            world.setTransform(body, position: Vec2(center), angle: angle)
        }
        tickle()
    }

    /// Every item that has a body in this animator, in creation order (for UIKitDynamics' collection-view mode).
    package var managedItems: [any DynamicItem] { records.map(\.item) }

    // MARK: Records

    /// The record of an item in this animator, if any behaviour names it.
    func record(for item: any DynamicItem) -> ItemRecord? { recordIndex[ObjectIdentifier(item)] }

    /// Associates `item` with `behavior`: creates the body on the first association, then lets the behaviour
    /// configure it, and wakes it.
    func attach(_ item: any DynamicItem, to behavior: DynamicBehavior) {
        let record: ItemRecord
        if let existing = recordIndex[ObjectIdentifier(item)] {
            record = existing
            if record.body == nil {
                // The item was refused before: try again, and give the new body its memberships.
                createBody(for: record)
                configureLateBody(record)
            }
        } else {
            record = ItemRecord(item: item, serial: nextSerial)
            nextSerial += 1
            records.append(record)
            recordIndex[record.key] = record
            createBody(for: record)
        }
        record.associations += 1
        behavior.itemDidAttach(record, in: self)
        if let body = record.body { world.wake(body) }
    }

    /// Dissociates `item` from `behavior`; destroys the body when no association is left, otherwise wakes it.
    func detach(_ item: any DynamicItem, from behavior: DynamicBehavior) {
        guard let record = recordIndex[ObjectIdentifier(item)] else { return }
        behavior.itemWillDetach(record, in: self)
        record.associations -= 1
        guard record.associations <= 0 else {
            if let body = record.body { world.wake(body) }
            return
        }
        if let body = record.body {
            for shape in record.shapes {
                if let owner = shapeOwners.removeValue(forKey: shape) { retiredShapeOwners[shape] = (owner, ticks) }
            }
            world.destroyBody(body)
            ItemOwnership.release(item, by: self)
        }
        records.removeAll { $0 === record }
        recordIndex[record.key] = nil
    }

    /// Applies the memberships a record gathered while it had no body (gravity, fields, charge, collision filter;
    /// item-behaviour properties at the next step).
    private func configureLateBody(_ record: ItemRecord) {
        guard let body = record.body else { return }
        if record.gravityCount > 0 { world.setGravityScale(body, 1) }
        world.setFieldMask(body, record.fieldMask)
        world.setCharge(body, Double(record.charge))
        refreshFilter(record)
        itemPropertiesNeedUpdate = true
    }

    /// Wakes the bodies of `items` (after a parameter change).
    func wake(_ items: [any DynamicItem]) {
        for item in items {
            if let body = record(for: item)?.body { world.wake(body) }
        }
    }

    /// Wakes every body under gravity.
    func wakeGravityItems() {
        for r in records where r.gravityCount > 0 {
            if let body = r.body { world.wake(body) }
        }
    }

    /// Sets the collision filter of an item's shape from its collision behaviours: category = its behaviours'
    /// item bits; responds to the items of `.items` behaviours and the boundaries of `.boundaries` behaviours;
    /// reports (without responding) the boundaries of behaviours without `.boundaries`.
    func refreshFilter(_ record: ItemRecord) {
        guard !record.shapes.isEmpty else { return }
        var filter = CollisionFilter(categoryBits: 0, collideMask: 0, reportMask: 0)
        for c in record.collisionBehaviors {
            filter.categoryBits |= c.itemCategory
            if c.collisionMode.contains(.items) { filter.collideMask |= c.itemCategory }
            if c.collisionMode.contains(.boundaries) {
                filter.collideMask |= c.boundaryCategory
            } else {
                filter.reportMask |= c.boundaryCategory
            }
        }
        for shape in record.shapes where world.filter(of: shape) != filter { world.setFilter(shape, filter) }
    }
}
