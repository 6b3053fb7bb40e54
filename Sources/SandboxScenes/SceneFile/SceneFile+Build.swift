import Dynamics
import Foundation

/// Building a scene from a (validated) file.
extension SceneFile {
    /// A built scene and the live behaviour of each file behaviour (same order; a behaviour left to a code scene's
    /// Swift that the file could not hold is absent).
    @MainActor
    public struct Built {
        /// The scene.
        public let world: SceneWorld
        /// The live behaviour of `file.behaviors[k]`.
        public let behaviors: [DynamicBehavior]
    }

    /// Builds the scene. Call `validate()` first (or use `SceneFile.load`): a file that fails it may build a scene
    /// with refused values (each reported by Dynamics' diagnostics). A file with `code` builds its catalogue
    /// scene with Swift over `referenceBounds` and `seed`, then applies this file's behaviour parameters to the
    /// behaviours in the same positions.
    @MainActor
    public func build() -> Built {
        let bounds = CGRect(
            x: referenceBounds.x, y: referenceBounds.y, width: referenceBounds.width,
            height: referenceBounds.height)
        let seed = self.seed ?? 1
        if let code, let descriptor = SceneCatalog.named(code) {
            let world = descriptor.make(bounds: bounds, seed: seed)
            world.animator.solverSettings = solverSettings
            let (_, live) = Self.capture(world, name: name, code: code, seed: seed)
            applyParameters(to: live, in: world)
            // Item behaviours the panel made for items no scene behaviour covered come after the code's own.
            var all = live
            for case .itemProperties(let p) in behaviors.dropFirst(live.count) where p.madeByPanel == true {
                let items = p.items.filter { world.items.indices.contains($0) }.map { world.items[$0] }
                let props = DynamicItemBehavior(items: items)
                Self.configure(props, p)
                world.animator.addBehavior(props)
                all.append(props)
            }
            return Built(world: world, behaviors: all)
        }
        let world = SceneWorld(bounds: bounds, seed: seed)
        world.animator.solverSettings = solverSettings
        let items = self.items.map { world.add(Self.makeItem($0)) }
        let groups = (self.groups ?? []).map { g in DynamicItemGroup(items: g.members.map { items[$0] }) }
        func resolve(_ refs: [Int], _ gs: [Int]?) -> [any DynamicItem] {
            refs.map { items[$0] as any DynamicItem } + (gs ?? []).map { groups[$0] as any DynamicItem }
        }
        var live: [DynamicBehavior] = []
        for behavior in behaviors {
            let b: DynamicBehavior
            switch behavior {
            case .gravity(let g):
                let gravity = GravityBehavior(items: resolve(g.items, g.groups))
                if let d = g.direction { gravity.gravityDirection = d.cgVector }
                b = gravity
                world.animator.addBehavior(gravity)
                if g.tiltable == true && world.gravity == nil {
                    world.adoptGravity(gravity, tiltGain: CGFloat(g.tiltGain ?? 1))
                }
            case .collision(let c):
                let collision = CollisionBehavior(items: resolve(c.items, c.groups))
                Self.configure(collision, c)
                if c.logsContacts == true {
                    let logger = ContactLogger(world)
                    collision.collisionDelegate = logger
                    world.retained.append(logger)
                }
                b = collision
                world.animator.addBehavior(collision)
                // Boundaries after the reference-bounds loop, as scenes add them (walls, then a bowl): the same
                // body order, hence the same bits.
                Self.addBoundaries(collision, c)
                if c.joinsNewItems == true && world.collision == nil { world.collision = collision }
            case .itemProperties(let p):
                let props = DynamicItemBehavior(items: resolve(p.items, p.groups))
                Self.configure(props, p)
                for v in p.velocities ?? [] {
                    if let l = v.linear { props.addLinearVelocity(l.cgPoint, for: items[v.item]) }
                    if let w = v.angular { props.addAngularVelocity(CGFloat(w), for: items[v.item]) }
                }
                b = props
                world.animator.addBehavior(props)
                if world.itemBehavior == nil && p.madeByPanel != true { world.itemBehavior = props }
            case .attachment(let a):
                let attachment = Self.makeAttachment(a, items)
                Self.configure(attachment, a)
                b = attachment
                world.animator.addBehavior(attachment)
            case .snap(let s):
                let snap = SnapBehavior(item: items[s.item], snapTo: s.point.cgPoint)
                if let d = s.damping { snap.damping = CGFloat(d) }
                b = snap
                world.animator.addBehavior(snap)
            case .push(let p):
                let push = PushBehavior(
                    items: resolve(p.items, p.groups),
                    mode: p.mode == "continuous" ? .continuous : .instantaneous)
                Self.configure(push, p, items)
                b = push
                world.animator.addBehavior(push)
            case .field(let f):
                let field = Self.makeField(f)
                for item in resolve(f.items, f.groups) { field.addItem(item) }
                Self.configure(field, f)
                b = field
                world.animator.addBehavior(field)
            }
            live.append(b)
        }
        return Built(world: world, behaviors: live)
    }

