import Foundation
internal import PhysicsCore

/// Building world bodies for items and boundaries.
extension DynamicAnimator {
    /// Mass per pt² in the core for UIKit density 1: mass = density × area / 10 000.
    static let densityScale: Double = 1.0 / 10_000
    /// Friction and restitution of boundaries and of items without an item behaviour.
    static let defaultFriction: Double = 0.2
    static let defaultRestitution: Double = 0.2
    /// Linear and angular damping of items without an item behaviour, 1/s.
    static let defaultDamping: Double = 0.1

    /// Creates the body and shape of a new record, or refuses the item with a diagnostic (body stays nil).
    func createBody(for record: ItemRecord) {
        let item = record.item
        let size = item.bounds.size
        guard size.width.isWithin(InputLimits.maxSize), size.height.isWithin(InputLimits.maxSize),
            size.width > 0, size.height > 0
        else {
            DynamicsDiagnostics.report(
                .invalidSize,
                "Invalid size \(size) for item \(describe(item)) in Dynamics; "
                    + "the item is not simulated until a behaviour adds it again with a positive "
                    + "size of at most \(InputLimits.maxSize) pt")
            return
        }
        let center = item.center
        guard center.isWithinWorld else {
            DynamicsDiagnostics.report(
                .invalidCenter,
                "Invalid center \(center) for item \(describe(item)) in "
                    + "Dynamics; the item is not simulated until a behaviour adds it again with "
                    + "a center within ±\(InputLimits.maxCoordinate) pt")
            return
        }
        if let other = ItemOwnership.owner(of: item), other !== self {
            DynamicsDiagnostics.report(
                .itemInAnotherAnimator,
                "Item \(describe(item)) is already simulated by "
                    + "another animator; items shared across animators are not supported, so "
                    + "this animator ignores it")
            return
        }
        var angle = 0.0
        if item.transform.isFiniteTransform {
            angle = item.transform.rotationAngle
        } else {
            DynamicsDiagnostics.report(
                .invalidValue,
                "Transform \(item.transform) of \(describe(item)) is not "
                    + "finite; the body starts with rotation 0")
        }
        var def = BodyDefinition()
        def.type = .dynamic
        def.position = Vec2(center)
        def.angle = angle
        def.linearDamping = Self.defaultDamping
        def.angularDamping = Self.defaultDamping
        def.gravityScale = 0
        def.userData = record.serial
        // Every value was checked above: the world refuses a body only when it holds its most.
        guard let body = world.createBody(def) else {
            DynamicsDiagnostics.report(
                .tooManyItems,
                "Item \(describe(item)) was not added: the animator already simulates its most items "
                    + "(\(world.bodyLimit)); remove some from its behaviours first")
            return
        }
        var shapeDef = ShapeDefinition()
        shapeDef.friction = Self.defaultFriction
        shapeDef.restitution = Self.defaultRestitution
        shapeDef.density = Self.densityScale
        shapeDef.filter = CollisionFilter(categoryBits: 0, collideMask: 0, reportMask: 0)
        shapeDef.userData = record.serial
        var shapes: [ShapeID] = []
        if let group = item as? DynamicItemGroup {
            for (member, offset) in zip(group.items, group.memberOffsets) {
                let s = member.bounds.size
                guard s.width.isWithin(InputLimits.maxSize), s.height.isWithin(InputLimits.maxSize),
                    s.width > 0, s.height > 0
                else {
                    DynamicsDiagnostics.report(
                        .invalidSize,
                        "Invalid size \(s) for item \(describe(member)) in "
                            + "Dynamics; the member is left out of \(describe(item))'s body")
                    continue
                }
                // The offset comes from the member's center when the group was made: an infinite center there
                // (fixed since) is a center problem, not a size one.
                guard offset.isWithinWorld else {
                    DynamicsDiagnostics.report(
                        .invalidCenter,
                        "Invalid center for item \(describe(member)) in "
                            + "Dynamics: its offset \(offset) from the group's center (taken when "
                            + "\(describe(item)) was created) is not finite or beyond ±"
                            + "\(InputLimits.maxCoordinate) pt; the member is left out of the "
                            + "group's body. Create the group again with finite member centers")
                    continue
                }
                if let shape = createShape(for: member, size: s, center: Vec2(offset), on: body, shapeDef) {
                    shapes.append(shape)
                }
            }
        } else if let shape = createShape(for: item, size: size, center: .zero, on: body, shapeDef) {
            shapes.append(shape)
        }
        guard !shapes.isEmpty else {
            world.destroyBody(body)
            return
        }
        record.body = body
        record.shapes = shapes
        for shape in shapes { shapeOwners[shape] = .item(record) }
        ItemOwnership.claim(item, by: self)
    }

