/// The contact solver's step-level passes over the bundles after the sub-steps: restitution (double precision, on
/// the body states) and storing impulses for the next step's warm start.
extension World {
    /// Restitution after the sub-steps. The rebound speed is chosen so that the discrete energy of a body under
    /// constant acceleration is conserved across the impact (e = 1 returns to the drop height), which fixes
    /// UIKit's height loss on elastic bounces. Two-point manifolds are iterated to the joint solution, so a box
    /// landing flat leaves flat instead of spinning.
    package mutating func applyRestitution(h: Double) {
        let threshold = settings.restitutionThreshold
        scratch.wideConstraints.withUnsafeMutableBufferPointer { ws in
            states.withUnsafeMutableBufferPointer { st in
                guard let wBase = ws.baseAddress, let sBase = st.baseAddress else { return }
                Self.restituteBundles(wBase, sBase, 0..<ws.count, threshold: threshold, h: h)
            }
        }
    }

    /// `applyRestitution` over bundles `range` (the parallel solve runs a colour's bundles in parts: lanes of one
    /// colour share no moving body, so the parts are independent).
    /// `names`: how the bundles name their bodies (by body, or by solver slot in a slotted parallel solve).
    @inline(__always) static func restituteBundles(
        _ wBase: UnsafeMutablePointer<WideContactConstraint>, _ sBase: UnsafeMutablePointer<BodyState>,
        _ range: Range<Int>, threshold: Double, h: Double, names: BundleBodyNames = BundleBodyNames()
    ) {
        let approach = -Float(threshold)
        for i in range {
            let w = wBase + i
            if !bounces(w, approach: approach) { continue }
            for l in 0..<Int(w.pointee.laneCount) where w.pointee.restitution[l] > 0 {
                Self.restitute(w, lane: l, sBase, threshold: threshold, h: h, names: names)
            }
        }
    }

    /// Whether a lane of bundle `w` may bounce: elastic and approaching at `approach` (minus
    /// `WorldSettings.restitutionThreshold`, pt/s) or faster at a point, by its speed before the solve. The
    /// restitution skips every other bundle, and the parallel preparation lists these (`ParallelScratch.bouncing`).
    @inline(__always) static func bounces(_ w: UnsafePointer<WideContactConstraint>, approach: Float) -> Bool {
        let elastic = w.pointee.restitution .> 0
        let fast = (w.pointee.p0.relativeVelocity .<= approach) .| (w.pointee.p1.relativeVelocity .<= approach)
        return any(elastic .& fast)
    }

