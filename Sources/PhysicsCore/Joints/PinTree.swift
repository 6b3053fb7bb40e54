/// The joint tree solver specialised to forests whose joints are all free pins (revolute joints without limit or
/// motor: chains, pendulums, ragdolls of pins). Same elimination as `JointTree.swift` — block LDLᵀ over the
/// body–joint tree, children first — but a pin has two rows of the fixed shape J = ±[I₂ | r⊥], so every block
/// product collapses to a handful of flops, the diagonal blocks are symmetric (`Sym3`, joints use the 2×2 part)
/// and the per-step joint data sits in a small contiguous record instead of the whole `Joint`. About a third of
/// the generic solver's work on a 50-link chain; the generic solver handles any forest with a weld or a rod.
package struct PinTreeNode: Sendable {
    /// Parent node, or −1 for a root.
    package var parent: Int32
    /// Body nodes: the body. Joint nodes: −1.
    package var body: Int32
    package var isJoint: Bool
    /// Rows linking the node to its parent, for the body of that link: J = sign·[I₂ | arm] (arm = r⊥, the
    /// anchor arm turned a quarter turn, pt), sign +1 when that body is the joint's body B.
    package var sign = 0.0
    package var arm = Vec2.zero
    /// Diagonal block, then its inverse once factored.
    package var d = Sym3.zero
    /// Joint nodes: right-hand side (the joint error, pt, or the anchors' relative velocity, pt/s).
    package var c = Vec2.zero
    /// Forward-elimination values, then the solution (body nodes: displacement or velocity change).
    package var y = Vec3.zero
    package var x = Vec3.zero

    package init(parent: Int32, body: Int32, isJoint: Bool) {
        self.parent = parent
        self.body = body
        self.isJoint = isJoint
    }
}

/// Per-joint data of a pin forest, in elimination order: the step constants copied from the joint record once a
/// step, and the anchor arms the rows were last taken at.
package struct PinTreeJoint: Sendable {
    /// The joint's node and the node of the body hanging from it (−1 when none).
    package var node: Int32
    package var child: Int32
    package var joint: Int32
    package var bodyA: Int32
    package var bodyB: Int32
    /// Whether the parent body (resp. the child body) is the joint's body B.
    package var parentIsB = false
    package var childIsB = false
    /// Copies of the joint's `frameA`, `frameB` and `deltaCenter` for this step.
    package var frameA = Vec2.zero
    package var frameB = Vec2.zero
    package var deltaCenter = Vec2.zero
    /// Anchor arms (world axes) when the rows were last taken.
    package var rA = Vec2.zero
    package var rB = Vec2.zero
}

