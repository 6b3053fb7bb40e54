import Foundation

/// A rectangle in a view tree, with UIKit's geometry and nothing else (UIKit's `UIView`, geometry only: no drawing,
/// no events, no layout). It is a `UIDynamicItem`, so ported code can hand views to behaviours and make an animator
/// with `UIDynamicAnimator(referenceView:)`.
///
/// Geometry as in UIKit: `center` is in the superview's bounds coordinates, `bounds` is the view's own coordinate
/// system (origin = the point shown at the top-left corner, size in pt), `transform` turns/scales the view about its
/// center, and `frame` is the smallest superview-space rectangle holding the transformed bounds. Setting `frame` sets
/// `center` and `bounds.size` (as in UIKit, only meaningful while `transform` is the identity).
///
/// An animator made on a reference view keeps its reference bounds equal to the view's `bounds` (its reference-bounds
/// boundaries are rebuilt when the view is resized). Items should be direct subviews of the reference view, whose
/// `center` is then already in reference coordinates.
@MainActor
open class UIView: DynamicItem {
    /// Position of the view's center in its superview's bounds coordinates, pt. Default: the middle of `frame`.
    open var center: CGPoint

    /// The view's own coordinate system: origin (pt, default (0, 0)) and size (pt). Changing it resizes the
    /// reference bounds of the animators made on this view.
    open var bounds: CGRect {
        didSet {
            guard bounds != oldValue else { return }
            referenceBoundsDidChange()
        }
    }

    /// Rotation and scale about the center (only the rotation matters to Dynamics). Default identity.
    open var transform: CGAffineTransform = .identity

    /// The smallest rectangle in superview coordinates that holds the transformed bounds, pt. Setting it sets
    /// `center` to its middle and `bounds.size` to its size (keeping `bounds.origin`).
    open var frame: CGRect {
        get {
            let w = bounds.width, h = bounds.height
            guard transform != .identity else {
                return CGRect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
            }
            let corners = [CGPoint(x: -w / 2, y: -h / 2), CGPoint(x: w / 2, y: -h / 2),
                           CGPoint(x: w / 2, y: h / 2), CGPoint(x: -w / 2, y: h / 2)].map { p in
                CGPoint(x: center.x + transform.a * p.x + transform.c * p.y + transform.tx,
                        y: center.y + transform.b * p.x + transform.d * p.y + transform.ty)
            }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let minX = xs.min() ?? 0, minY = ys.min() ?? 0
            return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
        }
        set {
            let r = newValue.standardized
            center = CGPoint(x: r.midX, y: r.midY)
            bounds = CGRect(origin: bounds.origin, size: r.size)
        }
    }

    /// The view this one is a subview of, or nil. Weak.
    public private(set) weak var superview: UIView?

    /// The subviews, back to front.
    public private(set) var subviews: [UIView] = []

    /// Fill colour, kept for renderers and tests (nothing draws here). Default nil.
    open var backgroundColor: UIColor?

    /// Opacity, 0…1. Default 1. Kept, not used.
    open var alpha: CGFloat = 1

    /// Whether the view is hidden. Default false. Kept, not used.
    open var isHidden = false

    /// A free integer to find views by. Default 0.
    open var tag = 0

    /// Whether the view takes part in layout constraints; kept for source compatibility. Default true.
    open var translatesAutoresizingMaskIntoConstraints = true

    /// The view's layer: corner radius and border width, kept for renderers (the collision shape does not follow
    /// them; override `collisionBoundsType` for round items).
    public let layer = CALayer()

    /// A view occupying `frame` in its (future) superview's coordinates, pt.
    public init(frame: CGRect) {
        let r = frame.standardized
        center = CGPoint(x: r.midX, y: r.midY)
        bounds = CGRect(origin: .zero, size: r.size)
    }

    /// A view with a zero frame.
    public convenience init() {
        self.init(frame: .zero)
    }

    // MARK: Dynamic item

