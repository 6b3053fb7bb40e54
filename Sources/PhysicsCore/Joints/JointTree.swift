/// Exact position projection of rigid joints that form trees (chains, pendulums, ragdolls): the mass-weighted
/// smallest displacement of all bodies that closes every joint, found by a Newton iteration whose linear systems
/// are solved in O(n) by block LDLᵀ elimination over the body–joint tree (Baraff 1996, "Linear-time dynamics
/// using Lagrange multipliers"). A chain of any length closes in one or two iterations where Gauss–Seidel
/// passes would need many. Joints that close a loop (static bodies count as one ground) and springs, limits and
/// sliders keep the Gauss–Seidel projection.
package struct JointTreeNode: Sendable {
    /// Body index or joint index.
    package var index: Int32
    package var isJoint: Bool
    package var parent: Int32
    /// Block to the parent, H(i, parent).
    package var toParent = Mat3.zero
    package var dinv = Mat3.zero
    package var acc = Mat3.zero
    package var y = Vec3.zero
    package var yacc = Vec3.zero
    package var x = Vec3.zero
    /// Joint nodes: constraint rows for body A and body B, and the error.
    package var jA = Mat3.zero
    package var jB = Mat3.zero
    package var c = Vec3.zero
}

/// Weight of turning in the metric of the exact position projection: a body's turn costs as much as moving its
/// mass at 4 × its far extent (16 = 4²), on top of its inertia. Turns move anchors along arcs while the Newton
/// rows see only their tangents, so a projection that turned links freely (weight 1) overshot on whipping chains —
/// three iterations a frame that left up to 0.44 pt; at 16 the corrections are mostly translations, which the rows
/// describe exactly, and one iteration closes every joint of the `chain` bench within 0.01 pt.
let jointProjectionTurnWeight = 16.0

extension World {
    /// Whether joint `k` can be solved exactly in the forest: a free pin, a rigid weld or a rigid rod (limits,
    /// motors and springs are inequalities or forces the direct solve does not model). Reads the fields in
    /// place: a copy of the whole joint record per test would cost more than the test.
    @inline(__always) package func isTreeEligible(_ k: Int) -> Bool {
        switch joints[k].kind {
        case .revolute: return !joints[k].enableLimit && !joints[k].enableMotor
        case .weld: return joints[k].hertz == 0 && joints[k].angularHertz == 0
        case .distance: return !joints[k].enableSpring || joints[k].minLength == joints[k].maxLength
        case .prismatic: return false
        }
    }
}

extension Joint {
    /// Constraint rows (3, padded with zero rows) for both bodies and the error, from the current displacement.
    @inline(__always) func treeRows(_ a: BodyState, _ b: BodyState) -> (Mat3, Mat3, Vec3) {
        let rA = a.dq.rotate(frameA), rB = b.dq.rotate(frameB)
        let d = (b.dp - a.dp) + deltaCenter + rB - rA
        switch kind {
        case .distance:
            let len = d.length
            let axis = len > 0 ? (1 / len) * d : Vec2(1, 0)
            let jB = Mat3(r0: (axis.x, axis.y, cross(rB, axis)), r1: (0, 0, 0), r2: (0, 0, 0))
            let jA = Mat3(r0: (-axis.x, -axis.y, -cross(rA, axis)), r1: (0, 0, 0), r2: (0, 0, 0))
            return (jA, jB, Vec3(len - length, 0, 0))
        default:
            let weld = kind == .weld
            let jB = Mat3(r0: (1, 0, -rB.y), r1: (0, 1, rB.x), r2: (0, 0, weld ? 1 : 0))
            let jA = Mat3(r0: (-1, 0, rA.y), r1: (0, -1, -rA.x), r2: (0, 0, weld ? -1 : 0))
            let angle = weld ? deltaAngle + Rotation.relativeAngle(a.dq, b.dq) : 0
            return (jA, jB, Vec3(d.x, d.y, angle))
        }
    }

    /// Diagonal block of a joint node: zero for its rows, −1 on padded rows (their multiplier is then 0).
    var treePadding: Mat3 {
        switch kind {
        case .distance: return .diagonal(0, -1, -1)
        case .weld: return .zero
        default: return .diagonal(0, 0, -1)
        }
    }
}

extension World {
    @inline(__always) private func isTreeBody(_ i: Int32) -> Bool {
        // Field by field: copying the whole body record here would cost more than the test.
        let i = Int(i)
        return bodies[i].type == .dynamic && bodies[i].isAwake && bodies[i].invMass > 0 && bodies[i].invInertia > 0
    }

