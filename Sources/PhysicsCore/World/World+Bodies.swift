/// Creating, destroying and driving bodies. Every entry point refuses non-finite input and stale handles: the
/// call returns false (or nil) and the world is unchanged.
extension World {
    /// The most bodies a world holds at once: 2²⁴ (16 777 216). The contact solver names its bodies by 32-bit byte
    /// offsets, the slot times 32, and the parallel solve's slots run to about twice the body count.
    public static let maximumBodyCount = 1 << 24

    /// Creates a body. Returns nil when the definition holds a non-finite value, or when the world already holds
    /// `maximumBodyCount` bodies.
    public mutating func createBody(_ def: BodyDefinition) -> BodyID? {
        guard def.position.isFinite, def.angle.isFinite, def.linearVelocity.isFinite, def.angularVelocity.isFinite,
            def.linearDamping.isFinite, def.angularDamping.isFinite, def.gravityScale.isFinite
        else { return nil }
        guard !freeBodies.isEmpty || bodies.count < bodyLimit else { return nil }
        let index: Int32
        if let free = freeBodies.popLast() {
            index = free
        } else {
            index = Int32(bodies.count)
            bodies.append(Body())
            states.append(BodyState())
        }
        var b = Body()
        b.generation = bodies[Int(index)].generation &+ 1
        b.isAlive = true
        b.type = def.type
        b.transform = Transform(p: def.position, q: Rotation(angle: def.angle))
        b.angle = def.angle
        b.center = def.position
        b.center0 = def.position
        b.rotation0 = b.transform.q
        b.linearDamping = def.linearDamping
        b.angularDamping = def.angularDamping
        b.gravityScale = def.gravityScale
        b.fixedRotation = def.fixedRotation
        b.isBullet = def.isBullet
        b.allowSleep = def.allowSleep
        b.userData = def.userData
        b.isAwake = def.type != .static
        bodies[Int(index)] = b
        var s = BodyState()
        if def.type != .static {
            s.v = def.linearVelocity
            s.w = def.fixedRotation ? 0 : def.angularVelocity
        }
        states[Int(index)] = s
        return BodyID(index: index, generation: b.generation)
    }

    /// Destroys a body, its shapes and its contacts (touching contacts report an end event). False for a stale id.
    @discardableResult
    public mutating func destroyBody(_ id: BodyID) -> Bool {
        guard isValid(id) else { return false }
        wakeIsland(of: id.index)
        destroyJoints(ofBody: id.index)
        var s = bodies[Int(id.index)].firstShape
        while s != -1 {
            let next = shapes[Int(s)].nextOnBody
            destroyShapeInternal(s)
            s = next
        }
        bodies[Int(id.index)].isAlive = false
        bodies[Int(id.index)].firstShape = -1
        bodies[Int(id.index)].shapeCount = 0
        states[Int(id.index)] = BodyState()
        freeBodies.append(id.index)
        return true
    }

    /// Body type.
    public func type(of id: BodyID) -> BodyType? { isValid(id) ? bodies[Int(id.index)].type : nil }

    /// Changes the body type (static ↔ dynamic for anchored items). Velocity is zeroed; contacts are rebuilt.
    @discardableResult
    public mutating func setType(_ id: BodyID, _ type: BodyType) -> Bool {
        guard isValid(id) else { return false }
        let i = Int(id.index)
        if bodies[i].type == type { return true }
        wakeIsland(of: id.index)
        bodies[i].type = type
        // At rest and with no step motion: a static body's state is never restarted by a step (only awake bodies'
        // are), and joints read its step motion (a kinematic anchor made static kept the last step's, and the
        // item pinned to it went on moving by it every step).
        states[i] = BodyState()
        // Re-create proxies in the right tree and drop the body's contacts; pairs are found again next step.
        var s = bodies[i].firstShape
        while s != -1 {
            destroyProxy(s)
            destroyContacts(ofShape: s)
            createProxy(s)
            s = shapes[Int(s)].nextOnBody
        }
        bodies[i].isAwake = type != .static
        bodies[i].sleepTime = 0
        updateMass(id.index)
        return true
    }

