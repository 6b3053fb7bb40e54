import Dynamics
import Foundation
import SandboxRender
import SandboxScenes

/// Draws a `SceneWorld` into a `Raster`: items by their collision bounds in their colours, boundaries as lines,
/// and the overlay layers. Pure Swift (no SDL): the window, `--headless` and the golden tests share it.
@MainActor
public struct SceneRenderer {
    /// Pixels per point (2 on a HiDPI display), 0.25…8.
    public var scale: Double
    /// Layers to draw.
    public var overlays: OverlayOptions
    /// Pictures for items with an `imageSlot` (the sandbox's `--assets` PNGs); empty: items keep their colour.
    public var images: [Raster] = []
    /// The view onto the world (SceneCamera); nil: 1:1 with the reference bounds' origin at `offset`.
    public var camera: SceneCamera?
    /// Pixel position, in the raster, of the world point at the view's corner (the camera's offset, or the
    /// reference bounds' origin): the scene viewport's fit. Default (0, 0).
    public var offset = PixelPoint(0, 0)
    /// Draw the gravity dial in the world's top-right corner (false: the app shows it in its side bar). Default
    /// true.
    public var gravityDialInScene = true
    /// The captions' face (nil: the bitmap font at the whole scale nearest the zoomed scale).
    public var captionFace: TextFace?
    /// Outside the world's bounds (the viewport's margins when the world's aspect differs).
    public static let outside = RGBA(hex: 0x0E_10_14)

    /// Background of the reference area.
    public static let background = RGBA(hex: 0x1C_20_26)
    /// Boundary lines.
    public static let boundaryColor = RGBA(hex: 0xC8_CC_D4)
    /// The reference-bounds loop.
    public static let referenceColor = RGBA(hex: 0x5A_62_70)
    /// Contact dots.
    public static let contactColor = RGBA(hex: 0xFF_40_40)
    /// Tint mixed into sleeping items.
    public static let sleepTint = RGBA(hex: 0x60_70_90)
    /// Joints, drag lines, snap targets.
    public static let jointColor = RGBA(hex: 0xF0_F0_F0)
    /// The gravity arrow.
    public static let gravityColor = RGBA(hex: 0x7E_D3_21)

    /// A renderer at `scale` px/pt with `overlays`.
    public init(scale: Double, overlays: OverlayOptions = OverlayOptions()) {
        self.scale = max(0.25, min(8, scale.isFinite ? scale : 1))
        self.overlays = overlays
    }

    /// Pixels per world point: the display scale times the camera's zoom. World sizes (items, joint marks,
    /// field arrows, captions) are drawn with it, so the overlays scale with the zoom.
    var unit: Double { scale * (camera?.zoom ?? 1) }

    /// A line `width` pt wide in the world, px: it follows the zoom between ½× and 3× so lines stay visible when
    /// zoomed out and do not swallow the items when zoomed in.
    func lineWidth(_ width: Double) -> Double { width * scale * min(3, max(0.5, camera?.zoom ?? 1)) }

    /// The world point drawn at the viewport's corner: the camera's offset, or the reference bounds' origin.
    func viewOrigin(_ bounds: CGRect) -> CGPoint { camera?.offset ?? (bounds.isNull ? .zero : bounds.origin) }

    /// Pixel position of world point `p` when world point `origin` is drawn at the viewport's corner (`viewOrigin`).
    @inline(__always)
    func px(_ p: CGPoint, _ origin: CGPoint) -> PixelPoint {
        let k = unit
        return PixelPoint(Double(p.x - origin.x) * k + offset.x, Double(p.y - origin.y) * k + offset.y)
    }

    /// Colour of a scene's captions: a quiet grey on the background.
    static let captionColor = RGBA(hex: 0x9A_A0_AA)

