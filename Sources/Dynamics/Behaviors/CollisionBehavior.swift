import Foundation
internal import PhysicsCore

/// Makes its items collide with each other and with boundaries (UIKit's `UICollisionBehavior`).
///
/// Items of different collision behaviours ignore each other: each registered collision behaviour takes one of the
/// animator's 32 collision groups. Unlike UIKit, whose counter hands out the same bits again after a removal (so
/// unrelated items start colliding), the groups come from a real allocator; a 33rd concurrent collision behaviour
/// gets no group (its items collide with nothing) and a `.tooManyCollisionBehaviors` diagnostic.
///
/// Boundaries are static segments with friction 0.2 and restitution 0.2.
@preconcurrency @MainActor
open class CollisionBehavior: DynamicBehavior {
    /// What the items collide with (UIKit's `UICollisionBehavior.Mode`).
    public struct Mode: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// A mode from its raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Items collide with the other items of the same behaviour.
        public static let items = Mode(rawValue: 1 << 0)
        /// Items collide with the behaviour's boundaries.
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// Both (all bits set).
        public static let everything = Mode(rawValue: .max)
    }

    /// A stored boundary: its path and whether it was given as a single segment.
    struct Boundary {
        var path: BezierPath
        var segment: (CGPoint, CGPoint)?
    }

    /// Boundaries by identifier, and the identifiers in the order they were added.
    var boundaries: [AnyHashable: Boundary] = [:]
    var boundaryOrder: [AnyHashable] = []
    /// World bodies of the boundaries while registered.
    var boundaryBodies: [AnyHashable: BodyID] = [:]
    /// World body of the reference-bounds loop while registered.
    var referenceLoopBody: BodyID?
    /// Collision group while registered (nil: none free).
    var group: Int?
    private(set) var insets = EdgeInsets.zero

    /// A collision behaviour for `items` (duplicates ignored).
    public init(items: [any DynamicItem]) {
        super.init(managing: items)
    }

    /// A collision behaviour with no items.
    public convenience override init() {
        self.init(items: [])
    }

    /// The items, in the order they were added.
    public var items: [any DynamicItem] { itemList.items }

    /// Adds an item (duplicates ignored).
    public func addItem(_ item: any DynamicItem) {
        addManagedItem(item)
    }

    /// Removes an item.
    public func removeItem(_ item: any DynamicItem) {
        removeManagedItem(item)
    }

    /// What the items collide with. Default `.everything`. In `.items` mode items pass through the boundaries, but
    /// the delegate still hears about those contacts (as in UIKit). In `.boundaries` mode items overlap each other.
    public var collisionMode: Mode = .everything {
        didSet {
            guard collisionMode != oldValue, let animator = dynamicAnimator else { return }
            for item in itemList.items {
                if let record = animator.record(for: item) { animator.refreshFilter(record) }
            }
            parametersDidChange()
        }
    }

    /// Whether the animator's reference bounds are a boundary (an edge loop, identifier nil). Default false.
    /// Setting false also zeroes the insets. Needs an animator made with `init(referenceBounds:)`.
    public var translatesReferenceBoundsIntoBoundary = false {
        didSet {
            if !translatesReferenceBoundsIntoBoundary { insets = .zero }
            guard translatesReferenceBoundsIntoBoundary != oldValue else { return }
            referenceBoundsDidChange()
        }
    }

    /// Turns on the reference-bounds boundary with the bounds inset by `insets` (then outset by 1 pt on every side,
    /// as UIKit does: bounds (5, 7, 320, 480) with insets 10/20/30/40 → corners (24, 16)–(286, 458)). Non-finite
    /// insets are refused (diagnostic; nothing changes).
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        guard insets.isFinite else {
            DynamicsDiagnostics.report(
                .invalidValue,
                "\(describeBehavior(self)): insets \(insets) are not finite; "
                    + "the reference-bounds boundary is unchanged")
            return
        }
        let changed = !translatesReferenceBoundsIntoBoundary || insets != self.insets
        self.insets = insets
        if !translatesReferenceBoundsIntoBoundary {
            translatesReferenceBoundsIntoBoundary = true
            return
        }
        if changed { referenceBoundsDidChange() }
    }

    /// Notified of contacts of this behaviour's items. Weak. Default nil.
    public weak var collisionDelegate: (any CollisionBehaviorDelegate)?

    // MARK: Association

    override var isPrimitive: Bool { true }

    override func willAssociate(with animator: DynamicAnimator) {
        // Handles from an earlier animator that was deallocated while this behaviour was registered belong to
        // another world: forget them rather than destroy whatever has the same handle here.
        boundaryBodies.removeAll()
        referenceLoopBody = nil
        group = animator.allocateCollisionGroup()
        if group == nil {
            DynamicsDiagnostics.report(
                .tooManyCollisionBehaviors,
                "\(describeBehavior(self)): all \(DynamicAnimator.collisionGroupCount) "
                    + "collision groups of the animator are in use; its items collide with "
                    + "nothing until it is added again")
        }
    }

    override func didAssociate(with animator: DynamicAnimator) {
        for id in boundaryOrder { buildBoundary(id, in: animator) }
        rebuildReferenceLoop(in: animator)
    }

    override func willDissociate(from animator: DynamicAnimator) {
        for id in boundaryOrder { destroyBoundary(id, in: animator) }
        if let body = referenceLoopBody { animator.destroyBoundaryBody(body) }
        referenceLoopBody = nil
    }

    override func didDissociate(from animator: DynamicAnimator) {
        if let g = group { animator.freeCollisionGroup(g) }
        group = nil
    }

    override func itemDidAttach(_ record: ItemRecord, in animator: DynamicAnimator) {
        record.collisionBehaviors.append(self)
        animator.refreshFilter(record)
    }

    override func itemWillDetach(_ record: ItemRecord, in animator: DynamicAnimator) {
        record.collisionBehaviors.removeAll { $0 === self }
        animator.refreshFilter(record)
    }

    // MARK: Collision groups

    /// Category bit of this behaviour's items (0 without a group).
    var itemCategory: UInt64 { group.map { 1 << UInt64(2 * $0) } ?? 0 }
    /// Category bit of this behaviour's boundaries (0 without a group).
    var boundaryCategory: UInt64 { group.map { 1 << UInt64(2 * $0 + 1) } ?? 0 }

    /// The filter of every boundary segment: responds to this behaviour's items.
    var boundaryFilter: CollisionFilter {
        CollisionFilter(categoryBits: boundaryCategory, collideMask: itemCategory, reportMask: 0)
    }

    // MARK: Reference-bounds loop

    /// The loop rectangle for the animator's bounds: inset by `insets`, outset by 1 pt (width or height may come
    /// out ≤ 0 when the insets are larger than the bounds). Nil without bounds.
    func referenceLoopRect(for bounds: CGRect) -> CGRect? {
        guard translatesReferenceBoundsIntoBoundary, bounds.isFiniteRect, !bounds.isNull else { return nil }
        let inner = bounds.inset(by: insets)
        return CGRect(
            x: inner.origin.x - 1, y: inner.origin.y - 1,
            width: inner.size.width + 2, height: inner.size.height + 2)
    }

    /// Rebuilds the reference-bounds loop (after the flag, the insets or the animator's bounds changed).
    func rebuildReferenceLoop(in animator: DynamicAnimator) {
        if let body = referenceLoopBody { animator.destroyBoundaryBody(body) }
        referenceLoopBody = nil
        guard let rect = referenceLoopRect(for: animator.referenceBounds) else { return }
        guard rect.size.width > 0, rect.size.height > 0 else {
            DynamicsDiagnostics.report(
                .invalidRect,
                "\(describeBehavior(self)): reference bounds "
                    + "\(animator.referenceBounds) inset by \(insets) leave no area; no "
                    + "reference-bounds boundary is built")
            return
        }
        let loop = Polyline(
            points: [
                CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)
            ],
            isClosed: true)
        referenceLoopBody = animator.createBoundaryBody([loop], for: self, identifier: nil)
    }

    private func referenceBoundsDidChange() {
        guard let animator = dynamicAnimator else { return }
        rebuildReferenceLoop(in: animator)
        parametersDidChange()
    }
}
