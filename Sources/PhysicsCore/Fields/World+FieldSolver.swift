/// Fields inside the solver: evaluated in the velocity integration, once per world step for a free body (as in
/// UIKit's Box2D) and once per sub-step for a body with contacts or joints.
extension World {
    /// The velocity integration of `World+Step.swift` with fields: the same update
    /// `v ← (v + h (g·s + F/m)) / (1 + h·c)`, `ω ← (ω + h τ/I) / (1 + h·c_ω)`, speed cap, with the fields' forces
    /// added to F — or, for a body inside a velocity field, v ← direction × 100 pt/s (gravity and forces ignored)
    /// before the damping. Called instead of the plain loop only while the world has fields, so a world without
    /// fields pays nothing. The two loops must stay identical apart from the fields; the test "a field that acts
    /// on nothing changes nothing" compares them bit for bit.
    ///
    /// As there, a free body (no contact or joint this step) is integrated once per world step with the whole
    /// step `step` in the first sub-step, a constrained one in every sub-step with `sub`.
    package mutating func integrateVelocitiesWithFields(h sub: Double, firstOf step: Double?) {
        // The noise clock: world time after this sub-step, accumulated in double.
        if fieldStore.clockStep != stepCount {
            fieldStore.clock = time
            fieldStore.clockStep = stepCount
        }
        fieldStore.clock += sub
        let gravity = settings.gravity
        let maxSpeed = settings.maxLinearSpeed
        for i32 in scratch.awakeBodies {
            let i = Int(i32)
            if bodies[i].type != .dynamic { continue }
            let h: Double
            if scratch.constrainedThisStep[i] { h = sub } else if let step { h = step } else { continue }
            // A free body's fields see the world time after the whole step.
            let now = scratch.constrainedThisStep[i] ? fieldStore.clock : time + h
            integrateVelocityWithFields(i, h: h, now: now, gravity: gravity, maxSpeed: maxSpeed)
        }
    }

    /// Body `i`'s velocity update over `h` with the fields at world time `now` (`integrateVelocitiesWithFields`).
    mutating func integrateVelocityWithFields(_ i: Int, h: Double, now: Double, gravity: Vec2, maxSpeed: Double) {
        let ppm = FieldUnits.pointsPerMeter
        var v = states[i].v
        let effect = fieldEffect(on: i, center: bodies[i].center0 + states[i].dp, velocity: v, h: h, now: now)
        if let replaced = effect.velocity {
            v = replaced
        } else {
            v = v + h * (bodies[i].gravityScale * gravity + bodies[i].invMass * (bodies[i].force + ppm * effect.force))
        }
        var w = states[i].w + h * bodies[i].invInertia * bodies[i].torque
        v *= 1 / (1 + h * bodies[i].linearDamping)
        w *= 1 / (1 + h * bodies[i].angularDamping)
        let s2 = v.lengthSquared
        if s2 > maxSpeed * maxSpeed { v *= maxSpeed / s2.squareRoot() }
        states[i].v = v
        states[i].w = w
    }

    /// What the fields do to body `i` at `center` moving at `velocity` over `h` at world time `now`: the sum of their
    /// forces (field units: ×`FieldUnits.pointsPerMeter` makes it pt·mass/s²), or the velocity the first velocity
    /// field containing it imposes, pt/s (the forces are then ignored).
    func fieldEffect(on i: Int, center: Vec2, velocity: Vec2, h: Double, now: Double) -> (force: Vec2, velocity: Vec2?)
    {
        var fieldForce = Vec2.zero
        let mask = bodies[i].fieldMask
        if mask == 0 { return (fieldForce, nil) }
        var body = FieldBodyState(local: .zero, velocity: velocity, mass: bodies[i].mass, charge: bodies[i].charge)
        for k in fieldStore.order where mask & (UInt32(1) << UInt32(k)) != 0 {
            let slot = Int(k)
            let position = fieldStore.slots[slot].definition.position
            body.local = center - position
            guard fieldStore.slots[slot].definition.region.contains(body.local) else { continue }
            if fieldStore.slots[slot].definition.kind == .velocity {
                return (fieldForce, FieldUnits.pointsPerMeter * fieldStore.slots[slot].definition.direction)
            }
            fieldForce += fieldStore.slots[slot].definition.force(
                on: body, time: now, deltaTime: h, evaluator: fieldStore.slots[slot].evaluator)
        }
        return (fieldForce, nil)
    }
}
