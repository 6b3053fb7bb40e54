/// Why a shape could not be created.
public enum ShapeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body handle is stale or destroyed.
    case invalidBody
    /// A value was NaN or infinite; names the field.
    case nonFinite(String)
    /// A size, radius or density was zero or negative where it must be positive; names the field.
    case nonPositive(String)
    /// The polygon was rejected.
    case badPolygon(String)
    /// Segments are only allowed on static bodies, and must have two distinct ends.
    case badSegment

    public var description: String {
        switch self {
        case .invalidBody: "the body does not exist (stale or destroyed handle)"
        case .nonFinite(let f): "\(f) is not finite"
        case .nonPositive(let f): "\(f) must be positive"
        case .badPolygon(let p): "invalid polygon: \(p)"
        case .badSegment: "a segment needs two distinct finite ends and a static body"
        }
    }
}

extension World {
    /// Adds a circle of `radius` pt centred at `center` (body frame).
    public mutating func createCircle(
        on body: BodyID, center: Vec2 = .zero, radius: Double,
        _ def: ShapeDefinition = ShapeDefinition()
    ) -> Result<ShapeID, ShapeError> {
        guard center.isFinite else { return .failure(.nonFinite("center")) }
        guard radius.isFinite else { return .failure(.nonFinite("radius")) }
        guard radius > 0 else { return .failure(.nonPositive("radius")) }
        return addShape(on: body, .circle(center: center, radius: radius), def)
    }

    /// Adds an exact ellipse with semi-axes `radii` along the body's x and y, centred at `center` (body frame).
    public mutating func createEllipse(
        on body: BodyID, center: Vec2 = .zero, radii: Vec2,
        _ def: ShapeDefinition = ShapeDefinition()
    ) -> Result<ShapeID, ShapeError> {
        guard center.isFinite else { return .failure(.nonFinite("center")) }
        guard radii.isFinite else { return .failure(.nonFinite("radii")) }
        guard radii.x > 0, radii.y > 0 else { return .failure(.nonPositive("radii")) }
        if radii.x == radii.y { return addShape(on: body, .circle(center: center, radius: radii.x), def) }
        return addShape(on: body, .ellipse(center: center, radii: radii), def)
    }

    /// Adds a box of half extents `halfWidth` × `halfHeight` pt, centred at `center`, turned by `angle` (body frame).
    public mutating func createBox(
        on body: BodyID, halfWidth: Double, halfHeight: Double, center: Vec2 = .zero,
        angle: Double = 0, _ def: ShapeDefinition = ShapeDefinition()
    ) -> Result<ShapeID, ShapeError> {
        guard halfWidth.isFinite, halfHeight.isFinite else { return .failure(.nonFinite("half extents")) }
        guard halfWidth > 0, halfHeight > 0 else { return .failure(.nonPositive("half extents")) }
        guard center.isFinite, angle.isFinite else { return .failure(.nonFinite("center/angle")) }
        return createPolygon(
            on: body,
            vertices: boxVertices(
                halfWidth: halfWidth, halfHeight: halfHeight,
                center: center, angle: angle), def)
    }

    /// Adds a convex polygon (body frame). Clockwise input is reversed; non-convex, degenerate or non-finite input
    /// is refused.
    public mutating func createPolygon(
        on body: BodyID, vertices: [Vec2],
        _ def: ShapeDefinition = ShapeDefinition()
    ) -> Result<ShapeID, ShapeError> {
        switch makeConvexPolygon(vertices) {
        case .failure(let p):
            return .failure(.badPolygon("\(p)"))
        case .success(let poly):
            guard isValid(body) else { return .failure(.invalidBody) }
            let start = Int32(vertexPool.count)
            vertexPool.append(contentsOf: poly.vertices)
            normalPool.append(contentsOf: polygonNormals(poly.vertices))
            let g = ShapeGeometry.polygon(
                centroid: polygonCentroid(poly.vertices), vertexStart: start,
                vertexCount: Int32(poly.vertices.count))
            return addShape(on: body, g, def)
        }
    }

