import Dynamics
import Foundation
import SandboxScenes

/// The live tuning panel: the selected item's behaviour properties, gravity, and the gestures' behaviours.
extension SandboxApp {
    /// The item behaviour the panel edits for `item`: the last scene behaviour covering it, else one the panel
    /// creates (and adds) for it alone on first use.
    func tuningBehavior(for item: SandboxItem, create: Bool) -> DynamicItemBehavior? {
        let covering = world.allBehaviors.compactMap { $0 as? DynamicItemBehavior }
            .filter { $0 !== control && $0.items.contains { $0 === item } }
        if let last = covering.last { return last }
        guard create else { return nil }
        let b = DynamicItemBehavior(items: [item])
        world.animator.addBehavior(b)
        createdBehaviors.append(b)
        return b
    }

    /// The rows shown now (they depend on the selection and the scene).
    public func panelRows() -> [PanelRow] {
        var rows: [PanelRow] = []
        if let item = overlay.selected {
            let existing = tuningBehavior(for: item, create: false)
            let shared = existing.map { $0.items.count > 1 ? " (shared by \($0.items.count))" : "" } ?? ""
            let section = "item: \(item.name ?? "item")\(shared)"
            func behavior() -> DynamicItemBehavior? { tuningBehavior(for: item, create: true) }
            func slider(
                _ name: String, _ key: ReferenceWritableKeyPath<DynamicItemBehavior, CGFloat>,
                _ range: ClosedRange<Double>, _ step: Double, _ fallback: Double, unit: String = "",
                derived: @escaping @MainActor () -> String? = { nil }
            ) -> PanelRow {
                PanelRow(
                    section: section, name: name, unit: unit, kind: .slider(range: range, step: step),
                    get: { [weak self] in
                        guard let self else { return fallback }
                        return self.tuningBehavior(for: item, create: false).map { Double($0[keyPath: key]) }
                            ?? fallback
                    },
                    set: { v in behavior()?[keyPath: key] = CGFloat(v) }, derived: derived)
            }
            rows.append(slider("elasticity", \.elasticity, 0...2, 0.05, 0.2))
            rows.append(slider("friction", \.friction, 0...2, 0.05, 0.2))
            rows.append(
                slider(
                    "density", \.density, 0.05...20, 0.05, 1,
                    derived: { [weak self] in
                        (self?.world.animator.debugMass(of: item)).map { String(format: "mass %.3g", $0) } ?? "anchored"
                    }))
            rows.append(slider("resistance", \.resistance, 0...10, 0.05, 0.1, unit: "1/s"))
            rows.append(slider("angularResistance", \.angularResistance, 0...10, 0.05, 0.1, unit: "1/s"))
            rows.append(
                PanelRow(
                    section: section, name: "allowsRotation", kind: .toggle,
                    get: { [weak self] in
                        (self?.tuningBehavior(for: item, create: false)?.allowsRotation ?? true) ? 1 : 0
                    },
                    set: { v in behavior()?.allowsRotation = v != 0 }))
            rows.append(
                PanelRow(
                    section: section, name: "isAnchored", kind: .toggle,
                    get: { [weak self] in
                        (self?.tuningBehavior(for: item, create: false)?.isAnchored ?? false) ? 1 : 0
                    },
                    set: { v in behavior()?.isAnchored = v != 0 }))
            rows.append(slider("charge", \.charge, -10...10, 0.1, 0))
            // The item rows are the first eight: the per-item / shared choice goes before them.
            if let scope = editScopeRow(for: item, section: section) { rows.insert(scope, at: max(0, rows.count - 8)) }
            rows += sceneBehaviorRows(for: item)
        } else if let first = world.allBehaviors.compactMap({ $0 as? AttachmentBehavior }).first(where: {
            $0 !== dragAttachment
        }) {
            // Nothing selected: the scene's first attachment is tunable at once.
            rows += attachmentRows(first, index: 0)
        }
        if let g = world.gravity {
            rows.append(
                PanelRow(
                    section: "gravity", name: "angle", unit: "rad", kind: .slider(range: -3.14...3.14, step: 0.02),
                    get: { Double(g.angle) },
                    set: { [weak self] v in
                        g.angle = CGFloat(v)
                        self?.world.levelGravity = g.gravityDirection
                    },
                    derived: { Self.degreesText(Double(g.angle)) }))
            rows.append(
                PanelRow(
                    section: "gravity", name: "magnitude", kind: .slider(range: 0...5, step: 0.05),
                    get: { Double(g.magnitude) },
                    set: { [weak self] v in
                        g.magnitude = CGFloat(v)
                        self?.world.levelGravity = g.gravityDirection
                    },
                    derived: { String(format: "%.0f pt/s^2", Double(g.magnitude) * 1000) }))
        }
        rows.append(
            PanelRow(
                section: "drag attachment", name: "length", unit: "pt",
                kind: .slider(range: 0...300, step: 5),
                get: { [weak self] in self?.gestures.dragLength ?? 0 },
                set: { [weak self] v in
                    self?.gestures.dragLength = v
                    self?.dragAttachment?.length = CGFloat(v)
                },
                derived: { [weak self] in (self?.gestures.dragLength ?? 0) == 0 ? "on the cursor" : nil }))
        rows.append(
            PanelRow(
                section: "drag attachment", name: "frequency", unit: "Hz",
                kind: .slider(range: 0...10, step: 0.1),
                get: { [weak self] in self?.gestures.dragFrequency ?? 0 },
                set: { [weak self] v in
                    self?.gestures.dragFrequency = v
                    self?.dragAttachment?.frequency = CGFloat(v)
                },
                derived: { [weak self] in (self?.gestures.dragFrequency ?? 0) == 0 ? "rigid" : nil }))
        rows.append(
            PanelRow(
                section: "drag attachment", name: "damping", kind: .slider(range: 0...2, step: 0.05),
                get: { [weak self] in self?.gestures.dragDamping ?? 1 },
                set: { [weak self] v in
                    self?.gestures.dragDamping = v
                    self?.dragAttachment?.damping = CGFloat(v)
                }))
        rows.append(
            PanelRow(
                section: "snap (tap)", name: "damping", kind: .slider(range: 0...1, step: 0.05),
                get: { [weak self] in self?.gestures.snapDamping ?? 0.5 },
                set: { [weak self] v in self?.gestures.snapDamping = v }))
        rows.append(
            PanelRow(
                section: "push (right-click)", name: "magnitude", kind: .slider(range: 0...10, step: 0.1),
                get: { [weak self] in self?.gestures.pushMagnitude ?? 2 },
                set: { [weak self] v in self?.gestures.pushMagnitude = v },
                derived: { [weak self] in
                    guard let self, let item = self.overlay.selected,
                        let m = self.world.animator.debugMass(of: item)
                    else { return nil }
                    return String(format: "dv %.0f pt/s", 100 * self.gestures.pushMagnitude / m)
                }))
        rows.append(
            PanelRow(
                section: "push (right-click)", name: "angle", unit: "rad",
                kind: .slider(range: -3.14...3.14, step: 0.02),
                get: { [weak self] in self?.gestures.pushAngle ?? 0 },
                set: { [weak self] v in self?.repush(angle: v) },
                derived: { [weak self] in
                    Self.degreesText(self?.gestures.pushAngle ?? 0)
                }))
        if let push = scenePushes.first {
            rows += continuousPushRows(push)
        }
        if let field = tunedField() {
            rows += fieldRows(field)
        }
        rows += solverRows()
        return recordingEdits(rows)
    }

