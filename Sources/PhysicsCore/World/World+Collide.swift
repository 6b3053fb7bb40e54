/// Narrow phase: refresh the manifold of every contact with an awake body, retire pairs whose bounds parted,
/// record touch begin/end and wake sleeping islands that are hit.
extension World {
    package mutating func collide(dt: Double) {
        updatePairs()
        let slop = settings.linearSlop
        let baseSpeculative = 4 * slop
        let sleepSpeed = settings.sleepLinearThreshold
        var wakeList: [Int32] = []
        var needsCompaction = false
        deepBodies.removeAll(keepingCapacity: true)
        vertexPool.withUnsafeBufferPointer { vp in
            normalPool.withUnsafeBufferPointer { np in
                shapes.withUnsafeBufferPointer { sh in
                    bodies.withUnsafeBufferPointer { bo in
                        states.withUnsafeBufferPointer { st in
                            contacts.withUnsafeMutableBufferPointer { co in
                                manifoldCaches.withUnsafeMutableBufferPointer { mc in
                                    for k in 0..<co.count {
                                        let ia = Int(co[k].bodyA), ib = Int(co[k].bodyB)
                                        let awakeA = bo[ia].isAwake, awakeB = bo[ib].isAwake
                                        if !awakeA && !awakeB { continue }
                                        // Read the shapes' boxes in place (a Shape record is several cache lines; copying two per pair was
                                        // a measurable share of the narrow phase in crowds).
                                        let sa = sh.baseAddress! + Int(co[k].shapeA),
                                            sb = sh.baseAddress! + Int(co[k].shapeB)
                                        if !sa.pointee.fatAABB.overlaps(sb.pointee.fatAABB) {
                                            co[k].retire = true
                                            needsCompaction = true
                                            continue
                                        }
                                        let relSpeed =
                                            (st[ib].v - st[ia].v).length + abs(st[ia].w) * bo[ia].maxExtent + abs(
                                                st[ib].w)
                                            * bo[ib].maxExtent
                                        let speculative = baseSpeculative + relSpeed * dt
                                        let settled = relSpeed * dt <= ManifoldCache.settledMotion
                                        var m: Manifold
                                        let old = co[k].manifold
                                        // Tight boxes further apart than the speculative distance: the shapes are too, so the narrow phase
                                        // would return no point (common in crowds of small items, whose fattened boxes overlap widely).
                                        let boxA = sa.pointee.aabb, boxB = sb.pointee.aabb
                                        let gapX = Swift.max(boxA.lower.x - boxB.upper.x, boxB.lower.x - boxA.upper.x)
                                        let gapY = Swift.max(boxA.lower.y - boxB.upper.y, boxB.lower.y - boxA.upper.y)
                                        let xfA = bo[ia].transform, xfB = bo[ib].transform
                                        if Swift.max(gapX, gapY) > speculative {
                                            // Still apart and had no point: nothing below would change (no impulses to carry, not
                                            // touching), so skip the writes.
                                            if old.pointCount == 0 && !co[k].isTouching { continue }
                                            m = Manifold()
                                            mc[k].invalidate()
                                        } else if sa.pointee.geometry.kind == .circle
                                            && sb.pointee.geometry.kind == .circle
                                        {
                                            // Two circles: their routine costs about what a reuse test does, so no cache.
                                            m = collideCircles(
                                                sa.pointee.geometry, xfA, sb.pointee.geometry, xfB, speculative)
                                        } else if settled && mc[k].canReuse(xfA, xfB, speculativeDistance: speculative)
                                        {
                                            // Same relative pose (ManifoldCache.swift): same points and ids, so the accumulated
                                            // impulses carry over as they are.
                                            m = mc[k].reuse(old, xfA, xfB)
                                        } else {
                                            let va = World.view(sa.pointee, vp.baseAddress, np.baseAddress)
                                            let vb = World.view(sb.pointee, vp.baseAddress, np.baseAddress)
                                            if va.geometry.kind == .polygon && vb.geometry.kind == .polygon {
                                                // With the pair's separating-axis hint (same result, less work).
                                                m = collidePolygons(
                                                    NarrowPolygon(va), xfA, NarrowPolygon(vb), xfB, speculative,
                                                    separatingAxis: &mc[k].separatingAxis)
                                            } else {
                                                m = PhysicsCore.collide(
                                                    va, xfA, vb, xfB, speculativeDistance: speculative)
                                            }
                                            // A pair moving apart or together faster than the tolerance per step cannot reuse
                                            // the manifold in the next one: no cache.
                                            if settled {
                                                mc[k].store(m, xfA, xfB, speculativeDistance: speculative)
                                            } else {
                                                mc[k].invalidate()
                                            }
                                        }
                                        // Match accumulated impulses by feature id for warm starting.
                                        var n0 = 0.0, n1 = 0.0, t0 = 0.0, t1 = 0.0
                                        for p in 0..<m.pointCount {
                                            let id = m[p].id
                                            var ni = 0.0, ti = 0.0
                                            if old.pointCount > 0 && old.point0.id == id {
                                                ni = co[k].normalImpulse0; ti = co[k].tangentImpulse0
                                            } else if old.pointCount > 1 && old.point1.id == id {
                                                ni = co[k].normalImpulse1; ti = co[k].tangentImpulse1
                                            }
                                            if p == 0 { n0 = ni; t0 = ti } else { n1 = ni; t1 = ti }
                                        }
                                        if m.pointCount == 0 { m.normal = old.normal }
                                        co[k].manifold = m
                                        co[k].normalImpulse0 = n0
                                        co[k].normalImpulse1 = n1
                                        co[k].tangentImpulse0 = t0
                                        co[k].tangentImpulse1 = t1
                                        var minSep = Double.greatestFiniteMagnitude
                                        for p in 0..<m.pointCount { minSep = Swift.min(minSep, m[p].separation) }
                                        let touching = m.pointCount > 0 && minSep < slop
                                        // A body pressed deep into static geometry (by a crowd or a joint) gets the centre-crossing guard
                                        // of continuous collision even when it moves slowly.
                                        if co[k].isSolid && minSep < 0 {
                                            if bo[ib].type == .dynamic && bo[ia].type == .static
                                                && minSep < -0.25 * bo[ib].minExtent
                                            {
                                                deepBodies.append(Int32(ib))
                                            } else if bo[ia].type == .dynamic && bo[ib].type == .static
                                                && minSep < -0.25 * bo[ia].minExtent
                                            {
                                                deepBodies.append(Int32(ia))
                                            }
                                        }
                                        let was = co[k].isTouching
                                        co[k].isTouching = touching
                                        // A sleeping body would be an immovable wall to the solver: wake its island (before this step's
                                        // solve) when a contact with an awake body begins — speculative points count, as in Box2D, or the
                                        // striker is stopped short of the sleeper and never touches it — or when the awake side approaches
                                        // a sleeper it already had points with.
                                        if co[k].isSolid && m.pointCount > 0 && (!awakeA || !awakeB)
                                            && (touching && !was || old.pointCount == 0
                                                || World.approaches(
                                                    m, bo[ia], st[ia], bo[ib], st[ib], faster: sleepSpeed))
                                        {
                                            if !awakeA && bo[ia].type == .dynamic { wakeList.append(Int32(ia)) }
                                            if !awakeB && bo[ib].type == .dynamic { wakeList.append(Int32(ib)) }
                                        }
                                        if touching && !was {
                                            if co[k].reportsEvents { co[k].beganTouch = true }
                                        } else if !touching && was && co[k].reportsEvents {
                                            co[k].endedTouch = true
                                            needsCompaction = true
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // End events, then retire parted pairs (stable order).
        if needsCompaction { retireContacts() }
        for b in wakeList { wakeIsland(of: b) }
        for b in deepBodies { bodies[Int(b)].needsContinuous = true }
    }

    /// Whether the two bodies close on some point of the manifold faster than `speed` (pt/s).
    @inline(__always) private static func approaches(
        _ m: Manifold, _ a: Body, _ sa: BodyState, _ b: Body,
        _ sb: BodyState, faster speed: Double
    ) -> Bool {
        for p in 0..<m.pointCount {
            let point = m[p].point
            let va = sa.v + cross(sa.w, point - a.center)
            let vb = sb.v + cross(sb.w, point - b.center)
            if dot(vb - va, m.normal) < -speed { return true }
        }
        return false
    }

    /// Emits end events of contacts that stopped touching and removes contacts whose bounds parted, keeping order.
    private mutating func retireContacts() {
        removeContacts(deferringEndEvents: false) { $0.retire }
    }

    /// Forgets every pair's cached manifold, so the next narrow phase computes them all (tests compare the two).
    package mutating func invalidateManifoldCaches() {
        for k in manifoldCaches.indices { manifoldCaches[k].invalidate() }
    }

    @inline(__always) package static func view(_ s: Shape, _ verts: UnsafePointer<Vec2>?, _ norms: UnsafePointer<Vec2>?)
        -> ConvexView
    {
        let g = s.geometry
        if g.kind == .polygon, let verts, let norms {
            return ConvexView(geometry: g, vertices: verts + Int(g.vertexStart), normals: norms + Int(g.vertexStart))
        }
        return ConvexView(geometry: g, vertices: nil, normals: nil)
    }
}
