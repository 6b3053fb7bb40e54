/// The soft-step contact solver's step-level parts: prepare once per step (the per-sub-step warm start, biased
/// solve and relax run on bundles of four, Solver/WideContactSolver.swift); after the sub-steps apply restitution
/// and store impulses for the next step's warm start. The loops work through raw pointers into contiguous arrays:
/// no copies of constraints, no allocation.
extension World {
    /// Builds constraints for every solid contact with manifold points and an awake body, in ground-up order.
    package mutating func prepareContacts(contactSoftness: Softness, staticSoftness: Softness) {
        orderContactsFromGround()
        constraints.removeAll(keepingCapacity: true)
        constraintPoints.removeAll(keepingCapacity: true)
        let gravity = settings.gravity
        for k32 in solveOrder {
            let k = Int(k32)
            let ia = Int(contacts[k].bodyA), ib = Int(contacts[k].bodyB)
            let awakeA = bodies[ia].isAwake, awakeB = bodies[ib].isAwake
            var cc = ContactConstraint()
            cc.bodyA = contacts[k].bodyA
            cc.bodyB = contacts[k].bodyB
            cc.contactIndex = k32
            let n = contacts[k].manifold.normal, t = n.rightPerp
            cc.normal = n
            cc.friction = contacts[k].friction
            cc.restitution = contacts[k].restitution
            cc.invMassA = awakeA ? bodies[ia].invMass : 0
            cc.invIA = awakeA ? bodies[ia].invInertia : 0
            cc.invMassB = awakeB ? bodies[ib].invMass : 0
            cc.invIB = awakeB ? bodies[ib].invInertia : 0
            cc.softness = (cc.invMassA == 0 || cc.invMassB == 0) ? staticSoftness : contactSoftness
            let accA = bodies[ia].type == .dynamic ? bodies[ia].gravityScale * gravity + bodies[ia].invMass * bodies[ia].force : .zero
            let accB = bodies[ib].type == .dynamic ? bodies[ib].gravityScale * gravity + bodies[ib].invMass * bodies[ib].force : .zero
            cc.normalAcceleration = dot(accB - accA, n)
            let cA = bodies[ia].center, cB = bodies[ib].center
            let vA = states[ia].v, wA = states[ia].w, vB = states[ib].v, wB = states[ib].w
            cc.pointCount = contacts[k].manifold.pointCount
            for p in 0..<2 {
                var cp = ContactConstraintPoint()
                if p < cc.pointCount {
                    let mp = p == 0 ? contacts[k].manifold.point0 : contacts[k].manifold.point1
                    cp.anchorA = mp.point - cA
                    cp.anchorB = mp.point - cB
                    cp.baseSeparation = mp.separation - dot(cp.anchorB - cp.anchorA, n)
                    cp.initialSeparation = mp.separation
                    cp.normalImpulse = p == 0 ? contacts[k].normalImpulse0 : contacts[k].normalImpulse1
                    cp.tangentImpulse = p == 0 ? contacts[k].tangentImpulse0 : contacts[k].tangentImpulse1
                    let rnA = cross(cp.anchorA, n), rnB = cross(cp.anchorB, n)
                    cp.rnA = rnA
                    cp.rnB = rnB
                    let kN = cc.invMassA + cc.invMassB + cc.invIA * rnA * rnA + cc.invIB * rnB * rnB
                    cp.normalMass = kN > 0 ? 1 / kN : 0
                    let rtA = cross(cp.anchorA, t), rtB = cross(cp.anchorB, t)
                    cp.rtA = rtA
                    cp.rtB = rtB
                    let kT = cc.invMassA + cc.invMassB + cc.invIA * rtA * rtA + cc.invIB * rtB * rtB
                    cp.tangentMass = kT > 0 ? 1 / kT : 0
                    let dv = vB + cross(wB, cp.anchorB) - vA - cross(wA, cp.anchorA)
                    cp.relativeVelocity = dot(n, dv)
                }
                constraintPoints.append(cp)
            }
            if cc.pointCount == 2 {
                let m = constraintPoints.count
                prepareBlock(&cc, constraintPoints[m - 2], constraintPoints[m - 1])
            }
            constraints.append(cc)
        }
    }