    /// The item's collision shape by `collisionBoundsType`, centred at `center` in the body frame; an unusable
    /// bounding path falls back to the bounds rectangle with a diagnostic.
    private func createShape(
        for item: any DynamicItem, size: CGSize, center: Vec2, on body: BodyID,
        _ def: ShapeDefinition
    ) -> ShapeID? {
        let hw = Double(size.width) / 2, hh = Double(size.height) / 2
        switch item.collisionBoundsType {
        case .rectangle:
            break
        case .ellipse:
            if case .success(let s) = world.createEllipse(on: body, center: center, radii: Vec2(hw, hh), def) {
                return s
            }
        case .path:
            switch BoundingPolygon.make(from: item.collisionBoundingPath) {
            case .success(let polygon):
                if polygon.isClockwiseOnScreen {
                    DynamicsDiagnostics.report(
                        .clockwiseBoundingPath,
                        "UIDynamicItem (\(describe(item))) provided a bounding path that runs "
                            + "clockwise on screen; it was reversed and used")
                }
                switch world.createPolygon(on: body, vertices: polygon.vertices.map { $0 + center }, def) {
                case .success(let s):
                    return s
                case .failure(let error):
                    reportInvalidBoundingPath(item, reason: error.description)
                }
            case .failure(let problem):
                reportInvalidBoundingPath(item, reason: problem.description)
            }
        }
        if case .success(let s) = world.createBox(on: body, halfWidth: hw, halfHeight: hh, center: center, def) {
            return s
        }
        return nil
    }

    private func reportInvalidBoundingPath(_ item: any DynamicItem, reason: String) {
        DynamicsDiagnostics.report(
            .invalidBoundingPath,
            "UIDynamicItem (\(describe(item))) provided an invalid "
                + "bounding path (\(reason)); its bounds rectangle is used instead")
    }

    // MARK: Boundaries

    /// A static body holding a smooth chain of two-sided segments per polyline (`World.createChain`, as UIKit's edge
    /// chains: what slides along a boundary is not caught at the joints of its segments), owned by a collision
    /// behaviour's boundary.
    func createBoundaryBody(
        _ polylines: [Polyline], for behavior: CollisionBehavior,
        identifier: AnyHashable?
    ) -> BodyID? {
        var def = BodyDefinition()
        def.type = .static
        guard let body = world.createBody(def) else { return nil }
        var shapeDef = ShapeDefinition()
        shapeDef.friction = Self.defaultFriction
        shapeDef.restitution = Self.defaultRestitution
        shapeDef.density = 0
        shapeDef.filter = behavior.boundaryFilter
        shapeDef.userData = 1 << 63
        // One mass computation per chain (a wavy floor of 8000 segments was quadratic with one per segment).
        for polyline in polylines where polyline.points.count >= 2 {
            let points = polyline.points.map { Vec2($0) }
            for result in world.createChain(on: body, points: points, loop: polyline.isClosed, shapeDef) {
                if case .success(let shape) = result { shapeOwners[shape] = .boundary(behavior, identifier) }
            }
        }
        return body
    }

    /// Destroys a boundary body; its segments' end events are still delivered.
    func destroyBoundaryBody(_ body: BodyID) {
        for shape in world.shapes(of: body) {
            if let owner = shapeOwners.removeValue(forKey: shape) { retiredShapeOwners[shape] = (owner, ticks) }
        }
        world.destroyBody(body)
    }

    // MARK: Item properties

    /// Pushes the properties marked in `flags` to a record's body.
    func apply(_ p: ItemProperties, _ flags: ItemProperties.Flags, to record: ItemRecord) {
        if flags.contains(.charge) { record.charge = p.charge }
        guard let body = record.body, !record.shapes.isEmpty else { return }
        if flags.contains(.charge) { world.setCharge(body, Double(p.charge)) }
        for shape in record.shapes {
            // Negative elasticity and friction are kept by the behaviour but act as 0 (see DynamicItemBehavior).
            if flags.contains(.elasticity) { world.setRestitution(shape, Swift.max(0, Double(p.elasticity))) }
            if flags.contains(.friction) { world.setFriction(shape, Swift.max(0, Double(p.friction))) }
            if flags.contains(.density) { world.setDensity(shape, Double(p.density) * Self.densityScale) }
        }
        if flags.contains(.resistance) { world.setLinearDamping(body, Double(p.resistance)) }
        if flags.contains(.angularResistance) {
            world.setAngularDamping(body, Double(p.angularResistance))
            record.spinsUp = p.angularResistance < 0
        }
        if flags.contains(.allowsRotation) { world.setFixedRotation(body, !p.allowsRotation) }
        if flags.contains(.isAnchored) {
            let type: BodyType = p.isAnchored ? .static : .dynamic
            if world.type(of: body) != type { world.setType(body, type) }
        }
    }

    /// Restores the body defaults an item behaviour had changed (not charge, not anchoring).
    func resetItemProperties(_ record: ItemRecord) {
        apply(.bodyDefaults, .resettable, to: record)
    }

    /// Re-applies every item behaviour's marked properties in traversal order, so the last marked wins.
    func applyItemPropertiesIfNeeded() {
        guard itemPropertiesNeedUpdate else { return }
        itemPropertiesNeedUpdate = false
        for case let b as DynamicItemBehavior in traversal() { b.applyMarkedProperties(in: self) }
    }
}