    /// Applies every behaviour's parameters (not its items or its construction) to `live`, matched by position:
    /// how a code scene takes its tuned values, and how the app restarts a scene with tuned values.
    @MainActor
    public func applyParameters(to live: [DynamicBehavior], in world: SceneWorld) {
        for (behavior, b) in zip(behaviors, live) {
            switch (behavior, b) {
            case (.gravity(let g), let gravity as GravityBehavior):
                if let d = g.direction { gravity.gravityDirection = d.cgVector }
                if gravity === world.gravity {
                    world.levelGravity = gravity.gravityDirection
                    if let gain = g.tiltGain { world.tiltGain = CGFloat(gain) }
                }
            case (.collision(let c), let collision as CollisionBehavior):
                if let m = c.mode { collision.collisionMode = Self.collisionMode(m) }
            case (.itemProperties(let p), let props as DynamicItemBehavior):
                Self.configure(props, p)
            case (.attachment(let a), let attachment as AttachmentBehavior):
                Self.configure(attachment, a)
            case (.snap(let s), let snap as SnapBehavior):
                snap.snapPoint = s.point.cgPoint
                if let d = s.damping { snap.damping = CGFloat(d) }
            case (.push(let p), let push as PushBehavior):
                if let d = p.direction { push.pushDirection = d.cgVector }
            case (.field(let f), let field as FieldBehavior):
                Self.configure(field, f)
            default:
                continue
            }
        }
    }

    // MARK: Pieces

    @MainActor
    static func makeItem(_ i: Item) -> SandboxItem {
        let shape: DynamicItemCollisionBoundsType =
            switch i.shape {
            case "ellipse": .ellipse
            case "path": .path
            default: .rectangle
            }
        let item = SandboxItem(
            center: i.center.cgPoint, size: CGSize(width: i.size.width, height: i.size.height),
            shape: shape, path: i.path.map(bezierPath),
            color: i.color.flatMap(SceneColor.init(hexString:)) ?? SceneColor.palette[1],
            cornerRadius: CGFloat(i.cornerRadius ?? 0), name: i.name)
        if let a = i.angle, a != 0 { item.transform = CGAffineTransform(rotationAngle: CGFloat(a)) }
        item.imageSlot = i.picture
        return item
    }

    /// A `BezierPath` from commands.
    static func bezierPath(_ elements: [PathElement]) -> BezierPath {
        let path = BezierPath()
        for e in elements {
            let to = e.to?.cgPoint ?? .zero
            switch e.op {
            case "move": path.move(to: to)
            case "line": path.addLine(to: to)
            case "quadCurve": path.addQuadCurve(to: to, controlPoint: e.control?.cgPoint ?? to)
            case "curve":
                path.addCurve(
                    to: to, controlPoint1: e.control1?.cgPoint ?? to, controlPoint2: e.control2?.cgPoint ?? to)
            default: path.close()
            }
        }
        return path
    }

    static func collisionMode(_ name: String) -> CollisionBehavior.Mode {
        switch name {
        case "items": .items
        case "boundaries": .boundaries
        default: .everything
        }
    }

    @MainActor
    static func configure(_ c: CollisionBehavior, _ f: Collision) {
        if let m = f.mode { c.collisionMode = collisionMode(m) }
        if let i = f.insets {
            c.setTranslatesReferenceBoundsIntoBoundary(
                with: EdgeInsets(
                    top: i.top, left: i.left, bottom: i.bottom,
                    right: i.right))
        } else if f.referenceBoundsAreBoundary == true {
            c.translatesReferenceBoundsIntoBoundary = true
        }
    }

    @MainActor
    static func addBoundaries(_ c: CollisionBehavior, _ f: Collision) {
        for boundary in f.boundaries ?? [] {
            let p = boundary.path
            if p.count == 2, p[0].op == "move", p[1].op == "line", let a = p[0].to, let b = p[1].to {
                c.addBoundary(withIdentifier: boundary.id, from: a.cgPoint, to: b.cgPoint)
            } else {
                c.addBoundary(withIdentifier: boundary.id, for: bezierPath(p))
            }
        }
    }

    @MainActor
    static func configure(_ b: DynamicItemBehavior, _ p: ItemProperties) {
        if let v = p.elasticity { b.elasticity = CGFloat(v) }
        if let v = p.friction { b.friction = CGFloat(v) }
        if let v = p.density { b.density = CGFloat(v) }
        if let v = p.resistance { b.resistance = CGFloat(v) }
        if let v = p.angularResistance { b.angularResistance = CGFloat(v) }
        if let v = p.allowsRotation { b.allowsRotation = v }
        if let v = p.isAnchored { b.isAnchored = v }
        if let v = p.charge { b.charge = CGFloat(v) }
    }

