/// Continuous collision: a body that moved far in one step is swept from its start pose to its end pose against
/// static shapes and stopped at the first time of impact, so that it never passes through a wall at any speed.
extension World {
    package mutating func solveContinuous(_ body: Int32) {
        let i = Int(body)
        let b = bodies[i]
        let a2 = b.angle
        let a1 = a2 - Rotation.invMul(b.rotation0, b.transform.q).angle
        let sweep = Sweep(localCenter: b.localCenter, c1: b.center0, c2: b.center, a1: a1, a2: a2)
        let xf1 = sweep.transform(at: 0)
        let target = settings.linearSlop
        var minT = 1.0
        queryResults.removeAll(keepingCapacity: true)
        var s = b.firstShape
        while s != -1 {
            let box1 = withView(of: s) { computeAABB($0, xf1) }
            let box = box1.union(shapes[Int(s)].aabb.union(withView(of: s) { computeAABB($0, b.transform) }))
            let before = queryResults.count
            staticTree.query(box, stack: &queryStack, results: &queryResults)
            // Tag results with the querying shape by interleaving: keep pairs (s, t).
            var k = before
            var pairs: [(Int32, Int32)] = []
            while k < queryResults.count {
                pairs.append((s, queryResults[k]))
                k += 1
            }
            queryResults.removeLast(queryResults.count - before)
            for (ms, t) in pairs {
                let st = shapes[Int(t)]
                if !CollisionFilter.collide(shapes[Int(ms)].filter, st.filter) { continue }
                if !noCollidePairs.isEmpty && noCollidePairs.contains(pairKey(body, st.body)) { continue }
                let sb = bodies[Int(st.body)]
                let staticSweep = Sweep(localCenter: sb.localCenter, c1: sb.center, c2: sb.center, a1: sb.angle, a2: sb.angle)
                let result = vertexPool.withUnsafeBufferPointer { vp in
                    normalPool.withUnsafeBufferPointer { np in
                        timeOfImpact(view(ms, vp.baseAddress, np.baseAddress), sweep,
                                     view(t, vp.baseAddress, np.baseAddress), staticSweep,
                                     maxFraction: minT, targetSeparation: target)
                    }
                }
                switch result.state {
                case .hit:
                    if result.fraction < minT { minT = result.fraction }
                case .overlapped:
                    // Already touching at the start: never let the centre of mass cross the static surface.
                    if let hit = withView(of: t, { rayCast($0, sb.transform, from: sweep.c1, to: sweep.c2) }) {
                        let travel = (sweep.c2 - sweep.c1).length
                        let back = travel > 0 ? Swift.min(hit.fraction, target / travel) : 0
                        let f = Swift.max(hit.fraction - back, 0)
                        if f < minT { minT = f }
                    }
                default:
                    break
                }
            }
            s = shapes[Int(s)].nextOnBody
        }
        if minT < 1 {
            let xf = sweep.transform(at: minT)
            bodies[i].transform = xf
            bodies[i].angle = a1 + minT * (a2 - a1)
            bodies[i].center = xf.apply(b.localCenter)
        }
    }
}