    /// Position of the body origin, pt.
    public func position(of id: BodyID) -> Vec2? { isValid(id) ? bodies[Int(id.index)].transform.p : nil }
    /// Rotation angle, radians (continuous, not wrapped).
    public func angle(of id: BodyID) -> Double? { isValid(id) ? bodies[Int(id.index)].angle : nil }
    /// Body-origin transform.
    public func transform(of id: BodyID) -> Transform? { isValid(id) ? bodies[Int(id.index)].transform : nil }
    /// World centre of mass, pt.
    public func worldCenterOfMass(of id: BodyID) -> Vec2? { isValid(id) ? bodies[Int(id.index)].center : nil }
    /// Velocity of the centre of mass, pt/s.
    public func linearVelocity(of id: BodyID) -> Vec2? { isValid(id) ? states[Int(id.index)].v : nil }
    /// Angular velocity, rad/s.
    public func angularVelocity(of id: BodyID) -> Double? { isValid(id) ? states[Int(id.index)].w : nil }
    /// Mass (density × area summed over shapes).
    public func mass(of id: BodyID) -> Double? { isValid(id) ? bodies[Int(id.index)].mass : nil }
    /// Rotational inertia about the centre of mass.
    public func inertia(of id: BodyID) -> Double? { isValid(id) ? bodies[Int(id.index)].inertia : nil }
    /// 1 / inertia, what the solver turns torques into spin with; 0 when the rotation is fixed (`setFixedRotation`)
    /// or the body is not dynamic.
    public func inverseInertia(of id: BodyID) -> Double? { isValid(id) ? bodies[Int(id.index)].invInertia : nil }
    /// Whether the body is awake.
    public func isAwake(_ id: BodyID) -> Bool? { isValid(id) ? bodies[Int(id.index)].isAwake : nil }
    /// Owner's tag.
    public func userData(of id: BodyID) -> UInt64? { isValid(id) ? bodies[Int(id.index)].userData : nil }

    /// Teleports the body (origin and angle). Wakes it; velocity is kept.
    @discardableResult
    public mutating func setTransform(_ id: BodyID, position: Vec2, angle: Double) -> Bool {
        guard isValid(id), position.isFinite, angle.isFinite else { return false }
        let i = Int(id.index)
        let q = Rotation(angle: angle)
        bodies[i].transform = Transform(p: position, q: q)
        bodies[i].angle = angle
        bodies[i].center = bodies[i].transform.apply(bodies[i].localCenter)
        bodies[i].center0 = bodies[i].center
        bodies[i].rotation0 = q
        wakeIsland(of: id.index)
        refreshProxies(id.index, margin: settings.aabbMargin, dt: 0, forceMove: true)
        // Placed with no sweep: a body teleported while moving is swept before the next step looks for pairs.
        if states[i].isMoving { noteVelocityChange(id.index) }
        if bodies[i].type == .static { wakeBodiesNear(staticBody: id.index) }
        return true
    }

    /// Wakes the bodies a static body touched before it was moved and those its shapes' boxes now reach: a static
    /// body moved from under sleeping bodies, or into them, must not leave them asleep (`wakeIsland` passes over
    /// static bodies, and the narrow phase skips a pair with no awake body).
    private mutating func wakeBodiesNear(staticBody body: Int32) {
        var near: [Int32] = []
        for c in contacts where c.bodyA == body || c.bodyB == body { near.append(c.bodyA == body ? c.bodyB : c.bodyA) }
        for b in near { wakeIsland(of: b) }
        var s = bodies[Int(body)].firstShape
        while s != -1 {
            wakeBodiesReached(byStaticShape: s)
            s = shapes[Int(s)].nextOnBody
        }
    }