    private mutating func treeFind(_ i: Int32) -> Int32 {
        var r = i
        while forest.treeUnion[Int(r)] != r { r = forest.treeUnion[Int(r)] }
        var x = i
        while forest.treeUnion[Int(x)] != r { let n = forest.treeUnion[Int(x)]; forest.treeUnion[Int(x)] = r; x = n }
        return r
    }

    /// Splits the active rigid joints into forest joints (projected exactly) and loop joints (Gauss–Seidel), and
    /// builds the elimination order of the forest. Returns false when there is nothing to do exactly.
    package mutating func buildJointTree() -> Bool {
        // The forest only changes when the active joints, a joint's regime or a body's eligibility change:
        // reuse last step's when none did.
        var same =
            forest.activeJoints.count == forest.treeCacheJoints.count
            && jointParameterVersion == forest.treeCacheVersion
        if same {
            for (n, k32) in forest.activeJoints.enumerated() {
                let flags = treeFlags(k32)
                if k32 != forest.treeCacheJoints[n] || flags != forest.treeCacheFlags[n] { same = false; break }
            }
        }
        if same { return forest.treeCacheHasTree }
        forest.treeCacheJoints = forest.activeJoints
        forest.treeCacheFlags = forest.activeJoints.map { treeFlags($0) }
        forest.treeCacheVersion = jointParameterVersion
        forest.treeCacheHasTree = rebuildJointTree()
        forest.treeIsPin = forest.treeCacheHasTree && forest.usePinTree && buildPinTree()
        return forest.treeCacheHasTree
    }

    /// What decides a joint's place in the forest: its eligibility and whether each body can be a tree node.
    @inline(__always) private func treeFlags(_ k32: Int32) -> UInt8 {
        let k = Int(k32)
        let a = joints[k].bodyA, b = joints[k].bodyB
        return (isTreeEligible(k) ? 1 : 0) | (isTreeBody(a) ? 2 : 0) | (isTreeBody(b) ? 4 : 0)
            | (bodies[Int(a)].type == .dynamic && bodies[Int(a)].isAwake ? 8 : 0)
            | (bodies[Int(b)].type == .dynamic && bodies[Int(b)].isAwake ? 16 : 0)
    }

    private mutating func rebuildJointTree() -> Bool {
        forest.treeNodes.removeAll(keepingCapacity: true)
        forest.loopJoints.removeAll(keepingCapacity: true)
        let ground = Int32(bodies.count)
        if forest.treeUnion.count < bodies.count + 1 {
            forest.treeUnion = [Int32](repeating: 0, count: bodies.count + 1)
        }
        if forest.treeNodeOfBody.count < bodies.count {
            forest.treeNodeOfBody = [Int32](repeating: -1, count: bodies.count)
        }
        for k32 in forest.activeJoints {
            let a = joints[Int(k32)].bodyA, b = joints[Int(k32)].bodyB
            forest.treeUnion[Int(a)] = a
            forest.treeUnion[Int(b)] = b
        }
        forest.treeUnion[Int(ground)] = ground
        var any = false
        for k32 in forest.activeJoints {
            let k = Int(k32)
            joints[k].inTree = false
            joints[k].treeNode = -1
            let bodyA = joints[k].bodyA, bodyB = joints[k].bodyB
            let tA = isTreeBody(bodyA), tB = isTreeBody(bodyB)
            let dynA = bodies[Int(bodyA)].type == .dynamic && bodies[Int(bodyA)].isAwake
            let dynB = bodies[Int(bodyB)].type == .dynamic && bodies[Int(bodyB)].isAwake
            // A dynamic body that cannot be a tree node (fixed rotation) keeps the joint out of the tree.
            guard isTreeEligible(k), tA || tB, tA == dynA, tB == dynB else {
                forest.loopJoints.append(k32)
                continue
            }
            let ra = treeFind(tA ? bodyA : ground), rb = treeFind(tB ? bodyB : ground)
            if ra == rb {
                forest.loopJoints.append(k32)
                continue
            }
            if ra < rb { forest.treeUnion[Int(rb)] = ra } else { forest.treeUnion[Int(ra)] = rb }
            joints[k].inTree = true
            any = true
        }
        if !any { return false }
        // Roots: each grounded joint first (its component hangs from it), then a body of every floating component.
        for k32 in forest.activeJoints where joints[Int(k32)].inTree && joints[Int(k32)].treeNode == -1 {
            if !isTreeBody(joints[Int(k32)].bodyA) || !isTreeBody(joints[Int(k32)].bodyB) { growTree(rootJoint: k32) }
        }
        for k32 in forest.activeJoints where joints[Int(k32)].inTree && joints[Int(k32)].treeNode == -1 {
            growTree(rootBody: joints[Int(k32)].bodyA)
        }
        for node in forest.treeNodes where !node.isJoint { forest.treeNodeOfBody[Int(node.index)] = -1 }
        return true
    }