extension World {
    /// Builds the pin forest's records from the generic tree just built; false (generic solver) when some tree
    /// joint is not a free pin.
    package mutating func buildPinTree() -> Bool {
        forest.pinNodes.removeAll(keepingCapacity: true)
        forest.pinJoints.removeAll(keepingCapacity: true)
        for node in forest.treeNodes where node.isJoint && joints[Int(node.index)].kind != .revolute { return false }
        // Level by level across all trees (a multi-source breadth-first order: still parents before children):
        // consecutive nodes then mostly belong to different trees, and the processor overlaps their eliminations.
        let count = forest.treeNodes.count
        var depth = [Int32](repeating: 0, count: count)
        var levelSize: [Int32] = [0]
        for (i, node) in forest.treeNodes.enumerated() {
            if node.parent != -1 { depth[i] = depth[Int(node.parent)] + 1 }
            while levelSize.count <= Int(depth[i]) + 1 { levelSize.append(0) }
            levelSize[Int(depth[i]) + 1] += 1
        }
        for l in 1..<levelSize.count { levelSize[l] += levelSize[l - 1] }
        var newIndex = [Int32](repeating: -1, count: count)
        var source = [Int32](repeating: -1, count: count)
        for i in 0..<count {
            let l = Int(depth[i])
            newIndex[i] = levelSize[l]
            source[Int(levelSize[l])] = Int32(i)
            levelSize[l] += 1
        }
        for i in 0..<count {
            let node = forest.treeNodes[Int(source[i])]
            let parent = node.parent == -1 ? -1 : newIndex[Int(node.parent)]
            forest.pinNodes.append(
                PinTreeNode(parent: parent, body: node.isJoint ? -1 : node.index, isJoint: node.isJoint))
            guard node.isJoint else { continue }
            let k = Int(node.index)
            var pj = PinTreeJoint(
                node: Int32(i), child: -1, joint: node.index,
                bodyA: joints[k].bodyA, bodyB: joints[k].bodyB)
            if node.parent != -1 { pj.parentIsB = forest.treeNodes[Int(node.parent)].index == joints[k].bodyB }
            forest.pinJoints.append(pj)
        }
        // Each joint has at most one child body (a grounded root has one tree body; any other joint has its parent
        // body and one child); the pin records assume it.
        var slot = [Int32](repeating: -1, count: count)
        for (n, pj) in forest.pinJoints.enumerated() { slot[Int(pj.node)] = Int32(n) }
        for i in 0..<count where !forest.pinNodes[i].isJoint && forest.pinNodes[i].parent != -1 {
            let n = Int(slot[Int(forest.pinNodes[i].parent)])
            if forest.pinJoints[n].child != -1 {
                forest.pinNodes.removeAll(keepingCapacity: true)
                forest.pinJoints.removeAll(keepingCapacity: true)
                return false
            }
            forest.pinJoints[n].child = Int32(i)
            forest.pinJoints[n].childIsB = forest.pinNodes[i].body == forest.pinJoints[n].bodyB
            forest.pinNodes[i].sign = forest.pinJoints[n].childIsB ? 1 : -1
        }
        for pj in forest.pinJoints where forest.pinNodes[Int(pj.node)].parent != -1 {
            forest.pinNodes[Int(pj.node)].sign = pj.parentIsB ? 1 : -1
        }
        return true
    }

    /// Copies this step's joint constants (prepared by `prepareJoints`) into the pin records.
    package mutating func refreshPinTree() {
        let n = forest.pinJoints.count
        forest.pinJoints.withUnsafeMutableBufferPointer { pj in
            joints.withUnsafeBufferPointer { jo in
                for i in 0..<n {
                    let k = Int(pj[i].joint)
                    pj[i].frameA = jo[k].frameA
                    pj[i].frameB = jo[k].frameB
                    pj[i].deltaCenter = jo[k].deltaCenter
                }
            }
        }
    }

    /// Each pin's error from the bodies' current step displacement, pt, into its node's right-hand side; with
    /// `takeRows`, also the rows (anchor arms) for the next factorization. Returns the largest error, pt.
    package mutating func computePinRows(takeRows: Bool) -> Double {
        var worst2 = 0.0
        let n = forest.pinJoints.count
        forest.pinJoints.withUnsafeMutableBufferPointer { pj in
            forest.pinNodes.withUnsafeMutableBufferPointer { nodes in
                states.withUnsafeBufferPointer { st in
                    for i in 0..<n {
                        let a = st[Int(pj[i].bodyA)], b = st[Int(pj[i].bodyB)]
                        let rA = a.dq.rotate(pj[i].frameA), rB = b.dq.rotate(pj[i].frameB)
                        let c = (b.dp - a.dp) + pj[i].deltaCenter + rB - rA
                        nodes[Int(pj[i].node)].c = c
                        worst2 = Swift.max(worst2, c.lengthSquared)
                        if takeRows {
                            pj[i].rA = rA
                            pj[i].rB = rB
                            nodes[Int(pj[i].node)].arm = (pj[i].parentIsB ? rB : rA).leftPerp
                            let child = Int(pj[i].child)
                            if child >= 0 { nodes[child].arm = (pj[i].childIsB ? rB : rA).leftPerp }
                        }
                    }
                }
            }
        }
        return worst2.squareRoot()
    }

