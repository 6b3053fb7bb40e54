import Foundation
internal import PhysicsCore

/// Read-only descriptions of how behaviours were built (factory, offsets, region shape), for this package's tools:
/// the sandbox's tuning panel and its "copy as Swift" export. `package` access: apps never need them.

/// A region that is one plain shape, as the sandbox edits and exports it.
package enum PlainRegionShape: Equatable, Sendable {
    /// `Region.infinite`.
    case infinite
    /// `Region(radius:)`, pt.
    case circle(radius: CGFloat)
    /// `Region(size:)`, pt.
    case rectangle(size: CGSize)

    /// The circle's radius, pt, or nil.
    package var radius: CGFloat? {
        if case .circle(let r) = self { r } else { nil }
    }

    /// The rectangle's size, pt, or nil.
    package var size: CGSize? {
        if case .rectangle(let s) = self { s } else { nil }
    }
}

extension Region {
    /// The shape when the region is one plain (not inverted, not combined) circle, rectangle or the infinite
    /// region; nil for anything else (the empty region, inverses, unions…).
    package var plainShape: PlainRegionShape? {
        guard core.second == nil, !core.first.isInverted else { return nil }
        switch core.first.shape {
        case .infinite: return .infinite
        case .circle(let r): return .circle(radius: CGFloat(r))
        case .rectangle(let w, let h): return .rectangle(size: CGSize(width: w, height: h))
        case .empty: return nil
        }
    }
}

extension FieldBehavior {
    /// The name of UIKit's factory that makes this kind of field: "dragField", "vortexField",
    /// "radialGravityField", "linearGravityField", "velocityField", "noiseField", "turbulenceField", "springField",
    /// "electricField", "magneticField", or "field" (a custom evaluation block).
    package var factoryName: String {
        switch kind {
        case .drag: "dragField"
        case .vortex: "vortexField"
        case .radialGravity: "radialGravityField"
        case .linearGravity: "linearGravityField"
        case .velocity: "velocityField"
        case .noise: "noiseField"
        case .turbulence: "turbulenceField"
        case .spring: "springField"
        case .electric: "electricField"
        case .magnetic: "magneticField"
        case .custom: "field"
        }
    }
}

extension AttachmentBehavior {
    /// How an attachment was made, as UIKit names it.
    package enum Construction: Sendable {
        /// One of the four initializers (a rod or a spring).
        case distance
        /// `slidingAttachment(…axisOfTranslation:)`.
        case sliding
        /// `limitAttachment(…)`.
        case limit
        /// `fixedAttachment(…)`.
        case fixed
        /// `pinAttachment(…)`.
        case pin
    }

    /// The initializer or factory that made this attachment.
    package var construction: Construction {
        switch kind {
        case .distance: .distance
        case .sliding: .sliding
        case .limit: .limit
        case .fixed: .fixed
        case .pin: .pin
        }
    }

    /// The offsets from the items' centers given at creation, pt (the second is zero for anchor attachments).
    package var offsets: (Offset, Offset) { (offset1, offset2) }

    /// The sliding axis (unit vector, reference axes); (1, 0) for the other kinds.
    package var axisOfTranslation: CGVector { axis }
}

extension AttachmentBehavior {
    /// True when `length` was given (set, or fixed by a factory) rather than measured when the behaviour joined an
    /// animator: a scene file must not turn a measured length into a set one (that would stop a close anchor
    /// attachment from becoming a pin).
    package var lengthIsExplicit: Bool { lengthWasSet }
}

extension CollisionBehavior {
    /// The insets of the reference-bounds boundary, pt (zero unless set with
    /// `setTranslatesReferenceBoundsIntoBoundary(with:)`).
    package var referenceBoundsInsets: EdgeInsets { insets }
}
