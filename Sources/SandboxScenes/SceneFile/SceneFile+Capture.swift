import Dynamics
import Foundation

/// Writing a built scene down: `SceneFile(capturing:)` reads a `SceneWorld` before its first step (or its tuned
/// parameters later) into a file.
extension SceneFile {
    /// Why a scene cannot be captured as pure data (it then needs its catalogue `code`).
    @MainActor
    public static func needsCode(_ world: SceneWorld) -> String? {
        if world.onTap != nil { return "a scene-specific tap" }
        if world.onFrame != nil { return "something that runs every frame" }
        if world.allBehaviors.contains(where: { ($0 as? FieldBehavior)?.factoryName == "field" }) {
            return "a custom field block"
        }
        if world.retained.contains(where: { ($0 as? ContactLogger)?.onBoundaryContact != nil }) {
            return "code that runs on a contact"
        }
        return nil
    }

    /// The scene in `world` as a file: its items (as they are now: capture before the first step for a scene's
    /// start), every behaviour of the animator except `excluding` (the app's own gesture behaviours), the tilt
    /// gravity's level vector. `code` names the catalogue scene when the scene needs code; behaviours the format
    /// cannot hold (a custom field block, behaviours with children) are then left to that code.
    /// - Returns: the file, and the live behaviour of each file behaviour (same order).
    @MainActor
    public static func capture(
        _ world: SceneWorld, name: String, notes: String? = nil, code: String? = nil,
        seed: UInt64, excluding: [DynamicBehavior] = []
    ) -> (SceneFile, [DynamicBehavior]) {
        var index: [ObjectIdentifier: Int] = [:]
        for (k, item) in world.items.enumerated() where index[ObjectIdentifier(item)] == nil {
            index[ObjectIdentifier(item)] = k
        }
        var groups: [Group] = []
        var groupIndex: [ObjectIdentifier: Int] = [:]
        func refs(_ items: [any DynamicItem]) -> (items: [Int], groups: [Int]?) {
            var out: [Int] = [], gs: [Int] = []
            for item in items {
                if let k = index[ObjectIdentifier(item)] {
                    out.append(k)
                } else if let g = item as? DynamicItemGroup {
                    let key = ObjectIdentifier(g)
                    if let k = groupIndex[key] {
                        gs.append(k)
                    } else {
                        groupIndex[key] = groups.count
                        gs.append(groups.count)
                        groups.append(Group(members: g.items.compactMap { index[ObjectIdentifier($0)] }))
                    }
                }
            }
            return (out, gs.isEmpty ? nil : gs)
        }
        let excluded = Set(excluding.map(ObjectIdentifier.init))
        var behaviors: [Behavior] = []
        var live: [DynamicBehavior] = []
        var velocityTaken = Set<Int>()
        for b in world.animator.behaviors where !excluded.contains(ObjectIdentifier(b)) {
            let captured: Behavior?
            switch b {
            case let g as GravityBehavior:
                let r = refs(g.items)
                let tilt = g === world.gravity
                let d = tilt ? world.levelGravity : g.gravityDirection
                captured = .gravity(
                    Gravity(
                        items: r.items, groups: r.groups, direction: Vector(d),
                        tiltable: tilt, tiltGain: tilt ? Double(world.tiltGain) : nil))
            case let c as CollisionBehavior:
                captured = .collision(collision(c, world: world, refs: refs))
            case let p as DynamicItemBehavior:
                let r = refs(p.items)
                var velocities: [Velocity] = []
                for item in p.items {
                    guard let k = index[ObjectIdentifier(item)], !velocityTaken.contains(k) else { continue }
                    let v = p.linearVelocity(for: item), w = p.angularVelocity(for: item)
                    guard v != .zero || w != 0 else { continue }
                    velocityTaken.insert(k)
                    velocities.append(
                        Velocity(
                            item: k, linear: v == .zero ? nil : Point(v),
                            angular: w == 0 ? nil : Double(w)))
                }
                captured = .itemProperties(
                    ItemProperties(
                        items: r.items, groups: r.groups, elasticity: Double(p.elasticity),
                        friction: Double(p.friction),
                        density: Double(p.density), resistance: Double(p.resistance),
                        angularResistance: Double(p.angularResistance), allowsRotation: p.allowsRotation,
                        isAnchored: p.isAnchored, charge: Double(p.charge),
                        velocities: velocities.isEmpty ? nil : velocities))
            case let a as AttachmentBehavior:
                captured = attachment(a, index: index)
            case let s as SnapBehavior:
                captured = s.items.first.flatMap { index[ObjectIdentifier($0)] }.map {
                    .snap(Snap(item: $0, point: Point(s.snapPoint), damping: Double(s.damping)))
                }
            case let p as PushBehavior:
                let r = refs(p.items)
                let offsets = p.items.compactMap { item -> PushOffset? in
                    let o = p.targetOffsetFromCenter(for: item)
                    guard o != .zero, let k = index[ObjectIdentifier(item)] else { return nil }
                    return PushOffset(
                        item: k,
                        offset: Offset(
                            horizontal: Double(o.horizontal),
                            vertical: Double(o.vertical)))
                }
                captured = .push(
                    Push(
                        items: r.items, groups: r.groups,
                        mode: p.mode == .continuous ? "continuous" : "instantaneous",
                        direction: Vector(p.pushDirection), active: p.active,
                        offsets: offsets.isEmpty ? nil : offsets))
            case let f as FieldBehavior:
                captured = field(f, refs: refs)
            default:
                captured = nil
            }
            if let captured {
                behaviors.append(captured)
                live.append(b)
            }
        }
        let b = world.bounds
        let file = SceneFile(
            name: name, notes: notes, code: code, seed: seed,
            referenceBounds: Rect(
                x: Double(b.minX), y: Double(b.minY), width: Double(b.width),
                height: Double(b.height)),
            items: world.items.map(item), groups: groups.isEmpty ? nil : groups,
            behaviors: behaviors, solver: Solver(world.animator.solverSettings))
        return (file, live)
    }