    private mutating func growTree(rootJoint: Int32) {
        let start = forest.treeNodes.count
        joints[Int(rootJoint)].treeNode = Int32(start)
        forest.treeNodes.append(JointTreeNode(index: rootJoint, isJoint: true, parent: -1))
        expandTree(from: start)
    }

    private mutating func growTree(rootBody: Int32) {
        let start = forest.treeNodes.count
        forest.treeNodeOfBody[Int(rootBody)] = Int32(start)
        forest.treeNodes.append(JointTreeNode(index: rootBody, isJoint: false, parent: -1))
        expandTree(from: start)
    }

    /// Breadth-first growth of the tree from the nodes appended since `start`.
    private mutating func expandTree(from start: Int) {
        var q = start
        while q < forest.treeNodes.count {
            let node = forest.treeNodes[q]
            if node.isJoint {
                let k = Int(node.index)
                for b in [joints[k].bodyA, joints[k].bodyB] where isTreeBody(b) && forest.treeNodeOfBody[Int(b)] == -1 {
                    forest.treeNodeOfBody[Int(b)] = Int32(forest.treeNodes.count)
                    forest.treeNodes.append(JointTreeNode(index: b, isJoint: false, parent: Int32(q)))
                }
            } else {
                var k = bodies[Int(node.index)].firstJoint
                while k != -1 {
                    let i = Int(k)
                    if joints[i].inTree && joints[i].treeNode == -1 {
                        joints[i].treeNode = Int32(forest.treeNodes.count)
                        forest.treeNodes.append(JointTreeNode(index: k, isJoint: true, parent: Int32(q)))
                    }
                    k = joints[i].bodyA == node.index ? joints[i].nextOnA : joints[i].nextOnB
                }
            }
            q += 1
        }
    }

    /// Factors the tree's KKT matrix for the current configuration (rows from each body's step displacement):
    /// H = [M −Jᵀ; −J 0] by block LDLᵀ, children first. Stores each joint's error; returns the largest, pt.
    /// `turnWeighting` adds `jointProjectionTurnWeight`·m·(far extent)² to each body's inertia (the metric of the
    /// position projection);
    /// velocity solves use the true inertia.
    package mutating func factorJointTree(turnWeighting: Bool) -> Double {
        let worst = computeTreeRows()
        factorTreeRows(turnWeighting: turnWeighting)
        return worst
    }

    /// Each tree joint's constraint rows and error from the bodies' current step displacement; returns the
    /// largest error, pt (angles count 10 pt per radian).
    package mutating func computeTreeRows() -> Double {
        var worst = 0.0
        let n = forest.treeNodes.count
        forest.treeNodes.withUnsafeMutableBufferPointer { nodes in
            joints.withUnsafeBufferPointer { jo in
                states.withUnsafeBufferPointer { st in
                    for i in 0..<n where nodes[i].isJoint {
                        let k = Int(nodes[i].index)
                        let (jA, jB, c) = jo[k].treeRows(st[Int(jo[k].bodyA)], st[Int(jo[k].bodyB)])
                        nodes[i].jA = jA
                        nodes[i].jB = jB
                        nodes[i].c = c
                        worst = Swift.max(worst, (c.x * c.x + c.y * c.y).squareRoot(), abs(c.z) * 10)
                    }
                }
            }
        }
        return worst
    }

    /// Factors H for the rows last computed by `computeTreeRows`.
    package mutating func factorTreeRows(turnWeighting: Bool) {
        let n = forest.treeNodes.count
        forest.treeNodes.withUnsafeMutableBufferPointer { nodes in
            joints.withUnsafeBufferPointer { jo in
                for i in 0..<n { nodes[i].acc = .zero }
                for i in 0..<n where nodes[i].parent != -1 {
                    let p = Int(nodes[i].parent)
                    if nodes[i].isJoint {
                        let rows = jo[Int(nodes[i].index)].bodyA == nodes[p].index ? nodes[i].jA : nodes[i].jB
                        nodes[i].toParent = Mat3.zero - rows
                    } else {
                        let rows = jo[Int(nodes[p].index)].bodyA == nodes[i].index ? nodes[p].jA : nodes[p].jB
                        nodes[i].toParent = (Mat3.zero - rows).transposed
                    }
                }
                var i = n - 1
                while i >= 0 {
                    var d: Mat3
                    if nodes[i].isJoint {
                        d = jo[Int(nodes[i].index)].treePadding
                    } else {
                        let body = bodies[Int(nodes[i].index)]
                        let extra =
                            turnWeighting ? jointProjectionTurnWeight * body.mass * body.maxExtent * body.maxExtent : 0
                        d = .diagonal(body.mass, body.mass, body.inertia + extra)
                    }
                    let dinv = (d - nodes[i].acc).inverse
                    nodes[i].dinv = dinv
                    if nodes[i].parent != -1 {
                        let h = nodes[i].toParent
                        let p = Int(nodes[i].parent)
                        nodes[p].acc = nodes[p].acc + h.transposed.times(dinv.times(h))
                    }
                    i -= 1
                }
            }
        }
    }

