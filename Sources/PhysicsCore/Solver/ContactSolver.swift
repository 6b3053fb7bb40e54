/// The soft-step contact solver: prepare once per step, then per sub-step warm start, solve with bias, and relax
/// without bias; after the sub-steps apply restitution and store impulses for the next step's warm start.
extension World {
    /// Builds constraints for every solid contact with manifold points and an awake body.
    package mutating func prepareContacts(contactSoftness: Softness, staticSoftness: Softness) {
        constraints.removeAll(keepingCapacity: true)
        let gravity = settings.gravity
        for k in contacts.indices {
            let c = contacts[k]
            guard c.isSolid, c.manifold.pointCount > 0 else { continue }
            let ia = Int(c.bodyA), ib = Int(c.bodyB)
            let bA = bodies[ia], bB = bodies[ib]
            guard bA.isAwake || bB.isAwake else { continue }
            var cc = ContactConstraint()
            cc.bodyA = c.bodyA
            cc.bodyB = c.bodyB
            cc.contactIndex = Int32(k)
            cc.normal = c.manifold.normal
            cc.friction = c.friction
            cc.restitution = c.restitution
            cc.invMassA = bA.isAwake ? bA.invMass : 0
            cc.invIA = bA.isAwake ? bA.invInertia : 0
            cc.invMassB = bB.isAwake ? bB.invMass : 0
            cc.invIB = bB.isAwake ? bB.invInertia : 0
            cc.softness = (cc.invMassA == 0 || cc.invMassB == 0) ? staticSoftness : contactSoftness
            let accA = bA.type == .dynamic ? bA.gravityScale * gravity + bA.invMass * bA.force : .zero
            let accB = bB.type == .dynamic ? bB.gravityScale * gravity + bB.invMass * bB.force : .zero
            cc.normalAcceleration = dot(accB - accA, cc.normal)
            let vA = states[ia].v, wA = states[ia].w, vB = states[ib].v, wB = states[ib].w
            let n = cc.normal, t = n.rightPerp
            cc.pointCount = c.manifold.pointCount
            for p in 0..<cc.pointCount {
                let mp = c.manifold[p]
                var cp = ContactConstraintPoint()
                cp.anchorA = mp.point - bA.center
                cp.anchorB = mp.point - bB.center
                cp.baseSeparation = mp.separation - dot(cp.anchorB - cp.anchorA, n)
                cp.initialSeparation = mp.separation
                cp.normalImpulse = p == 0 ? c.normalImpulse0 : c.normalImpulse1
                cp.tangentImpulse = p == 0 ? c.tangentImpulse0 : c.tangentImpulse1
                let rnA = cross(cp.anchorA, n), rnB = cross(cp.anchorB, n)
                let kN = cc.invMassA + cc.invMassB + cc.invIA * rnA * rnA + cc.invIB * rnB * rnB
                cp.normalMass = kN > 0 ? 1 / kN : 0
                let rtA = cross(cp.anchorA, t), rtB = cross(cp.anchorB, t)
                let kT = cc.invMassA + cc.invMassB + cc.invIA * rtA * rtA + cc.invIB * rtB * rtB
                cp.tangentMass = kT > 0 ? 1 / kT : 0
                let dv = vB + cross(wB, cp.anchorB) - vA - cross(wA, cp.anchorA)
                cp.relativeVelocity = dot(n, dv)
                if p == 0 { cc.p0 = cp } else { cc.p1 = cp }
            }
            constraints.append(cc)
        }
    }

    /// Applies last step's impulses at the start of a sub-step.
    package mutating func warmStartContacts() {
        constraints.withUnsafeMutableBufferPointer { cs in
        states.withUnsafeMutableBufferPointer { st in
            for k in 0..<cs.count {
                let c = cs[k]
                let ia = Int(c.bodyA), ib = Int(c.bodyB)
                var vA = st[ia].v, wA = st[ia].w, vB = st[ib].v, wB = st[ib].w
                let n = c.normal, t = n.rightPerp
                for p in 0..<c.pointCount {
                    let cp = p == 0 ? c.p0 : c.p1
                    let P = cp.normalImpulse * n + cp.tangentImpulse * t
                    wA -= c.invIA * cross(cp.anchorA, P)
                    vA -= c.invMassA * P
                    wB += c.invIB * cross(cp.anchorB, P)
                    vB += c.invMassB * P
                }
                if c.invMassA > 0 || c.invIA > 0 { st[ia].v = vA; st[ia].w = wA }
                if c.invMassB > 0 || c.invIB > 0 { st[ib].v = vB; st[ib].w = wB }
            }
        }}
    }