    @MainActor
    static func item(_ i: SandboxItem) -> Item {
        let shape: String =
            switch i.collisionBoundsType {
            case .rectangle: "rectangle"
            case .ellipse: "ellipse"
            case .path: "path"
            }
        return Item(
            name: i.name, shape: shape, size: Size(width: Double(i.bounds.width), height: Double(i.bounds.height)),
            center: Point(i.center), angle: Double(i.angle), color: i.color.hexString,
            cornerRadius: Double(i.cornerRadius), picture: i.imageSlot,
            path: i.collisionBoundsType == .path ? pathElements(i.collisionBoundingPath) : nil)
    }

    @MainActor
    static func collision(
        _ c: CollisionBehavior, world: SceneWorld,
        refs: ([any DynamicItem]) -> (items: [Int], groups: [Int]?)
    ) -> Collision {
        let r = refs(c.items)
        let mode: String =
            switch c.collisionMode {
            case .items: "items"
            case .boundaries: "boundaries"
            default: "everything"
            }
        let i = c.referenceBoundsInsets
        let boundaries = (c.boundaryIdentifiers ?? []).compactMap { id -> Boundary? in
            c.boundary(withIdentifier: id).map { Boundary(id: "\(id.base)", path: pathElements($0)) }
        }
        let logs = (c.collisionDelegate as? ContactLogger) != nil
        return Collision(
            items: r.items, groups: r.groups, mode: mode,
            referenceBoundsAreBoundary: c.translatesReferenceBoundsIntoBoundary,
            insets: i == .zero
                ? nil
                : Insets(
                    top: Double(i.top), left: Double(i.left),
                    bottom: Double(i.bottom), right: Double(i.right)),
            boundaries: boundaries.isEmpty ? nil : boundaries,
            joinsNewItems: c === world.collision, logsContacts: logs)
    }