    /// Draws the scene (background, boundaries, items, overlays) into `raster`.
    public func draw(_ world: SceneWorld, into raster: inout Raster, extras: SceneOverlayState = SceneOverlayState()) {
        let bounds = world.bounds
        let origin = viewOrigin(bounds)
        let area = worldPixelRect(bounds)
        raster.clear(Self.background)
        // The bands around the world's bounds (none when it covers the raster).
        let (w, h) = (raster.width, raster.height)
        raster.fillRect(x0: 0, y0: 0, x1: w, y1: area.y0, Self.outside)
        raster.fillRect(x0: 0, y0: area.y1, x1: w, y1: h, Self.outside)
        raster.fillRect(x0: 0, y0: max(0, area.y0), x1: area.x0, y1: min(h, area.y1), Self.outside)
        raster.fillRect(x0: area.x1, y0: max(0, area.y0), x1: w, y1: min(h, area.y1), Self.outside)
        let behaviors = world.allBehaviors
        if overlays.boundaries { drawBoundaries(behaviors, bounds: bounds, origin: origin, into: &raster) }
        if overlays.fields { drawFields(behaviors, bounds: bounds, origin: origin, into: &raster) }
        let face = captionFace ?? TextFace(font: nil, pixelSize: Double(BitmapFont.lineHeight) * unit)
        for caption in world.captions {
            let p = px(caption.at, origin)
            raster.drawText(
                caption.text, x: Int(p.x) - face.width(of: caption.text) / 2, y: Int(p.y), face: face,
                Self.captionColor)
        }
        for item in world.items {
            drawItem(item, world: world, origin: origin, selected: item === extras.selected, into: &raster)
        }
        if overlays.contacts {
            for d in extras.contacts.dots {
                let fade = 1 - d.age / ContactTrail.lifetime
                raster.fillCircle(
                    center: px(d.point, origin), radius: 2.5 * unit,
                    Self.contactColor.withAlpha(UInt8(max(0, min(255, 255 * fade)))))
            }
        }
        if overlays.joints {
            drawJoints(world.allBehaviors, origin: origin, into: &raster)
            if let drag = extras.drag {
                raster.strokeCircle(
                    center: px(drag.cursor, origin), radius: 6 * unit, width: lineWidth(1.5),
                    Self.jointColor)
            }
            if let snap = extras.snapTarget {
                let c = px(snap, origin)
                raster.strokeCircle(center: c, radius: 8 * unit, width: lineWidth(1.5), Self.jointColor)
                raster.strokeSegment(
                    PixelPoint(c.x - 12 * unit, c.y), PixelPoint(c.x + 12 * unit, c.y),
                    width: lineWidth(1), Self.jointColor)
                raster.strokeSegment(
                    PixelPoint(c.x, c.y - 12 * unit), PixelPoint(c.x, c.y + 12 * unit),
                    width: lineWidth(1), Self.jointColor)
            }
            if let push = extras.push, push.age < 0.6 {
                let alpha = UInt8(255 * (1 - push.age / 0.6))
                raster.drawArrow(
                    from: px(push.from, origin), to: px(push.to, origin), width: lineWidth(3),
                    head: 12 * unit, Self.pushColor.withAlpha(alpha))
            }
        }
        if overlays.gravity, gravityDialInScene, let g = world.gravity {
            // The world's top-right corner: items come to rest at the bottom, not up there.
            let radius = 36 * scale
            let c = PixelPoint(Double(area.x1) - radius - 12 * scale, Double(area.y0) + radius + 12 * scale)
            Self.drawGravityDial(g.gravityDirection, center: c, radius: radius, into: &raster)
        }
    }

    /// Boundary lines of every collision behaviour, and its reference-bounds loop.
    func drawBoundaries(_ behaviors: [DynamicBehavior], bounds: CGRect, origin: CGPoint, into raster: inout Raster) {
        var loop = false
        for case let c as CollisionBehavior in behaviors {
            if c.translatesReferenceBoundsIntoBoundary { loop = true }
            for line in Self.boundaryPolylines(c) {
                raster.strokePolyline(
                    line.points.map { px($0, origin) }, width: lineWidth(2), closed: line.isClosed,
                    Self.boundaryColor)
            }
        }
        if loop, !bounds.isNull {
            // 1 pt inside the bounds (the 2-pt line stays in the window at 1:1).
            let a = px(CGPoint(x: bounds.minX + 1, y: bounds.minY + 1), origin)
            let b = px(CGPoint(x: bounds.maxX - 1, y: bounds.maxY - 1), origin)
            raster.strokePolyline(
                [PixelPoint(a.x, a.y), PixelPoint(b.x, a.y), PixelPoint(b.x, b.y), PixelPoint(a.x, b.y)],
                width: lineWidth(2), closed: true, Self.referenceColor)
        }
    }