    /// Factors the pin forest's KKT matrix for the rows last taken: body blocks diag(m, m, I (+ m·extent² with
    /// `turnWeighting`)), joint blocks 0, children eliminated into their parents.
    package mutating func factorPinTree(turnWeighting: Bool) {
        let n = forest.pinNodes.count
        forest.pinNodes.withUnsafeMutableBufferPointer { nodes in
            bodies.withUnsafeBufferPointer { bo in
                for i in 0..<n {
                    if nodes[i].isJoint {
                        nodes[i].d = .zero
                    } else {
                        let b = Int(nodes[i].body)
                        let m = bo[b].mass, e = bo[b].maxExtent
                        nodes[i].d = .diagonal(
                            m, m, bo[b].inertia + (turnWeighting ? jointProjectionTurnWeight * m * e * e : 0))
                    }
                }
                // Children are eliminated into their parent. A parent that comes right before its child (every link of
                // a chain) gets the update in registers: through memory it would wait on a store forward per node.
                var carry = Sym3.zero
                var carryTo = -1
                var i = n - 1
                while i >= 0 {
                    let isJoint = nodes[i].isJoint
                    var d = nodes[i].d
                    if carryTo == i { d = d - carry }
                    let dinv = isJoint ? d.inverse2 : d.inverse
                    nodes[i].d = dinv
                    carryTo = -1
                    let p = Int(nodes[i].parent)
                    if p >= 0 {
                        let a = nodes[i].arm
                        let update: Sym3
                        if isJoint {
                            // Into the parent body: Jᵀ·D⁻¹·J = [[D⁻¹, D⁻¹a], [aᵀD⁻¹, aᵀD⁻¹a]].
                            let da = dinv.times2(a)
                            update = Sym3(
                                xx: dinv.xx, xy: dinv.xy, xz: da.x, yy: dinv.yy, yz: da.y,
                                zz: a.x * da.x + a.y * da.y)
                        } else {
                            // Into the parent joint: J·D⁻¹·Jᵀ = P + q·aᵀ + a·qᵀ + z·a·aᵀ for D⁻¹ = [[P, q], [qᵀ, z]].
                            let qx = dinv.xz + dinv.zz * a.x, qy = dinv.yz + dinv.zz * a.y
                            update = Sym3(
                                xx: dinv.xx + a.x * (dinv.xz + qx), xy: dinv.xy + a.x * dinv.yz + a.y * qx, xz: 0,
                                yy: dinv.yy + a.y * (dinv.yz + qy), yz: 0, zz: 0)
                        }
                        if p == i - 1 {
                            carry = update
                            carryTo = p
                        } else {
                            nodes[p].d = nodes[p].d - update
                        }
                    }
                    i -= 1
                }
            }
        }
    }