    /// Sets the velocity of the centre of mass, pt/s. Wakes the body when non-zero.
    @discardableResult
    public mutating func setLinearVelocity(_ id: BodyID, _ v: Vec2) -> Bool {
        guard isValid(id), v.isFinite else { return false }
        let i = Int(id.index)
        if bodies[i].type == .static { return true }
        if v.lengthSquared > 0 {
            wakeIsland(of: id.index)
            noteVelocityChange(id.index)
        }
        states[i].v = v
        return true
    }

    /// Sets the angular velocity, rad/s. Ignored (kept 0) for fixed-rotation bodies.
    @discardableResult
    public mutating func setAngularVelocity(_ id: BodyID, _ w: Double) -> Bool {
        guard isValid(id), w.isFinite else { return false }
        let i = Int(id.index)
        if bodies[i].type == .static { return true }
        if w != 0 {
            wakeIsland(of: id.index)
            noteVelocityChange(id.index)
        }
        states[i].w = bodies[i].fixedRotation && bodies[i].type == .dynamic ? 0 : w
        return true
    }

    /// Adds a force (mass·pt/s²) at a world point for the next step (acts in every sub-step, then is cleared).
    @discardableResult
    public mutating func applyForce(_ id: BodyID, _ force: Vec2, at point: Vec2, wake: Bool = true) -> Bool {
        guard isValid(id), force.isFinite, point.isFinite else { return false }
        let i = Int(id.index)
        guard bodies[i].type == .dynamic else { return true }
        if wake { wakeIsland(of: id.index) }
        guard bodies[i].isAwake else { return true }
        bodies[i].force += force
        bodies[i].torque += cross(point - bodies[i].center, force)
        return true
    }

    /// Adds a force at the centre of mass for the next step.
    @discardableResult
    public mutating func applyForceToCenter(_ id: BodyID, _ force: Vec2, wake: Bool = true) -> Bool {
        guard isValid(id) else { return false }
        return applyForce(id, force, at: bodies[Int(id.index)].center, wake: wake)
    }

    /// Adds a torque for the next step.
    @discardableResult
    public mutating func applyTorque(_ id: BodyID, _ torque: Double, wake: Bool = true) -> Bool {
        guard isValid(id), torque.isFinite else { return false }
        let i = Int(id.index)
        guard bodies[i].type == .dynamic else { return true }
        if wake { wakeIsland(of: id.index) }
        if bodies[i].isAwake { bodies[i].torque += torque }
        return true
    }

    /// Applies an impulse (mass·pt/s) at a world point: Δv = J / m, Δω = (r × J) / I.
    @discardableResult
    public mutating func applyLinearImpulse(_ id: BodyID, _ impulse: Vec2, at point: Vec2, wake: Bool = true) -> Bool {
        guard isValid(id), impulse.isFinite, point.isFinite else { return false }
        let i = Int(id.index)
        guard bodies[i].type == .dynamic else { return true }
        if wake { wakeIsland(of: id.index) }
        guard bodies[i].isAwake else { return true }
        states[i].v += bodies[i].invMass * impulse
        states[i].w += bodies[i].invInertia * cross(point - bodies[i].center, impulse)
        noteVelocityChange(id.index)
        return true
    }