    /// Adds a two-sided segment (static bodies only), body frame.
    public mutating func createSegment(
        on body: BodyID, from p1: Vec2, to p2: Vec2,
        _ def: ShapeDefinition = ShapeDefinition()
    ) -> Result<ShapeID, ShapeError> {
        guard p1.isFinite, p2.isFinite, (p2 - p1).lengthSquared > 1e-12 else { return .failure(.badSegment) }
        guard isValid(body) else { return .failure(.invalidBody) }
        guard bodies[Int(body.index)].type == .static else { return .failure(.badSegment) }
        return addShape(on: body, .segment(p1, p2), def)
    }

    /// Adds one two-sided segment per pair of `segments` (static bodies only, body frame) and computes the body's
    /// mass once for all of them, so a boundary of n segments is built in O(n log n) (the tree insertions) rather
    /// than O(n²). Each pair gets its own result, in order; a refused pair (non-finite or coincident ends) does not
    /// stop the others.
    public mutating func createSegments(
        on body: BodyID, _ segments: [(Vec2, Vec2)],
        _ def: ShapeDefinition = ShapeDefinition()
    ) -> [Result<ShapeID, ShapeError>] {
        guard isValid(body) else { return segments.map { _ in .failure(.invalidBody) } }
        guard bodies[Int(body.index)].type == .static else { return segments.map { _ in .failure(.badSegment) } }
        var out: [Result<ShapeID, ShapeError>] = []
        out.reserveCapacity(segments.count)
        var added = false
        for (p1, p2) in segments {
            guard p1.isFinite, p2.isFinite, (p2 - p1).lengthSquared > 1e-12 else {
                out.append(.failure(.badSegment))
                continue
            }
            let r = addShape(on: body, .segment(p1, p2), def, updatingMass: false)
            if case .success = r { added = true }
            out.append(r)
        }
        if added { updateMass(body.index) }
        return out
    }

