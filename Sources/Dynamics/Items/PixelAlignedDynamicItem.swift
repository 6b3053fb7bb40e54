import Foundation

/// An item the animator writes back **rounded, like a view** (UIKit rounds views, layout attributes and item
/// groups; plain custom items are written unrounded). Adopt it (no requirement) for an item that stands for
/// something drawn on the pixel grid.
///
/// For such an item (spec §3.5, §3.6, measured):
/// - after every step `center` is rounded to the animator's pixel grid (`DynamicAnimator.displayScale` pixels per
///   point: x ↦ ⌊x⌋ + round(s·(x − ⌊x⌋))/s) and assigned only if that changes it; the rotation is rounded to a
///   multiple of 1/5000 rad before it is written as a pure-rotation `transform`;
/// - `DynamicAnimator.updateItem(usingCurrentState:)` moves the body only if the item's center and the body's
///   position differ once both are rounded to the pixel grid, and then takes the item's rotation only if it equals
///   the body's after 1/5000-rad rounding — so a change of the rotation alone is ignored, as in UIKit.
///
/// `DynamicItemGroup` adopts it; so does `UIView` in the UIKitDynamics module.
@MainActor
public protocol PixelAlignedDynamicItem: DynamicItem {}

/// UIKit's write-back rounding (its `_accuracy` is the screen scale).
enum PixelGrid {
    /// Angles are rounded to multiples of 1/5000 rad.
    static let angleSteps: Double = 5000

    /// `x` on a grid of `scale` pixels per point: ⌊x⌋ + round(s·(x − ⌊x⌋))/s (round half away from zero; a scale of
    /// 1 rounds to whole points).
    static func round(_ x: CGFloat, scale: CGFloat) -> CGFloat {
        if scale == 1 { return x.rounded() }
        let whole = x.rounded(.down)
        return whole + (scale * (x - whole)).rounded() / scale
    }

    /// A point on the pixel grid.
    static func round(_ p: CGPoint, scale: CGFloat) -> CGPoint {
        CGPoint(x: round(p.x, scale: scale), y: round(p.y, scale: scale))
    }

    /// An angle rounded to a multiple of 1/5000 rad.
    static func round(angle: Double) -> Double {
        (angle * angleSteps).rounded() / angleSteps
    }
}
