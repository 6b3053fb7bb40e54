/// Continuous collision: a body that moved far in one step is swept from its start pose to its end pose against
/// static shapes and stopped at the first time of impact, so that it never passes through a wall at any speed.
/// Only static shapes whose surface the centre-of-mass path crosses are swept against (that is the only way to
/// tunnel); contact with everything else is left to the speculative contacts, so bodies sliding along a boundary
/// never pause. A body that already touches the crossed shape is stopped with its centre just before the surface.
extension World {
    package mutating func solveContinuous(_ body: Int32) {
        // Nothing static to sweep against (a world of moving bodies, such as a spinning drum): skip the sweep's set-up
        // (an arctangent, a sine and a cosine per fast body).
        if staticTree.leafCount == 0 { return }
        let i = Int(body)
        let b = bodies[i]
        let a2 = b.angle
        let a1 = a2 - Rotation.invMul(b.rotation0, b.transform.q).angle
        let sweep = Sweep(localCenter: b.localCenter, c1: b.center0, c2: b.center, a1: a1, a2: a2)
        let xf1 = sweep.transform(at: 0)
        let target = 0.25 * settings.linearSlop
        var minT = 1.0
        var s = b.firstShape
        while s != -1 {
            if shapes[Int(s)].filter.isInert {
                s = shapes[Int(s)].nextOnBody
                continue
            }
            let box = shapeAABB(s, xf1).union(shapeAABB(s, b.transform))
            scratch.ccdCandidates.removeAll(keepingCapacity: true)
            staticTree.query(box, stack: &queryStack, results: &scratch.ccdCandidates)
            for t in scratch.ccdCandidates {
                let other = shapes[Int(t)]
                if !CollisionFilter.collide(shapes[Int(s)].filter, other.filter) { continue }
                let ob = bodies[Int(other.body)]
                // Only a centre-of-mass path that crosses the static shape's surface can tunnel; a body sliding
                // along a surface (or resting on a curved boundary) is left to its speculative contacts.
                guard let crossing = withView(of: t, { rayCast($0, ob.transform, from: sweep.c1, to: sweep.c2) }) else {
                    continue
                }
                let staticSweep = Sweep(
                    localCenter: ob.localCenter, c1: ob.center, c2: ob.center, a1: ob.angle, a2: ob.angle)
                let result = vertexPool.withUnsafeBufferPointer { vp in
                    normalPool.withUnsafeBufferPointer { np in
                        timeOfImpact(
                            World.view(shapes[Int(s)], vp.baseAddress, np.baseAddress), sweep,
                            World.view(other, vp.baseAddress, np.baseAddress), staticSweep,
                            maxFraction: minT, targetSeparation: target)
                    }
                }
                switch result.state {
                case .hit:
                    minT = Swift.min(minT, result.fraction)
                case .overlapped, .failed:
                    // Already touching at the start: stop the centre of mass just before the surface.
                    let travel = (sweep.c2 - sweep.c1).length
                    let back = travel > 0 ? Swift.min(crossing.fraction, target / travel) : 0
                    minT = Swift.min(minT, Swift.max(crossing.fraction - back, 0))
                case .separated:
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