    @MainActor
    static func attachment(_ a: AttachmentBehavior, index: [ObjectIdentifier: Int]) -> Behavior? {
        let items = a.items.compactMap { index[ObjectIdentifier($0)] }
        guard items.count == a.items.count, let first = items.first else { return nil }
        let kind: String =
            switch a.construction {
            case .distance: "distance"
            case .sliding: "sliding"
            case .limit: "limit"
            case .fixed: "fixed"
            case .pin: "pin"
            }
        let (o1, o2) = a.offsets
        func off(_ o: Dynamics.Offset) -> Offset? {
            o == .zero ? nil : Offset(horizontal: Double(o.horizontal), vertical: Double(o.vertical))
        }
        let usesAnchor = a.construction != .distance && a.construction != .limit || items.count == 1
        // attachmentRange is read by pins (rad) and sliders (pt) only.
        let ranged = a.construction == .pin || a.construction == .sliding
        let range = ranged ? a.attachmentRange : .infinite
        return .attachment(
            Attachment(
                kind: kind, item: first, attachedTo: items.count > 1 ? items[1] : nil, offset: off(o1),
                attachedOffset: off(o2), anchor: usesAnchor ? Point(a.anchorPoint) : nil,
                axis: a.construction == .sliding ? Vector(a.axisOfTranslation) : nil,
                length: a.lengthIsExplicit ? Double(a.length) : nil, frequency: Double(a.frequency),
                damping: Double(a.damping), frictionTorque: a.construction == .pin ? Double(a.frictionTorque) : nil,
                rangeMinimum: range.minimum.isFinite ? Double(range.minimum) : nil,
                rangeMaximum: range.maximum.isFinite ? Double(range.maximum) : nil))
    }

    @MainActor
    static func field(_ f: FieldBehavior, refs: ([any DynamicItem]) -> (items: [Int], groups: [Int]?)) -> Behavior? {
        let factory = f.factoryName
        guard factory != "field" else { return nil }
        let r = refs(f.items)
        let region: FieldRegion? =
            switch f.region.plainShape {
            case .circle(let radius)?: FieldRegion(radius: Double(radius))
            case .rectangle(let size)?: FieldRegion(size: Size(width: Double(size.width), height: Double(size.height)))
            case .infinite?, nil: nil
            }
        return .field(
            Field(
                kind: String(factory.dropLast("Field".count)), items: r.items, groups: r.groups,
                position: Point(f.position), region: region, strength: Double(f.strength),
                falloff: Double(f.falloff), minimumRadius: Double(f.minimumRadius),
                direction: Vector(f.direction), smoothness: Double(f.smoothness),
                animationSpeed: Double(f.animationSpeed)))
    }

    /// A `BezierPath`'s commands.
    static func pathElements(_ path: BezierPath) -> [PathElement] {
        path.elements.map { e in
            switch e {
            case .move(let p): PathElement(op: "move", to: Point(p))
            case .line(let p): PathElement(op: "line", to: Point(p))
            case .quadCurve(let p, let c): PathElement(op: "quadCurve", to: Point(p), control: Point(c))
            case .curve(let p, let c1, let c2):
                PathElement(op: "curve", to: Point(p), control1: Point(c1), control2: Point(c2))
            case .close: PathElement(op: "close")
            }
        }
    }
}

extension SceneFile.Point {
    init(_ p: CGPoint) { self.init(x: Double(p.x), y: Double(p.y)) }
    var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}

extension SceneFile.Vector {
    init(_ v: CGVector) { self.init(dx: Double(v.dx), dy: Double(v.dy)) }
    var cgVector: CGVector { CGVector(dx: dx, dy: dy) }
}

extension SceneColor {
    /// "#RRGGBB".
    public var hexString: String { String(format: "#%02X%02X%02X", red, green, blue) }

    /// A colour from "#RRGGBB" (or "RRGGBB"), nil when malformed.
    public init?(hexString s: String) {
        let digits = s.hasPrefix("#") ? String(s.dropFirst()) : s
        guard digits.count == 6, let v = UInt32(digits, radix: 16) else { return nil }
        self.init(hex: v)
    }
}