    /// Applies at world point `point` the impulse that gives that point of the body velocity `velocity` (pt/s), as a
    /// rigid joint to something moving at `velocity` would: the whole point velocity, or with `axis` (unit) only its
    /// component along the axis, as a rigid rod along it would. The body keeps the rest of its motion, its turn about
    /// the point included. Returns false for a stale handle or a non-finite value; nothing for a non-dynamic body.
    @discardableResult
    public mutating func matchPointVelocity(
        _ id: BodyID, at point: Vec2, to velocity: Vec2, along axis: Vec2? = nil
    ) -> Bool {
        guard isValid(id), point.isFinite, velocity.isFinite, axis?.isFinite ?? true else { return false }
        let i = Int(id.index)
        guard bodies[i].type == .dynamic else { return true }
        let invMass = bodies[i].invMass, invInertia = bodies[i].invInertia
        let r = point - bodies[i].center
        // What the point must gain: the target velocity less its own.
        let gap = velocity - (states[i].v + cross(states[i].w, r))
        let impulse: Vec2
        if let axis {
            let arm = cross(r, axis)
            let k = invMass + invInertia * arm * arm
            guard k > 0 else { return true }
            impulse = (dot(gap, axis) / k) * axis
        } else {
            // The point's effective mass, inverted: K = (1/m)·1 + (1/I)·[r]ₓᵀ[r]ₓ.
            let k11 = invMass + invInertia * r.y * r.y, k22 = invMass + invInertia * r.x * r.x
            let k12 = -invInertia * r.x * r.y
            let det = k11 * k22 - k12 * k12
            guard det > 0 else { return true }
            impulse = Vec2((k22 * gap.x - k12 * gap.y) / det, (k11 * gap.y - k12 * gap.x) / det)
        }
        return applyLinearImpulse(id, impulse, at: point)
    }

    /// Applies an angular impulse: Δω = L / I.
    @discardableResult
    public mutating func applyAngularImpulse(_ id: BodyID, _ impulse: Double, wake: Bool = true) -> Bool {
        guard isValid(id), impulse.isFinite else { return false }
        let i = Int(id.index)
        guard bodies[i].type == .dynamic else { return true }
        if wake { wakeIsland(of: id.index) }
        if bodies[i].isAwake {
            states[i].w += bodies[i].invInertia * impulse
            noteVelocityChange(id.index)
        }
        return true
    }

    /// Linear damping rate, 1/s (finite; negative speeds the body up, as UIKit lets a negative resistance do — the
    /// caller keeps 1 + h·c > 0).
    @discardableResult
    public mutating func setLinearDamping(_ id: BodyID, _ c: Double) -> Bool {
        guard isValid(id), c.isFinite else { return false }
        bodies[Int(id.index)].linearDamping = c
        return true
    }

    /// Angular damping rate, 1/s (finite; negative speeds the spin up — the caller keeps 1 + h·c > 0).
    @discardableResult
    public mutating func setAngularDamping(_ id: BodyID, _ c: Double) -> Bool {
        guard isValid(id), c.isFinite else { return false }
        bodies[Int(id.index)].angularDamping = c
        return true
    }

    /// Multiplier of world gravity for this body (finite).
    @discardableResult
    public mutating func setGravityScale(_ id: BodyID, _ scale: Double) -> Bool {
        guard isValid(id), scale.isFinite else { return false }
        if bodies[Int(id.index)].gravityScale != scale {
            bodies[Int(id.index)].gravityScale = scale
            if scale != 0 { wakeIsland(of: id.index) }
        }
        return true
    }

    /// Gravity multiplier of the body.
    public func gravityScale(of id: BodyID) -> Double? { isValid(id) ? bodies[Int(id.index)].gravityScale : nil }
    /// Linear damping rate of the body, 1/s.
    public func linearDamping(of id: BodyID) -> Double? { isValid(id) ? bodies[Int(id.index)].linearDamping : nil }
    /// Angular damping rate of the body, 1/s.
    public func angularDamping(of id: BodyID) -> Double? { isValid(id) ? bodies[Int(id.index)].angularDamping : nil }

    /// Fixed rotation: infinite inertia. An existing spin is kept (as in UIKit) unless `stopSpin`. A change wakes the
    /// body's island (a box held upright on an edge tips once it may turn).
    @discardableResult
    public mutating func setFixedRotation(_ id: BodyID, _ fixed: Bool, stopSpin: Bool = false) -> Bool {
        guard isValid(id) else { return false }
        if bodies[Int(id.index)].fixedRotation != fixed { wakeIsland(of: id.index) }
        bodies[Int(id.index)].fixedRotation = fixed
        if stopSpin { states[Int(id.index)].w = 0 }
        updateMass(id.index)
        return true
    }