    /// One Gauss–Seidel pass over the contacts. With `useBias` overlap is pushed out softly; without it (relax)
    /// only velocity is corrected.
    package mutating func solveContacts(invH: Double, useBias: Bool) {
        let maxBias = settings.contactPushMaxVelocity
        constraints.withUnsafeMutableBufferPointer { cs in
        states.withUnsafeMutableBufferPointer { st in
            for k in 0..<cs.count {
                var c = cs[k]
                let ia = Int(c.bodyA), ib = Int(c.bodyB)
                var vA = st[ia].v, wA = st[ia].w, vB = st[ib].v, wB = st[ib].w
                let dqA = st[ia].dq, dqB = st[ib].dq
                let dp = st[ib].dp - st[ia].dp
                let n = c.normal
                let mA = c.invMassA, iA = c.invIA, mB = c.invMassB, iB = c.invIB
                for p in 0..<c.pointCount {
                    var cp = p == 0 ? c.p0 : c.p1
                    let rA = cp.anchorA, rB = cp.anchorB
                    // Current separation from the position change of both bodies during the step.
                    let d = dp + dqB.rotate(rB) - dqA.rotate(rA)
                    let s = dot(d, n) + cp.baseSeparation
                    var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                    if s > 0 {
                        bias = s * invH  // speculative: allow closing exactly the gap
                    } else if useBias {
                        bias = Swift.max(c.softness.biasRate * s, -maxBias)
                        massScale = c.softness.massScale
                        impulseScale = c.softness.impulseScale
                    }
                    let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
                    let vn = dot(dv, n)
                    var impulse = -cp.normalMass * massScale * (vn + bias) - impulseScale * cp.normalImpulse
                    let newImpulse = Swift.max(cp.normalImpulse + impulse, 0)
                    impulse = newImpulse - cp.normalImpulse
                    cp.normalImpulse = newImpulse
                    cp.maxNormalImpulse = Swift.max(cp.maxNormalImpulse, impulse)
                    let P = impulse * n
                    vA -= mA * P
                    wA -= iA * cross(rA, P)
                    vB += mB * P
                    wB += iB * cross(rB, P)
                    if p == 0 { c.p0 = cp } else { c.p1 = cp }
                }
                let t = n.rightPerp
                for p in 0..<c.pointCount {
                    var cp = p == 0 ? c.p0 : c.p1
                    let rA = cp.anchorA, rB = cp.anchorB
                    let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
                    let vt = dot(dv, t)
                    var impulse = -cp.tangentMass * vt
                    let maxFriction = c.friction * cp.normalImpulse
                    let newImpulse = Swift.min(Swift.max(cp.tangentImpulse + impulse, -maxFriction), maxFriction)
                    impulse = newImpulse - cp.tangentImpulse
                    cp.tangentImpulse = newImpulse
                    let P = impulse * t
                    vA -= mA * P
                    wA -= iA * cross(rA, P)
                    vB += mB * P
                    wB += iB * cross(rB, P)
                    if p == 0 { c.p0 = cp } else { c.p1 = cp }
                }
                cs[k] = c
                if mA > 0 || iA > 0 { st[ia].v = vA; st[ia].w = wA }
                if mB > 0 || iB > 0 { st[ib].v = vB; st[ib].w = wB }
            }
        }}
    }

    /// Restitution after the sub-steps. The rebound speed is chosen so that the discrete energy of a body under
    /// constant acceleration is conserved across the impact (e = 1 returns to the drop height), which fixes
    /// UIKit's height loss on elastic bounces.
    package mutating func applyRestitution(h: Double) {
        let threshold = settings.restitutionThreshold
        constraints.withUnsafeMutableBufferPointer { cs in
        states.withUnsafeMutableBufferPointer { st in
            for k in 0..<cs.count {
                var c = cs[k]
                if c.restitution == 0 { continue }
                let ia = Int(c.bodyA), ib = Int(c.bodyB)
                var vA = st[ia].v, wA = st[ia].w, vB = st[ib].v, wB = st[ib].w
                let dqA = st[ia].dq, dqB = st[ib].dq
                let dp = st[ib].dp - st[ia].dp
                let n = c.normal
                let mA = c.invMassA, iA = c.invIA, mB = c.invMassB, iB = c.invIB
                // Approach acceleration (positive when gravity/forces push the bodies together).
                let ga = -c.normalAcceleration
                for p in 0..<c.pointCount {
                    var cp = p == 0 ? c.p0 : c.p1
                    if cp.relativeVelocity > -threshold || cp.maxNormalImpulse == 0 { continue }
                    let rA = cp.anchorA, rB = cp.anchorB
                    var target = -c.restitution * cp.relativeVelocity
                    if ga > 0 {
                        // Discrete energy K = u²/2 + g·s + g·h·u/2 is invariant under semi-implicit Euler.
                        let u0 = -cp.relativeVelocity
                        let d = dp + dqB.rotate(rB) - dqA.rotate(rA)
                        let s1 = dot(d, n) + cp.baseSeparation
                        let s0 = Swift.max(cp.initialSeparation, s1)
                        let K = 0.5 * u0 * u0 + ga * (s0 - s1) + 0.5 * ga * h * u0
                        let half = 0.5 * ga * h
                        let ui = -half + (half * half + 2 * Swift.max(K, 0)).squareRoot()
                        target = c.restitution * (ui + ga * h)
                    }
                    let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
                    let vn = dot(dv, n)
                    var impulse = -cp.normalMass * (vn - target)
                    let newImpulse = Swift.max(cp.normalImpulse + impulse, 0)
                    impulse = newImpulse - cp.normalImpulse
                    cp.normalImpulse = newImpulse
                    cp.maxNormalImpulse = Swift.max(cp.maxNormalImpulse, impulse)
                    let P = impulse * n
                    vA -= mA * P
                    wA -= iA * cross(rA, P)
                    vB += mB * P
                    wB += iB * cross(rB, P)
                    if p == 0 { c.p0 = cp } else { c.p1 = cp }
                }
                cs[k] = c
                if mA > 0 || iA > 0 { st[ia].v = vA; st[ia].w = wA }
                if mB > 0 || iB > 0 { st[ib].v = vB; st[ib].w = wB }
            }
        }}
    }

    /// Copies accumulated impulses back to the contacts for the next step's warm start.
    package mutating func storeImpulses() {
        for c in constraints {
            let k = Int(c.contactIndex)
            contacts[k].normalImpulse0 = c.p0.normalImpulse
            contacts[k].tangentImpulse0 = c.p0.tangentImpulse
            contacts[k].maxImpulse0 = c.p0.maxNormalImpulse
            contacts[k].normalImpulse1 = c.p1.normalImpulse
            contacts[k].tangentImpulse1 = c.p1.tangentImpulse
            contacts[k].maxImpulse1 = c.p1.maxNormalImpulse
        }
    }
}
