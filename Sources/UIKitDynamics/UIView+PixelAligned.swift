import Dynamics

/// Views are written back rounded, as UIKit does (spec §3.6): center on the pixel grid of the animator's
/// `displayScale`, rotation to 1/5000 rad; `updateItem(usingCurrentState:)` follows UIKit's rounded-item rule.
extension UIView: PixelAlignedDynamicItem {}
