import Foundation

/// The device's screen (UIKit's `UIScreen`): an iPhone 8's 375 × 667 pt at scale 2, the size the seeds use.
@preconcurrency @MainActor
public final class UIScreen {
    /// The one screen.
    public static let main = UIScreen()
    /// The screen's rectangle, pt: (0, 0, 375, 667).
    public let bounds = CGRect(x: 0, y: 0, width: 375, height: 667)
    /// Pixels per point: 2.
    public let scale: CGFloat = 2

    private init() {}
}

/// A screen's controller (UIKit's `UIViewController`), reduced to what code that drives Dynamics uses: a root view
/// made on first access by `loadView()` (a view of the screen's size), the life-cycle override points, and the
/// touch override points (UIKit forwards unhandled touches from the view to its controller; here the deliverer
/// calls them). Nothing calls the appearance methods by itself: call them where UIKit would.
@preconcurrency @MainActor
open class UIViewController {
    private var loadedView: UIView?

    /// The root view, made by `loadView()` and followed by `viewDidLoad()` on first access. Setting it replaces it.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// Makes the root view now if it does not exist yet (`loadView()`, then `viewDidLoad()`).
    public func loadViewIfNeeded() { _ = view }

    /// True once the root view exists.
    public var isViewLoaded: Bool { loadedView != nil }

    /// The title (navigation bars are not shown). Default nil.
    open var title: String?

    /// A controller; there are no nibs, so both arguments are ignored.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    /// A controller without a nib.
    public convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// A controller from an archive; there are none here: a plain controller.
    public required init?(coder: NSCoder) {}

    /// Makes the root view: a view of `UIScreen.main.bounds`. Override to set `view` yourself.
    open func loadView() { view = UIView(frame: UIScreen.main.bounds) }

    /// Called once after the root view was made. Default: nothing.
    open func viewDidLoad() {}
    /// Called before the view appears. Default: nothing.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appeared. Default: nothing.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view disappears. Default: nothing.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view disappeared. Default: nothing.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the root view lays out its subviews. Default: nothing.
    open func viewWillLayoutSubviews() {}
    /// Called after the root view laid out its subviews. Default: nothing.
    open func viewDidLayoutSubviews() {}

    /// A finger touched down in the view. Default: nothing.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// Fingers moved. Default: nothing.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// Fingers lifted. Default: nothing.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// The system cancelled the touches. Default: nothing.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
