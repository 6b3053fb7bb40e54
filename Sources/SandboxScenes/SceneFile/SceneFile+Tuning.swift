import Dynamics
import Foundation

/// Tuned values: the file a scene started from, with the parameters its behaviours have now.
extension SceneFile {
    /// This file with every behaviour's parameters read from `live` (matched by position; same construction, same
    /// items, same starting velocities), then `extra` item behaviours (the panel's own, for items no behaviour
    /// covered) appended. The tilt gravity keeps its level vector, not the tilted one; pushes keep their `active`.
    @MainActor
    public func tuned(from live: [DynamicBehavior], extra: [DynamicItemBehavior] = [], in world: SceneWorld)
        -> SceneFile
    {
        var out = self
        for (k, b) in zip(behaviors.indices, live) {
            switch (behaviors[k], b) {
            case (.gravity(var g), let gravity as GravityBehavior):
                g.direction = Vector(gravity === world.gravity ? world.levelGravity : gravity.gravityDirection)
                if gravity === world.gravity { g.tiltGain = Double(world.tiltGain) }
                out.behaviors[k] = .gravity(g)
            case (.collision(var c), let collision as CollisionBehavior):
                c.mode = Self.collision(collision, world: world, refs: { _ in ([], nil) }).mode
                out.behaviors[k] = .collision(c)
            case (.itemProperties(var p), let props as DynamicItemBehavior):
                p.elasticity = Double(props.elasticity)
                p.friction = Double(props.friction)
                p.density = Double(props.density)
                p.resistance = Double(props.resistance)
                p.angularResistance = Double(props.angularResistance)
                p.allowsRotation = props.allowsRotation
                p.isAnchored = props.isAnchored
                p.charge = Double(props.charge)
                out.behaviors[k] = .itemProperties(p)
            case (.attachment(var a), let attachment as AttachmentBehavior):
                if attachment.lengthIsExplicit { a.length = Double(attachment.length) }
                a.frequency = Double(attachment.frequency)
                a.damping = Double(attachment.damping)
                if attachment.construction == .pin { a.frictionTorque = Double(attachment.frictionTorque) }
                let ranged = attachment.construction == .pin || attachment.construction == .sliding
                let r = ranged ? attachment.attachmentRange : .infinite
                a.rangeMinimum = r.minimum.isFinite ? Double(r.minimum) : nil
                a.rangeMaximum = r.maximum.isFinite ? Double(r.maximum) : nil
                if attachment.attachedBehaviorType == .anchor { a.anchor = Point(attachment.anchorPoint) }
                out.behaviors[k] = .attachment(a)
            case (.snap(var s), let snap as SnapBehavior):
                s.point = Point(snap.snapPoint)
                s.damping = Double(snap.damping)
                out.behaviors[k] = .snap(s)
            case (.push(var p), let push as PushBehavior):
                p.direction = Vector(push.pushDirection)
                out.behaviors[k] = .push(p)
            case (.field(var f), let field as FieldBehavior):
                if case .field(let now)? = Self.field(field, refs: { _ in ([], nil) }) {
                    f.position = now.position
                    f.region = now.region
                    f.strength = now.strength
                    f.falloff = now.falloff
                    f.minimumRadius = now.minimumRadius
                    f.direction = now.direction
                    f.smoothness = now.smoothness
                    f.animationSpeed = now.animationSpeed
                }
                out.behaviors[k] = .field(f)
            default:
                continue
            }
        }
        out.solver = Solver(world.animator.solverSettings)
        // Behaviours the panel added earlier stay; new ones join.
        out.behaviors.removeSubrange(min(live.count, out.behaviors.count)...)
        let index = Dictionary(
            world.items.enumerated().map { (ObjectIdentifier($0.element), $0.offset) },
            uniquingKeysWith: { a, _ in a })
        for props in extra {
            let items = props.items.compactMap { index[ObjectIdentifier($0)] }
            guard !items.isEmpty else { continue }
            out.behaviors.append(
                .itemProperties(
                    ItemProperties(
                        items: items, elasticity: Double(props.elasticity), friction: Double(props.friction),
                        density: Double(props.density), resistance: Double(props.resistance),
                        angularResistance: Double(props.angularResistance), allowsRotation: props.allowsRotation,
                        isAnchored: props.isAnchored, charge: Double(props.charge), madeByPanel: true)))
        }
        return out
    }
}

extension SceneCatalog {
    /// The catalogue scene `descriptor` as a file, built over `bounds` with `seed` and captured before its first
    /// step: data only, or with `code` naming the scene when it needs its Swift (`SceneFile.needsCode`).
    @MainActor
    public static func file(for descriptor: SceneDescriptor, bounds: CGRect, seed: UInt64 = 1) -> SceneFile {
        let world = descriptor.make(bounds: bounds, seed: seed)
        let reason = SceneFile.needsCode(world)
        var notes = "\(descriptor.source): \(descriptor.summary)"
        if let reason { notes += ". Needs its Swift code (\(reason)); this file holds its tunable values." }
        return SceneFile.capture(
            world, name: descriptor.name, notes: notes, code: reason == nil ? nil : descriptor.name,
            seed: seed
        ).0
    }
}
