/// Continuous collision: a body that moved far in one step is swept from its start pose to its end pose against
/// static shapes and stopped at the first time of impact, so that it never passes through a wall at any speed.
/// Only static shapes whose surface the centre-of-mass path crosses are swept against (that is the only way to
/// tunnel); contact with everything else is left to the speculative contacts, so bodies sliding along a boundary
/// never pause. A body that already touches the crossed shape is stopped with its centre just before the surface.
extension World {
    /// Sweeps the bodies of `scratch.fastBodies`, in order. A sweep reads only its body and the static shapes, so
    /// all of them can run before the bodies' proxies are refreshed.
    package mutating func solveContinuous() {
        // Nothing static to sweep against (a world of moving bodies, such as a spinning drum): skip the sweep's set-up
        // (an arctangent, a sine and a cosine per fast body).
        if staticTree.leafCount == 0 { return }
        var stack: [Int32] = []
        var candidates: [Int32] = []
        swap(&stack, &queryStack)
        swap(&candidates, &scratch.ccdCandidates)
        let slop = settings.linearSlop
        let root = staticTree.root
        bodies.withUnsafeMutableBufferPointer { bo in
            shapes.withUnsafeBufferPointer { sh in
                vertexPool.withUnsafeBufferPointer { vp in
                    normalPool.withUnsafeBufferPointer { np in
                        staticTree.nodes.withUnsafeBufferPointer { tn in
                            let c = ContinuousContext(
                                bodies: bo.baseAddress!, shapes: sh.baseAddress!, vertices: vp.baseAddress,
                                normals: np.baseAddress, linearSlop: slop, staticNodes: tn.baseAddress,
                                staticRoot: root)
                            for body in scratch.fastBodies {
                                World.sweep(Int(body), c, stack: &stack, candidates: &candidates)
                            }
                        }
                    }
                }
            }
        }
        swap(&stack, &queryStack)
        swap(&candidates, &scratch.ccdCandidates)
    }

    /// `solveContinuous` for body `i` against the static shapes (the static tree is not empty). Reads only body `i`,
    /// its shapes and the static ones, and writes only body `i`, so fast bodies can be swept on any thread, each
    /// with its own `stack` and `candidates`.
    static func sweep(_ i: Int, _ c: ContinuousContext, stack: inout [Int32], candidates: inout [Int32]) {
        let b = c.bodies[i]
        let a2 = b.angle
        let a1 = a2 - Rotation.invMul(b.rotation0, b.transform.q).angle
        let sweep = Sweep(localCenter: b.localCenter, c1: b.center0, c2: b.center, a1: a1, a2: a2)
        let xf1 = sweep.transform(at: 0)
        let target = 0.25 * c.linearSlop
        var minT = 1.0
        var s = b.firstShape
        while s != -1 {
            let shape = c.shapes[Int(s)]
            if shape.filter.isInert {
                s = shape.nextOnBody
                continue
            }
            let box = shapeAABB(shape.geometry, xf1, c.vertices).union(
                shapeAABB(shape.geometry, b.transform, c.vertices))
            candidates.removeAll(keepingCapacity: true)
            DynamicTree.query(c.staticNodes!, root: c.staticRoot, box, stack: &stack, results: &candidates)
            for t in candidates {
                let other = c.shapes[Int(t)]
                if !CollisionFilter.collide(shape.filter, other.filter) { continue }
                let ob = c.bodies[Int(other.body)]
                // Only a centre-of-mass path that crosses the static shape's surface can tunnel; a body sliding
                // along a surface (or resting on a curved boundary) is left to its speculative contacts.
                guard
                    let crossing = rayCast(
                        World.view(other, c.vertices, c.normals), ob.transform, from: sweep.c1, to: sweep.c2)
                else {
                    continue
                }
                let staticSweep = Sweep(
                    localCenter: ob.localCenter, c1: ob.center, c2: ob.center, a1: ob.angle, a2: ob.angle)
                let result = timeOfImpact(
                    World.view(shape, c.vertices, c.normals), sweep, World.view(other, c.vertices, c.normals),
                    staticSweep, maxFraction: minT, targetSeparation: target)
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
            s = shape.nextOnBody
        }
        if minT < 1 {
            let xf = sweep.transform(at: minT)
            c.bodies[i].transform = xf
            c.bodies[i].angle = a1 + minT * (a2 - a1)
            c.bodies[i].center = xf.apply(b.localCenter)
        }
    }
}

/// What a continuous sweep reads (`World.sweep`).
struct ContinuousContext {
    let bodies: UnsafeMutablePointer<Body>
    let shapes: UnsafePointer<Shape>
    let vertices: UnsafePointer<Vec2>?
    let normals: UnsafePointer<Vec2>?
    let linearSlop: Double
    /// The static tree's nodes and root (a sweep runs only when the tree has a leaf).
    let staticNodes: UnsafePointer<DynamicTree.Node>?
    let staticRoot: Int32
}
