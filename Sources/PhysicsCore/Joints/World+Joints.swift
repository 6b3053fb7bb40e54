/// Creating, destroying, tuning and reading joints. Every entry point refuses invalid input and stale handles:
/// the call returns nil / false and the world is unchanged.
extension World {
    /// Creates a joint. Returns nil when a handle is stale, both bodies are the same or neither is dynamic, or
    /// the definition has a `problem`. Wakes both bodies. Unless `collideConnected`, contacts between the two
    /// bodies are dropped and no new ones are made while the joint exists.
    public mutating func createJoint(_ def: JointDefinition) -> JointID? {
        guard isValid(def.bodyA), isValid(def.bodyB), def.bodyA != def.bodyB, def.problem == nil else { return nil }
        let ia = def.bodyA.index, ib = def.bodyB.index
        guard bodies[Int(ia)].type == .dynamic || bodies[Int(ib)].type == .dynamic else { return nil }
        let index: Int32
        if let free = freeJoints.popLast() {
            index = free
        } else {
            index = Int32(joints.count)
            joints.append(Joint())
        }
        var j = Joint()
        j.generation = joints[Int(index)].generation &+ 1
        j.isAlive = true
        j.kind = def.kind
        j.bodyA = ia
        j.bodyB = ib
        j.localAnchorA = bodies[Int(ia)].transform.invApply(def.anchorA)
        j.localAnchorB = bodies[Int(ib)].transform.invApply(def.anchorB)
        j.collideConnected = def.collideConnected
        j.length = def.length
        j.minLength = def.minLength
        j.maxLength = def.maxLength
        j.enableSpring = def.enableSpring
        j.enableLimit = def.enableLimit
        j.hertz = def.hertz
        j.dampingRatio = def.dampingRatio
        j.lower = def.lower
        j.upper = def.upper
        j.enableMotor = def.enableMotor
        j.motorSpeed = def.motorSpeed
        j.maxMotorTorque = def.maxMotorTorque
        j.angularHertz = def.angularHertz
        j.userData = def.userData
        j.referenceAngle = bodies[Int(ib)].angle - bodies[Int(ia)].angle
        if def.kind == .prismatic { j.localAxisA = bodies[Int(ia)].transform.q.invRotate(def.axis.normalized) }
        j.nextOnA = bodies[Int(ia)].firstJoint
        j.nextOnB = bodies[Int(ib)].firstJoint
        joints[Int(index)] = j
        jointParameterVersion &+= 1
        bodies[Int(ia)].firstJoint = index
        bodies[Int(ia)].jointCount += 1
        bodies[Int(ib)].firstJoint = index
        bodies[Int(ib)].jointCount += 1
        wakeIsland(of: ia)
        wakeIsland(of: ib)
        if !def.collideConnected { destroyContacts(between: ia, ib) }
        return JointID(index: index, generation: j.generation)
    }

    /// Destroys a joint. The two bodies may collide again from the next step. False for a stale handle.
    @discardableResult
    public mutating func destroyJoint(_ id: JointID) -> Bool {
        guard isValid(id) else { return false }
        destroyJointInternal(id.index)
        return true
    }

    package mutating func destroyJointInternal(_ index: Int32) {
        let j = joints[Int(index)]
        unlinkJoint(index, from: j.bodyA)
        unlinkJoint(index, from: j.bodyB)
        wakeIsland(of: j.bodyA)
        wakeIsland(of: j.bodyB)
        if !j.collideConnected {
            // Let the broad phase find the pair again.
            var s = bodies[Int(j.bodyA)].firstShape
            while s != -1 {
                if shapes[Int(s)].proxy != -1 { moveBuffer.append(s) }
                s = shapes[Int(s)].nextOnBody
            }
        }
        joints[Int(index)].isAlive = false
        freeJoints.append(index)
        jointParameterVersion &+= 1
    }

