import Dynamics
import Foundation
import SandboxScenes

/// Panel rows for the scene's own behaviours on the selected item: its attachments, its snap, its collision mode,
/// its pushes; and the explicit choice between editing the shared item behaviour and the item alone.
extension SandboxApp {
    /// The scene's attachments on `item` (not the drag's), in add order.
    func attachments(of item: SandboxItem) -> [AttachmentBehavior] {
        let dragging = dragAttachment
        return world.allBehaviors.compactMap { $0 as? AttachmentBehavior }
            .filter { $0 !== dragging && $0.items.contains { $0 === item } }
    }

    /// The scene's snaps on `item` (not the tap's).
    func snaps(of item: SandboxItem) -> [SnapBehavior] {
        world.allBehaviors.compactMap { $0 as? SnapBehavior }
            .filter { $0 !== snapBehavior && $0.items.contains { $0 === item } }
    }

    /// The snap that holds `item`: the scene's first (`snaps(of:)`), else the tap's snap when it is on `item`.
    func snapHolding(_ item: SandboxItem) -> SnapBehavior? {
        snaps(of: item).first
            ?? (snapBehavior as? SnapBehavior).flatMap { s in s.items.contains { $0 === item } ? s : nil }
    }

    /// Rows for the selected item's scene behaviours: up to two attachments, a snap, collision mode, pushes.
    func sceneBehaviorRows(for item: SandboxItem) -> [PanelRow] {
        var rows: [PanelRow] = []
        for (k, a) in attachments(of: item).prefix(2).enumerated() {
            rows += attachmentRows(a, index: k)
        }
        if let s = snaps(of: item).first {
            let section = "snap (scene)"
            rows.append(
                PanelRow(
                    section: section, name: "damping", kind: .slider(range: 0...1, step: 0.05),
                    get: { Double(s.damping) }, set: { s.damping = CGFloat($0) },
                    derived: { [weak self] in self?.snapPrediction(s) }))
        }
        if let c = world.allBehaviors.compactMap({ $0 as? CollisionBehavior })
            .first(where: { $0.items.contains { $0 === item } })
        {
            let modes: [CollisionBehavior.Mode] = [.everything, .items, .boundaries]
            let names = ["everything", "items", "boundaries"]
            rows.append(
                PanelRow(
                    section: "collision (scene)", name: "collisionMode",
                    kind: .slider(range: 0...2, step: 1),
                    get: { Double(modes.firstIndex(of: c.collisionMode) ?? 0) },
                    set: { c.collisionMode = modes[max(0, min(2, Int($0.rounded())))] },
                    derived: { names[modes.firstIndex(of: c.collisionMode) ?? 0] }))
        }
        for p in world.allBehaviors.compactMap({ $0 as? PushBehavior })
            .filter({ $0 !== pushBehavior && $0.mode == .instantaneous && $0.items.contains { $0 === item } }).prefix(1)
        {
            let section = "push: instantaneous (scene)"
            rows.append(
                PanelRow(
                    section: section, name: "magnitude", kind: .slider(range: 0...20, step: 0.1),
                    get: { Double(p.magnitude) }, set: { p.magnitude = CGFloat($0) },
                    derived: { "on R" }))
            rows.append(
                PanelRow(
                    section: section, name: "angle", unit: "rad",
                    kind: .slider(range: -3.14...3.14, step: 0.02),
                    get: { Double(p.angle) }, set: { p.angle = CGFloat($0) },
                    derived: { Self.degreesText(Double(p.angle)) }))
        }
        return rows
    }

