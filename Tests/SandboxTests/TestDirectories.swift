import Foundation

/// Directories the sandbox tests write files into (recordings, tuned scenes, exported code): each a new one under
/// one directory of this test process in the system's temporary directory, which is removed when the process
/// exits, so a run of the tests leaves nothing behind.
enum TestDirectories {
    /// The test process's own directory, `swiftdynamics-sandbox-tests-<pid>` in the temporary directory.
    static let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("swiftdynamics-sandbox-tests-\(getpid())").path

    /// Registers the removal of `root` at the process's exit, once.
    private static let removalAtExit: Void = {
        atexit { try? FileManager.default.removeItem(atPath: TestDirectories.root) }
    }()

    /// A new, empty directory under `root` whose name starts with `prefix`; its path.
    static func make(_ prefix: String) -> String {
        _ = removalAtExit
        let dir = "\(root)/\(prefix)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}