    /// Solves the factored system for right-hand sides `c` on joint rows (zero on body rows); leaves the body
    /// solution in `x`.
    package mutating func solvePinTree() {
        let n = forest.pinNodes.count
        forest.pinNodes.withUnsafeMutableBufferPointer { nodes in
            for i in 0..<n { nodes[i].y = Vec3(nodes[i].c.x, nodes[i].c.y, 0) }
            // Forward: children into parents (in registers when the parent is the next node, as in the factor).
            var carry = Vec3.zero
            var carryTo = -1
            var i = n - 1
            while i >= 0 {
                var y = nodes[i].y
                if carryTo == i { y = y + carry }
                nodes[i].y = y
                carryTo = -1
                let p = Int(nodes[i].parent)
                if p >= 0 {
                    let s = nodes[i].sign, a = nodes[i].arm
                    let update: Vec3
                    if nodes[i].isJoint {
                        let z = nodes[i].d.times2(Vec2(y.x, y.y))
                        update = Vec3(s * z.x, s * z.y, s * (a.x * z.x + a.y * z.y))
                    } else {
                        let u = nodes[i].d.times(y)
                        update = Vec3(s * (u.x + a.x * u.z), s * (u.y + a.y * u.z), 0)
                    }
                    if p == i - 1 {
                        carry = update
                        carryTo = p
                    } else {
                        nodes[p].y = nodes[p].y + update
                    }
                }
                i -= 1
            }
            // Back substitution, parents first (the previous node's solution kept in registers).
            var last = Vec3.zero
            for i in 0..<n {
                var r = nodes[i].y
                let p = Int(nodes[i].parent)
                if p >= 0 {
                    let xp = p == i - 1 ? last : nodes[p].x
                    let s = nodes[i].sign, a = nodes[i].arm
                    if nodes[i].isJoint {
                        r.x += s * (xp.x + a.x * xp.z)
                        r.y += s * (xp.y + a.y * xp.z)
                    } else {
                        r.x += s * xp.x
                        r.y += s * xp.y
                        r.z += s * (a.x * xp.x + a.y * xp.y)
                    }
                }
                let x: Vec3
                if nodes[i].isJoint {
                    let l = nodes[i].d.times2(Vec2(r.x, r.y))
                    x = Vec3(l.x, l.y, 0)
                } else {
                    x = nodes[i].d.times(r)
                }
                nodes[i].x = x
                last = x
            }
        }
    }

    /// One Newton iteration of the pin forest's position projection (see `projectJointTreeOnce`).
    package mutating func projectPinTreeOnce(tolerance: Double) -> Double {
        let worst = computePinRows(takeRows: true)
        if worst <= tolerance { return worst }
        factorPinTree(turnWeighting: true)
        forest.treeFactoredForVelocity = false
        solvePinTree()
        applyPinDisplacement()
        return worst
    }

    /// Moves the tree bodies by the solution, scaled down so no body turns more than 0.1 rad (damped Newton).
    private mutating func applyPinDisplacement() {
        let n = forest.pinNodes.count
        forest.pinNodes.withUnsafeBufferPointer { nodes in
            states.withUnsafeMutableBufferPointer { st in
                var maxTurn = 0.0
                for i in 0..<n where !nodes[i].isJoint { maxTurn = Swift.max(maxTurn, abs(nodes[i].x.z)) }
                let scale = maxTurn > 0.1 ? 0.1 / maxTurn : 1
                for i in 0..<n where !nodes[i].isJoint {
                    let b = Int(nodes[i].body), x = nodes[i].x
                    st[b].dp += Vec2(scale * x.x, scale * x.y)
                    st[b].dq = st[b].dq.integrated(by: scale * x.z)
                }
            }
        }
    }

    /// The pin forest's exact velocity pass (see `solveTreeVelocities`).
    package mutating func solvePinVelocities() {
        if !forest.treeFactoredForVelocity {
            _ = computePinRows(takeRows: true)
            factorPinTree(turnWeighting: false)
            forest.treeFactoredForVelocity = true
        }
        let n = forest.pinJoints.count
        forest.pinJoints.withUnsafeBufferPointer { pj in
            forest.pinNodes.withUnsafeMutableBufferPointer { nodes in
                states.withUnsafeBufferPointer { st in
                    for i in 0..<n {
                        let a = st[Int(pj[i].bodyA)], b = st[Int(pj[i].bodyB)]
                        nodes[Int(pj[i].node)].c = (b.v + cross(b.w, pj[i].rB)) - (a.v + cross(a.w, pj[i].rA))
                    }
                }
            }
        }
        solvePinTree()
        let m = forest.pinNodes.count
        forest.pinNodes.withUnsafeBufferPointer { nodes in
            states.withUnsafeMutableBufferPointer { st in
                for i in 0..<m where !nodes[i].isJoint {
                    let b = Int(nodes[i].body)
                    st[b].v += Vec2(nodes[i].x.x, nodes[i].x.y)
                    st[b].w += nodes[i].x.z
                }
            }
        }
    }
}