    /// An angle row's derived text: `radians` in whole degrees ("90 deg").
    static func degreesText(_ radians: Double) -> String {
        String(format: "%.0f deg", radians * 180 / .pi)
    }

    /// Rows for the scene's continuous `push`: magnitude (with the acceleration it gives its first item) and angle.
    func continuousPushRows(_ push: PushBehavior) -> [PanelRow] {
        let section = "push: continuous (scene)"
        return [
            PanelRow(
                section: section, name: "magnitude", kind: .slider(range: 0...10, step: 0.05),
                get: { Double(push.magnitude) },
                set: { push.magnitude = CGFloat($0) },
                derived: { [weak self] in
                    // UIKit: magnitude 1 accelerates a 100 × 100 pt item of density 1 (mass 1) at 100 pt/s².
                    guard let item = push.items.first, let m = self?.world.animator.debugMass(of: item), m > 0
                    else { return nil }
                    return String(format: "a %.0f pt/s^2", 100 * Double(push.magnitude) / m)
                }),
            PanelRow(
                section: section, name: "angle", unit: "rad", kind: .slider(range: -3.14...3.14, step: 0.02),
                get: { Double(push.angle) },
                set: { push.angle = CGFloat($0) },
                derived: { Self.degreesText(Double(push.angle)) })
        ]
    }

    /// The field the panel edits: the first field acting on the selected item, else the scene's first field.
    func tunedField() -> FieldBehavior? {
        let fields = world.allBehaviors.compactMap { $0 as? FieldBehavior }
        if let item = overlay.selected, let own = fields.first(where: { $0.items.contains { $0 === item } }) {
            return own
        }
        return fields.first
    }

