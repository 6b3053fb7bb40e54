import Foundation
import Testing
@testable import Dynamics

/// Shared scene for the field-behaviour tests: a 100 × 100 item (1 kg at density 1) 300, 400 pt from the field.
@MainActor
enum FieldScene {
    /// The field sits at (100, 50); the item's centre 300, 400 pt away.
    static let fieldPosition = CGPoint(x: 100, y: 50)
    static let itemCenter = CGPoint(x: 400, y: 450)

    /// An animator with `field` at `fieldPosition` acting on a 100 × 100 item (resistance 0, so the velocity
    /// change is the field's alone).
    static func scene(
        _ field: FieldBehavior, density: CGFloat = 1, charge: CGFloat = 0,
        velocity: CGPoint = .zero
    ) -> (DynamicAnimator, SimpleDynamicItem, DynamicItemBehavior) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let item = square(FieldScene.itemCenter.x, FieldScene.itemCenter.y)
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        props.density = density
        props.charge = charge
        if velocity != .zero { props.addLinearVelocity(velocity, for: item) }
        field.position = FieldScene.fieldPosition
        field.addItem(item)
        animator.addBehavior(props)
        animator.addBehavior(field)
        return (animator, item, props)
    }

    /// Mean acceleration over the first 1/60-s frame, which (as in UIKit) is one 1/120-s world step, pt/s².
    static func firstFrameAcceleration(
        _ field: FieldBehavior, density: CGFloat = 1, charge: CGFloat = 0,
        velocity: CGPoint = .zero
    ) -> CGVector {
        let (animator, item, props) = scene(field, density: density, charge: charge, velocity: velocity)
        let v0 = props.linearVelocity(for: item)
        animator.advance(by: 1.0 / 60)
        let v1 = props.linearVelocity(for: item)
        let h = DynamicAnimator.worldStepInterval
        return CGVector(dx: (v1.x - v0.x) / h, dy: (v1.y - v0.y) / h)
    }

    /// Each component within `fraction` of the expected vector's length.
    static func expectClose(
        _ a: CGVector, _ dx: CGFloat, _ dy: CGFloat, within fraction: CGFloat = 0.01,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let tolerance = fraction * hypot(dx, dy)
        #expect(
            isClose(a.dx, dx, within: tolerance) && isClose(a.dy, dy, within: tolerance),
            "a = \(a), expected (\(dx), \(dy))", sourceLocation: sourceLocation)
    }
}