    private mutating func unlinkJoint(_ index: Int32, from body: Int32) {
        var prev: Int32 = -1
        var k = bodies[Int(body)].firstJoint
        while k != -1 {
            let next = joints[Int(k)].bodyA == body ? joints[Int(k)].nextOnA : joints[Int(k)].nextOnB
            if k == index {
                if prev == -1 {
                    bodies[Int(body)].firstJoint = next
                } else if joints[Int(prev)].bodyA == body {
                    joints[Int(prev)].nextOnA = next
                } else {
                    joints[Int(prev)].nextOnB = next
                }
                bodies[Int(body)].jointCount -= 1
                return
            }
            prev = k
            k = next
        }
    }

    /// Destroys every joint of a body (called when the body is destroyed).
    package mutating func destroyJoints(ofBody body: Int32) {
        while bodies[Int(body)].firstJoint != -1 { destroyJointInternal(bodies[Int(body)].firstJoint) }
    }

    /// True when a joint between bodies `a` and `b` forbids their contact; reads the bodies' and joints' records only.
    @inline(__always) static func jointForbidsContact(
        _ a: Int32, _ b: Int32, _ bodies: UnsafePointer<Body>, _ joints: UnsafePointer<Joint>
    ) -> Bool {
        let na = bodies[Int(a)].jointCount, nb = bodies[Int(b)].jointCount
        if na == 0 || nb == 0 { return false }
        let body = na <= nb ? a : b, other = na <= nb ? b : a
        var k = bodies[Int(body)].firstJoint
        while k != -1 {
            let j = joints + Int(k)
            if !j.pointee.collideConnected && (j.pointee.bodyA == other || j.pointee.bodyB == other) { return true }
            k = j.pointee.bodyA == body ? j.pointee.nextOnA : j.pointee.nextOnB
        }
        return false
    }

    /// Drops the contacts between two bodies (touching ones report an end event next step).
    private mutating func destroyContacts(between a: Int32, _ b: Int32) {
        var write = 0
        for read in contacts.indices {
            let c = contacts[read]
            if (c.bodyA == a && c.bodyB == b) || (c.bodyA == b && c.bodyB == a) {
                pairSet.remove(c.key)
                if c.isTouching && c.reportsEvents {
                    pendingEndEvents.append(ContactEndEvent(shapeA: shapeID(c.shapeA), shapeB: shapeID(c.shapeB)))
                }
                continue
            }
            if write != read {
                contacts[write] = c
                manifoldCaches[write] = manifoldCaches[read]
            }
            write += 1
        }
        contacts.removeLast(contacts.count - write)
        manifoldCaches.removeLast(manifoldCaches.count - write)
    }

    // MARK: Reading

    /// Live joints, in slot order.
    public var jointIDs: [JointID] {
        var ids: [JointID] = []
        for i in joints.indices where joints[i].isAlive {
            ids.append(JointID(index: Int32(i), generation: joints[i].generation))
        }
        return ids
    }

    /// The joint's kind.
    public func kind(of id: JointID) -> JointKind? { isValid(id) ? joints[Int(id.index)].kind : nil }

    /// The two bodies a joint connects.
    public func bodies(of id: JointID) -> (BodyID, BodyID)? {
        guard isValid(id) else { return nil }
        let j = joints[Int(id.index)]
        return (bodyID(j.bodyA), bodyID(j.bodyB))
    }

    /// World positions of the joint's two anchors now, pt (they coincide for a satisfied pin or weld).
    public func anchors(of id: JointID) -> (Vec2, Vec2)? {
        guard isValid(id) else { return nil }
        let j = joints[Int(id.index)]
        return (
            bodies[Int(j.bodyA)].transform.apply(j.localAnchorA), bodies[Int(j.bodyB)].transform.apply(j.localAnchorB)
        )
    }

    /// Rest length (distance joint), pt.
    public func length(of id: JointID) -> Double? { isValid(id) ? joints[Int(id.index)].length : nil }

    /// Spring frequency (Hz) and damping ratio.
    public func spring(of id: JointID) -> (hertz: Double, dampingRatio: Double)? {
        guard isValid(id) else { return nil }
        return (joints[Int(id.index)].hertz, joints[Int(id.index)].dampingRatio)
    }