    /// The polylines drawn for `behavior`'s boundaries (reference pt): the engine's flattening of each boundary path
    /// (`BezierPath.collisionPolylines()`), so the drawn vertices are the ends of the segments that collide.
    static func boundaryPolylines(_ behavior: CollisionBehavior) -> [Polyline] {
        (behavior.boundaryIdentifiers ?? []).compactMap { behavior.boundary(withIdentifier: $0) }
            .flatMap { $0.collisionPolylines() }
    }

    /// One item, by its collision bounds (rectangles may show their visual corner radius).
    func drawItem(_ item: SandboxItem, world: SceneWorld, origin: CGPoint, selected: Bool, into raster: inout Raster) {
        var color = RGBA(item.color.red, item.color.green, item.color.blue)
        if overlays.sleeping, world.animator.debugIsSleeping(item) == true {
            color = color.mixed(with: Self.sleepTint, 0.55)
        }
        let c = px(item.center, origin)
        let hw = Double(item.bounds.width) / 2 * unit, hh = Double(item.bounds.height) / 2 * unit
        let outline = selected || overlays.outlines
        // A small plain disc looks the same at any angle: skip reading it (an atan2 per ball in a pile).
        let round = item.collisionBoundsType == .ellipse && hw == hh && hw <= 6 && !outline
        let angle = round ? 0 : Double(item.angle)
        let edge = selected ? RGBA(255, 255, 255) : color.mixed(with: RGBA(0, 0, 0), 0.45)
        switch item.collisionBoundsType {
        case .ellipse:
            raster.fillEllipse(center: c, radiusX: hw, radiusY: hh, angle: angle, color)
            if outline {
                raster.strokeEllipse(center: c, radiusX: hw, radiusY: hh, angle: angle, width: lineWidth(1.5), edge)
            }
            if hw > 6 { drawSpoke(c, angle: angle, length: hw, color: edge, into: &raster) }
        case .rectangle:
            if item.cornerRadius > 0 {
                // The look is rounded (layer.cornerRadius) but the collision bounds are the full rectangle: show
                // both, the bounds as a translucent box behind the rounded face.
                raster.fillRoundedRect(
                    center: c, halfWidth: hw, halfHeight: hh, radius: 0, angle: angle,
                    color.withAlpha(70))
            }
            if let slot = item.imageSlot, !images.isEmpty {
                raster.drawImage(
                    images[slot % images.count], center: c, halfWidth: hw, halfHeight: hh,
                    radius: Double(item.cornerRadius) * unit, angle: angle)
            } else {
                raster.fillRoundedRect(
                    center: c, halfWidth: hw, halfHeight: hh,
                    radius: Double(item.cornerRadius) * unit, angle: angle, color)
            }
            if outline {
                let poly = roundedRect(c, hw, hh, radius: Double(item.cornerRadius) * unit, angle: angle)
                raster.strokePolyline(poly, width: lineWidth(1.5), closed: true, edge)
            }
        case .path:
            // The first subpath flattened as the engine flattens it for the item's collision polygon.
            let cosA = cos(angle), sinA = sin(angle), k = unit
            let local = item.collisionBoundingPath.collisionPolylines().first?.points ?? []
            let poly = local.map { p in
                PixelPoint(
                    c.x + (cosA * Double(p.x) - sinA * Double(p.y)) * k,
                    c.y + (sinA * Double(p.x) + cosA * Double(p.y)) * k)
            }
            raster.fillConvexPolygon(poly, color)
            if outline { raster.strokePolyline(poly, width: lineWidth(1.5), closed: true, edge) }
        }
    }

