/// Fields inside the solver: evaluated once per sub-step, in the velocity integration.
extension World {
    /// The velocity integration of `World+Step.swift` with fields: the same update
    /// `v ← (v + h (g·s + F/m)) / (1 + h·c)`, `ω ← (ω + h τ/I) / (1 + h·c_ω)`, speed cap, with the fields' forces
    /// added to F — or, for a body inside a velocity field, v ← direction × 100 pt/s (gravity and forces ignored)
    /// before the damping. Called instead of the plain loop only while the world has fields, so a world without
    /// fields pays nothing. The two loops must stay identical apart from the fields; the test "a field that acts
    /// on nothing changes nothing" compares them bit for bit.
    package mutating func integrateVelocitiesWithFields(h: Double) {
        // The noise clock: world time after this sub-step, accumulated in double.
        if fieldStore.clockStep != stepCount {
            fieldStore.clock = time
            fieldStore.clockStep = stepCount
        }
        fieldStore.clock += h
        let now = fieldStore.clock
        let gravity = settings.gravity
        let maxSpeed = settings.maxLinearSpeed
        let ppm = FieldUnits.pointsPerMeter
        for i32 in awakeBodies {
            let i = Int(i32)
            if bodies[i].type != .dynamic { continue }
            var v = states[i].v
            var fieldForce = Vec2.zero
            var replaced = false
            let mask = bodies[i].fieldMask
            if mask != 0 {
                let center = bodies[i].center0 + states[i].dp
                var body = FieldBodyState(local: .zero, velocity: v, mass: bodies[i].mass, charge: bodies[i].charge)
                for k in fieldStore.order where mask & (UInt32(1) << UInt32(k)) != 0 {
                    let slot = Int(k)
                    let position = fieldStore.slots[slot].definition.position
                    body.local = center - position
                    guard fieldStore.slots[slot].definition.region.contains(body.local) else { continue }
                    if fieldStore.slots[slot].definition.kind == .velocity {
                        v = ppm * fieldStore.slots[slot].definition.direction
                        replaced = true
                        break
                    }
                    fieldForce += fieldStore.slots[slot].definition.force(on: body, time: now, deltaTime: h,
                                                                          evaluator: fieldStore.slots[slot].evaluator)
                }
            }
            if !replaced {
                v = v + h * (bodies[i].gravityScale * gravity + bodies[i].invMass * (bodies[i].force + ppm * fieldForce))
            }
            var w = states[i].w + h * bodies[i].invInertia * bodies[i].torque
            v *= 1 / (1 + h * bodies[i].linearDamping)
            w *= 1 / (1 + h * bodies[i].angularDamping)
            let s2 = v.lengthSquared
            if s2 > maxSpeed * maxSpeed { v *= maxSpeed / s2.squareRoot() }
            states[i].v = v
            states[i].w = w
        }
    }
}
