import Foundation
internal import PhysicsCore

/// Pulls an item to a point with a damped spring and turns it back upright (UIKit's `UISnapBehavior`).
///
/// As in UIKit, four springs of 4 Hz and rest length 50 pt hold the item's top-left and bottom-right corners to a
/// fixed, item-sized ghost at `snapPoint`: the item settles centred on the point with rotation 0, overshooting
/// less the higher `damping` is.
@preconcurrency @MainActor
open class SnapBehavior: DynamicBehavior {
    /// Spring frequency of the four springs, Hz (UIKit's private `_frequency`).
    public static let springFrequency: Double = 4
    /// Rest length of the four springs, pt (UIKit's private `_distance`).
    public static let springLength: Double = 50

    private let item: any DynamicItem
    private var point: CGPoint
    private var storedDamping: CGFloat = 0.5
    private var anchorBody: BodyID?
    private var joints: [JointID] = []

    /// Snaps `item` to `point` (reference coordinates, pt). A non-finite point is refused (diagnostic) and the
    /// item's current center is used.
    public init(item: any DynamicItem, snapTo point: CGPoint) {
        self.item = item
        if point.isWithinWorld {
            self.point = point
        } else {
            DynamicsDiagnostics.report(
                .invalidValue,
                "UISnapBehavior: snap point \(point) is not finite or beyond "
                    + "±\(InputLimits.maxCoordinate) pt; the item's center \(item.center) is used")
            self.point = item.center
        }
        super.init()
    }

    /// The one item.
    public var items: [any DynamicItem] { [item] }

    /// The target, reference coordinates, pt. Setting it moves the target at once and wakes the item.
    /// Non-finite values are refused (diagnostic; the old point is kept).
    public var snapPoint: CGPoint {
        get { point }
        set {
            guard newValue.isWithinWorld else {
                DynamicsDiagnostics.report(
                    .invalidValue,
                    "\(describeBehavior(self)): snapPoint \(newValue) is not "
                        + "finite or beyond ±\(InputLimits.maxCoordinate) pt; it stays \(point)")
                return
            }
            point = newValue
            guard let animator = dynamicAnimator, let anchorBody else { return }
            animator.world.setTransform(anchorBody, position: Vec2(point), angle: 0)
            parametersDidChange()
        }
    }

    /// Damping ratio of the springs: 0 = undamped oscillation, 1 = critically damped. Default 0.5, range 0…1
    /// (values outside are refused). As in UIKit it is read when the behaviour joins an animator: changing it
    /// afterwards takes effect the next time it is added.
    public var damping: CGFloat {
        get { storedDamping }
        set {
            guard newValue.isFinite, newValue >= 0, newValue <= 1 else {
                DynamicsDiagnostics.report(
                    .invalidValue,
                    "\(describeBehavior(self)): damping \(newValue) must be in "
                        + "0…1; it stays \(storedDamping)")
                return
            }
            storedDamping = newValue
        }
    }

    override var isPrimitive: Bool { true }
    override var managedItems: [any DynamicItem] { [item] }

    override func willAssociate(with animator: DynamicAnimator) {
        // Handles from an earlier animator that was deallocated while this behaviour was registered belong to
        // another world: forget them (destroying them here could hit another item's body or joint).
        joints.removeAll()
        anchorBody = nil
    }

    override func didAssociate(with animator: DynamicAnimator) {
        guard joints.isEmpty, let body = animator.record(for: item)?.body else { return }
        var def = BodyDefinition()
        def.type = .static
        def.position = Vec2(point)
        guard let ghost = animator.world.createBody(def) else { return }
        anchorBody = ghost
        let size = item.bounds.size
        let hw = Double(size.width) / 2, hh = Double(size.height) / 2
        let xf = animator.world.transform(of: body) ?? .identity
        let d = Self.springLength
        // Item corner (body frame) → point on the ghost (ghost frame, centred on the snap point, angle 0).
        let pairs: [(Vec2, Vec2)] = [
            (Vec2(-hw, -hh), Vec2(-hw - d, -hh)), (Vec2(-hw, -hh), Vec2(-hw, -hh - d)),
            (Vec2(hw, hh), Vec2(hw + d, hh)), (Vec2(hw, hh), Vec2(hw, hh + d))
        ]
        for (corner, target) in pairs {
            var j = JointDefinition.distance(body, ghost, anchorA: xf.apply(corner), anchorB: Vec2(point) + target)
            j.length = d
            j.enableSpring = true
            j.hertz = Self.springFrequency
            j.dampingRatio = Double(storedDamping)
            if let id = animator.world.createJoint(j) { joints.append(id) }
        }
    }

    override func willDissociate(from animator: DynamicAnimator) {
        for j in joints { animator.world.destroyJoint(j) }
        joints.removeAll()
        if let anchorBody { animator.world.destroyBody(anchorBody) }
        anchorBody = nil
    }
}