    /// Adds a smooth polyline of two-sided segments through `points` (static bodies only, body frame), closed back
    /// to the first point when `loop`, and returns one result per segment, in order.
    ///
    /// Each segment knows its neighbours' far vertices (`ShapeGeometry.ghost1`, `ghost2`), so a shape sliding along
    /// the chain crosses its inner vertices as if the surface were one piece: a box gliding over the joint of two
    /// collinear segments is not caught by the next segment's end (it was, without them: a 40-pt box sliding at
    /// 600 pt/s over a floor of 20-pt segments hopped 24 pt and stopped within 0.4 s), while a true corner still
    /// collides as one. This is what UIKit's boundaries are (Box2D edge chains). Consecutive points less than
    /// 10⁻⁶ pt apart count as one; a non-finite point refuses the whole chain (`.failure(.badSegment)` for each
    /// segment it would have had), as do fewer than two distinct points.
    public mutating func createChain(
        on body: BodyID, points: [Vec2], loop: Bool, _ def: ShapeDefinition = ShapeDefinition()
    ) -> [Result<ShapeID, ShapeError>] {
        guard points.allSatisfy(\.isFinite) else {
            return Array(repeating: .failure(.badSegment), count: Swift.max(points.count - (loop ? 0 : 1), 1))
        }
        var pts: [Vec2] = []
        pts.reserveCapacity(points.count)
        for p in points where pts.last.map({ (p - $0).lengthSquared > 1e-12 }) ?? true { pts.append(p) }
        if loop, pts.count > 2, let first = pts.first, let last = pts.last, (last - first).lengthSquared <= 1e-12 {
            pts.removeLast()
        }
        let closed = loop && pts.count > 2
        let count = closed ? pts.count : pts.count - 1
        guard isValid(body) else { return Array(repeating: .failure(.invalidBody), count: Swift.max(count, 1)) }
        guard bodies[Int(body.index)].type == .static, pts.count >= 2 else {
            return Array(repeating: .failure(.badSegment), count: Swift.max(count, 1))
        }
        let n = pts.count
        var out: [Result<ShapeID, ShapeError>] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let p1 = pts[i], p2 = pts[(i + 1) % n]
            let before: Vec2? = closed ? pts[(i + n - 1) % n] : (i > 0 ? pts[i - 1] : nil)
            let after: Vec2? = closed ? pts[(i + 2) % n] : (i + 2 < n ? pts[i + 2] : nil)
            out.append(
                addShape(on: body, .segment(p1, p2, ghost1: before, ghost2: after), def, updatingMass: false))
        }
        updateMass(body.index)
        return out
    }

    /// Links a new shape to `body`; `updatingMass` false leaves the mass to the caller (batch building).
    private mutating func addShape(
        on body: BodyID, _ geometry: ShapeGeometry, _ def: ShapeDefinition,
        updatingMass: Bool = true
    ) -> Result<ShapeID, ShapeError> {
        guard isValid(body) else { return .failure(.invalidBody) }
        guard def.friction.isFinite, def.restitution.isFinite, def.density.isFinite else {
            return .failure(.nonFinite("material"))
        }
        guard def.friction >= 0 else { return .failure(.nonPositive("friction")) }
        guard def.restitution >= 0 else { return .failure(.nonPositive("restitution")) }
        guard def.density >= 0 else { return .failure(.nonPositive("density")) }
        let index: Int32
        if let free = freeShapes.popLast() {
            index = free
        } else {
            index = Int32(shapes.count)
            shapes.append(Shape(geometry: geometry))
        }
        var s = Shape(geometry: geometry)
        s.generation = shapes[Int(index)].generation &+ 1
        s.isAlive = true
        s.body = body.index
        s.friction = def.friction
        s.restitution = def.restitution
        s.density = def.density
        s.filter = def.filter
        s.enableContactEvents = def.enableContactEvents
        s.userData = def.userData
        s.nextOnBody = bodies[Int(body.index)].firstShape
        shapes[Int(index)] = s
        bodies[Int(body.index)].firstShape = index
        bodies[Int(body.index)].shapeCount += 1
        createProxy(index)
        if updatingMass { updateMass(body.index) }
        // A new shape changes its body's weight and reach: a sleeping body wakes (its new shape may overlap a
        // neighbour or the ground), and a new static shape wakes the sleepers it overlaps.
        if bodies[Int(body.index)].type == .static {
            wakeBodiesReached(byStaticShape: index)
        } else {
            wakeIsland(of: body.index)
        }
        return .success(ShapeID(index: index, generation: s.generation))
    }

    /// Removes a shape; its touching contacts report an end event.
    @discardableResult
    public mutating func destroyShape(_ id: ShapeID) -> Bool {
        guard isValid(id) else { return false }
        let body = shapes[Int(id.index)].body
        wakeIsland(of: body)
        // Unlink from the body's list.
        var prev: Int32 = -1
        var s = bodies[Int(body)].firstShape
        while s != -1 && s != id.index {
            prev = s
            s = shapes[Int(s)].nextOnBody
        }
        let next = shapes[Int(id.index)].nextOnBody
        if prev == -1 { bodies[Int(body)].firstShape = next } else { shapes[Int(prev)].nextOnBody = next }
        bodies[Int(body)].shapeCount -= 1
        destroyShapeInternal(id.index)
        updateMass(body)
        return true
    }

    package mutating func destroyShapeInternal(_ index: Int32) {
        destroyProxy(index)
        destroyContacts(ofShape: index)
        shapes[Int(index)].isAlive = false
        shapes[Int(index)].nextOnBody = -1
        freeShapes.append(index)
    }

    /// Friction coefficient (≥ 0). Applies to contacts from the next step. A change wakes the bodies resting on
    /// the shape or with it (`wakeBodiesTouching`): a box asleep on a slope slides once the slope is made slippery.
    @discardableResult
    public mutating func setFriction(_ id: ShapeID, _ f: Double) -> Bool {
        guard isValid(id), f.isFinite, f >= 0 else { return false }
        if shapes[Int(id.index)].friction != f { wakeBodiesTouching(shape: id.index) }
        shapes[Int(id.index)].friction = f
        remixMaterials(of: id.index)
        return true
    }

    /// Restitution (≥ 0). Applies to contacts from the next step. Sleeping bodies stay asleep: restitution acts only
    /// when bodies approach.
    @discardableResult
    public mutating func setRestitution(_ id: ShapeID, _ e: Double) -> Bool {
        guard isValid(id), e.isFinite, e >= 0 else { return false }
        shapes[Int(id.index)].restitution = e
        remixMaterials(of: id.index)
        return true
    }

    /// Density (≥ 0); recomputes the body's mass. A change wakes the body's island (a balanced plank tips once one
    /// end is made heavier).
    @discardableResult
    public mutating func setDensity(_ id: ShapeID, _ d: Double) -> Bool {
        guard isValid(id), d.isFinite, d >= 0 else { return false }
        if shapes[Int(id.index)].density != d { wakeIsland(of: shapes[Int(id.index)].body) }
        shapes[Int(id.index)].density = d
        updateMass(shapes[Int(id.index)].body)
        return true
    }

    /// Collision filter; existing contacts are re-evaluated next step.
    @discardableResult
    public mutating func setFilter(_ id: ShapeID, _ filter: CollisionFilter) -> Bool {
        guard isValid(id) else { return false }
        let wasInert = shapes[Int(id.index)].filter.isInert
        shapes[Int(id.index)].filter = filter
        if wasInert != filter.isInert && bodies[Int(shapes[Int(id.index)].body)].type != .static {
            destroyProxy(id.index)
            createProxy(id.index)
        }
        destroyContacts(ofShape: id.index)
        wakeIsland(of: shapes[Int(id.index)].body)
        // Force new pair search for this shape.
        let i = Int(id.index)
        if shapes[i].proxy != -1 { moveBuffer.append(id.index) }
        return true
    }

    /// Material of a shape.
    public func material(of id: ShapeID) -> (friction: Double, restitution: Double, density: Double)? {
        guard isValid(id) else { return nil }
        let s = shapes[Int(id.index)]
        return (s.friction, s.restitution, s.density)
    }

    /// Filter of a shape.
    public func filter(of id: ShapeID) -> CollisionFilter? { isValid(id) ? shapes[Int(id.index)].filter : nil }
    /// Owner's tag of a shape.
    public func userData(of id: ShapeID) -> UInt64? { isValid(id) ? shapes[Int(id.index)].userData : nil }
    /// Body of a shape.
    public func body(of id: ShapeID) -> BodyID? { isValid(id) ? bodyID(shapes[Int(id.index)].body) : nil }
    /// Shapes of a body, newest first.
    public func shapes(of id: BodyID) -> [ShapeID] {
        guard isValid(id) else { return [] }
        var out: [ShapeID] = []
        var s = bodies[Int(id.index)].firstShape
        while s != -1 {
            out.append(shapeID(s))
            s = shapes[Int(s)].nextOnBody
        }
        return out
    }

    private mutating func remixMaterials(of shape: Int32) {
        for k in contacts.indices where contacts[k].shapeA == shape || contacts[k].shapeB == shape {
            let a = shapes[Int(contacts[k].shapeA)], b = shapes[Int(contacts[k].shapeB)]
            contacts[k].friction = Contact.mixedFriction(a.friction, b.friction)
            contacts[k].restitution = Contact.mixedRestitution(a.restitution, b.restitution)
        }
    }
}
