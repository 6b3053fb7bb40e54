/// The hot data of one Gauss–Seidel joint for a step, in a small contiguous record. A free pin (revolute joint
/// without limit or motor: every link of a chain) is solved from this record alone — the same math as
/// `Joint.solvePoint`, without touching the large `Joint` record; any other joint keeps its own kernel and
/// only borrows the row for its slot in the order.
package struct PinRow: Sendable {
    /// The joint, and whether the row's own kernel solves it.
    package var joint: Int32
    package var isPin: Bool
    package var bodyA: Int32 = -1
    package var bodyB: Int32 = -1
    /// Inverse masses and inverse inertias (zero for a static or sleeping side).
    package var mA = 0.0, mB = 0.0, iA = 0.0, iB = 0.0
    /// Anchors relative to each centre of mass (world axes) and centre of B minus centre of A, at the start of
    /// the step, pt.
    package var frameA = Vec2.zero
    package var frameB = Vec2.zero
    package var deltaCenter = Vec2.zero
    /// Accumulated point impulse, mass·pt/s (warm started across steps through the joint record).
    package var impulse = Vec2.zero

    package init(joint: Int32, isPin: Bool) {
        self.joint = joint
        self.isPin = isPin
    }

    /// Applies the accumulated impulse at the start of a sub-step.
    @inline(__always) package func warmStart(_ st: UnsafeMutablePointer<BodyState>) {
        let a = st + Int(bodyA), b = st + Int(bodyB)
        let rA = a.pointee.dq.rotate(frameA), rB = b.pointee.dq.rotate(frameB)
        let p = impulse
        a.pointee.v -= mA * p
        a.pointee.w -= iA * cross(rA, p)
        b.pointee.v += mB * p
        b.pointee.w += iB * cross(rB, p)
    }

    /// One soft (with `useBias`) or rigid pass of the point constraint: the 2×2 block K·x = J·v (+ bias).
    @inline(__always) package mutating func solve(
        _ ctx: JointStepContext, useBias: Bool,
        _ st: UnsafeMutablePointer<BodyState>
    ) {
        let a = st + Int(bodyA), b = st + Int(bodyB)
        let dqA = a.pointee.dq, dqB = b.pointee.dq
        let rA = dqA.rotate(frameA), rB = dqB.rotate(frameB)
        let vA = a.pointee.v, wA = a.pointee.w, vB = b.pointee.v, wB = b.pointee.w
        var rhs = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
        var massScale = 1.0, impulseScale = 0.0
        if useBias {
            let separation = (b.pointee.dp - a.pointee.dp) + deltaCenter + rB - rA
            var bias = ctx.jointSoftness.biasRate * separation
            // The cap needs a square root only when it binds.
            let len2 = bias.lengthSquared
            if _slowPath(len2 > ctx.maxBiasSpeed * ctx.maxBiasSpeed) {
                bias = (ctx.maxBiasSpeed / len2.squareRoot()) * bias
            }
            rhs += bias
            massScale = ctx.jointSoftness.massScale
            impulseScale = ctx.jointSoftness.impulseScale
        }
        let k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
        let k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
        let k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        let x = Vec2(det * (k22 * rhs.x - k12 * rhs.y), det * (k11 * rhs.y - k12 * rhs.x))
        let p = Vec2(-massScale * x.x - impulseScale * impulse.x, -massScale * x.y - impulseScale * impulse.y)
        impulse += p
        a.pointee.v = vA - mA * p
        a.pointee.w = wA - iA * cross(rA, p)
        b.pointee.v = vB + mB * p
        b.pointee.w = wB + iB * cross(rB, p)
    }
}

extension World {
    /// Lays out this step's Gauss–Seidel joints (`forest.iterativeJoints`) as rows; free pins get their hot data
    /// copied out of the joint record. Rows of different islands (groups of joints linked through moving bodies) are
    /// interleaved, each island keeping its own order: joints of two islands share no moving body, so they commute
    /// exactly (the result is bit for bit the same) while the processor overlaps their dependency chains — four
    /// chains solve in about the time of one.
    package mutating func buildPinRows() {
        forest.pinRows.removeAll(keepingCapacity: true)
        let n = forest.iterativeJoints.count
        if n == 0 { return }
        forest.rowScratch.order(forest.iterativeJoints, joints, bodyCount: bodies.count)
        forest.rowScratch.rowOrder.withUnsafeBufferPointer { order in
            forest.iterativeJoints.withUnsafeBufferPointer { list in
                joints.withUnsafeBufferPointer { jo in
                    for r in 0..<n {
                        let k = Int(list[Int(order[r])])
                        let isPin = jo[k].kind == .revolute && !jo[k].enableLimit && !jo[k].enableMotor
                        var row = PinRow(joint: Int32(k), isPin: isPin)
                        if isPin {
                            row.bodyA = jo[k].bodyA
                            row.bodyB = jo[k].bodyB
                            row.mA = jo[k].invMassA
                            row.mB = jo[k].invMassB
                            row.iA = jo[k].invIA
                            row.iB = jo[k].invIB
                            row.frameA = jo[k].frameA
                            row.frameB = jo[k].frameB
                            row.deltaCenter = jo[k].deltaCenter
                            row.impulse = jo[k].linearImpulse
                        }
                        forest.pinRows.append(row)
                    }
                }
            }
        }
    }

    /// Keeps the pins' accumulated impulses in their joint records for the next step's warm start.
    package mutating func storePinRowImpulses() {
        let n = forest.pinRows.count
        forest.pinRows.withUnsafeBufferPointer { rows in
            joints.withUnsafeMutableBufferPointer { jo in
                for r in 0..<n where rows[r].isPin { jo[Int(rows[r].joint)].linearImpulse = rows[r].impulse }
            }
        }
    }
}
