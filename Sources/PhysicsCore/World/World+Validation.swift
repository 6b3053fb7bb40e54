/// Invariant checks, run after every step in debug and test builds (`WorldSettings.validateEachStep`).
extension World {
    /// Checks finite poses and velocities, live and consistent ids, contact symmetry (each contact once, in the pair
    /// set, between the bodies of its shapes) and the broad-phase trees. Returns the problems found.
    public func validate() -> [String] {
        var problems: [String] = []
        for i in bodies.indices where bodies[i].isAlive {
            let b = bodies[i], s = states[i]
            if !(b.transform.p.isFinite && b.transform.q.c.isFinite && b.transform.q.s.isFinite && b.center.isFinite) {
                problems.append("body \(i): non-finite pose")
            }
            if !(s.v.isFinite && s.w.isFinite) { problems.append("body \(i): non-finite velocity") }
            if !(b.invMass.isFinite && b.invInertia.isFinite && b.invMass >= 0 && b.invInertia >= 0) {
                problems.append("body \(i): bad mass")
            }
            var count: Int32 = 0
            var sh = b.firstShape
            while sh != -1 {
                if !shapes[Int(sh)].isAlive || shapes[Int(sh)].body != Int32(i) {
                    problems.append("body \(i): bad shape link \(sh)")
                }
                count += 1
                sh = shapes[Int(sh)].nextOnBody
                if count > b.shapeCount + 1 { break }
            }
            if count != b.shapeCount { problems.append("body \(i): shape count \(b.shapeCount) but \(count) linked") }
        }
        if let k = scratch.missedBegin {
            problems.append("contact \(k): began touching but the narrow phase did not list it as a begin candidate")
        }
        if pairSet.count != contacts.count {
            problems.append("contacts: \(contacts.count) contacts but \(pairSet.count) pair keys")
        }
        for (k, c) in contacts.enumerated() {
            guard c.shapeA >= 0, c.shapeB >= 0, Int(c.shapeA) < shapes.count, Int(c.shapeB) < shapes.count else {
                problems.append("contact \(k): shape index out of range")
                continue
            }
            let a = shapes[Int(c.shapeA)], b = shapes[Int(c.shapeB)]
            if !a.isAlive || !b.isAlive { problems.append("contact \(k): dead shape") }
            if c.shapeA >= c.shapeB { problems.append("contact \(k): shapes not ordered") }
            if a.body != c.bodyA || b.body != c.bodyB { problems.append("contact \(k): body mismatch") }
            if c.key != pairKey(c.shapeA, c.shapeB) || !pairSet.contains(c.key) {
                problems.append("contact \(k): key missing")
            }
            for p in 0..<c.manifold.pointCount {
                let mp = c.manifold[p]
                if !(mp.point.isFinite && mp.separation.isFinite) {
                    problems.append("contact \(k): non-finite manifold")
                }
            }
        }
        if let t = staticTree.validate() { problems.append("static \(t)") }
        if let t = movingTree.validate() { problems.append("moving \(t)") }
        return problems
    }
}
