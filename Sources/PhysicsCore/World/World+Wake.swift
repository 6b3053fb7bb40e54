/// Waking after a change that moves sleeping bodies. A sleeping body is skipped by the narrow phase (a pair with no
/// awake body) and by the solver, so any change that should set it moving must wake it: a new gravity, a new shape
/// or density that shifts its weight, a slipperier surface, a freed rotation. Changes that act only at an impact
/// (restitution) or on motion (damping) leave it asleep: at rest they change nothing.
extension World {
    /// Wakes what a change of `settings` sets moving: the sleeping bodies that feel gravity when the gravity became
    /// another non-zero vector (a zero gravity moves nothing at rest), and every sleeping body when sleeping was
    /// turned off.
    mutating func settingsDidChange(from old: WorldSettings) {
        if old.enableSleep && !settings.enableSleep {
            for i in bodies.indices where bodies[i].isAlive && !bodies[i].isAwake { wakeIsland(of: Int32(i)) }
        }
        if settings.gravity != old.gravity && settings.gravity != .zero {
            for i in bodies.indices
            where bodies[i].isAlive && !bodies[i].isAwake && bodies[i].type == .dynamic && bodies[i].gravityScale != 0 {
                wakeIsland(of: Int32(i))
            }
        }
    }

    /// Wakes the bodies whose rest shape `shape` takes part in: its own body's island when that body moves (dynamic
    /// or kinematic); for a static or kinematic shape, which holds no other body in its island, also the bodies its
    /// contacts have points with (a box resting on a ground made slippery).
    mutating func wakeBodiesTouching(shape: Int32) {
        let body = shapes[Int(shape)].body
        let type = bodies[Int(body)].type
        if type != .static { wakeIsland(of: body) }
        if type == .dynamic { return }
        var near: [Int32] = []
        for c in contacts where (c.shapeA == shape || c.shapeB == shape) && c.manifold.pointCount > 0 {
            near.append(c.shapeA == shape ? c.bodyB : c.bodyA)
        }
        for b in near { wakeIsland(of: b) }
    }

    /// Wakes the bodies of the moving tree whose fattened boxes the fattened box of static shape `shape` reaches:
    /// a static shape created or moved into sleeping bodies must push them out, and the narrow phase skips a pair
    /// with no awake body.
    mutating func wakeBodiesReached(byStaticShape shape: Int32) {
        queryResults.removeAll(keepingCapacity: true)
        movingTree.query(shapes[Int(shape)].fatAABB, stack: &queryStack, results: &queryResults)
        var near: [Int32] = []
        for t in queryResults { near.append(shapes[Int(t)].body) }
        for b in near { wakeIsland(of: b) }
    }
}
