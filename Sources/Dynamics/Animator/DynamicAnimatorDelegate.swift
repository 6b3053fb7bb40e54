/// Hears when an animator starts and stops stepping (UIKit's `UIDynamicAnimatorDelegate`). Both methods have
/// empty defaults.
@preconcurrency @MainActor
public protocol DynamicAnimatorDelegate: AnyObject {
    /// The animator goes from paused to running: synchronously inside the call that made it resume (adding a
    /// behaviour with items, adding an item, changing a parameter, `updateItem(usingCurrentState:)`…).
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    /// The animator stopped, at the end of the step in which every body fell asleep, no behaviour was left, or
    /// every top-level behaviour allowed it to stop.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    /// Does nothing.
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
    /// Does nothing.
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
}
