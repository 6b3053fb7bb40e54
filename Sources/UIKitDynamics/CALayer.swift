import Foundation

/// A view's layer, geometry only (Core Animation's `CALayer`): what renderers need to draw a view's outline.
@preconcurrency @MainActor
public final class CALayer {
    /// Radius of the rounded corners, pt, ≥ 0. Default 0. Drawing only: collisions keep the view's bounds type.
    public var cornerRadius: CGFloat = 0
    /// Whether sublayers are clipped to the corners. Default false. Kept, not used.
    public var masksToBounds = false
    /// Width of the border line, pt. Default 0.
    public var borderWidth: CGFloat = 0
    /// Opacity, 0…1. Default 1. Kept, not used.
    public var opacity: Float = 1
    /// Border colour, kept for renderers. Default nil.
    public var borderColor: CGColor?
    /// Shadow colour, kept for renderers. Default nil.
    public var shadowColor: CGColor?
    /// Shadow opacity, 0…1. Default 0. Kept, not used.
    public var shadowOpacity: Float = 0
    /// Shadow offset, pt. Default (0, −3) as in Core Animation. Kept, not used.
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// Shadow blur radius, pt. Default 3. Kept, not used.
    public var shadowRadius: CGFloat = 3

    /// The view this layer backs (weak).
    weak var view: UIView?
    /// Set by `setNeedsDisplay()`, cleared by `displayIfNeeded()`.
    private var needsRedraw = true

    init() {}

    /// Marks the layer's content as out of date (UIView's `setNeedsDisplay()` calls it).
    public func setNeedsDisplay() { needsRedraw = true }

    /// True after `setNeedsDisplay()` until the next `displayIfNeeded()`; true for a new layer.
    public func needsDisplay() -> Bool { needsRedraw }

    /// When marked, calls the view's `draw(_:)` with its bounds (outside any drawing context: fills and strokes
    /// draw nothing) and clears the mark. Renderers and tests call it; nothing calls it by itself.
    public func displayIfNeeded() {
        guard needsRedraw else { return }
        needsRedraw = false
        if let view { view.draw(view.bounds) }
    }
}