    /// Length, frequency, damping (and a pin's friction torque) of one attachment, with its predicted motion.
    func attachmentRows(_ a: AttachmentBehavior, index k: Int) -> [PanelRow] {
        let kind: String =
            switch a.construction {
            case .distance: a.frequency > 0 ? "spring" : "rod"
            case .sliding: "sliding"
            case .limit: "limit"
            case .fixed: "fixed"
            case .pin: "pin"
            }
        let section = "attachment \(k + 1): \(kind) (scene)"
        var rows = [
            PanelRow(
                section: section, name: "length", unit: "pt", kind: .slider(range: 0...600, step: 1),
                get: { Double(a.length) }, set: { a.length = CGFloat($0) }),
            PanelRow(
                section: section, name: "frequency", unit: "Hz", kind: .slider(range: 0...20, step: 0.05),
                get: { Double(a.frequency) }, set: { a.frequency = CGFloat($0) },
                derived: { a.frequency == 0 ? "rigid" : nil }),
            PanelRow(
                section: section, name: "damping", kind: .slider(range: 0...2, step: 0.01),
                get: { Double(a.damping) }, set: { a.damping = CGFloat($0) },
                derived: { [weak self] in self?.springPrediction(a) })
        ]
        if a.frequency > 0 {
            // The spring translator, the other way: set the spring from SwiftUI's response and bounce.
            rows.append(
                PanelRow(
                    section: section, name: "SwiftUI response", unit: "s",
                    kind: .slider(range: 0.05...10, step: 0.01),
                    get: {
                        SpringTranslation(frequency: Double(a.frequency), dampingRatio: Double(a.damping)).response
                    },
                    set: { a.frequency = CGFloat(1 / $0) }))
            rows.append(
                PanelRow(
                    section: section, name: "SwiftUI bounce", kind: .slider(range: -0.9...0.99, step: 0.01),
                    get: { SpringTranslation(frequency: Double(a.frequency), dampingRatio: Double(a.damping)).bounce },
                    set: { b in
                        a.damping = CGFloat(
                            SpringTranslation(duration: 1 / Double(a.frequency), bounce: b).dampingRatio)
                    }))
        }
        if a.construction == .pin {
            rows.append(
                PanelRow(
                    section: section, name: "frictionTorque", kind: .slider(range: 0...10, step: 0.05),
                    get: { Double(a.frictionTorque) }, set: { a.frictionTorque = CGFloat($0) }))
        }
        return rows
    }

    /// The panel's own item behaviour for `item` (made by "edit: this item only"), if any.
    func ownBehavior(for item: SandboxItem) -> DynamicItemBehavior? {
        createdBehaviors.last { b in b.items.count == 1 && b.items.first === item }
    }

    /// The explicit per-item / shared choice: a switch shown when the item's behaviour is shared or already split.
    func editScopeRow(for item: SandboxItem, section: String) -> PanelRow? {
        let shared = world.allBehaviors.compactMap { $0 as? DynamicItemBehavior }
            .filter { b in b !== control && !createdBehaviors.contains { $0 === b } && b.items.contains { $0 === item }
            }
            .last
        let own = ownBehavior(for: item)
        guard own != nil || (shared?.items.count ?? 0) > 1 else { return nil }
        return PanelRow(
            section: section, name: "edit this item only", kind: .toggle,
            get: { [weak self] in self?.ownBehavior(for: item) != nil ? 1 : 0 },
            set: { [weak self] v in self?.setEditsItemOnly(item, v != 0, copying: shared) },
            derived: { [weak self] in
                self?.ownBehavior(for: item) != nil
                    ? "own behaviour"
                    : "edits all \(shared?.items.count ?? 0)"
            })
    }

    /// Gives `item` its own item behaviour (a copy of `shared`'s values, added last so it wins) or removes it.
    func setEditsItemOnly(_ item: SandboxItem, _ only: Bool, copying shared: DynamicItemBehavior?) {
        if only {
            guard ownBehavior(for: item) == nil else { return }
            let b = DynamicItemBehavior(items: [item])
            if let s = shared {
                b.elasticity = s.elasticity
                b.friction = s.friction
                b.density = s.density
                b.resistance = s.resistance
                b.angularResistance = s.angularResistance
                b.allowsRotation = s.allowsRotation
                b.isAnchored = s.isAnchored
                b.charge = s.charge
            }
            world.animator.addBehavior(b)
            createdBehaviors.append(b)
            log("\(item.name ?? "item"): edits now go to this item only")
        } else if let b = ownBehavior(for: item) {
            world.animator.removeBehavior(b)
            createdBehaviors.removeAll { $0 === b }
            log("\(item.name ?? "item"): edits go to the shared behaviour again")
        }
    }
}
