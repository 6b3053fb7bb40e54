/// The last line of defence against a blown-up body: whatever a joint with an extreme lever arm or mass ratio does
/// inside the solver, no body leaves a step with a non-finite or absurd state.
extension World {
    /// A body further from the origin than this after a step is treated as blown up, pt (100× the largest
    /// coordinate the public API accepts).
    package static let blownUpCoordinate = 1e9
    /// A body faster than this after a step is treated as blown up, pt/s or rad/s.
    package static let blownUpSpeed = 1e9

    /// Whether a body's state after the step can be kept.
    @inline(__always) package static func isSane(_ b: Body, _ st: BodyState) -> Bool {
        let limit = blownUpCoordinate, speed = blownUpSpeed
        return abs(b.center.x) <= limit && abs(b.center.y) <= limit && b.angle.isFinite
            && abs(st.v.x) <= speed && abs(st.v.y) <= speed && abs(st.w) <= speed
    }

    /// Puts a blown-up body back where it started the step, at rest. Its joints' and contacts' accumulated impulses
    /// must then be dropped too (`dropImpulses(ofBlownUpBody:)`): they would blow it up again next step.
    @inline(never) package static func resetBlownUpBody(_ b: inout Body, _ st: inout BodyState) {
        b.center = b.center0
        let q = b.rotation0
        b.angle = q.angle
        b.transform = Transform(p: b.center - q.rotate(b.localCenter), q: q)
        st.v = .zero
        st.w = 0
        st.dp = .zero
        st.dq = .identity
    }

    /// Drops the accumulated impulses of the joints and contacts of body `i`, reset by `resetBlownUpBody`, and
    /// counts the recovery in `blownUpRecoveries`.
    package mutating func dropImpulses(ofBlownUpBody i: Int) {
        var k = bodies[i].firstJoint
        while k != -1 {
            joints[Int(k)].resetImpulses()
            k = joints[Int(k)].bodyA == Int32(i) ? joints[Int(k)].nextOnA : joints[Int(k)].nextOnB
        }
        for c in contacts.indices where contacts[c].bodyA == Int32(i) || contacts[c].bodyB == Int32(i) {
            contacts[c].normalImpulse0 = 0
            contacts[c].normalImpulse1 = 0
            contacts[c].tangentImpulse0 = 0
            contacts[c].tangentImpulse1 = 0
        }
        blownUpRecoveries += 1
    }
}
