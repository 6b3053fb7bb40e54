/// The soft-step contact solver's step-level parts: prepare once per step (the per-sub-step warm start, biased
/// solve and relax run on bundles of four, Solver/WideContactSolver.swift); after the sub-steps apply restitution
/// and store impulses for the next step's warm start. The loops work through raw pointers into contiguous arrays:
/// no copies of constraints, no allocation.
extension World {
    /// Builds constraints for every solid contact with manifold points and an awake body, in ground-up order.
    package mutating func prepareContacts(contactSoftness: Softness, staticSoftness: Softness) {
        orderContactsFromGround()
        let count = solveOrder.count
        constraints.removeAll(keepingCapacity: true)
        constraintPoints.removeAll(keepingCapacity: true)
        constraints.append(contentsOf: repeatElement(ContactConstraint(), count: count))
        constraintPoints.append(contentsOf: repeatElement(ContactConstraintPoint(), count: 2 * count))
        let gravity = settings.gravity
        solveOrder.withUnsafeBufferPointer { order in
        contacts.withUnsafeBufferPointer { co in
        bodies.withUnsafeBufferPointer { bo in
        states.withUnsafeBufferPointer { st in
        constraints.withUnsafeMutableBufferPointer { cs in
        constraintPoints.withUnsafeMutableBufferPointer { ps in
            guard let csBase = cs.baseAddress, let psBase = ps.baseAddress, let coBase = co.baseAddress else { return }
            for i in 0..<count {
                let k32 = order[i]
                let contact = coBase + Int(k32)
                let cc = csBase + i
                let ia = Int(contact.pointee.bodyA), ib = Int(contact.pointee.bodyB)
                let awakeA = bo[ia].isAwake, awakeB = bo[ib].isAwake
                cc.pointee.bodyA = contact.pointee.bodyA
                cc.pointee.bodyB = contact.pointee.bodyB
                cc.pointee.contactIndex = k32
                let n = contact.pointee.manifold.normal, t = n.rightPerp
                cc.pointee.normal = n
                cc.pointee.friction = contact.pointee.friction
                cc.pointee.restitution = contact.pointee.restitution
                let mA = awakeA ? bo[ia].invMass : 0, iA = awakeA ? bo[ia].invInertia : 0
                let mB = awakeB ? bo[ib].invMass : 0, iB = awakeB ? bo[ib].invInertia : 0
                cc.pointee.invMassA = mA
                cc.pointee.invIA = iA
                cc.pointee.invMassB = mB
                cc.pointee.invIB = iB
                cc.pointee.softness = (mA == 0 || mB == 0) ? staticSoftness : contactSoftness
                let accA = bo[ia].type == .dynamic ? bo[ia].gravityScale * gravity + bo[ia].invMass * bo[ia].force : .zero
                let accB = bo[ib].type == .dynamic ? bo[ib].gravityScale * gravity + bo[ib].invMass * bo[ib].force : .zero
                cc.pointee.normalAcceleration = dot(accB - accA, n)
                let cA = bo[ia].center, cB = bo[ib].center
                let vA = st[ia].v, wA = st[ia].w, vB = st[ib].v, wB = st[ib].w
                let pointCount = contact.pointee.manifold.pointCount
                cc.pointee.pointCount = pointCount
                for p in 0..<pointCount {
                    let cp = psBase + 2 * i + p
                    let mp = p == 0 ? contact.pointee.manifold.point0 : contact.pointee.manifold.point1
                    let rA = mp.point - cA, rB = mp.point - cB
                    cp.pointee.anchorA = rA
                    cp.pointee.anchorB = rB
                    cp.pointee.baseSeparation = mp.separation - dot(rB - rA, n)
                    cp.pointee.initialSeparation = mp.separation
                    cp.pointee.normalImpulse = p == 0 ? contact.pointee.normalImpulse0 : contact.pointee.normalImpulse1
                    cp.pointee.tangentImpulse = p == 0 ? contact.pointee.tangentImpulse0 : contact.pointee.tangentImpulse1
                    let rnA = cross(rA, n), rnB = cross(rB, n)
                    cp.pointee.rnA = rnA
                    cp.pointee.rnB = rnB
                    let kN = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                    cp.pointee.normalMass = kN > 0 ? 1 / kN : 0
                    let rtA = cross(rA, t), rtB = cross(rB, t)
                    cp.pointee.rtA = rtA
                    cp.pointee.rtB = rtB
                    let kT = mA + mB + iA * rtA * rtA + iB * rtB * rtB
                    cp.pointee.tangentMass = kT > 0 ? 1 / kT : 0
                    let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
                    cp.pointee.relativeVelocity = dot(n, dv)
                }
                if pointCount == 2 { Self.prepareBlock(cc, psBase + 2 * i) }
            }
        }}}}}}
    }

    /// The 2×2 normal mass matrix of a two-point manifold and its inverse, when well conditioned (1000:1).
    @inline(__always) private static func prepareBlock(_ cc: UnsafeMutablePointer<ContactConstraint>,
                                                       _ p: UnsafePointer<ContactConstraintPoint>) {
        let mA = cc.pointee.invMassA, mB = cc.pointee.invMassB, iA = cc.pointee.invIA, iB = cc.pointee.invIB
        let rnA0 = p[0].rnA, rnB0 = p[0].rnB, rnA1 = p[1].rnA, rnB1 = p[1].rnB
        let k11 = mA + mB + iA * rnA0 * rnA0 + iB * rnB0 * rnB0
        let k22 = mA + mB + iA * rnA1 * rnA1 + iB * rnB1 * rnB1
        let k12 = mA + mB + iA * rnA0 * rnA1 + iB * rnB0 * rnB1
        let det = k11 * k22 - k12 * k12
        guard det > 0, k11 * k11 < 1000 * det else { return }
        let invDet = 1 / det
        cc.pointee.useBlock = true
        cc.pointee.invK11 = k22 * invDet
        cc.pointee.invK12 = -k12 * invDet
        cc.pointee.invK22 = k11 * invDet
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
