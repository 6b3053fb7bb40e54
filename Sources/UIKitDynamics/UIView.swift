import Foundation

/// A rectangle in a view tree, with UIKit's geometry and override points (UIKit's `UIView`, geometry only: nothing
/// is rendered and no event loop runs). It is a `UIDynamicItem`, so ported code can hand views to behaviours and make
/// an animator with `UIDynamicAnimator(referenceView:)`.
///
/// Like UIKit's (an `NSObject`), views are `Hashable` and `Equatable` by identity (`isEqual(_:)` and `hash`), so
/// `[UIView: UIAttachmentBehavior]`, `views.contains(view)` and `view == other` work. The override points
/// (`draw(_:)`, `layoutSubviews()`, `touchesBegan(_:with:)`…, `willMove(toSuperview:)`, `didMoveToSuperview()`) are
/// called where UIKit calls them when the caller (a test, the sandbox) drives the view: `layoutIfNeeded()`,
/// `layer.displayIfNeeded()`, touches delivered by hand, `addSubview(_:)` and `removeFromSuperview()`.
///
/// Geometry as in UIKit: `center` is in the superview's bounds coordinates, `bounds` is the view's own coordinate
/// system (origin = the point shown at the top-left corner, size in pt), `transform` turns/scales the view about its
/// center, and `frame` is the smallest superview-space rectangle holding the transformed bounds. Setting `frame` sets
/// `center` and `bounds.size` (as in UIKit, only meaningful while `transform` is the identity).
///
/// An animator made on a reference view keeps its reference bounds equal to the view's `bounds` (its reference-bounds
/// boundaries are rebuilt when the view is resized). Items should be direct subviews of the reference view, whose
/// `center` is then already in reference coordinates.
@preconcurrency @MainActor
open class UIView: DynamicItem {
    /// Position of the view's center in its superview's bounds coordinates, pt. Default: the middle of `frame`.
    open var center: CGPoint

    /// The view's own coordinate system: origin (pt, default (0, 0)) and size (pt). Changing it resizes the
    /// reference bounds of the animators made on this view.
    open var bounds: CGRect {
        didSet {
            guard bounds != oldValue else { return }
            if bounds.size != oldValue.size { setNeedsLayout() }
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
            let corners = [
                CGPoint(x: -w / 2, y: -h / 2), CGPoint(x: w / 2, y: -h / 2),
                CGPoint(x: w / 2, y: h / 2), CGPoint(x: -w / 2, y: h / 2)
            ].map { p in
                CGPoint(
                    x: center.x + transform.a * p.x + transform.c * p.y + transform.tx,
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

    /// Opacity, 0…1. Default 1. Kept for renderers; Dynamics ignores it.
    open var alpha: CGFloat = 1

    /// Whether the view is hidden. Default false. A hidden view gets no touches from `hitTest(_:with:)`; Dynamics
    /// still moves it.
    open var isHidden = false

    /// A free integer to find views by (`viewWithTag(_:)`). Default 0.
    open var tag = 0

    /// Whether renderers should clip subviews to the bounds. Default false. Kept, not used by Dynamics.
    open var clipsToBounds = false

    /// Whether `hitTest(_:with:)` may return this view or its subviews. Default true.
    open var isUserInteractionEnabled = true

    /// Whether the view draws all of its bounds opaquely (a rendering hint). Default true. Kept, not used.
    open var isOpaque = true

    /// The gesture recognizers attached with `addGestureRecognizer(_:)`, or nil. Default nil.
    open var gestureRecognizers: [UIGestureRecognizer]?

    /// Insets of the area not covered by bars or the screen's rounded corners, pt. Always `.zero` here: there is
    /// no window, status bar or home indicator. Read-only, as in UIKit.
    open var safeAreaInsets: UIEdgeInsets { .zero }

    /// Whether the view takes part in layout constraints; kept for source compatibility. Default true.
    open var translatesAutoresizingMaskIntoConstraints = true

    /// The view's layer: corner radius and border width, kept for renderers (the collision shape does not follow
    /// them; override `collisionBoundsType` for round items).
    public let layer = CALayer()

    /// Set by `setNeedsLayout()`, cleared by `layoutIfNeeded()`.
    var needsLayout = true

    /// A view occupying `frame` in its (future) superview's coordinates, pt.
    public init(frame: CGRect) {
        let r = frame.standardized
        center = CGPoint(x: r.midX, y: r.midY)
        bounds = CGRect(origin: .zero, size: r.size)
        layer.view = self
    }

    /// A view from an archive (UIKit's storyboard and nib path). There are no archives here: nothing is decoded and
    /// the view has a zero frame. Subclasses that add a designated initializer must provide it, as in UIKit.
    public required init?(coder: NSCoder) {
        center = .zero
        bounds = .zero
        layer.view = self
    }

    /// A view with a zero frame.
    public convenience init() {
        self.init(frame: .zero)
    }

    // MARK: Dynamic item

    /// The collision shape Dynamics builds for the view. Default `.rectangle` (UIKit views do not implement it);
    /// override it in a subclass, e.g. `.ellipse` for a round view.
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }

    /// The convex item-local path used when `collisionBoundsType` is `.path`. Default an empty path; override it
    /// together with `collisionBoundsType` (`override var collisionBoundingPath: UIBezierPath { … }`).
    open var collisionBoundingPath: UIBezierPath { UIBezierPath() }

    // MARK: Hierarchy

    /// Adds `view` on top of the subviews, removing it from its old superview first. Adding a view to itself or to
    /// one of its own descendants does nothing.
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: Int.max)
    }

    /// Inserts `view` at `index` among the subviews (clamped to 0…count), removing it from its old superview first.
    /// Calls, in UIKit's order: `view.willMove(toSuperview: self)`, `didAddSubview(view)`,
    /// `view.didMoveToSuperview()` (re-inserting into the same superview only reorders).
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        let index = Swift.min(Swift.max(index, 0), subviews.count)
        if view.superview === self {
            subviews.removeAll { $0 === view }
            subviews.insert(view, at: Swift.min(index, subviews.count))
            return
        }
        view.willMove(toSuperview: self)
        view.detachFromSuperview()
        subviews.insert(view, at: Swift.min(index, subviews.count))
        view.superview = self
        setNeedsLayout()
        didAddSubview(view)
        view.didMoveToSuperview()
    }

