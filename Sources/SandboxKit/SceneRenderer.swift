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
    /// Pixel position of the world's origin in the raster (the scene viewport's fit). Default (0, 0).
    public var offset = PixelPoint(0, 0)
    /// Draw the gravity dial in the world's top-right corner (false: the app shows it in its side bar). Default
    /// true.
    public var gravityDialInScene = true
    /// The captions' face (nil: the bitmap font at the whole scale nearest `scale`).
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

    /// Pixel position of reference point `p` in a scene whose reference bounds start at `origin`.
    @inline(__always)
    func px(_ p: CGPoint, _ origin: CGPoint) -> PixelPoint {
        PixelPoint(Double(p.x - origin.x) * scale + offset.x, Double(p.y - origin.y) * scale + offset.y)
    }

    /// Colour of a scene's captions: a quiet grey on the background.
    static let captionColor = RGBA(hex: 0x9A_A0_AA)

    /// Draws the scene (background, boundaries, items, overlays) into `raster`.
    public func draw(_ world: SceneWorld, into raster: inout Raster, extras: SceneOverlayState = SceneOverlayState()) {
        let bounds = world.bounds
        let origin = bounds.isNull ? .zero : bounds.origin
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
        let face = captionFace ?? TextFace(font: nil, pixelSize: Double(BitmapFont.lineHeight) * scale)
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
                    center: px(d.point, origin), radius: 2.5 * scale,
                    Self.contactColor.withAlpha(UInt8(max(0, min(255, 255 * fade)))))
            }
        }
        if overlays.joints {
            drawJoints(world.allBehaviors, origin: origin, into: &raster)
            if let drag = extras.drag {
                raster.strokeCircle(
                    center: px(drag.cursor, origin), radius: 6 * scale, width: 1.5 * scale,
                    Self.jointColor)
            }
            if let snap = extras.snapTarget {
                let c = px(snap, origin)
                raster.strokeCircle(center: c, radius: 8 * scale, width: 1.5 * scale, Self.jointColor)
                raster.strokeSegment(
                    PixelPoint(c.x - 12 * scale, c.y), PixelPoint(c.x + 12 * scale, c.y),
                    width: 1 * scale, Self.jointColor)
                raster.strokeSegment(
                    PixelPoint(c.x, c.y - 12 * scale), PixelPoint(c.x, c.y + 12 * scale),
                    width: 1 * scale, Self.jointColor)
            }
            if let push = extras.push, push.age < 0.6 {
                let alpha = UInt8(255 * (1 - push.age / 0.6))
                raster.drawArrow(
                    from: px(push.from, origin), to: px(push.to, origin), width: 3 * scale,
                    head: 12 * scale, Self.pushColor.withAlpha(alpha))
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
            for id in c.boundaryIdentifiers ?? [] {
                guard let path = c.boundary(withIdentifier: id) else { continue }
                for line in PathFlattening.polylines(path) {
                    raster.strokePolyline(
                        line.points.map { px($0, origin) }, width: 2 * scale, closed: line.closed,
                        Self.boundaryColor)
                }
            }
        }
        if loop, !bounds.isNull {
            let w = Double(bounds.width) * scale, h = Double(bounds.height) * scale, i = 1.0 * scale
            let (ox, oy) = (offset.x, offset.y)
            raster.strokePolyline(
                [
                    PixelPoint(ox + i, oy + i), PixelPoint(ox + w - i, oy + i), PixelPoint(ox + w - i, oy + h - i),
                    PixelPoint(ox + i, oy + h - i)
                ], width: 2 * scale, closed: true, Self.referenceColor)
        }
    }

    /// One item, by its collision bounds (rectangles may show their visual corner radius).
    func drawItem(_ item: SandboxItem, world: SceneWorld, origin: CGPoint, selected: Bool, into raster: inout Raster) {
        var color = RGBA(item.color.red, item.color.green, item.color.blue)
        if overlays.sleeping, world.animator.debugIsSleeping(item) == true {
            color = color.mixed(with: Self.sleepTint, 0.55)
        }
        let c = px(item.center, origin)
        let hw = Double(item.bounds.width) / 2 * scale, hh = Double(item.bounds.height) / 2 * scale
        let outline = selected || overlays.outlines
        // A small plain disc looks the same at any angle: skip reading it (an atan2 per ball in a pile).
        let round = item.collisionBoundsType == .ellipse && hw == hh && hw <= 6 && !outline
        let angle = round ? 0 : Double(item.angle)
        let edge = selected ? RGBA(255, 255, 255) : color.mixed(with: RGBA(0, 0, 0), 0.45)
        switch item.collisionBoundsType {
        case .ellipse:
            raster.fillEllipse(center: c, radiusX: hw, radiusY: hh, angle: angle, color)
            if outline {
                raster.strokeEllipse(center: c, radiusX: hw, radiusY: hh, angle: angle, width: 1.5 * scale, edge)
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
                    radius: Double(item.cornerRadius) * scale, angle: angle)
            } else {
                raster.fillRoundedRect(
                    center: c, halfWidth: hw, halfHeight: hh,
                    radius: Double(item.cornerRadius) * scale, angle: angle, color)
            }
            if outline {
                let poly = roundedRect(c, hw, hh, radius: Double(item.cornerRadius) * scale, angle: angle)
                raster.strokePolyline(poly, width: 1.5 * scale, closed: true, edge)
            }
        case .path:
            let cosA = cos(angle), sinA = sin(angle)
            let local = PathFlattening.polylines(item.collisionBoundingPath).first?.points ?? []
            let poly = local.map { p in
                PixelPoint(
                    c.x + (cosA * Double(p.x) - sinA * Double(p.y)) * scale,
                    c.y + (sinA * Double(p.x) + cosA * Double(p.y)) * scale)
            }
            raster.fillConvexPolygon(poly, color)
            if outline { raster.strokePolyline(poly, width: 1.5 * scale, closed: true, edge) }
        }
    }

    /// A radius line showing an ellipse's rotation.
    func drawSpoke(_ c: PixelPoint, angle: Double, length: Double, color: RGBA, into raster: inout Raster) {
        let tip = PixelPoint(c.x + cos(angle) * length * 0.8, c.y + sin(angle) * length * 0.8)
        raster.strokeSegment(c, tip, width: max(1, 1.2 * scale), color.withAlpha(160))
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
        let x0 = offset.x, y0 = offset.y
        return (
            Int(x0.rounded()), Int(y0.rounded()), Int((x0 + Double(bounds.width) * scale).rounded()),
            Int((y0 + Double(bounds.height) * scale).rounded())
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
