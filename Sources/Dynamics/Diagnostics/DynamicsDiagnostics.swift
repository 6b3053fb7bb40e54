import Foundation
public import Logging
import Synchronization

/// Where Dynamics reports refused input (see `DynamicsDiagnostic`).
///
/// Every diagnostic is
/// 1. logged with swift-log through `DynamicsDiagnostics.logger` (label "Dynamics", level warning; notice for
///    input that was accepted after a fix, such as a clockwise bounding path), then
/// 2. passed to the handler installed for the current task with `withHandler(_:_:)`, if any, then
/// 3. passed to the process-wide `handler`, if any.
///
/// All three are safe to use from any thread or task. Diagnostics are emitted on the main actor, synchronously,
/// from inside the call that received the bad value.
public enum DynamicsDiagnostics {
    /// A function that receives diagnostics.
    public typealias Handler = @Sendable (DynamicsDiagnostic) -> Void

    /// The swift-log logger diagnostics go to. Label "Dynamics".
    public static let logger = Logger(label: "Dynamics")

    /// The process-wide handler, called for every diagnostic after the task's scoped handler. Default nil.
    public static var handler: Handler? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// Runs `body` with `handler` receiving the diagnostics emitted by this task while `body` runs (in addition to
    /// the process-wide handler). Scoped handlers nest: the innermost one is used. Handy in tests, which run in
    /// parallel.
    public static func withHandler<R>(_ handler: @escaping Handler, _ body: () throws -> R) rethrows -> R {
        try $scopedHandler.withValue(handler, operation: body)
    }

    /// Async variant of `withHandler(_:_:)`.
    public static func withHandler<R>(_ handler: @escaping Handler, _ body: () async throws -> R) async rethrows -> R {
        try await $scopedHandler.withValue(handler, operation: body)
    }

    /// Sends a diagnostic to the logger and the handlers.
    static func report(_ kind: DynamicsDiagnostic.Kind, _ message: String) {
        let d = DynamicsDiagnostic(kind: kind, message: message)
        let level: Logger.Level = kind == .clockwiseBoundingPath ? .notice : .warning
        logger.log(level: level, "\(d.description)")
        scopedHandler?(d)
        storage.withLock { $0 }?(d)
    }

    @TaskLocal private static var scopedHandler: Handler?
    /// The process-wide handler behind a lock.
    private static let storage = Mutex<Handler?>(nil)
}