    /// Rows for `field`: strength, falloff and its region's size (a radius for a disc, width and height for a
    /// rectangle; the infinite region or a combined one shows a radius row that replaces it with a disc).
    func fieldRows(_ field: FieldBehavior) -> [PanelRow] {
        let section = "field: \(field.factoryName)"
        var rows = [
            PanelRow(
                section: section, name: "strength", kind: .slider(range: -20...20, step: 0.1),
                get: { Double(field.strength) }, set: { field.strength = CGFloat($0) }),
            PanelRow(
                section: section, name: "falloff", kind: .slider(range: -4...4, step: 0.1),
                get: { Double(field.falloff) }, set: { field.falloff = CGFloat($0) })
        ]
        let regionRange: ClosedRange<Double> = 10...1500
        switch field.region.plainShape {
        case .rectangle(let size)?:
            rows.append(
                PanelRow(
                    section: section, name: "region width", unit: "pt",
                    kind: .slider(range: regionRange, step: 10),
                    get: { Double(field.region.plainShape?.size?.width ?? size.width) },
                    set: { v in
                        let h = field.region.plainShape?.size?.height ?? size.height
                        field.region = Region(size: CGSize(width: v, height: h))
                    }))
            rows.append(
                PanelRow(
                    section: section, name: "region height", unit: "pt",
                    kind: .slider(range: regionRange, step: 10),
                    get: { Double(field.region.plainShape?.size?.height ?? size.height) },
                    set: { v in
                        let w = field.region.plainShape?.size?.width ?? size.width
                        field.region = Region(size: CGSize(width: w, height: v))
                    }))
        case .circle?:
            rows.append(
                PanelRow(
                    section: section, name: "region radius", unit: "pt",
                    kind: .slider(range: regionRange, step: 10),
                    get: { Double(field.region.plainShape?.radius ?? 0) },
                    set: { field.region = Region(radius: CGFloat($0)) }))
        case .infinite?, nil:
            let note = field.region.plainShape == .infinite ? "infinite" : "combined region"
            rows.append(
                PanelRow(
                    section: section, name: "region radius", unit: "pt",
                    kind: .slider(range: regionRange, step: 10),
                    get: { Double(field.region.plainShape?.radius ?? regionRange.upperBound) },
                    set: { field.region = Region(radius: CGFloat($0)) },
                    derived: { field.region.plainShape?.radius == nil ? note : nil }))
        }
        return rows + fieldParameterRows(field, section: section)
    }

    /// Moves the panel's keyboard selection by `delta` rows (wrapping).
    func movePanelSelection(_ delta: Int) {
        let n = panelRows().count
        guard n > 0 else { return }
        panelIndex = (((panelIndex + delta) % n) + n) % n
    }

    /// Nudges the selected row by `steps`.
    func nudgePanel(_ steps: Double) {
        let rows = panelRows()
        guard !rows.isEmpty else { return }
        panelIndex = min(panelIndex, rows.count - 1)
        beginPanelEdit(rows[panelIndex])
        rows[panelIndex].nudge(steps)
        commitPanelEdit()
        let r = rows[panelIndex]
        log("\(r.section) \(r.name) = \(r.valueText)")
    }

    /// A click (or drag) at `p` inside the panel `rect`: selects the row; on the track, sets its value.
    func panelClick(_ p: CGPoint, in rect: CGRect, dragging: Bool = false) {
        let rows = panelRows()
        let tops = PanelLayout.rowTops(rows)
        // Row tops are the panel's content coordinates: add the scroll offset shown.
        let ly = Double(p.y - rect.minY) + desktop.panelScroll, lx = Double(p.x - rect.minX)
        if !dragging {
            guard let i = tops.firstIndex(where: { ly >= $0 && ly < $0 + PanelLayout.rowHeight }) else { return }
            panelIndex = i
        }
        guard panelIndex < rows.count else { return }
        let row = rows[panelIndex]
        if !dragging { beginPanelEdit(row) }
        switch row.kind {
        case .toggle:
            if !dragging {
                row.nudge(1)
                commitPanelEdit()
            }
        case .slider:
            guard dragging || (lx >= PanelLayout.trackX - 4 && lx <= PanelLayout.trackX + PanelLayout.trackWidth + 4)
            else { return }
            row.setFraction((lx - PanelLayout.trackX) / PanelLayout.trackWidth)
        }
    }
}