    /// Restitution of one lane, through a double-precision copy of its constraint.
    private static func restitute(
        _ w: UnsafeMutablePointer<WideContactConstraint>, lane l: Int,
        _ states: UnsafeMutablePointer<BodyState>, threshold: Double, h: Double, names: BundleBodyNames
    ) {
        var c = ContactConstraint()
        c.normal = Vec2(Double(w.pointee.normalX[l]), Double(w.pointee.normalY[l]))
        c.restitution = Double(w.pointee.restitution[l])
        c.invMassA = Double(w.pointee.invMassA[l])
        c.invMassB = Double(w.pointee.invMassB[l])
        c.invIA = Double(w.pointee.invIA[l])
        c.invIB = Double(w.pointee.invIB[l])
        c.normalAcceleration = Double(w.pointee.normalAcceleration[l])
        @inline(__always) func point(_ p: WidePoint) -> ContactConstraintPoint {
            var cp = ContactConstraintPoint()
            cp.anchorA = Vec2(Double(p.anchorAX[l]), Double(p.anchorAY[l]))
            cp.anchorB = Vec2(Double(p.anchorBX[l]), Double(p.anchorBY[l]))
            cp.baseSeparation = Double(p.baseSeparation[l])
            cp.initialSeparation = Double(p.initialSeparation[l])
            cp.relativeVelocity = Double(p.relativeVelocity[l])
            cp.normalImpulse = Double(p.normalImpulse[l])
            cp.maxNormalImpulse = Double(p.maxNormalImpulse[l])
            cp.normalMass = Double(p.normalMass[l])
            cp.rnA = Double(p.rnA[l])
            cp.rnB = Double(p.rnB[l])
            return cp
        }
        let pointCount = Int(w.pointee.pointCount[l])
        var pts = (point(w.pointee.p0), point(w.pointee.p1))
        let sA = states + names.body(w.pointee.bodyA[l])
        let sB = states + names.body(w.pointee.bodyB[l])
        var body = SolverBodyPair(a: sA.pointee, b: sB.pointee)
        var targets = (0.0, 0.0)
        var active = 0
        if let target = body.restitutionTarget(pts.0, c, threshold: threshold, h: h) { targets.0 = target; active |= 1 }
        if pointCount == 2, let target = body.restitutionTarget(pts.1, c, threshold: threshold, h: h) {
            targets.1 = target
            active |= 2
        }
        if active == 0 { return }
        let passes = active == 3 ? 8 : 1
        for _ in 0..<passes {
            if active & 1 != 0 { body.solveRestitution(&pts.0, c, target: targets.0) }
            if active & 2 != 0 { body.solveRestitution(&pts.1, c, target: targets.1) }
        }
        if w.pointee.writeA & (1 << UInt8(l)) != 0 { sA.pointee.v = body.vA; sA.pointee.w = body.wA }
        if w.pointee.writeB & (1 << UInt8(l)) != 0 { sB.pointee.v = body.vB; sB.pointee.w = body.wB }
        // A bounce leaves nothing to warm-start: the bodies part at the rebound speed, and the impact's impulse
        // applied again at the start of the next step (its speculative manifold persists) had to be undone there
        // by the clamped solve, which left a flat-landing box turned and sliding (0.6 pt on a 40-pt box). As in
        // UIKit's Box2D, whose manifold is gone once the bodies part, the next step starts from zero.
        pts.0.normalImpulse = 0
        pts.1.normalImpulse = 0
        w.pointee.p0.tangentImpulse[l] = 0
        w.pointee.p1.tangentImpulse[l] = 0
        w.pointee.p0.normalImpulse[l] = Float(pts.0.normalImpulse)
        w.pointee.p0.maxNormalImpulse[l] = Float(pts.0.maxNormalImpulse)
        w.pointee.p1.normalImpulse[l] = Float(pts.1.normalImpulse)
        w.pointee.p1.maxNormalImpulse[l] = Float(pts.1.maxNormalImpulse)
    }

    /// Copies accumulated impulses back to the contacts for the next step's warm start.
    package mutating func storeImpulses() {
        scratch.wideConstraints.withUnsafeBufferPointer { ws in
            contacts.withUnsafeMutableBufferPointer { co in
                guard let wBase = ws.baseAddress, let coBase = co.baseAddress else { return }
                Self.storeImpulses(wBase, coBase, 0..<ws.count)
            }
        }
    }

    /// `storeImpulses` for bundles `range` (each contact is one lane of one bundle: parts write disjoint contacts).
    @inline(__always) static func storeImpulses(
        _ wBase: UnsafePointer<WideContactConstraint>, _ coBase: UnsafeMutablePointer<Contact>, _ range: Range<Int>
    ) {
        for i in range {
            let w = wBase + i
            for l in 0..<Int(w.pointee.laneCount) {
                let c = coBase + Int(w.pointee.contactIndex[l])
                c.pointee.normalImpulse0 = Double(w.pointee.p0.normalImpulse[l])
                c.pointee.tangentImpulse0 = Double(w.pointee.p0.tangentImpulse[l])
                c.pointee.maxImpulse0 = Double(w.pointee.p0.maxNormalImpulse[l])
                c.pointee.normalImpulse1 = Double(w.pointee.p1.normalImpulse[l])
                c.pointee.tangentImpulse1 = Double(w.pointee.p1.tangentImpulse[l])
                c.pointee.maxImpulse1 = Double(w.pointee.p1.maxNormalImpulse[l])
            }
        }
    }
}

/// How the bundles name their bodies: by body index, or (a slotted parallel solve, Parallel/World+ParallelShares.swift)
/// by solver slot, the sub-steps' bodies at their positions in `substepBodies` and every body of the world at
/// `slotBase + index`.
struct BundleBodyNames {
    /// The sub-steps' bodies by slot, nil when the bundles name bodies.
    var substepBodies: UnsafePointer<Int32>? = nil
    var slotBase: Int32 = 0

    /// The body index of a lane's body offset (`WideContactConstraint.bodyOffset`).
    @inline(__always) func body(_ offset: Int32) -> Int {
        let slot = WideContactConstraint.bodySlot(offset)
        guard let substepBodies else { return Int(slot) }
        return slot < slotBase ? Int(substepBodies[Int(slot)]) : Int(slot &- slotBase)
    }
}