    /// Moves `view` (a subview) to the front.
    open func bringSubviewToFront(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
    }

    /// Removes the view from its superview. No effect without a superview. Calls `superview.willRemoveSubview(self)`,
    /// `willMove(toSuperview: nil)`, then `didMoveToSuperview()`.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        detachFromSuperview()
        didMoveToSuperview()
    }

    /// Unlinks the view from its superview without calling any override point.
    private func detachFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        parent.setNeedsLayout()
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

    /// A rectangle of this view's bounds coordinates in the coordinates of `view` (nil: the root of this view's
    /// tree): the smallest rectangle holding its four converted corners. A null rectangle stays null.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        guard !rect.isNull else { return rect }
        return Self.boundingBox(Self.corners(of: rect).map { convert($0, to: view) })
    }

    /// A rectangle of `view`'s bounds coordinates (nil: the root of this view's tree) in this view's coordinates:
    /// the smallest rectangle holding its four converted corners. A null rectangle stays null.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        guard !rect.isNull else { return rect }
        return Self.boundingBox(Self.corners(of: rect).map { convert($0, from: view) })
    }

    private static func corners(of r: CGRect) -> [CGPoint] {
        [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY),
            CGPoint(x: r.minX, y: r.maxY)
        ]
    }

    private static func boundingBox(_ points: [CGPoint]) -> CGRect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// A point of this view's bounds coordinates in its superview's.
    private func pointInSuperview(_ p: CGPoint) -> CGPoint {
        let x = p.x - bounds.midX, y = p.y - bounds.midY
        return CGPoint(
            x: center.x + transform.a * x + transform.c * y + transform.tx,
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

    // MARK: Override points
    // Nothing calls them by itself (no run loop, window or renderer): `addSubview(_:)`/`removeFromSuperview()` call
    // the hierarchy ones, `layoutIfNeeded()` calls `layoutSubviews()`, `layer.displayIfNeeded()` calls `draw(_:)`,
    // and whoever delivers touches (a test, the sandbox) calls `touchesBegan(_:with:)` and the others, or finds the
    // view with `hitTest(_:with:)`.

    // MARK: Layout

    /// Marks the view as needing `layoutSubviews()` at the next `layoutIfNeeded()`. A change of `bounds.size` and
    /// adding or removing a subview mark it too.
    open func setNeedsLayout() { needsLayout = true }

    /// Lays out now: when marked, calls `layoutSubviews()` and clears the mark; then does the same for every
    /// subview (front to back order of `subviews` at the time of the call).
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for s in subviews { s.layoutIfNeeded() }
    }

    /// Override to place subviews. Default: does nothing. Called by `layoutIfNeeded()`.
    open func layoutSubviews() {}

    // MARK: Drawing

    /// Override to draw the view's content in `rect` (its bounds coordinates, pt). Called by
    /// `layer.displayIfNeeded()` outside any drawing context, so fills and strokes draw nothing. Default: nothing.
    open func draw(_ rect: CGRect) {}

    /// Marks the view's content as needing `draw(_:)` (see `CALayer.needsDisplay()`).
    open func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks part of the view as needing `draw(_:)`; the whole view is redrawn.
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay() }

    // MARK: Hierarchy notifications

    /// Called before the view moves to `newSuperview` (nil: it is being removed). Default: nothing.
    open func willMove(toSuperview newSuperview: UIView?) {}

    /// Called after the view moved to a new superview or was removed (then `superview` is nil). Default: nothing.
    open func didMoveToSuperview() {}

    /// Called after `subview` was added to this view. Default: nothing.
    open func didAddSubview(_ subview: UIView) {}

    /// Called before `subview` is removed from this view. Default: nothing.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: Touches

    /// A finger touched down on the view. Default: nothing (UIKit forwards to the next responder; there is none).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}

    /// Fingers moved on the view. Default: nothing.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}

    /// Fingers lifted. Default: nothing.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}

    /// The system cancelled the touches. Default: nothing.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    /// True when `point` (this view's bounds coordinates) is inside `bounds`.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// The frontmost visible, interaction-enabled descendant (or this view) containing `point` (this view's bounds
    /// coordinates), as UIKit finds the view a touch goes to; nil when the point is outside, or the view is hidden,
    /// has alpha < 0.01 or ignores interaction.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point, with: event) else {
            return nil
        }
        for s in subviews.reversed() {
            if let hit = s.hitTest(s.convert(point, from: self), with: event) { return hit }
        }
        return self
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