    /// The collision shape Dynamics builds for the view. Default `.rectangle` (UIKit views do not implement it);
    /// override it in a subclass, e.g. `.ellipse` for a round view.
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }

    /// The convex item-local path used when `collisionBoundsType` is `.path`. Default nil; override it together
    /// with `collisionBoundsType`.
    open var collisionBoundingPath: UIBezierPath { UIBezierPath() }

    // MARK: Hierarchy

    /// Adds `view` on top of the subviews, removing it from its old superview first. Adding a view to itself or to
    /// one of its own descendants does nothing.
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: Int.max)
    }

    /// Inserts `view` at `index` among the subviews (clamped to 0…count), removing it from its old superview first.
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        view.removeFromSuperview()
        subviews.insert(view, at: Swift.min(Swift.max(index, 0), subviews.count))
        view.superview = self
    }

    /// Moves `view` (a subview) to the front.
    open func bringSubviewToFront(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
    }

    /// Removes the view from its superview. No effect without a superview.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// True when `view` is this view or one of its ancestors.
    public func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// The first view with `tag` in this view's subtree (itself first, then depth-first).
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for s in subviews {
            if let found = s.viewWithTag(tag) { return found }
        }
        return nil
    }

    // MARK: Coordinates

    /// A point of this view's bounds coordinates in the coordinates of `view` (nil: the root of this view's tree).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let root = rootPoint(point)
        guard let view else { return root }
        return view.localPoint(fromRoot: root)
    }

    /// A point of `view`'s bounds coordinates (nil: the root of this view's tree) in this view's coordinates.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let root = view?.rootPoint(point) ?? point
        return localPoint(fromRoot: root)
    }

    /// A point of this view's bounds coordinates in its superview's.
    private func pointInSuperview(_ p: CGPoint) -> CGPoint {
        let x = p.x - bounds.midX, y = p.y - bounds.midY
        return CGPoint(x: center.x + transform.a * x + transform.c * y + transform.tx,
                       y: center.y + transform.b * x + transform.d * y + transform.ty)
    }

    /// A point of the superview's bounds coordinates in this view's.
    private func pointFromSuperview(_ p: CGPoint) -> CGPoint {
        let t = CGAffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
            .inverted()
        let x = p.x - center.x - transform.tx, y = p.y - center.y - transform.ty
        return CGPoint(x: bounds.midX + t.a * x + t.c * y, y: bounds.midY + t.b * x + t.d * y)
    }

    private func rootPoint(_ p: CGPoint) -> CGPoint {
        var point = p
        var v: UIView = self
        while let parent = v.superview {
            point = v.pointInSuperview(point)
            v = parent
        }
        return point
    }

    private func localPoint(fromRoot p: CGPoint) -> CGPoint {
        var chain: [UIView] = []
        var v: UIView? = self
        while let current = v, current.superview != nil {
            chain.append(current)
            v = current.superview
        }
        var point = p
        for view in chain.reversed() { point = view.pointFromSuperview(point) }
        return point
    }

    // MARK: Animators on this view

    /// Animators made on this view (weak), told when `bounds` changes.
    private var referencingAnimators: [WeakAnimator] = []

    func addReferencingAnimator(_ animator: UIDynamicAnimator) {
        referencingAnimators.removeAll { $0.animator == nil }
        referencingAnimators.append(WeakAnimator(animator: animator))
    }

    private func referenceBoundsDidChange() {
        referencingAnimators.removeAll { $0.animator == nil }
        for entry in referencingAnimators { entry.animator?.referenceBounds = bounds }
    }
}

/// A weak reference to an animator.
@MainActor
struct WeakAnimator {
    weak var animator: UIDynamicAnimator?
}

/// A view's layer, geometry only (Core Animation's `CALayer`): what renderers need to draw a view's outline.
@MainActor
public final class CALayer {
    /// Radius of the rounded corners, pt, ≥ 0. Default 0. Drawing only: collisions keep the view's bounds type.
    public var cornerRadius: CGFloat = 0
    /// Whether sublayers are clipped to the corners. Default false. Kept, not used.
    public var masksToBounds = false
    /// Width of the border line, pt. Default 0.
    public var borderWidth: CGFloat = 0
    /// Opacity, 0…1. Default 1. Kept, not used.
    public var opacity: Float = 1

    init() {}
}