    /// A radius line showing an ellipse's rotation.
    func drawSpoke(_ c: PixelPoint, angle: Double, length: Double, color: RGBA, into raster: inout Raster) {
        let tip = PixelPoint(c.x + cos(angle) * length * 0.8, c.y + sin(angle) * length * 0.8)
        raster.strokeSegment(c, tip, width: max(1, lineWidth(1.2)), color.withAlpha(160))
    }

    /// The corners of a rectangle of half-size (`hw`, `hh`) px turned by `angle`, with rounded corners of `radius`
    /// px (clamped to half the shorter side), as a convex polygon.
    func roundedRect(_ c: PixelPoint, _ hw: Double, _ hh: Double, radius: Double, angle: Double) -> [PixelPoint] {
        let r = max(0, min(radius, min(hw, hh)))
        var local: [(Double, Double)] = []
        if r < 0.5 {
            local = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]
        } else {
            let steps = max(2, min(12, Int(r / 2)))
            let corners: [(Double, Double, Double)] = [
                (hw - r, -hh + r, -Double.pi / 2), (hw - r, hh - r, 0),
                (-hw + r, hh - r, Double.pi / 2), (-hw + r, -hh + r, Double.pi)
            ]
            for (cx, cy, start) in corners {
                for i in 0...steps {
                    let t = start + Double(i) / Double(steps) * Double.pi / 2
                    local.append((cx + r * cos(t), cy + r * sin(t)))
                }
            }
        }
        let ca = cos(angle), sa = sin(angle)
        return local.map { PixelPoint(c.x + ca * $0.0 - sa * $0.1, c.y + sa * $0.0 + ca * $0.1) }
    }

    /// The world's bounds in raster pixels (whole pixels, rounded), or the whole raster when unbounded.
    func worldPixelRect(_ bounds: CGRect) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        guard !bounds.isNull, bounds.width > 0, bounds.height > 0 else {
            return (Int.min / 2, Int.min / 2, Int.max / 2, Int.max / 2)
        }
        let a = px(bounds.origin, viewOrigin(bounds)), k = unit
        return (
            Int(a.x.rounded()), Int(a.y.rounded()), Int((a.x + Double(bounds.width) * k).rounded()),
            Int((a.y + Double(bounds.height) * k).rounded())
        )
    }

    /// The gravity dial: a ring of `radius` px at `center` and an arrow from its centre, a UIKit unit (1000 pt/s²)
    /// 0.6 of the radius, reaching the ring at 5/3 units and above.
    public static func drawGravityDial(_ g: CGVector, center: PixelPoint, radius: Double, into raster: inout Raster) {
        let px = radius / 44
        raster.strokeCircle(center: center, radius: radius, width: max(1, px), gravityColor.withAlpha(90))
        let mag = (Double(g.dx * g.dx + g.dy * g.dy)).squareRoot()
        guard mag > 1e-9 else { return }
        let shown = min(0.6 * mag, 1) / mag * radius
        let tip = PixelPoint(center.x + Double(g.dx) * shown, center.y + Double(g.dy) * shown)
        raster.drawArrow(from: center, to: tip, width: 3 * px, head: 10 * px, gravityColor)
    }
}

/// Per-frame state the renderer shows beside the world: the selection, the drag line, the snap target, the last
/// push and the fading contact points.
@MainActor
public struct SceneOverlayState {
    /// The selected item (white outline).
    public var selected: SandboxItem?
    /// The drag: the grabbed point on the item and the cursor, reference coordinates, pt.
    public var drag: (itemPoint: CGPoint, cursor: CGPoint)?
    /// The snap target, reference coordinates, pt.
    public var snapTarget: CGPoint?
    /// The last push, drawn as an arrow that fades over 0.6 s.
    public var push: (from: CGPoint, to: CGPoint, age: Double)?
    /// Fading contact points.
    public var contacts = ContactTrail()

    /// Nothing selected, no drag, no contacts.
    public init() {}
}