    @MainActor
    static func makeAttachment(_ a: Attachment, _ items: [SandboxItem]) -> AttachmentBehavior {
        let item1 = items[a.item]
        let item2 = a.attachedTo.map { items[$0] }
        let anchor = a.anchor?.cgPoint ?? .zero
        let o1 = a.offset.map { Dynamics.Offset(horizontal: $0.horizontal, vertical: $0.vertical) } ?? .zero
        let o2 = a.attachedOffset.map { Dynamics.Offset(horizontal: $0.horizontal, vertical: $0.vertical) } ?? .zero
        let axis = a.axis?.cgVector ?? CGVector(dx: 1, dy: 0)
        switch (a.kind ?? "distance", item2) {
        case ("sliding", let second?):
            return .slidingAttachment(
                with: item1, attachedTo: second, attachmentAnchor: anchor, axisOfTranslation: axis)
        case ("sliding", nil):
            return .slidingAttachment(with: item1, attachmentAnchor: anchor, axisOfTranslation: axis)
        case ("limit", let second?):
            return .limitAttachment(with: item1, offsetFromCenter: o1, attachedTo: second, offsetFromCenter: o2)
        case ("fixed", let second?):
            return .fixedAttachment(with: item1, attachedTo: second, attachmentAnchor: anchor)
        case ("pin", let second?):
            return .pinAttachment(with: item1, attachedTo: second, attachmentAnchor: anchor)
        case (_, let second?):
            return AttachmentBehavior(item: item1, offsetFromCenter: o1, attachedTo: second, offsetFromCenter: o2)
        case (_, nil):
            return AttachmentBehavior(item: item1, offsetFromCenter: o1, attachedToAnchor: anchor)
        }
    }

    @MainActor
    static func configure(_ b: AttachmentBehavior, _ a: Attachment) {
        // Only values that differ are set: a live limit rope refuses any new length (as UIKit does).
        if let v = a.length, CGFloat(v) != b.length { b.length = CGFloat(v) }
        if let v = a.frequency { b.frequency = CGFloat(v) }
        if let v = a.damping { b.damping = CGFloat(v) }
        if let v = a.frictionTorque { b.frictionTorque = CGFloat(v) }
        if a.rangeMinimum != nil || a.rangeMaximum != nil {
            let range = FloatRange(
                minimum: CGFloat(a.rangeMinimum ?? -.infinity),
                maximum: CGFloat(a.rangeMaximum ?? .infinity))
            if range != b.attachmentRange { b.attachmentRange = range }
        }
        if b.attachedBehaviorType == .anchor, b.construction == .distance, let p = a.anchor,
            b.anchorPoint != p.cgPoint
        {
            b.anchorPoint = p.cgPoint
        }
    }

    @MainActor
    static func configure(_ push: PushBehavior, _ p: Push, _ items: [SandboxItem]) {
        if let d = p.direction { push.pushDirection = d.cgVector }
        for o in p.offsets ?? [] {
            push.setTargetOffsetFromCenter(
                Dynamics.Offset(horizontal: o.offset.horizontal, vertical: o.offset.vertical),
                for: items[o.item])
        }
        if let active = p.active { push.active = active }
    }

    @MainActor
    static func makeField(_ f: Field) -> FieldBehavior {
        let direction = f.direction?.cgVector ?? CGVector(dx: 0, dy: 0)
        switch f.kind {
        case "vortex": return .vortexField()
        case "radialGravity": return .radialGravityField(position: f.position?.cgPoint ?? .zero)
        case "linearGravity": return .linearGravityField(direction: direction)
        case "velocity": return .velocityField(direction: direction)
        case "noise":
            return .noiseField(smoothness: CGFloat(f.smoothness ?? 0), animationSpeed: CGFloat(f.animationSpeed ?? 0))
        case "turbulence":
            return .turbulenceField(
                smoothness: CGFloat(f.smoothness ?? 0), animationSpeed: CGFloat(f.animationSpeed ?? 0))
        case "spring": return .springField()
        case "electric": return .electricField()
        case "magnetic": return .magneticField()
        default: return .dragField()
        }
    }

    @MainActor
    static func configure(_ field: FieldBehavior, _ f: Field) {
        if let p = f.position { field.position = p.cgPoint }
        if let r = f.region {
            if let radius = r.radius {
                field.region = Region(radius: CGFloat(radius))
            } else if let s = r.size {
                field.region = Region(size: CGSize(width: s.width, height: s.height))
            }
        } else {
            field.region = .infinite
        }
        if let v = f.strength { field.strength = CGFloat(v) }
        if let v = f.falloff { field.falloff = CGFloat(v) }
        if let v = f.minimumRadius { field.minimumRadius = CGFloat(v) }
        if let v = f.direction { field.direction = v.cgVector }
        if let v = f.smoothness { field.smoothness = CGFloat(v) }
        if let v = f.animationSpeed { field.animationSpeed = CGFloat(v) }
    }
}