    /// Solves the factored system for right-hand sides `nodes[i].c` on joint rows (zero on body rows); leaves
    /// the body solution in `nodes[i].x`.
    package mutating func solveJointTree() {
        let n = forest.treeNodes.count
        forest.treeNodes.withUnsafeMutableBufferPointer { nodes in
            for i in 0..<n { nodes[i].yacc = .zero }
            var i = n - 1
            while i >= 0 {
                let b = nodes[i].isJoint ? nodes[i].c : Vec3.zero
                let y = b - nodes[i].yacc
                nodes[i].y = y
                if nodes[i].parent != -1 {
                    let p = Int(nodes[i].parent)
                    nodes[p].yacc = nodes[p].yacc + nodes[i].toParent.transposed.times(nodes[i].dinv.times(y))
                }
                i -= 1
            }
            for i in 0..<n {
                var rhs = nodes[i].y
                if nodes[i].parent != -1 { rhs = rhs - nodes[i].toParent.times(nodes[Int(nodes[i].parent)].x) }
                nodes[i].x = nodes[i].dinv.times(rhs)
            }
        }
    }

    /// One Newton iteration of the exact position projection, skipped when every error is within `tolerance`;
    /// returns the largest joint error found before it, pt.
    package mutating func projectJointTreeOnce(tolerance: Double) -> Double {
        if forest.treeIsPin { return projectPinTreeOnce(tolerance: tolerance) }
        let worst = computeTreeRows()
        if worst <= tolerance { return worst }
        factorTreeRows(turnWeighting: true)
        forest.treeFactoredForVelocity = false
        solveJointTree()
        // Damped Newton: a step that would turn a body by more than 0.1 rad is scaled down (the rows are linear
        // in the angle only for small turns).
        var maxTurn = 0.0
        for node in forest.treeNodes where !node.isJoint { maxTurn = Swift.max(maxTurn, abs(node.x.z)) }
        let scale = maxTurn > 0.1 ? 0.1 / maxTurn : 1
        forest.treeNodes.withUnsafeBufferPointer { nodes in
            states.withUnsafeMutableBufferPointer { st in
                for node in nodes where !node.isJoint {
                    let b = Int(node.index)
                    st[b].dp += Vec2(scale * node.x.x, scale * node.x.y)
                    st[b].dq = st[b].dq.integrated(by: scale * node.x.z)
                }
            }
        }
        return worst
    }

    /// Velocity pass over the forest: the exact impulses that make every tree joint's anchor velocities agree
    /// (J·v = 0 for the rows factored at the start of the step), applied to the bodies.
    package mutating func solveTreeVelocities() {
        if forest.treeNodes.isEmpty { return }
        if forest.treeIsPin { return solvePinVelocities() }
        if !forest.treeFactoredForVelocity {
            _ = factorJointTree(turnWeighting: false)
            forest.treeFactoredForVelocity = true
        }
        let n = forest.treeNodes.count
        forest.treeNodes.withUnsafeMutableBufferPointer { nodes in
            joints.withUnsafeBufferPointer { jo in
                states.withUnsafeMutableBufferPointer { st in
                    for i in 0..<n where nodes[i].isJoint {
                        let k = Int(nodes[i].index)
                        let a = st[Int(jo[k].bodyA)], b = st[Int(jo[k].bodyB)]
                        nodes[i].c =
                            nodes[i].jA.times(Vec3(a.v.x, a.v.y, a.w)) + nodes[i].jB.times(Vec3(b.v.x, b.v.y, b.w))
                    }
                }
            }
        }
        solveJointTree()
        forest.treeNodes.withUnsafeBufferPointer { nodes in
            states.withUnsafeMutableBufferPointer { st in
                for node in nodes where !node.isJoint {
                    let b = Int(node.index)
                    st[b].v += Vec2(node.x.x, node.x.y)
                    st[b].w += node.x.z
                }
            }
        }
    }
}
