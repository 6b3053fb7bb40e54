import Foundation

/// The view onto the scene: which world point sits at the scene viewport's top-left corner and how large the world
/// is drawn. A pure value with a pure world ↔ screen mapping; the renderer draws through it and every mouse
/// gesture goes back through its inverse, so grabbing, selecting, snapping and tapping stay exact when zoomed or
/// panned.
///
/// Coordinates: *world* points are the animator's reference coordinates (pt); *screen* points are window points
/// (pt, before the display's pixel scale). The camera maps the world into a *viewport*, the window rectangle the
/// scene is drawn in (the whole window, or what the docked chrome leaves of it):
///
///     screen = viewport.origin + (world − offset) × zoom
///     world  = offset + (screen − viewport.origin) / zoom
///
/// The identity camera (offset = the reference bounds' origin, zoom 1, viewport at the window's origin) draws the
/// scene exactly as before the camera existed.
public struct SceneCamera: Hashable, Sendable {
    /// The world point (reference coordinates, pt) drawn at the viewport's top-left corner. Default (0, 0).
    public private(set) var offset: CGPoint
    /// Window points per world point, within `zoomRange` (0.1…20). Default 1.
    public private(set) var zoom: Double

    /// The zooms the camera allows: 0.1× (a world ten times the window fits) to 20× (a 10-pt ball fills 200 pt).
    public static let zoomRange: ClosedRange<Double> = 0.1...20

    /// How much one wheel notch zooms: ×1.2 in, ÷1.2 out.
    public static let wheelStep = 1.2

    /// A camera showing `offset` at the viewport's corner at `zoom` (clamped to `zoomRange`; a non-finite zoom is
    /// 1, a non-finite offset (0, 0)).
    public init(offset: CGPoint = .zero, zoom: Double = 1) {
        self.offset = offset.x.isFinite && offset.y.isFinite ? offset : .zero
        self.zoom = Self.clampedZoom(zoom)
    }

    /// `zoom` within `zoomRange`; 1 when not finite.
    public static func clampedZoom(_ zoom: Double) -> Double {
        zoom.isFinite ? min(zoomRange.upperBound, max(zoomRange.lowerBound, zoom)) : 1
    }

    /// Whether this is the 1:1 view with the world's `origin` at the viewport's corner.
    public func isIdentity(origin: CGPoint = .zero) -> Bool { zoom == 1 && offset == origin }

    // MARK: Mapping

    /// The screen point (window pt) where world point `p` is drawn in `viewport`.
    public func screenPoint(_ p: CGPoint, in viewport: CGRect) -> CGPoint {
        CGPoint(
            x: Double(viewport.minX) + Double(p.x - offset.x) * zoom,
            y: Double(viewport.minY) + Double(p.y - offset.y) * zoom)
    }

    /// The world point (reference pt) under screen point `s` (window pt) in `viewport`.
    public func worldPoint(_ s: CGPoint, in viewport: CGRect) -> CGPoint {
        CGPoint(
            x: Double(offset.x) + Double(s.x - viewport.minX) / zoom,
            y: Double(offset.y) + Double(s.y - viewport.minY) / zoom)
    }

    /// The world rectangle visible in `viewport`.
    public func visibleWorld(in viewport: CGRect) -> CGRect {
        CGRect(
            x: offset.x, y: offset.y, width: Double(viewport.width) / zoom, height: Double(viewport.height) / zoom)
    }

    // MARK: Moving

    /// The camera zoomed by `factor` about screen point `s`: the world point under `s` stays under it (up to the
    /// zoom range's clamp, which may leave the zoom unchanged). A non-finite or non-positive factor changes nothing.
    public func zoomed(by factor: Double, at s: CGPoint, in viewport: CGRect) -> SceneCamera {
        guard factor.isFinite, factor > 0, s.x.isFinite, s.y.isFinite else { return self }
        let anchor = worldPoint(s, in: viewport)
        let z = Self.clampedZoom(zoom * factor)
        // offset = anchor − (s − viewport.origin) / z keeps `anchor` at `s`.
        return SceneCamera(
            offset: CGPoint(
                x: Double(anchor.x) - Double(s.x - viewport.minX) / z,
                y: Double(anchor.y) - Double(s.y - viewport.minY) / z),
            zoom: z)
    }

    /// The camera zoomed by `steps` wheel notches (positive: in, `wheelStep` per notch) about screen point `s`.
    public func wheeled(_ steps: Double, at s: CGPoint, in viewport: CGRect) -> SceneCamera {
        guard steps.isFinite else { return self }
        return zoomed(by: pow(Self.wheelStep, max(-40, min(40, steps))), at: s, in: viewport)
    }

    /// The camera moved so that the scene follows the pointer by `dx`, `dy` window points (a pan drag).
    public func panned(byScreen dx: Double, _ dy: Double) -> SceneCamera {
        guard dx.isFinite, dy.isFinite else { return self }
        return SceneCamera(
            offset: CGPoint(x: Double(offset.x) - dx / zoom, y: Double(offset.y) - dy / zoom), zoom: zoom)
    }

    /// The camera that shows all of `rect` (world pt) centred in `viewport`, with `margin` window points left
    /// free on every side (less when the viewport is too small for it), at the largest zoom within `zoomRange`.
    /// An empty or non-finite `rect` gives the camera centred on its middle at zoom 1.
    public static func framing(_ rect: CGRect, in viewport: CGRect, margin: Double = 24) -> SceneCamera {
        let vw = Double(viewport.width), vh = Double(viewport.height)
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite,
            vw > 0, vh > 0
        else { return SceneCamera() }
        let m = max(0, min(margin, vw / 4, vh / 4))
        let w = Double(rect.width), h = Double(rect.height)
        let fit = min(w > 0 ? (vw - 2 * m) / w : .infinity, h > 0 ? (vh - 2 * m) / h : .infinity)
        let z = clampedZoom(fit.isFinite ? fit : 1)
        // Centre the rectangle: its middle goes to the viewport's middle.
        return SceneCamera(
            offset: CGPoint(x: Double(rect.midX) - vw / 2 / z, y: Double(rect.midY) - vh / 2 / z), zoom: z)
    }
}