    /// Marks the body for continuous collision even when slow.
    @discardableResult
    public mutating func setBullet(_ id: BodyID, _ flag: Bool) -> Bool {
        guard isValid(id) else { return false }
        bodies[Int(id.index)].isBullet = flag
        return true
    }

    /// Wakes the body and its island. False for a stale id.
    @discardableResult
    public mutating func wake(_ id: BodyID) -> Bool {
        guard isValid(id) else { return false }
        wakeIsland(of: id.index)
        return true
    }

    /// Recomputes mass, centre of mass and inertia from the shapes (density × area). Keeps the origin in place.
    package mutating func updateMass(_ index: Int32) {
        massUpdateCount &+= 1
        let i = Int(index)
        var mass = 0.0, inertiaAtOrigin = 0.0
        var weighted = Vec2.zero
        var s = bodies[i].firstShape
        while s != -1 {
            // The density read first: a closure that reads `self` here made a copy of the whole world (a retain
            // and a release of each of its arrays) for every shape of every body made.
            let density = shapes[Int(s)].density
            let mp = withView(of: s) { massProperties($0, density: density) }
            mass += mp.mass
            weighted += mp.mass * mp.center
            inertiaAtOrigin += mp.inertia + mp.mass * mp.center.lengthSquared
            s = shapes[Int(s)].nextOnBody
        }
        var localCenter = Vec2.zero
        if mass > 0 { localCenter = weighted / mass }
        var inertia = inertiaAtOrigin - mass * localCenter.lengthSquared
        if inertia < 0 { inertia = 0 }
        bodies[i].mass = mass
        bodies[i].inertia = inertia
        if bodies[i].type == .dynamic {
            bodies[i].invMass = mass > 0 ? 1 / mass : 1
            if mass <= 0 { bodies[i].mass = 1 }
            bodies[i].invInertia = (bodies[i].fixedRotation || inertia <= 0) ? 0 : 1 / inertia
        } else {
            bodies[i].invMass = 0
            bodies[i].invInertia = 0
        }
        let oldCenter = bodies[i].center
        bodies[i].localCenter = localCenter
        bodies[i].center = bodies[i].transform.apply(localCenter)
        bodies[i].center0 = bodies[i].center
        // Keep the velocity of the origin: v_new = v_old + ω × (c_new − c_old).
        states[i].v += cross(states[i].w, bodies[i].center - oldCenter)
        updateExtents(index)
    }

    /// Smallest and largest surface distance from the centre of mass (for continuous collision).
    package mutating func updateExtents(_ index: Int32) {
        let i = Int(index)
        var minExtent = Double.greatestFiniteMagnitude, maxExtent = 0.0
        var s = bodies[i].firstShape
        let lc = bodies[i].localCenter
        while s != -1 {
            let g = shapes[Int(s)].geometry
            switch g.kind {
            case .circle:
                minExtent = Swift.min(minExtent, g.radius)
                maxExtent = Swift.max(maxExtent, (g.center - lc).length + g.radius)
            case .ellipse:
                minExtent = Swift.min(minExtent, Swift.min(g.radii.x, g.radii.y))
                maxExtent = Swift.max(maxExtent, (g.center - lc).length + Swift.max(g.radii.x, g.radii.y))
            case .polygon:
                var inner = Double.greatestFiniteMagnitude
                for k in 0..<Int(g.vertexCount) {
                    let v = vertexPool[Int(g.vertexStart) + k]
                    let n = normalPool[Int(g.vertexStart) + k]
                    inner = Swift.min(inner, dot(n, v - g.center))
                    maxExtent = Swift.max(maxExtent, (v - lc).length)
                }
                minExtent = Swift.min(minExtent, inner)
            case .segment:
                minExtent = 0
                maxExtent = Swift.max(maxExtent, Swift.max((g.p1 - lc).length, (g.p2 - lc).length))
            }
            s = shapes[Int(s)].nextOnBody
        }
        bodies[i].minExtent = minExtent == Double.greatestFiniteMagnitude ? 0 : minExtent
        bodies[i].maxExtent = maxExtent
    }
}