    /// The 2×2 normal mass matrix of a two-point manifold and its inverse, when well conditioned (1000:1).
    private func prepareBlock(_ cc: inout ContactConstraint, _ p0: ContactConstraintPoint, _ p1: ContactConstraintPoint) {
        let mSum = cc.invMassA + cc.invMassB
        let k11 = mSum + cc.invIA * p0.rnA * p0.rnA + cc.invIB * p0.rnB * p0.rnB
        let k22 = mSum + cc.invIA * p1.rnA * p1.rnA + cc.invIB * p1.rnB * p1.rnB
        let k12 = mSum + cc.invIA * p0.rnA * p1.rnA + cc.invIB * p0.rnB * p1.rnB
        let det = k11 * k22 - k12 * k12
        guard det > 0, k11 * k11 < 1000 * det else { return }
        cc.useBlock = true
        cc.invK11 = k22 / det
        cc.invK12 = -k12 / det
        cc.invK22 = k11 / det
    }

    /// Restitution after the sub-steps. The rebound speed is chosen so that the discrete energy of a body under
    /// constant acceleration is conserved across the impact (e = 1 returns to the drop height), which fixes
    /// UIKit's height loss on elastic bounces. Two-point manifolds are iterated to the joint solution, so a box
    /// landing flat leaves flat instead of spinning.
    package mutating func applyRestitution(h: Double) {
        let threshold = settings.restitutionThreshold
        constraints.withUnsafeBufferPointer { cs in
        constraintPoints.withUnsafeMutableBufferPointer { ps in
        states.withUnsafeMutableBufferPointer { st in
            guard let cBase = cs.baseAddress, let pBase = ps.baseAddress, let sBase = st.baseAddress else { return }
            for k in 0..<cs.count {
                let c = cBase[k]
                if c.restitution == 0 { continue }
                let sA = sBase + Int(c.bodyA), sB = sBase + Int(c.bodyB)
                var body = SolverBodyPair(a: sA.pointee, b: sB.pointee)
                let pts = pBase + 2 * k
                var targets = (0.0, 0.0)
                var active = 0
                for j in 0..<c.pointCount {
                    guard let target = body.restitutionTarget(pts[j], c, threshold: threshold, h: h) else { continue }
                    if j == 0 { targets.0 = target } else { targets.1 = target }
                    active |= 1 << j
                }
                if active == 0 { continue }
                let passes = active == 3 ? 8 : 1
                for _ in 0..<passes {
                    if active & 1 != 0 { body.solveRestitution(&pts[0], c, target: targets.0) }
                    if active & 2 != 0 { body.solveRestitution(&pts[1], c, target: targets.1) }
                }
                if c.invMassA > 0 || c.invIA > 0 { sA.pointee.v = body.vA; sA.pointee.w = body.wA }
                if c.invMassB > 0 || c.invIB > 0 { sB.pointee.v = body.vB; sB.pointee.w = body.wB }
            }
        }}}
    }

    /// Copies accumulated impulses back to the contacts for the next step's warm start.
    package mutating func storeImpulses() {
        for k in constraints.indices {
            let ci = Int(constraints[k].contactIndex)
            let p0 = constraintPoints[2 * k], p1 = constraintPoints[2 * k + 1]
            contacts[ci].normalImpulse0 = p0.normalImpulse
            contacts[ci].tangentImpulse0 = p0.tangentImpulse
            contacts[ci].maxImpulse0 = p0.maxNormalImpulse
            contacts[ci].normalImpulse1 = p1.normalImpulse
            contacts[ci].tangentImpulse1 = p1.tangentImpulse
            contacts[ci].maxImpulse1 = p1.maxNormalImpulse
        }
    }
}