    /// Relative angle of body B to body A minus the joint's reference angle, radians (revolute, prismatic, weld).
    public func jointAngle(of id: JointID) -> Double? {
        guard isValid(id) else { return nil }
        let j = joints[Int(id.index)]
        return bodies[Int(j.bodyB)].angle - bodies[Int(j.bodyA)].angle - j.referenceAngle
    }

    /// Translation of B's anchor from A's along the sliding axis, pt (prismatic).
    public func jointTranslation(of id: JointID) -> Double? {
        guard isValid(id) else { return nil }
        let j = joints[Int(id.index)]
        let (pa, pb) = anchors(of: id)!
        return dot(bodies[Int(j.bodyA)].transform.q.rotate(j.localAxisA), pb - pa)
    }

    // MARK: Tuning (each wakes the joint's bodies)

    /// Sets the rest length of a distance joint, pt (finite, ≥ 0).
    @discardableResult
    public mutating func setLength(_ id: JointID, _ length: Double) -> Bool {
        guard isValid(id), length.isFinite, length >= 0 else { return false }
        joints[Int(id.index)].length = length
        wakeJoint(id.index)
        return true
    }

    /// Sets the spring of a distance or weld joint: frequency Hz (≥ 0, 0 = rigid) and damping ratio (≥ 0).
    /// For a distance joint, `hertz` > 0 switches the spring regime on, 0 switches it off (rigid rod) unless the
    /// joint has limits.
    @discardableResult
    public mutating func setSpring(_ id: JointID, hertz: Double, dampingRatio: Double) -> Bool {
        guard isValid(id), hertz.isFinite, hertz >= 0, dampingRatio.isFinite, dampingRatio >= 0 else { return false }
        let i = Int(id.index)
        joints[i].hertz = hertz
        joints[i].dampingRatio = dampingRatio
        if joints[i].kind == .distance { joints[i].enableSpring = hertz > 0 || joints[i].enableLimit }
        wakeJoint(id.index)
        return true
    }

    /// Sets the angular spring of a weld joint, Hz (≥ 0, 0 = rigid).
    @discardableResult
    public mutating func setAngularSpring(_ id: JointID, hertz: Double) -> Bool {
        guard isValid(id), hertz.isFinite, hertz >= 0 else { return false }
        joints[Int(id.index)].angularHertz = hertz
        wakeJoint(id.index)
        return true
    }

    /// Sets the limits: distance joint `minLength…maxLength` pt; revolute radians; prismatic pt. `enabled` false
    /// (or both ends infinite) removes them. Refused when lower > upper or a bound is NaN.
    @discardableResult
    public mutating func setLimits(_ id: JointID, lower: Double, upper: Double, enabled: Bool = true) -> Bool {
        guard isValid(id), !lower.isNaN, !upper.isNaN, lower <= upper else { return false }
        let i = Int(id.index)
        let on = enabled && (lower > -Double.infinity || upper < Double.infinity)
        if joints[i].kind == .distance {
            guard lower >= 0 else { return false }
            joints[i].minLength = lower
            joints[i].maxLength = upper
            joints[i].enableLimit = on
            joints[i].enableSpring = on || joints[i].hertz > 0
        } else {
            joints[i].lower = lower
            joints[i].upper = upper
            joints[i].enableLimit = on
        }
        wakeJoint(id.index)
        return true
    }

    /// Sets the motor of a revolute joint: target relative speed rad/s, torque cap ≥ 0 (mass·pt²/s²).
    @discardableResult
    public mutating func setMotor(_ id: JointID, enabled: Bool, speed: Double, maxTorque: Double) -> Bool {
        guard isValid(id), speed.isFinite, maxTorque.isFinite, maxTorque >= 0 else { return false }
        let i = Int(id.index)
        joints[i].enableMotor = enabled
        joints[i].motorSpeed = speed
        joints[i].maxMotorTorque = maxTorque
        wakeJoint(id.index)
        return true
    }

    private mutating func wakeJoint(_ index: Int32) {
        jointParameterVersion &+= 1
        wakeIsland(of: joints[Int(index)].bodyA)
        wakeIsland(of: joints[Int(index)].bodyB)
    }
}
