// UIKit's names for the Dynamics types. Each is the same type under another name, so values flow freely between
// code written against `Dynamics` and ported iOS code (a `UIDynamicAnimator` *is* a `DynamicAnimator`), and
// protocol requirements keep their exact signatures.

/// UIKit's `UIDynamicAnimator`: see `DynamicAnimator`. `init(referenceView:)` is in this module.
public typealias UIDynamicAnimator = DynamicAnimator
/// UIKit's `UIDynamicAnimatorDelegate`: see `DynamicAnimatorDelegate`.
public typealias UIDynamicAnimatorDelegate = DynamicAnimatorDelegate
/// UIKit's `UIDynamicBehavior`: see `DynamicBehavior`.
public typealias UIDynamicBehavior = DynamicBehavior
/// UIKit's `UIGravityBehavior`: see `GravityBehavior`.
public typealias UIGravityBehavior = GravityBehavior
/// UIKit's `UICollisionBehavior`: see `CollisionBehavior`. Boundary identifiers may also be `NSCopying` values
/// (this module's overloads).
public typealias UICollisionBehavior = CollisionBehavior
/// UIKit's `UICollisionBehaviorMode`: see `CollisionBehavior.Mode`.
public typealias UICollisionBehaviorMode = CollisionBehavior.Mode
/// UIKit's `UIDynamicItemBehavior`: see `DynamicItemBehavior`.
public typealias UIDynamicItemBehavior = DynamicItemBehavior
/// UIKit's `UIPushBehavior`: see `PushBehavior`.
public typealias UIPushBehavior = PushBehavior
/// UIKit's `UIPushBehaviorMode`: see `PushBehavior.Mode`.
public typealias UIPushBehaviorMode = PushBehavior.Mode
/// UIKit's `UIDynamicItem`: see `DynamicItem`.
public typealias UIDynamicItem = DynamicItem
/// UIKit's `UIDynamicItemCollisionBoundsType`: see `DynamicItemCollisionBoundsType`.
public typealias UIDynamicItemCollisionBoundsType = DynamicItemCollisionBoundsType

/// UIKit's `UIOffset`: see `Offset` (`horizontal`, `vertical`, pt).
public typealias UIOffset = Offset
/// UIKit's `UIEdgeInsets`: see `EdgeInsets` (`top`, `left`, `bottom`, `right`, pt).
public typealias UIEdgeInsets = EdgeInsets
/// UIKit's `UIBezierPath`: see `BezierPath` (a class, as in UIKit).
public typealias UIBezierPath = BezierPath
/// UIKit's `UIDynamicItemGroup`: see `DynamicItemGroup`.
public typealias UIDynamicItemGroup = DynamicItemGroup
/// UIKit's `UIAttachmentBehavior`: see `AttachmentBehavior`.
public typealias UIAttachmentBehavior = AttachmentBehavior
/// UIKit's `UISnapBehavior`: see `SnapBehavior`.
public typealias UISnapBehavior = SnapBehavior
/// UIKit's `UIFloatRange`: see `FloatRange` (`minimum`, `maximum`; `.zero`, `.infinite`).
public typealias UIFloatRange = FloatRange
/// UIKit's `UIFieldBehavior`.
public typealias UIFieldBehavior = FieldBehavior
/// UIKit's `UIRegion`.
public typealias UIRegion = Region
/// UIKit's `UIAttachmentBehaviorType`.
public typealias UIAttachmentBehaviorType = AttachmentBehavior.AttachmentType
/// UIKit's `UIRectCorner`: see `RectCorner`.
public typealias UIRectCorner = RectCorner
